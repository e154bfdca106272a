import { test } from 'tap'
import * as XLSX from 'xlsx'
import { readSpreadsheet, TWO_PASS_BYTES, type ReadResult, type ReadTask } from '../../../src/spreadsheets/read.js'
import { importAddenda, importEmployees } from '../../../src/spreadsheets/import.js'
import { parseFirstSheet } from '../../../src/spreadsheets/workbook.js'
import type { SheetRow } from '../../../src/spreadsheets/sheet.js'
import { CSV_LIMITS } from '../../../src/spreadsheets/csv.js'
import { buildZip } from '../../support/zip-tools.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, fixture, numberedEmployee, workbook } from '../../support/spreadsheets.js'

function read (bytes: Uint8Array, format: ReadTask['format'], kind: ReadTask['kind'] = 'employee', maxRows = 50): Promise<ReadResult> {
  return readSpreadsheet({ bytes, format, kind, maxRows })
}

async function rowsOf (bytes: Uint8Array, format: ReadTask['format'], kind: ReadTask['kind'] = 'employee', maxRows = 50): Promise<SheetRow[]> {
  const result = await read(bytes, format, kind, maxRows)
  if (result.status !== 'ok') throw new Error(`expected rows, got ${JSON.stringify(result)}`)
  return result.rows
}

test('the LibreOffice employee sheet reads the same from .xlsx, .xls, .csv, ;-.csv with BOM and Windows-1252 .csv', async (t) => {
  const fromXlsx = importEmployees({ status: 'ok', rows: await rowsOf(fixture('empleados.xlsx'), 'xlsx') })
  t.equal(fromXlsx.length, 4, 'the empty row is skipped')
  t.match(fromXlsx[0], {
    name: 'Rosa María',
    dni: '01234567',
    salary: 1500,
    entryDate: '01/12/2026',
    endDate: '31/05/2027',
    birthDate: '15/03/1990',
    contractType: 'Planilla',
    sex: 'Femenino',
    address: 'Av. Los Álamos 123, Urb. San Ignacio'
  })
  t.match(fromXlsx[1], { name: 'Luis Ángel', lastNameFather: 'Ñahui', salary: 1500, contractType: 'Part Time', sex: 'M' })
  t.notOk('birthDate' in fromXlsx[1], 'an empty optional cell is absent')
  t.match(fromXlsx[2], { contractType: 'Subsidio', salary: 2300, replacementFor: 'Juana Pérez Gómez', probationaryPeriod: '3 meses' })
  t.match(fromXlsx[3], { salary: 1800.5, entryDate: '05/01/2027', sex: 'Masculino' }, 'a date typed as text, a plain number')
  for (const [name, format] of [['empleados.xls', 'xls'], ['empleados.csv', 'csv'], ['empleados-semicolon.csv', 'csv'], ['empleados-cp1252.csv', 'csv']] as const) {
    t.same(importEmployees({ status: 'ok', rows: await rowsOf(fixture(name), format) }), fromXlsx, name)
  }
  t.same((await rowsOf(fixture('empleados.csv'), 'csv')).map((row) => row.row), [2, 3, 5, 6], 'rows are spreadsheet rows')
})

test('the LibreOffice addendum sheet reads the same from every format', async (t) => {
  const { warnings, ...fromXlsx } = importAddenda({ status: 'ok', rows: await rowsOf(fixture('adendas.xlsx'), 'xlsx', 'addendum') }, { partial: false })
  t.same(warnings.map((w) => w.field), ['documentNumber'], 'its 7-digit number DNI was padded, and said so (docs/import.md)')
  t.equal(fromXlsx.totalRecords, 3)
  t.match(fromXlsx.employees[0], { documentNumber: '01234567', entryDate: '01/03/2030', salary: 1650, address: 'Av. Los Álamos 123, Miraflores' })
  t.match(fromXlsx.employees[2], { salary: 2100.5 })
  for (const [name, format] of [['adendas.xls', 'xls'], ['adendas.csv', 'csv'], ['adendas-semicolon.csv', 'csv']] as const) {
    const { warnings: _, ...other } = importAddenda({ status: 'ok', rows: await rowsOf(fixture(name), format, 'addendum') }, { partial: false })
    t.same(other, fromXlsx, name)
  }
})

