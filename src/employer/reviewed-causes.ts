/**
 * The objective causes counsel reviewed (schemas/employer-profile.ts `causes`; DOCUMENT-REQUIREMENTS
 * §21; LPCL arts. 53-63, 67, 72, 77 d): the only causes a contract or adenda prints. Each has an id (a
 * record's `causeId`), one modality, its sites, the period it covers and, optionally, the days and hours
 * of work it justifies (a night service justifies no day shift). This module reads them and says
 * whether one fits a contract's site, modality, term and working time; the record rules
 * (src/employees/contract-causes.ts) turn that into refusals, the documents into the printed cause.
 */
import type { EmployerProfile, ProfileCause } from '../../schemas/employer-profile.js'
import { dayMonthYearKey, isDayMonthYear, lastsAtMost, termEnd } from '../vocabulary/dates.js'
import { foldText } from '../vocabulary/format.js'
import { MODALITIES, parseModality, type ModalityCode } from '../vocabulary/modality.js'
import { parseWorkDays } from '../vocabulary/working-time.js'
import { profileSite } from './sites.js'

/** The days and hours a cause justifies, read: day indexes (0 = lunes) and minutes after midnight. */
export interface JustifiedTime {
  days: ReadonlySet<number>
  fromMinutes: number
  /** After fromMinutes: past 1440 when the window runs past midnight. */
  toMinutes: number
}

/** A reviewed cause, read once per profile. */
export interface ReviewedCause {
  id: string
  modality: ModalityCode
  /** The profile's names of its sites, as the profile writes them. */
  sites: readonly string[]
  text: string
  period: { from: string, to: string }
  /** Art. 57: the day its activity began (§34). */
  activityStart?: string
  /** Undefined: the cause justifies any working time. */
  justifies?: JustifiedTime
  /** As the profile writes it, for messages: `lunes a domingo de 18:00 a 06:00`. */
  justifiesText?: string
  /** The sites folded (foldText), for lookups. */
  siteKeys: ReadonlySet<string>
}

/**
 * One shift of a working week: its day (0 = lunes) and minutes after that day's midnight (the end past
 * 1440 over midnight).
 */
export interface Shift { day: number, startMinutes: number, endMinutes: number }

/** What a contract or adenda asks of a cause: each part checked only when known. */
export interface CauseNeed {
  site?: string
  modality?: ModalityCode
  /** The term (`DD/MM/YYYY`, valid dates): the contract's, or the adenda's extension. */
  from?: string
  to?: string
  /** The shifts of the working week; undefined when unknown or unreadable. */
  shifts?: readonly Shift[]
}

/** The first thing about a cause that does not fit a need, in the order a refusal names it. */
export type CauseMisfit = 'modality' | 'site' | 'period' | 'schedule'

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

function readJustified (justifies: NonNullable<ProfileCause['justifies']>): JustifiedTime | undefined {
  const days = parseWorkDays(justifies.days)
  if (days === undefined || justifies.from === justifies.to) return undefined
  const fromMinutes = minutesOf(justifies.from)
  let toMinutes = minutesOf(justifies.to)
  if (toMinutes <= fromMinutes) toMinutes += 1440
  return { days: new Set(days), fromMinutes, toMinutes }
}

interface CauseBook {
  causes: ReviewedCause[]
  byId: Map<string, ReviewedCause>
  byText: Map<string, ReviewedCause>
}

const books = new WeakMap<EmployerProfile, CauseBook>()

/** A cause's text as compared with a record's `objectiveCause`: folded, without its closing stop. */
const textKey = (text: string) => foldText(text).replace(/[.;,\s]+$/, '')

/**
 * The reviewed causes of a loaded profile (read once per profile). A cause whose modality or
 * justified time cannot be read is left out: start-up refuses such a profile (causeProblems).
 */
export function reviewedCauses (profile: EmployerProfile): readonly ReviewedCause[] {
  return book(profile).causes
}

