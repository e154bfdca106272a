import t from 'tap'
import { readdir, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, type FormFile } from '../../support/helper.js'
import { EMPLOYEE_HEADERS, csvText, employeeCells, fixture, numberedEmployee, workbook } from '../../support/spreadsheets.js'
import { zipBomb } from '../../support/zip-tools.js'
import type { FileSessionStore } from '../../../src/sessions/store.js'

const URL = '/api/excel/upload'
/** The app's store, the file one on test defaults (SESSION_STORE unset). */
const fileSessions = () => app.sessions as FileSessionStore
const CORRUPT = 'El archivo Excel está corrupto o no es un archivo válido'
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

// one app (one worker pool) for the file: starting a worker under tap's TypeScript loader takes seconds
const app: FastifyInstance = await build(t, { MAX_FILE_SIZE: 2 * 1024 * 1024 })

function upload (files: FormFile[], url = URL, fields: Record<string, string> = {}) {
  return formPayload(files, fields).then((form) => app.inject({ method: 'POST', url, ...form }))
}

t.test('employees from LibreOffice .xlsx, .xls and .csv (comma, ; with BOM, Windows-1252) import alike', async (t) => {
  let first: unknown
  for (const [name, type] of [
    ['empleados.xlsx', XLSX_TYPE], ['empleados.xls', 'application/vnd.ms-excel'], ['empleados.csv', 'text/csv'],
    ['empleados-semicolon.csv', 'application/vnd.ms-excel'], ['empleados-cp1252.csv', 'application/octet-stream']
  ]) {
    const res = await upload([{ name, type, bytes: fixture(name) }])
    t.equal(res.statusCode, 200, name)
    const body = res.json()
    t.equal(body.success, true)
    t.equal(body.message, 'Se importaron 4 empleados correctamente.')
    t.equal(body.data.totalRecords, 4)
    t.match(body.data.sessionId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'D4: a UUID v4')
    t.match(body.data.employees[0], { name: 'Rosa María', dni: '01234567', salary: 1500, entryDate: '01/12/2026', contractType: 'Planilla', sex: 'Femenino' })
    t.match(body.data.employees[2], { contractType: 'Subsidio', replacementFor: 'Juana Pérez Gómez', reasonForSubstitution: 'Descanso médico' })
    first ??= body.data.employees
    t.same(body.data.employees, first, `${name} gives the same employees as empleados.xlsx`)
  }
})

t.test('the other header aliases (NOMBRE, EMAIL, DOMICILIO, PLAYA, INICIO, FIN, SEXO) import too', async (t) => {
  const res = await upload([{ name: 'empleados-alias.xlsx', bytes: fixture('empleados-alias.xlsx') }])
  t.equal(res.statusCode, 200)
  const [ana, pedro] = res.json().data.employees
  t.match(ana, { dni: '07654321', email: 'ana.flores@example.com', address: 'Av. Arequipa 2050', subDivisionOrParking: 'Playa Lince', entryDate: '01/11/2026', endDate: '30/04/2027', contractType: 'Part Time', sex: 'F' })
  t.notOk('birthDate' in ana, 'no FECHA DE NACIMIENTO column: optional')
  t.match(pedro, { contractType: 'Subsidio', replacementFor: 'Mario Quispe', salary: 1350 })
})

t.test('the session holds the imported employees; expired and malformed ids read as none (D3, D4)', async (t) => {
  const res = await upload([{ name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }])
  const { sessionId, employees } = res.json().data
  t.same(await app.sessions.get(sessionId), employees, 'the store gives back exactly what the reply listed')
  t.same(await readdir(fileSessions().dir).then((names) => names.includes(`${sessionId}.json`)), true, 'stored under TEMP_DIR/sessions')
  t.equal(await app.sessions.get('../../etc/passwd'), undefined, 'malformed id')
  t.equal(await app.sessions.get('not-a-uuid'), undefined)
  const past = new Date(Date.now() - fileSessions().ttlMs - 1000)
  await utimes(join(fileSessions().dir, `${sessionId}.json`), past, past)
  t.equal(await app.sessions.get(sessionId), undefined, 'expired after FILE_CLEANUP_TIMEOUT')
  t.notOk((await readdir(fileSessions().dir)).includes(`${sessionId}.json`), 'and removed')
})

