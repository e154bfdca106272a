/**
 * The employee upload's HISTORIAL sheet (docs/import.md, "The HISTORIAL sheet"; docs/registry.md):
 * earlier contracts HR enters once are recorded before the history rules run, so a contract that with
 * them passes art. 74's five years is listed in data.contractIssues; a refused HISTORIAL row is a 400
 * naming the sheet, the row and the column; the template has the sheet.
 */
import t from 'tap'
import * as XLSX from 'xlsx'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, sampleEmployee } from '../../support/helper.js'
import { EMPLOYEE_HEADERS, employeeCells } from '../../support/spreadsheets.js'
import { HISTORY_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { HISTORY_IMPORT_MESSAGES, HISTORY_MESSAGES, REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { addDays, termEnd, termLength, todayInLima } from '../../../src/vocabulary/dates.js'
import { termsLength } from '../../../src/registry/history-rules.js'

const app: FastifyInstance = await build(t)
const today = todayInLima()
const HISTORY_HEADERS = HISTORY_COLUMNS.map((spec) => spec.headers[0])

/** An .xlsx whose first sheet holds the employees and whose sheet `name` holds the history rows. */
function book (employees: Array<Record<string, unknown>>, history: unknown[][], name = 'HISTORIAL'): Buffer {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, ...employees.map((employee) => employeeCells(employee))]), 'Empleados')
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([HISTORY_HEADERS, ...history]), name)
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

async function upload (bytes: Buffer) {
  const form = await formPayload([{ name: 'empleados.xlsx', bytes }])
  return await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
}

t.test('HISTORIAL rows are recorded before the history rules: 57 months entered make a 3-month contract an endDate issue', async (t) => {
  const entryDate = addDays(today, 7)
  const employee = sampleEmployee({ dni: '43000001', entryDate, endDate: termEnd(entryDate, 3) })
  const history = [
    ['43000001', '58', addDays(today, -1745), addDays(today, -1000), 'Operario de playa', 3],
    ['43000001', 'Necesidades del mercado', addDays(today, -999), addDays(today, -6), 'Operario de playa', '']
  ]
  const res = await upload(book([employee], history, 'Historial'))
  t.equal(res.statusCode, 200, res.body)
  const used = termsLength(history.map((entry) => [entry[2], entry[3]] as [string, string]))
  const [issue] = res.json().data.contractIssues
  const latest = (/como máximo (\d{2}\/\d{2}\/\d{4})/.exec(issue.message) ?? [])[1]
  const left = termLength(entryDate, latest)
  const message = HISTORY_MESSAGES.beyondFiveYears(used.months, used.days, left.months, left.days, latest, 60)
  t.match(res.json().data.contractIssues, [{ row: 2, dni: '43000001', field: 'endDate', message }], 'the entered history counts at once')
  const recorded = await app.registry.run(async (registry) => await registry.history('43000001'))
  t.match(recorded, [
    { modality: '58', entryDate: history[0][2], endDate: history[0][3], position: 'Operario de playa', probationMonths: 3 },
    { modality: '58', entryDate: history[1][2], endDate: history[1][3], position: 'Operario de playa' }
  ])
  t.notOk('probationMonths' in recorded[1], 'MESES DE PRUEBA left empty: none recorded')
  // the worker took the first sheet's names: a later POST of history for them needs none
  t.same(await app.registry.run(async (registry) => await registry.namedWorkers(['43000001'])), new Set(['43000001']))

  const again = await upload(book([employee], history, 'Historial'))
  t.equal(again.statusCode, 200)
  t.equal((await app.registry.run(async (registry) => await registry.history('43000001'))).length, 2, 'the same file twice records its history once')

  const posted = await app.inject({ method: 'POST', url: '/api/workers/43000001/history', payload: [{ modality: '57', entryDate: '01/01/2015', endDate: '31/12/2015', position: 'Cajero' }] })
  t.equal(posted.statusCode, 201)
  t.equal(posted.json().data.history.length, 3, 'the history endpoint shows the uploaded entries too')
})

