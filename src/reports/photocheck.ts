/** Photocheck (ID card) list for the card printer, spec endpoint 8. */
import { stringify } from 'csv-stringify/sync'
import type { PhotocheckEmployee } from '../../schemas/reports.js'

/** File name of the download (spec endpoint 8). */
export const PHOTOCHECK_FILENAME = 'Fotocheck.csv'

/** D15: the CSV is served as CSV (the spec's xlsx type is wrong for it), UTF-8, no BOM. */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8'

/** The header row, in the spec's order. */
export const PHOTOCHECK_HEADER = ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'] as const

/**
 * Builds the photocheck CSV: the header `CARGO,DIVISION,DNI,APELLIDO,NOMBRE`, then one row per
 * employee in the order given: position, subDivisionOrParking, dni, `lastNameFather lastNameMother`,
 * name. RFC 4180: comma delimiter, CRLF line ends, fields holding a comma, a quote or a line break
 * quoted with doubled inner quotes. A field a spreadsheet would run as a formula (first character
 * `=`, `+`, `-`, `@`, tab or CR, or a full-width `＝＋－＠`) gets a leading `'` (OWASP CSV
 * injection guidance, csv-stringify's `escape_formulas`). UTF-8, no BOM (D15).
 * @param employees validated records (schemas/reports.ts), 1 to BATCH_MAX of them (D5)
 * @returns the CSV bytes
 */
export function buildPhotocheckCsv (employees: readonly PhotocheckEmployee[]): Buffer {
  const rows = employees.map((e) => [e.position, e.subDivisionOrParking, e.dni, `${e.lastNameFather} ${e.lastNameMother}`, e.name])
  const text = stringify([[...PHOTOCHECK_HEADER], ...rows], {
    record_delimiter: 'windows',
    quote_record_delimiter: true, // a lone \n or \r inside a field is quoted too, not only \r\n
    escape_formulas: true,
    bom: false
  })
  return Buffer.from(text, 'utf8')
}
