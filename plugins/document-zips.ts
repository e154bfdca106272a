/**
 * `reply.sendDocumentsZip(records, options)`: the streamed ZIP reply the contracts and the adendas
 * share (src/zip/documents-zip.ts does the streaming). A batch the PDF pool cannot start is refused
 * with a 503 before any header goes out; otherwise the headers go out at once, records are rendered
 * in batches, two batches per PDF thread, a client that goes away stops the rendering, and the outcome is logged.
 */
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import { ServiceBusyError } from '../src/errors.js'
import { CONTRACT_MESSAGES } from '../schemas/messages.js'
import { contentDisposition } from '../src/zip/names.js'
import { renderCalls, streamDocumentsZip, type RecordEntries } from '../src/zip/documents-zip.js'
import { ZIP_TUNING } from '../src/zip/tuning.js'

export interface DocumentsZipReply<T> {
  /** The download's file name (already safe), e.g. `contratos-22-11-2026.zip`. */
  fileName: string
  /**
   * A few records' entries, in order, or the Error of each record that failed (eachRecord() in
   * src/zip/documents-zip.ts); `signal` aborts when the client goes away (src/documents/pdf-pool.ts whenFree).
   */
  render: (records: readonly T[], signal: AbortSignal) => Promise<RecordEntries[]>
  /** Records per render call (after the first, which has one); default 1. */
  batchSize?: number
  /** How errores.txt names a record (D19). */
  describe: (record: T) => string
  /** Fields that identify a record in the logs, e.g. `{dni}`. */
  logFields: (record: T) => Record<string, unknown>
  /** What the ZIP holds, for the logs: `contracts`, `addenda`. */
  kind: string
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Streams the ZIP of `records` as this reply (200 `application/zip`, attachment).
     * @throws ServiceBusyError (503) when the PDF pool cannot take the batch's first wave
     */
    sendDocumentsZip: <T>(records: readonly T[], options: DocumentsZipReply<T>) => FastifyReply
  }
}

export default fp(async (app) => {
  const production = app.config.NODE_ENV === 'production'
  app.decorateReply('sendDocumentsZip', function <T> (this: FastifyReply, records: readonly T[], options: DocumentsZipReply<T>): FastifyReply {
    const reply = this
    const { log } = reply.request
    const pool = app.pdfPool
    const concurrency = ZIP_TUNING.inFlightPerThread * pool.threads
    // Refuse up front, before any header goes out, when the pool cannot take this batch's first wave.
    if (pool.capacity < Math.min(records.length, concurrency)) throw new ServiceBusyError()
    // QUEUE_MAX_WAIT_MS: once, up front, against the work already admitted; then this ZIP's render
    // calls count as work ahead of later requests until each is given or the ZIP ends
    const reservation = pool.reserve(renderCalls(records.length, options.batchSize))
    const controller = new AbortController()
    reply.raw.on('close', () => { if (!reply.raw.writableFinished) controller.abort() })
    const { archive, done } = streamDocumentsZip(records, {
      render: async (batch) => {
        reservation.take()
        return await options.render(batch, controller.signal)
      },
      batchSize: options.batchSize,
      describe: options.describe,
      concurrency,
      signal: controller.signal,
      onFailure: (record, error) => {
        app.metrics.zipFailedEmployees.inc()
        log.error({ err: error, ...options.logFields(record) }, `${options.kind} documents failed; listed in errores.txt`)
        return production
          ? CONTRACT_MESSAGES.zipFailureGeneric
          : CONTRACT_MESSAGES.zipFailureDetail((error as Error).message)
      }
    })
    done.finally(reservation.release).catch(() => {})
    done.then((result) => {
      log.info({ records: records.length, ...result }, result.aborted ? `${options.kind} ZIP aborted by the client` : `${options.kind} ZIP written`)
    })
    // Headers go out at once, before the first document is rendered (the client sees progress).
    reply.raw.once('pipe', () => { reply.raw.flushHeaders() })
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition('attachment', options.fileName))
      .send(archive)
  })
}, { name: 'document-zips', dependencies: ['config', 'pdf-pool', 'metrics'] })
