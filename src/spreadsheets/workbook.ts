/**
 * .xlsx and .xls workbooks through SheetJS 0.20.3 (npm alias `xlsx` → `@e965/xlsx`; never the
 * 0.18.5 of the npm registry, which has CVE-2023-30533 and CVE-2024-22363). Only the first sheet
 * is parsed (and a sheet named HISTORIAL, parseNamedSheet); formulas, styles, HTML and macros are
 * not read. Runs in the import worker.
 */
import * as XLSX from 'xlsx'
import * as cptable from 'xlsx/dist/cpexcel.full.mjs'
import { formatDayMonthYear } from '../vocabulary/dates.js'
import type { Cell, RawRow } from './sheet.js'
import { headerKey } from './columns.js'

XLSX.set_cptable(cptable) // legacy .xls code pages (Excel 95 files in Windows-1252)

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  sheets: 0,
  dense: true,
  cellDates: true, // date cells as Date at UTC midnight; read back with UTC getters
  cellFormula: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  bookVBA: false,
  WTF: false
}

/**
 * The first row of every sheet, by sheet, as text (only row 1 is parsed): to tell the user that the
 * headers are on another sheet when the first one has none (docs/import.md, "Templates").
 * @throws Error from SheetJS when the file does not parse
 */
export function sheetHeaderRows (bytes: Uint8Array): Array<{ name: string, headers: (string | undefined)[] }> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const workbook = XLSX.read(view, { ...READ_OPTIONS, sheets: undefined, sheetRows: 1 })
  return workbook.SheetNames.map((name) => {
    const first = workbook.Sheets[name]?.['!data']?.[0]
    const cells = first === undefined ? [] : rowCells(first, Infinity)
    return { name, headers: Array.from(cells, (cell) => cell === undefined ? undefined : String(cell.value)) }
  })
}

/** A parsed first sheet: the rows that hold at least one cell, and the number of the last one (0: none). */
export interface ParsedSheet {
  rows: RawRow[]
  lastRow: number
}

/** Excel's error codes as .xls stores them (BIFF), for error cells SheetJS gives without their text. */
const ERROR_TEXT: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA' }

function toCell (cell: XLSX.CellObject | undefined): Cell | undefined {
  if (cell === undefined || cell.v === undefined || cell.v === null) return undefined
  switch (cell.t) {
    case 'n': return { kind: 'number', value: cell.v as number }
    case 'd': return { kind: 'date', value: formatDayMonthYear(cell.v as Date) }
    case 's': return { kind: 'text', value: String(cell.v) }
    // a formula's cached error: its text (`#N/A`), which the import refuses in any column
    case 'e': return { kind: 'text', value: cell.w ?? ERROR_TEXT[cell.v as number] ?? '#N/A' }
    default: return { kind: 'text', value: cell.w ?? String(cell.v) } // booleans
  }
}

/**
 * The cells of one SheetJS dense row up to column `width` (exclusive), as a sparse array: only the
 * cells present are visited (a row whose one cell is in column XFD is an array 16 384 long).
 */
function rowCells (row: XLSX.CellObject[], width: number): (Cell | undefined)[] {
  const cells: (Cell | undefined)[] = []
  for (const key of Object.keys(row)) {
    const column = Number(key)
    if (!(column < width)) continue // also drops non-index keys
    const cell = toCell(row[column])
    if (cell !== undefined) cells[column] = cell
  }
  return cells
}

/**
 * Parses the first sheet of a workbook. Rows are found by their indexes, never by walking the
 * row array: a sheet whose one extra row is numbered 1 000 000 000 is a sparse array of that
 * length, which a loop over it would take half a minute to cross. Likewise only the cells present
 * in a row are converted, and none right of the header row's last cell (no header names them):
 * memory and time follow the cells a file holds, not the width of the sheet.
 * @param bytes an .xlsx that passed checkZipArchive, or an OLE2 .xls
 * @param sheetRows when > 0, rows past this many are not parsed (SheetJS `sheetRows`)
 * @param maxRow when the last row holding a cell is past this number, no cell is converted and
 *   `rows` is empty (the caller refuses the file by `lastRow`)
 * @throws Error from SheetJS when the file does not parse (the caller answers corrupt-file)
 */
export function parseFirstSheet (bytes: Uint8Array, sheetRows = 0, maxRow = Infinity): ParsedSheet {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const workbook = XLSX.read(view, { ...READ_OPTIONS, sheetRows })
  const name = workbook.SheetNames[0]
  const sheet = name === undefined ? undefined : workbook.Sheets[name]
  if (sheet === undefined) throw new Error('workbook without sheets')
  return sheetContent(sheet, maxRow)
}

/**
 * Parses the sheet of a workbook whose name is `wanted` (case, accents and surrounding spaces aside),
 * other than the first one, as parseFirstSheet parses the first: the HISTORIAL sheet of the employee
 * upload (docs/import.md). Only that sheet's cells are parsed (the names are read first).
 * @returns its name as the file has it and its rows; undefined when no later sheet has that name
 * @throws Error from SheetJS when the file does not parse
 */
export function parseNamedSheet (
  bytes: Uint8Array, wanted: string, maxRow = Infinity
): (ParsedSheet & { name: string }) | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const names = XLSX.read(view, { ...READ_OPTIONS, sheets: undefined, bookSheets: true }).SheetNames
  const key = headerKey(wanted)
  const name = names.slice(1).find((candidate) => headerKey(candidate) === key)
  if (name === undefined) return undefined
  const sheet = XLSX.read(view, { ...READ_OPTIONS, sheets: name }).Sheets[name]
  if (sheet === undefined) return undefined
  return { name, ...sheetContent(sheet, maxRow) }
}

/** The rows of a parsed sheet (parseFirstSheet). */
function sheetContent (sheet: XLSX.WorkSheet, maxRow: number): ParsedSheet {
  const data = sheet['!data'] ?? []
  const indexes = Object.keys(data).map(Number).filter((index) => Number.isInteger(index) && data[index] !== undefined)
  // no Math.max(...indexes): a million arguments overflow the stack
  const lastRow = indexes.reduce((last, index) => Math.max(last, index + 1), 0)
  if (lastRow > maxRow) return { rows: [], lastRow }
  // the header row (row 1) bounds the columns read; without it no column is named (missing headers)
  const header = data[0] === undefined ? [] : rowCells(data[0], Infinity)
  const width = header.length
  const rows = indexes.map((index) => ({ row: index + 1, cells: index === 0 ? header : rowCells(data[index], width) }))
  return { rows, lastRow }
}
