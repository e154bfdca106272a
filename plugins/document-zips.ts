/**
 * `reply.sendContractsZip(employees)` and `reply.sendAddendaZip(addenda)`: the streamed ZIP replies
 * of spec endpoint 4 and of the adendas (D22), one way for both (src/zip/documents-zip.ts does the
 * streaming). A batch the PDF pool cannot start is refused
 * with a 503 before any header goes out; otherwise the records are recorded in the registry (each
 * document's verification code, printed in its footer), the headers go out at once, records are rendered
 * in batches, two batches per PDF thread, a client that goes away stops the rendering, and the outcome is logged.
 * Each rendered document's SHA-256 is written to the registry HASHES_PER_WRITE at a time and at the
 * ZIP's end, never awaited by the stream: a write that fails is logged and counted
 * (`contratos_registry_hash_failures_total`), the ZIP goes on (docs/registry.md).
 */
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import { AppError, ServiceBusyError } from '../src/errors.js'
import { CONTRACT_MESSAGES, REGISTRY_MESSAGES } from '../schemas/messages.js'
import type { ImportedEmployee } from '../schemas/employee.js'
import type { AddendumRequest } from '../schemas/addendum.js'
import { fullName } from '../src/vocabulary/format.js'
import { todayInLima } from '../src/vocabulary/dates.js'
import { addendumEntryName, contentDisposition, safeFileName } from '../src/zip/names.js'
import { eachRecord, streamDocumentsZip, type RecordEntries } from '../src/zip/documents-zip.js'
import { ZIP_TUNING } from '../src/zip/tuning.js'
import { RegistryRefusal } from '../src/registry/registry.js'
import type { IssuedRecord } from '../src/registry/contracts.js'
import { codesOf, contractFacts, issuedAddendum, issuedContract } from '../src/issuing/issued-records.js'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { DocumentCodes } from '../src/documents/renderer.js'

/** What a kind of ZIP says about its records: the generic reply below takes it. */
interface DocumentsZipReply<T> {
  /** The download's file name (already safe), e.g. `contratos-22-11-2026.zip`. */
  fileName: string
  /**
   * A few records' entries, in order, or the Error of each record that failed (eachRecord() in
   * src/zip/documents-zip.ts); `signal` aborts when the client goes away (src/documents/pdf-pool.ts whenFree).
   */
  render: (records: ReadonlyArray<Issued<T>>, signal: AbortSignal) => Promise<RecordEntries[]>
  /** Records per render call (after the first, which has one); default 1. */
  batchSize?: number
  /** How errores.txt names a record (D19). */
  describe: (record: T) => string
  /** Fields that identify a record in the logs, e.g. `{dni}`. */
  logFields: (record: T) => Record<string, unknown>
  /** What the ZIP holds, for the logs: `contracts`, `addenda`. */
  kind: string
}

/** A record with the verification codes the registry gave its documents, in the order its entries come. */
interface Issued<T> { record: T, codes: readonly string[] }

/** Collects rendered documents' SHA-256 for the registry (hashWriter below). */
interface HashWriter {
  add: (code: string, sha256: string) => void
  /** The request is recorded: writes may begin (a code written before its document is recorded would be skipped). */
  recorded: () => void
  /** Writes what is left; resolves when every write is done (never rejects). */
  flush: () => Promise<void>
}

/**
 * Rendered documents whose SHA-256 is written to the registry in one statement. (500, one write at
 * a 50-employee ZIP's end, measured worse: the write then held the next request's recording in the
 * registry's thread.)
 */
export const HASHES_PER_WRITE = 100

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Records the contracts in the registry (one transaction, before the first byte: docs/registry.md),
     * then streams `contratos-DD-MM-YYYY.zip` (Lima's today), the contract, data notice and annex of
     * each employee, as this reply (200 `application/zip`, attachment; spec endpoint 4, D19).
     * @throws ServiceBusyError (503) when the PDF pool cannot take the batch's first wave;
     *   RegistryUnavailableError (503) when the registry cannot record them; AppError 409 when one
     *   overlaps a signed contract of its worker
     */
    sendContractsZip: (employees: readonly ImportedEmployee[]) => Promise<FastifyReply>
    /**
     * Records the adendas in the registry, then streams `adendas-DD-MM-YYYY.zip`, the adenda of each
     * record signed today in Lima (D22, §3).
     * @throws as sendContractsZip
     */
    sendAddendaZip: (addenda: readonly AddendumRequest[]) => Promise<FastifyReply>
  }
}

