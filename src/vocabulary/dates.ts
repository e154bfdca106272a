/** `DD/MM/YYYY` dates (spec Employee record; D10: real calendar dates only). */

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/

/** Day, month (1-12) and year of a date. */
export interface DayMonthYear { day: number, month: number, year: number }

/** Parses `DD/MM/YYYY`; undefined unless it is a real calendar date (31/02/2025 is not). */
export function parseDayMonthYear (text: string): DayMonthYear | undefined {
  const match = DMY.exec(text)
  if (match === null) return undefined
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1900 || month < 1 || month > 12 || day < 1) return undefined
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined
  return { day, month, year }
}

/** True for a real `DD/MM/YYYY` calendar date (D10); the Ajv format `dmy-date`. */
export function isDayMonthYear (text: string): boolean {
  return parseDayMonthYear(text) !== undefined
}

/** A comparable number (YYYYMMDD) for a valid `DD/MM/YYYY` date, NaN otherwise. */
export function dayMonthYearKey (text: string): number {
  const date = parseDayMonthYear(text)
  return date === undefined ? Number.NaN : date.year * 10000 + date.month * 100 + date.day
}

/** Formats a date as `DD/MM/YYYY` from its UTC fields (spreadsheet cells are read as UTC). */
export function formatDayMonthYear (date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
}

const LIMA_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit'
})

/**
 * Today's calendar date in America/Lima as `DD/MM/YYYY`, whatever the process time zone: every
 * "today" of the documents and their rules (DOCUMENT-REQUIREMENTS §11; a UTC server is already
 * on tomorrow after 19:00 in Lima).
 * @param now the instant to read (default: the clock)
 */
export function todayInLima (now: Date = new Date()): string {
  // Lima's offset is whole minutes (-05:00), so its date changes only on a minute's edge: one
  // formatting per minute (the rules ask for today once or more per record)
  const minute = Math.floor(now.getTime() / 60_000)
  if (minute !== lastToday.minute) {
    const parts = Object.fromEntries(LIMA_DATE.formatToParts(now).map((part) => [part.type, part.value]))
    lastToday = { minute, text: `${parts.day}/${parts.month}/${parts.year}` }
  }
  return lastToday.text
}

/** todayInLima's last answer and the minute (ms since the epoch / 60,000) it holds for. */
let lastToday = { minute: Number.NaN, text: '' }

/**
 * The dates arithmetic can reach: those `DD/MM/YYYY` writes and D10 accepts, 01/01/1900 to 31/12/9999.
 * No arithmetic gives a date outside them (a year of five digits that nothing could read back): the
 * rules use the bounded forms (lastsAtMost, termEndWithin), which say "past the calendar", and the
 * plain ones throw, as they do on a date that is not one.
 */
export const CALENDAR = { first: '01/01/1900', last: '31/12/9999' } as const

function parsed (date: string): DayMonthYear {
  const parts = parseDayMonthYear(date)
  if (parts === undefined) throw new RangeError(`not a DD/MM/YYYY date: ${date}`)
  return parts
}

function within<T> (value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`${what} falls outside ${CALENDAR.first}-${CALENDAR.last}`)
  return value
}

