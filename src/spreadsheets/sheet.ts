/**
 * The format-independent part of reading a sheet: row 1 holds the headers, data rows follow,
 * empty rows are skipped (spec "Spreadsheet columns"), and the D5 batch limit is applied while
 * rows are read, so an oversized sheet stops early.
 */
import { matchHeaders, type ColumnTable } from './columns.js'
import { MAX_HEADER_UNITS, type CellCap } from './cell-caps.js'
import { isBlankText } from '../vocabulary/blank.js'

/**
 * One cell as the file holds it, before D12 field conversion. Dates are already `DD/MM/YYYY`.
 * `overCap`: a text longer than its field's cap (cell-caps.ts), replaced by the row error's message.
 */
export type Cell =
  | { kind: 'text', value: string }
  | { kind: 'number', value: number }
  | { kind: 'date', value: string }
  | { kind: 'overCap', value: string }

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
  /** `headers`: by field, the header text the file had (trimmed), to name the column in row errors. */
  /** `history`: the employee upload's HISTORIAL sheet, when the workbook has one (read.ts). */
  | { status: 'ok', rows: SheetRow[], untyped?: boolean, headers?: Record<string, string>, history?: HistorySheet }
  /**
   * Required fields whose header is not in row 1, in table order. `sheets`: the first sheet has no
   * known header and the sheet named `other` has some (a workbook's first sheet is the only one read).
   */
  | { status: 'missingHeaders', missing: string[], sheets?: { first: string, other: string } }
  /** `rows`: the non-empty data rows the sheet holds, when they were all counted (for the hint: docs/import.md). */
  | { status: 'tooManyRows', rows?: number }

/**
 * The HISTORIAL sheet as read: its name as the file has it, its content (no nested `history`) and the
 * data rows it may hold (`tooManyRows` past them).
 */
export interface HistorySheet {
  name: string
  content: SheetContent
  maxRows: number
}

/** True for a cell that holds nothing but blank characters (whitespace, U+2800…: vocabulary/blank.ts). */
export function isBlank (cell: Cell | undefined): boolean {
  return cell === undefined || (cell.kind === 'text' && isBlankText(cell.value))
}

/**
 * The text of a header cell (headers typed as numbers or dates still match by their text); none for
 * a text longer than MAX_HEADER_UNITS, which no header is (not normalised: docs/import.md, "Cell lengths").
 */
function headerText (cell: Cell | undefined): string | undefined {
  if (cell === undefined || (typeof cell.value === 'string' && cell.value.length > MAX_HEADER_UNITS)) return undefined
  return String(cell.value)
}

/**
 * Reads rows into records of the table's fields. A row is empty, and skipped, when every
 * recognised column is blank (a note in an unknown column does not make a row). Unknown columns
 * are ignored.
 * @param rows the file's rows in order; rows with no cell at all may be absent
 * @param maxRows D5 limit of data rows; rows past it are only counted (`tooManyRows` with the count)
 * @param caps per field: a text cell longer than its cap is not read (not even trimmed) but becomes
 *   an `overCap` cell holding the cap's message (cell-caps.ts)
 */
export async function extractRows (
  rows: Iterable<RawRow> | AsyncIterable<RawRow>, table: ColumnTable, maxRows: number,
  caps: ReadonlyMap<string, CellCap> = new Map()
): Promise<SheetContent> {
  let columns: ReturnType<typeof matchHeaders> | undefined
  const headers: Record<string, string> = {}
  const out: SheetRow[] = []
  let over = 0 // non-empty rows past maxRows, only counted
  for await (const raw of rows) {
    if (columns === undefined) {
      const texts = raw.row === 1 ? raw.cells.map(headerText) : []
      columns = matchHeaders(texts, table)
      if (columns.missing.length > 0) return { status: 'missingHeaders', missing: columns.missing.map((spec) => spec.field) }
      for (const [index, spec] of columns.fields) headers[spec.field] = (texts[index] ?? '').trim()
      if (raw.row === 1) continue
    }
    const cells: Record<string, Cell> = {}
    let blank = true
    for (const [index, spec] of columns.fields) {
      let cell = raw.cells[index]
      const cap = caps.get(spec.field)
      if (cell?.kind === 'text' && cap !== undefined && cell.value.length > cap.maxUnits) cell = { kind: 'overCap', value: cap.message }
      if (isBlank(cell)) continue
      cells[spec.field] = cell as Cell
      blank = false
    }
    if (blank) continue
    if (out.length === maxRows) {
      over++ // go on counting, so the refusal can say how many rows came
      continue
    }
    out.push({ row: raw.row, cells })
  }
  if (over > 0) return { status: 'tooManyRows', rows: maxRows + over }
  if (columns === undefined) {
    const missing = matchHeaders([], table).missing.map((spec) => spec.field)
    if (missing.length > 0) return { status: 'missingHeaders', missing }
  }
  return { status: 'ok', rows: out, headers }
}
