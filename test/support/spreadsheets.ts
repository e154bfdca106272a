/** Test helpers for the spreadsheet import: sheets written by SheetJS and CSV text from records. */
import * as XLSX from 'xlsx'
import { readFileSync } from 'node:fs'
import { ADDENDUM_COLUMNS, EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { sampleEmployee } from './helper.js'

/** Bytes of a committed fixture (test/fixtures/, made by scripts/make-fixtures.ts with LibreOffice). */
export function fixture (name: string): Buffer {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
}

/** The spec's first header of every employee column, in table order. */
export const EMPLOYEE_HEADERS = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
export const ADDENDUM_HEADERS = ADDENDUM_COLUMNS.map((spec) => spec.headers[0])

/** A row of cells in EMPLOYEE_HEADERS order for a record (sampleEmployee() by default). */
export function employeeCells (record: Record<string, unknown> = sampleEmployee()): unknown[] {
  return EMPLOYEE_COLUMNS.map((spec) => record[spec.field] ?? null)
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
