import { test } from 'tap'
import { parse } from 'csv-parse/sync'
import * as XLSX from 'xlsx'
import { build, sharedApp, sampleEmployee } from '../../support/helper.js'
import { readWorkbook } from '../../src/reports/read-workbook.js'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const EMPTY = 'No se recibieron datos. Debes enviar una lista de empleados.'

interface Endpoint {
  url: string
  type: string
  filename: string
  /** Fields the export uses (spec "fields used"), each required. */
  fields: string[]
  /** Reads the reply back: header, then one row per employee (values only). */
  read: (bytes: Buffer) => unknown[][]
}

const workbookRows = (bytes: Buffer) => {
  const book = readWorkbook(bytes)
  const rows: unknown[][] = []
  for (let r = 1; r <= book.dataRows + 1; r++) rows.push(book.header.map((_, c) => book.cell(r, c)?.v ?? null))
  return rows
}
const csvRows = (bytes: Buffer): unknown[][] => parse(bytes, { bom: true }) // D15: the file opens with a UTF-8 BOM

const PERSON = ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position']
const ENDPOINTS: Endpoint[] = [
  { url: '/api/excel/download-lawlife', type: XLSX_TYPE, filename: 'VIDA_LEY_TRAMA_INV_URB_OP.xlsx', fields: [...PERSON, 'salary', 'entryDate', 'birthDate', 'sex'], read: workbookRows },
  { url: '/api/excel/download-sctr', type: XLSX_TYPE, filename: 'FORMATO_SCTR.xlsx', fields: [...PERSON, 'salary', 'sex', 'entryDate', 'birthDate', 'endDate'], read: workbookRows },
  { url: '/api/excel/download-photocheck', type: 'text/csv; charset=utf-8', filename: 'Fotocheck.csv', fields: [...PERSON, 'subDivisionOrParking'], read: csvRows }
]

/** Only the fields an export uses, as a nightly job may send them. */
const usedFields = (endpoint: Endpoint, overrides: Record<string, unknown> = {}) => {
  const full = sampleEmployee(overrides)
  return Object.fromEntries(endpoint.fields.map((field) => [field, full[field]]))
}

const team = () => [
  sampleEmployee(),
  sampleEmployee({ name: 'José', lastNameFather: 'Peña', lastNameMother: 'Ñahui', dni: '01234567', sex: 'masculino', position: 'Cajero', subDivisionOrParking: 'Playa Surco' })
]

