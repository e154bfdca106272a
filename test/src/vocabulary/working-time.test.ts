/**
 * Working time as a structured week (DOCUMENT-REQUIREMENTS §22): the text read into the structure,
 * the canonical text written from it, and what follows from it (weekly minutes, the cycle's average,
 * the longest day, the night minutes on worked time, the meal windows a shift covers).
 */
import { test, type Test } from 'tap'
import {
  daysText, durationText, isWorkingTimeFacts, parseWorkingTimeText, weeklyMinutesText, weeklyRests, weeklyRestText,
  workingTimeFacts, workingTimeText, type WorkingTime, type WorkingTimeFacts
} from '../../../src/vocabulary/working-time.js'

const MEALS = [{ start: '12:00', end: '14:00' }, { start: '19:00', end: '21:00' }]

/** The structure of a text, failing the test when it cannot be read. */
function read (t: Test, workDays: string | undefined, workSchedule: string): WorkingTime {
  const time = parseWorkingTimeText(workDays, workSchedule)
  if (typeof time === 'string') t.fail(`${workSchedule}: ${time}`)
  return time as WorkingTime
}
function facts (t: Test, time: WorkingTime): WorkingTimeFacts {
  const result = workingTimeFacts(time, MEALS)
  if (!isWorkingTimeFacts(result)) t.fail(result.problem)
  return result as WorkingTimeFacts
}
const day = (name: string, shifts: Array<[string, string]>, breakMinutes = 0, breakStart?: string) =>
  ({ day: name, shifts: shifts.map(([start, end]) => ({ start, end })), breakMinutes, ...(breakStart === undefined ? {} : { breakStart }) })

test('one schedule for every day: the public text forms of today', async (t) => {
  t.same(read(t, 'lunes a viernes', 'de 18:00 a 21:45 horas'), {
    days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'].map((name) => day(name, [['18:00', '21:45']]))
  })
  t.same(read(t, 'lun, mié y vie', '18:00-21:45').days.map((entry) => entry.day), ['lunes', 'miércoles', 'viernes'])
  t.same(read(t, 'lunes a sábado', 'de 07:00 a 15:45 horas, con 45 minutos de refrigerio').days[5], day('sábado', [['07:00', '15:45']], 45))
  t.same(read(t, 'de lunes a viernes', 'de 18 a 21 horas').days[0], day('lunes', [['18:00', '21:00']]), 'bare hours before horas')
  t.same(read(t, 'sábados', 'de 18:00 hasta las 22:00').days, [day('sábado', [['18:00', '22:00']])], 'a plural, hasta las')
  t.same(read(t, 'lunes a viernes', 'de 08:00 a 17:00, con 1 hora de refrigerio').days[0], day('lunes', [['08:00', '17:00']], 60))
  t.same(read(t, 'lunes', 'de 08:00 a 17:00 con refrigerio de 13:00 a 14:00').days[0], day('lunes', [['08:00', '17:00']], 60, '13:00'))
  t.same(read(t, 'lunes', 'de 22:00 a 06:00 horas, sin refrigerio').days[0], day('lunes', [['22:00', '06:00']]))
  for (const schedule of ['de 25:00 a 26:00', 'por la mañana', 'de 8 a 12', 'de 08:00 a 12:00 y luego', '']) {
    t.equal(parseWorkingTimeText('lunes a viernes', schedule), 'workScheduleUnreadable', schedule)
  }
  t.equal(parseWorkingTimeText('cuando se necesite', 'de 08:00 a 12:00'), 'workDaysUnreadable')
  t.equal(parseWorkingTimeText(undefined, 'de 08:00 a 12:00'), 'workDaysMissing')
  t.equal(parseWorkingTimeText('lunes a viernes', 'sábado de 08:00 a 12:00'), 'workDaysDisagree')
})

test('per-day segments joined by ";", split shifts and weekly rotations', async (t) => {
  const week = read(t, undefined, 'lunes a viernes de 08:00 a 16:45 con 45 minutos de refrigerio; sábado de 08:00 a 12:00')
  t.same(week.days.map((entry) => [entry.day, entry.shifts[0].end, entry.breakMinutes]), [
    ['lunes', '16:45', 45], ['martes', '16:45', 45], ['miércoles', '16:45', 45], ['jueves', '16:45', 45], ['viernes', '16:45', 45],
    ['sábado', '12:00', 0]
  ])
  t.same(read(t, 'lunes a viernes', 'de 07:00 a 11:00 y de 12:00 a 16:00').days[0], day('lunes', [['07:00', '11:00'], ['12:00', '16:00']]))
  const rotation = read(t, undefined, 'rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con 45 minutos de refrigerio')
  t.equal(rotation.rotation?.weeks.length, 3)
  t.same(rotation.rotation?.weeks.map((entry) => entry.days[0]), [
    day('lunes', [['06:00', '14:45']], 45), day('lunes', [['14:00', '22:45']], 45), day('lunes', [['22:00', '06:45']], 45)
  ])
  t.same(rotation.days, rotation.rotation?.weeks[0].days, 'days is the first week of the cycle')
  t.equal(parseWorkingTimeText('lunes a viernes', 'rotativo semanal: 06:00-14:45 / 14:00-22:45, lunes a sábado'), 'workDaysDisagree')
  t.equal(parseWorkingTimeText(undefined, 'lunes a viernes de 08:00 a 12:00; lunes de 14:00 a 18:00'), 'workScheduleUnreadable', 'a day twice')
})

