/**
 * The registry's rules on a worker's recorded contracts and adendas (docs/registry.md; LPCL arts.
 * 72, 74; DOCUMENT-REQUIREMENTS §3, §28, §32), as plain functions over domain values: no database.
 * The registry (registry.ts) reads the terms, applies these and writes what they decide.
 *
 * Dates are `DD/MM/YYYY` (Lima's calendar dates, src/vocabulary/dates.ts); a term includes both ends.
 */
import { dayMonthYearKey, termEnd } from '../vocabulary/dates.js'
import { MAX_TOTAL_MONTHS, MODALITIES, parseModality } from '../vocabulary/modality.js'
import type { HistoryNeed } from './history-rules.js'
import type { RecordedForAddendum } from './from-contract.js'
import type { ContractStatus } from './tables.js'

/** A worker's contract or adenda as the rules see it: recorded, or planned by the request being recorded. */
export interface LiveTerm {
  id: string
  dni: string
  kind: 'contract' | 'addendum'
  /** An adenda's contract, when known. */
  contractId: string | null
  /** The reviewed cause it printed; null for a suplencia. */
  causeId: string | null
  entryDate: string
  endDate: string
  status: ContractStatus
  /** The day an `ended` term ended (before its printed end); null otherwise. */
  endedOn: string | null
  /** When it was recorded (ms since the epoch); Number.MAX_SAFE_INTEGER for one being recorded. */
  issuedAt: number
}

/** A contract or adenda about to be recorded, as the rules see it (contracts.ts IssuedRecord has these fields). */
export interface IssuingTerm {
  kind: 'contract' | 'addendum'
  worker: { dni: string }
  /** An adenda's contract id, when the caller knows it. */
  contractId?: string
  /** An adenda without `contractId`: the end it follows (contractExtendedBy). */
  extendsEnd?: string
  causeId?: string
  /** The term it covers (an adenda: its extension). */
  entryDate: string
  endDate: string
}

/** What the overlap rules read of a term: its worker, kind and days. */
export type OverlapTerm = Pick<IssuingTerm, 'kind' | 'worker' | 'entryDate' | 'endDate'>

/** A recorded contract an adenda may extend (Registry.extendableContracts). */
export interface ExtendableContract {
  id: string
  /** The reviewed cause it printed; null for a suplencia. */
  causeId: string | null
  /** `DD/MM/YYYY`: its own end and each of its adendas' ends, the days an adenda of it may follow. */
  ends: string[]
  /** What an adenda repeats of it, when asked for (Registry.extendableContractsWithFacts). */
  recorded?: RecordedForAddendum
}

/** Whether two terms share a day (both ends included: a term that starts the day another ends overlaps it). */
export function termsOverlap (
  a: { entryDate: string, endDate: string }, b: { entryDate: string, endDate: string }
): boolean {
  return dayMonthYearKey(a.entryDate) <= dayMonthYearKey(b.endDate) &&
    dayMonthYearKey(a.endDate) >= dayMonthYearKey(b.entryDate)
}

/**
 * A term as it binds the worker on `today` (docs/registry.md "What counts"; DOCUMENT-REQUIREMENTS §39:
 * a contract worked is binding): a `signed` one; an `issued` one whose start is `today` or earlier,
 * until it is withdrawn; an `ended` one up to its `endedOn`. Undefined for one that does not bind
 * (issued and not started, withdrawn, superseded).
 * @param today `DD/MM/YYYY` in Lima
 */
export function bindingTerm<T extends Pick<LiveTerm, 'status' | 'entryDate' | 'endDate' | 'endedOn'>> (term: T, today: string): T | undefined {
  if (term.status === 'signed') return term
  if (term.status === 'ended') return term.endedOn === null ? term : { ...term, endDate: term.endedOn }
  if (term.status === 'issued' && dayMonthYearKey(term.entryDate) <= dayMonthYearKey(today)) return term
  return undefined
}

