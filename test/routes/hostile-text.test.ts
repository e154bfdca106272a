import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, pdfText, sampleAddendum, samplePartTime, zipEntries } from '../support/helper.js'
import { canonicalContractType, normalizeRecord, withoutInvisible } from '../../src/employees/normalize.js'
import { importAddenda, importEmployees } from '../../src/spreadsheets/import.js'
import { readSpreadsheet } from '../../src/spreadsheets/read.js'
import { EMPLOYEE_HEADERS, csvText, employeeCells } from '../support/spreadsheets.js'
import { rawXlsx, rowXml } from '../support/hostile-files.js'

/** Characters that draw nothing, one of each kind a hunt for hostile input used. */
const INVISIBLE = '\u200b\u2060\u034f\u200c\u200d\u00ad\ufeff'

const app: FastifyInstance = await build(t)

t.test('format characters are removed from every text at input', async (t) => {
  t.equal(withoutInvisible(`Ope${INVISIBLE}rario`), 'Operario')
  t.same(normalizeRecord({ position: INVISIBLE, address: ` ${INVISIBLE} Av. Lima 1 ` }), { address: 'Av. Lima 1' })
  t.equal(withoutInvisible('Peña 👩🏽‍💻'), 'Peña 👩🏽💻', 'a ZWJ is dropped as any other: the documents draw no emoji sequences')
})

t.test('a required text made only of invisible characters is missing, in the JSON routes (docs/import.md)', async (t) => {
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

const INVALID_UNICODE = 'El texto contiene caracteres Unicode no válidos (un sustituto UTF-16 suelto)'
const CONTROL = 'El texto contiene caracteres de control (NUL, ESC, BEL…) que no se pueden imprimir'

t.test('a lone UTF-16 surrogate is a 400 on its field, from JSON and from an .xlsx _xD800_ (docs/import.md)', async (t) => {
  const payload = JSON.stringify(samplePartTime({ position: 'Jefe \ud800', address: 'Av. \udfff 1' }))
  t.match(payload, /\\ud800/, 'sent as the JSON escape')
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload, headers: { 'content-type': 'application/json' } })
  t.equal(res.statusCode, 400)
  t.match(res.json().errors, [{ field: 'address', message: INVALID_UNICODE }, { field: 'position', message: INVALID_UNICODE }])
  const cells = employeeCells(samplePartTime()).map((cell) => (cell === null ? null : String(cell)))
  cells[EMPLOYEE_HEADERS.indexOf('CARGO')] = 'Jefe _xD800_'
  const sheet = await readSpreadsheet({ bytes: rawXlsx({ sheetData: rowXml(1, EMPLOYEE_HEADERS) + rowXml(2, cells) }), format: 'xlsx', kind: 'employee', maxRows: 50 })
  if (sheet.status !== 'ok') throw new Error(sheet.status)
  t.throws(() => importEmployees(sheet), { errors: [{ row: 2, field: 'position', message: INVALID_UNICODE }] })
  const pair = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ position: 'Jefe 𝔸', positionProfile: 'cajero' }) })
  t.equal(pair.statusCode, 200, 'a surrogate pair is one character, not refused by this rule')
})

t.test('control characters in free text are refused; tab and line breaks are not this rule (docs/import.md)', async (t) => {
  for (const text of ['Jefe\u0000', 'Jefe\u001b[31m', 'Jefe\u0007', 'Jefe\u007f', 'Jefe\u0085']) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ position: text }) })
    t.equal(res.statusCode, 400, JSON.stringify(text))
    t.match(res.json().errors, [{ field: 'position', message: CONTROL }])
  }
  const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ address: 'Av.\u0000Lima 1' }) })
  t.equal(res.statusCode, 400)
  t.match(res.json().errors, [{ field: 'address', message: CONTROL }])
  const tab = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ position: 'Jefe\tde turno' }) })
  t.notMatch(tab.body, CONTROL)
})