test('canonical text: generated from the structure, and read back to the same structure', async (t) => {
  t.equal(daysText([0, 1, 2, 3, 4]), 'lunes a viernes')
  t.equal(daysText([0, 2, 4]), 'lunes, miércoles y viernes')
  t.equal(daysText([5, 6]), 'sábado y domingo')
  t.equal(daysText([0, 1, 2, 3, 4, 6]), 'lunes a viernes y domingo')
  const cases: Array<[string | undefined, string, { days: string, schedule: string }]> = [
    ['lunes a viernes', 'de 18:00 a 21:45 horas', { days: 'lunes a viernes', schedule: 'de 18:00 a 21:45 horas, sin refrigerio' }],
    ['lunes a viernes', '08:00-16:45, con 45 minutos de refrigerio',
      { days: 'lunes a viernes', schedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' }],
    [undefined, 'lunes a viernes de 08:00 a 16:45 con 45 minutos de refrigerio; sábado de 08:00 a 12:00', {
      days: 'lunes a sábado',
      schedule: 'lunes a viernes, de 08:00 a 16:45 horas, con 45 minutos de refrigerio; sábado, de 08:00 a 12:00 horas, sin refrigerio'
    }],
    ['lunes a viernes', 'de 07:00 a 11:00 y de 12:00 a 16:00', { days: 'lunes a viernes', schedule: 'de 07:00 a 11:00 y de 12:00 a 16:00 horas, sin refrigerio' }]
  ]
  for (const [days, schedule, expected] of cases) {
    const time = read(t, days, schedule)
    const text = workingTimeText(time)
    t.same(text, expected, schedule)
    t.same(parseWorkingTimeText(text.days, text.schedule), time, `${schedule}: read back`)
  }
  const rotation = read(t, 'lunes a sábado', 'rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, con 45 minutos de refrigerio')
  t.same(workingTimeText(rotation), {
    days: 'lunes a sábado',
    schedule: 'rotativo semanal, en un ciclo de 3 semanas: la primera semana, de 06:00 a 14:45 horas, con 45 minutos de refrigerio; ' +
      'la segunda semana, de 14:00 a 22:45 horas, con 45 minutos de refrigerio; la tercera semana, de 22:00 a 06:45 horas, con 45 ' +
      'minutos de refrigerio'
  })
})

test('what a working time amounts to: weekly minutes, the cycle average, the longest day, night on worked time', async (t) => {
  const atypical = facts(t, read(t, 'lunes a viernes', 'de 08:00 a 18:21 horas, con 45 minutos de refrigerio'))
  t.match(atypical, { weeks: 1, weeklyMinutes: [2880], averageWeeklyMinutes: 2880, daysPerWeek: [5], longestDayMinutes: 576, nightShare: 0 })
  const rotation = facts(t, read(t, undefined, 'rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con 45 minutos de refrigerio'))
  t.match(rotation, { weeks: 3, weeklyMinutes: [2880, 2880, 2880], averageWeeklyMinutes: 2880, daysPerWeek: [6, 6, 6] })
  // night: 45 min a day in the second week, 8 h a day in the third (its refrigerio taken outside 22:00-06:00)
  t.equal(rotation.averageNightMinutes, (6 * 45 + 6 * 480) / 3)
  t.equal(rotation.nightShare, (6 * 45 + 6 * 480) / (3 * 2880))
  const inNight = facts(t, { days: [day('lunes', [['22:00', '06:45']], 45, '02:00')] })
  t.equal(inNight.shifts[0].nightMinutes, 435, 'a refrigerio at 02:00 is deducted from the night')
  const outside = facts(t, { days: [day('lunes', [['22:00', '06:45']], 45)] })
  t.equal(outside.shifts[0].nightMinutes, 480, 'without its start, it is taken outside the night')
  const split = facts(t, read(t, 'lunes', 'de 07:00 a 11:00 y de 12:00 a 16:00'))
  t.same(split.shifts.map((shift) => [shift.end - shift.start, shift.mealWindows]), [[240, []], [240, [0]]],
    'the afternoon shift covers 12:00-14:00 whole')
  t.same(facts(t, read(t, 'lunes', 'de 18:00 a 21:45')).shifts[0].mealWindows, [1], '19:00-21:00 lies within')
  t.equal(weeklyMinutesText(2880), '48 horas semanales')
  t.equal(weeklyMinutesText(1155), '19 horas y 15 minutos semanales')
  t.equal(weeklyMinutesText(1135), '18 horas y 55 minutos semanales', 'exact to the minute, never rounded')
  t.equal(weeklyMinutesText(2892), '48 horas y 12 minutos semanales', '48 h 12 min is not 48')
})

test('§33: durations in hours and minutes', async (t) => {
  t.equal(durationText(2610), '43 horas y 30 minutos')
  t.equal(durationText(60), '1 hora')
  t.equal(durationText(61), '1 hora y 1 minuto')
  t.equal(durationText(45), '45 minutos')
  t.equal(durationText(234.99), '3 horas y 55 minutos', 'rounded to the minute')
})

test('§33: the weekly rests measured on the real week, across midnight, weeks and changes of shift', async (t) => {
  const ROTATION = (order: string) => `rotativo semanal: ${order}, lunes a sábado, con 45 minutos de refrigerio`
  const refused = facts(t, read(t, undefined, ROTATION('06:00-14:45 / 14:00-22:45 / 22:00-06:45')))
  const { overrun } = weeklyRests(refused)
  const week = 7 * 1440
  t.same(overrun, {
    stretch: { from: 2 * week + 1320, to: 3 * week + 5 * 1440 + 885 },
    longestPause: { from: 2 * week + 6 * 1440 + 405, to: 3 * week + 360 }
  }, 'night week Monday 22:00 to the next cycle\'s Saturday 14:45; Sunday 06:45 to Monday 06:00 is 23 h 15 min')
  t.equal(weeklyRests(refused).rests.length, 2)
  const reversed = facts(t, read(t, undefined, ROTATION('06:00-14:45 / 22:00-06:45 / 14:00-22:45')))
  t.equal(weeklyRests(reversed).overrun, undefined, 'mornings, nights, afternoons: a rest every week')
  t.equal(weeklyRests(reversed).rests.length, 3)
  const saturdayNight = facts(t, read(t, undefined,
    'lunes a viernes de 05:00 a 13:45 con 45 minutos de refrigerio; sábado de 22:00 a 06:45 con 45 minutos de refrigerio'))
  t.equal(weeklyRests(saturdayNight).overrun, undefined)
  t.equal(weeklyRestText(saturdayNight), 'del viernes a las 13:45 al sábado a las 22:00', 'Sunday 06:45 to Monday 05:00 is no rest')
  t.equal(weeklyRestText(facts(t, read(t, 'lunes a sábado', 'de 22:00 a 06:45 horas, con 45 minutos de refrigerio'))),
    'del domingo a las 06:45 al lunes a las 22:00')
  const twoWeeks = facts(t, {
    days: [],
    rotation: {
      weeks: [
        { days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'].map((day) => ({ day, shifts: [{ start: '08:00', end: '12:00' }], breakMinutes: 0 })) },
        { days: [{ day: 'domingo', shifts: [{ start: '08:00', end: '12:00' }], breakMinutes: 0 }] }
      ]
    }
  })
  t.same(weeklyRests(twoWeeks).overrun?.stretch, { from: week + 6 * 1440 + 480, to: 2 * week + 5 * 1440 + 720 },
    'a Sunday shift 20 hours before the next Monday: from Sunday 08:00 to Saturday 12:00, 148 hours without rest')
  const noRest = facts(t, {
    days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']
      .map((day) => ({ day, shifts: [{ start: '20:00', end: '23:00' }], breakMinutes: 0 }))
  })
  t.ok(weeklyRests(noRest).overrun !== undefined && weeklyRests(noRest).rests.length === 0, 'seven days of work: no rest at all')
})

test('a structure that is no working time says why', async (t) => {
  const problem = (time: WorkingTime) => {
    const result = workingTimeFacts(time)
    return isWorkingTimeFacts(result) ? undefined : result
  }
  t.same(problem({ days: [] }), { problem: 'noDays' })
  t.same(problem({ days: [day('lunes', [['08:00', '12:00']]), day('lunes', [['14:00', '18:00']])] }), { problem: 'dayTwice', day: 'lunes' })
  t.same(problem({ days: [day('lunes', [['08:00', '12:00'], ['11:00', '15:00']])] }), { problem: 'overlap', day: 'lunes' })
  t.same(problem({ days: [day('lunes', [['22:00', '08:00']]), day('martes', [['07:00', '12:00']])] }), { problem: 'overlap', day: 'martes' },
    'a night shift runs into the next day\'s')
  t.same(problem({ days: [day('lunes', [['08:00', '08:00']])] }), { problem: 'emptyShift', day: 'lunes' })
  t.same(problem({ days: [day('lunes', [['08:00', '09:00']], 60)] }), { problem: 'breakTooLong', day: 'lunes' })
  t.same(problem({ days: [day('lunes', [['08:00', '12:00']], 45, '12:30')] }), { problem: 'breakOutside', day: 'lunes' })
  t.same(problem({
    days: [day('lunes', [['08:00', '12:00']])],
    rotation: { weeks: [{ days: [day('martes', [['08:00', '12:00']])] }, { days: [day('lunes', [['08:00', '12:00']])] }] }
  }), { problem: 'firstWeek' })
  t.equal(problem({
    days: [],
    rotation: { weeks: [{ days: [day('martes', [['08:00', '12:00']])] }, { days: [day('lunes', [['08:00', '12:00']])] }] }
  }), undefined, 'a rotation with empty days')
})