/**
 * The binding term that refuses `term` (docs/registry.md: a contract overlapping a contract that
 * binds the worker is refused with a 409 naming it): the earliest starting term among `terms` of the
 * same worker and kind that binds on `today` (bindingTerm, an ended one up to its end) and overlaps it.
 * @param except the id of `term` itself, when it is recorded (marking it signed)
 * @returns the term as recorded (its printed dates)
 */
export function bindingOverlap (
  terms: readonly LiveTerm[], term: OverlapTerm, today: string, except?: string
): LiveTerm | undefined {
  return terms.filter((other) => {
    if (other.dni !== term.worker.dni || other.kind !== term.kind || other.id === except) return false
    const binding = bindingTerm(other, today)
    return binding !== undefined && termsOverlap(binding, term)
  }).sort((a, b) => dayMonthYearKey(a.entryDate) - dayMonthYearKey(b.entryDate))[0]
}

/**
 * The terms `term` supersedes (a corrected reprint, docs/registry.md): those among `terms` of the same
 * worker and kind that are only `issued`, have not started on `today` (a started one binds:
 * bindingOverlap refuses the reprint instead) and overlap it. A `signed` one is never superseded.
 * @param fresh ids of terms planned by the same request (not recorded yet): superseded whenever they overlap
 */
export function supersededBy (
  terms: readonly LiveTerm[], term: OverlapTerm, today: string, fresh: ReadonlySet<string> = new Set()
): LiveTerm[] {
  return terms.filter((other) => other.dni === term.worker.dni && other.kind === term.kind && other.status === 'issued' &&
    (fresh.has(other.id) || bindingTerm(other, today) === undefined) && termsOverlap(other, term))
}

/**
 * The contracts among `terms` (any workers') an adenda may extend, with the ends an adenda may
 * follow: the contract's own and each of its adendas' (a corrected reprint of an adenda follows the
 * contract's end, a second adenda the first's). Superseded, withdrawn and ended terms count for nothing.
 * @returns by DNI, newest contract (latest `issuedAt`) first
 */
export function extendableByWorker (terms: readonly LiveTerm[]): Map<string, ExtendableContract[]> {
  const live = terms.filter((term) => term.status === 'issued' || term.status === 'signed').sort((a, b) => b.issuedAt - a.issuedAt)
  const byId = new Map<string, ExtendableContract>()
  const byDni = new Map<string, ExtendableContract[]>()
  for (const term of live) {
    if (term.kind !== 'contract') continue
    const contract = { id: term.id, causeId: term.causeId, ends: [term.endDate] }
    byId.set(term.id, contract)
    byDni.set(term.dni, [...(byDni.get(term.dni) ?? []), contract])
  }
  for (const term of live) {
    if (term.kind === 'addendum' && term.contractId !== null) byId.get(term.contractId)?.ends.push(term.endDate)
  }
  return byDni
}

/**
 * The contract an adenda extends, among a worker's extendable contracts (newest first): the newest
 * whose own end or one of whose adendas' ends is `end` (`DD/MM/YYYY`, the end the adenda follows;
 * LPCL art. 72, DOCUMENT-REQUIREMENTS §28).
 */
export function contractExtendedBy (
  contracts: readonly ExtendableContract[], end: string
): ExtendableContract | undefined {
  return contracts.find((contract) => contract.ends.includes(end))
}

/**
 * A record being recorded, as planIssue plans it: its new id, the contract it extends, and the later
 * record of the same request that supersedes it.
 */
export interface PlannedTerm {
  id: string
  contractId: string | undefined
  supersededBy: string | undefined
}

/**
 * What recording `records` does to a worker's terms (docs/registry.md; DOCUMENT-REQUIREMENTS §32,
 * §39), record after record: a record overlapping a term of its worker and kind that binds on
 * `today` (bindingTerm: signed, issued and started, ended up to its end) refuses the whole request
 * (`conflict`); else it supersedes the overlapping `issued` ones not started (recorded, or earlier in
 * the same request), and an adenda without `contractId` is linked to the contract whose end it
 * follows (`extendsEnd`, contractExtendedBy) among the worker's terms as they stand before it.
 * @param recorded the workers' recorded terms that are not superseded
 * @param newId gives each record its id, in order
 * @param today `DD/MM/YYYY` in Lima
 */
