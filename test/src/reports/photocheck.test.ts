import { test } from 'tap'
import { parse } from 'csv-parse/sync'
import * as XLSX from 'xlsx'
import {
  CSV_MEDIA_TYPE, PHOTOCHECK_FILENAME, PHOTOCHECK_XLSX_FILENAME, buildPhotocheckCsv, buildPhotocheckWorkbook
} from '../../../src/reports/photocheck.js'
import { REPORT_EMPLOYEES } from './fixtures.js'

const read = (bytes: Buffer): string[][] => parse(bytes, { bom: true, record_delimiter: '\r\n', relax_column_count: false })
/** The text after the BOM (D23). */
const text = (bytes: Buffer): string => bytes.subarray(3).toString('utf8')

test('file name and media type (D15)', async (t) => {
  t.equal(PHOTOCHECK_FILENAME, 'Fotocheck.csv')
  t.equal(CSV_MEDIA_TYPE, 'text/csv; charset=utf-8')
})

test('photocheck: header, then one row per employee in order: position, division, dni, surnames, name', async (t) => {
  const bytes = buildPhotocheckCsv(REPORT_EMPLOYEES)
  t.ok(text(bytes).startsWith('CARGO,DIVISION,DNI,APELLIDO,NOMBRE\r\n'), 'header line exactly, CRLF (RFC 4180)')
  const rows = read(bytes)
  t.same(rows[0], ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'])
  t.same(rows.slice(1), REPORT_EMPLOYEES.map((e) => [e.position, e.subDivisionOrParking, e.dni, `${e.lastNameFather} ${e.lastNameMother}`, e.name]))
  t.same(rows[1], ['Operaria de playa', 'Playa Larcomar', '01234567', 'Quispe Muñoz', 'Rosa María'])
})

test('photocheck: UTF-8 opened by a BOM, accents and ñ survive, every line ends CRLF', async (t) => {
  const bytes = buildPhotocheckCsv(REPORT_EMPLOYEES)
  t.same([...bytes.subarray(0, 3)], [0xEF, 0xBB, 0xBF], 'BOM, so Excel and LibreOffice read UTF-8 (D15 as amended by D23)')
  t.equal(bytes.toString('utf8').indexOf('\uFEFF', 1), -1, 'one BOM only')
  t.equal(text(bytes).split('\r\n').length, REPORT_EMPLOYEES.length + 2, 'header + rows + final empty')
  t.notMatch(text(bytes).replaceAll('\r\n', ''), /[\r\n]/)
  t.same(read(bytes)[2], ['Supervisor de estacionamiento', 'Estacionamiento Jockey Plaza', '87654321', 'Peña Álvarez', 'José Ñique'])
})

test('photocheck: commas, quotes and line breaks are quoted per RFC 4180 and read back intact', async (t) => {
  const tricky = { ...REPORT_EMPLOYEES[0], position: 'Jefe, "turno" noche', subDivisionOrParking: 'Playa\nSur\rNorte' }
  const bytes = buildPhotocheckCsv([tricky])
  t.match(text(bytes), '"Jefe, ""turno"" noche","Playa\nSur\rNorte"')
  t.same(read(bytes)[1].slice(0, 2), ['Jefe, "turno" noche', 'Playa\nSur\rNorte'])
})

test('photocheck: cells a spreadsheet would run as a formula get a leading quote (OWASP)', async (t) => {
  const cases: [string, string][] = [
    ['=HYPERLINK("http://x.example","clic")', '\'=HYPERLINK("http://x.example","clic")'],
    ['+1+2', '\'+1+2'],
    ['-2+3', '\'-2+3'],
    ['@SUM(A1)', '\'@SUM(A1)'],
    ['\tTab', '\'\tTab'],
    ['\rCR', '\'\rCR'],
    ['＝1+1', '\'＝1+1'], // full-width '=' (some spreadsheets fold it to '=')
    ['Jefe = líder', 'Jefe = líder'], // not leading: left alone
    ['A-1', 'A-1']
  ]
  for (const [position, expected] of cases) {
    const rows = read(buildPhotocheckCsv([{ ...REPORT_EMPLOYEES[0], position, subDivisionOrParking: position }]))
    t.same(rows[1].slice(0, 2), [expected, expected], JSON.stringify(position))
  }
})

test('photocheck workbook: the CSV\'s header and rows, DNI as text, one sheet named Fotocheck', async (t) => {
  t.equal(PHOTOCHECK_XLSX_FILENAME, 'Fotocheck.xlsx')
  const book = XLSX.read(await buildPhotocheckWorkbook(REPORT_EMPLOYEES), { cellNF: true })
  t.same(book.SheetNames, ['Fotocheck'])
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Fotocheck, { header: 1 })
  t.same(rows, read(buildPhotocheckCsv(REPORT_EMPLOYEES)))
  t.equal(book.Sheets.Fotocheck.C2.z, '@')
  t.equal(book.Sheets.Fotocheck.C2.v, '01234567')
})
