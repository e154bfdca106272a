/**
 * Rules on a worker's history (LPCL art. 74; Reglamento art. 16; DOCUMENT-REQUIREMENTS §32): the
 * contracts and adendas HR marked signed and the earlier contracts HR entered count toward art. 74's
 * five years of modal contracts and toward each modality's maximum; a probation already served in
 * the same position within three years is not repeated. Plain data in and out: the registry
 * (issue-state.ts, Registry.issueState) gives the terms, the plugin applies the issues.
 *
 * Durations are counted in calendar months (Código Civil art. 183; DOCUMENT-REQUIREMENTS §36), as
 * each term reads them (dates.ts termLength): terms that share days are first joined into one, each
 * term then gives its whole months and its days left over, and every thirty of those days make one
 * more month. The total may reach the maximum exactly (art. 74: 60 months; each modality's months): 34
 * months of art. 57 history and a two-month contract are 36 and pass. A refusal names what is used,
 * what is left and the latest end date that passes, found by the same count, so the months it says are
 * left are the months it accepts.
 */
import { HISTORY_MESSAGES, LINKED_CONTRACT_MESSAGES } from '../../schemas/messages.js'
import {
  addDays, addMonths, dayMonthYearKey, epochDay, termLength, type MonthsAndDays
} from '../vocabulary/dates.js'
import { foldText } from '../vocabulary/format.js'
import { MAX_TOTAL_MONTHS, MODALITIES, modalityInWords, parseModality } from '../vocabulary/modality.js'
import { STATUTORY_PROBATION_MONTHS } from '../vocabulary/probation.js'

/** One earlier term of a worker: a signed contract or adenda, or an entered one (`DD/MM/YYYY`). */
export interface WorkerTerm {
  modality: string
  entryDate: string
  endDate: string
  position: string
  /**
   * Whether a probation was served in it: the signed contract printed one, or the entered
   * `probationMonths` > 0, or, none entered, the term lasted the statutory three months (§36).
   */
  probation: boolean
}

/**
 * Whether an entered term without probation months served the statutory probation (LPCL art. 10;
 * DOCUMENT-REQUIREMENTS §36): it lasted at least three calendar months (`DD/MM/YYYY`, both days in it).
 */
export function lastedStatutoryProbation (entryDate: string, endDate: string): boolean {
  return termLength(entryDate, endDate).months >= STATUTORY_PROBATION_MONTHS
}

/** What a new contract or adenda asks of the history. */
export interface HistoryNeed {
  modality: string | undefined
  /** The term it adds: a contract's, or an adenda's extension. */
  from: string
  to: string
  position: string
  /** The probation the record states: undefined when it states none (the default would apply). */
  statedProbation: boolean | undefined
  /** The field a term refusal is on: `endDate` (a contract) or `endAddendum` (an adenda). */
  endField: 'endDate' | 'endAddendum'
}

/** The outcome: refusals (field, message), and whether the default probation must not be printed. */
export interface HistoryOutcome {
  issues: Array<{ field: string, message: string }>
  /** A probation was served in the same position within three years before `from`: print none. */
  probationServed?: { from: string, to: string }
  /**
   * An earlier contract of the worker started without its signature recorded (DOCUMENT-REQUIREMENTS §39:
   * it binds and counts): an upload warns of it. Only when asked (RegistryAccess.checkHistory).
   */
  startedUnsigned?: { entryDate: string, endDate: string }
}

type Term = readonly [from: string, to: string]

/**
 * The calendar length of terms (`[from, to]`, `DD/MM/YYYY`, both days in them): those that share a day
 * joined, each term's whole months and days summed, thirty days one month.
 */
export function termsLength (terms: readonly Term[]): MonthsAndDays {
  const sorted = [...terms].sort((a, b) => epochDay(a[0]) - epochDay(b[0]))
  const joined: Array<[string, string]> = []
  for (const [from, to] of sorted) {
    const current = joined.at(-1)
    if (current !== undefined && epochDay(from) <= epochDay(current[1])) {
      if (epochDay(to) > epochDay(current[1])) current[1] = to
    } else joined.push([from, to])
  }
  let months = 0
  let days = 0
  for (const [from, to] of joined) {
    const length = termLength(from, to)
    months += length.months
    days += length.days
  }
  return { months: months + Math.floor(days / 30), days: days % 30 }
}

const within = (length: MonthsAndDays, maximum: number) =>
  length.months < maximum || (length.months === maximum && length.days === 0)

/**
 * The latest end of a term from `from` that keeps `terms` plus it within `maximum` months (termsLength),
 * or undefined when not even its first day fits.
 */
function latestEnd (terms: readonly Term[], from: string, maximum: number): string | undefined {
  const fits = (days: number) => {
    try {
      return within(termsLength([...terms, [from, addDays(from, days - 1)]]), maximum)
    } catch {
      return false // past the last day the service computes
    }
  }
  if (!fits(1)) return undefined
  let [low, high] = [1, (maximum + 1) * 31] // low fits; high does not (a term longer than the maximum alone)
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (fits(middle)) low = middle
    else high = middle
  }
  return addDays(from, low - 1)
}

/**
 * The refusal of a term that would take `terms` past `maximum` months, undefined when it fits.
 * @param message the message of the months used, the months and the latest end left (undefined: none)
 */
