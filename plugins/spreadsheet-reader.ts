/**
 * The spreadsheet reader of the import routes (SPREADSHEET_PROCESSES child processes at most, each
 * read killed past SPREADSHEET_READ_TIMEOUT_MS; one starts at start-up outside tests, and readiness
 * waits for it to be ready), closed with the app. Logs why a file was refused as corrupt: the client
 * only gets the spec's message. `reply.clientGone()` is the signal that drops a read whose client has
 * left (plugins/reply-close.ts; docs/import.md, "The reader's processes").
 */
import fp from 'fastify-plugin'
import { SpreadsheetReader } from '../src/spreadsheets/reader.js'
import { CorruptSpreadsheetError } from '../src/spreadsheets/errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The upload reader: SheetJS and the CSV parser in child processes (src/spreadsheets/reader.ts). */
    spreadsheetReader: SpreadsheetReader
  }
}

export default fp(async (app) => {
  const reader = new SpreadsheetReader({
    maxProcesses: app.config.spreadsheetProcesses > 0 ? app.config.spreadsheetProcesses : undefined,
    timeoutMs: app.config.SPREADSHEET_READ_TIMEOUT_MS,
    onWorkerError: (err) => { app.log.error({ err }, 'spreadsheet reader process died; replaced') },
    onRead: (format, outcome) => { app.metrics.spreadsheetReads.inc({ format, outcome }) }
  })
  if (app.config.NODE_ENV !== 'test') reader.warm() // tests start a process on first use, as most never upload
  app.decorate('spreadsheetReader', reader)
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof CorruptSpreadsheetError) request.log.info({ reason: error.reason }, 'spreadsheet refused as corrupt')
  })
  app.addHook('onClose', async () => { await reader.close() })
}, { name: 'spreadsheet-reader', dependencies: ['config', 'metrics', 'reply-close'] })
