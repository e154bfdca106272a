/**
 * Bounds on what a workbook makes SheetJS build, checked before SheetJS parses it (docs/import.md): a
 * 125 KB .xlsx of five million empty shared strings held a reader 22 s and 1.2 GB, a workbook.xml
 * listing a million sheets 20 s, three million cells 10 s. The .xlsx counts come from the zip
 * guard, which sees every inflated byte anyway (zip-guard.ts XmlCounts); the .xls ones from a
 * walk over the BIFF records of its Workbook stream (read here, before SheetJS parses it).
 * Measured by scripts/measure-hostile.ts.
 */
import * as XLSX from 'xlsx'
import { IMPORT_MESSAGES } from '../../schemas/messages.js'

/** What a workbook asks the reader to build. */
export interface WorkbookCounts {
  /** Sheets the workbook lists. */
  sheets: number
  /** Shared strings (the .xlsx string table, the .xls SST's unique count). */
  sharedStrings: number
  /** Cells: of the sheet that holds the most (.xlsx: SheetJS parses the first only); all of them (.xls). */
  cells: number
}

/**
 * At most 1000 sheets, 262 144 shared strings and 524 288 cells in one sheet: each about a second
 * of SheetJS at most (1.5 s and ~300 MB for the cells); an employee workbook of MAX_EMPLOYEES rows
 * uses a few tens of thousands of each.
 */
export const WORKBOOK_LIMITS: WorkbookCounts = { sheets: 1000, sharedStrings: 262_144, cells: 524_288 }

/**
 * The .xls bounds: SheetJS reads every sheet of an .xls (not only the first) at about 25 µs a cell
 * (262 144 cells: 7 s), so its cells are counted over all sheets and bounded lower, as its strings.
 */
export const XLS_LIMITS: WorkbookCounts = { sheets: 1000, sharedStrings: 131_072, cells: 131_072 }

/**
 * The Spanish refusal of a workbook over a limit, or undefined (checked in the order sheets,
 * strings, cells).
 */
export function workbookRefusal (counts: WorkbookCounts, limits: WorkbookCounts = WORKBOOK_LIMITS): string | undefined {
  if (counts.sheets > limits.sheets) return IMPORT_MESSAGES.tooManySheets(counts.sheets, limits.sheets)
  const { sharedStrings } = counts
  if (sharedStrings > limits.sharedStrings) return IMPORT_MESSAGES.tooManyStrings(sharedStrings, limits.sharedStrings)
  if (counts.cells > limits.cells) return IMPORT_MESSAGES.tooManyCells(counts.cells, limits.cells)
  return undefined
}

// BIFF record types (MS-XLS 2.3): the ones that become sheets, strings or cells in SheetJS
const BOUND_SHEET = 0x0085
const SST = 0x00fc
const MULRK = 0x00bd
const MULBLANK = 0x00be
/** One-cell records, BIFF8 and the older BIFF2-5 forms SheetJS also reads. */
const CELL_RECORDS = new Set([
  // NUMBER LABELSST RK LABEL BOOLERR FORMULA RSTRING BLANK
  0x0203, 0x00fd, 0x027e, 0x0204, 0x0205, 0x0006, 0x00d6, 0x0201,
  0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0206, 0x0406 // BIFF2-4 BLANK INTEGER NUMBER LABEL BOOLERR FORMULA
])

/**
 * Counts the sheets (BoundSheet8 records), the SST's unique strings and the cell records of all the
 * sheets (substreams) of an .xls workbook's BIFF stream.
 * @returns undefined when the bytes hold no Workbook or Book stream (SheetJS then decides what the file is)
 * @throws Error when the compound file does not parse (the caller answers corrupt-file)
 */
export function xlsCounts (bytes: Uint8Array): WorkbookCounts | undefined {
  const container = XLSX.CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' })
  const stream = (XLSX.CFB.find(container, '/Workbook') ?? XLSX.CFB.find(container, '/Book')) as { content?: Uint8Array } | null
  if (stream?.content === undefined) return undefined
  const data = Buffer.from(stream.content.buffer, stream.content.byteOffset, stream.content.byteLength)
  const counts: WorkbookCounts = { sheets: 0, sharedStrings: 0, cells: 0 }
  for (let at = 0; at + 4 <= data.length;) {
    const type = data.readUInt16LE(at)
    const size = data.readUInt16LE(at + 2)
    const body = at + 4
    if (type === BOUND_SHEET) counts.sheets++
    else if (type === SST && body + 8 <= data.length) counts.sharedStrings += data.readUInt32LE(body + 4)
    else if (CELL_RECORDS.has(type)) counts.cells++
    else if (type === MULRK) counts.cells += Math.max(0, Math.floor((size - 6) / 6))
    else if (type === MULBLANK) counts.cells += Math.max(0, Math.floor((size - 6) / 2))
    at = body + size
  }
  return counts
}
