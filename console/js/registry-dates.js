/**
 * Dates as the registry answers them (`DD/MM/YYYY`, Lima calendar days, docs/registry.md): days
 * between two of them, counted in UTC so no time zone or summer time shifts a day; an instant (ISO 8601)
 * as Lima's date and time.
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

/** Days since 1970-01-01 → `DD/MM/YYYY`. @param {number} day */
function dateOf (day) {
  const date = new Date(day * 86_400_000)
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0')
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
}

/**
 * The last day of a term of `months` months from `start`, as the service's termEnd counts it
 * (src/vocabulary/dates.ts, Código Civil art. 183): the day before the corresponding day, or the last
 * day of the month that has none.
 * @param {string} start `DD/MM/YYYY`
 * @param {number} months
 * @returns {string | undefined} undefined for a start it cannot read
 */
export function termEnd (start, months) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(start)
  if (match === null) return undefined
  const [day, month, year] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const lastDay = new Date(Date.UTC(year, month + months + 1, 0)).getUTCDate()
  const end = day <= lastDay ? Date.UTC(year, month + months, day - 1) : Date.UTC(year, month + months + 1, 0)
  return dateOf(end / 86_400_000)
}

/**
 * The end an adenda of a contract is prefilled with (docs/console.md, Por vencer): the contract's own
 * term again from the day after its latest end (whole months when the term is whole months, else the
 * same number of days), but never past `limit` (the modality's and art. 74's, a suplencia's absence)
 * nor the end of the period its reviewed cause covers.
 * @param {{ entryDate: string, contractEndDate: string, endDate: string, longestEnd: string | null }} contract
 * @param {string | undefined} causeEnd the last day of its cause's period, when known
 * @returns {string} '' when the dates cannot be read
 */
export function renewalEnd (contract, causeEnd) {
  const entry = dayNumber(contract.entryDate)
  const ownEnd = dayNumber(contract.contractEndDate)
  const lastEnd = dayNumber(contract.endDate)
  if (entry === undefined || ownEnd === undefined || lastEnd === undefined) return ''
  const start = dateOf(lastEnd + 1)
  let months = 0
  while (months < 60 && (dayNumber(termEnd(contract.entryDate, months + 1) ?? '') ?? Infinity) <= ownEnd) months++
  const wholeMonths = months > 0 && termEnd(contract.entryDate, months) === contract.contractEndDate
  const proposed = wholeMonths ? dayNumber(termEnd(start, months) ?? '') ?? lastEnd : lastEnd + (ownEnd - entry + 1)
  const bounds = [proposed, ...[contract.longestEnd, causeEnd].map((end) => dayNumber(end ?? '')).filter((end) => end !== undefined)]
  return dateOf(Math.min(...bounds))
}

/**
 * An event's moment as a Lima date and time (`DD/MM/YYYY HH:MM`).
 * @param {string} iso
 */
export function limaTime (iso) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23'
  }).formatToParts(date).map((part) => [part.type, part.value]))
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`
}
