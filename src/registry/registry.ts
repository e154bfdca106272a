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
import { isoDate, type RegistryDb, type RegistryTables } from './tables.js'
import { historyOutcome } from './history-rules.js'
import type { RecordedForAddendum } from './from-contract.js'
import {
  bindingOverlap, extendableByWorker, longestEnd, planIssue, signingHistoryNeed, signingOutcome,
  type ExtendableContract, type LiveTerm, type SigningState
} from './contract-rules.js'
import {
  deleteAddendaEndedBefore, deleteContractsEndedBefore, insertIssued, selectContractForAddendum,
  selectContractsForAddenda, selectContractWorker,
  selectLastAddendum, selectListedContracts, selectLiveTerms, selectRecordedContract,
  selectSigningState, selectStartedUnsigned, selectWorkerContracts, toContractRow, updateSigned, updateStatus,
  type ContractFilter, type IssueContext, type IssuedRecord, type ListedContract, type RecordedContract
} from './contracts.js'
import { insertEvents, selectEvents, type RecordedEvent } from './contract-events.js'
import { insertScans, selectScan, selectScanKinds, undoScans, type ScanUpload, type StoredScan } from './scans.js'
import { endingOutcome, unsigningOutcome, withdrawalOutcome, type ChangeRefusal } from './statuses.js'
import type { ContractStatus, ScanKind } from './tables.js'
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
import { SigningStore } from './signing.js'
import { eraseDeleted } from './erasure.js'
import { verificationCode } from './verification-codes.js'
import { dayMonthYearKey, todayInLima } from '../vocabulary/dates.js'
import { selectDocumentCheck, toDocumentRow, type DocumentCheck } from './documents.js'
import { coversIssue, readIssueState, type IssueState } from './issue-state.js'

/** A term of the worker's that a refusal names: `id`, `DD/MM/YYYY` dates. */
export interface RefusedTerm { id: string, entryDate: string, endDate: string }

/** Why the registry refuses (RegistryRefusal). */
export type RefusalReason = 'conflict' | 'signConflict' | 'missing' | 'signedOn' | 'beforeSigning' | 'afterToday' | 'superseded' |
  'history' | 'status' | 'forbidden' | 'electronic' | 'endedOn' | 'beforeStart' | 'notBeforeEnd' | 'scanTaken' | 'cargoNeeded'

/**
 * A refusal the registry's state causes, answered by the error handler (plugins/errors.ts): 409
 * (`conflict`: a contract being issued overlaps a contract that binds its worker, signed, started or
 * ended, or one being marked signed at the same time, `other`; `signConflict`: marking signed a term
 * another binding contract overlaps, `other`; `signedOn`: already marked signed on another day, `date`;
 * `superseded`: changing a contract a corrected reprint replaced, `other` the reprint; `history`:
 * marking signed a term the history rules refuse, `issues`: LPCL art. 74, Reglamento art. 16;
 * `status`: its status forbids the change, `status`; `electronic`: undoing an electronic signature;
 * `endedOn`: already ended on another day, `date`; `scanTaken`: its scan was already added), 403
 * (`forbidden`: withdrawing a started contract without role `legal`), 404 (`missing`) or 400 on
 * `field` (`beforeSigning`: a signing date before the one the document printed, `date`;
 * `afterToday`: a date after today in Lima, `date` today; `beforeStart`, `notBeforeEnd`: an end outside
 * the term, `date`; `cargoNeeded`: a copy delivered on another day than the signature without the
 * worker's receipt). `dni` names the worker whenever the registry knows it (the audit trail records it).
 */
