/**
 * The spreadsheet reader of the import routes (a worker pool of SPREADSHEET_THREADS at most; one
 * thread starts before listen outside tests), closed with the app. Logs why a file was refused as
 * corrupt: the client only gets the spec's message.
 */
import fp from 'fastify-plugin'
import { SpreadsheetReader } from '../src/spreadsheets/reader.js'
import { CorruptSpreadsheetError } from '../src/spreadsheets/errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    spreadsheets: SpreadsheetReader
  }
}

export default fp(async (app) => {
  const reader = new SpreadsheetReader({
    maxThreads: app.config.SPREADSHEET_THREADS > 0 ? app.config.SPREADSHEET_THREADS : undefined,
    onWorkerError: (err) => { app.log.error({ err }, 'spreadsheet worker lost; piscina replaces it') },
    onRead: (format, outcome) => { app.metrics.spreadsheetReads.inc({ format, outcome }) }
  })
  if (app.config.NODE_ENV !== 'test') reader.warm() // tests start threads on first use, as most never upload
  app.decorate('spreadsheets', reader)
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof CorruptSpreadsheetError) request.log.info({ reason: error.reason }, 'spreadsheet refused as corrupt')
  })
  app.addHook('onClose', async () => { await reader.close() })
}, { name: 'spreadsheets', dependencies: ['config', 'metrics'] })