t.test('a bad HISTORIAL cell refuses the upload: 400 naming the sheet, the row and the column; nothing recorded', async (t) => {
  const employee = sampleEmployee({ dni: '43000002' })
  const res = await upload(book([employee], [
    ['43000002', '58', '01/01/2020', '31/12/2020', 'Operario de playa'],
    ['43000002', 'XX', '01/01/2021', '31/12/2020', 'Operario de playa', 13],
    ['4300', '58', '31/02/2021', '31/12/2021', 'Cajero']
  ]))
  t.equal(res.statusCode, 400)
  const body = res.json()
  t.equal(body.message, HISTORY_IMPORT_MESSAGES.invalidRows(5))
  t.same(body.errors, [
    { sheet: 'HISTORIAL', row: 3, field: 'modality', header: 'MODALIDAD', message: HISTORY_IMPORT_MESSAGES.modality(['57', '58', '60', '61', '63', '67']) },
    { sheet: 'HISTORIAL', row: 3, field: 'endDate', header: 'FECHA DE CESE', message: REGISTRY_MESSAGES.historyEndBeforeEntry },
    { sheet: 'HISTORIAL', row: 3, field: 'probationMonths', header: 'MESES DE PRUEBA', message: HISTORY_IMPORT_MESSAGES.probationMonths },
    { sheet: 'HISTORIAL', row: 4, field: 'dni', header: 'DNI', message: 'DNI debe tener exactamente 8 dígitos numéricos.' },
    { sheet: 'HISTORIAL', row: 4, field: 'entryDate', header: 'FECHA DE INGRESO', message: body.errors[4].message }
  ])
  t.match(body.errors[4].message, /31\/02\/2021/, 'an impossible date says so')
  t.same(body.data.validationErrors, body.errors)
  t.same(await app.registry.run(async (registry) => await registry.history('43000002')), [], 'the valid row was not recorded either')
})

t.test('a HISTORIAL worker known by name neither in the first sheet nor in the registry is refused on DNI', async (t) => {
  const res = await upload(book([sampleEmployee({ dni: '43000003' })], [['43000009', '58', '01/01/2020', '31/12/2020', 'Cajero']]))
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [{ sheet: 'HISTORIAL', row: 2, field: 'dni', header: 'DNI', message: HISTORY_IMPORT_MESSAGES.workerUnknown('43000009') }])
  t.same(await app.registry.run(async (registry) => await registry.history('43000009')), [])
})

t.test('a HISTORIAL sheet without its required headers is refused; a workbook without one imports as before', async (t) => {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, employeeCells(sampleEmployee({ dni: '43000004' }))]), 'Empleados')
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['DNI', 'CARGO'], ['43000004', 'Cajero']]), 'HISTORIAL')
  const res = await upload(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, HISTORY_IMPORT_MESSAGES.missingHeaders)
  t.same(res.json().errors.map((item: { header: string }) => item.header), ['MODALIDAD', 'FECHA DE INGRESO', 'FECHA DE CESE'])
})

t.test('the employee template has a visible HISTORIAL sheet with its headers and note; filled in, it uploads', async (t) => {
  const res = await app.inject({ url: '/api/templates/employees.xlsx' })
  t.equal(res.statusCode, 200)
  const workbook = XLSX.read(res.rawPayload)
  t.ok(workbook.SheetNames.includes('HISTORIAL'))
  const index = workbook.SheetNames.indexOf('HISTORIAL')
  t.equal(workbook.Workbook?.Sheets?.[index]?.Hidden ?? 0, 0, 'visible')
  const [headers] = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.HISTORIAL, { header: 1 })
  t.same(headers.slice(0, HISTORY_HEADERS.length), HISTORY_HEADERS)
  t.match(String(headers.at(-1)), /contratos anteriores del trabajador que este servicio no emitió/)
  const instructions = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets.Instrucciones, { header: 1 }).map((row) => row.join(' | ')).join('\n')
  t.match(instructions, 'También se lee la hoja "HISTORIAL"')

  const employee = sampleEmployee({ dni: '43000005' })
  XLSX.utils.sheet_add_aoa(workbook.Sheets.Empleados, [employeeCells(employee)], { origin: 'A2' })
  XLSX.utils.sheet_add_aoa(workbook.Sheets.HISTORIAL, [['43000005', '57', '01/03/2024', '31/08/2024', 'Cajero', 2]], { origin: 'A2' })
  const filled = await upload(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  t.equal(filled.statusCode, 200, filled.body)
  t.match(await app.registry.run(async (registry) => await registry.history('43000005')),
    [{ modality: '57', entryDate: '01/03/2024', endDate: '31/08/2024', position: 'Cajero', probationMonths: 2 }])
})

t.test('a HISTORIAL sheet longer than 5 × BATCH_MAX data rows is refused, naming the limit', async (t) => {
  const small = await build(t, { BATCH_MAX: 2 })
  const rows = Array.from({ length: 11 }, (_, index) => ['43000006', '58', `01/01/${2000 + index}`, `31/12/${2000 + index}`, 'Cajero'])
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: book([sampleEmployee({ dni: '43000006' })], rows) }])
  const res = await small.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, HISTORY_IMPORT_MESSAGES.tooManyRows(10))
  t.same(await small.registry.run(async (registry) => await registry.history('43000006')), [])
})
