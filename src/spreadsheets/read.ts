/**
 * Bytes of an upload → the rows of its first sheet (spec endpoints 5 and 9, D12, D20). The
 * format comes from the extension; the bytes must match it (an .xlsx is a ZIP, an .xls an OLE2
 * compound file, a .csv text), an .xlsx must pass the zip-bomb guard, and a big workbook is
 * first read only up to the batch limit, so an oversized sheet is refused before a full parse.
 * An .xls is not compressed (OLE2 sectors), so its content is bounded by MAX_FILE_SIZE; what a
 * malformed one can still cost (sector chains, record sizes) is bounded by the worker's heap cap
 * and deadline (reader.ts). Runs in the reader's child process (worker.ts); plain data in, plain data out.
 */
import { COLUMN_TABLES, type ImportKind } from './columns.js'
import { CSV_LIMITS, csvRows, decodeCsv, prepareCsv } from './csv.js'
import type { HistorySheet, RawRow } from './sheet.js'
import { IMPORT_MESSAGES } from '../../schemas/messages.js'
import { extractRows, isBlank, type SheetContent } from './sheet.js'
import { parseFirstSheet, parseNamedSheet, sheetHeaderRows } from './workbook.js'
import { HISTORY_COLUMNS, HISTORY_SHEET, matchHeaders, type ColumnTable } from './columns.js'
import { checkZipArchive, ZipRejectedError, ZIP_LIMITS, type ZipLimits } from './zip-guard.js'
import { CELL_CAPS, HISTORY_CELL_CAPS } from './cell-caps.js'
import { WORKBOOK_LIMITS, workbookRefusal, XLS_LIMITS, xlsCounts, type WorkbookCounts } from './bounds.js'
import type { SpreadsheetFormat } from './formats.js'

/** One read: what the worker receives. */
export interface ReadTask {
  bytes: Uint8Array
  format: SpreadsheetFormat
  kind: ImportKind
  /** D5 batch limit: more data rows than this is `tooManyRows`. */
  maxRows: number
  zipLimits?: ZipLimits
  /** Sheets, shared strings and cells a workbook may hold (default WORKBOOK_LIMITS, XLS_LIMITS); tests change them. */
  workbookLimits?: WorkbookCounts
}

/**
 * SheetContent; a sheet holding cells past row `allowed` (refused before its cells are read); or
 * the file is not a readable spreadsheet of its format (`reason` is for logs).
 */
export type ReadResult =
  | SheetContent
  | { status: 'rowsPastLimit', lastRow: number, allowed: number }
  /** Over a bound of bounds.ts; `message` is the Spanish refusal. */
  | { status: 'overBounds', message: string }
  | { status: 'corrupt', reason: string }

/**
 * Rows a sheet may use beyond the header and the batch limit: blank or note rows below the data
 * (the .xls row limit; a CSV's blank tail is not counted). A cell further down refuses the file
 * before any cell is read.
 */
export const ROW_HEADROOM = 65_536

/** The last spreadsheet row a sheet of an import with this batch limit may use. */
export function lastAllowedRow (maxRows: number): number {
  return 1 + maxRows + ROW_HEADROOM
}

/**
 * Workbooks whose content (inflated XML, or the .xls file) is larger than this are first read
 * only up to the batch limit (cheap, and enough to refuse a long sheet), then whole when that
 * did not refuse them. Smaller ones are read whole at once (a few ms).
 */
export const TWO_PASS_BYTES = 1024 * 1024

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith (bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte)
}

function corrupt (reason: string): ReadResult {
  return { status: 'corrupt', reason }
}

/**
 * When the first sheet has no known header and a later sheet has some: both names (an
 * "Instrucciones" sheet put first: docs/import.md, "Templates"). Undefined otherwise.
 */
function headersElsewhere (bytes: Uint8Array, table: ColumnTable): { first: string, other: string } | undefined {
  const [first, ...others] = sheetHeaderRows(bytes)
  if (first === undefined || matchHeaders(first.headers, table).fields.size > 0) return undefined
  const other = others.find((sheet) => matchHeaders(sheet.headers, table).fields.size > 0)
  return other === undefined ? undefined : { first: first.name, other: other.name }
}

async function readWorkbook (bytes: Uint8Array, contentBytes: number, task: ReadTask): Promise<ReadResult> {
  const table = COLUMN_TABLES[task.kind]
  const caps = CELL_CAPS[task.kind]
  const allowed = lastAllowedRow(task.maxRows)
  try {
    if (contentBytes > TWO_PASS_BYTES) {
      // header + maxRows + 1 rows show one row too many when none is blank; blank rows or a
      // sheet that goes on need the whole read (no row may be dropped unseen)
      const first = await extractRows(parseFirstSheet(bytes, task.maxRows + 2).rows, table, task.maxRows, caps)
      if (first.status === 'tooManyRows') return { status: 'tooManyRows' } // a partial read: its count is not the file's
      if (first.status !== 'ok') return first
    }
    const sheet = parseFirstSheet(bytes, 0, allowed)
    if (sheet.lastRow > allowed) return { status: 'rowsPastLimit', lastRow: sheet.lastRow, allowed }
    const content = await extractRows(sheet.rows, table, task.maxRows, caps)
    if (content.status === 'ok' && task.kind === 'employee') {
      const history = await readHistorySheet(bytes, task.maxRows)
      return history === undefined ? content : { ...content, history }
    }
    if (content.status !== 'missingHeaders') return content
    const sheets = headersElsewhere(bytes, table)
    return sheets === undefined ? content : { ...content, sheets }
  } catch (error) {
    return corrupt(`SheetJS: ${(error as Error).message}`)
  }
}

