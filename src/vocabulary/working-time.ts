/**
 * Working time as a structured week (DOCUMENT-REQUIREMENTS §22, §23): for each day worked, its shifts
 * (`HH:MM` start and end; an end not after the start runs past midnight), the refrigerio (minutes,
 * and when it starts if known); for rotating shifts, every week of the cycle. This module reads the
 * record's text into that structure (`lunes a viernes` + `de 08:00 a 16:45 horas, con 45 minutos de
 * refrigerio`, per-day segments joined by `;`, split shifts, weekly rotations), writes the canonical
 * Spanish text the documents print, and computes what the rules test: the weekly minutes and the
 * cycle's average, the longest day, the days worked each week, the night minutes actually worked
 * (22:00-06:00, D.S. 007-2002-TR art. 8) and the facts of every shift (its span, its refrigerio,
 * the meal windows it covers). The rules themselves are in src/employees/working-time-rules.ts.
 */

import { foldText } from './format.js'

/** The days of the week as the documents name them (index 0 = lunes). */
export const DAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const
export type DayName = typeof DAY_NAMES[number]
/** Day names a record may send: the canonical ones and those written without accents. */
export const DAY_INPUT_NAMES = [...DAY_NAMES, 'miercoles', 'sabado'] as const

/** One continuous stretch at work, `HH:MM` to `HH:MM` (past midnight when the end is not after the start). */
export interface Shift {
  start: string
  end: string
}

/**
 * One day worked: the shifts that start that day, in order (a shift that starts earlier than the
 * one before it starts after midnight), and the refrigerio of the day: its minutes (0: none) and,
 * optionally, when it starts. A refrigerio without a start is taken within the day's longest shift.
 */
export interface WorkDay {
  day: string
  shifts: Shift[]
  breakMinutes: number
  breakStart?: string
}

/** One week: its days worked (a day not listed is a day of rest). */
export interface WorkWeek {
  days: WorkDay[]
}

/**
 * A record's working time (`workingTime`): the week, or with `rotation` the weeks of a rotating
 * cycle, in order; then `days` is the cycle's first week (as the text parser writes it) or empty.
 */
