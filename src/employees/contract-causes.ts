/**
 * The cause of a contract or adenda (DOCUMENT-REQUIREMENTS §21, §28; LPCL arts. 53, 72, 77 d): only a
 * cause counsel reviewed (the profile's `causes`, src/employer/reviewed-causes.ts) is printed, chosen by the
 * record's `causeId`. A contract that names none takes the one reviewed cause that fits its site,
 * modality, term and working time; none or several is a refusal listing the ones that fit. A cause
 * typed by HR (`objectiveCause`) is printed only when it is a reviewed cause's text: any other is a
 * proposal counsel has not reviewed, refused on `objectiveCause`. An id the registry holds as a proposal
 * counsel has not approved, or as a cause counsel retired, is refused saying so. An adenda keeps its
 * contract's cause, whose period must cover the extension. Messages: CAUSE_MESSAGES (schemas/messages.ts).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { CAUSE_MESSAGES } from '../../schemas/messages.js'
import {
  causeById, causeByText, causeInWords, causeMisfit, causesFor, reviewedCauses, unprintedStatus,
  type CauseNeed, type ReviewedCause, type Shift
} from '../employer/reviewed-causes.js'
import { foldText } from '../vocabulary/format.js'
import { modalityInWords, type ModalityCode } from '../vocabulary/modality.js'
import type { WorkingTimeFacts } from '../vocabulary/working-time.js'

/**
 * The shifts of a working time (every week of a rotation's cycle), as a cause's `justifies` is
 * checked against them: day (0 = lunes) and minutes after that day's midnight (the end past 1440
 * when the shift runs past midnight).
 */
export function weekShifts (facts: Pick<WorkingTimeFacts, 'shifts'>): Shift[] {
  // the facts count minutes from the start of the week: a cause's hours are read from the day's midnight
  return facts.shifts.map(({ day, start, end }) => ({
    day, startMinutes: start - day * 1440, endMinutes: end - day * 1440
  }))
}

/** A refusal of the cause: the record field it names (`causeId`, `objectiveCause`) and its message. */
export interface CauseIssue { field: 'causeId' | 'objectiveCause', message: string }

/** The cause a record names (by id, or by a reviewed text) and the refusal of what it typed, if any. */
interface Named { cause?: ReviewedCause, id?: string, field: CauseIssue['field'], issue?: CauseIssue }

function named (profile: EmployerProfile, causeId: string | undefined, objectiveCause: string | undefined): Named {
  const byText = objectiveCause === undefined ? undefined : causeByText(profile, objectiveCause)
  if (objectiveCause !== undefined && byText === undefined) {
    return { field: 'objectiveCause', issue: { field: 'objectiveCause', message: CAUSE_MESSAGES.objectiveCauseNotReviewed } }
  }
  if (byText !== undefined && causeId !== undefined && causeId !== byText.id) {
    return { field: 'objectiveCause', issue: { field: 'objectiveCause', message: CAUSE_MESSAGES.objectiveCauseOtherId(causeInWords(profile, byText.id), causeInWords(profile, causeId)) } }
  }
  const id = causeId ?? byText?.id
  return { id, cause: id === undefined ? undefined : causeById(profile, id), field: causeId === undefined ? 'objectiveCause' : 'causeId' }
}

/**
 * The refusal of an id the reviewed causes lack: a proposal counsel has not approved yet, a cause
 * counsel retired (the registry's catalogue, src/employer/cause-catalogue.ts), or an unknown id.
 */
function unprintedMessage (profile: EmployerProfile, id: string, fits: readonly string[]): string {
  const status = unprintedStatus(profile, id)
  const named = causeInWords(profile, id)
  return status === 'proposed' ? CAUSE_MESSAGES.causeProposed(named, fits) : status === 'retired' ? CAUSE_MESSAGES.causeRetired(named, fits) : CAUSE_MESSAGES.unknownCause(named, fits)
}

const modalityLabel = modalityInWords

/** What a contract asks of its cause: its site (a profile site's name), modality, term and shifts. */
export interface ContractCauseNeed {
  site: string
  modality: ModalityCode
  from?: string
  to?: string
  shifts?: readonly Shift[]
}

/**
 * The reviewed cause of a contract, or the refusal (§21).
 * @param record the record's `causeId` and `objectiveCause` (typed strings, or undefined)
 * @param need the site the profile knows and the contract's modality (not the suplencia), term and shifts
 */
