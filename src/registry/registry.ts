/**
 * The contract registry (docs/registry.md; LPCL art. 74; DOCUMENT-REQUIREMENTS §32): every contract
 * and adenda the service issues, with the facts its document printed and each document's
 * verification code; the status HR marks (`issued` → `signed`, or `superseded` by a corrected
 * reprint); and the earlier contracts HR enters once. Plain data in and out, no Fastify: the plugin
 * (plugins/registry.ts) gives it to the routes as `app.registry`.
 *
 * A facade: each table's queries are in its module (workers.ts, contracts.ts, documents.ts,
 * history.ts, cause-reviews.ts; expiring.ts joins two), the legal rules plain functions in
 * contract-rules.ts and history-rules.ts; this class opens the transactions and takes the workers'
 * row locks. Dates cross this boundary as `DD/MM/YYYY` (Lima's calendar dates,
 * src/vocabulary/dates.ts) and are stored as SQL dates; amounts are soles.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { RegistryDb, RegistryTables } from './tables.js'
import { historyOutcome, type LinkedContract, type WorkerTerm } from './history-rules.js'
import type { RecordedForAddendum } from './from-contract.js'
import {
  extendableByWorker, longestEnd, planIssue, signedOverlap, signingHistoryNeed, signingOutcome, type ExtendableContract
} from './contract-rules.js'
import {
  deleteAddendaEndedBefore, deleteContractsEndedBefore, insertIssued, selectContractForAddendum,
  selectContractsForAddenda, selectContractWorker,
  selectLastAddendum, selectLinkedContracts, selectLiveTerms, selectRecordedContract, selectSigningState,
  selectWorkerContracts, toContractRow, updateSigned, type IssueContext, type IssuedRecord, type RecordedContract
} from './contracts.js'
import { renewalOrder, selectExpiring, type ExpiringContract } from './expiring.js'
import {
  deleteHistoryEndedBefore, deleteHistoryEntry, insertHistory, insertHistoryDeletion, selectHeldHistory, selectHistory,
  selectHistoryDeletions, selectWorkerTerms, toHistoryRow, unheldEntries, type HistoryEntry, type RecordedHistoryEntry
} from './history.js'
import {
  deleteWorkersWithNothing, insertWorkerIfAbsent, lockWorkers, selectFirstEntries, selectNamedWorkers,
  upsertIssuedWorkers, upsertWorkerNames, type NamedWorker
} from './workers.js'
import { CauseRegistry } from './cause-reviews.js'
import { eraseDeleted } from './erasure.js'
import { verificationCode } from './verification-codes.js'
import { todayInLima } from '../vocabulary/dates.js'
import { selectDocumentCheck, toDocumentRow, type DocumentCheck } from './documents.js'

/** A term of the worker's that a refusal names: `id`, `DD/MM/YYYY` dates. */
export interface RefusedTerm { id: string, entryDate: string, endDate: string }

/**
 * A refusal the registry's state causes, answered by the error handler (plugins/errors.ts): 409
 * (`conflict`: a contract being issued overlaps a signed contract of its worker, or one being marked
 * signed at the same time, `other`; `signConflict`: marking signed a term another signed contract
 * overlaps, `other`; `signedOn`: already marked signed on another day, `date`; `superseded`: marking
 * signed a contract a corrected reprint replaced, `other` the reprint; `history`: marking signed a
 * term the history rules refuse, `issues`: LPCL art. 74, Reglamento art. 16), 404 (`missing`) or 400
 * (`beforeSigning`: a signing date before the one the document printed, `date`; `afterToday`: a signing
 * date after today in Lima, `date` today). `dni` names the
 * worker whenever the registry knows it (the audit trail records it).
 */
