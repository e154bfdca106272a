/**
 * `reply.sendContractsZip(employees)` and `reply.sendAddendaZip(addenda)`: the streamed ZIP replies
 * of spec endpoint 4 and of the adendas (D22), one way for both (src/zip/documents-zip.ts does the
 * streaming). A batch the PDF pool cannot start is refused with a 503 before any header goes out, and
 * so is one the registry refuses (409) or cannot read (503): Registry.checkIssue over the one read the
 * body's history rules made (`request.issueState`, plugins/employee-bodies.ts).
 * Then the headers go out at once and the records render in batches, two per PDF thread, each
 * document with the verification code printed in its footer; a client that goes away stops the
 * rendering. Once every entry is out, the records written whole are recorded, with their documents'
 * codes and SHA-256, in one transaction committed before the central directory is sent; when it fails
 * (a fault, or a worker signed or reissued meanwhile) the ZIP is cut there, logged and counted
 * (`contratos_zip_unrecorded_total`): a client never holds a complete ZIP that is not recorded
 * (docs/registry.md).
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
import type { FastifyRequest } from 'fastify'
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

/**
 * A record, what the registry records of it, and its documents' verification codes in the order its
 * entries come (codesOf(issued)).
 */
interface Issued<T> { record: T, issued: IssuedRecord, codes: readonly string[] }

/** `records` each with its IssuedRecord (same order) and their codes. */
function withCodes<T> (records: readonly T[], issued: readonly IssuedRecord[]): Array<Issued<T>> {
  return records.map((record, index) => ({ record, issued: issued[index], codes: codesOf(issued[index]) }))
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Streams `contratos-DD-MM-YYYY.zip` (Lima's today), the contract, data notice and annex of each
     * employee, as this reply (200 `application/zip`, attachment; spec endpoint 4, D19), recorded in the
     * registry in one transaction before its central directory (docs/registry.md).
     * @throws ServiceBusyError (503) when the PDF pool cannot take the batch's first wave;
     *   RegistryUnavailableError (503) when the registry cannot record them; AppError 409 when one
     *   overlaps a signed contract of its worker
     */
    sendContractsZip: (employees: readonly ImportedEmployee[]) => Promise<FastifyReply>
    /**
     * Streams `adendas-DD-MM-YYYY.zip`, recorded as the contracts' ZIP is, the adenda of each
     * record signed today in Lima (D22, §3).
     * @throws as sendContractsZip
     */
    sendAddendaZip: (addenda: readonly AddendumRequest[]) => Promise<FastifyReply>
  }
}

export default fp(async (app) => {
  const production = app.config.NODE_ENV === 'production'
  const pool = app.pdfPool

  /**
   * Starts rendering the ZIP of `records` as the reply: the headers go out at once, the entries as
   * they render, and `issued` (those written whole, with their documents' SHA-256) is recorded
   * before the central directory; a failed record cuts the ZIP there (src/zip/documents-zip.ts).
   */
  function sendDocumentsZip<T> (
    reply: FastifyReply, records: ReadonlyArray<Issued<T>>, options: DocumentsZipReply<T>
  ): FastifyReply {
    const { log } = reply.request
    const concurrency = ZIP_TUNING.inFlightPerThread * pool.threads
    const controller = new AbortController()
    reply.clientGone().addEventListener('abort', () => { controller.abort() }, { once: true })
    const { archive, done } = streamDocumentsZip(records, {
      render: async (batch) => {
        const results = await options.render(batch, controller.signal)
        // each rendered document's SHA-256 (hex) onto its record's document (its entries come in its documents' order)
        results.forEach((entries, index) => {
          if (entries instanceof Error) return
          const { documents } = batch[index].issued
          entries.forEach((entry, at) => {
            if (documents[at] !== undefined && entry.sha256 !== undefined) documents[at].sha256 = entry.sha256
          })
        })
        return results
      },
      beforeDirectory: async (written) => {
        try {
          await recordIssued(reply.request, written.map(({ issued }) => issued))
        } catch (error) {
          app.metrics.zipUnrecorded.inc()
          // warn: the fault itself is logged (once a minute) by the registry; this is its request's outcome
          log.warn({ err: error, records: written.length }, `${options.kind} ZIP cut before its central directory: the registry did not record it`)
          throw error
        }
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
    done.then((result) => {
      if (result.cut === true) return // logged above
      log.info({ records: records.length, ...result }, result.aborted ? `${options.kind} ZIP aborted by the client` : `${options.kind} ZIP written`)
    }, () => {})
    // headers go out at once, before the first document is written (the client sees progress)
    reply.raw.once('pipe', () => { reply.raw.flushHeaders() })
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition('attachment', options.fileName))
      .send(archive)
  }

  /**
   * Checks `issued` against the registry (a 409 or a 503 while nothing is sent), then sends the ZIP,
   * which records them before its central directory. The check reads what the body's history rules
   * read (`request.issueState`, one statement before the first byte), or the registry when they could not.
   */
  async function checkAndSend<T> (
    reply: FastifyReply, records: ReadonlyArray<Issued<T>>, options: DocumentsZipReply<T>
  ): Promise<FastifyReply> {
    const issued = records.map((record) => record.issued)
    const { issueState } = reply.request
    await registryRefusals(issued, async () => {
      // the read the body's history rules made (plugins/employee-bodies.ts) serves: no statement then
      await app.registry.run(async (registry) => { await registry.checkIssue(issued, todayInLima(), issueState) })
    })
    reply.request.issueState = undefined // its rows are not held while the ZIP streams
    return sendDocumentsZip(reply, records, options)
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
   * Records what a request issued (before its ZIP's central directory); the refusals as checkAndSend's:
   * a 409 when a record overlaps a contract that binds its worker (docs/registry.md).
   */
  async function recordIssued (request: FastifyRequest, records: IssuedRecord[]): Promise<void> {
    await registryRefusals(records, async () => {
      await app.registry.run(async (registry) => await registry.recordIssued(records, {
        requestId: request.id, issuedBy: request.identity?.subject
      }))
    })
  }

  /** Runs `work`, a RegistryRefusal for an overlap with a signed contract made the 409 HR reads. */
  async function registryRefusals (records: readonly IssuedRecord[], work: () => Promise<void>): Promise<void> {
    try {
      await work()
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
    return await checkAndSend(this, withCodes(employees, issued), {
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
    return await checkAndSend(this, withCodes(addenda, issued), {
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
