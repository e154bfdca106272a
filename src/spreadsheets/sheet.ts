/**
 * The format-independent part of reading a sheet: row 1 holds the headers, data rows follow,
 * empty rows are skipped (spec "Spreadsheet columns"), and the D5 batch limit is applied while
 * rows are read, so an oversized sheet stops early.
 */
import { matchHeaders, type ColumnTable } from './columns.js'

/** One cell as the file holds it, before D12 field conversion. Dates are already `DD/MM/YYYY`. */
export type Cell =
  | { kind: 'text', value: string }
  | { kind: 'number', value: number }
  | { kind: 'date', value: string }

/** One row of the file: its spreadsheet row number (header = 1) and its cells by column index. */
export interface RawRow {
  row: number
  cells: readonly (Cell | undefined)[]
}

/** A non-empty data row: the cells of the recognised columns, by field name. */
export interface SheetRow {
  row: number
  cells: Record<string, Cell>
}

/** What reading a sheet gives, as plain data (it crosses the worker boundary). */
export type SheetContent =
  /** `untyped`: every cell is text with no type (a CSV), so a DNI's lost zeros are restored (D12). */
  | { status: 'ok', rows: SheetRow[], untyped?: boolean }
  /** Required fields whose header is not in row 1, in table order. */
  | { status: 'missingHeaders', missing: string[] }
  | { status: 'tooManyRows' }

/** True for a cell that holds nothing but whitespace. */
export function isBlank (cell: Cell | undefined): boolean {
  return cell === undefined || (cell.kind === 'text' && cell.value.trim() === '')
}

/** The text of a header cell (headers typed as numbers or dates still match by their text). */
function headerText (cell: Cell | undefined): string | undefined {
  return cell === undefined ? undefined : String(cell.value)
}

/**
 * Reads rows into records of the table's fields. A row is empty, and skipped, when every
 * recognised column is blank (a note in an unknown column does not make a row). Unknown columns
 * are ignored.
 * @param rows the file's rows in order; rows with no cell at all may be absent
 * @param maxRows D5 limit of data rows; reading stops at the first row over it
 */
export async function extractRows (
  rows: Iterable<RawRow> | AsyncIterable<RawRow>, table: ColumnTable, maxRows: number
): Promise<SheetContent> {
  let columns: ReturnType<typeof matchHeaders> | undefined
  const out: SheetRow[] = []
  for await (const raw of rows) {
    if (columns === undefined) {
      columns = matchHeaders(raw.row === 1 ? raw.cells.map(headerText) : [], table)
      if (columns.missing.length > 0) return { status: 'missingHeaders', missing: columns.missing.map((spec) => spec.field) }
      if (raw.row === 1) continue
    }
    const cells: Record<string, Cell> = {}
    let blank = true
    for (const [index, spec] of columns.fields) {
      const cell = raw.cells[index]
      if (isBlank(cell)) continue
      cells[spec.field] = cell as Cell
      blank = false
    }
    if (blank) continue
    if (out.length === maxRows) return { status: 'tooManyRows' }
    out.push({ row: raw.row, cells })
  }
  if (columns === undefined) {
    const missing = matchHeaders([], table).missing.map((spec) => spec.field)
    if (missing.length > 0) return { status: 'missingHeaders', missing }
  }
  return { status: 'ok', rows: out }
}