export function planIssue (
  records: readonly IssuingTerm[], recorded: readonly LiveTerm[], newId: () => string, today: string
): { planned: PlannedTerm[], superseded: Array<{ id: string, by: string }> } | { conflict: LiveTerm } {
  // copies by worker: statuses change as the request goes
  const byWorker = new Map<string, LiveTerm[]>()
  for (const term of recorded) byWorker.set(term.dni, [...(byWorker.get(term.dni) ?? []), { ...term }])
  const planned = new Map<string, PlannedTerm>()
  const superseded: Array<{ id: string, by: string }> = []
  for (const record of records) {
    const terms = byWorker.get(record.worker.dni) ?? []
    // a record planned earlier in the same request binds nothing yet: a later one over its days replaces it
    const binding = bindingOverlap(terms.filter((term) => !planned.has(term.id)), record, today)
    if (binding !== undefined) return { conflict: binding }
    const id = newId()
    const contractId = record.contractId ?? (record.extendsEnd === undefined
      ? undefined
      : contractExtendedBy(extendableByWorker(terms).get(record.worker.dni) ?? [], record.extendsEnd)?.id)
    for (const term of supersededBy(terms, record, today, new Set(planned.keys()))) {
      term.status = 'superseded'
      const mine = planned.get(term.id)
      if (mine === undefined) superseded.push({ id: term.id, by: id })
      else mine.supersededBy = id
    }
    planned.set(id, { id, contractId, supersededBy: undefined })
    byWorker.set(record.worker.dni, [...terms, {
      id,
      dni: record.worker.dni,
      kind: record.kind,
      contractId: contractId ?? null,
      causeId: record.causeId ?? null,
      entryDate: record.entryDate,
      endDate: record.endDate,
      status: 'issued',
      endedOn: null,
      issuedAt: Number.MAX_SAFE_INTEGER
    }])
  }
  return { planned: [...planned.values()], superseded }
}

/**
 * The latest end an adenda of a contract could reach (`GET /api/contracts/expiring`): the earlier of
 * the modality's maximum from the contract's `entryDate` (LPCL arts. 57-67, src/vocabulary/modality.ts)
 * and art. 74's five years from the worker's `firstEntry` (gaps between contracts counted as time
 * worked), each ending as termEnd says (Código Civil art. 183); a suplencia also ends when the absence
 * it covers does (art. 61), so its `absenceTo` (the expected end, when recorded) bounds it too.
 * @returns `DD/MM/YYYY`; null for a modality the service does not know (no fixed maximum), or none
 */
export function longestEnd (
  modality: string | null, entryDate: string, firstEntry: string, absenceTo: string | null = null
): string | null {
  const code = modality === null ? undefined : parseModality(modality)
  const known = MODALITIES as Record<string, { maxMonths?: number } | undefined>
  const maxMonths = code === undefined ? undefined : known[code]?.maxMonths
  if (maxMonths === undefined) return null
  const ends = [termEnd(entryDate, maxMonths), termEnd(firstEntry, MAX_TOTAL_MONTHS)]
  if (code === '61' && absenceTo !== null) ends.push(absenceTo)
  return ends.sort((a, b) => dayMonthYearKey(a) - dayMonthYearKey(b))[0]
}

/** A recorded contract or adenda as marking it signed, or changing its status, reads it. */
export interface SigningState extends OverlapTerm {
  status: LiveTerm['status']
  /** The day HR marked it signed; null until then. */
  signedOn: string | null
  /** How it was signed; null until then. */
  signedVia: 'paper' | 'electronic' | null
  /** The day an `ended` one ended. */
  endedOn: string | null
  /** The day the worker's copy was handed over (statuses.ts). */
  copyDeliveredOn: string | null
  /** The signing date its document printed. */
  signingDate: string
  /** The corrected reprint that superseded it (`superseded`), with its term; null otherwise. */
  supersededBy: { id: string, entryDate: string, endDate: string } | null
  /** What the history rules read of it (history-rules.ts): its modality, position and printed probation. */
  modality: string | null
  position: string
  /** Whether its document printed a probation (a contract whose probation is not "sin periodo de prueba"). */
  probation: boolean
}

