/**
 * "Corregir" sends the whole sheet again (docs/console.md): the console must read and write exactly
 * what the service reads. In Chromium, the console's own modules (sheet-import.js, files.js,
 * csv-text.js, SheetJS from /app/vendor/) load each file HR may bring, fix its one refused row and
 * send the sheet back; every other row must get the service's own answer for the original file: a
 * Mac workbook in the 1904 date system, a UTF-8 CSV with a pasted Windows-1252 field, a UTF-16 CSV
 * with an unpaired surrogate, and a workbook with a note in column XFD.
 */
import t from 'tap'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { formPayload, sampleEmployee } from '../support/helper.js'
import { launch, openConsole, startServer } from '../support/browser.js'

t.setTimeout(300_000)
const { app, origin } = await startServer(t)
const browser = await launch(t)
const { page, errors } = await openConsole(t, browser, origin)

const HEADERS = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
const EMAIL = HEADERS[EMPLOYEE_COLUMNS.findIndex((spec) => spec.field === 'email')]
const PATH = '/api/excel/upload?partial=true'

/** Four people with accented names and addresses; the third has an email the service refuses (the row HR fixes). */
const people = ['María', 'Bruno', 'Carla', 'José'].map((name, index) => sampleEmployee({
  name,
  dni: `7100000${index}`,
  email: index === 2 ? 'carla-sin-arroba' : `persona${index}@example.com`
}))
const FIXED_ROW = 4

/** A record's cells in header order; dates as Date cells when `dates` (a workbook), else their text. */
const cellsOf = (record: Record<string, unknown>, dates: boolean) => EMPLOYEE_COLUMNS.map((spec) => {
  const value = record[spec.field]
  const day = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null
  if (dates && spec.kind === 'date' && day !== null) return new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])))
  return value ?? null
})

/** An .xlsx as SheetJS writes it; `date1904`: the Mac Excel date system; `extend` changes the sheet first. */
function xlsx (rows: unknown[][], options: { date1904?: boolean, extend?: (sheet: XLSX.WorkSheet) => void } = {}): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true })
  options.extend?.(sheet)
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Empleados')
  if (options.date1904 === true) book.Workbook = { WBProps: { date1904: true } }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

const csvLine = (cells: unknown[], delimiter: string) =>
  cells.map((cell) => { const text = cell === null || cell === undefined ? '' : String(cell); return /["\r\n,;\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text }).join(delimiter)

/** A UTF-8 CSV whose fourth data row's address was pasted from a Windows-1252 file. */
function mixedCsv (): Buffer {
  const lines = [HEADERS, ...people.map((person) => cellsOf(person, false))].map((cells) => csvLine(cells, ';'))
  const address = people[3].address as string
  const [before, after] = lines[4].split(address) // where the Windows-1252 bytes go
  return Buffer.concat([Buffer.from(lines.slice(0, 4).join('\r\n') + '\r\n' + before), Buffer.from(address, 'latin1'), Buffer.from(after + '\r\n')])
}

/** A UTF-16LE CSV (with its BOM) whose second person's address holds an unpaired surrogate. */
function utf16Csv (): Buffer {
  const rows = people.map((person, index) => cellsOf(index === 1 ? { ...person, address: 'Av. Lima \ud800 123' } : person, false))
  const text = [HEADERS, ...rows].map((cells) => csvLine(cells, '\t')).join('\r\n') + '\r\n'
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}

const FILES: Array<{ name: string, bytes: Buffer }> = [
  { name: 'mac-1904.xlsx', bytes: xlsx([HEADERS, ...people.map((person) => cellsOf(person, true))], { date1904: true }) },
  { name: 'mezcla.csv', bytes: mixedCsv() },
  { name: 'utf16.csv', bytes: utf16Csv() },
  {
    name: 'nota-xfd.xlsx',
    bytes: xlsx([HEADERS, ...people.map((person) => cellsOf(person, true))], {
      extend: (sheet) => {
        sheet.XFD3 = { t: 's', v: 'revisar con RR. HH.' }
        sheet['!ref'] = 'A1:XFD5'
      }
    })
  }
]

type Issue = { row?: number, field: string, message: string }
type Answer = { records: Record<string, unknown>[], rows: number[], errors: Issue[] }

/** The service's answer to a file, by sheet row: the record kept, or the row's errors. */
function byRow (answer: Answer): Map<number, unknown> {
  const rows = new Map<number, unknown>()
  answer.records.forEach((record, index) => rows.set(answer.rows[index], record))
  for (const issue of answer.errors) rows.set(issue.row ?? 0, [...((rows.get(issue.row ?? 0) as Issue[] | undefined) ?? []), [issue.field, issue.message]])
  return rows
}

for (const file of FILES) {
  t.test(`${file.name}: fixed in the page and sent again, every other row gets the service's own answer`, async (t) => {
    const form = await formPayload([{ name: file.name, bytes: file.bytes }])
    const direct = (await app.inject({ method: 'POST', url: PATH, ...form })).json()
    t.equal(direct.success, true, `the service reads ${file.name}: ${JSON.stringify(direct).slice(0, 300)}`)
    const service = byRow({ records: direct.data.employees, rows: direct.data.rows, errors: direct.data.errors ?? [] })
    t.ok((service.get(FIXED_ROW) as Array<[string, string]> | undefined)?.some(([field]) => field === 'email'), 'the row to fix is refused for its email')

    const result = await page.evaluate(async (module: string, name: string, base64: string, path: string, row: number, header: string) => {
      const { SheetImport } = await import(module)
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const sheet = new SheetImport(path)
      const started = performance.now()
      await sheet.load(new File([bytes], name))
      const fixable = sheet.fixable
      const issues = await sheet.saveRow(row, { [header]: 'carla@example.com' })
      const { records, rows, errors, sheet: kept } = sheet.state
      return { fixable, issues, records, rows, errors, width: Math.max(...(kept?.rows ?? []).map((cells: string[]) => cells.length)), ms: performance.now() - started }
    }, '/app/js/sheet-import.js', file.name, file.bytes.toString('base64'), PATH, FIXED_ROW, EMAIL)

    t.ok(result.fixable, 'the browser read the file')
    t.same(result.errors.filter((issue: Issue) => issue.row === FIXED_ROW), [], 'the fixed row is accepted')
    t.ok(result.width <= HEADERS.length, `only the columns with a header are kept (${result.width})`)
    const corrected = byRow(result as Answer)
    for (const [row, answer] of service) {
      if (row === FIXED_ROW) continue
      t.same(corrected.get(row), answer, `row ${row}: the same answer as the original file`)
    }
    t.match(corrected.get(FIXED_ROW), { email: 'carla@example.com', name: 'Carla' })
  })
}

t.test('the page logged no error', async (t) => {
  t.same(errors, [])
})
