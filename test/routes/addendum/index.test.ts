import t from 'tap'
import * as XLSX from 'xlsx'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, pdfText, type FormFile } from '../../support/helper.js'
import { ADDENDUM_HEADERS, csvText, fixture, workbook } from '../../support/spreadsheets.js'
import { zipBomb } from '../../support/zip-tools.js'
import { ADDENDUM_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { sampleAddendum, sampleEmployee } from '../../support/samples.js'
import { addDays, termEnd } from '../../../src/vocabulary/dates.js'

const URL = '/api/addendum/upload'
const CORRUPT = 'El archivo Excel está corrupto o no es un archivo válido'

// one app (one worker pool) for the file: starting a worker under tap's TypeScript loader takes seconds
const app: FastifyInstance = await build(t, { MAX_FILE_SIZE: 2 * 1024 * 1024, ADDENDUM_BATCH_MAX: 80 })

function upload (files: FormFile[], url = URL, fields: Record<string, string> = {}) {
  return formPayload(files, fields).then((form) => app.inject({ method: 'POST', url, ...form }))
}

/** Rosa's row of the fixtures, as the import returns it: the shared sample with the fixtures' own
 * dates (years ahead: an adenda made in time) and sex; its contract's reviewed cause, the update and the
 * original salary are the sample's (DOCUMENT-REQUIREMENTS §17, §21, §28's columns). */
const ROSA = sampleAddendum({
  entryDate: '01/03/2030',
  start: '01/06/2031',
  end: '30/11/2031',
  startAddendum: '01/12/2031',
  endAddendum: '31/05/2032',
  sex: 'F',
  birthDate: '15/03/1990' // the fixture's FECHA DE NACIMIENTO (scripts/make-fixtures.ts)
})

function addendumRow (index: number): unknown[] {
  const worker = `Trabajador ${String(index).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}` // letters only: the names rule
  return [`División ${index}`, String(20000000 + index), worker, '01/03/2030', '01/06/2031', '30/11/2031', '01/12/2031',
    '31/05/2032', `Av. Lima ${index}`, 'Lima', 'Lima', 'Lima', '1500', 'MIL QUINIENTOS SOLES']
}

t.test('addenda from LibreOffice .xlsx, .xls, .csv and ;-.csv import alike, with the D14 counts', async (t) => {
  for (const [name, type] of [
    ['adendas.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], ['adendas.xls', 'application/vnd.ms-excel'],
    ['adendas.csv', 'text/csv'], ['adendas-semicolon.csv', 'application/vnd.ms-excel']
  ]) {
    const res = await upload([{ name, type, bytes: fixture(name) }])
    t.equal(res.statusCode, 200, name)
    const body = res.json()
    t.match(body, { success: true, message: 'Adendas procesadas correctamente', data: { totalRecords: 3, validRecords: 3, invalidRecords: 0 } })
    t.same(body.data.employees[0], ROSA, `${name}: a numeric DNI cell padded, date cells, S/. amounts`)
    t.match(body.data.employees[1], { documentNumber: '45678912', salary: 1250, worker: 'Luis Ángel Ñahui Pérez' })
    t.match(body.data.employees[2], { salary: 2100.5, endAddendum: '31/12/2032' })
    t.notOk('errors' in body.data)
  }
})

t.test('the other aliases (area, dni, colaborador, fecha_de_ingreso, termino, vigencia desde/hasta, remuneración…) import too', async (t) => {
  const res = await upload([{ name: 'adendas-alias.xlsx', bytes: fixture('adendas-alias.xlsx') }])
  t.equal(res.statusCode, 200)
  t.same(res.json().data.employees, [{
    division: 'Playas Norte',
    documentNumber: '07654321',
    worker: 'Ana Flores Rojas',
    entryDate: '02/05/2030',
    start: '02/05/2031',
    end: '01/11/2031',
    startAddendum: '02/11/2031',
    endAddendum: '01/05/2032',
    address: 'Av. Arequipa 2050, Lince',
    province: 'Lima',
    district: 'Lince',
    department: 'Lima',
    salary: 1400,
    salaryInWords: 'MIL CUATROCIENTOS CON 00/100 SOLES'
  }])
})

/** The errors of adendas-mixtas; in the CSV, DNI 123 is padded to 00000123 (D12). */
const mixedErrors = (name: string) => MIXED_ERRORS.filter((issue) => !(name.endsWith('.csv') && issue.field === 'documentNumber'))
const MIXED_ERRORS = [
  // `header`: the column's header as the file wrote it (docs/import.md)
  { row: 3, field: 'documentNumber', message: 'DNI debe tener exactamente 8 dígitos.', header: 'Número de Documento' },
  { row: 3, field: 'salary', message: 'El sueldo debe ser mayor a 0', header: 'Sueldo' },
  // its extension dates are swapped: the extension ends before it starts, and does not start the day after the end (§17)
  { row: 5, field: 'startAddendum', message: 'La prórroga debe empezar el día siguiente al fin del contrato (01/12/2031), sin días sin contrato ni superpuestos', header: 'Inicio Adenda' },
  { row: 5, field: 'endAddendum', message: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda', header: 'Fin Adenda' }
]

t.test('invalid rows: 400 Error de validación en los datos with every error and its row', async (t) => {
  for (const name of ['adendas-mixtas.xlsx', 'adendas-mixtas.csv']) {
    const res = await upload([{ name, bytes: fixture(name) }])
    t.equal(res.statusCode, 400, name)
    const body = res.json()
    t.match(body, { success: false, message: 'Error de validación en los datos' })
    t.same(body.errors, mixedErrors(name))
    t.same(body.data.validationErrors, mixedErrors(name), 'D13')
    t.same(body.context.validationErrors, mixedErrors(name), 'D13')
  }
})

t.test('SUELDO EN LETRAS left empty: the row is kept and the adenda writes the words from the salary, as a contract does (D22)', async (t) => {
  const record = sampleAddendum({ salaryInWords: undefined })
  const fields = ADDENDUM_COLUMNS.map((spec) => spec.field)
  const res = await upload([{ name: 'adendas.xlsx', bytes: workbook([[ADDENDUM_HEADERS, fields.map((field) => record[field] ?? null)]]) }], `${URL}?partial=true`)
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.same([data.validRecords, data.errors, data.documentIssues ?? []], [1, undefined, []], 'kept, and its adenda can be made')
  t.equal(data.employees[0].salaryInWords, undefined, 'not completed in the record: the document writes the words')
  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: data.employees[0] })
  t.equal(preview.statusCode, 200)
  t.match(await pdfText(preview.rawPayload), 'MIL SEISCIENTOS CINCUENTA')
})

t.test('CAUSA left empty on a row that extends a contract this service issued: the recorded contract\'s cause (DOCUMENT-REQUIREMENTS §21, §28)', async (t) => {
  const employee = sampleEmployee({ dni: '40777001' })
  const issued = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  t.equal(issued.statusCode, 200, 'the contract issued, and so recorded')
  const recorded = (await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=366' })).json().data.contracts
    .find((contract: { dni: string }) => contract.dni === '40777001') as { id: string, causeId: string }
  t.ok(recorded?.causeId, 'the contract recorded the cause it printed')
  const end = String(employee.endDate)
  const row = (overrides: Record<string, unknown>) => sampleAddendum({
    documentNumber: '40777001',
    worker: 'Rosa María Quispe Mamani',
    entryDate: employee.entryDate,
    start: employee.entryDate,
    end,
    startAddendum: addDays(end, 1),
    endAddendum: termEnd(addDays(end, 1), 3),
    salary: 1500,
    salaryInWords: undefined,
    causeId: undefined,
    ...overrides
  })
  const fields = ADDENDUM_COLUMNS.map((spec) => spec.field)
  const sheet = [ADDENDUM_HEADERS, ...[row({}), row({ documentNumber: '40777002' })].map((record) => fields.map((field) => record[field] ?? null))]
  const res = await upload([{ name: 'adendas.xlsx', bytes: workbook([sheet]) }], `${URL}?partial=true`)
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.equal(data.employees[0].causeId, recorded.causeId, 'the recorded contract\'s cause: HR is not asked for it')
  t.equal(data.employees[0].contractId, recorded.id, 'and the contract it extends, named')
  t.notOk((data.documentIssues ?? []).some((issue: { row: number }) => issue.row === 2), 'its adenda can be made')
  t.equal(data.employees[1].causeId, undefined, 'a worker the registry does not know: the sheet must name it')
  t.ok((data.documentIssues ?? []).some((issue: { row: number, field: string }) => issue.row === 3 && issue.field === 'causeId'))

  // the adenda issued, a second one follows it: its row's FECHA FIN is the first adenda's end
  const first = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [data.employees[0]] })
  t.equal(first.statusCode, 200)
  const firstEnd = String(data.employees[0].endAddendum)
  const second = row({ start: employee.entryDate, end: firstEnd, startAddendum: addDays(firstEnd, 1), endAddendum: termEnd(addDays(firstEnd, 1), 2) })
  const again = await upload([{ name: 'adendas.xlsx', bytes: workbook([[ADDENDUM_HEADERS, fields.map((field) => second[field] ?? null)]]) }], `${URL}?partial=true`)
  const next = again.json().data.employees[0]
  t.same([next.causeId, next.contractId], [recorded.causeId, recorded.id], 'a second adenda finds the contract through the first adenda\'s end')
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [{ ...next, contractId: undefined }] })
  t.equal(zip.statusCode, 200)
  const extended = (await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=366' })).json().data.contracts
    .find((contract: { id: string }) => contract.id === recorded.id) as { addenda: number, endDate: string } | undefined
  t.same([extended?.addenda, extended?.endDate], [2, next.endAddendum], 'without contractId it is linked by its FECHA FIN all the same')
})