/**
 * What marking a recorded contract or adenda signed on `signedOn` does (docs/registry.md, `POST
 * /api/contracts/{id}/signed`): it is signed once, on one day, and never before the signing date its
 * document printed (DOCUMENT-REQUIREMENTS §3); a contract a corrected reprint replaced is not signed
 * (the reprint is); a withdrawn one is not signed, nor an ended one that was not signed before it ended.
 * @param contract undefined when the registry holds no such id; read under its worker's row lock
 * @param today `DD/MM/YYYY` in Lima: a contract is not signed in the future
 * @returns `sign`; `unchanged` when it is already marked signed on that day; else the refusal:
 *   `missing` (unknown), `afterToday` (`date`: today), `superseded` (`by`: the reprint), `signedOn`
 *   (marked on another day, `date`), `beforeSigning` (`date`: the signing date printed), `status`
 *   (withdrawn, or ended unsigned)
 */
export function signingOutcome (
  contract: Pick<SigningState, 'status' | 'signedOn' | 'signingDate' | 'supersededBy'> | undefined, signedOn: string, today: string
): 'sign' | 'unchanged' | { refusal: 'missing' } | { refusal: 'superseded', by: { id: string, entryDate: string, endDate: string } } |
  { refusal: 'signedOn' | 'beforeSigning' | 'afterToday', date: string } | { refusal: 'status', status: LiveTerm['status'] } {
  if (contract === undefined) return { refusal: 'missing' }
  if (dayMonthYearKey(signedOn) > dayMonthYearKey(today)) return { refusal: 'afterToday', date: today }
  if (contract.status === 'superseded') {
    return contract.supersededBy === null ? { refusal: 'missing' } : { refusal: 'superseded', by: contract.supersededBy }
  }
  if ((contract.status === 'signed' || contract.status === 'ended') && contract.signedOn !== null) {
    return contract.signedOn === signedOn ? 'unchanged' : { refusal: 'signedOn', date: contract.signedOn }
  }
  if (contract.status === 'withdrawn' || contract.status === 'ended') return { refusal: 'status', status: contract.status }
  if (dayMonthYearKey(signedOn) < dayMonthYearKey(contract.signingDate)) {
    return { refusal: 'beforeSigning', date: contract.signingDate }
  }
  return 'sign'
}

/**
 * What a contract or adenda being marked signed asks of its worker's history (history-rules.ts
 * historyOutcome; LPCL art. 74, Reglamento art. 16): its own term (an adenda's: its extension), its
 * modality and position, and whether it printed a probation (an adenda never does). The rules then
 * count the worker's signed terms and entered history, as issuing does, plus this one.
 */
export function signingHistoryNeed (
  contract: Pick<SigningState, 'kind' | 'modality' | 'entryDate' | 'endDate' | 'position' | 'probation'>
): HistoryNeed {
  return {
    modality: contract.modality ?? undefined,
    from: contract.entryDate,
    to: contract.endDate,
    position: contract.position,
    statedProbation: contract.kind === 'contract' && contract.probation,
    endField: contract.kind === 'contract' ? 'endDate' : 'endAddendum'
  }
}

/**
 * Why a contract or adenda cannot be signed electronically now, or undefined when it can: only an
 * `issued` one (neither signed, withdrawn, ended nor superseded); a contract not started before
 * `today` (it may be signed on its start day, §39), an adenda whose contract has not ended (it starts
 * after `today`).
 */
export function notInvitable (
  contract: { kind: 'contract' | 'addendum', status: string, entryDate: string }, today: string
): 'status' | 'started' | 'contractEnded' | undefined {
  if (contract.status !== 'issued') return 'status'
  const start = dayMonthYearKey(contract.entryDate)
  const now = dayMonthYearKey(today)
  if (contract.kind === 'addendum') return start <= now ? 'contractEnded' : undefined
  return start < now ? 'started' : undefined
}