function beyond (
  terms: readonly Term[], need: HistoryNeed, maximum: number,
  message: (used: MonthsAndDays, left: MonthsAndDays, latest: string | undefined) => string
): { field: string, message: string } | undefined {
  if (within(termsLength([...terms, [need.from, need.to]]), maximum)) return undefined
  const latest = latestEnd(terms, need.from, maximum)
  const left = latest === undefined ? { months: 0, days: 0 } : termLength(need.from, latest)
  return { field: need.endField, message: message(termsLength(terms), left, latest) }
}

/**
 * The history's refusals and the probation's fate for one new term.
 * @param terms the worker's signed and entered terms (not the one being made)
 */
export function historyOutcome (need: HistoryNeed, terms: readonly WorkerTerm[]): HistoryOutcome {
  const outcome: HistoryOutcome = { issues: [] }
  if (terms.length === 0) return outcome
  const all = terms.map((term): Term => [term.entryDate, term.endDate])
  const total = beyond(all, need, MAX_TOTAL_MONTHS, (used, left, latest) =>
    HISTORY_MESSAGES.beyondFiveYears(used.months, used.days, left.months, left.days, latest, MAX_TOTAL_MONTHS))
  if (total !== undefined) outcome.issues.push(total)
  else {
    const code = need.modality === undefined ? undefined : parseModality(need.modality)
    const known = MODALITIES as Record<string, { maxMonths: number, name: string } | undefined>
    const limit = code === undefined ? undefined : known[code]
    if (code !== undefined && limit !== undefined) {
      const same = terms.filter((term) => parseModality(term.modality) === code)
        .map((term): Term => [term.entryDate, term.endDate])
      const issue = same.length === 0
        ? undefined
        : beyond(same, need, limit.maxMonths, (used, left, latest) =>
          HISTORY_MESSAGES.beyondModality(
            modalityInWords(code), limit.maxMonths, used.months, used.days, left.months, left.days, latest))
      if (issue !== undefined) outcome.issues.push(issue)
    }
  }
  // Reglamento art. 16: a probation served in the same position is not repeated (within three years)
  const threeYearsBefore = dayMonthYearKey(addMonths(need.from, -36))
  const position = foldText(need.position)
  const served = terms.find((term) => term.probation && foldText(term.position) === position &&
    dayMonthYearKey(term.endDate) >= threeYearsBefore && dayMonthYearKey(term.entryDate) < dayMonthYearKey(need.from))
  if (served !== undefined) {
    if (need.statedProbation === true) {
      outcome.issues.push({ field: 'probationaryPeriod', message: HISTORY_MESSAGES.probationServed(served.entryDate, served.endDate) })
    } else if (need.statedProbation === undefined) {
      outcome.probationServed = { from: served.entryDate, to: served.endDate }
    }
  }
  return outcome
}

/** The recorded contract an adenda names by `contractId` (issue-state.ts `linked`). */
export interface LinkedContract {
  workerDni: string
  modality: string | null
  causeId: string | null
  /** The site its documents printed (the profile's name), null when none. */
  site: string | null
}

/**
 * An adenda that names a recorded contract (`contractId`) extends that contract as it was issued
 * (LPCL art. 72; DOCUMENT-REQUIREMENTS §21, §28): the contract must be one the registry holds (not an
 * adenda, not superseded by a reprint), of the same worker; the adenda keeps its modality and its
 * reviewed cause, and its division cannot name another of the employer's sites (the cause was
 * reviewed for the contract's).
 * @param contract undefined when the registry holds no such contract
 * @param divisionSite the profile's site the adenda's `division` names, if it names one
 * @param causeWords how a message names a cause id to HR (src/employer/reviewed-causes.ts causeInWords);
 *   default: the id quoted
 * @returns refusals on `contractId`, `modality`, `causeId` or `division`
 */
export function linkedContractIssues (
  addendum: { documentNumber?: string, modality?: string, causeId?: string },
  contractId: string, contract: LinkedContract | undefined, divisionSite: string | undefined,
  causeWords: (id: string) => string = (id) => `«${id}»`
): Array<{ field: string, message: string }> {
  if (contract === undefined) return [{ field: 'contractId', message: LINKED_CONTRACT_MESSAGES.unknown(contractId) }]
  if (addendum.documentNumber !== undefined && addendum.documentNumber !== contract.workerDni) {
    return [{ field: 'contractId', message: LINKED_CONTRACT_MESSAGES.otherWorker(contractId) }]
  }
  const issues: Array<{ field: string, message: string }> = []
  const recorded = contract.modality === null ? undefined : parseModality(contract.modality)
  const stated = addendum.modality === undefined ? undefined : parseModality(addendum.modality)
  if (recorded !== undefined && stated !== undefined && stated !== recorded) {
    issues.push({ field: 'modality', message: LINKED_CONTRACT_MESSAGES.otherModality(modalityInWords(stated), modalityInWords(recorded)) })
  }
  if (contract.causeId !== null && addendum.causeId !== undefined && addendum.causeId !== contract.causeId) {
    issues.push({ field: 'causeId', message: LINKED_CONTRACT_MESSAGES.otherCause(causeWords(addendum.causeId), causeWords(contract.causeId)) })
  }
  if (contract.site !== null && divisionSite !== undefined && foldText(divisionSite) !== foldText(contract.site)) {
    issues.push({ field: 'division', message: LINKED_CONTRACT_MESSAGES.otherSite(divisionSite, contract.site) })
  }
  return issues
}