export class RegistryRefusal extends Error {
  readonly reason: 'conflict' | 'signConflict' | 'missing' | 'signedOn' | 'beforeSigning' | 'afterToday' | 'superseded' | 'history'
  /** The term in the way (`conflict`, `signConflict`), or the reprint (`superseded`). */
  readonly other?: RefusedTerm
  /** The worker concerned. */
  readonly dni?: string
  /** `DD/MM/YYYY`: the day marked (`signedOn`), the signing date printed (`beforeSigning`), today (`afterToday`). */
  readonly date?: string
  /** The history rules' refusals (`history`): field (`endDate`, `endAddendum`, `probationaryPeriod`), message. */
  readonly issues?: ReadonlyArray<{ field: string, message: string }>
  constructor (
    reason: RegistryRefusal['reason'],
    details: { other?: RefusedTerm, dni?: string, date?: string, issues?: RegistryRefusal['issues'] } = {}
  ) {
    super(reason === 'missing'
      ? 'no such contract'
      : reason.endsWith('onflict') ? 'overlaps a signed contract' : reason === 'superseded' ? 'superseded by a reprint' : `signing: ${reason}`)
    this.name = 'RegistryRefusal'
    this.reason = reason
    this.other = details.other
    this.dni = details.dni
    this.date = details.date
    this.issues = details.issues
  }
}

/** The registry over one open database. */
export class Registry {
  readonly #db: Kysely<RegistryTables>
  constructor (db: Kysely<RegistryTables>) {
    this.#db = db
  }