export interface WorkingTime {
  days: WorkDay[]
  rotation?: { weeks: WorkWeek[] }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
const isDayList = (value: unknown): boolean => Array.isArray(value) && value.every((day) =>
  isRecord(day) && typeof day.day === 'string' && typeof day.breakMinutes === 'number' && Number.isInteger(day.breakMinutes) &&
  day.breakMinutes >= 0 && (day.breakStart === undefined || typeof day.breakStart === 'string') && Array.isArray(day.shifts) &&
  day.shifts.every((shift) => isRecord(shift) && typeof shift.start === 'string' && typeof shift.end === 'string'))

/**
 * Whether a value has the shape of a WorkingTime (its types only: the rules say what else is wrong),
 * so that a value the schema refused is never measured.
 */
export function isWorkingTimeShape (value: unknown): value is WorkingTime {
  if (!isRecord(value) || !isDayList(value.days)) return false
  if (value.rotation === undefined) return true
  return isRecord(value.rotation) && Array.isArray(value.rotation.weeks) &&
    value.rotation.weeks.every((week) => isRecord(week) && isDayList(week.days))
}

/** A meal time of the employer's profile (`HH:MM` to `HH:MM`, within one day). */
export interface MealWindow {
  start: string
  end: string
}

const MINUTES_PER_DAY = 1440
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY

/** `HH:MM` → minutes after midnight; undefined when it is not such a time (24:00 and 7:5 are not). */
export function timeMinutes (time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  return match === null ? undefined : Number(match[1]) * 60 + Number(match[2])
}

/** Minutes after midnight (any day) → `HH:MM`. */
export function timeText (minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`
}

/** DAY_NAMES as they are compared (foldText: `miercoles`, `sabado`), folded once. */
const FOLDED_DAY_NAMES: readonly string[] = DAY_NAMES.map((name) => foldText(name))

/** Day index (0 = lunes) of a canonical or unaccented name, a three-letter abbreviation, or a plural (`sábados`). */
function dayIndex (word: string): number | undefined {
  const folded = foldText(word).replace(/\.$/, '')
  for (const candidate of [folded, folded.replace(/s$/, '')]) {
    const index = FOLDED_DAY_NAMES.findIndex((plain) => plain === candidate || plain.slice(0, 3) === candidate)
    if (index >= 0) return index
  }
  return undefined
}

/** The index of a day as a record names it (`miércoles`, `miercoles`); undefined for any other text. */
export function dayNameIndex (name: string): number | undefined {
  const folded = foldText(name)
  const index = FOLDED_DAY_NAMES.indexOf(folded)
  return index < 0 ? undefined : index
}

/**
 * The days of `lunes a viernes`, `de lunes a viernes`, `lun, mié y vie`, `sábado y domingo`,
 * `lunes a viernes y sábados` (names, three-letter abbreviations with or without a dot, or plurals;
 * ranges with `a`; lists with commas, `y` or `e`), as a sorted list of day indexes (0 = lunes).
 * @returns undefined when the text is not such a list (or names a day twice)
 */
export function parseWorkDays (text: string): number[] | undefined {
  const parts = foldText(text).replace(/\.$/, '').replace(/^de /, '').split(/\s*,\s*|\s+y\s+|\s+e\s+/)
  const days: number[] = []
  for (const part of parts) {
    const range = /^(\S+) a (\S+)$/.exec(part)
    if (range !== null) {
      const from = dayIndex(range[1])
      const to = dayIndex(range[2])
      if (from === undefined || to === undefined || to <= from) return undefined
      for (let day = from; day <= to; day++) days.push(day)
    } else {
      const day = /^\S+$/.test(part) ? dayIndex(part) : undefined
      if (day === undefined) return undefined
      days.push(day)
    }
  }
  if (days.length === 0 || new Set(days).size !== days.length) return undefined
  return days.sort((a, b) => a - b)
}

// ---------------------------------------------------------------------------------------------
// Text → structure

const TIME = '(\\d{1,2})(?:[:.h](\\d{2}))?'
const HOURS_WORD = '(?: ?(?:horas|hrs|h)\\b)'
/** One range: `de 08:00 a 16:45 horas`, `08:00-16:45`, `desde las 18:00 hasta las 22:00`, `de 18 a 21 horas`. */
const RANGE = new RegExp(
  `^(?:(?:de|desde)(?: las)? )?${TIME}${HOURS_WORD}? ?(?:-|–|a las|a|hasta las|hasta) ?${TIME}(${HOURS_WORD})?`
)
const BREAK = new RegExp(
  '^(?:con )?(?:(\\d{1,3}|un|una|media) (minutos|min|hora|horas) de refrigerio|refrigerio de (\\d{1,3}) (minutos|min))' +
  `(?: (?:desde|a|de) las ${TIME}(?: ?(?:a|-|hasta)(?: las)? ${TIME})?)?${HOURS_WORD}?$`
)

/** A time of the text, as `HH:MM`; undefined when out of range. */
function readTime (hours: string, minutes: string | undefined): string | undefined {
  const [h, m] = [Number(hours), minutes === undefined ? 0 : Number(minutes)]
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return undefined
  return timeText(h * 60 + m)
}

interface ReadSchedule {
  shifts: Shift[]
  breakMinutes: number
  breakStart?: string
}

/**
 * Reads the refrigerio part: `con 45 minutos de refrigerio`, `con 1 hora…`, `sin refrigerio`,
 * `con refrigerio de 13:00 a 13:45`.
 */
function readBreak (text: string): { minutes: number, start?: string } | undefined {
  if (text === '' || text === 'sin refrigerio') return { minutes: 0 }
  const window = /^con refrigerio (?:de|desde las) (\d{1,2})[:.h](\d{2}) (?:a|-|hasta)(?: las)? (\d{1,2})[:.h](\d{2})(?: ?horas)?$/.exec(text)
  if (window !== null) {
    const start = readTime(window[1], window[2])
    const end = readTime(window[3], window[4])
    if (start === undefined || end === undefined) return undefined
    const minutes = ((timeMinutes(end) as number) - (timeMinutes(start) as number) + MINUTES_PER_DAY) % MINUTES_PER_DAY
    return minutes === 0 ? undefined : { minutes, start }
  }
  const match = BREAK.exec(text)
  if (match === null) return undefined
  const amount = match[1] ?? match[3]
  const unit = match[2] ?? match[4]
  const count = amount === 'un' || amount === 'una' ? 1 : amount === 'media' ? 0.5 : Number(amount)
  if (amount === 'media' && !unit.startsWith('hora')) return undefined
  const minutes = unit.startsWith('hora') ? count * 60 : count
  let start: string | undefined
  if (match[5] !== undefined) {
    start = readTime(match[5], match[6])
    if (start === undefined) return undefined
    if (match[7] !== undefined) {
      const end = readTime(match[7], match[8])
      if (end === undefined) return undefined
      const span = ((timeMinutes(end) as number) - (timeMinutes(start) as number) + MINUTES_PER_DAY) % MINUTES_PER_DAY
      if (span !== minutes) return undefined
    }
  }
  return { minutes, start }
}

/**
 * Reads the shifts and the refrigerio of one schedule without days: `de 07:00 a 11:00 y de 12:00 a
 * 16:00 horas, con 45 minutos de refrigerio`. Bare hours (`de 18 a 21`) only before `horas`.
 */
function readSchedule (text: string): ReadSchedule | undefined {
  let rest = text.trim()
  const shifts: Shift[] = []
  for (;;) {
    const match = RANGE.exec(rest)
    if (match === null) break
    // bare hours only where the range says `horas`: `de 8 a 12` stays unreadable
    if ((match[2] === undefined || match[4] === undefined) && match[5] === undefined) return undefined
    const start = readTime(match[1], match[2])
    const end = readTime(match[3], match[4])
    if (start === undefined || end === undefined) return undefined
    shifts.push({ start, end })
    rest = rest.slice(match[0].length).trim()
    const joiner = /^(?:,? ?y|,)(?= (?:de |desde )?\d)/.exec(rest)
    if (joiner === null) break
    rest = rest.slice(joiner[0].length).trim()
  }
  if (shifts.length === 0) return undefined
  rest = rest.replace(/^,\s*/, '')
  const pause = readBreak(rest)
  if (pause === undefined) return undefined
  return { shifts, breakMinutes: pause.minutes, ...(pause.start === undefined ? {} : { breakStart: pause.start }) }
}

/** Splits `lunes a viernes de 08:00…` into its days and its schedule; days undefined when none lead. */
function splitDays (segment: string): { days?: number[], schedule: string } | undefined {
  const first = /(?:(?:de|desde)(?: las)? )?\d/.exec(segment)
  if (first === null) return undefined
  const head = segment.slice(0, first.index).trim().replace(/,$/, '').trim()
  const schedule = segment.slice(first.index)
  if (head === '') return { schedule }
  const days = parseWorkDays(head)
  return days === undefined ? undefined : { days, schedule }
}

/** Why a record's text cannot be read into a working time. */
export type WorkingTimeTextProblem =
  | 'workDaysUnreadable' | 'workScheduleUnreadable' | 'workDaysMissing' | 'workDaysDisagree'

const workDay = (day: number, schedule: ReadSchedule): WorkDay => ({
  day: DAY_NAMES[day],
  shifts: schedule.shifts.map((shift) => ({ ...shift })),
  breakMinutes: schedule.breakMinutes,
  ...(schedule.breakStart === undefined ? {} : { breakStart: schedule.breakStart })
})

/** `rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con 45 minutos de refrigerio`. */
function readRotation (body: string, workDays: number[] | undefined): WorkingTime | WorkingTimeTextProblem {
  const parts = body.split(/\s*\/\s*/)
  if (parts.length < 2) return 'workScheduleUnreadable'
  const last = parts[parts.length - 1]
  // the last shift carries the days and the refrigerio: `22:00-06:45, lunes a sábado, con 45 minutos…`
  const tail = /^([^,]+?)(?:, ((?!con |sin )[^,]*?[a-z][^,]*?))?(?:, ((?:con|sin) .*))?$/.exec(last)
  if (tail === null) return 'workScheduleUnreadable'
  let days = workDays
  if (tail[2] !== undefined) {
    const stated = parseWorkDays(tail[2])
    if (stated === undefined) return 'workScheduleUnreadable'
    if (workDays !== undefined && stated.join() !== workDays.join()) return 'workDaysDisagree'
    days = stated
  }
  if (days === undefined) return 'workDaysMissing'
  const pause = readBreak(tail[3] ?? '')
  if (pause === undefined || pause.start !== undefined) return 'workScheduleUnreadable'
  const weeks: WorkWeek[] = []
  for (const part of [...parts.slice(0, -1), tail[1]]) {
    const schedule = readSchedule(part)
    if (schedule === undefined || schedule.breakMinutes !== 0 || schedule.shifts.length !== 1) return 'workScheduleUnreadable'
    const withBreak: ReadSchedule = { shifts: schedule.shifts, breakMinutes: pause.minutes }
    weeks.push({ days: days.map((day) => workDay(day, withBreak)) })
  }
  return { days: weeks[0].days, rotation: { weeks } }
}

/**
 * A record's working time read from its text (DOCUMENT-REQUIREMENTS §22): the days of `workDays`
 * (optional when the schedule names its own) and the schedule of `workSchedule`: one schedule for
 * every day (`de 18:00 a 21:45 horas`, `18:00-21:45`, `de 18 a 21 horas`, `de 18:00 hasta las
 * 22:00`, split shifts `de 07:00 a 11:00 y de 12:00 a 16:00`, with `, con 45 minutos de
 * refrigerio`, `con 1 hora de refrigerio`, `sin refrigerio`); per-day segments joined by `;`
 * (`lunes a viernes de 08:00 a 16:45 con 45 minutos de refrigerio; sábado de 08:00 a 12:00`); or a
 * weekly rotation (`rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con
 * 45 minutos de refrigerio`).
 * @returns the working time, or why it cannot be read: which field, or days missing or disagreeing
 */
export function parseWorkingTimeText (
  workDays: string | undefined, workSchedule: string
): WorkingTime | WorkingTimeTextProblem {
  const days = workDays === undefined ? undefined : parseWorkDays(workDays)
  if (workDays !== undefined && days === undefined) return 'workDaysUnreadable'
  const text = foldText(workSchedule).replace(/\.$/, '')
  const rotation = /^(?:turnos? )?rotativos?(?: semanal(?:es)?)?(?: de \d+ semanas)?:? (.+)$/.exec(text)
  if (rotation !== null) return readRotation(rotation[1], days)
  const segments = text.split(/\s*;\s*/)
  const week: WorkDay[] = []
  for (const segment of segments) {
    const split = splitDays(segment)
    if (split === undefined) return 'workScheduleUnreadable'
    const schedule = readSchedule(split.schedule)
    if (schedule === undefined) return 'workScheduleUnreadable'
    const segmentDays = split.days ?? (segments.length === 1 ? days : undefined)
    if (segmentDays === undefined) return segments.length === 1 ? 'workDaysMissing' : 'workScheduleUnreadable'
    for (const day of segmentDays) {
      if (week.some((entry) => dayNameIndex(entry.day) === day)) return 'workScheduleUnreadable'
      week.push(workDay(day, schedule))
    }
  }
  week.sort((a, b) => (dayNameIndex(a.day) as number) - (dayNameIndex(b.day) as number))
  if (days !== undefined && week.map((entry) => dayNameIndex(entry.day)).join() !== days.join()) return 'workDaysDisagree'
  return { days: week }
}

// ---------------------------------------------------------------------------------------------
// What follows from a structure

/** One shift of the cycle, placed: minutes from the cycle's first Monday 00:00. */
export interface ShiftFacts {
  /** Week of the cycle (0-based) and day (0 = lunes). */
  week: number
  day: number
  start: number
  end: number
  /** The refrigerio taken within this shift, in minutes (0: none). */
  breakMinutes: number
  /** When that refrigerio starts (minutes from the cycle's first Monday 00:00), when the record says so. */
  breakFrom?: number
  /** Minutes worked between 22:00 and 06:00: the refrigerio deducted where it falls (§22). */
  nightMinutes: number
  /** The meal windows (indexes of the list given) that lie whole within the shift. */
  mealWindows: number[]
}

/** What a working time amounts to. */
export interface WorkingTimeFacts {
  /** Weeks in the cycle (1 without a rotation). */
  weeks: number
  /** Minutes worked in each week of the cycle (refrigerio deducted). */
  weeklyMinutes: number[]
  /** The cycle's average of minutes worked a week (may have a fraction). */
  averageWeeklyMinutes: number
  /** Days worked in each week of the cycle. */
  daysPerWeek: number[]
  /** The days worked in some week of the cycle (0 = lunes), sorted. */
  workDays: number[]
  /** The most minutes worked on one day. */
  longestDayMinutes: number
  /** Night minutes worked over the cycle ÷ minutes worked, 0 to 1 (the share the 35 % applies to). */
  nightShare: number
  /** The cycle's average of night minutes worked a week. */
  averageNightMinutes: number
  shifts: ShiftFacts[]
}

/** Why a structure is not a working time. */
export type WorkingTimeShapeProblem =
  | { problem: 'noDays' }
  | { problem: 'dayTwice', day: string }
  | { problem: 'unknownDay', day: string }
  | { problem: 'badTime', day: string }
  | { problem: 'emptyShift', day: string }
  | { problem: 'overlap', day: string }
  | { problem: 'breakTooLong', day: string }
  | { problem: 'breakOutside', day: string }
  | { problem: 'firstWeek' }

/** Minutes of [from, to) that fall between 22:00 and 06:00 (from ≥ 0, either may pass midnight). */
export function nightOverlap (from: number, to: number): number {
  let minutes = 0
  const first = Math.floor(from / MINUTES_PER_DAY) - 1
  const last = Math.floor(to / MINUTES_PER_DAY)
  for (let day = first; day <= last; day++) {
    const [start, end] = [day * MINUTES_PER_DAY + 1320, day * MINUTES_PER_DAY + 1800]
    minutes += Math.max(0, Math.min(to, end) - Math.max(from, start))
  }
  return minutes
}

/**
 * Daylight, for the annex's sun exposure (DOCUMENT-REQUIREMENTS §38; Ley 30102): 06:00 to 18:00, minutes
 * from midnight. In Lima the sun rises before 06:30 and sets after 17:45 the whole year round.
 */
export const DAYLIGHT = { from: 6 * 60, to: 18 * 60 } as const

/** Minutes of [from, to) that fall between 06:00 and 18:00 (from ≥ 0, either may pass midnight). */
export function daylightOverlap (from: number, to: number): number {
  let minutes = 0
  for (let day = Math.floor(from / MINUTES_PER_DAY); day <= Math.floor(to / MINUTES_PER_DAY); day++) {
    const [start, end] = [day * MINUTES_PER_DAY + DAYLIGHT.from, day * MINUTES_PER_DAY + DAYLIGHT.to]
    minutes += Math.max(0, Math.min(to, end) - Math.max(from, start))
  }
  return minutes
}

/** The weeks of the cycle: the rotation's, or the one week of `days`. */
export function cycleWeeks (time: WorkingTime): WorkWeek[] {
  return time.rotation === undefined ? [{ days: time.days }] : time.rotation.weeks
}

const sameDay = (a: WorkDay, b: WorkDay) =>
  dayNameIndex(a.day) === dayNameIndex(b.day) && a.breakMinutes === b.breakMinutes && a.breakStart === b.breakStart &&
  a.shifts.length === b.shifts.length &&
  a.shifts.every((shift, index) => shift.start === b.shifts[index].start && shift.end === b.shifts[index].end)

/**
 * The facts of a working time (§22): minutes worked a week and on average over the cycle, days, the
 * longest day, the night share on worked time (a refrigerio without a start is taken outside
 * 22:00-06:00 as far as its shift allows), and each shift with the meal windows it covers.
 * @param mealWindows the profile's meal times, `HH:MM` to `HH:MM`
 * @returns the facts, or what makes the structure no working time: no day worked, a day twice or
 *   unknown, a time that is not `HH:MM`, a shift of no length, shifts that overlap (also across
 *   midnight into the next day), a refrigerio as long as its shift or starting outside every
 *   shift, a rotation whose `days` is not its first week
 */
export function workingTimeFacts (
  time: WorkingTime, mealWindows: readonly MealWindow[] = []
): WorkingTimeFacts | WorkingTimeShapeProblem {
  const weeks = cycleWeeks(time)
  if (time.rotation !== undefined && time.days.length > 0 &&
    (time.days.length !== weeks[0].days.length ||
      !time.days.every((day, index) => sameDay(day, weeks[0].days[index])))) {
    return { problem: 'firstWeek' }
  }
  if (weeks.every((week) => week.days.length === 0)) return { problem: 'noDays' }
  const windows = mealWindows.map(({ start, end }) => [timeMinutes(start) ?? 0, timeMinutes(end) ?? 0] as const)
  const shifts: ShiftFacts[] = []
  const weeklyMinutes: number[] = []
  const daysPerWeek: number[] = []
  const workDays = new Set<number>()
  let longestDayMinutes = 0
  for (const [week, { days }] of weeks.entries()) {
    const seen = new Set<number>()
    let minutes = 0
    for (const entry of days) {
      const day = dayNameIndex(entry.day)
      if (day === undefined) return { problem: 'unknownDay', day: entry.day }
      if (seen.has(day)) return { problem: 'dayTwice', day: DAY_NAMES[day] }
      seen.add(day)
      workDays.add(day)
      const base = week * MINUTES_PER_WEEK + day * MINUTES_PER_DAY
      const spans: Array<[number, number]> = []
      let previousStart = -1
      for (const shift of entry.shifts) {
        let start = timeMinutes(shift.start)
        let end = timeMinutes(shift.end)
        if (start === undefined || end === undefined) return { problem: 'badTime', day: DAY_NAMES[day] }
        if (start === end) return { problem: 'emptyShift', day: DAY_NAMES[day] }
        while (start < previousStart) start += MINUTES_PER_DAY
        while (end <= start) end += MINUTES_PER_DAY
        if (spans.length > 0 && start < spans[spans.length - 1][1]) return { problem: 'overlap', day: DAY_NAMES[day] }
        previousStart = start
        spans.push([start, end])
      }
      if (spans.length === 0) return { problem: 'emptyShift', day: DAY_NAMES[day] }
      // the shift that holds the refrigerio: the one its start falls in, else the longest
      let breakShift = -1
      let breakFrom: number | undefined
      if (entry.breakMinutes > 0) {
        if (entry.breakStart !== undefined) {
          const at = timeMinutes(entry.breakStart)
          if (at === undefined) return { problem: 'badTime', day: DAY_NAMES[day] }
          for (const [index, [start, end]] of spans.entries()) {
            for (const candidate of [at, at + MINUTES_PER_DAY, at + 2 * MINUTES_PER_DAY]) {
              if (breakShift < 0 && candidate >= start && candidate + entry.breakMinutes <= end) {
                breakShift = index
                breakFrom = candidate
              }
            }
          }
          if (breakShift < 0) return { problem: 'breakOutside', day: DAY_NAMES[day] }
        } else {
          const length = (index: number) => spans[index][1] - spans[index][0]
          breakShift = spans.reduce((best, _, index) => (length(index) > length(best) ? index : best), 0)
        }
        const [start, end] = spans[breakShift]
        if (entry.breakMinutes >= end - start) return { problem: 'breakTooLong', day: DAY_NAMES[day] }
      }
      let dayMinutes = 0
      for (const [index, [start, end]] of spans.entries()) {
        const pause = index === breakShift ? entry.breakMinutes : 0
        const night = nightOverlap(start, end)
        const nightPause = pause === 0
          ? 0
          : breakFrom !== undefined
            ? nightOverlap(breakFrom, breakFrom + pause)
            : Math.max(0, pause - (end - start - night))
        const within = (from: number, to: number) => [0, 1, 2].some((offset) =>
          start <= from + offset * MINUTES_PER_DAY && to + offset * MINUTES_PER_DAY <= end)
        const covered = windows.flatMap(([from, to], window) => within(from, to) ? [window] : [])
        shifts.push({
          week,
          day,
          start: base + start,
          end: base + end,
          breakMinutes: pause,
          ...(pause > 0 && breakFrom !== undefined ? { breakFrom: base + breakFrom } : {}),
          nightMinutes: night - nightPause,
          mealWindows: covered
        })
        dayMinutes += end - start - pause
      }
      minutes += dayMinutes
      longestDayMinutes = Math.max(longestDayMinutes, dayMinutes)
    }
    weeklyMinutes.push(minutes)
    daysPerWeek.push(seen.size)
  }
  // shifts may not overlap, nor run into the next day's (nor, in a cycle, the next week's)
  const cycle = weeks.length * MINUTES_PER_WEEK
  const ordered = [...shifts].sort((a, b) => a.start - b.start)
  for (const [index, shift] of ordered.entries()) {
    const next = ordered[(index + 1) % ordered.length]
    const nextStart = index + 1 < ordered.length ? next.start : next.start + cycle
    if (ordered.length > 1 && shift.end > nextStart) return { problem: 'overlap', day: DAY_NAMES[next.day] }
  }
  const worked = weeklyMinutes.reduce((sum, minutes) => sum + minutes, 0)
  const night = shifts.reduce((sum, shift) => sum + shift.nightMinutes, 0)
  return {
    weeks: weeks.length,
    weeklyMinutes,
    averageWeeklyMinutes: worked / weeks.length,
    daysPerWeek,
    workDays: [...workDays].sort((a, b) => a - b),
    longestDayMinutes,
    nightShare: worked === 0 ? 0 : night / worked,
    averageNightMinutes: night / weeks.length,
    shifts
  }
}

/** Whether `workingTimeFacts` gave facts (not a problem). */
export function isWorkingTimeFacts (value: WorkingTimeFacts | WorkingTimeShapeProblem): value is WorkingTimeFacts {
  return !('problem' in value)
}

// ---------------------------------------------------------------------------------------------
// Structure → canonical Spanish

/** `lunes a viernes`, `lunes, miércoles y viernes`, `lunes a viernes y domingo`, `sábado y domingo`. */
export function daysText (days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  const groups: string[] = []
  for (let index = 0; index < sorted.length;) {
    let last = index
    while (last + 1 < sorted.length && sorted[last + 1] === sorted[last] + 1) last++
    if (last - index >= 2) {
      groups.push(`${DAY_NAMES[sorted[index]]} a ${DAY_NAMES[sorted[last]]}`)
    } else {
      for (let at = index; at <= last; at++) groups.push(DAY_NAMES[sorted[at]])
    }
    index = last + 1
  }
  return groups.length === 1 ? groups[0] : `${groups.slice(0, -1).join(', ')} y ${groups[groups.length - 1]}`
}

/**
 * `de 07:00 a 11:00 y de 12:00 a 16:00 horas, con 45 minutos de refrigerio desde las 11:00`.; or `…, sin refrigerio`.
 */
function dayScheduleText (day: WorkDay): string {
  const ranges = day.shifts.map((shift) => `de ${shift.start} a ${shift.end}`)
  const shifts = ranges.length === 1 ? ranges[0] : `${ranges.slice(0, -1).join(', ')} y ${ranges[ranges.length - 1]}`
  const pause = day.breakMinutes === 0
    ? 'sin refrigerio'
    : `con ${day.breakMinutes} minutos de refrigerio${day.breakStart === undefined ? '' : ` desde las ${day.breakStart}`}`
  return `${shifts} horas, ${pause}`
}

/** The days of a week grouped by their schedule, in the order of their first day. */
function scheduleGroups (days: readonly WorkDay[]): Array<{ days: number[], schedule: string }> {
  const groups: Array<{ days: number[], schedule: string }> = []
  const ordered = [...days].sort((a, b) => (dayNameIndex(a.day) ?? 0) - (dayNameIndex(b.day) ?? 0))
  for (const day of ordered) {
    const schedule = dayScheduleText(day)
    const group = groups.find((entry) => entry.schedule === schedule)
    if (group === undefined) groups.push({ days: [dayNameIndex(day.day) ?? 0], schedule })
    else group.days.push(dayNameIndex(day.day) ?? 0)
  }
  return groups
}

/**
 * One week's schedule: `de 08:00 a 16:45 horas, …` when every day is the same, else
 * `lunes a viernes, de …; sábado, de …`.
 */
function weekText (days: readonly WorkDay[]): string {
  const groups = scheduleGroups(days)
  if (groups.length === 1) return groups[0].schedule
  return groups.map((group) => `${daysText(group.days)}, ${group.schedule}`).join('; ')
}

const ORDINALS = ['primera', 'segunda', 'tercera', 'cuarta', 'quinta', 'sexta', 'séptima', 'octava']

/**
 * The canonical text of a working time, as the documents print it (§22: generated from the
 * structure, never the record's text): the days worked (`lunes a sábado`) and the schedule
 * (`de 07:00 a 15:45 horas, con 45 minutos de refrigerio`; per-day groups joined by `;`; a rotation
 * as `rotativo semanal, en un ciclo de 3 semanas: la primera semana, de 06:00 a 14:45 horas, …`).
 * A week that is the same every day reads back through parseWorkingTimeText to the same structure.
 */
export function workingTimeText (time: WorkingTime): { days: string, schedule: string } {
  const weeks = cycleWeeks(time)
  const days = daysText(weeks.flatMap((week) => week.days.map((day) => dayNameIndex(day.day) ?? 0)))
  if (weeks.length === 1) return { days, schedule: weekText(weeks[0].days) }
  const parts = weeks.map((week, index) =>
    `la ${ORDINALS[index] ?? `${index + 1}.ª`} semana, ${week.days.length === 0 ? 'descanso' : weekText(week.days)}`)
  return { days, schedule: `rotativo semanal, en un ciclo de ${weeks.length} semanas: ${parts.join('; ')}` }
}

/**
 * A length of time as a person reads it (DOCUMENT-REQUIREMENTS §33: hours and minutes, never
 * decimals), rounded to the minute: `43 horas y 30 minutos`, `1 hora`, `45 minutos`, `1 hora y 1 minuto`.
 */
export function durationText (minutes: number): string {
  const whole = Math.round(minutes)
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  const hoursPart = `${hours} ${hours === 1 ? 'hora' : 'horas'}`
  const minutesPart = `${rest} ${rest === 1 ? 'minuto' : 'minutos'}`
  if (hours === 0) return minutesPart
  return rest === 0 ? hoursPart : `${hoursPart} y ${minutesPart}`
}

/** `48 horas semanales`, `43 horas y 30 minutos semanales` (exact to the minute, never decimals: §33). */
export function weeklyMinutesText (minutes: number): string {
  return `${durationText(minutes)} semanales`
}

// ---------------------------------------------------------------------------------------------
// The weekly rest measured on the real week (§33)

/** The legal weekly rest: 24 consecutive hours (D.Leg. 713 art. 1). */
export const WEEKLY_REST_MINUTES = 24 * 60
/** At most six days between the end of one weekly rest and the start of the next (§33). */
export const MAX_MINUTES_BETWEEN_RESTS = 6 * MINUTES_PER_DAY

/** A stretch of the cycle: minutes from the cycle's first Monday 00:00 (`to` may pass the cycle's end). */
export interface CycleSpan {
  from: number
  to: number
}

/** The weekly rests of a working time and, where there is one, the stretch too long between two. */
export interface WeeklyRests {
  /** Every pause of at least 24 consecutive hours between two shifts of the cycle, in order. */
  rests: CycleSpan[]
  /**
   * The first stretch of over 144 hours from the end of a rest to the start of the next (the whole
   * cycle, from its first shift, when there is no rest), and the longest pause inside it.
   */
  overrun?: { stretch: CycleSpan, longestPause: CycleSpan }
}

/**
 * The weekly rests a working time gives (§33; D.Leg. 713 art. 1; Res. Sala Plena 024-2024-SUNAFIL/TFL):
 * over the whole cycle, rotations included, measured across midnight, week boundaries and changes
 * of shift, the pauses of at least 24 consecutive hours between shifts; and the first stretch in
 * which more than six days (144 h) pass between the end of one such rest and the start of the next.
 */
export function weeklyRests (facts: Pick<WorkingTimeFacts, 'weeks' | 'shifts'>): WeeklyRests {
  const cycle = facts.weeks * MINUTES_PER_WEEK
  const ordered = [...facts.shifts].sort((a, b) => a.start - b.start)
  if (ordered.length === 0) return { rests: [] }
  const pauses: CycleSpan[] = ordered.map((shift, index) => {
    const next = index + 1 < ordered.length ? ordered[index + 1].start : ordered[0].start + cycle
    return { from: shift.end, to: next }
  })
  const restIndexes = pauses.flatMap((pause, index) => pause.to - pause.from >= WEEKLY_REST_MINUTES ? [index] : [])
  const rests = restIndexes.map((index) => pauses[index])
  const longestIn = (first: number, count: number): CycleSpan => {
    let longest: CycleSpan | undefined
    for (let step = 0; step < count; step++) {
      const index = (first + step) % pauses.length
      const pause = pauses[index]
      const shift = index < first ? cycle : 0
      if (longest === undefined || pause.to - pause.from > longest.to - longest.from) {
        longest = { from: pause.from + shift, to: pause.to + shift }
      }
    }
    return longest ?? { from: 0, to: 0 }
  }
  if (rests.length === 0) {
    const stretch = { from: ordered[0].start, to: ordered[0].start + cycle }
    return { rests, overrun: { stretch, longestPause: longestIn(0, pauses.length) } }
  }
  for (const [position, index] of restIndexes.entries()) {
    const nextIndex = restIndexes[(position + 1) % restIndexes.length]
    const from = pauses[index].to
    let to = pauses[nextIndex].from
    if (nextIndex <= index) to += cycle
    if (to - from > MAX_MINUTES_BETWEEN_RESTS) {
      // the pauses between the two rests: after `index` up to before `nextIndex`
      const count = (nextIndex - index - 1 + pauses.length) % pauses.length
      const longestPause = count === 0 ? { from, to: from } : longestIn(index + 1, count)
      return { rests, overrun: { stretch: { from, to }, longestPause } }
    }
  }
  return { rests }
}

/** A moment of the cycle as a person reads it: `sábado 14:45`, with `de la semana 2 del ciclo` in a rotation. */
export function cycleMomentText (minutes: number, weeks: number): string {
  const cycle = weeks * MINUTES_PER_WEEK
  const inCycle = ((minutes % cycle) + cycle) % cycle
  const week = Math.floor(inCycle / MINUTES_PER_WEEK)
  const day = Math.floor((inCycle % MINUTES_PER_WEEK) / MINUTES_PER_DAY)
  return `${DAY_NAMES[day]} ${timeText(inCycle)}${weeks > 1 ? ` de la semana ${week + 1} del ciclo` : ''}`
}

/** `sábado a las 14:45`, or in a rotation `sábado de la primera semana a las 14:45` (the contract's words). */
function restMomentText (minutes: number, weeks: number): string {
  const cycle = weeks * MINUTES_PER_WEEK
  const inCycle = ((minutes % cycle) + cycle) % cycle
  const week = Math.floor(inCycle / MINUTES_PER_WEEK)
  const day = DAY_NAMES[Math.floor((inCycle % MINUTES_PER_WEEK) / MINUTES_PER_DAY)]
  return weeks > 1
    ? `${day} de la ${ORDINALS[week] ?? `${week + 1}.ª`} semana a las ${timeText(inCycle)}`
    : `${day} a las ${timeText(inCycle)}`
}

/**
 * The weekly rest the schedule really gives, as the contract prints it (§33: never a Sunday it does
 * not give): for each week of the cycle, the longest rest of 24 hours or more that starts in it,
 * `del viernes a las 13:45 al sábado a las 22:00`, joined by `;` and `y`; '' when there is none.
 */
export function weeklyRestText (facts: Pick<WorkingTimeFacts, 'weeks' | 'shifts'>): string {
  const { rests } = weeklyRests(facts)
  const cycle = facts.weeks * MINUTES_PER_WEEK
  const chosen = new Map<number, CycleSpan>()
  for (const rest of rests) {
    const week = Math.floor((rest.from % cycle) / MINUTES_PER_WEEK)
    const current = chosen.get(week)
    if (current === undefined || rest.to - rest.from > current.to - current.from) chosen.set(week, rest)
  }
  const parts = [...chosen.entries()].sort(([a], [b]) => a - b)
    .map(([, rest]) => `del ${restMomentText(rest.from, facts.weeks)} al ${restMomentText(rest.to, facts.weeks)}`)
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join('; ')} y ${parts[parts.length - 1]}`
}