export class RegistryRefusal extends Error {
  readonly reason: RefusalReason
  /** The term in the way (`conflict`, `signConflict`, with its status), or the reprint (`superseded`). */
  readonly other?: RefusedTerm & { status?: ContractStatus }
  /** The worker concerned. */
  readonly dni?: string
  /** `DD/MM/YYYY`: the day marked (`signedOn`), the printed signing date (`beforeSigning`), today (`afterToday`)… */
  readonly date?: string
  /** The history rules' refusals (`history`): field (`endDate`, `endAddendum`, `probationaryPeriod`), message. */
  readonly issues?: ReadonlyArray<{ field: string, message: string }>
  /** The contract's status (`status`). */
  readonly status?: ContractStatus
  /** The request field a 400 is on (default `body.signingDate`). */
  readonly field?: string
  constructor (
    reason: RegistryRefusal['reason'],
    details: {
      other?: RegistryRefusal['other'], dni?: string, date?: string, issues?: RegistryRefusal['issues'], status?: ContractStatus, field?: string
    } = {}
  ) {
    super(reason === 'missing'
      ? 'no such contract'
      : reason.endsWith('onflict') ? 'overlaps a binding contract' : reason === 'superseded' ? 'superseded by a reprint' : `contract status: ${reason}`)
    this.name = 'RegistryRefusal'
    this.reason = reason
    this.other = details.other
    this.dni = details.dni
    this.date = details.date
    this.issues = details.issues
    this.status = details.status
    this.field = details.field
  }
}

/** Who asks for a change of status, and in which request (recorded in its event). */
export interface ChangeContext {
  /** The identity's subject (AUTH_MODE=oidc), else undefined. */
  by?: string
  requestId?: string
  /** `DD/MM/YYYY` in Lima (default: now). */
  today?: string
}

/** How a contract is marked signed (markSigned). */
export interface SignOptions extends ChangeContext {
  /** Default `paper`. */
  via?: 'paper' | 'electronic'
  /** The scans of a paper signature (types read from their bytes, scan-files.ts). */
  scans?: readonly ScanUpload[]
  /** `DD/MM/YYYY`: the copy handed over another day than the signature; needs a `cargo` scan. */
  copyDeliveredOn?: string
  /**
   * An electronic signature's last step (signing.ts signUnderLock: the seals were made before, outside
   * any transaction), run under the worker's row lock before the contract is judged and marked: it
   * may refuse, and what it writes commits with the mark.
   */
  underLock?: (trx: RegistryDb) => Promise<void>
}

/** A ChangeRefusal of statuses.ts as the registry's refusal. */
function changeRefusal (outcome: ChangeRefusal, dni: string, field: string, entryDate: string): RegistryRefusal {
  switch (outcome.refusal) {
    case 'status': return new RegistryRefusal('status', { status: outcome.status, dni })
    case 'superseded': return new RegistryRefusal('superseded', { other: outcome.by, dni })
    case 'forbidden': return new RegistryRefusal('forbidden', { dni, date: entryDate })
    case 'electronic': return new RegistryRefusal('electronic', { dni })
    default: return new RegistryRefusal(outcome.refusal, { date: outcome.date, dni, field })
  }
}

/**
 * Records a statement of recordIssued inserts at most (with their documents): W50 in one, a batch of
 * 1000 in ten, so the rows of a large batch never sit whole in the database's memory (PGlite's
 * WebAssembly memory keeps the high-water mark of every statement) nor in one JSON text.
 */
export const ISSUED_PER_STATEMENT = 100

/** The refusal of a record overlapping a contract that binds its worker (planIssue's conflict), as far as it counts. */
function issueConflict (conflict: LiveTerm): RegistryRefusal {
  const { id, entryDate, endDate, dni, status, endedOn } = conflict
  return new RegistryRefusal('conflict', { other: { id, entryDate, endDate: endedOn ?? endDate, status }, dni })
}

export class Registry {
  readonly #db: Kysely<RegistryTables>
  constructor (db: Kysely<RegistryTables>) {
    this.#db = db
  }