function book (profile: EmployerProfile): CauseBook {
  let found = books.get(profile)
  if (found !== undefined) return found
  const causes: ReviewedCause[] = []
  for (const cause of profile.causes ?? []) {
    const modality = parseModality(cause.modality)
    const justifies = cause.justifies === undefined ? undefined : readJustified(cause.justifies)
    if (modality === undefined || (cause.justifies !== undefined && justifies === undefined)) continue
    causes.push({
      id: cause.id,
      modality,
      sites: cause.sites.map((name) => profileSite(profile, name)?.name ?? name),
      text: cause.text,
      period: cause.period,
      ...(cause.activityStart === undefined ? {} : { activityStart: cause.activityStart }),
      justifies,
      justifiesText: cause.justifies === undefined ? undefined : `${cause.justifies.days} de ${cause.justifies.from} a ${cause.justifies.to}`,
      siteKeys: new Set(cause.sites.map(foldText))
    })
  }
  found = {
    causes,
    byId: new Map(causes.map((cause) => [cause.id, cause])),
    byText: new Map(causes.map((cause) => [textKey(cause.text), cause]))
  }
  books.set(profile, found)
  return found
}

/** The reviewed cause of this id (exact), if any. */
export function causeById (profile: EmployerProfile, id: string): ReviewedCause | undefined {
  return book(profile).byId.get(id)
}

/**
 * A cause's text cut at a word to about `length` characters, with `…` when cut: how a message starts a
 * cause (the same cut as the console's shortText, console/js/text-fold.js).
 */