  /** The causes counsel reviews (cause-reviews.ts). */
  get causes (): CauseRegistry {
    return new CauseRegistry(this.#db)
  }

  /**
   * Records a request's contracts and adendas in one transaction: upserts each worker, supersedes
   * the worker's earlier contracts that are only `issued` and overlap the new term (a corrected
   * reprint), and gives each document a verification code; with their PDFs' SHA-256 when given.
   * @returns per record, in order, its id and its documents' codes
   * @throws RegistryRefusal (`conflict`) when a record overlaps a `signed` contract of its worker;
   *   nothing of the request is recorded then
   */
  async recordIssued (
    records: readonly IssuedRecord[], context: IssueContext
  ): Promise<Array<{ id: string, codes: string[] }>> {
    if (records.length === 0) return []
    // three statements for the whole request, whatever its size (a ZIP's central directory waits for them)
    return await this.#db.transaction().execute(async (trx) => {
      // the upsert locks each worker's row, in DNI order: one writer per worker at a time
      const dnis = await upsertIssuedWorkers(trx, records.map((record) => record.worker))
      const plan = planIssue(records, await selectLiveTerms(trx, dnis), randomUUID)
      if ('conflict' in plan) {
        const { id, entryDate, endDate, dni } = plan.conflict
        throw new RegistryRefusal('conflict', { other: { id, entryDate, endDate }, dni })
      }
      const codes = records.map((record) => record.documents.map((document) => document.code ?? verificationCode()))
      const contracts = plan.planned.map((term, index) => toContractRow(records[index], term, context))
      const documents = plan.planned.flatMap((term, index) =>
        records[index].documents.map((document, at) => toDocumentRow(term.id, codes[index][at], document)))
      await insertIssued(trx, contracts, documents, plan.superseded)
      return plan.planned.map((term, index) => ({ id: term.id, codes: codes[index] }))
    })
  }

  /**
   * What recordIssued would refuse, read without writing or locking (one statement): the ZIP's
   * check before its first byte, so that a conflict is a clean 409. recordIssued checks again under
   * the workers' locks when it records.
   * @throws RegistryRefusal (`conflict`) as recordIssued
   */
  async checkIssue (records: readonly IssuedRecord[]): Promise<void> {
    const dnis = [...new Set(records.map((record) => record.worker.dni))]
    const plan = planIssue(records, await selectLiveTerms(this.#db, dnis), randomUUID)
    if ('conflict' in plan) {
      const { id, entryDate, endDate, dni } = plan.conflict
      throw new RegistryRefusal('conflict', { other: { id, entryDate, endDate }, dni })
    }
  }

  /**
   * A document by its verification code (`XXXX-XXXX`, parseVerificationCode), as its public check shows it.
   * @returns undefined for a code the registry does not hold (never issued, or deleted with its contract)
   */
  async documentByCode (code: string): Promise<DocumentCheck | undefined> {
    return await selectDocumentCheck(this.#db, code)
  }

  /**
   * Marks a recorded contract or adenda `signed` on `signedOn` (`DD/MM/YYYY`) by `signedBy` (the
   * identity's subject; recorded with the time); marking it again on the same day changes nothing.
   * Race-free (docs/registry.md): the worker's row is locked first, as recordIssued locks it, and the
   * contract is read again under the lock, so of a mark and a reprint, or of two marks, one wins and
   * the other sees it. The history rules (history-rules.ts: art. 74's five years, the modality's
   * maximum, a probation already served) count the worker's signed terms and entered history plus
   * this one, as issuing does.
   * @param today `DD/MM/YYYY` in Lima (default: now)
   * @returns the contract as recorded, and its worker's DNI
   * @throws RegistryRefusal `missing` for an unknown id; `afterToday` for a date after `today`;
   *   `superseded` (the reprint) for one a reprint replaced; `signConflict` when another signed contract
   *   of the worker overlaps it; `signedOn` when it is already marked signed on another day;
   *   `beforeSigning` when `signedOn` is before the signing date its document printed; `history` when
   *   the history rules refuse it
   */
  async markSigned (
    id: string, signedOn: string, signedBy?: string, today = todayInLima()
  ): Promise<{ contract: RecordedContract, dni: string }> {
    return await this.#db.transaction().execute(async (trx) => {
      const dni = await selectContractWorker(trx, id)
      if (dni === undefined) throw new RegistryRefusal('missing')
      // the worker's row lock, then the contract read again: a reprint or a mark committed meanwhile is seen
      await lockWorkers(trx, [dni])
      const found = await selectSigningState(trx, id)
      const outcome = signingOutcome(found, signedOn, today)
      if (typeof outcome === 'object') {
        const details = 'by' in outcome ? { other: outcome.by } : 'date' in outcome ? { date: outcome.date } : {}
        throw new RegistryRefusal(outcome.refusal, { ...details, dni })
      }
      if (outcome === 'sign' && found !== undefined) {
        const other = signedOverlap(await selectLiveTerms(trx, [dni]), found, id)
        if (other !== undefined) {
          throw new RegistryRefusal('signConflict', { other: { id: other.id, entryDate: other.entryDate, endDate: other.endDate }, dni })
        }
        const terms = (await selectWorkerTerms(trx, [dni])).get(dni) ?? []
        const { issues } = historyOutcome(signingHistoryNeed(found), terms)
        if (issues.length > 0) throw new RegistryRefusal('history', { issues, dni })
        // `where status = 'issued'`: under the lock it always is; a row count of 0 would be a bug, not a race
        if (!await updateSigned(trx, id, signedOn, signedBy ?? null)) throw new Error(`contract ${id} changed under its worker's lock`)
      }
      return { contract: await selectRecordedContract(trx, id) as RecordedContract, dni }
    })
  }

  /** The worker's recorded contracts and adendas, oldest first (superseded ones included, so marked). */
  async workerContracts (dni: string): Promise<RecordedContract[]> {
    return await selectWorkerContracts(this.#db, dni)
  }

  /**
   * Adds earlier contracts of a worker that the service did not issue. The worker must be known by
   * name, so a first entry comes with them.
   * @returns the worker's whole entered history, oldest first
   */
  async addHistory (
    worker: NamedWorker, entries: readonly HistoryEntry[], enteredBy?: string
  ): Promise<RecordedHistoryEntry[]> {
    return await this.#db.transaction().execute(async (trx) => {
      await insertWorkerIfAbsent(trx, worker)
      // the worker's row lock: a mark being judged on this worker's history sees the entries, or runs after them
      await lockWorkers(trx, [worker.dni])
      await insertHistory(trx, entries.map((entry) => toHistoryRow(worker.dni, entry, enteredBy)))
      return await this.history(worker.dni, trx)
    })
  }

  /**
   * The DNIs of `dnis` the registry knows by name (a worker row with names): whose history may be
   * entered without them (the upload's HISTORIAL sheet, docs/import.md).
   */
  async namedWorkers (dnis: readonly string[]): Promise<Set<string>> {
    if (dnis.length === 0) return new Set()
    return await selectNamedWorkers(this.#db, [...new Set(dnis)])
  }

  /**
   * Adds several workers' earlier contracts in one transaction (the upload's HISTORIAL sheet,
   * docs/import.md): each worker is created with the names given, or given them when the registry
   * has none (names the service printed are kept); an entry equal to one the worker already has
   * (modality, dates, position, probation) is not added again, so uploading a file twice records
   * its history once. Rows of the workers are locked in DNI order, as recordIssued locks them.
   * @returns the entries added (those already held not counted)
   */
  async addHistories (
    workers: ReadonlyArray<{ worker: NamedWorker, entries: readonly HistoryEntry[] }>, enteredBy?: string
  ): Promise<number> {
    if (workers.length === 0) return 0
    return await this.#db.transaction().execute(async (trx) => {
      const dnis = [...new Set(workers.map(({ worker }) => worker.dni))].sort()
      await upsertWorkerNames(trx, workers.map(({ worker }) => worker))
      await lockWorkers(trx, dnis)
      const given = workers.map(({ worker, entries }) => ({ dni: worker.dni, entries }))
      const rows = unheldEntries(await selectHeldHistory(trx, dnis), given)
        .map(({ dni, entry }) => toHistoryRow(dni, entry, enteredBy))
      if (rows.length > 0) await insertHistory(trx, rows)
      return rows.length
    })
  }

  /**
   * Deletes one entry of a worker's history (entered by mistake), recording who deleted it and when
   * (`history_deletions`: the entry's id and worker, never its content); the table is then rewritten
   * so no copy of the entry stays readable in the database's files (erasure.ts eraseDeleted).
   * @param deletedBy the identity's subject (AUTH_MODE=oidc), else undefined
   * @returns the worker's remaining history, oldest first; undefined when the worker has no entry `id`
   */
  async deleteHistory (dni: string, id: string, deletedBy?: string): Promise<RecordedHistoryEntry[] | undefined> {
    const history = await this.#db.transaction().execute(async (trx) => {
      await lockWorkers(trx, [dni])
      if (!await deleteHistoryEntry(trx, dni, id)) return undefined
      await insertHistoryDeletion(trx, { historyId: id, dni, deletedBy })
      return await this.history(dni, trx)
    })
    if (history !== undefined) await eraseDeleted(this.#db, ['history'])
    return history
  }

  /** Who deleted which of the worker's history entries and when (ISO 8601), oldest first; their content is erased. */
  async historyDeletions (dni: string): Promise<Array<{ id: string, deletedBy: string | null, deletedAt: string }>> {
    return await selectHistoryDeletions(this.#db, dni)
  }

  /** The worker's entered history, oldest first (`db`: a transaction open on the registry's database). */
  async history (dni: string, db: RegistryDb = this.#db): Promise<RecordedHistoryEntry[]> {
    return await selectHistory(db, dni)
  }

  /**
   * Contracts whose term, with their adendas, ends between `from` and `to` (`DD/MM/YYYY`,
   * inclusive): the renewals HR must decide before the end (LPCL art. 77 a: a contract worked past its
   * end without a written adenda becomes indefinite). Signed ones first, then by end date.
   */
  async expiring (from: string, to: string): Promise<ExpiringContract[]> {
    const contracts = await selectExpiring(this.#db, from, to)
    const firsts = await selectFirstEntries(this.#db, [...new Set(contracts.map((contract) => contract.dni))])
    return contracts.map((contract) => {
      const firstEntryDate = firsts.get(contract.dni) ?? contract.entryDate
      const longest = longestEnd(contract.modality, contract.entryDate, firstEntryDate, contract.absenceTo)
      return { ...contract, firstEntryDate, longestEnd: longest }
    }).sort(renewalOrder)
  }

  /**
   * The recorded contracts of these workers that an adenda may extend (not superseded), each with
   * the ends an adenda of it starts after: what an adendas sheet's row names by DNI and FECHA FIN
   * (contractExtendedBy), so that neither the contract nor the cause it printed is asked of HR again
   * (DOCUMENT-REQUIREMENTS §21, §28).
   * @returns by DNI, newest contract first
   */
  async extendableContracts (dnis: readonly string[]): Promise<Map<string, ExtendableContract[]>> {
    if (dnis.length === 0) return new Map()
    return extendableByWorker(await selectLiveTerms(this.#db, [...new Set(dnis)]))
  }

  /**
   * extendableContracts, each contract with what an adenda repeats of it (`recorded`, as
   * contractForAddendum gives it): an adendas sheet's row that gives only the DNI and the new end
   * takes the rest from it (docs/import.md, "Adendas from the registry"). Four queries whatever the rows.
   * @returns by DNI, newest contract first
   */
  async extendableContractsWithFacts (dnis: readonly string[]): Promise<Map<string, ExtendableContract[]>> {
    const byWorker = await this.extendableContracts(dnis)
    const ids = [...byWorker.values()].flatMap((contracts) => contracts.map((contract) => contract.id))
    const found = await selectContractsForAddenda(this.#db, ids)
    const firsts = await selectFirstEntries(this.#db, [...byWorker.keys()])
    for (const contracts of byWorker.values()) {
      for (const contract of contracts) {
        const facts = found.get(contract.id)
        if (facts === undefined) continue
        const { dni, last, ...kept } = facts
        contract.recorded = {
          ...kept,
          salary: last?.salary ?? kept.salary,
          lastEnd: last?.endDate ?? kept.endDate,
          firstEntryDate: firsts.get(dni) ?? kept.entryDate
        }
      }
    }
    return byWorker
  }

  /**
   * Deletes what the registry keeps beyond its retention (Ley 29733 art. 8; docs/registry.md):
   * contracts and adendas whose term ended before `before` (`DD/MM/YYYY`) with their documents,
   * entered history that ended before it, and workers left with nothing (with their history
   * deletions); then, when anything was deleted, rewrites those tables so no copy stays readable in
   * the database's files (erasure.ts eraseDeleted).
   * @returns how many contracts and history entries were deleted, and whether the write-ahead log
   *   was cleared too (`walCleared`: false when nothing was deleted, or the server refused it)
   */
  async purgeEndedBefore (before: string): Promise<{ contracts: number, history: number, walCleared: boolean }> {
    const deleted = await this.#db.transaction().execute(async (trx) => {
      // adendas first (they reference their contract), then contracts no live adenda extends
      const addenda = await deleteAddendaEndedBefore(trx, before)
      const contracts = await deleteContractsEndedBefore(trx, before)
      const history = await deleteHistoryEndedBefore(trx, before)
      const workers = await deleteWorkersWithNothing(trx)
      return { contracts: addenda + contracts, history, workers }
    })
    const { workers, ...counts } = deleted
    if (counts.contracts + counts.history + workers === 0) return { ...counts, walCleared: false }
    const { walCleared } = await eraseDeleted(this.#db, ['documents', 'contracts', 'history', 'history_deletions', 'workers'])
    return { ...counts, walCleared }
  }

  /**
   * The terms that count for the history rules (history-rules.ts), by DNI: each worker's `signed`
   * contracts and adendas and the history HR entered. Workers without any are absent.
   */
  async workerTerms (dnis: readonly string[]): Promise<Map<string, WorkerTerm[]>> {
    return await selectWorkerTerms(this.#db, [...new Set(dnis)])
  }

  /**
   * A recorded contract as an adenda is built from it: the record its documents were drawn from, its
   * term and signing date, and the end and salary in force: its last adenda's when it has any (the
   * one with the latest end), else its own.
   * @returns undefined for an unknown id, an adenda's id or a superseded contract
   */
  async contractForAddendum (id: string): Promise<RecordedForAddendum | undefined> {
    const found = await selectContractForAddendum(this.#db, id)
    if (found === undefined) return undefined
    const { dni, ...contract } = found
    const last = await selectLastAddendum(this.#db, id)
    const firsts = await selectFirstEntries(this.#db, [dni])
    return {
      ...contract,
      salary: last?.salary ?? contract.salary,
      lastEnd: last?.endDate ?? contract.endDate,
      firstEntryDate: firsts.get(dni) ?? contract.entryDate
    }
  }

  /**
   * The recorded contracts (not adendas, not superseded) among `ids`, for the adendas that name them
   * (history-rules.ts linkedContractIssues).
   * @returns by id; an id the registry does not hold is absent
   */
  async contractsByIds (ids: readonly string[]): Promise<Map<string, LinkedContract>> {
    if (ids.length === 0) return new Map()
    return await selectLinkedContracts(this.#db, [...new Set(ids)])
  }

  /** One round trip: resolves when the database answers. */
  async ping (): Promise<void> {
    await sql`select 1`.execute(this.#db)
  }
}
