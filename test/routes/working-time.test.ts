/**
 * `POST /api/working-time` (routes/working-time.ts): a week as the service reads it, for the console's
 * schedule editor: the canonical texts, the weekly hours and the weekly rest a contract would print
 * (DOCUMENT-REQUIREMENTS §22, §33), the rules' refusals of that week, and a 400 for a week it cannot read.
 */
import { test } from 'tap'
import { sharedApp } from '../support/helper.js'

const read = async (body: Record<string, unknown>) =>
  await (await sharedApp()).inject({ method: 'POST', url: '/api/working-time', payload: body })

test('an ordinary week: its texts, 48 hours and the Sunday it rests', async (t) => {
  const reply = await read({ workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' })
  t.equal(reply.statusCode, 200, reply.body)
  t.same(reply.json().data, {
    workDays: 'lunes a sábado',
    workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio',
    weeklyHours: '48 horas semanales',
    weeklyRest: 'del sábado a las 16:45 al lunes a las 08:00',
    issues: []
  })
})

test('Mon-Fri mornings and a Saturday night: the rest is Friday afternoon to Saturday night (§33)', async (t) => {
  const reply = await read({
    workingTime: {
      days: [
        ...['lunes', 'martes', 'miércoles', 'jueves', 'viernes'].map((day) => ({ day, breakMinutes: 45, shifts: [{ start: '05:00', end: '13:45' }] })),
        { day: 'sábado', breakMinutes: 45, shifts: [{ start: '22:00', end: '06:45' }] }
      ]
    }
  })
  t.equal(reply.statusCode, 200, reply.body)
  t.equal(reply.json().data.weeklyRest, 'del viernes a las 13:45 al sábado a las 22:00')
  t.same(reply.json().data.issues, [])
})

test('a rotation whose night week leaves 23 h 15 min: refused on the schedule, with where and by how much', async (t) => {
  const reply = await read({ workSchedule: 'rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con 45 minutos de refrigerio' })
  t.equal(reply.statusCode, 200, reply.body)
  const { issues } = reply.json().data
  t.equal(issues.length, 1)
  t.equal(issues[0].field, 'body.workSchedule')
  t.match(issues[0].message, /descanso/)
})

test('a week it cannot read is a 400 on its field', async (t) => {
  const unreadable = await read({ workDays: 'lunes a sábado', workSchedule: 'cuando haga falta' })
  t.equal(unreadable.statusCode, 400)
  t.match(unreadable.json(), { success: false, errors: [{ field: 'body.workSchedule' }] })
  const partTime = await read({ contractType: 'Part Time' })
  t.equal(partTime.statusCode, 400)
  t.match(partTime.json().errors, [{ field: 'body.workDays' }])
})