t.test('weeklyHours: float noise is rounded, more than two decimals refused, never printed raw (docs/import.md)', async (t) => {
  const twoDecimals = 'Las horas semanales deben tener como máximo 2 decimales'
  for (const weeklyHours of [23.9999999, 19.123]) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ weeklyHours }) })
    t.equal(res.statusCode, 400, String(weeklyHours))
    t.match(res.json().errors, [{ field: 'weeklyHours', message: twoDecimals }])
  }
  const tiny = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ weeklyHours: 1e-9, salary: 0.01 }) })
  t.equal(tiny.statusCode, 400, '1e-9 hours do not make S/ 0.01 a lawful Part Time salary')
  t.match(tiny.json().errors, [{ field: 'weeklyHours' }])
  // a computed cell's 18.75 (the sample schedule's sum) with float noise
  const computed = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ weeklyHours: 18.750000000000004 }) })
  t.equal(computed.statusCode, 200, computed.body.slice(0, 300))
  const text = await pdfText(computed.rawPayload)
  // printed in hours and minutes (DOCUMENT-REQUIREMENTS §33), never the raw number
  t.match(text, /18\s+horas\s+y\s+45\s+minutos/)
  t.notMatch(text, /18\.75/)
})

t.test('a position of 100 Georgian characters or emoji: every ZIP entry name extracts (<= 255 bytes a component, docs/import.md)', async (t) => {
  // positions outside the employer's catalogue take a catalogue profile (its functions and risks); characters
  // the fonts have (CJK, and emoji such as U+1F697, which they lack, are refused since item 17: test/routes/printable.test.ts)
  const batch = [
    samplePartTime({ position: 'მოლარე'.repeat(17).slice(0, 100), positionProfile: 'cajero' }),
    samplePartTime({ dni: '23456789', position: '\u{1F600}'.repeat(100), positionProfile: 'cajero' })
  ]
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: batch })
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  const entries = await zipEntries(res.rawPayload)
  t.equal(entries.length, 6)
  for (const { name } of entries) {
    for (const component of name.split('/')) t.ok(Buffer.byteLength(component) <= 255, `${Buffer.byteLength(component)} bytes`)
    t.notMatch(name, /\ufffd/)
  }
})

t.test('the adenda worker follows the names letter rule; contractType is not matched across a split word (docs/import.md)', async (t) => {
  for (const worker of ['a(b)c\\d<e>', 'Rosa 123', 'R0sa Díaz']) {
    const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ worker }) })
    t.equal(res.statusCode, 400, worker)
    t.match(res.json().errors, [{ field: 'worker', message: 'Trabajador solo puede contener letras y espacios' }])
  }
  const named = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ worker: "María José D'Angelo Ñahui" }) })
  t.equal(named.statusCode, 200, named.body.slice(0, 300))
  t.equal(canonicalContractType('plan illa'), undefined)
  t.equal(canonicalContractType('sub sidio'), undefined)
  for (const text of ['PLANILLA', 'part time', 'Part  Time', 'PARTTIME', ' subsidio ']) t.ok(canonicalContractType(text) !== undefined, text)
  const split = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ contractType: 'plan illa' }) })
  t.equal(split.statusCode, 400)
  t.match(split.json().errors, [{ field: 'contractType' }])
})

t.test('a JSON body with a __proto__ or constructor.prototype key is refused naming the key (docs/reliability.md)', async (t) => {
  for (const [payload, path] of [
    ['{"__proto__":{"admin":true},"dni":"12345678"}', 'body.__proto__'],
    ['{"dni":"12345678","constructor":{"prototype":{"admin":true}}}', 'body.constructor.prototype'],
    ['{"employees":[{"dni":"1"},{"x":{"__proto__":{}}}]}', 'body.employees.1.x.__proto__']
  ]) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload, headers: { 'content-type': 'application/json' } })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { success: false, message: `El cuerpo JSON contiene una clave prohibida: ${path}`, data: null })
  }
  const broken = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: '{"dni":', headers: { 'content-type': 'application/json' } })
  t.equal(broken.json().message, 'El cuerpo JSON no es válido', 'other broken JSON keeps its message')
})
