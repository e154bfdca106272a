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
  const parts = Object.fromEntries(LIMA_DATE.formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.day}/${parts.month}/${parts.year}`
}

/** `DD/MM/YYYY` of a calendar date given by its parts (month 1-12; overflow rolls over, as Date.UTC does). */
function fromParts (year: number, month: number, day: number): string {
  return formatDayMonthYear(new Date(Date.UTC(year, month - 1, day)))
}

/**
 * A date `days` calendar days later (earlier when negative).
 * @throws RangeError when `date` is not a real `DD/MM/YYYY` date
 */
export function addDays (date: string, days: number): string {
  const parsed = parseDayMonthYear(date)
  if (parsed === undefined) throw new RangeError(`not a DD/MM/YYYY date: ${date}`)
  return fromParts(parsed.year, parsed.month, parsed.day + days)
}

/**
 * The same day `months` later; when that month is shorter, its last day (31/01 + 1 month = 28/02 or 29/02).
 * @throws RangeError when `date` is not a real `DD/MM/YYYY` date
 */
export function addMonths (date: string, months: number): string {
  const parsed = parseDayMonthYear(date)
  if (parsed === undefined) throw new RangeError(`not a DD/MM/YYYY date: ${date}`)
  const lastDay = new Date(Date.UTC(parsed.year, parsed.month - 1 + months + 1, 0)).getUTCDate()
  return fromParts(parsed.year, parsed.month + months, Math.min(parsed.day, lastDay))
}

/**
 * The last day of a term of `months` months that starts on `start`: a 6-month term from 01/12 ends on
 * 31/05, one from 15/01 on 14/07 (the day before the same day `months` later).
 */
export function termEnd (start: string, months: number): string {
  return addDays(addMonths(start, months), -1)
}

/** Whole years from `birth` to `on` (both `DD/MM/YYYY`): the age on that day. NaN for an invalid date. */
export function ageOn (birth: string, on: string): number {
  const b = parseDayMonthYear(birth)
  const d = parseDayMonthYear(on)
  if (b === undefined || d === undefined) return Number.NaN
  return d.year - b.year - ((d.month * 100 + d.day) < (b.month * 100 + b.day) ? 1 : 0)
}
