/**
 * Requests are never read as something else: a JSON body that is not UTF-8, a preview body that
 * mixes both modes (D3), a form submitted without a file, an unknown route with a bad body (D16)
 * and small upload limits each get the answer meant for them.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, sampleEmployee, samplePartTime } from './support/helper.js'
import { EMPLOYEE_HEADERS, csvText, employeeCells } from './support/spreadsheets.js'
import { sampleAddendum } from './support/samples.js'

const app: FastifyInstance = await build(t, { MAX_FILE_SIZE: 40000 })
const NOT_UTF8 = 'El cuerpo debe estar codificado en UTF-8'

t.test('a JSON body that is not UTF-8 is a 400, never decoded with replacement characters', async (t) => {
  const record = JSON.stringify(sampleEmployee({ address: 'Av. Perú 123', position: 'Cajera en Perú' }))
  const latin1 = Buffer.from(record, 'latin1') // ú as the single byte 0xFA
  for (const [contentType, payload] of [
    ['application/json', latin1],
    ['application/json; charset=latin1', latin1],
    ['application/json; charset=windows-1252', latin1],
    ['application/json; charset="ISO-8859-1"', Buffer.from(record, 'utf8')]
  ] as const) {
    for (const url of ['/api/contracts/preview', '/api/excel/download-photocheck']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: url.endsWith('photocheck') ? Buffer.concat([Buffer.from('['), payload, Buffer.from(']')]) : payload })
      t.equal(res.statusCode, 400, `${contentType} → ${url}`)
      t.same(res.json(), { success: false, message: NOT_UTF8, data: null })
    }
  }
  for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF8']) {
    const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', headers: { 'content-type': contentType }, payload: `[${record}]` })
    t.equal(res.statusCode, 200, contentType)
  }
  const bom = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', headers: { 'content-type': 'application/json' }, payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`[${record}]`)]) })
  t.equal(bom.statusCode, 200, 'a UTF-8 byte order mark is allowed')
  t.match(bom.body, 'Cajera en Perú')
})

t.test('a preview body with a full record and a sessionId is a 400 naming the conflict (D3)', async (t) => {
  const form = await formPayload([{ name: 'e.csv', type: 'text/csv', bytes: csvText([EMPLOYEE_HEADERS, employeeCells()]) }])
  const sessionId = (await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })).json().data.sessionId
  const edited = { ...sampleEmployee({ position: 'Supervisor editado' }), sessionId, format: 'file' }
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: edited })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'La solicitud no se pudo procesar')
  t.equal(res.json().errors.length, 1)
  t.equal(res.json().errors[0].field, 'body.sessionId')
  t.match(res.json().errors[0].message, /no ambos: sobran name, lastNameFather, .*position/)
  const session = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '12345678', format: 'base64' } })
  t.equal(session.statusCode, 200, 'the session mode alone still works')
})

t.test('a form submitted without choosing a file gets the no-file message of its endpoint', async (t) => {
  // what a browser sends for <input type=file name=excel> left empty
  const boundary = '----formboundary'
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="excel"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }
  const employees = await app.inject({ method: 'POST', url: '/api/excel/upload', headers, payload })
  t.equal(employees.statusCode, 400)
  t.equal(employees.json().message, 'No se recibió ningún archivo Excel.')
  const addenda = await app.inject({ method: 'POST', url: '/api/addendum/upload', headers, payload })
  t.equal(addenda.statusCode, 400)
  t.equal(addenda.json().message, 'No se recibió ningún archivo. Envía un campo "excel"')
})

t.test('an unknown route with a malformed JSON body is a 404 (D16): routing comes first', async (t) => {
  for (const [contentType, payload] of [['application/json', '{"a":'], ['application/json; charset=latin1', '{}'], ['text/plain', 'x']]) {
    const res = await app.inject({ method: 'POST', url: '/api/no-existe?x=1', headers: { 'content-type': contentType }, payload })
    t.equal(res.statusCode, 404, contentType)
    t.same(res.json(), { success: false, message: 'Ruta no encontrada: POST /api/no-existe', data: null })
  }
  const known = await app.inject({ method: 'POST', url: '/api/contracts/preview', headers: { 'content-type': 'application/json' }, payload: '{"a":' })
  t.equal(known.statusCode, 400, 'a known route still answers the JSON error')
})

t.test('small size limits are shown in the unit that reads right', async (t) => {
  const big = { name: 'grande.csv', type: 'text/csv', bytes: Buffer.alloc(40001, 0x41) }
  const employees = await app.inject({ method: 'POST', url: '/api/excel/upload', ...await formPayload([big]) })
  t.equal(employees.json().message, 'El archivo es demasiado grande. Tamaño máximo: 39 KB')
  const addenda = await app.inject({ method: 'POST', url: '/api/addendum/upload', ...await formPayload([big]) })
  t.equal(addenda.json().message, 'El archivo excede el tamaño máximo permitido de 39KB')
})

t.test('names hold letters of the Latin script only, and every accepted name fits its field', async (t) => {
  const preview = (overrides: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(overrides) })
  const roman = await preview({ name: 'Luis Ⅷ' })
  t.equal(roman.statusCode, 400)
  t.same(roman.json().errors, [{ field: 'body.name', message: 'Nombre solo puede contener letras y espacios' }])
  for (const name of ["D'Angelo", 'O’Brien', 'Nguyễn Thị', 'Łukasz Ștefan']) t.equal((await preview({ lastNameFather: name })).statusCode, 200, name)
  // Ǆ is the two letters DŽ: 50 of them are 100 letters, over the limit
  const digraphs = await preview({ name: 'Ǆ'.repeat(50) })
  t.same(digraphs.json().errors, [{ field: 'body.name', message: 'Nombre no puede superar 50 caracteres' }])
  for (const name of ["'Ana", 'Ana-María', 'Ꜳna']) t.equal((await preview({ name })).statusCode, 400, name)
})

t.test('a JSON salary string `100.500` is refused (100.5 or 100500?); `100500` and `100.50` as strings are read', async (t) => {
  const app = await build(t)
  // Part Time at 2 hours a week: 100.5 soles would pass the proportional minimum, so only the ambiguity refuses it
  const partTime = (salary: string) => samplePartTime({ weeklyHours: 2, workDays: 'lunes', workSchedule: 'de 18:00 a 20:00 horas', salary })
  const refused = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: partTime('100.500') })
  t.equal(refused.statusCode, 400)
  t.same(refused.json().errors.map((issue: { field: string }) => issue.field), ['body.salary'], 'the error is on the salary alone')
  for (const salary of ['100500', '100.50']) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: partTime(salary) })
    t.equal(res.statusCode, 200, salary)
  }
})

t.test('a salary under half a céntimo (it would print as S/ 0.00) is a 400 on the salary, never a 500', async (t) => {
  const app = await build(t)
  for (const [url, payload] of [
    ['/api/contracts/preview', sampleEmployee({ salary: 0.001, salaryInWords: 'MIL Y 00/100 SOLES' })],
    ['/api/contracts/preview', sampleEmployee({ salary: 0.001, salaryInWords: undefined })],
    ['/api/addendum/preview', sampleAddendum({ salary: 0.001, salaryInWords: undefined })]
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload })
    t.equal(res.statusCode, 400, url)
    t.ok(res.json().errors.some((issue: { field: string, message: string }) => issue.field === 'body.salary' && issue.message === 'El sueldo debe ser mayor a 0'), url)
  }
})