t.test('data.documentIssues: a kept row whose adenda the preview and ZIP refuse, with their messages (docs/import.md)', async (t) => {
  // row 3 of the mixed sheet with its DNI and salary fixed, as the console writes a fixed row back
  const book = XLSX.read(fixture('adendas-mixtas.xlsx'), { cellNF: true })
  const sheet = book.Sheets[book.SheetNames[0]]
  sheet.B3 = { t: 's', v: '12121212' }
  sheet.M3 = { t: 'n', v: 1800 }
  // who the worker is (DOCUMENT-REQUIREMENTS §26), which the committed fixture predates: on every row
  const width = XLSX.utils.decode_range(sheet['!ref'] as string).e.c + 1
  const height = XLSX.utils.decode_range(sheet['!ref'] as string).e.r + 1
  XLSX.utils.sheet_add_aoa(sheet, [['GENERO', 'FECHA DE NACIMIENTO'], ...Array.from({ length: height - 1 }, () => ['F', '15/03/1990'])],
    { origin: { r: 0, c: width } })
  const res = await upload([{ name: 'adendas.xlsx', bytes: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer }], `${URL}?partial=true`)
  const data = res.json().data
  t.same(data.rows, [2, 3, 6])
  const documentIssues = data.documentIssues as Array<{ row: number, documentNumber: string, field: string, message: string, header?: string }>
  t.ok(documentIssues.length > 0 && documentIssues.every((issue) => issue.row === 3 && issue.documentNumber === '12121212'), 'only the fixed row, which names no contract')
  t.match(documentIssues.find((issue) => issue.field === 'salaryInWords'), { header: 'Sueldo en Letras', message: 'El sueldo en letras no coincide con el sueldo' })
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: data.employees })
  t.equal(zip.statusCode, 400)
  t.same(zip.json().errors.map((issue: { field: string, message: string }) => `${issue.field}|${issue.message}`).sort(),
    documentIssues.map((issue) => `body.1.${issue.field}|${issue.message}`).sort(), 'the ZIP refuses exactly what the upload listed, in the same words')
  const kept = data.employees.filter((_: unknown, index: number) => data.rows[index] !== 3)
  t.equal((await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: kept })).statusCode, 200, 'the rows without documentIssues are all accepted')
})