for (const endpoint of ENDPOINTS) {
  const name = endpoint.url.split('/').pop() ?? ''

  test(`${name}: 200 with the spec's headers, Content-Length matching the bytes, one row per employee`, async (t) => {
    const app = await sharedApp()
    const res = await app.inject({ method: 'POST', url: endpoint.url, payload: team() })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], endpoint.type)
    t.equal(res.headers['content-disposition'], `attachment; filename=${endpoint.filename}`)
    t.equal(Number(res.headers['content-length']), res.rawPayload.length)
    const rows = endpoint.read(res.rawPayload)
    t.equal(rows.length, 3, 'header + 2 employees')
    t.ok(rows[2].includes('01234567'), 'second employee, DNI with its leading zero')
    t.ok(rows[2].some((cell) => typeof cell === 'string' && cell.includes('Peña')), 'ñ survives')
  })

  test(`${name}: the three D2 body forms give the same file, validation paths read body.<i>.<field>`, async (t) => {
    const app = await sharedApp()
    const replies = []
    for (const payload of [team(), { employees: team() }, { body: team() }]) {
      const res = await app.inject({ method: 'POST', url: endpoint.url, payload })
      t.equal(res.statusCode, 200)
      replies.push(endpoint.read(res.rawPayload))
    }
    t.same(replies[1], replies[0])
    t.same(replies[2], replies[0])
    for (const payload of [[sampleEmployee(), sampleEmployee({ dni: '123' })], { employees: [sampleEmployee(), sampleEmployee({ dni: '123' })] }, { body: [sampleEmployee(), sampleEmployee({ dni: '123' })] }]) {
      const res = await app.inject({ method: 'POST', url: endpoint.url, payload })
      t.same(res.json(), { success: false, message: 'Validation error', data: null, errors: [{ field: 'body.1.dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.' }] })
    }
  })

  test(`${name}: only the fields it uses are needed; other fields are ignored, even invalid ones`, async (t) => {
    const app = await sharedApp()
    const only = await app.inject({ method: 'POST', url: endpoint.url, payload: [usedFields(endpoint)] })
    t.equal(only.statusCode, 200, 'used fields only')
    const extra = await app.inject({ method: 'POST', url: endpoint.url, payload: [{ ...usedFields(endpoint), email: 'no-es-correo', contractType: 'Subsidio', salaryInWords: 'x' }] })
    t.equal(extra.statusCode, 200, 'unused invalid fields and Subsidio rules do not apply')
    t.same(endpoint.read(extra.rawPayload), endpoint.read(only.rawPayload))
  })

  test(`${name}: a missing or empty list answers the spec's empty text`, async (t) => {
    const app = await sharedApp()
    for (const payload of [[], { employees: [] }, { body: [] }, {}, { employees: 'x' }, 'texto', null]) {
      const res = await app.inject({ method: 'POST', url: endpoint.url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } })
      t.equal(res.statusCode, 400, JSON.stringify(payload))
      t.same(res.json(), { success: false, message: EMPTY, data: null, errors: [{ field: 'body', message: EMPTY }] }, JSON.stringify(payload))
    }
    const noBody = await app.inject({ method: 'POST', url: endpoint.url, headers: { 'content-type': 'application/json' } })
    t.equal(noBody.statusCode, 400)
    t.match(noBody.json(), { success: false, message: EMPTY, data: null })
    const notJson = await app.inject({ method: 'POST', url: endpoint.url })
    t.equal(notJson.statusCode, 400)
    t.match(notJson.json(), { success: false, message: EMPTY })
  })

  test(`${name}: 50 employees pass, 51 answer the D5 limit before validation`, async (t) => {
    const app = await sharedApp()
    const fifty = Array.from({ length: 50 }, (_, i) => sampleEmployee({ dni: String(10000000 + i) }))
    const ok = await app.inject({ method: 'POST', url: endpoint.url, payload: fifty })
    t.equal(ok.statusCode, 200)
    t.equal(endpoint.read(ok.rawPayload).length, 51)
    const tooMany = await app.inject({ method: 'POST', url: endpoint.url, payload: { employees: [...fifty, { name: 1 }] } })
    t.equal(tooMany.statusCode, 400)
    t.same(tooMany.json(), { success: false, message: 'Máximo 50 empleados por lote', data: null, errors: [{ field: 'body', message: 'Máximo 50 empleados por lote' }] })
  })

  test(`${name}: the limit follows BATCH_MAX (D5)`, async (t) => {
    const app = await build(t, { BATCH_MAX: 2 })
    const res = await app.inject({ method: 'POST', url: endpoint.url, payload: [...team(), sampleEmployee()] })
    t.equal(res.statusCode, 400)
    t.equal(res.json().message, 'Máximo 2 empleados por lote')
  })
}

/** Per field: the message when it is missing, and a bad value with its message (schemas/messages.ts). */
const FIELD_RULES: Record<string, { required: string, bad: unknown, invalid: string }> = {
  name: { required: 'El nombre es requerido', bad: 'R', invalid: 'Nombre debe tener al menos 2 letras' },
  lastNameFather: { required: 'El apellido paterno es requerido', bad: 'Quispe2', invalid: 'Apellido paterno solo puede contener letras y espacios' },
  lastNameMother: { required: 'El apellido materno es requerido', bad: 'M', invalid: 'Apellido materno debe tener al menos 2 letras' },
  dni: { required: 'El DNI es requerido', bad: '1234-567', invalid: 'DNI debe tener exactamente 8 dígitos numéricos.' },
  position: { required: 'El cargo es requerido.', bad: 'x'.repeat(101), invalid: 'El cargo no puede superar 100 caracteres' },
  salary: { required: 'El sueldo es requerido', bad: 0, invalid: 'El sueldo debe ser mayor a 0' },
  entryDate: { required: 'La fecha de ingreso es requerida', bad: '31/02/2026', invalid: 'Fecha debe estar en formato DD/MM/YYYY' },
  birthDate: { required: 'La fecha de nacimiento es requerida', bad: '1990-03-15', invalid: 'Fecha debe estar en formato DD/MM/YYYY' },
  endDate: { required: 'La fecha de término es requerida', bad: '32/01/2027', invalid: 'Fecha debe estar en formato DD/MM/YYYY' },
  sex: { required: 'El genero es requerido.', bad: 'X', invalid: 'El genero debe ser M, F, Masculino o Femenino' },
  subDivisionOrParking: { required: 'sub división requerida', bad: 'x'.repeat(101), invalid: 'La sub división no puede superar 100 caracteres' }
}

for (const endpoint of ENDPOINTS) {
  const name = endpoint.url.split('/').pop() ?? ''
  test(`${name}: every used field, missing or invalid, answers its message under Validation error`, async (t) => {
    const app = await sharedApp()
    for (const field of endpoint.fields) {
      const rule = FIELD_RULES[field]
      for (const [value, message] of [[undefined, rule.required], ['   ', rule.required], [rule.bad, rule.invalid]] as const) {
        const bad = usedFields(endpoint, { [field]: value })
        if (value === undefined) delete bad[field]
        const res = await app.inject({ method: 'POST', url: endpoint.url, payload: [usedFields(endpoint), bad] })
        t.equal(res.statusCode, 400, `${field}=${JSON.stringify(value)?.slice(0, 12)}`)
        t.same(res.json(), { success: false, message: 'Validation error', data: null, errors: [{ field: `body.1.${field}`, message }] }, `${field}=${JSON.stringify(value)?.slice(0, 12)}`)
      }
    }
  })
}

