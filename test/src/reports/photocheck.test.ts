import { test } from 'tap'
import { parse } from 'csv-parse/sync'
import { CSV_MEDIA_TYPE, PHOTOCHECK_FILENAME, buildPhotocheckCsv } from '../../../src/reports/photocheck.js'
import { REPORT_EMPLOYEES } from './fixtures.js'

const read = (bytes: Buffer): string[][] => parse(bytes.toString('utf8'), { record_delimiter: '\r\n', relax_column_count: false })

test('file name and media type (D15)', async (t) => {
  t.equal(PHOTOCHECK_FILENAME, 'Fotocheck.csv')
  t.equal(CSV_MEDIA_TYPE, 'text/csv; charset=utf-8')
})

test('photocheck: header, then one row per employee in order: position, division, dni, surnames, name', async (t) => {
  const bytes = buildPhotocheckCsv(REPORT_EMPLOYEES)
  t.ok(bytes.toString('utf8').startsWith('CARGO,DIVISION,DNI,APELLIDO,NOMBRE\r\n'), 'header line exactly, CRLF (RFC 4180)')
  const rows = read(bytes)
  t.same(rows[0], ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'])
  t.same(rows.slice(1), REPORT_EMPLOYEES.map((e) => [e.position, e.subDivisionOrParking, e.dni, `${e.lastNameFather} ${e.lastNameMother}`, e.name]))
  t.same(rows[1], ['Operaria de playa', 'Playa Larcomar', '01234567', 'Quispe Muñoz', 'Rosa María'])
})

test('photocheck: UTF-8 without BOM, accents and ñ survive, every line ends CRLF', async (t) => {
  const bytes = buildPhotocheckCsv(REPORT_EMPLOYEES)
  t.not(bytes[0], 0xEF, 'no BOM (D15)')
  t.equal(bytes.toString('utf8').split('\r\n').length, REPORT_EMPLOYEES.length + 2, 'header + rows + final empty')
  t.notMatch(bytes.toString('utf8').replaceAll('\r\n', ''), /[\r\n]/)
  t.same(read(bytes)[2], ['Supervisor de estacionamiento', 'Estacionamiento Jockey Plaza', '87654321', 'Peña Álvarez', 'José Ñique'])
})

test('photocheck: commas, quotes and line breaks are quoted per RFC 4180 and read back intact', async (t) => {
  const tricky = { ...REPORT_EMPLOYEES[0], position: 'Jefe, "turno" noche', subDivisionOrParking: 'Playa\nSur\rNorte' }
  const bytes = buildPhotocheckCsv([tricky])
  t.match(bytes.toString('utf8'), '"Jefe, ""turno"" noche","Playa\nSur\rNorte"')
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