export function shortCauseText (text: string, length = 70): string {
  if (text.length <= length) return text
  const cut = text.slice(0, length)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).replace(/[\s,.;:]+$/, '')}…`
}

/**
 * A cause as a message names it to HR (never by its id): `«the start of its text»`, with its period
 * when another reviewed cause's text starts the same way (`«…» (del 01/01/2026 al 31/12/2026)`), as
 * the console's CAUSA picker shows it (console/js/plain.js reads it back to add the id in the corrected
 * sheet). A proposal or a retired cause is named by its text; an id no review knows (a typo) is quoted as typed.
 */
export function causeInWords (profile: EmployerProfile, id: string): string {
  const cause = causeById(profile, id)
  // a proposal or a retired cause by its text; an id no review knows, as it was written
  const named = cause ?? unprinted.get(profile)?.get(id)
  if (named === undefined) return `«${id}»`
  const short = shortCauseText(named.text)
  const twin = reviewedCauses(profile).some((other) => other !== cause && shortCauseText(other.text) === short)
  return twin ? `«${short}» (del ${named.period.from} al ${named.period.to})` : `«${short}»`
}

/**
 * The reviewed cause whose text is `text` (case, accents, spacing and a closing stop ignored): a
 * record's `objectiveCause` is printed only when it is one (§21).
 */
export function causeByText (profile: EmployerProfile, text: string): ReviewedCause | undefined {
  return book(profile).byText.get(textKey(text))
}

/**
 * The id of the reviewed cause a sheet's CAUSA names by its text (the adendas template lists causes
 * by text, docs/import.md): the one cause with that text (case, accents, spacing and a closing stop
 * ignored) or, when several share it (the same need in other periods), the one whose period covers
 * `from`–`to` (`DD/MM/YYYY`, the adenda's extension). Undefined when `text` is an id, no cause's
 * text, or names several causes the term does not tell apart.
 */
export function causeIdByText (profile: EmployerProfile, text: string, from?: string, to?: string): string | undefined {
  if (causeById(profile, text) !== undefined) return undefined
  const key = textKey(text)
  const named = book(profile).causes.filter((cause) => textKey(cause.text) === key)
  if (named.length <= 1) return named[0]?.id
  const covering = named.filter((cause) =>
    from !== undefined && to !== undefined && isDayMonthYear(from) && isDayMonthYear(to) &&
    dayMonthYearKey(cause.period.from) <= dayMonthYearKey(from) &&
    dayMonthYearKey(to) <= dayMonthYearKey(cause.period.to))
  return covering.length === 1 ? covering[0].id : undefined
}

/** Whether every shift lies within the days and hours the cause justifies (a window of day d may run into d + 1). */
export function shiftsJustified (justified: JustifiedTime, shifts: readonly Shift[]): boolean {
  return shifts.every(({ day, startMinutes, endMinutes }) => {
    const { days, fromMinutes, toMinutes } = justified
    const sameDay = days.has(day) && startMinutes >= fromMinutes && endMinutes <= toMinutes
    // after midnight, inside the window that began the day before (domingo's 22:00-06:00 holds lunes 01:00-05:00)
    const dayBefore = toMinutes > 1440 && days.has((day + 6) % 7) &&
      startMinutes >= fromMinutes - 1440 && endMinutes <= toMinutes - 1440
    return sameDay || dayBefore
  })
}

/**
 * What of `need` the cause does not meet, the first in the order modality, site, period, schedule;
 * undefined when it fits. Parts of the need that are unknown are not checked.
 */
export function causeMisfit (cause: ReviewedCause, need: CauseNeed): CauseMisfit | undefined {
  if (need.modality !== undefined && cause.modality !== need.modality) return 'modality'
  if (need.site !== undefined && !cause.siteKeys.has(foldText(need.site))) return 'site'
  const before = (a: string, b: string) => dayMonthYearKey(a) < dayMonthYearKey(b)
  const { from, to } = cause.period
  if ((need.from !== undefined && before(need.from, from)) || (need.to !== undefined && before(to, need.to))) return 'period'
  if (cause.justifies !== undefined && need.shifts !== undefined && !shiftsJustified(cause.justifies, need.shifts)) return 'schedule'
  return undefined
}

/** The reviewed causes for a site and a modality, whatever their period and hours. */
export function causesFor (profile: EmployerProfile, site: string, modality: ModalityCode): ReviewedCause[] {
  return book(profile).causes.filter((cause) => causeMisfit(cause, { site, modality }) === undefined)
}

/** One thing a cause says that the profile cannot print, on the cause's field it concerns. */
export type CauseFinding =
  | { field: 'modality', kind: 'modality', modality: string }
  | { field: 'sites', kind: 'unknownSite', site: string }
  | { field: 'sites', kind: 'siteModality', site: string, modality: ModalityCode }
  | { field: 'period', kind: 'notADate', date: string }
  | { field: 'period', kind: 'backwards', from: string, to: string }
  | { field: 'period', kind: 'seasonTooLong', from: string, to: string }
  | { field: 'activityStart', kind: 'activityStartMissing' }
  | { field: 'activityStart', kind: 'notADate', date: string }
  | { field: 'period', kind: 'activityTooLong', start: string, lastDay: string, to: string }
  | { field: 'period', kind: 'beforeActivity', start: string, from: string }
  | { field: 'justifies', kind: 'justifies', days: string, from: string, to: string }

/**
 * What of one cause the profile cannot print (DOCUMENT-REQUIREMENTS §21), in field order: the
 * modality is one the service prints and not the suplencia (61: its cause is the replacement
 * itself); each site is one of `sites` and allows that modality; the period's dates exist and do
 * not run backwards; a season (67) lasts at most a year; an art. 57 cause (inicio o incremento de
 * actividad) carries `activityStart`, its period starts no earlier and ends at most 36 months after
 * it (§34; LPCL art. 57); the justified days and hours can be read.
 * The profile's causes at start-up (causeProblems) and a cause proposed through the registry
 * (`POST /api/causes`) are checked alike.
 */
export function causeFindings (profile: EmployerProfile, cause: Omit<ProfileCause, 'id'>): CauseFinding[] {
  const findings: CauseFinding[] = []
  const modality = parseModality(cause.modality)
  if (modality === undefined || modality === '61') findings.push({ field: 'modality', kind: 'modality', modality: cause.modality })
  for (const name of cause.sites) {
    const site = profileSite(profile, name)
    if (site === undefined) findings.push({ field: 'sites', kind: 'unknownSite', site: name })
    else if (modality !== undefined && !site.modalities.some((allowed) => parseModality(allowed) === modality)) {
      findings.push({ field: 'sites', kind: 'siteModality', site: site.name, modality })
    }
  }
  const { from, to } = cause.period
  if (!isDayMonthYear(from) || !isDayMonthYear(to)) findings.push({ field: 'period', kind: 'notADate', date: isDayMonthYear(from) ? to : from })
  else if (dayMonthYearKey(to) < dayMonthYearKey(from)) findings.push({ field: 'period', kind: 'backwards', from, to })
  else if (modality === '67' && !lastsAtMost(from, to, MODALITIES[67].maxMonths)) findings.push({ field: 'period', kind: 'seasonTooLong', from, to })
  else if (modality === '57') findings.push(...activityFindings(cause.activityStart, from, to))
  if (cause.justifies !== undefined && readJustified(cause.justifies) === undefined) {
    findings.push({ field: 'justifies', kind: 'justifies', ...cause.justifies })
  }
  return findings
}

/** §34: an art. 57 cause's opening date, and its period within the 36 months after it (LPCL art. 57). */
function activityFindings (start: string | undefined, from: string, to: string): CauseFinding[] {
  if (start === undefined) return [{ field: 'activityStart', kind: 'activityStartMissing' }]
  if (!isDayMonthYear(start)) return [{ field: 'activityStart', kind: 'notADate', date: start }]
  if (dayMonthYearKey(from) < dayMonthYearKey(start)) return [{ field: 'period', kind: 'beforeActivity', start, from }]
  const lastDay = termEnd(start, MODALITIES[57].maxMonths)
  return dayMonthYearKey(to) > dayMonthYearKey(lastDay) ? [{ field: 'period', kind: 'activityTooLong', start, lastDay, to }] : []
}

/**
 * Start-up problems of the causes (DOCUMENT-REQUIREMENTS §21), one line each, naming the cause: ids
 * are unique, and each cause's findings (causeFindings).
 */
export function causeProblems (profile: EmployerProfile): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  ;(profile.causes ?? []).forEach((cause, index) => {
    const at = `causes.${index} (${cause.id})`
    if (seen.has(cause.id)) problems.push(`${at}: el id "${cause.id}" está repetido`)
    seen.add(cause.id)
    for (const finding of causeFindings(profile, cause)) {
      const line = finding.kind === 'modality'
        ? `"${finding.modality}" no es 57, 58, 60, 63 ni 67 (la suplencia tiene por causa el reemplazo mismo)`
        : finding.kind === 'unknownSite'
          ? `"${finding.site}" no es una de las sedes (sites)`
          : finding.kind === 'siteModality'
            ? `la sede "${finding.site}" no admite la modalidad ${finding.modality}`
            : finding.kind === 'notADate'
              ? `${finding.date} no es una fecha`
              : finding.kind === 'backwards'
                ? `termina (${finding.to}) antes de empezar (${finding.from})`
                : finding.kind === 'seasonTooLong'
                  ? `una temporada (art. 67) es una época del año y no dura más de un año; del ${finding.from} al ${finding.to} dura más`
                  : finding.kind === 'activityStartMissing'
                    ? 'una causa de la modalidad 57 indica activityStart, el día en que empezó su actividad (art. 57 de la LPCL)'
                    : finding.kind === 'activityTooLong'
                      ? `la actividad empezó el ${finding.start}: la causa cubre como máximo hasta el ${finding.lastDay} (tres años, ` +
                        `art. 57 de la LPCL), no hasta el ${finding.to}`
                      : finding.kind === 'beforeActivity'
                        ? `empieza (${finding.from}) antes que su actividad (activityStart ${finding.start})`
                        : `no se pueden leer los días "${finding.days}" de ${finding.from} a ${finding.to}`
      problems.push(`${at}.${finding.field}: ${line}`)
    }
  })
  return problems
}

/** The review of a cause that is not printed: HR proposed it and counsel has not approved it, or counsel retired it. */
export type UnprintedStatus = 'proposed' | 'retired'

/** A cause the profile knows and does not print: its review, and its text (a refusal names it by it, never by id). */
export interface UnprintedCause { status: UnprintedStatus, text: string, period: { from: string, to: string } }

const unprinted = new WeakMap<EmployerProfile, ReadonlyMap<string, UnprintedCause>>()

/**
 * The profile with `causes` as its reviewed causes (the registry's approved catalogue,
 * src/employer/cause-catalogue.ts), and the ids of the causes it does not print with their review,
 * so a refusal can say why (unprintedStatus) and name them by their text (causeInWords).
 */
export function withCauses (
  profile: EmployerProfile, causes: ProfileCause[], others: ReadonlyMap<string, UnprintedCause> = new Map()
): EmployerProfile {
  const derived: EmployerProfile = { ...profile, causes }
  unprinted.set(derived, others)
  return derived
}

/** Why the profile does not print a cause id it knows: `proposed` or `retired`; undefined for an unknown id. */
export function unprintedStatus (profile: EmployerProfile, id: string): UnprintedStatus | undefined {
  return unprinted.get(profile)?.get(id)?.status
}