test('date cells read the same whatever the server time zone', async (t) => {
  const zone = process.env.TZ
  t.teardown(() => { if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone })
  const dates = []
  for (const tz of ['America/Lima', 'Asia/Tokyo', 'UTC']) {
    process.env.TZ = tz
    dates.push(parseFirstSheet(fixture('empleados.xlsx')).rows[1].cells.slice(13, 15))
  }
  t.same(dates[0], [{ kind: 'date', value: '01/12/2026' }, { kind: 'date', value: '31/05/2027' }])
  t.same(dates[1], dates[0])
  t.same(dates[2], dates[0])
})

test('CSV cells are text: nothing is guessed (D12)', async (t) => {
  const sheet = csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1)).map((cell, index) => (index === 3 ? '01234567' : index === 13 ? '01/02/2024' : cell))])
  const [only] = await rowsOf(Buffer.from(sheet), 'csv')
  t.same(only.cells.dni, { kind: 'text', value: '01234567' })
  t.same(only.cells.entryDate, { kind: 'text', value: '01/02/2024' })
  t.equal(importEmployees({ status: 'ok', rows: [only] })[0].entryDate, '01/02/2024', '1 February, not 2 January')
})

test('CSV: tab and ; delimiters, UTF-16 with BOM, quoted line breaks keep row numbers', async (t) => {
  const rows = [EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1)), [], employeeCells(numberedEmployee(2))]
  for (const delimiter of [';', '\t']) {
    t.same((await rowsOf(Buffer.from(csvText(rows, delimiter)), 'csv')).map((row) => row.row), [2, 4], JSON.stringify(delimiter))
  }
  const hinted = `sep=;\r\n${csvText(rows, ';')}`
  t.same((await rowsOf(Buffer.from(hinted), 'csv')).map((row) => row.row), [2, 4], 'an Excel sep= line names the delimiter and is not a row')
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(rows, '\t'), 'utf16le')])
  t.equal((await rowsOf(utf16, 'csv'))[0].cells.name.value, 'Rosa María')
  const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csvText(rows, ';'), 'utf16le').swap16()])
  t.equal((await rowsOf(utf16be, 'csv'))[1].cells.dni.value, '10000002')
  const multiline = csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1, { address: 'Av. Lima 1\nPiso 2' })), employeeCells(numberedEmployee(2))])
  const read2 = await rowsOf(Buffer.from(multiline), 'csv')
  t.same(read2.map((row) => row.row), [2, 3])
  t.equal(read2[0].cells.address.value, 'Av. Lima 1\nPiso 2')
})

test('bytes that do not match the extension, truncated files and renamed text are corrupt (D20)', async (t) => {
  const xlsx = fixture('empleados.xlsx')
  const xls = fixture('empleados.xls')
  const cfbWithoutWorkbook = XLSX.CFB.write(Object.assign(XLSX.CFB.utils.cfb_new(), {}), { type: 'buffer' }) as Buffer
  const cases: [string, Uint8Array, ReadTask['format'], RegExp][] = [
    ['an .xls sent as .xlsx', xls, 'xlsx', /not a ZIP/],
    ['an .xlsx sent as .xls', xlsx, 'xls', /not an OLE2/],
    ['a text file renamed .xlsx', Buffer.from('NOMBRE,DNI\nRosa,12345678\n'), 'xlsx', /not a ZIP/],
    ['a text file renamed .xls', Buffer.from('<table><tr><td>NOMBRE</td></tr></table>'), 'xls', /not an OLE2/],
    ['an .xlsx sent as .csv', xlsx, 'csv', /binary/],
    ['a truncated .xlsx', xlsx.subarray(0, 3000), 'xlsx', /zip guard/],
    ['a truncated .xls', xls.subarray(0, 2048), 'xls', /SheetJS/],
    ['an OLE2 file that is not a workbook', cfbWithoutWorkbook, 'xls', /SheetJS/],
    ['an empty .xlsx', Buffer.alloc(0), 'xlsx', /not a ZIP/],
    ['a CSV with an unclosed quote', Buffer.from('NOMBRE,DNI\n"Rosa,12345678\n'), 'csv', /csv-parse/]
  ]
  for (const [what, bytes, format, reason] of cases) {
    const result = await read(bytes, format)
    t.equal(result.status, 'corrupt', what)
    if (result.status === 'corrupt') t.match(result.reason, reason, what)
  }
})

