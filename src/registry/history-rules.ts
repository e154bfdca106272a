/**
 * Rules on a worker's history (LPCL art. 74; Reglamento art. 16; DOCUMENT-REQUIREMENTS §32): the
 * contracts and adendas HR marked signed and the earlier contracts HR entered count toward art. 74's
 * five years of modal contracts and toward each modality's maximum; a probation already served in
 * the same position within three years is not repeated. Plain data in and out: the registry
 * (registry.ts `workerTerms`) gives the terms, the plugin applies the issues.
 *
 * Durations are counted in days over the union of the terms (a day covered twice counts once) and
 * said in months of 30 days; the limits are 5 × 365 + 1 days (art. 74) and the modality's months ×
 * 30.4375 days.
 */
import { HISTORY_MESSAGES, LINKED_CONTRACT_MESSAGES } from '../../schemas/messages.js'
import { addMonths, dayMonthYearKey } from '../vocabulary/dates.js'
import { foldText } from '../vocabulary/format.js'
import { MAX_TOTAL_MONTHS, MODALITIES, modalityInWords, parseModality } from '../vocabulary/modality.js'

/** One earlier term of a worker: a signed contract or adenda, or an entered one (`DD/MM/YYYY`). */
export interface WorkerTerm {
  modality: string
  entryDate: string
  endDate: string
  position: string
  /** Whether a probation was served in it (entered `probationMonths` > 0, or the signed contract's). */
  probation: boolean
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

const DAY_MS = 86_400_000
const FIVE_YEARS_DAYS = 5 * 365 + 1
const MONTH_DAYS = 30.4375

const epochDay = (date: string) => {
  const [day, month, year] = date.split('/').map(Number)
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS)
}

/** Days covered by the union of `[from, to]` intervals (epoch days, both ends included). */
function coveredDays (intervals: Array<[number, number]>): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0])
  let total = 0
  let current: [number, number] | undefined
  for (const [from, to] of sorted) {
    if (current === undefined || from > current[1] + 1) {
      if (current !== undefined) total += current[1] - current[0] + 1
      current = [from, to]
    } else current[1] = Math.max(current[1], to)
  }
  if (current !== undefined) total += current[1] - current[0] + 1
  return total
}

const months = (days: number) => Math.floor(days / 30)

/**
 * The history's refusals and the probation's fate for one new term.
 * @param terms the worker's signed and entered terms (not the one being made)
 */
export function historyOutcome (need: HistoryNeed, terms: readonly WorkerTerm[]): HistoryOutcome {
  const outcome: HistoryOutcome = { issues: [] }
  if (terms.length === 0) return outcome
  const added: [number, number] = [epochDay(need.from), epochDay(need.to)]
  const all = terms.map((term): [number, number] => [epochDay(term.entryDate), epochDay(term.endDate)])
  const used = coveredDays(all)
  const withNew = coveredDays([...all, added])
  if (withNew > FIVE_YEARS_DAYS) {
    const left = Math.max(0, months(FIVE_YEARS_DAYS - used))
    const message = HISTORY_MESSAGES.beyondFiveYears(months(used), left, MAX_TOTAL_MONTHS)
    outcome.issues.push({ field: need.endField, message })
  } else {
    const code = need.modality === undefined ? undefined : parseModality(need.modality)
    const known = MODALITIES as Record<string, { maxMonths: number, name: string } | undefined>
    const limit = code === undefined ? undefined : known[code]
    if (code !== undefined && limit !== undefined) {
      const same = terms.filter((term) => parseModality(term.modality) === code)
        .map((term): [number, number] => [epochDay(term.entryDate), epochDay(term.endDate)])
      const limitDays = Math.floor(limit.maxMonths * MONTH_DAYS)
      const sameUsed = coveredDays(same)
      if (same.length > 0 && coveredDays([...same, added]) > limitDays) {
        outcome.issues.push({
          field: need.endField,
          message: HISTORY_MESSAGES.beyondModality(
            modalityInWords(code), limit.maxMonths, months(sameUsed), Math.max(0, months(limitDays - sameUsed)))
        })
      }
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

/** The recorded contract an adenda names by `contractId` (registry.ts `contractsByIds`). */
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