t.test('?partial=true answers 200 with the valid rows, the errors and the counts (D14)', async (t) => {
  for (const name of ['adendas-mixtas.xlsx', 'adendas-mixtas.csv']) {
    const res = await upload([{ name, bytes: fixture(name) }], `${URL}?partial=true`)
    t.equal(res.statusCode, 200, name)
    const body = res.json()
    t.match(body, { success: true, message: 'Adendas procesadas con errores', data: { totalRecords: 4, validRecords: 2, invalidRecords: 2 } })
    t.same(body.data.errors, mixedErrors(name))
    t.same(body.data.employees.map((employee: { documentNumber: string }) => employee.documentNumber), ['11111111', '33333333'])
    t.same(body.data.rows, [2, 6], 'each kept addendum\'s sheet row (row 4 is empty)')
  }
  const valid = await upload([{ name: 'adendas.xlsx', bytes: fixture('adendas.xlsx') }], `${URL}?partial=true`)
  t.match(valid.json(), { message: 'Adendas procesadas correctamente', data: { validRecords: 3, invalidRecords: 0 } })
  const off = await upload([{ name: 'adendas-mixtas.csv', bytes: fixture('adendas-mixtas.csv') }], `${URL}?partial=false`)
  t.equal(off.statusCode, 400)
  const bad = await upload([{ name: 'adendas.csv', bytes: fixture('adendas.csv') }], `${URL}?partial=quizas`)
  t.equal(bad.statusCode, 400, 'partial must be a boolean')
  t.equal(bad.json().errors[0].field, 'querystring.partial')
})

t.test('a missing required header: Campo requerido faltante, in both modes', async (t) => {
  for (const url of [URL, `${URL}?partial=true`]) {
    const res = await upload([{ name: 'adendas-sin-division.xlsx', bytes: fixture('adendas-sin-division.xlsx') }], url)
    t.equal(res.statusCode, 400)
    t.match(res.json(), { success: false, message: 'Campo requerido faltante: division', errors: [{ row: 1, field: 'division', message: 'Division es requerido.', header: 'DIVISION' }] })
  }
})