t.test('invalid rows: every error with its spreadsheet row, under data and context (D13)', async (t) => {
  const sessionsBefore = (await readdir(fileSessions().dir)).length
  for (const name of ['empleados-invalidos.xlsx', 'empleados-invalidos.csv']) {
    const res = await upload([{ name, bytes: fixture(name) }])
    t.equal(res.statusCode, 400, name)
    const body = res.json()
    const issues = [ // `header`: the column's header as the file wrote it (docs/import.md)
      { row: 2, field: 'dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.', header: 'DNI' },
      { row: 3, field: 'email', message: 'El correo es requerido', header: 'Correo' },
      { row: 5, field: 'salary', message: 'El sueldo debe ser mayor a 0', header: 'Sueldo' },
      // docs/import.md: a date of the right form that does not exist says so (D10's text stays for a wrong form)
      { row: 6, field: 'entryDate', message: 'La fecha 31/02/2025 no existe: febrero de 2025 tiene 28 días.', header: 'Fecha de Ingreso' },
      { row: 7, field: 'endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso', header: 'Fecha de Término' },
      { row: 8, field: 'replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio", header: 'Suplencia de' },
      { row: 8, field: 'reasonForSubstitution', message: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio", header: 'Motivo de Suplencia' },
      { row: 9, field: 'contractType', message: 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time', header: 'Tipo de Contrato' }
    ].filter((issue) => !(name.endsWith('.csv') && issue.field === 'dni')) // D12: in a CSV, DNI 1234 is 00001234
    t.equal(body.success, false)
    t.equal(body.message, `No se pudo procesar el archivo. Se encontraron ${issues.length} errores.`)
    t.same(body.data.validationErrors, issues)
    t.same(body.context.validationErrors, issues)
  }
  t.equal((await readdir(fileSessions().dir)).length, sessionsBefore, 'no session for a refused file')
})

t.test('missing headers: the structure message, one item per header at row 1', async (t) => {
  const res = await upload([{ name: 'empleados-sin-columnas.xlsx', bytes: fixture('empleados-sin-columnas.xlsx') }])
  t.equal(res.statusCode, 400)
  const body = res.json()
  t.equal(body.message, 'La estructura del archivo es incorrecta. Faltan columnas obligatorias.')
  const issues = [
    { row: 1, field: 'DNI', message: 'Encabezado requerido no encontrado en el archivo.', header: 'DNI' },
    { row: 1, field: 'EMAIL', message: 'Encabezado requerido no encontrado en el archivo.', header: 'EMAIL' }
  ]
  t.same(body.data.validationErrors, issues)
  t.same(body.context.validationErrors, issues)
})

t.test('more than BATCH_MAX employees is refused (D5); blank rows do not count', async (t) => {
  const rows = (count: number) => [EMPLOYEE_HEADERS, ...Array.from({ length: count }, (_, i) => [employeeCells(numberedEmployee(i)), []]).flat()]
  const fifty = await upload([{ name: 'cincuenta.csv', type: 'text/csv', bytes: csvText(rows(50)) }])
  t.equal(fifty.statusCode, 200)
  t.equal(fifty.json().data.totalRecords, 50)
  for (const [name, bytes] of [['muchos.csv', csvText(rows(51))], ['muchos.xlsx', workbook([rows(51)])], ['muchos.xls', workbook([rows(51)], 'xls')]] as const) {
    const res = await upload([{ name, bytes }])
    t.equal(res.statusCode, 400, name)
    t.same(res.json(), {
      success: false,
      message: 'Máximo 50 empleados por lote',
      data: {
        limit: 50,
        received: 51,
        hint: 'El archivo tiene 51 filas con datos y se admiten hasta 50 por lote. Divídelo en 2 archivos de hasta 50 filas, cada uno con la fila de encabezados.'
      }
    }, `${name}: the spec's message, the count and how to split in data (docs/import.md)`)
  }
  const many = await upload([{ name: 'sesenta-y-dos.xlsx', bytes: workbook([rows(62)]) }])
  t.equal(many.json().data.hint, 'El archivo tiene 62 filas con datos y se admiten hasta 50 por lote. Divídelo en 2 archivos de hasta 50 filas, cada uno con la fila de encabezados.')
})

t.test('a header row without data is refused', async (t) => {
  const res = await upload([{ name: 'vacio.csv', bytes: csvText([EMPLOYEE_HEADERS]) }])
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.')
})

t.test('corrupt files: a zip bomb, a truncated workbook, a text file renamed .xlsx, mismatched bytes (D20)', async (t) => {
  const xlsx = fixture('empleados.xlsx')
  const cases: [string, FormFile][] = [
    ['a ~1 MB zip bomb inflating past 1 GB', { name: 'bomba.xlsx', type: XLSX_TYPE, bytes: zipBomb(1024) }],
    ['a truncated .xlsx', { name: 'cortado.xlsx', bytes: xlsx.subarray(0, 4000) }],
    ['a truncated .xls', { name: 'cortado.xls', bytes: fixture('empleados.xls').subarray(0, 3000) }],
    ['a text file renamed .xlsx', { name: 'texto.xlsx', bytes: 'NOMBRE,DNI\nRosa,12345678\n' }],
    ['an .xlsx renamed .xls', { name: 'empleados.xls', bytes: xlsx }],
    ['an .xls renamed .xlsx', { name: 'empleados.xlsx', bytes: fixture('empleados.xls') }],
    ['an .xlsx renamed .csv', { name: 'empleados.csv', type: 'text/csv', bytes: xlsx }],
    ['an empty .xlsx', { name: 'vacio.xlsx', bytes: '' }]
  ]
  for (const [what, file] of cases) {
    const started = Date.now()
    const res = await upload([file])
    t.equal(res.statusCode, 400, what)
    t.same(res.json(), { success: false, message: CORRUPT, data: null }, what)
    t.comment(`${what}: ${Date.now() - started} ms`)
  }
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200, 'the service is still up')
})

t.test('upload-layer errors: no file, another field, two files, too large (Errors rule 3)', async (t) => {
  const file = { name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }
  const cases: [string, Promise<{ statusCode: number, json: () => unknown }>, string][] = [
    ['no file', upload([], URL, { nota: 'x' }), 'No se recibió ningún archivo Excel.'],
    ['not multipart', app.inject({ method: 'POST', url: URL, payload: {} }), 'No se recibió ningún archivo Excel.'],
    ['wrong field', upload([{ ...file, field: 'archivo' }]), "Campo de archivo inesperado. Usa el campo 'excel'"],
    ['a second file', upload([file, { ...file, name: 'otro.xlsx' }]), 'Solo puedes subir 1 archivo a la vez'],
    ['over MAX_FILE_SIZE', upload([{ name: 'grande.csv', type: 'text/csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) }]), 'El archivo es demasiado grande. Tamaño máximo: 2 MB']
  ]
  for (const [what, pending, message] of cases) {
    const res = await pending
    t.equal(res.statusCode, 400, what)
    t.same(res.json(), { success: false, message, data: null }, what)
  }
})

t.test('a disallowed extension or MIME type: Tipo de archivo no permitido (Errors rule 3, D20)', async (t) => {
  const bytes = fixture('empleados.csv')
  const refused: FormFile[] = [
    { name: 'empleados.pdf', type: 'application/pdf', bytes },
    { name: 'empleados.txt', type: 'text/plain', bytes },
    { name: 'empleados', type: 'text/csv', bytes },
    { name: 'empleados.xlsx', type: 'text/csv', bytes: fixture('empleados.xlsx') },
    { name: 'empleados.csv', type: 'application/json', bytes },
    { name: 'empleados.xls', type: 'image/png', bytes: fixture('empleados.xls') }
  ]
  for (const file of refused) {
    const res = await upload([file])
    t.equal(res.statusCode, 400, `${file.name} as ${file.type}`)
    t.same(res.json(), { success: false, message: 'Tipo de archivo no permitido', data: null })
  }
  const accepted: FormFile[] = [
    { name: 'EMPLEADOS.CSV', type: 'text/plain', bytes },
    { name: 'empleados.csv', type: 'application/csv', bytes },
    { name: 'empleados.csv', type: 'text/csv; charset=utf-8', bytes },
    { name: 'empleados.xlsx', type: 'application/x-excel', bytes: fixture('empleados.xlsx') },
    { name: 'empleados.xls', type: 'application/x-msexcel', bytes: fixture('empleados.xls') },
    { name: 'empleados.xls', type: 'application/excel', bytes: fixture('empleados.xls') }
  ]
  for (const file of accepted) t.equal((await upload([file])).statusCode, 200, `${file.name} as ${file.type}`)
})

t.test('GET / lists the upload as uploadExcel, and OpenAPI documents it', async (t) => {
  t.equal((await app.inject({ method: 'GET', url: '/' })).json().endpoints.uploadExcel, '/api/excel/upload')
  const spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  const operation = spec.paths['/api/excel/upload'].post
  t.ok(operation.requestBody.content['multipart/form-data'].schema.properties.excel)
  t.ok(operation.responses['200'].content['application/json'].schema.properties.data.properties.sessionId)
  t.ok(operation.responses['400'])
})

t.test('a row with a schema error and an end date before its start lists both problems at once', async (t) => {
  const row = employeeCells(numberedEmployee(1, { salary: 0, entryDate: '01/12/2026', endDate: '30/11/2026' }))
  const res = await upload([{ name: 'fechas.csv', type: 'text/csv', bytes: csvText([EMPLOYEE_HEADERS, row]) }])
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'No se pudo procesar el archivo. Se encontraron 2 errores.')
  t.same(res.json().data.validationErrors.map((issue: { field: string }) => issue.field).sort(), ['endDate', 'salary'])
})

t.test('?partial=true keeps the valid rows in the session and lists the refused ones (docs/import.md)', async (t) => {
  const rows = [EMPLOYEE_HEADERS, ...[0, 1, 2, 3, 4].map((i) => employeeCells(numberedEmployee(i, i === 1 ? { email: 'no-es-correo' } : i === 3 ? { entryDate: '31/11/2030' } : {})))]
  const bytes = workbook([rows])
  const strict = await upload([{ name: 'empleados.xlsx', bytes }])
  t.equal(strict.statusCode, 400, 'the spec\'s all or nothing stays the default')
  t.equal(strict.json().message, 'No se pudo procesar el archivo. Se encontraron 2 errores.')
  t.same((await upload([{ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, employeeCells(numberedEmployee(0)), [], employeeCells(numberedEmployee(2))]]) }])).json().data.rows, [2, 4],
    'rows in the default mode too; an empty row keeps its number')
  const res = await upload([{ name: 'empleados.xlsx', bytes }], `${URL}?partial=true`)
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.message, 'Se importaron 3 empleados; 2 filas tienen errores y no se importaron.')
  t.match(body.data, { totalRecords: 5, validRecords: 3, invalidRecords: 2 })
  t.same(body.data.employees.map((e: { dni: string }) => e.dni), ['10000000', '10000002', '10000004'])
  t.same(body.data.rows, [2, 4, 6], 'each kept employee\'s sheet row, so the console can fix and rewrite rows')
  t.same(body.data.errors, [
    { row: 3, field: 'email', header: 'EMAIL', message: 'El correo no tiene un formato válido' },
    { row: 5, field: 'entryDate', header: 'INICIO', message: 'La fecha 31/11/2030 no existe: noviembre de 2030 tiene 30 días.' }
  ])
  const session = await app.sessions.get(body.data.sessionId)
  t.same(session?.map((e) => e.dni), ['10000000', '10000002', '10000004'], 'the session holds the valid rows only')
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: body.data.sessionId, dni: '10000002', format: 'base64' } })
  t.equal(preview.statusCode, 200, 'a kept row previews')
  const one = await upload([{ name: 'uno.csv', bytes: csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(7)), employeeCells(numberedEmployee(8, { email: 'x' }))]) }], `${URL}?partial=true`)
  t.equal(one.json().message, 'Se importó 1 empleado; 1 fila tiene errores y no se importó.', 'singular agrees in number')
  const allBad = await upload([{ name: 'malo.csv', bytes: csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(8, { email: 'x' }))]) }], `${URL}?partial=true`)
  t.equal(allBad.statusCode, 400, 'no valid row: nothing to continue with')
  t.equal(allBad.json().message, 'No se pudo procesar el archivo. Se encontró 1 error.')
  const bad = await upload([{ name: 'uno.csv', bytes: csvText([EMPLOYEE_HEADERS, employeeCells()]) }], `${URL}?partial=si`)
  t.same(bad.json().errors, [{ field: 'querystring.partial', message: "partial debe ser 'true' o 'false'" }])
})