test('download-sctr: Fecha cese before Fecha Ingreso is refused (D10); the other exports do not use endDate', async (t) => {
  const app = await sharedApp()
  const payload = [sampleEmployee({ entryDate: '01/06/2027', endDate: '31/05/2027' })]
  const sctr = await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload })
  t.same(sctr.json(), { success: false, message: 'Validation error', data: null, errors: [{ field: 'body.0.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' }] })
  for (const url of ['/api/excel/download-lawlife', '/api/excel/download-photocheck']) {
    t.equal((await app.inject({ method: 'POST', url, payload })).statusCode, 200, url)
  }
})

test('download-photocheck: spec row values, and a formula-like cell arrives neutralised', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: [sampleEmployee({ position: '=HYPERLINK("http://x.example")', subDivisionOrParking: '+Playa, Sur' })] })
  t.equal(res.statusCode, 200)
  t.same([...res.rawPayload.subarray(0, 3)], [0xEF, 0xBB, 0xBF], 'UTF-8 BOM first, so Excel reads the accents (D23)')
  t.same(csvRows(res.rawPayload), [
    ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'],
    ['\'=HYPERLINK("http://x.example")', '\'+Playa, Sur', '12345678', 'Quispe Mamani', 'Rosa María']
  ])
})

test('download-photocheck?format=xlsx: Fotocheck.xlsx with the CSV\'s rows, the DNI a text cell keeping its zero', async (t) => {
  const app = await sharedApp()
  const payload = [sampleEmployee({ position: '=HYPERLINK("http://x.example")' }), team()[1]]
  const csv = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck?format=csv', payload })
  const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck?format=xlsx', payload })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], XLSX_TYPE)
  t.equal(res.headers['content-disposition'], 'attachment; filename=Fotocheck.xlsx')
  t.equal(Number(res.headers['content-length']), res.rawPayload.length)
  const book = XLSX.read(res.rawPayload, { cellStyles: true, cellNF: true })
  t.same(book.SheetNames, ['Fotocheck'])
  const sheet = book.Sheets.Fotocheck
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true })
  t.same(rows[0], ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'])
  t.same(rows[2], ['Cajero', 'Playa Surco', '01234567', 'Peña Ñahui', 'José'])
  t.equal(rows[1][0], '=HYPERLINK("http://x.example")', 'a typed text cell, not a formula: no quote needed')
  t.equal(sheet.A2.f, undefined, 'no formula')
  t.equal(sheet.C3.t, 's', 'DNI is a string cell')
  t.equal(sheet.C3.z, '@', 'formatted as Text, so an edit keeps the zero')
  t.same(csvRows(csv.rawPayload).slice(1).map((row) => row.slice(1)), rows.slice(1).map((row) => row.slice(1)), 'same data as the CSV')
  const bad = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck?format=pdf', payload })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { success: false, errors: [{ field: 'querystring.format', message: "format debe ser 'csv' o 'xlsx'" }] })
})

test('download-lawlife and download-sctr: sex spellings map to M/F and values are normalised first (D8)', async (t) => {
  const app = await sharedApp()
  for (const [url, sexColumn] of [['/api/excel/download-lawlife', 4], ['/api/excel/download-sctr', 4]] as const) {
    const res = await app.inject({ method: 'POST', url, payload: [sampleEmployee({ sex: ' femenino ' }), sampleEmployee({ sex: 'MASCULINO', name: '  Luis  ' })] })
    const rows = workbookRows(res.rawPayload)
    t.same(rows.map((row) => row[sexColumn]), ['Sexo', 'F', 'M'], url)
    t.equal(rows[2][3], 'Luis', 'trimmed')
  }
})

test('OpenAPI documents the three exports as binary file replies with their item schemas', async (t) => {
  const app = await sharedApp()
  const paths = (await app.inject({ url: '/docs/json' })).json().paths
  for (const endpoint of ENDPOINTS) {
    const post = paths[endpoint.url].post
    const mediaType = endpoint.type
    t.same(post.responses['200'].content[mediaType].schema, { type: 'string', format: 'binary' }, endpoint.url)
    t.ok(post.responses['400'], 'error envelope documented')
    const item = post.requestBody.content['application/json'].schema.items
    t.same(Object.keys(item.properties).sort(), [...endpoint.fields].sort())
    t.same([...item.required].sort(), [...endpoint.fields].sort())
  }
})