/** Data rows the HISTORIAL sheet may hold, per employee the batch limit allows (docs/import.md). */
export const HISTORY_ROWS_PER_EMPLOYEE = 5

/**
 * The employee upload's HISTORIAL sheet (columns.ts HISTORY_COLUMNS), when a sheet other than the
 * first has that name: up to HISTORY_ROWS_PER_EMPLOYEE × maxRows data rows, bounded as the first sheet
 * (a cell past its last allowed row, or more rows, is `tooManyRows`).
 */
async function readHistorySheet (bytes: Uint8Array, maxRows: number): Promise<HistorySheet | undefined> {
  const limit = HISTORY_ROWS_PER_EMPLOYEE * maxRows
  const sheet = parseNamedSheet(bytes, HISTORY_SHEET, lastAllowedRow(limit))
  if (sheet === undefined) return undefined
  const content = sheet.lastRow > lastAllowedRow(limit)
    ? { status: 'tooManyRows' as const }
    : await extractRows(sheet.rows, HISTORY_COLUMNS, limit, HISTORY_CELL_CAPS)
  return { name: sheet.name, content, maxRows: limit }
}

/**
 * Reads an upload's first sheet into rows of the kind's columns.
 * @returns the rows, the missing required headers, `tooManyRows` past `maxRows`, `rowsPastLimit`
 *   for a workbook with a cell past lastAllowedRow(maxRows), `overBounds` for a workbook with more
 *   sheets, shared strings or cells than bounds.ts allows (counted before SheetJS parses), or `corrupt`
 *   when the bytes do not match the format, the archive fails the zip guard, or the file does
 *   not parse
 */
export async function readSpreadsheet (task: ReadTask): Promise<ReadResult> {
  const { bytes, format } = task
  if (format === 'xlsx') {
    if (!startsWith(bytes, ZIP_MAGIC)) return corrupt('an .xlsx that is not a ZIP archive')
    let summary: Awaited<ReturnType<typeof checkZipArchive>>
    try {
      summary = await checkZipArchive(bytes, task.zipLimits ?? ZIP_LIMITS)
    } catch (error) {
      if (error instanceof ZipRejectedError) return corrupt(`zip guard: ${error.message}`)
      throw error
    }
    const refusal = workbookRefusal(summary.counts, task.workbookLimits ?? WORKBOOK_LIMITS)
    if (refusal !== undefined) return { status: 'overBounds', message: refusal }
    return readWorkbook(bytes, summary.inflatedBytes, task)
  }
  if (format === 'xls') {
    if (!startsWith(bytes, OLE2_MAGIC)) return corrupt('an .xls that is not an OLE2 compound file')
    let counts: WorkbookCounts | undefined
    try {
      counts = xlsCounts(bytes)
    } catch (error) {
      return corrupt(`SheetJS CFB: ${(error as Error).message}`)
    }
    const refusal = counts === undefined ? undefined : workbookRefusal(counts, task.workbookLimits ?? XLS_LIMITS)
    if (refusal !== undefined) return { status: 'overBounds', message: refusal }
    return readWorkbook(bytes, bytes.length, task)
  }
  const text = decodeCsv(bytes)
  if (text === undefined) return corrupt('a .csv with binary content')
  return await readCsv(text, task)
}

/**
 * A CSV's rows, bounded as a workbook's (docs/import.md, "Cells (D12)"): the same refusals as an .xlsx in the
 * same case (too many cells, data rows past the batch limit, a row past lastAllowedRow, a cell over
 * its field's cap), never corrupt-file for a file that only is too big. As in a big workbook's
 * first pass, the headers and the batch limit are read first, then the rows past the limit. Its blank tail is ignored,
 * as an .xlsx stores no blank rows. `rowsPastLimit` names the last line, which is the last row
 * unless quoted fields hold line breaks.
 */
/**
 * A CSV with more than this many times the batch limit in rows holding a value is refused as over
 * the limit without reading further, its row count not stated (the hint says "más de N").
 */
export const CSV_COUNT_CAP_FACTOR = 10

async function readCsv (text: string, task: ReadTask): Promise<ReadResult> {
  const csv = prepareCsv(text)
  if (csv.fields > CSV_LIMITS.maxFields) {
    return { status: 'overBounds', message: IMPORT_MESSAGES.tooManyCells(csv.fields, CSV_LIMITS.maxFields) }
  }
  const allowed = lastAllowedRow(task.maxRows)
  // past this many rows with a value the file is over the batch limit whatever follows: counting
  // on (csv-parse takes ~15-100 µs a record) would only make the hint's number exact
  const countCap = CSV_COUNT_CAP_FACTOR * task.maxRows + 1
  let past = false
  let filled = 0
  async function * upToAllowed (): AsyncGenerator<RawRow> {
    for await (const row of csvRows(csv)) {
      if (row.row > allowed || filled > countCap) {
        past = true
        return
      }
      if (row.cells.some((cell) => !isBlank(cell))) filled++
      yield row
    }
  }
  try {
    const content = await extractRows(upToAllowed(), COLUMN_TABLES[task.kind], task.maxRows, CELL_CAPS[task.kind])
    if (content.status === 'ok' && past) return { status: 'rowsPastLimit', lastRow: csv.lines, allowed }
    // rows past lastAllowedRow or the count cap were not read: a count would be the reader's, not the file's
    if (content.status === 'tooManyRows' && past) return { status: 'tooManyRows' }
    return content.status === 'ok' ? { ...content, untyped: true } : content
  } catch (error) {
    return corrupt(`csv-parse: ${(error as Error).message}`)
  }
}