export default fp(async (app) => {
  const production = app.config.NODE_ENV === 'production'
  const pool = app.pdfPool
  /** Hash writes under way: closing the app waits for them (they are short, and the registry closes after). */
  const writing = new Set<Promise<void>>()
  app.addHook('onClose', async () => { await Promise.all(writing) })
  /**
   * Writes rendered documents' SHA-256 to the registry HASHES_PER_WRITE at a time (`flush()` writes the
   * rest), one write after the other, never awaited by the ZIP: a failure is logged and counted.
   */
  function hashWriter (log: FastifyBaseLogger): HashWriter {
    let pending: Array<{ code: string, sha256: string }> = []
    let writes = Promise.resolve()
    let recorded = false // documents rendered before the registry holds their codes wait for it
    let flushed = false // after the ZIP's end, a render still under way (a client gone) writes at once
    const write = () => {
      const hashes = pending
      pending = []
      if (hashes.length === 0) return writes
      const written = writes.then(async () => {
        try {
          await app.registry.run(async (registry) => await registry.recordHashes(hashes))
        } catch (error) {
          app.metrics.registryHashFailures.inc(hashes.length)
          log.warn({ err: error, documents: hashes.length }, 'contract registry: documents\' SHA-256 not recorded; their check answers sha256 null')
        }
      })
      writes = written
      writing.add(written)
      written.finally(() => { writing.delete(written) }).catch(() => {})
      return writes
    }
    return {
      add: (code, sha256) => {
        pending.push({ code, sha256 })
        if (recorded && (flushed || pending.length >= HASHES_PER_WRITE)) write().catch(() => {})
      },
      recorded: () => { recorded = true },
      flush: async () => {
        flushed = true
        await write()
      }
    }
  }

  /**
   * Starts rendering the ZIP of `records` into memory while the caller records them (up to
   * ZIP_TUNING.maxBufferedBytesBeforeSend, then ZIP_TUNING.maxBufferedBytes once sent); `send()` then
   * streams it as the reply, `abort()` drops it (nothing is sent, the renders under way finish and
   * are thrown away).
   */
  function startDocumentsZip<T> (
    reply: FastifyReply, records: ReadonlyArray<Issued<T>>, options: DocumentsZipReply<T>
  ): { send: () => FastifyReply, abort: () => void } {
    const { log } = reply.request
    const concurrency = ZIP_TUNING.inFlightPerThread * pool.threads
    const controller = new AbortController()
    const hashes = hashWriter(log)
    reply.clientGone().addEventListener('abort', () => { controller.abort() }, { once: true })
    let sent = false
    const { archive, done } = streamDocumentsZip(records, {
      // while the registry records the request, the documents render on into memory (bounded)
      maxBufferedBytes: () => sent ? ZIP_TUNING.maxBufferedBytes : ZIP_TUNING.maxBufferedBytesBeforeSend,
      render: async (batch) => {
        const results = await options.render(batch, controller.signal)
        results.forEach((entries, index) => {
          if (entries instanceof Error) return
          entries.forEach((entry, at) => {
            const code = batch[index].codes[at]
            if (code !== undefined && entry.sha256 !== undefined) hashes.add(code, entry.sha256)
          })
        })
        return results
      },
      batchSize: options.batchSize,
      describe: (issued) => options.describe(issued.record),
      concurrency,
      signal: controller.signal,
      onFailure: (issued, error) => {
        app.metrics.zipFailedEmployees.inc()
        log.error({ err: error, ...options.logFields(issued.record) }, `${options.kind} documents failed; listed in errores.txt`)
        return production
          ? CONTRACT_MESSAGES.zipFailureGeneric
          : CONTRACT_MESSAGES.zipFailureDetail((error as Error).message)
      }
    })
    done.then(async (result) => {
      if (!sent) return // refused before its first byte (not recorded): nothing was issued
      log.info({ records: records.length, ...result }, result.aborted ? `${options.kind} ZIP aborted by the client` : `${options.kind} ZIP written`)
      await hashes.flush()
    }).catch(() => {})
    return {
      abort: () => { controller.abort() },
      send: () => {
        sent = true
        hashes.recorded()
        // headers go out at once, before the first document is written (the client sees progress)
        reply.raw.once('pipe', () => { reply.raw.flushHeaders() })
        return reply
          .type('application/zip')
          .header('content-disposition', contentDisposition('attachment', options.fileName))
          .send(archive)
      }
    }
  }

  /**
   * Records `issued` (recordIssued) while the ZIP's first documents render, then sends the ZIP: its
   * first byte goes out once both are done, never before the registry holds what it issues
   * (docs/registry.md). A refusal (409, 503) drops what was rendered and is the reply instead.
   */
  async function recordAndSend<T> (
    reply: FastifyReply, issued: IssuedRecord[], records: ReadonlyArray<Issued<T>>, options: DocumentsZipReply<T>
  ): Promise<FastifyReply> {
    const zip = startDocumentsZip(reply, records, options)
    try {
      await recordIssued(reply.request, issued)
    } catch (error) {
      zip.abort()
      throw error
    }
    return zip.send()
  }

  /**
   * Refuses up front, before anything is recorded and any header goes out, when the pool cannot take
   * a batch's first wave. (How long it waited for room is bounded before: the route's admission,
   * plugins/admission.ts.)
   */
  function assertCapacity (records: number): void {
    if (pool.capacity < Math.min(records, ZIP_TUNING.inFlightPerThread * pool.threads)) throw new ServiceBusyError()
  }

  /**
   * Records what a request issues, before its first byte; a 409 when a record overlaps a contract that
   * binds its worker (docs/registry.md).
   */
  async function recordIssued (request: FastifyRequest, records: IssuedRecord[]): Promise<void> {
    try {
      await app.registry.run(async (registry) => await registry.recordIssued(records, {
        requestId: request.id, issuedBy: request.identity?.subject
      }))
    } catch (error) {
      if (!(error instanceof RegistryRefusal) || error.other === undefined) throw error
      const dni = error.dni ?? records.find((record) => record.worker.dni !== undefined)?.worker.dni ?? ''
      const { entryDate, endDate, status } = error.other
      throw new AppError(409, REGISTRY_MESSAGES.overlapsSigned(dni, entryDate, endDate, status), {
        code: 'CONTRATOS_REGISTRY_CONFLICT', data: { contract: error.other }
      })
    }
  }

  app.decorateReply('sendContractsZip', async function (this: FastifyReply, employees: readonly ImportedEmployee[]): Promise<FastifyReply> {
    assertCapacity(employees.length)
    const today = todayInLima()
    const sha256 = app.registry.templateSha256
    const profile = app.employerProfile
    const { issueCache } = app.employeeBodies
    const issued = employees.map((employee) => issuedContract(
      employee, issueCache.derived(employee, 'contract-facts', () => contractFacts(employee, profile)), profile, sha256, today
    ))
    const records = employees.map((record, index) => ({ record, codes: codesOf(issued[index]) }))
    return await recordAndSend(this, issued, records, {
      fileName: `contratos-${todayInLima().replaceAll('/', '-')}.zip`,
      // a few employees per worker task: one message each way for all of them (src/documents/pdf-pool.ts)
      batchSize: ZIP_TUNING.employeesPerTask,
      render: async (batch, signal) => {
        const codes = batch.map((issued) => issued.codes as DocumentCodes)
        return await pool.whenFree(async () => await pool.zipEntries(batch.map(({ record }) => record), codes), signal)
      },
      describe: (employee) => `${safeFileName(employee.dni)} (${fullName(employee)})`,
      logFields: (employee) => ({ dni: employee.dni }),
      kind: 'contracts'
    })
  })
  app.decorateReply('sendAddendaZip', async function (this: FastifyReply, addenda: readonly AddendumRequest[]): Promise<FastifyReply> {
    const signingDate = todayInLima() // the real day of signature (§3): the day the adenda is generated
    assertCapacity(addenda.length)
    const sha256 = app.registry.templateSha256
    const issued = addenda.map((addendum) => issuedAddendum(addendum, sha256, signingDate))
    const records = addenda.map((record, index) => ({ record, codes: codesOf(issued[index]) }))
    return await recordAndSend(this, issued, records, {
      fileName: `adendas-${signingDate.replaceAll('/', '-')}.zip`,
      render: async (batch, signal) => await eachRecord(async ({ record, codes: [code] }: Issued<AddendumRequest>) => {
        const adenda = await pool.whenFree(async () => await pool.issuedAddendum(record, signingDate, code), signal)
        return [{ name: addendumEntryName(record), parts: [adenda.pdf], sha256: adenda.sha256 }]
      })(batch),
      describe: (addendum) => `${safeFileName(addendum.documentNumber)} (${addendum.worker})`,
      logFields: (addendum) => ({ documentNumber: addendum.documentNumber }),
      kind: 'addenda'
    })
  })
}, { name: 'document-zips', dependencies: ['config', 'pdf-pool', 'employer-profile', 'metrics', 'registry', 'employee-bodies', 'reply-close'] })
