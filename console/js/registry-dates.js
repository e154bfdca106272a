/**
 * Dates as the registry answers them (`DD/MM/YYYY`, Lima calendar days, docs/registry.md): days
 * between two of them, counted in UTC so no time zone or summer time shifts a day.
 */

/**
 * @param {string} text `DD/MM/YYYY`
 * @returns {number | undefined} days since 1970-01-01, or undefined for anything else
 */
export function dayNumber (text) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  if (match === null) return undefined
  return Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1])) / 86_400_000
}

/**
 * @param {string} from `DD/MM/YYYY` (the service's today in Lima)
 * @param {string} to `DD/MM/YYYY`
 * @returns {number | undefined} calendar days from `from` to `to` (0: the same day)
 */
export function daysBetween (from, to) {
  const a = dayNumber(from)
  const b = dayNumber(to)
  return a === undefined || b === undefined ? undefined : b - a
}