t.test('data.warnings: a padded DNI, a date typed as text; a salary in words left to the service is none (docs/import.md)', async (t) => {
  const record = numberedEmployee(0, { dni: 7654321 })
  delete record.salaryInWords
  const cells = employeeCells(record)
  const rows = [EMPLOYEE_HEADERS, cells, employeeCells(numberedEmployee(1))]
  const res = await upload([{ name: 'avisos.xlsx', bytes: workbook([rows]) }])
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.data.employees[0].dni, '07654321', 'records unchanged by the warnings: D12 padding as before')
  t.notOk('salaryInWords' in body.data.employees[0], 'the words are not written into the record')
  t.same(body.data.warnings.filter((w: { row: number }) => w.row === 2).map((w: { field: string }) => w.field).slice(0, 1), ['dni'])
  t.notOk(body.data.warnings.some((w: { field: string }) => w.field === 'salaryInWords'), 'the template says to leave SUELDO EN LETRAS empty: no warning')
  t.match(body.data.warnings[0], { row: 2, field: 'dni', header: 'DNI', message: /se leyó como 07654321/ })
  t.ok(body.data.warnings.some((w: { row: number, field: string }) => w.row === 3 && w.field === 'entryDate'), 'workbook dates written as text')
  const single = await upload([{ name: 'uno.csv', bytes: csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(3))]) }])
  t.equal(single.json().message, 'Se importó 1 empleado correctamente.', 'singular agrees in number')
  t.same(single.json().data.warnings.filter((w: { scope?: string }) => w.scope === undefined), [],
    'a CSV\'s dates are text by nature: no warning about the row (an employer\'s notice may come: an outdated IPERC)')
})
