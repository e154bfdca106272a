/**
 * The closed choices of the "Corregir" form (docs/console.md, item 2), fed by `GET /api/profile`: which
 * reviewed causes a row may name (CAUSA: those of its site and modality, DOCUMENT-REQUIREMENTS §21), the
 * suplencia's grounds (CAUSAL DE SUSPENSIÓN, §25), the probation reasons its position allows (MOTIVO DEL
 * PERIODO DE PRUEBA, §24); and the week as the schedule editor keeps it (§22): the canonical text of the
 * service's `workingTimeText` (src/vocabulary/working-time.ts) for one schedule every day worked. Nothing
 * here judges a row: the options only keep HR from typing what counsel has not reviewed; the service
 * says what is wrong.
 */
import { fold } from './text-fold.js'

/** @typedef {import('./api.js').Profile} Profile */

/**
 * The contract type as the profile names it (`Planilla`, `Part Time`, `Subsidio`), or the text as it is.
 * @param {Profile} profile
 * @param {string} text
 */
export function contractTypeOf (profile, text) {
  return Object.keys(profile.contractDefaults).find((type) => fold(type) === fold(text)) ?? text.trim()
}

/**
 * The modality a text names, as the service's parseModality reads it (src/vocabulary/modality.ts): its
 * article number (`58`, `Art. 58`, `artículo 58`) or its legal name (`necesidades del mercado`,
 * `Necesidades-del-Mercado`); case, accents and hyphens aside. Undefined for any other text.
 * @param {Profile} profile
 * @param {string} text
 */
export function modalityByText (profile, text) {
  const key = fold(text.replace(/[-_]/g, ' ')).replace(/^(?:art\.?|articulo)\s*/, '')
  if (key === '') return undefined
  return profile.modalities.find((entry) => entry.code === key || fold(entry.name.replace(/[-_]/g, ' ')) === key)
}

/**
 * The modality code of a row: MODALIDAD as a code (`58`, `Art. 58`) or a name, else the profile's
 * for the contract type (a Subsidio is always the suplencia, 61).
 * @param {Profile} profile
 * @param {string} modality the MODALIDAD cell ('' when none)
 * @param {string} contractType the TIPO DE CONTRATO cell
 * @returns {string | undefined}
 */
export function modalityCodeOf (profile, modality, contractType) {
  const type = contractTypeOf(profile, contractType)
  if (fold(type) === 'subsidio') return '61'
  if (modality.trim() === '') return profile.contractDefaults[type]?.modality
  return modalityByText(profile, modality)?.code
}

/**
 * The day a `DD/MM/YYYY` text names, as a number that orders days; undefined for any other text.
 * @param {unknown} text
 */
export function dayKey (text) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(text ?? '').trim())
  return match === null ? undefined : Number(match[3]) * 10_000 + Number(match[2]) * 100 + Number(match[1])
}

/**
 * Whether a cause's period covers a term (`DD/MM/YYYY`): the service refuses a cause whose period does
 * not (src/employer/reviewed-causes.ts causeMisfit). A date it cannot read is not checked.
 * @param {{ period: { from: string, to: string } }} cause
 * @param {unknown} from the term's start
 * @param {unknown} to the term's end
 */
export function periodCovers (cause, from, to) {
  const [start, end] = [dayKey(from), dayKey(to)]
  const [first, last] = [dayKey(cause.period.from), dayKey(cause.period.to)]
  if (first === undefined || last === undefined) return true
  return (start === undefined || start >= first) && (end === undefined || end <= last)
}

/**
 * The reviewed causes a row may name: of its modality and, when the sheet says where, of its site.
 * @param {Profile} profile
 * @param {string | undefined} modality code
 * @param {string | undefined} site the PLAYA cell; undefined for an adenda (its sheet names no site)
 */
export function causesFor (profile, modality, site) {
  return (profile.causes ?? []).filter((cause) => cause.modality === modality &&
    (site === undefined || cause.sites.some((name) => fold(name) === fold(site))))
}

/**
 * The catalogue position of a row: PERFIL DE PUESTO (its key), else the CARGO by name, feminine name or alias.
 * @param {Profile} profile
 * @param {string} positionProfile
 * @param {string} position
 */
export function positionOf (profile, positionProfile, position) {
  if (positionProfile.trim() !== '') return profile.positions.find((entry) => entry.key === positionProfile.trim())
  const name = fold(position)
  return profile.positions.find((entry) =>
    [entry.name, entry.feminineName ?? '', ...entry.aliases].some((alias) => fold(alias) === name))
}

