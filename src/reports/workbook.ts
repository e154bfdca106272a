/**
 * What the two insurance workbooks share (spec endpoints 6 and 7): one sheet, a styled header row,
 * one row per employee, real date serials and soles amounts, columns wide enough to read.
 * Written by src/reports/xlsx.ts (fills, alignment and number formats; SheetJS CE writes none).
 */
import { writeXlsx, type CellStyle, type StyledCell, type XlsxCell } from './xlsx.js'
import { parseDayMonthYear } from '../vocabulary/dates.js'
import { sexLetter } from '../employees/normalize.js'

/** Media type of both workbooks (spec endpoint 6). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Display format of date cells: DD/MM/YYYY, the spec's date form (Excel format codes are lower-case). */
export const DATE_FORMAT = 'dd/mm/yyyy'

/** Display format of salary cells: soles with the `S/.` symbol (spec endpoint 6), e.g. `S/. 1,500.00`. */
export const SOLES_FORMAT = '"S/." #,##0.00'

const MS_PER_DAY = 86_400_000
/** 1899-12-30: day 0 of Excel's 1900 date system as counted from 1900-03-01 on. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)
/** Excel counts a 29/02/1900 that never was, so serials from 01/03/1900 on are one day higher. */
const FIRST_REAL_LEAP_GAP_MS = Date.UTC(1900, 2, 1)

/**
 * The Excel serial (1900 date system, whole days) of a `DD/MM/YYYY` date: 01/01/1900 → 1,
 * 01/03/1900 → 61, 01/12/2026 → 46357. Matches Excel, including its phantom 29/02/1900.
 * @throws TypeError when the text is not a real date: the route's schema let a bad date through (our bug)
 */
export function excelDateSerial (text: string): number {
  const date = parseDayMonthYear(text)
  if (date === undefined) throw new TypeError(`Fecha inválida para la hoja: ${text}`)
  const ms = Date.UTC(date.year, date.month - 1, date.day)
  const days = Math.round((ms - EXCEL_EPOCH_MS) / MS_PER_DAY)
  return ms < FIRST_REAL_LEAP_GAP_MS ? days - 1 : days
}

/** A date cell: the serial number, shown as DD/MM/YYYY. */
export function dateCell (text: string): StyledCell {
  return { value: excelDateSerial(text), format: DATE_FORMAT }
}

/** A salary cell: the number in soles, shown with `S/.`. */
export function solesCell (amount: number): StyledCell {
  return { value: amount, format: SOLES_FORMAT }
}

/** A text cell marked as Text (`@`), so a spreadsheet never turns `01234567` into a number. */
export function textCell (text: string): StyledCell {
  return { value: text, format: '@' }
}

/**
 * D8: the `M` / `F` the exports print.
 * @throws TypeError for a value outside M, F, Masculino, Femenino: the schema let it through (our bug)
 */
export function sexCell (value: string): string {
  const letter = sexLetter(value)
  if (letter === undefined) throw new TypeError(`Sexo inválido para la hoja: ${value}`)
  return letter
}

/** One column of a report: its header text and how a record fills it (index counts from 0). */
export interface ReportColumn<T> {
  header: string
  cell: (record: T, index: number) => XlsxCell
  /** Width in characters when the content alone would give a poor one (dates, amounts). */
  minWidth?: number
}

/** Header cell style besides bold, e.g. `{ fill: '#FFFF00' }` or `{ align: 'center' }`. */
export type HeaderStyle = Pick<CellStyle, 'fill' | 'align'>

export interface ReportSheet<T> {
  sheet: string
  columns: readonly ReportColumn<T>[]
  headerStyle: HeaderStyle
}

const MAX_WIDTH = 60
/** Spare characters per column: bold headers and the wider fonts LibreOffice substitutes for Calibri. */
const WIDTH_MARGIN = 3

/** Characters a column needs to show its header and every text value, plus a margin. */
function columnWidth (column: ReportColumn<unknown>, rows: XlsxCell[][], index: number): number {
  let width = column.header.length
  for (const row of rows) {
    const cell = row[index]
    const value = typeof cell === 'object' && cell !== null && 'value' in cell ? cell.value : cell
    if (typeof value === 'string') width = Math.max(width, value.length)
  }
  return Math.min(MAX_WIDTH, Math.max(width, column.minWidth ?? 0) + WIDTH_MARGIN)
}

/**
 * Writes a one-sheet workbook: a bold header row in `headerStyle` (frozen), then one row per
 * record in the order given.
 * @returns the .xlsx bytes
 */
export async function writeReportWorkbook<T> (report: ReportSheet<T>, records: readonly T[]): Promise<Buffer> {
  const header: XlsxCell[] = report.columns
    .map((column) => ({ value: column.header, bold: true, ...report.headerStyle }))
  const rows = records.map((record, index) => report.columns.map((column) => column.cell(record, index)))
  const widths = report.columns.map((column, index) => columnWidth(column as ReportColumn<unknown>, rows, index))
  const bytes = writeXlsx({ name: report.sheet, rows: [header, ...rows], widths, frozenRows: 1 })
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
