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