// ---------------------------------------------------------------------------------------------
// The week of the schedule editor

/** The days as the documents name them (index 0 = lunes). */
export const DAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']

/**
 * One schedule every day worked: the days (indexes, 0 = lunes), one or two shifts and the refrigerio:
 * its minutes and, when stated, when it starts (`HH:MM`, '' when not said: the service then takes it
 * within the longest shift).
 * @typedef {{ days: number[], shifts: { start: string, end: string }[], breakMinutes: number,
 *   breakStart?: string }} SimpleWeek
 */

/**
 * `lunes a viernes`, `lunes, miércoles y viernes`, `sábado y domingo`, as the service's daysText.
 * @param {number[]} days
 */
export function daysText (days) {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  /** @type {string[]} */
  const groups = []
  for (let index = 0; index < sorted.length;) {
    let last = index
    while (last + 1 < sorted.length && sorted[last + 1] === sorted[last] + 1) last++
    if (last - index >= 2) groups.push(`${DAY_NAMES[sorted[index]]} a ${DAY_NAMES[sorted[last]]}`)
    else for (let at = index; at <= last; at++) groups.push(DAY_NAMES[sorted[at]])
    index = last + 1
  }
  return groups.length <= 1 ? (groups[0] ?? '') : `${groups.slice(0, -1).join(', ')} y ${groups[groups.length - 1]}`
}

/**
 * The HORARIO text of a week, as the service prints it: `de 08:00 a 16:45 horas, con 45 minutos de
 * refrigerio`, `… con 45 minutos de refrigerio desde las 12:30` when its start is stated,
 * `de 07:00 a 11:00 y de 12:00 a 16:00 horas, sin refrigerio`; '' without a whole shift.
 * @param {SimpleWeek} week
 */
export function scheduleText (week) {
  const ranges = week.shifts.filter((shift) => shift.start !== '' && shift.end !== '').map((shift) => `de ${shift.start} a ${shift.end}`)
  if (ranges.length === 0) return ''
  const shifts = ranges.length === 1 ? ranges[0] : `${ranges.slice(0, -1).join(', ')} y ${ranges[ranges.length - 1]}`
  const start = /^\d\d:\d\d$/.test(week.breakStart ?? '') ? ` desde las ${week.breakStart}` : ''
  return `${shifts} horas, ${week.breakMinutes === 0 ? 'sin refrigerio' : `con ${week.breakMinutes} minutos de refrigerio${start}`}`
}

/** `HH:MM` → minutes after midnight. @param {string} time */
const minutesOf = (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * The week's hours at work (refrigerio aside; a shift whose end is not after its start runs past
 * midnight), for HORAS SEMANALES: the service compares the two to the minute. Undefined without a day
 * or a whole shift.
 * @param {SimpleWeek} week
 */
export function weeklyHours (week) {
  const shifts = week.shifts.filter((shift) => /^\d\d:\d\d$/.test(shift.start) && /^\d\d:\d\d$/.test(shift.end))
  if (week.days.length === 0 || shifts.length === 0) return undefined
  /** @param {{ start: string, end: string }} shift past midnight when the end is not after the start */
  const length = (shift) => ((minutesOf(shift.end) - minutesOf(shift.start) + 1439) % 1440) + 1
  const span = shifts.reduce((sum, shift) => sum + length(shift), 0)
  return Math.round(((span - week.breakMinutes) * week.days.length / 60) * 100) / 100
}

/**
 * A day's index from its name, unaccented name or three-letter abbreviation (`mié.`); undefined otherwise.
 * @param {string} word
 */
function dayIndex (word) {
  const folded = fold(word).replace(/\.$/, '')
  for (const candidate of [folded, folded.replace(/s$/, '')]) { // `sábados`
    const index = DAY_NAMES.findIndex((name) => fold(name) === candidate || fold(name).slice(0, 3) === candidate)
    if (index >= 0) return index
  }
  return undefined
}