t.test('more than ADDENDUM_BATCH_MAX rows: Máximo 80 empleados por lote (D5)', async (t) => {
  const rows = (count: number) => [ADDENDUM_HEADERS, ...Array.from({ length: count }, (_, i) => addendumRow(i))]
  const eighty = await upload([{ name: 'ochenta.csv', bytes: csvText(rows(80)) }])
  t.equal(eighty.statusCode, 200)
  t.equal(eighty.json().data.totalRecords, 80)
  const res = await upload([{ name: 'muchos.csv', bytes: csvText(rows(81)) }], `${URL}?partial=true`)
  t.equal(res.statusCode, 400)
  t.match(res.json(), { success: false, message: 'Máximo 80 empleados por lote', data: { limit: 80, received: 81, hint: /81 filas con datos/ } })
})

t.test('corrupt files: zip bomb, truncated, renamed text', async (t) => {
  for (const file of [
    { name: 'bomba.xlsx', bytes: zipBomb(1024) },
    { name: 'cortado.xlsx', bytes: fixture('adendas.xlsx').subarray(0, 2500) },
    { name: 'texto.xls', bytes: 'division;dni\nPlayas;12345678\n' }
  ]) {
    const res = await upload([file])
    t.equal(res.statusCode, 400, file.name)
    t.same(res.json(), { success: false, message: CORRUPT, data: null }, file.name)
  }
})

t.test('the addendum upload has its own upload-layer texts (endpoint 9)', async (t) => {
  const file = { name: 'adendas.xlsx', bytes: fixture('adendas.xlsx') }
  const cases: [string, Promise<{ statusCode: number, json: () => unknown }>, string][] = [
    ['no file', upload([], URL, { nota: 'x' }), 'No se recibió ningún archivo. Envía un campo "excel"'],
    ['not multipart', app.inject({ method: 'POST', url: URL, payload: { excel: 'x' } }), 'No se recibió ningún archivo. Envía un campo "excel"'],
    ['too large', upload([{ name: 'grande.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) }]), 'El archivo excede el tamaño máximo permitido de 2MB'],
    ['wrong field', upload([{ ...file, field: 'file' }]), "Campo de archivo inesperado. Usa el campo 'excel'"],
    ['a second file', upload([file, file]), 'Solo puedes subir 1 archivo a la vez'],
    ['bad extension', upload([{ name: 'adendas.pdf', type: 'application/pdf', bytes: 'x' }]), 'Extensiones de archivo no permitidas: .pdf. Solo se permiten: .xlsx, .xls, .csv'],
    ['no extension', upload([{ name: 'adendas', bytes: 'x' }]), 'Extensiones de archivo no permitidas: . Solo se permiten: .xlsx, .xls, .csv'],
    ['bad MIME type', upload([{ name: 'adendas.xlsx', type: 'application/pdf', bytes: fixture('adendas.xlsx') }]), 'Tipo de archivo no permitidos .xlsx. solo se permiten archivos Excel( .xlsx, .xls,.csv)'],
    ['text/csv for an .xls', upload([{ name: 'adendas.xls', type: 'text/csv', bytes: fixture('adendas.xls') }]), 'Tipo de archivo no permitidos .xls. solo se permiten archivos Excel( .xlsx, .xls,.csv)']
  ]
  for (const [what, pending, message] of cases) {
    const res = await pending
    t.equal(res.statusCode, 400, what)
    t.same(res.json(), { success: false, message, data: null }, what)
  }
})

t.test('OpenAPI documents the addendum upload and its partial mode', async (t) => {
  const operation = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths['/api/addendum/upload'].post
  t.ok(operation.parameters.some((parameter: { name: string, in: string }) => parameter.name === 'partial' && parameter.in === 'query'))
  t.ok(operation.responses['200'].content['application/json'].schema.properties.data.properties.invalidRecords)
})

t.test('?partial takes only true or false', async (t) => {
  const res = await upload([{ name: 'adendas.xlsx', bytes: fixture('adendas.xlsx') }], `${URL}?partial=yes`)
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [{ field: 'querystring.partial', message: "partial debe ser 'true' o 'false'" }])
})

t.test('an extension starting before the contract it extends is a row error on startAddendum', async (t) => {
  const row = addendumRow(1)
  row[6] = '31/05/2031' // INICIO ADENDA before INICIO (01/06/2031)
  const res = await upload([{ name: 'antes.csv', bytes: csvText([ADDENDUM_HEADERS, addendumRow(0), row]) }], `${URL}?partial=true`)
  t.equal(res.statusCode, 200)
  t.match(res.json().data, { validRecords: 1, invalidRecords: 1 })
  t.same(res.json().data.errors, [{ row: 3, field: 'startAddendum', message: 'La fecha de inicio de adenda no puede ser anterior a la fecha de inicio del contrato', header: 'INICIO ADENDA' }])
})
