/**
 * Working time read from the record's text (DOCUMENT-REQUIREMENTS §12): the days (`lunes a viernes`,
 * `lun, mié y vie`, `sábado y domingo`) and the daily schedule (`de 18:00 a 21:45 horas`, `18:00-21:45`,
 * optionally `con 45 minutos de refrigerio` or `sin refrigerio`; an end before the start runs past
 * midnight). From them follow the weekly hours and the night share (22:00-06:00, D.S. 007-2002-TR art. 8).
 */

import { foldText } from './format.js'

const DAY_NAMES = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'] as const

/** Day index (0 = lunes) by full name or three-letter abbreviation, without accents. */
const DAY_BY_WORD = new Map<string, number>(
  DAY_NAMES.flatMap((name, index) => [[name, index], [name.slice(0, 3), index]])
)

/**
 * The days of `lunes a viernes`, `lun, mié y vie`, `lunes, miércoles y viernes`, `sábado y domingo`
 * (names or three-letter abbreviations with or without a dot; ranges with `a`; lists with commas,
 * `y` or `e`), as a sorted list of day indexes (0 = lunes).
 * @returns undefined when the text is not such a list (or names a day twice)
 */
export function parseWorkDays (text: string): number[] | undefined {
  const parts = foldText(text).replace(/\.$/, '').split(/\s*,\s*|\s+y\s+|\s+e\s+/)
  const days: number[] = []
  const dayOf = (word: string) => DAY_BY_WORD.get(word.replace(/\.$/, ''))
  for (const part of parts) {
    const range = /^(\S+) a (\S+)$/.exec(part)
    if (range !== null) {
      const from = dayOf(range[1])
      const to = dayOf(range[2])
      if (from === undefined || to === undefined || to <= from) return undefined
      for (let day = from; day <= to; day++) days.push(day)
    } else {
      const day = dayOf(part)
      if (day === undefined) return undefined
      days.push(day)
    }
  }
  if (days.length === 0 || new Set(days).size !== days.length) return undefined
  return days.sort((a, b) => a - b)
}

/** One day's schedule: minutes after midnight, the end past midnight when it is not after the start. */
export interface DailySchedule {
  startMinutes: number
  endMinutes: number
  breakMinutes: number
  /** Worked minutes: end − start (over midnight when needed) − break. */
  workedMinutes: number
  /** Minutes between 22:00 and 06:00 (D.S. 007-2002-TR art. 8), the break not deducted. */
  nightMinutes: number
}

const TIME = '(\\d{1,2})[:.h](\\d{2})'
const SCHEDULE = new RegExp(
  `^(?:de )?${TIME}(?: ?(?:horas|hrs|h))? ?(?:a|-|–|hasta) ?${TIME}(?: ?(?:horas|hrs|h))?` +
  '(?:,? ?(?:con (\\d{1,3}) (?:minutos|min) de refrigerio|sin refrigerio))?$'
)

/** Minutes of [from, to) (to may exceed 1440) that fall between 22:00 and 06:00. */
function nightOverlap (from: number, to: number): number {
  let minutes = 0
  // the nights that start at 22:00 of the day before, of this day and of the next (to may pass midnight)
  for (let day = -1; day <= 1; day++) {
    const [start, end] = [day * 1440 + 1320, day * 1440 + 1800]
    minutes += Math.max(0, Math.min(to, end) - Math.max(from, start))
  }
  return minutes
}

/**
 * Reads `de 18:00 a 21:45 horas`, `18:00-21:45`, `de 22:00 a 06:00 horas, con 45 minutos de refrigerio`,
 * `… sin refrigerio`.
 * @returns undefined when the text is not such a schedule, a time is not one (25:00), or the break is
 *   not shorter than the span
 */
export function parseWorkSchedule (text: string): DailySchedule | undefined {
  const match = SCHEDULE.exec(foldText(text).replace(/\.$/, ''))
  if (match === null) return undefined
  const [h1, m1, h2, m2] = [1, 2, 3, 4].map((index) => Number(match[index]))
  if (h1 > 23 || h2 > 24 || m1 > 59 || m2 > 59 || (h2 === 24 && m2 > 0)) return undefined
  const startMinutes = h1 * 60 + m1
  let endMinutes = h2 * 60 + m2
  if (endMinutes <= startMinutes) endMinutes += 1440
  const breakMinutes = match[5] === undefined ? 0 : Number(match[5])
  const span = endMinutes - startMinutes
  if (breakMinutes >= span) return undefined
  const workedMinutes = span - breakMinutes
  return { startMinutes, endMinutes, breakMinutes, workedMinutes, nightMinutes: nightOverlap(startMinutes, endMinutes) }
}

/** A week of work: the days, the daily schedule and what follows from them. */
export interface WorkingWeek {
  days: number[]
  schedule: DailySchedule
  /** days × worked hours a day, in hours. */
  weeklyHours: number
  /** Night minutes ÷ all minutes of the span, 0 to 1 (the share the 35 % applies to). */
  nightShare: number
}

/** The week of a record's `workDays` and `workSchedule`, or undefined when either cannot be read. */
export function workingWeek (workDays: string, workSchedule: string): WorkingWeek | undefined {
  const days = parseWorkDays(workDays)
  const schedule = parseWorkSchedule(workSchedule)
  if (days === undefined || schedule === undefined) return undefined
  const span = schedule.endMinutes - schedule.startMinutes
  return {
    days,
    schedule,
    weeklyHours: (days.length * schedule.workedMinutes) / 60,
    nightShare: schedule.nightMinutes / span
  }
}