  /** The causes counsel reviews (cause-reviews.ts). */
  get causes (): CauseRegistry {
    return new CauseRegistry(this.#db)
  }

  /** The worker's electronic signature: addresses, invitations, codes, evidence, sealed files (signing.ts). */
  get signing (): SigningStore {
    return new SigningStore(this.#db)
  }

  /**
   * Records a request's contracts and adendas in one transaction: upserts each worker, supersedes
   * the worker's earlier contracts that are only `issued` and overlap the new term (a corrected
   * reprint), and gives each document a verification code; with their PDFs' SHA-256 when given.
   * A reprint's supersession is an event of the superseded contract (contract-events.ts).
   * @param today `DD/MM/YYYY` in Lima: an issued contract started by then binds (contract-rules.ts bindingTerm)
   * @returns per record, in order, its id and its documents' codes
   * @throws RegistryRefusal (`conflict`) when a record overlaps a contract that binds its worker
   *   (signed, issued and started, ended up to its end); nothing of the request is recorded then
   */
  async recordIssued (
    records: readonly IssuedRecord[], context: IssueContext, today = todayInLima()
  ): Promise<Array<{ id: string, codes: string[] }>> {
    if (records.length === 0) return []
    // three statements for up to ISSUED_PER_STATEMENT records, whatever their documents and reprints (a
    // ZIP's central directory waits for them), one more per ISSUED_PER_STATEMENT records beyond
    return await this.#db.transaction().execute(async (trx) => {
      // the upsert locks each worker's row, in DNI order: one writer per worker at a time
      const dnis = await upsertIssuedWorkers(trx, records.map((record) => record.worker))
      const plan = planIssue(records, await selectLiveTerms(trx, dnis), randomUUID, today)
      if ('conflict' in plan) throw issueConflict(plan.conflict)
      const codes = records.map((record) => record.documents.map((document) => document.code ?? verificationCode()))
      // ISSUED_PER_STATEMENT records a statement: a large batch's rows never sit whole in the database's memory
      for (let from = 0; from < records.length; from += ISSUED_PER_STATEMENT) {
        const planned = plan.planned.slice(from, from + ISSUED_PER_STATEMENT)
        const contracts = planned.map((term, index) => toContractRow(records[from + index], term, context))
        const documents = planned.flatMap((term, index) => records[from + index].documents
          .map((document, at) => toDocumentRow(term.id, codes[from + index][at], document)))
        // the reprints superseded, and their events, with the first records
        await insertIssued(trx, contracts, documents, from === 0 ? plan.superseded : [], context)
      }
      return plan.planned.map((term, index) => ({ id: term.id, codes: codes[index] }))
    })
  }

