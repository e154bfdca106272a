/**
 * The spreadsheet reader of the import routes (SPREADSHEET_THREADS child processes at most; one
 * starts before listen outside tests), closed with the app. Logs why a file was refused as corrupt:
 * the client only gets the spec's message. `reply.clientGone()` is the signal that drops a read
 * whose client has left (docs/import.md, "The reader's processes").
 */
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import { SpreadsheetReader } from '../src/spreadsheets/reader.js'
import { CorruptSpreadsheetError } from '../src/spreadsheets/errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    spreadsheetPool: SpreadsheetReader
  }
  interface FastifyReply {
    /** An AbortSignal that aborts if the client closes the connection before this reply is sent. */
    clientGone: () => AbortSignal
  }
}

export default fp(async (app) => {
  const reader = new SpreadsheetReader({
    maxThreads: app.config.SPREADSHEET_THREADS > 0 ? app.config.SPREADSHEET_THREADS : undefined,
    onWorkerError: (err) => { app.log.error({ err }, 'spreadsheet reader process died; replaced') },
    onRead: (format, outcome) => { app.metrics.spreadsheetReads.inc({ format, outcome }) }
  })
  if (app.config.NODE_ENV !== 'test') reader.warm() // tests start threads on first use, as most never upload
  app.decorate('spreadsheetPool', reader)
  app.decorateReply('clientGone', function (this: FastifyReply): AbortSignal {
    const controller = new AbortController()
    const raw = this.raw
    raw.once('close', () => { if (!raw.writableFinished) controller.abort() })
    return controller.signal
  })
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof CorruptSpreadsheetError) request.log.info({ reason: error.reason }, 'spreadsheet refused as corrupt')
  })
  app.addHook('onClose', async () => { await reader.close() })
}, { name: 'spreadsheet-pool', dependencies: ['config', 'metrics'] })