test('an archive that passes the zip guard but holds no workbook is corrupt, not a crash', async (t) => {
  const result = await read(buildZip([{ name: '[Content_Types].xml', content: '<Types/>' }]), 'xlsx')
  t.match(result, { status: 'corrupt', reason: /SheetJS/ })
})

test('headers must be in row 1; an empty file or sheet has no headers', async (t) => {
  const shifted = workbook([[[], EMPLOYEE_HEADERS, employeeCells()]])
  t.same(await read(shifted, 'xlsx'), { status: 'missingHeaders', missing: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'email', 'address', 'province', 'district', 'department', 'position', 'subDivisionOrParking', 'salary', 'entryDate', 'endDate', 'contractType'] })
  t.equal((await read(Buffer.alloc(0), 'csv', 'addendum')).status, 'missingHeaders')
  t.equal((await read(workbook([[]]), 'xlsx', 'addendum')).status, 'missingHeaders')
  t.match(await read(Buffer.from(csvText([ADDENDUM_HEADERS])), 'csv', 'addendum'), { status: 'ok', rows: [], untyped: true })
})

test('only the first sheet is read', async (t) => {
  const book = workbook([[EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1))], [EMPLOYEE_HEADERS, employeeCells(numberedEmployee(2)), employeeCells(numberedEmployee(3))]])
  const rows = await rowsOf(book, 'xlsx')
  t.equal(rows.length, 1)
  t.equal(rows[0].cells.dni.value, '10000001')
})

test('the batch limit (D5) counts data rows, not blank ones, and counts the rows past it', async (t) => {
  const fifty = Array.from({ length: 50 }, (_, i) => employeeCells(numberedEmployee(i)))
  const withBlanks = [EMPLOYEE_HEADERS, ...fifty.flatMap((row) => [row, [], [null, '   ']])]
  t.equal((await rowsOf(Buffer.from(csvText(withBlanks)), 'csv')).length, 50, 'CSV: 50 rows among 100 blank ones')
  t.equal((await rowsOf(workbook([withBlanks]), 'xlsx')).length, 50, 'xlsx: the same')
  t.same(await read(Buffer.from(csvText([...withBlanks, employeeCells(numberedEmployee(99))])), 'csv'), { status: 'tooManyRows', rows: 51 })
  const twelveMore = Array.from({ length: 12 }, (_, i) => [employeeCells(numberedEmployee(100 + i)), []]).flat()
  t.same(await read(workbook([[...withBlanks, ...twelveMore]], 'xls'), 'xls'), { status: 'tooManyRows', rows: 62 }, 'blank rows not counted')
  const onlyNotes = [EMPLOYEE_HEADERS, ...fifty, [...Array(EMPLOYEE_HEADERS.length).fill(null), 'nota en una columna desconocida']]
  t.equal((await rowsOf(workbook([onlyNotes]), 'xlsx')).length, 50, 'a row with data only in an unknown column is empty')
})

test('big workbooks: a long sheet is refused from its first rows, a sparse one is still read whole', async (t) => {
  // a second sheet makes the archive's content pass TWO_PASS_BYTES without adding rows to the first
  const filler = Array.from({ length: 30000 }, (_, i) => [`relleno ${i}`, `texto único número ${i * 7919}`, i])
  const long = workbook([[EMPLOYEE_HEADERS, ...Array.from({ length: 3000 }, (_, i) => employeeCells(numberedEmployee(i)))]])
  t.same(await read(long, 'xlsx'), { status: 'tooManyRows' }, 'refused from the first pass, so not counted')
  const sparse = (count: number) => workbook([[EMPLOYEE_HEADERS, ...Array.from({ length: count }, (_, i) => [[], [], employeeCells(numberedEmployee(i))]).flat()], filler])
  const spread = await rowsOf(sparse(50), 'xlsx')
  t.equal(spread.length, 50, 'rows far past batch limit + 2 are all read')
  t.equal(spread.at(-1)?.row, 151)
  t.same(await read(sparse(51), 'xlsx'), { status: 'tooManyRows', rows: 51 })
  t.ok(sparse(1).length > 100_000 && TWO_PASS_BYTES === 1024 * 1024, 'the filler makes the content big')
})