  /**
   * What recordIssued would refuse, read without writing or locking (one statement, or none when
   * `state`, the request's issueState, was read on `today` for these workers): the ZIP's check before
   * its first byte, so that a conflict is a clean 409. recordIssued checks again under the workers'
   * locks when it records.
   * @throws RegistryRefusal (`conflict`) as recordIssued
   */
  async checkIssue (records: readonly IssuedRecord[], today = todayInLima(), state?: IssueState): Promise<void> {
    const dnis = [...new Set(records.map((record) => record.worker.dni))]
    // the request's read before its history rules (issueState) serves, when it was of these workers today
    const recorded = coversIssue(state, dnis, today) ? state.live : await selectLiveTerms(this.#db, dnis)
    const plan = planIssue(records, recorded, randomUUID, today)
    if ('conflict' in plan) throw issueConflict(plan.conflict)
  }

  /**
   * What the registry holds for a batch of records, in one statement (issue-state.ts): the terms the
   * history rules count, the contracts its adendas name, and what checkIssue reads, so that a ZIP's
   * 400s and 409s come from one read before its first byte.
   * @param dnis the records' workers; `contractIds` the recorded contracts its adendas name
   * @param today `DD/MM/YYYY` in Lima
   */
  async issueState (
    dnis: readonly string[], contractIds: readonly string[], today = todayInLima()
  ): Promise<IssueState> {
    return await readIssueState(this.#db, dnis, contractIds, today)
  }

  /**
   * A document by its verification code (`XXXX-XXXX`, parseVerificationCode), as its public check shows it.
   * @returns undefined for a code the registry does not hold (never issued, or deleted with its contract)
   */
  async documentByCode (code: string): Promise<DocumentCheck | undefined> {
    const document = await selectDocumentCheck(this.#db, code)
    if (document === undefined) return undefined
    // signed electronically: the sealed file's SHA-256 and when (docs/signing-flow.md)
    const signed = await this.signing.signedByCode(code)
    return signed === undefined ? document : { ...document, signedSha256: signed.sha256, signedAt: signed.signedAt }
  }

  /**
   * Marks a recorded contract or adenda `signed` on `signedOn` (`DD/MM/YYYY`), on paper (the default)
   * or electronically, by `options.by` (recorded with the time and an event); its copy delivered on
   * the signing day unless `copyDeliveredOn` says another day, which needs the worker's receipt
   * (`cargo` scan; DOCUMENT-REQUIREMENTS §39, §30). A paper mark may bring its scans; marking it again
   * on the same day changes nothing, or adds the scans (and the copy's day) once, when it has none yet.
   * Race-free (docs/registry.md): the worker's row is locked first, as recordIssued locks it, and the
   * contract is read again under the lock, so of a mark and a reprint, or of two marks, or of a mark
   * and a withdrawal, one wins and the other sees it. The history rules (history-rules.ts: art. 74's
   * five years, the modality's maximum, a probation already served) count the worker's binding terms
   * and entered history plus this one, as issuing does.
   * @returns the contract as recorded, and its worker's DNI
   * @throws RegistryRefusal `missing` for an unknown id; `afterToday` for a date after today;
   *   `superseded` (the reprint) for one a reprint replaced; `status` for a withdrawn one, or one ended
   *   unsigned; `signConflict` when another binding contract of the worker overlaps it; `signedOn`
   *   when it is already marked signed on another day; `beforeSigning` when `signedOn` is before the
   *   signing date its document printed; `history` when the history rules refuse it; `electronic` for
   *   scans of an electronic signature; `scanTaken` when its scans were already added; `cargoNeeded`,
   *   `beforeSigning`, `afterToday` (field `body.copyDeliveredOn`) for the copy's day
   */
  async markSigned (
    id: string, signedOn: string, options: SignOptions = {}
  ): Promise<{ contract: RecordedContract, dni: string }> {
    const today = options.today ?? todayInLima()
    const via = options.via ?? 'paper'
    const scans = options.scans ?? []
    return await this.#db.transaction().execute(async (trx) => {
      const { dni, found } = await this.#lockedState(trx, id)
      if (options.underLock !== undefined) await options.underLock(trx)
      const outcome = signingOutcome(found, signedOn, today)
      // an electronic signature is a new fact: a contract already signed is refused, never answered again
      if (via === 'electronic' && outcome === 'unchanged') throw new RegistryRefusal('status', { status: found.status, dni })
      if (typeof outcome === 'object') {
        const details = 'by' in outcome ? { other: outcome.by } : 'date' in outcome ? { date: outcome.date } : 'status' in outcome ? { status: outcome.status } : {}
        throw new RegistryRefusal(outcome.refusal, { ...details, dni })
      }
      const copyDeliveredOn = options.copyDeliveredOn ?? (outcome === 'sign' ? signedOn : found.copyDeliveredOn ?? signedOn)
      if (options.copyDeliveredOn !== undefined) {
        const field = 'body.copyDeliveredOn'
        if (dayMonthYearKey(copyDeliveredOn) > dayMonthYearKey(today)) throw new RegistryRefusal('afterToday', { date: today, dni, field })
        if (dayMonthYearKey(copyDeliveredOn) < dayMonthYearKey(signedOn)) throw new RegistryRefusal('beforeSigning', { date: signedOn, dni, field })
        if (copyDeliveredOn !== signedOn && !scans.some((scan) => scan.kind === 'cargo')) throw new RegistryRefusal('cargoNeeded', { dni, field })
      }
      const context = { by: options.by, requestId: options.requestId }
      if (outcome === 'sign') {
        const other = bindingOverlap(await selectLiveTerms(trx, [dni]), found, today, id)
        if (other !== undefined) {
          const { entryDate, endDate, status, endedOn } = other
          throw new RegistryRefusal('signConflict', { other: { id: other.id, entryDate, endDate: endedOn ?? endDate, status }, dni })
        }
        const terms = (await selectWorkerTerms(trx, [dni], today, id)).get(dni) ?? []
        const { issues } = historyOutcome(signingHistoryNeed(found), terms)
        if (issues.length > 0) throw new RegistryRefusal('history', { issues, dni })
        // `where status = 'issued'`: under the lock it always is; a row count of 0 would be a bug, not a race
        if (!await updateSigned(trx, id, { signedOn, signedBy: options.by ?? null, via, copyDeliveredOn })) {
          throw new Error(`contract ${id} changed under its worker's lock`)
        }
        const details = {
          signingDate: isoDate(signedOn),
          signedVia: via,
          copyDeliveredOn: isoDate(copyDeliveredOn),
          copyDeliveredVia: via
        }
        await insertEvents(trx, [{ contractId: id, what: 'signed', details, ...context }])
      } else if (scans.length > 0 || copyDeliveredOn !== found.copyDeliveredOn) {
        // the same day again, with what the first mark lacked: its scans, once
        if (found.signedVia === 'electronic') throw new RegistryRefusal('electronic', { dni })
        if (scans.length === 0 || (await selectScanKinds(trx, id)).length > 0) throw new RegistryRefusal('scanTaken', { dni })
        if (found.status === 'signed' && copyDeliveredOn !== found.copyDeliveredOn) {
          await updateStatus(trx, id, 'signed', { to: 'signed', copyDeliveredOn })
          await insertEvents(trx, [{ contractId: id, what: 'copy', details: { copyDeliveredOn: isoDate(copyDeliveredOn), copyDeliveredVia: 'paper' }, ...context }])
        }
      }
      if (scans.length > 0) {
        if (via === 'electronic') throw new RegistryRefusal('electronic', { dni })
        const hashes = await insertScans(trx, id, scans, options.by)
        await insertEvents(trx, [{ contractId: id, what: 'scan', details: { sha256: hashes }, ...context }])
      }
      return { contract: await selectRecordedContract(trx, id) as RecordedContract, dni }
    })
  }

  /**
   * Withdraws a contract or adenda never signed and never worked (DOCUMENT-REQUIREMENTS §39): it no
   * longer counts for anything. Under the worker's row lock, with its event.
   * @param mayWithdrawStarted whether the caller may withdraw one already started (role `legal`, or no authentication)
   * @throws RegistryRefusal `missing`; `forbidden` (started, without `legal`); `status` (signed, ended);
   *   `superseded` (the reprint)
   */
  async withdraw (
    id: string, reason: string, mayWithdrawStarted: boolean, context: ChangeContext = {}
  ): Promise<{ contract: RecordedContract, dni: string }> {
    return await this.#change(id, context, 'body.reason', async (trx, found, today) => {
      const outcome = withdrawalOutcome(found, today, mayWithdrawStarted)
      if (outcome === 'withdraw') {
        await updateStatus(trx, id, 'issued', { to: 'withdrawn' })
        return { what: 'withdrawn', details: {}, reason }
      }
      return outcome
    })
  }

  /**
   * Records that a contract or adenda ended before its printed end, on `endedOn` (`DD/MM/YYYY`): it
   * then counts up to that day (LPCL art. 74). Under the worker's row lock, with its event.
   * @throws RegistryRefusal `missing`; `status` (withdrawn); `superseded`; `endedOn` (ended on another
   *   day); `afterToday`, `beforeStart`, `notBeforeEnd` on `body.endedOn`
   */
  async end (
    id: string, endedOn: string, reason: string, context: ChangeContext = {}
  ): Promise<{ contract: RecordedContract, dni: string }> {
    return await this.#change(id, context, 'body.endedOn', async (trx, found, today) => {
      const outcome = endingOutcome(found, endedOn, today)
      if (outcome === 'end') {
        await updateStatus(trx, id, found.status, { to: 'ended', endedOn })
        return { what: 'ended', details: { endedOn: isoDate(endedOn) }, reason }
      }
      return outcome
    })
  }

  /**
   * Counsel's undo of a paper mark made by mistake: the contract is `issued` again, its scans kept but
   * no longer current, the undo an event (never erased).
   * @throws RegistryRefusal `missing`; `electronic`; `status` (not signed); `superseded`
   */
  async unsign (
    id: string, reason: string, context: ChangeContext = {}
  ): Promise<{ contract: RecordedContract, dni: string }> {
    return await this.#change(id, context, 'body.reason', async (trx, found) => {
      const outcome = unsigningOutcome(found)
      if (outcome === 'unsign') {
        await updateStatus(trx, id, 'signed', { to: 'issued' })
        await undoScans(trx, id)
        return { what: 'unsigned', details: { signingDate: found.signedOn === null ? null : isoDate(found.signedOn) }, reason }
      }
      return outcome
    })
  }

  /** The worker locked and the contract read again under the lock. @throws RegistryRefusal `missing` */
  async #lockedState (trx: RegistryDb, id: string): Promise<{ dni: string, found: SigningState }> {
    const dni = await selectContractWorker(trx, id)
    if (dni === undefined) throw new RegistryRefusal('missing')
    // the worker's row lock, then the contract read again: a reprint or a change committed meanwhile is seen
    await lockWorkers(trx, [dni])
    const found = await selectSigningState(trx, id)
    if (found === undefined) throw new RegistryRefusal('missing')
    return { dni, found }
  }

  /** One change of status: lock, read, decide (`decide` sets the row and says its event), record the event. */
  async #change (
    id: string, context: ChangeContext, field: string,
    decide: (trx: RegistryDb, found: SigningState, today: string) =>
    Promise<{ what: 'withdrawn' | 'ended' | 'unsigned', details: Record<string, unknown>, reason: string } | 'unchanged' | ChangeRefusal>
  ): Promise<{ contract: RecordedContract, dni: string }> {
    const today = context.today ?? todayInLima()
    return await this.#db.transaction().execute(async (trx) => {
      const { dni, found } = await this.#lockedState(trx, id)
      const outcome = await decide(trx, found, today)
      if (typeof outcome === 'object' && 'refusal' in outcome) throw changeRefusal(outcome, dni, field, found.entryDate)
      if (outcome !== 'unchanged') await insertEvents(trx, [{ contractId: id, ...outcome, by: context.by, requestId: context.requestId }])
      return { contract: await selectRecordedContract(trx, id) as RecordedContract, dni }
    })
  }

  /** The worker (DNI) of a recorded contract or adenda; undefined for an unknown id. */
  async contractWorker (id: string): Promise<string | undefined> {
    return await selectContractWorker(this.#db, id)
  }

  /** A contract's events, oldest first, and its worker; undefined for an unknown id. */
  async contractEvents (id: string): Promise<{ events: RecordedEvent[], dni: string } | undefined> {
    const dni = await selectContractWorker(this.#db, id)
    if (dni === undefined) return undefined
    return { events: await selectEvents(this.#db, id), dni }
  }

  /** A contract's current scan of `kind`, and its worker; `dni` undefined for an unknown id. */
  async scan (id: string, kind: ScanKind): Promise<{ scan?: StoredScan, dni?: string }> {
    const dni = await selectContractWorker(this.#db, id)
    if (dni === undefined) return {}
    return { scan: await selectScan(this.#db, id, kind), dni }
  }

  /** Recorded contracts and adendas by `filter` (`GET /api/contracts`): by start date, then id. */
  async listContracts (filter: Omit<ContractFilter, 'today'> & { today?: string }): Promise<ListedContract[]> {
    return await selectListedContracts(this.#db, { ...filter, today: filter.today ?? todayInLima() })
  }

  /** Among `dnis`, the workers with an `issued` contract or adenda already started (binding unsigned): the earliest. */
  async startedUnsigned (
    dnis: readonly string[], today = todayInLima()
  ): Promise<Map<string, { id: string, entryDate: string, endDate: string }>> {
    return await selectStartedUnsigned(this.#db, [...new Set(dnis)], today)
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
    const { walCleared } = await eraseDeleted(this.#db, [
      'contract_scans', 'contract_events', 'documents', 'contracts', 'history', 'history_deletions', 'workers',
      // the electronic signature's rows go with their contract or worker (docs/signing-flow.md)
      'signed_documents', 'signing_documents', 'signing_evidence', 'signing_codes', 'signing_sessions', 'mail_outbox',
      'signing_invitations', 'worker_emails'
    ])
    return { ...counts, walCleared }
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

  /** One round trip: resolves when the database answers. */
  async ping (): Promise<void> {
    await sql`select 1`.execute(this.#db)
  }
}
