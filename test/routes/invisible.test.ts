import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, sampleAddendum, samplePartTime } from '../support/helper.js'
import { normalizeRecord, withoutInvisible } from '../../src/employees/normalize.js'
import { importAddenda, importEmployees } from '../../src/spreadsheets/import.js'
import { readSpreadsheet } from '../../src/spreadsheets/read.js'
import { EMPLOYEE_HEADERS, csvText, employeeCells } from '../support/spreadsheets.js'

/** Characters that draw nothing, one of each kind the issue-23 hunt used. */
const INVISIBLE = '\u200b\u2060\u034f\u200c\u200d\u00ad\ufeff'

const app: FastifyInstance = await build(t)

t.test('format characters are removed from every text at input', async (t) => {
  t.equal(withoutInvisible(`Ope${INVISIBLE}rario`), 'Operario')
  t.same(normalizeRecord({ position: INVISIBLE, address: ` ${INVISIBLE} Av. Lima 1 ` }), { address: 'Av. Lima 1' })
  t.equal(withoutInvisible('Peña 👩🏽‍💻'), 'Peña 👩🏽💻', 'a ZWJ is dropped as any other: the documents draw no emoji sequences')
})

t.test('a required text made only of invisible characters is missing, in the JSON routes (issue 23 item 5)', async (t) => {
  const fields = {
    position: 'El cargo es requerido.',
    subDivisionOrParking: 'sub división requerida',
    address: 'La dirección es requerida',
    province: 'La provincia es requerida',
    department: 'El departamento es requerido',
    // a Part Time record without them: the D-rule's message, as when the field is left out
    workDays: /tiempo parcial debe indicar sus días de trabajo/,
    workSchedule: /tiempo parcial debe indicar sus días de trabajo/
  }
  for (const [field, message] of Object.entries(fields)) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ [field]: INVISIBLE }) })
    t.equal(res.statusCode, 400, field)
    t.match(res.json().errors, [{ field, message }], field)
  }
})

t.test('invisible characters inside a value are not printed, and the file name has none', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ position: `Opera${INVISIBLE}rio de playa` }) })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-disposition'], 'inline; filename="12345678-Operario de playa.pdf"')
})

t.test('the adenda and the spreadsheet imports count visible characters the same way', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ worker: INVISIBLE, division: INVISIBLE }) })
  t.equal(res.statusCode, 400)
  const named = (res.json().errors as { field: string }[]).map((error) => error.field).join(' ')
  t.match(named, /division/)
  t.match(named, /worker/)
  const cells = employeeCells(samplePartTime({ position: INVISIBLE })).map((cell) => (cell === null ? '' : String(cell)))
  const sheet = await readSpreadsheet({ bytes: Buffer.from(csvText([EMPLOYEE_HEADERS, cells])), format: 'csv', kind: 'employee', maxRows: 50 })
  if (sheet.status !== 'ok') throw new Error(sheet.status)
  t.throws(() => importEmployees(sheet), { errors: [{ row: 2, field: 'position', message: 'El cargo es requerido.' }] })
  const textCells = Object.fromEntries(Object.entries(sampleAddendum()).map(([field, value]) => [field, { kind: 'text' as const, value: String(value) }]))
  const addenda = importAddenda({ status: 'ok', rows: [{ row: 2, cells: { ...textCells, address: { kind: 'text', value: INVISIBLE } } }] }, { partial: true })
  t.match(addenda.errors, [{ row: 2, field: 'address' }])
})
