import { test } from 'tap'
import { readSpreadsheet } from '../../../src/spreadsheets/read.js'
import { importAddenda, importEmployees } from '../../../src/spreadsheets/import.js'
import { CELL_CAPS, UNBOUNDED_FIELD_UNITS } from '../../../src/spreadsheets/cell-caps.js'
import { SpreadsheetValidationError } from '../../../src/spreadsheets/errors.js'
import { longCellXlsx, rawXlsx, rowXml } from '../../support/hostile-files.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, numberedEmployee } from '../../support/spreadsheets.js'

function caught (run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

const row = employeeCells(numberedEmployee(1)).map((cell) => (cell === null ? null : String(cell)))

test('each field has a cap from its schema: twice its maxLength, or 256 units, with the spec length message', async (t) => {
  t.same(CELL_CAPS.employee.get('name'), { maxUnits: 100, message: 'Nombre no puede superar 50 caracteres' })
  t.same(CELL_CAPS.employee.get('position'), { maxUnits: 200, message: 'El cargo no puede superar 100 caracteres' })
  t.same(CELL_CAPS.employee.get('dni'), { maxUnits: UNBOUNDED_FIELD_UNITS, message: 'DNI debe tener exactamente 8 dígitos numéricos.' })
  t.same(CELL_CAPS.addendum.get('worker'), { maxUnits: 300, message: 'Trabajador debe tener entre 2 y 150 caracteres' })
  t.equal(CELL_CAPS.employee.size, EMPLOYEE_HEADERS.length)
  t.equal(CELL_CAPS.addendum.size, ADDENDUM_HEADERS.length)
})

test('a 5 MB name never leaves the reader: the row error is the spec length message (docs/import.md)', async (t) => {
  const bytes = longCellXlsx(EMPLOYEE_HEADERS, row, 0, 5 * 1024 * 1024)
  const sheet = await readSpreadsheet({ bytes, format: 'xlsx', kind: 'employee', maxRows: 50 })
  if (sheet.status !== 'ok') throw new Error(sheet.status)
  t.same(sheet.rows[0].cells.name, { kind: 'overCap', value: 'Nombre no puede superar 50 caracteres' })
  t.ok(JSON.stringify(sheet).length < 10_000, 'what crosses to the service is small')
  const error = caught(() => importEmployees(sheet))
  t.type(error, SpreadsheetValidationError)
  t.match(error, { errors: [{ row: 2, field: 'name', message: 'Nombre no puede superar 50 caracteres' }] })
})

test('long cells in every column, from a CSV too: each one its field message, nothing read past the cap', async (t) => {
  // 30 000 units a cell in 32 columns: nearly 1 MB in one CSV record
  const long = EMPLOYEE_HEADERS.map((_, index) => `${'x'.repeat(30_000)}${index}`)
  const csv = Buffer.from(csvText([EMPLOYEE_HEADERS, long]))
  for (const [format, bytes] of [['csv', csv], ['xlsx', rawXlsx({ sheetData: rowXml(1, EMPLOYEE_HEADERS) + rowXml(2, long) })]] as const) {
    const sheet = await readSpreadsheet({ bytes, format, kind: 'employee', maxRows: 50 })
    if (sheet.status !== 'ok') throw new Error(`${format}: ${JSON.stringify(sheet)}`)
    t.ok(Object.values(sheet.rows[0].cells).every((cell) => cell.kind === 'overCap'), format)
    const error = caught(() => importEmployees(sheet)) as SpreadsheetValidationError
    t.equal(error.errors?.length, EMPLOYEE_HEADERS.length, `${format}: one error per column`)
    t.match(error.errors, [{ field: 'name', message: 'Nombre no puede superar 50 caracteres' }, { field: 'lastNameFather' }])
  }
})

test('at the cap a cell is read as before; a header over 256 units is no header, and is not normalised', async (t) => {
  const addendum = ['12345678', 'Ana Díaz', 'Lima']
  const sheet = await readSpreadsheet({
    bytes: rawXlsx({ sheetData: rowXml(1, [...ADDENDUM_HEADERS.slice(0, 3), 'é'.repeat(300)]) + rowXml(2, [...addendum, 'nota']) }),
    format: 'xlsx',
    kind: 'addendum',
    maxRows: 80
  })
  t.equal(sheet.status, 'missingHeaders', 'the long header does not stand for a column')
  const exact = await readSpreadsheet({
    bytes: longCellXlsx(EMPLOYEE_HEADERS, row, 0, 100, 'a'), format: 'xlsx', kind: 'employee', maxRows: 50
  })
  if (exact.status !== 'ok') throw new Error(exact.status)
  t.same(exact.rows[0].cells.name, { kind: 'text', value: 'a'.repeat(100) }, '100 units: left to the schema (its own message)')
  t.throws(() => importAddenda({ status: 'missingHeaders', missing: ['x'] }, { partial: false }))
})