test('CSVs shaped to exhaust the parser are refused before csv-parse runs, within CSV_LIMITS', async (t) => {
  const header = EMPLOYEE_HEADERS.join(',') + '\n'
  const cases: [string, string, RegExp][] = [
    ['a header line of ten million commas', ','.repeat(10 * 1024 * 1024), /^La hoja tiene demasiadas celdas: \d+; se admiten hasta 2097152\./],
    ['wide rows past the field limit', header + ('x' + ','.repeat(16_383) + '\n').repeat(130), /^La hoja tiene demasiadas celdas: \d+; se admiten hasta 2097152\./]
  ]
  for (const [what, text, message] of cases) {
    const result = await read(Buffer.from(text), 'csv')
    t.equal(result.status, 'overBounds', what)
    t.match((result as { message: string }).message, message, what)
  }
  t.equal(CSV_LIMITS.maxFields, 2 ** 21)
  const padded = csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1)), ...Array.from({ length: 60_000 }, () => []), employeeCells(numberedEmployee(2))])
  const rows = await rowsOf(Buffer.from(padded), 'csv')
  t.same(rows.map((row) => row.row), [2, 60_003], 'blank padding within the limits is still read, rows numbered as before')
})

test('a CSV too big in rows or cells gets what the same .xlsx gets, never corrupt-file; its blank tail is ignored (docs/import.md)', async (t) => {
  const three = [EMPLOYEE_HEADERS, ...[1, 2, 3].map((i) => employeeCells(numberedEmployee(i)))]
  const same = async (what: string, rows: unknown[][], csv: string = csvText(rows)) => {
    const fromCsv = await read(Buffer.from(csv), 'csv')
    const fromXlsx = await read(workbook([rows]), 'xlsx')
    t.same({ ...fromCsv, untyped: undefined, rows: undefined }, { ...fromXlsx, rows: undefined }, `${what}: the .xlsx answer`)
    return fromCsv
  }
  const tail = await same('3 rows + 70 000 blank lines', three, csvText(three) + '\r\n'.repeat(70_000))
  t.same((tail as { rows: SheetRow[] }).rows.map((row) => row.row), [2, 3, 4], 'the blank tail is ignored')
  const commas = await read(Buffer.from(csvText(three) + (','.repeat(40) + '\n').repeat(70_000)), 'csv')
  t.equal(commas.status, 'ok', 'a tail of empty cells (what a program pads with) is blank too')
  t.same(await read(Buffer.from('\n'.repeat(10 * 1024 * 1024)), 'csv'), await read(workbook([[]]), 'xlsx'), 'only blank lines: no header, as an empty sheet')
  const past = await same('3 rows, 70 000 blank lines, one more row', [...three, ...Array.from({ length: 70_000 }, () => []), employeeCells(numberedEmployee(4))])
  t.same(past, { status: 'rowsPastLimit', lastRow: 70_005, allowed: 65_587 })
  const many = Array.from({ length: 1_000_000 }, () => ['x'])
  const million = await read(Buffer.from([EMPLOYEE_HEADERS.join(','), ...many.map((row) => row[0])].join('\n')), 'csv')
  t.same(million, { status: 'tooManyRows' }, '1 M rows: the batch limit, as from an .xlsx')
  t.same(await read(workbook([[EMPLOYEE_HEADERS, ...many.slice(0, 3000)]]), 'xlsx'), { status: 'tooManyRows', rows: 3000 },
    'a workbook read whole is counted (docs/import.md); the CSV above was not read past the row limit')
  // SheetJS writes no cell over 32 767 characters: test/src/spreadsheets/cell-caps.test.ts reads such an .xlsx
  const huge = await read(Buffer.from(csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1, { name: 'x'.repeat(1024 * 1024) }))])), 'csv')
  t.same((huge as { rows: SheetRow[] }).rows[0].cells.name, { kind: 'overCap', value: 'Nombre no puede superar 50 caracteres' },
    'a 1 MB name: the field\'s length message, as from an .xlsx')
})
