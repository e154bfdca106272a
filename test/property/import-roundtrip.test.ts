/**
 * Property: random valid employees written to .xlsx, .xls and .csv the ways spreadsheet programs
 * write them (numeric or text DNI cells, date cells or date text, number or text salaries with
 * the accepted separators) import as exactly the records written (D12).
 */
import t from 'tap'
import fc from 'fast-check'
import * as XLSX from 'xlsx'
import { build, formPayload } from '../support/helper.js'
import { EMPLOYEE_HEADERS, csvText } from '../support/spreadsheets.js'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { amountInWords } from '../../src/vocabulary/salary-words.js'

const app = await build(t)
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25)

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúñÁÉÍÓÚÑ']
const word = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 2, maxLength: 10 })
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '))
const text = fc.string({ unit: fc.constantFrom(...LETTERS, ' ', '.', ',', '-', '#', '°'), minLength: 2, maxLength: 40 })
  .map((value) => value.trim()).filter((value) => value.length >= 2 && !/^[=+\-@]/.test(value))
const date = fc.record({ year: fc.integer({ min: 1960, max: 2035 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
const dmy = (d: { day: number, month: number, year: number }) => `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`

/** An employee as the import must return it, with how each cell is written. */
const employee = fc.record({
  name,
  lastNameFather: name,
  lastNameMother: name,
  dni: fc.integer({ min: 1, max: 99_999_999 }).map((n) => String(n).padStart(8, '0')),
  email: fc.tuple(word, word).map(([user, host]) => `${user}@${host}.pe`.normalize('NFD').replace(/[^\x20-\x7e]/g, 'x').toLowerCase()),
  address: text,
  province: text,
  district: text,
  department: text,
  position: text,
  subDivisionOrParking: text,
  cents: fc.integer({ min: 113_000, max: 99_999_999 }), // at least the RMV (S/ 1,130)
  entry: date,
  end: date,
  contractType: fc.constantFrom('Planilla', 'Part Time'),
  sex: fc.constantFrom('M', 'F', 'Masculino', 'Femenino'),
  birth: date,
  // how the cells are written
  dniAsNumber: fc.boolean(),
  datesAsCells: fc.boolean(),
  salaryForm: fc.constantFrom('number', 'comma-dot', 'soles', 'dot-comma', 'plain')
}).map((e) => ({ ...e, salaryInWords: amountInWords(e.cents / 100), end: e.end.year * 10000 + e.end.month * 100 + e.end.day < e.entry.year * 10000 + e.entry.month * 100 + e.entry.day ? e.entry : e.end }))

type Generated = typeof employee extends fc.Arbitrary<infer T> ? T : never

function expected (e: Generated): Record<string, unknown> {
  return {
    name: e.name,
    lastNameFather: e.lastNameFather,
    lastNameMother: e.lastNameMother,
    dni: e.dni,
    email: e.email,
    address: e.address,
    province: e.province,
    district: e.district,
    department: e.department,
    position: e.position,
    subDivisionOrParking: e.subDivisionOrParking,
    salary: e.cents / 100,
    salaryInWords: e.salaryInWords,
    entryDate: dmy(e.entry),
    endDate: dmy(e.end),
    contractType: e.contractType,
    sex: e.sex,
    birthDate: dmy(e.birth)
  }
}

function salaryCell (e: Generated, typed: boolean): unknown {
  const amount = e.cents / 100
  const fixed = amount.toFixed(2)
  switch (typed ? e.salaryForm : (e.salaryForm === 'number' ? 'plain' : e.salaryForm)) {
    case 'number': return amount
    case 'comma-dot': return amount.toLocaleString('en-US', { minimumFractionDigits: 2 }) // 1,500.00
    case 'soles': return `S/. ${fixed}`
    case 'dot-comma': return amount.toLocaleString('de-DE', { minimumFractionDigits: 2 }) // 1.500,00
    default: return fixed // 1500.00
  }
}

/** The row of cells: typed cells (numbers, dates) in a workbook when the case says so, text otherwise. */
function cells (e: Generated, typed: boolean): unknown[] {
  const record = expected(e)
  const dateCell = (d: { day: number, month: number, year: number }) => (typed && e.datesAsCells ? new Date(Date.UTC(d.year, d.month - 1, d.day)) : dmy(d))
  const values: Record<string, unknown> = {
    ...record,
    // a spreadsheet program writes a numeric DNI cell without its leading zeros, in a workbook and in a CSV
    dni: e.dniAsNumber ? (typed ? Number(e.dni) : String(Number(e.dni))) : e.dni,
    salary: salaryCell(e, typed),
    entryDate: dateCell(e.entry),
    endDate: dateCell(e.end),
    birthDate: dateCell(e.birth)
  }
  return EMPLOYEE_COLUMNS.map((spec) => values[spec.field] ?? null)
}

function workbookBytes (rows: unknown[][], bookType: 'xlsx' | 'xls'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true })
  for (const [address, cell] of Object.entries(sheet)) {
    // a DNI kept as text is a text cell: what typing '01234567 or formatting the column as text gives
    if (!address.startsWith('!') && typeof (cell as XLSX.CellObject).v === 'string') (cell as XLSX.CellObject).t = 's'
  }
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Hoja1')
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}

t.test('random valid employees round-trip through .xlsx, .xls and .csv', async (t) => {
  await fc.assert(fc.asyncProperty(
    fc.uniqueArray(employee, { minLength: 1, maxLength: 8, selector: (e) => e.dni }),
    fc.constantFrom('xlsx', 'xls', 'csv', 'csv;'),
    async (employees, format) => {
      const typed = format === 'xlsx' || format === 'xls'
      const rows = [EMPLOYEE_HEADERS, ...employees.map((e) => cells(e, typed))]
      const file = typed
        ? { name: `empleados.${format}`, bytes: workbookBytes(rows, format as 'xlsx' | 'xls') }
        : { name: 'empleados.csv', type: 'text/csv', bytes: csvText(rows, format === 'csv;' ? ';' : ',') }
      const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...await formPayload([file]) })
      if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body}`)
      t.same(res.json().data.employees, employees.map(expected))
    }
  ), { numRuns: RUNS })
})