/** Days in a month (1-12) of a year. */
function daysIn (year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A UTC Date of a calendar date as `DD/MM/YYYY`; undefined outside CALENDAR. */
function inCalendar (date: Date): string | undefined {
  const year = date.getUTCFullYear()
  return year < 1900 || year > 9999 ? undefined : formatDayMonthYear(date)
}

/** `date` + `days` calendar days; undefined outside CALENDAR. */
function addDaysWithin (date: string, days: number): string | undefined {
  const { year, month, day } = parsed(date)
  return inCalendar(new Date(Date.UTC(year, month - 1, day + days)))
}

/** The same day `months` later, or that month's last day, as a UTC Date (any year). */
function monthsLater (date: string, months: number): Date {
  const { year, month, day } = parsed(date)
  const target = year * 12 + (month - 1) + months
  const [targetYear, targetMonth] = [Math.floor(target / 12), (target % 12) + 1]
  return new Date(Date.UTC(targetYear, targetMonth - 1, Math.min(day, daysIn(targetYear, targetMonth))))
}

/**
 * A date `days` calendar days later (earlier when negative).
 * @throws RangeError when `date` is not a real `DD/MM/YYYY` date, or the result falls outside CALENDAR
 */
export function addDays (date: string, days: number): string {
  return within(addDaysWithin(date, days), `${date} + ${days} days`)
}

/**
 * The same day `months` later; when that month is shorter, its last day (31/01 + 1 month = 28/02 or 29/02).
 * @throws RangeError when `date` is not a real `DD/MM/YYYY` date, or the result falls outside CALENDAR
 */
export function addMonths (date: string, months: number): string {
  return within(inCalendar(monthsLater(date, months)), `${date} + ${months} months`)
}

/**
 * termEnd, or undefined when that day falls outside CALENDAR (an entry date in 9999 plus five years).
 * @throws RangeError when `start` is not a real `DD/MM/YYYY` date
 */
export function termEndWithin (start: string, months: number): string | undefined {
  const corresponding = monthsLater(start, months) // 01/01/10000 for five years from 01/01/9995: the end is 31/12/9999
  // the corresponding day exists: the term ends the day before it; else on the month's last day
  if (corresponding.getUTCDate() === parsed(start).day) corresponding.setUTCDate(corresponding.getUTCDate() - 1)
  return inCalendar(corresponding)
}

/**
 * The last day of a term of `months` months that starts on `start` (Código Civil art. 183: a term in
 * months ends on the day of its last month that corresponds to the first one's, and when that month
 * has no such day, on its last day). The term counts its first day, so it ends the day before the
 * corresponding day: from 01/12 six months end on 31/05, from 15/01 on 14/07; from 31/12 six months
 * end on 30/06 and from 29/02/2028 five years on 28/02/2033 (there is no 31/06 nor 29/02/2033). The
 * one calendar-month arithmetic of every rule and document: modal maximum terms (§11), probation
 * (§14), art. 74's five years (§17).
 * @throws RangeError when `start` is not a real `DD/MM/YYYY` date, or the end falls outside CALENDAR
 */
export function termEnd (start: string, months: number): string {
  return within(termEndWithin(start, months), `a term of ${months} months from ${start}`)
}

/**
 * True when a term from `start` to `end` (both `DD/MM/YYYY`, both days in it) lasts `months` months
 * or less, by termEnd; also when such a term would end past CALENDAR (every date `end` can be is
 * then within it).
 * @throws RangeError when `start` is not a real `DD/MM/YYYY` date
 */
export function lastsAtMost (start: string, end: string, months: number): boolean {
  const last = termEndWithin(start, months)
  return last === undefined || dayMonthYearKey(end) <= dayMonthYearKey(last)
}

/** Whole years from `birth` to `on` (both `DD/MM/YYYY`): the age on that day. NaN for an invalid date. */
export function ageOn (birth: string, on: string): number {
  const b = parseDayMonthYear(birth)
  const d = parseDayMonthYear(on)
  if (b === undefined || d === undefined) return Number.NaN
  return d.year - b.year - ((d.month * 100 + d.day) < (b.month * 100 + b.day) ? 1 : 0)
}

/** A length of time in calendar months and the days left over (Código Civil art. 183). */
export interface MonthsAndDays { months: number, days: number }

/** Days from 01/01/1970 to a real `DD/MM/YYYY` date (negative before). */
export function epochDay (date: string): number {
  const { year, month, day } = parsed(date)
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000)
}

/**
 * How long a term from `start` to `end` (both days in it) lasts, in calendar months (Código Civil art.
 * 183, as termEnd counts them) and the days after the last whole month: 01/02/2024-31/01/2029 is 60
 * months and 0 days, 11/02/2024-10/02/2027 36 months, 01/03/2026-15/03/2026 0 months and 15 days,
 * 31/01/2026-28/02/2026 one month (February has no 31st). A term that ends before it starts is 0 and 0.
 * @throws RangeError when a date is not a real `DD/MM/YYYY` date
 */
export function termLength (start: string, end: string): MonthsAndDays {
  const from = parsed(start)
  const to = parsed(end)
  const last = epochDay(end)
  if (last < epochDay(start)) return { months: 0, days: 0 }
  let months = (to.year - from.year) * 12 + (to.month - from.month) + 1
  let monthEnd = termEndWithin(start, months)
  while (months > 0 && (monthEnd === undefined || epochDay(monthEnd) > last)) {
    months -= 1
    monthEnd = termEndWithin(start, months)
  }
  return { months, days: months === 0 ? last - epochDay(start) + 1 : last - epochDay(monthEnd as string) }
}
