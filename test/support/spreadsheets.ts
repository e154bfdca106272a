/** Test helpers for the spreadsheet import: sheets written by SheetJS and CSV text from records. */
import * as XLSX from 'xlsx'
import { readFileSync } from 'node:fs'
import { ADDENDUM_COLUMNS, EMPLOYEE_COLUMNS, matchHeaders } from '../../src/spreadsheets/columns.js'
import { sampleEmployee } from './helper.js'
import { sampleTerm } from './samples.js'

/** Bytes of a committed fixture (test/fixtures/, made by scripts/make-fixtures.ts with LibreOffice). */
export function fixture (name: string): Buffer {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
}

/** The spec's first header of every employee column, in table order. */
export const EMPLOYEE_HEADERS = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
export const ADDENDUM_HEADERS = ADDENDUM_COLUMNS.map((spec) => spec.headers[0])

/** A row of cells in EMPLOYEE_HEADERS order for a record (sampleEmployee() by default). */
export function employeeCells (record: Record<string, unknown> = sampleEmployee()): unknown[] {
  return EMPLOYEE_COLUMNS.map((spec) => cellOf(record, spec.field))
}

/** A record's value for a column: `supportDocument.kind` reads the nested object's member (§37). */
export function cellOf (record: Record<string, unknown>, field: string): unknown {
  const [outer, inner] = field.split('.')
  if (inner === undefined) return record[field] ?? null
  const nested = record[outer]
  return nested !== null && typeof nested === 'object' ? (nested as Record<string, unknown>)[inner] ?? null : null
}

/** A sample employee with a distinct DNI per index. */
export function numberedEmployee (index: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEmployee({ dni: String(10000000 + index), email: `persona${index}@example.com`, ...overrides })
}

/** CSV text: a header row and rows, `null` cells empty, quoted where needed. */
export function csvText (rows: unknown[][], delimiter = ','): string {
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value)
    return /["\n\r,;\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return rows.map((row) => row.map(quote).join(delimiter)).join('\r\n') + '\r\n'
}

/** A workbook written by SheetJS: sheets as arrays of rows (holes and nulls are empty cells). */
export function workbook (sheets: unknown[][][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new()
  sheets.forEach((rows, index) => XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), `Hoja${index + 1}`))
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer
}

/** The sites of the demo employer profile (assets/employer-profile.json). */
const DEMO_SITES = ['Playa Larcomar', 'Playa Lince', 'Playa Mall Aventura']

/**
 * A committed employee fixture as HR would fill it today: the same people and cells, with the
 * columns a contract that can be signed needs (docs/documents.md) and its dates moved to start from a week
 * ahead in Lima, so that a test that makes their contracts does not depend on the day it runs.
 * Start dates keep their order; each term lasts six months. A site the demo profile lacks becomes
 * Playa Larcomar, whose one reviewed art. 58 cause each contract then takes (DOCUMENT-REQUIREMENTS §21); a
 * suplencia's absence is expected to end with its term (FIN DE AUSENCIA, §37).
 * @param options.birthDates fill a missing birth date too (adult), so every row makes a contract (§26);
 *   by default the rows without one keep it missing, as the reports' tests need
 */
export function lawfulEmployeeFixture (name: string, options: { birthDates?: boolean } = {}): Buffer {
  const book = XLSX.read(fixture(name), { cellDates: true })
  const sheet = book.Sheets[book.SheetNames[0]]
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true })
  const header = rows[0] as string[]
  const { fields } = matchHeaders(header, EMPLOYEE_COLUMNS)
  const column = (field: string) => {
    for (const [index, spec] of fields) if (spec.field === field) return index
    header.push(EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.headers[0] as string)
    return header.length - 1
  }
  const at = {
    type: column('contractType'),
    entry: column('entryDate'),
    end: column('endDate'),
    days: column('workDays'),
    schedule: column('workSchedule'),
    site: column('subDivisionOrParking'),
    replacedDni: column('replacedWorkerDni'),
    replacedPosition: column('replacedWorkerPosition'),
    condition: column('workingCondition'),
    probation: column('probationaryPeriod'),
    sex: column('sex'),
    birthDate: column('birthDate'),
    position: column('position'),
    absenceTo: column('absenceTo')
  }
  rows.slice(1).forEach((row, index) => {
    if (row.every((cell) => cell === null)) return
    const type = String(row[at.type] ?? '').toLowerCase().replace(/\s+/g, '')
    const { entryDate, endDate } = sampleTerm(6, 7 + index)
    row[at.entry] = entryDate
    row[at.end] = endDate
    if (!DEMO_SITES.includes(String(row[at.site]))) row[at.site] = 'Playa Larcomar'
    // who the worker is: every contract route requires it (DOCUMENT-REQUIREMENTS §26); the birth date is
    // left as the fixture has it (two rows lack it: the reports' tests need them so, and their contracts are refused)
    row[at.sex] ??= index % 2 === 0 ? 'F' : 'M'
    if (options.birthDates === true) row[at.birthDate] ??= '15/03/1990'
    if (type === 'parttime') Object.assign(row, { [at.days]: 'lunes a viernes', [at.schedule]: 'de 18:00 a 21:45 horas' })
    if (type === 'subsidio') {
      // the titular in the post that is covered (§25)
      Object.assign(row, { [at.replacedDni]: '44556677', [at.replacedPosition]: row[at.position] ?? 'Supervisora', [at.condition]: 'Plazo indeterminado' })
      row[at.probation] ??= '3 meses'
      // the expected end of the absence, which the term may not pass (§37)
      row[at.absenceTo] ??= endDate
    }
  })
  return workbook([rows])
}
