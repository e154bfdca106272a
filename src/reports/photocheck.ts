/** Photocheck (ID card) list for the card printer, spec endpoint 8, and its .xlsx twin (D23). */
import { stringify } from 'csv-stringify/sync'
import type { PhotocheckEmployee } from '../../schemas/reports.js'
import { textCell, writeReportWorkbook, type ReportSheet } from './workbook.js'

/** File name of the download (spec endpoint 8). */
export const PHOTOCHECK_FILENAME = 'Fotocheck.csv'

/** File name of the same list as a workbook (`?format=xlsx`, D23). */
export const PHOTOCHECK_XLSX_FILENAME = 'Fotocheck.xlsx'

/** D15: the CSV is served as CSV (the spec's xlsx type is wrong for it); D23: UTF-8 with a BOM. */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8'

/** The header row, in the spec's order. */
export const PHOTOCHECK_HEADER = ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'] as const

/** The UTF-8 byte order mark that opens the CSV (D23). */
export const UTF8_BOM = '\uFEFF'

const photocheckRow = (e: PhotocheckEmployee): string[] =>
  [e.position, e.subDivisionOrParking, e.dni, `${e.lastNameFather} ${e.lastNameMother}`, e.name]

/**
 * Builds the photocheck CSV: the header `CARGO,DIVISION,DNI,APELLIDO,NOMBRE`, then one row per
 * employee in the order given: position, subDivisionOrParking, dni, `lastNameFather lastNameMother`,
 * name. RFC 4180: comma delimiter, CRLF line ends, fields holding a comma, a quote or a line break
 * quoted with doubled inner quotes. A field a spreadsheet would run as a formula (first character
 * `=`, `+`, `-`, `@`, tab or CR, or a full-width `＝＋－＠`) gets a leading `'` (OWASP CSV
 * injection guidance, csv-stringify's `escape_formulas`). UTF-8 opened by a BOM (D23,
 * amending D15): without it Excel and LibreOffice read the bytes as Windows-1252 (`JosÃ©`).
 * @param employees validated records (schemas/reports.ts), 1 to BATCH_MAX of them (D5)
 * @returns the CSV bytes
 */
export function buildPhotocheckCsv (employees: readonly PhotocheckEmployee[]): Buffer {
  const text = stringify([[...PHOTOCHECK_HEADER], ...employees.map(photocheckRow)], {
    record_delimiter: 'windows',
    quote_record_delimiter: true, // a lone \n or \r inside a field is quoted too, not only \r\n
    escape_formulas: true,
    bom: true
  })
  return Buffer.from(text, 'utf8')
}

/** The photocheck columns as a workbook: every cell text, the DNI marked as Text (`@`). */
export const PHOTOCHECK_SHEET: ReportSheet<PhotocheckEmployee> = {
  sheet: 'Fotocheck',
  headerStyle: {},
  columns: PHOTOCHECK_HEADER.map((header, index) => ({
    header,
    cell: (e: PhotocheckEmployee) => index === 2 ? textCell(e.dni) : photocheckRow(e)[index]
  }))
}

/**
 * The same list as the CSV in a one-sheet workbook (`Fotocheck.xlsx`, D23): the header
 * `CARGO DIVISION DNI APELLIDO NOMBRE` in bold, one row per employee, the DNI a text cell so that
 * `01234567` keeps its zero. Cells are typed strings, never formulas, so no CSV-injection quote.
 * @param employees validated records (schemas/reports.ts), 1 to BATCH_MAX of them (D5)
 * @returns the .xlsx bytes
 */
export async function buildPhotocheckWorkbook (employees: readonly PhotocheckEmployee[]): Promise<Buffer> {
  return await writeReportWorkbook(PHOTOCHECK_SHEET, employees)
}