export function contractCause (
  profile: EmployerProfile, record: { causeId?: string, objectiveCause?: string }, need: ContractCauseNeed
): { cause: ReviewedCause, issue?: undefined } | { cause?: undefined, issue: CauseIssue } {
  const candidates = causesFor(profile, need.site, need.modality)
  const fits = candidates.filter((cause) => causeMisfit(cause, need) === undefined)
  const fitNames = fits.map((cause) => causeInWords(profile, cause.id))
  const { cause, id, field, issue } = named(profile, record.causeId, record.objectiveCause)
  if (issue !== undefined) return { issue }
  if (id !== undefined) {
    if (cause === undefined) return { issue: { field, message: unprintedMessage(profile, id, fitNames) } }
    const misfit = causeMisfit(cause, need)
    if (misfit === undefined) return { cause }
    const words = causeInWords(profile, id)
    const message = misfit === 'modality'
      ? CAUSE_MESSAGES.otherModality(words, modalityLabel(cause.modality), modalityLabel(need.modality), fitNames)
      : misfit === 'site'
        ? CAUSE_MESSAGES.otherSite(words, cause.sites, need.site, fitNames)
        : misfit === 'period'
          ? CAUSE_MESSAGES.outsidePeriod(words, cause.period.from, cause.period.to, fitNames)
          : CAUSE_MESSAGES.outsideSchedule(words, cause.justifiesText ?? '', fitNames)
    return { issue: { field, message } }
  }
  if (fits.length === 1) return { cause: fits[0] }
  if (fits.length > 1) return { issue: { field: 'causeId', message: CAUSE_MESSAGES.severalCauses(fitNames) } }
  if (candidates.length === 0) return { issue: { field: 'causeId', message: CAUSE_MESSAGES.noCause(need.site, modalityLabel(need.modality)) } }
  return {
    issue: {
      field: 'causeId',
      message: CAUSE_MESSAGES.noCauseFits(need.site, modalityLabel(need.modality), candidates.map((entry) =>
        CAUSE_MESSAGES.described(
          causeInWords(profile, entry.id), entry.period.from, entry.period.to, entry.justifiesText)))
    }
  }
}

/**
 * The refusal of a suplencia record that names a cause: a suplencia's cause is the replacement itself
 * (art. 61), never a reviewed cause; an `objectiveCause` that is not a reviewed text is refused as
 * everywhere.
 */
export function suplenciaCauseIssue (
  record: { causeId?: string, objectiveCause?: string }, profile: EmployerProfile
): CauseIssue | undefined {
  const { cause, id, field, issue } = named(profile, record.causeId, record.objectiveCause)
  if (issue !== undefined) return issue
  if (id === undefined) return undefined
  const known = cause !== undefined || unprintedStatus(profile, id) !== undefined
  const words = causeInWords(profile, id)
  return { field, message: known ? CAUSE_MESSAGES.suplenciaHasNoCause(words) : CAUSE_MESSAGES.unknownCause(words, []) }
}

/**
 * The reviewed cause of an adenda, or the refusal (§21, §28): the contract's cause (`causeId`), of the
 * adenda's modality, whose period covers the extension and whose hours hold the adenda's working time
 * when it states one. An adenda without `causeId` is left to its schema (the document routes require it).
 * @param need the modality, the extension (`from` startAddendum, `to` endAddendum) and the shifts when stated
 */
export function addendumCause (
  profile: EmployerProfile, record: { causeId?: string, objectiveCause?: string }, need: CauseNeed
): { cause?: ReviewedCause, issue?: CauseIssue } {
  const { cause, id, field, issue } = named(profile, record.causeId, record.objectiveCause)
  if (issue !== undefined || id === undefined) return { issue }
  // §34: suggest only causes of the contract's site (the named cause's), modality, term and hours
  const sameSite = (entry: ReviewedCause) =>
    cause !== undefined && entry.sites.some((site) => cause.siteKeys.has(foldText(site)))
  const fitNames = reviewedCauses(profile).filter((entry) => sameSite(entry) && causeMisfit(entry, need) === undefined)
    .map((entry) => causeInWords(profile, entry.id))
  if (cause === undefined) return { issue: { field, message: unprintedMessage(profile, id, fitNames) } }
  const misfit = causeMisfit(cause, need)
  if (misfit === undefined) return { cause }
  const words = causeInWords(profile, id)
  const message = misfit === 'modality' && need.modality !== undefined
    ? CAUSE_MESSAGES.otherModality(words, modalityLabel(cause.modality), modalityLabel(need.modality), fitNames)
    : misfit === 'period'
      ? CAUSE_MESSAGES.extensionOutsidePeriod(words, cause.period.from, cause.period.to)
      : CAUSE_MESSAGES.outsideSchedule(words, cause.justifiesText ?? '', fitNames)
  return { issue: { field, message } }
}