/** `8:00`, `08.00`, `08h00` → `08:00`; undefined when out of range. @param {string} hours @param {string} minutes */
function time (hours, minutes) {
  const h = Number(hours)
  const m = Number(minutes)
  return h > 23 || m > 59 ? undefined : `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

/**
 * The editor's week from a row's texts, when they are one schedule every day worked with one or two
 * shifts (`lunes a viernes` + `de 08:00 a 16:45 horas, con 45 minutos de refrigerio`, `08:00-16:45`);
 * with the refrigerio's minutes and, when said (`… de refrigerio desde las 13:00`), its start;
 * undefined for anything else (per-day schedules, rotations, a refrigerio as a window), which the
 * editor leaves as it is until HR sets a new week.
 * @param {string} days DÍAS DE TRABAJO
 * @param {string} schedule HORARIO
 * @returns {SimpleWeek | undefined}
 */
export function readWeek (days, schedule) {
  const dayList = []
  for (const part of fold(days).replace(/\.$/, '').replace(/^de /, '').split(/\s*,\s*|\s+y\s+|\s+e\s+/)) {
    const range = /^(\S+) a (\S+)$/.exec(part)
    if (range !== null) {
      const [from, to] = [dayIndex(range[1]), dayIndex(range[2])]
      if (from === undefined || to === undefined || to <= from) return undefined
      for (let day = from; day <= to; day++) dayList.push(day)
    } else {
      const day = dayIndex(part)
      if (day === undefined) return undefined
      dayList.push(day)
    }
  }
  const T = '(\\d{1,2})[:.h](\\d{2})'
  const R = `(?:(?:de|desde)(?: las)? )?${T} ?(?:a las|a|-|–|hasta las|hasta) ?${T}`
  const match = new RegExp(`^${R}(?:,? y ${R})?(?: ?(?:horas|hrs|h))?(?:,? (?:con (\\d{1,3}) minutos de refrigerio|con (?:1|una) hora de refrigerio|(sin refrigerio)))?` +
    `(?:,? (?:desde|de|a) las ${T}(?: ?(?:horas|hrs|h))?)?$`)
    .exec(fold(schedule).replace(/\.$/, ''))
  if (match === null) return undefined
  const shifts = [[match[1], match[2], match[3], match[4]], [match[5], match[6], match[7], match[8]]]
    .filter((parts) => parts[0] !== undefined)
    .map(([h1, m1, h2, m2]) => ({ start: time(h1, m1), end: time(h2, m2) }))
  if (shifts.some((shift) => shift.start === undefined || shift.end === undefined)) return undefined
  const breakMinutes = match[9] !== undefined ? Number(match[9]) : match[10] !== undefined || !/refrigerio/.test(match[0]) ? 0 : 60
  const sorted = [...new Set(dayList)].sort((a, b) => a - b)
  const breakStart = match[11] === undefined ? '' : time(match[11], match[12])
  if (breakStart === undefined || (breakStart !== '' && breakMinutes === 0)) return undefined
  return { days: sorted, shifts: /** @type {{ start: string, end: string }[]} */ (shifts), breakMinutes, breakStart }
}

/** `DD/MM/YYYY` → [year, month, day]; undefined for any other text. @param {unknown} text */
function dayOf (text) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(text ?? '').trim())
  return match === null ? undefined : [Number(match[3]), Number(match[2]), Number(match[1])]
}

/**
 * Whether a contract from `start` to `end` (`DD/MM/YYYY`) lasts `months` months or less, by the
 * service's calendar arithmetic (src/vocabulary/dates.ts termEnd: the term ends the day before the
 * corresponding day, or on the month's last day when it has none); false for dates it cannot read.
 * @param {unknown} start
 * @param {unknown} end
 * @param {number} months
 */
export function lastsAtMost (start, end, months) {
  const from = dayOf(start)
  const to = dayOf(end)
  if (from === undefined || to === undefined) return false
  const [year, month, day] = from
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate()
  const limit = day <= lastDay
    ? new Date(Date.UTC(year, month - 1 + months, day - 1))
    : new Date(Date.UTC(year, month - 1 + months + 1, 0))
  return Date.UTC(to[0], to[1] - 1, to[2]) <= limit.getTime()
}

/**
 * Whether the contract prints no probation while the law would give one (DOCUMENT-REQUIREMENTS §24):
 * the record says none, or says nothing on a term of three months or less (the service's default
 * there). A part-time contract under four hours a day has no probation by law, so it is not said.
 * @param {Record<string, unknown>} employee a record the service kept
 */
export function givesUpProbation (employee) {
  if (fold(String(employee.contractType ?? '')) === 'part time') return false
  const given = fold(String(employee.probationaryPeriod ?? '')).replace(/\.$/, '')
  if (given !== '') return given === '0' || given === 'ninguno' || given === 'sin periodo de prueba'
  return lastsAtMost(employee.entryDate, employee.endDate, 3)
}
