/**
 * The one calendar-month arithmetic (src/vocabulary/dates.ts): a term of N months ends the day
 * before the corresponding day, or on the last day of a month that lacks it (Código Civil art. 183),
 * and no arithmetic leaves the calendar DD/MM/YYYY can write.
 */
import { test } from 'tap'
import {
  CALENDAR, addDays, addMonths, dayMonthYearKey, lastsAtMost, parseDayMonthYear, termEnd, termEndWithin, termLength
} from '../../../src/vocabulary/dates.js'

const pad = (n: number) => String(n).padStart(2, '0')
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The last day of the term by art. 183 read plainly, counted apart from dates.ts. */
function expectedEnd (start: string, months: number): string {
  const { day, month, year } = parseDayMonthYear(start) as { day: number, month: number, year: number }
  const index = year * 12 + month - 1 + months
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1]
  if (day > daysIn(y, m)) return `${pad(daysIn(y, m))}/${pad(m)}/${y}` // no corresponding day: the month's last
  if (day > 1) return `${pad(day - 1)}/${pad(m)}/${y}`
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1] // the day before the 1st: the previous month's last
  return `${pad(daysIn(py, pm))}/${pad(pm)}/${py}`
}

test('named ends: leap days, 31/12 + 6 months, three months from 30/11 and 31/01', async (t) => {
  t.equal(termEnd('29/02/2028', 36), '28/02/2031', 'three years from a leap day')
  t.equal(termEnd('29/02/2028', 60), '28/02/2033', 'five years from a leap day')
  t.equal(termEnd('29/02/2028', 48), '28/02/2032', 'four years: 29/02/2032 exists, the day before it')
  t.equal(termEnd('31/12/2026', 6), '30/06/2027')
  t.equal(termEnd('30/11/2026', 3), '28/02/2027')
  t.equal(termEnd('30/11/2027', 3), '29/02/2028')
  t.equal(termEnd('31/01/2027', 3), '30/04/2027')
  t.equal(termEnd('01/12/2026', 6), '31/05/2027')
  t.equal(termEnd('15/01/2027', 36), '14/01/2030')
  t.equal(termEnd('28/02/2027', 12), '27/02/2028')
  t.equal(termEnd('31/01/2027', 1), '28/02/2027')
  t.ok(lastsAtMost('30/11/2026', '28/02/2027', 3), 'a three-month term')
  t.notOk(lastsAtMost('30/11/2026', '01/03/2027', 3))
})

test('every month-end start (and the day before it) of eight years, for 1 to 60 months', async (t) => {
  let checked = 0
  for (let year = 2026; year <= 2033; year++) {
    for (let month = 1; month <= 12; month++) {
      const last = daysIn(year, month)
      for (const day of new Set([last, last - 1, 28, 29, 30].filter((d) => d <= last))) {
        const start = `${pad(day)}/${pad(month)}/${year}`
        for (let months = 1; months <= 60; months++) {
          const end = termEnd(start, months)
          if (end !== expectedEnd(start, months)) t.fail(`${start} + ${months} months: ${end}, expected ${expectedEnd(start, months)}`)
          if (!lastsAtMost(start, end, months) || lastsAtMost(start, addDays(end, 1), months)) t.fail(`lastsAtMost ${start} + ${months}`)
          checked++
        }
      }
    }
  }
  t.ok(checked > 20_000, `${checked} terms agree with art. 183`)
})

test('no arithmetic leaves the calendar: bounded forms say so, the plain ones throw', async (t) => {
  t.equal(termEndWithin('01/01/9995', 60), '31/12/9999', 'the last entry whose five years fit')
  t.equal(termEndWithin('02/01/9995', 60), undefined)
  t.equal(termEndWithin('31/12/9999', 1), undefined)
  t.throws(() => termEnd('15/06/9997', 60), RangeError)
  t.throws(() => addDays(CALENDAR.last, 1), RangeError)
  t.throws(() => addDays(CALENDAR.first, -1), RangeError)
  t.throws(() => addMonths('15/06/9999', 7), RangeError)
  t.equal(addMonths('31/01/9999', 1), '28/02/9999')
  t.ok(lastsAtMost('15/06/9997', CALENDAR.last, 60), 'every date of the calendar is within a term that ends past it')
  t.throws(() => addDays('31/02/2026', 1), RangeError, 'not a date')
  t.equal(dayMonthYearKey(CALENDAR.last), 99991231)
})

test('termLength: calendar months and the days left over (Código Civil art. 183), leap years included', async (t) => {
  t.same(termLength('01/02/2024', '31/01/2029'), { months: 60, days: 0 }, 'five years over two 29 Februaries (1827 days)')
  t.same(termLength('01/02/2024', '01/02/2029'), { months: 60, days: 1 })
  t.same(termLength('11/02/2024', '10/02/2027'), { months: 36, days: 0 }, 'three years from 11/02/2024 end 10/02/2027 (§36)')
  t.same(termLength('29/02/2028', '28/02/2033'), { months: 60, days: 0 }, 'from a 29 February: no 29/02/2033, its month\'s last day')
  t.same(termLength('29/02/2028', '27/02/2033'), { months: 59, days: 30 })
  t.same(termLength('31/01/2026', '28/02/2026'), { months: 1, days: 0 }, 'February has no 31st')
  t.same(termLength('31/01/2028', '29/02/2028'), { months: 1, days: 0 }, 'nor 30th in a leap year')
  t.same(termLength('31/01/2028', '28/02/2028'), { months: 0, days: 29 })
  t.same(termLength('01/03/2026', '15/03/2026'), { months: 0, days: 15 })
  t.same(termLength('01/03/2026', '01/03/2026'), { months: 0, days: 1 })
  t.same(termLength('02/03/2026', '01/03/2026'), { months: 0, days: 0 }, 'an end before the start')
  for (const [start, months] of [['15/01/2024', 1], ['30/12/2027', 2], ['29/02/2024', 12], ['31/08/2026', 6], ['01/01/1900', 3]] as const) {
    t.same(termLength(start, termEnd(start, months)), { months, days: 0 }, `termEnd(${start}, ${months}) is ${months} months`)
  }
  t.throws(() => termLength('31/02/2026', '01/03/2026'), RangeError)
})
