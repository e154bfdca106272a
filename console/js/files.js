/**
 * Reading files in the browser with the service's own libraries, served from /app/vendor/:
 * SheetJS for a refused sheet's rows (display only: the service validates), fflate for a
 * downloaded ZIP. Both are loaded on first use.
 */

import { csvBody, decodeCsv } from './csv-text.js'

const SHEETJS_URL = new URL('../vendor/xlsx.mjs', import.meta.url).href
const FFLATE_URL = new URL('../vendor/fflate.js', import.meta.url).href

/**
 * A sheet as the console keeps it (docs/console.md, items 2-3): every cell as the text a person reads
 * and types, `rows[0]` being spreadsheet row 1 (the headers), and the type the cell came with, so
 * a rewritten file gives the service the same values: `d` a date (written back as a date cell from
 * `dd/mm/aaaa`), `n` a number (written back as a number while its text is a plain number), `s` text.
 * `csv`: the file was a CSV, so it is rewritten as CSV (a CSV's cells are text by nature, D12).
 * Only the columns with a header are kept (readSheet). `others`: a workbook's other sheets (the template's
 * Instrucciones, HISTORIAL, which the service also reads, and its hidden Listas), kept to be written back.
 * `name`: the first sheet's name, kept in the file written back.
 * @typedef {{ rows: string[][], types: string[][], csv: boolean, others?: OtherSheet[], name?: string }} SheetText
 */

/**
 * A sheet after the first, as written back: its name, its rows (text and types as in SheetText) and
 * whether it was hidden.
 * @typedef {{ name: string, rows: string[][], types: string[][], hidden: boolean }} OtherSheet
 */

/** Rows kept of a workbook's other sheets: the template's HISTORIAL takes one per earlier contract. */
const OTHER_SHEET_ROWS = 5000

/** @returns {Promise<any>} SheetJS, loaded on first use */
const sheetJs = async () => await import(SHEETJS_URL)

/** `05/03/2027` from a date's parts. @param {{ y: number, m: number, d: number }} date */
const dayText = (date) => `${String(date.d).padStart(2, '0')}/${String(date.m).padStart(2, '0')}/${date.y}`

/**
 * What SheetJS reads of a file: a CSV's text decoded as the service decodes it (csv-text.js: UTF-16,
 * mixed UTF-8 and Windows-1252, the `sep=` line, the header line's delimiter), anything else as bytes.
 * @param {File} file
 * @throws {Error} a CSV that is not text (the service refuses it too)
 */
async function fileInput (file) {
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!file.name.toLowerCase().endsWith('.csv')) return { data: bytes, options: { type: 'array' }, csv: false }
  const text = decodeCsv(bytes)
  if (text === undefined) throw new Error('binary CSV')
  const { body, delimiter } = csvBody(text)
  return { data: body, options: { type: 'string', raw: true, FS: delimiter }, csv: true }
}

/**
 * The first sheet of a file (the one the service reads), or undefined when the browser cannot
 * read it (the errors are then shown without the rows, and rows cannot be fixed in the page). Read
 * as the service reads it (src/spreadsheets/workbook.ts): dates in the workbook's own date system
 * (a Mac workbook's 1904 dates are the same days), only the cells a row holds, and only the columns
 * whose header (row 1) says something: the service reads no other, and a stray note in column XFD
 * neither makes every row 16 384 cells long nor reaches the file sent back.
 * @param {File} file
 * @returns {Promise<SheetText | undefined>}
 */
export async function readSheet (file) {
  try {
    const XLSX = await sheetJs()
    const input = await fileInput(file)
    const book = XLSX.read(input.data, { ...input.options, sheetRows: 5000, dense: true, cellDates: true })
    const sheet = book.Sheets[book.SheetNames[0]]
    /** @type {any[][]} */
    const data = sheet?.['!data'] ?? []
    const header = data[0] ?? []
    // the columns of the header row that hold a header, in order (its cells are visited, never its width)
    const columns = Object.keys(header).map(Number).filter((c) => Number.isInteger(c) && cellText(header[c]).text.trim() !== '')
      .sort((a, b) => a - b)
    if (columns.length === 0) return { rows: [], types: [], csv: input.csv }
    const others = book.SheetNames.slice(1).map((/** @type {string} */ name, /** @type {number} */ index) => ({
      name, ...sheetCells(book.Sheets[name]?.['!data'] ?? [], undefined), hidden: Boolean(book.Workbook?.Sheets?.[index + 1]?.Hidden)
    }))
    return { ...sheetCells(data, columns), csv: input.csv, others, name: input.csv ? undefined : book.SheetNames[0] }
  } catch {
    return undefined
  }
}

/**
 * A dense sheet's cells as text and types: only `columns` (the first sheet's, with a header), else every
 * column up to the widest row (another sheet, at most OTHER_SHEET_ROWS rows of it).
 * @param {any[][]} data
 * @param {number[] | undefined} columns
 * @returns {{ rows: string[][], types: string[][] }}
 */
function sheetCells (data, columns) {
  let width = 0 // a dense sheet's empty rows are holes: counted one by one
  for (let r = 0; r < Math.min(data.length, OTHER_SHEET_ROWS); r++) {
    width = Math.min(200, Math.max(width, data[r]?.length ?? 0))
  }
  const wanted = columns ?? Array.from({ length: width }, (_, c) => c)
  /** @type {string[][]} */
  const rows = []
  /** @type {string[][]} */
  const types = []
  for (let r = 0; r < (columns === undefined ? Math.min(data.length, OTHER_SHEET_ROWS) : data.length); r++) {
    const cells = wanted.map((c) => cellText(data[r]?.[c]))
    rows.push(cells.map((cell) => cell.text))
    types.push(cells.map((cell) => cell.type))
  }
  return { rows, types }
}

/** Excel's error codes as .xls stores them, for error cells SheetJS gives without their text (as workbook.ts). */
/** @type {Record<number, string>} */
const ERROR_TEXT = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA' }

/**
 * A cell as the service reads it (workbook.ts toCell): a date cell as `dd/mm/aaaa` from its UTC day
 * (SheetJS already applied the workbook's date system), a number as written, an error cell as its
 * code, text as it is.
 * @param {any} cell
 * @returns {{ text: string, type: string }}
 */
function cellText (cell) {
  if (cell === undefined || cell === null || cell.v === undefined || cell.v === null) return { text: '', type: 's' }
  if (cell.t === 'd' && cell.v instanceof Date) {
    return { text: dayText({ y: cell.v.getUTCFullYear(), m: cell.v.getUTCMonth() + 1, d: cell.v.getUTCDate() }), type: 'd' }
  }
  if (cell.t === 'n') return { text: String(cell.v), type: 'n' }
  if (cell.t === 's') return { text: String(cell.v), type: 's' }
  if (cell.t === 'e') return { text: String(cell.w ?? ERROR_TEXT[cell.v] ?? '#N/A'), type: 's' }
  return { text: String(cell.w ?? (cell.t === 'b' ? (cell.v ? 'TRUE' : 'FALSE') : cell.v)), type: 's' }
}

/**
 * A cell to write back: nothing for an empty one (the file holds only what the sheet held), a date
 * cell from `dd/mm/aaaa` in the 1900 date system the written workbook declares, a number from a plain
 * number's text (`01234567` stays text: its leading zero is part of a DNI), text otherwise.
 * @param {string} text
 * @param {string | undefined} type
 */
function writtenCell (text, type) {
  if (text === '') return null
  const day = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim())
  if (type === 'd' && day !== null) {
    const [d, m, y] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCMonth() === m - 1) {
      // the 1900 date system: serial 25569 is 1970-01-01
      return { t: 'n', v: date.getTime() / 86_400_000 + 25569, z: 'dd/mm/yyyy' }
    }
  }
  if (type === 'n' && text.trim() !== '' && String(Number(text.trim())) === text.trim()) return { t: 'n', v: Number(text.trim()) }
  // text stays text when Excel opens it again (format `@`): a DNI typed in it later keeps its zeros
  return { t: 's', v: text, z: '@' }
}

/**
 * An .xlsx of rows (`rows[0]` the headers), each cell written as `types` says (see SheetText), then the
 * workbook's other sheets as they were read (hidden ones hidden).
 * @param {string[][]} rows
 * @param {string[][]} types
 * @param {string} sheetName
 * @param {OtherSheet[]} [others]
 * @returns {Promise<Uint8Array>}
 */
export async function writeXlsx (rows, types, sheetName, others = []) {
  const XLSX = await sheetJs()
  const book = XLSX.utils.book_new()
  /** @type {OtherSheet[]} */
  const sheets = [{ name: sheetName, rows, types, hidden: false },
    ...others.filter((other) => other.name !== sheetName)]
  for (const sheet of sheets) {
    const cells = sheet.rows.map((texts, r) => texts.map((text, c) => writtenCell(text, sheet.types[r]?.[c])))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), sheet.name)
  }
  book.Workbook = { Sheets: sheets.map((sheet) => ({ Hidden: sheet.hidden ? 1 : 0 })) }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }))
}

/**
 * A CSV of rows, comma-separated, quoted where needed (RFC 4180) and wherever a `;` or a tab could
 * make the service read another delimiter in the header line (its bytes: csv-text.js encodeCsv).
 * @param {string[][]} rows
 */
export function writeCsv (rows) {
  const quote = (/** @type {string} */ text) => /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  return rows.map((cells) => cells.map(quote).join(',')).join('\r\n') + '\r\n'
}

/**
 * The header row of a template the service gives (`GET /api/templates/…`): its columns in order.
 * @param {Uint8Array} bytes
 * @returns {Promise<string[]>}
 */
export async function templateHeaders (bytes) {
  const XLSX = await sheetJs()
  const book = XLSX.read(bytes, { type: 'array', sheetRows: 1 })
  /** @type {unknown[][]} */
  const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, defval: '' })
  return (rows[0] ?? []).map((cell) => String(cell).trim()).filter((cell) => cell !== '')
}

/**
 * Every entry of a ZIP (names as stored, folders left out).
 * @param {Uint8Array} bytes
 * @returns {Promise<Map<string, Uint8Array>>}
 */
export async function readZip (bytes) {
  /** @type {any} */
  const fflate = await import(FFLATE_URL)
  /** @type {Record<string, Uint8Array>} */
  const entries = fflate.unzipSync(bytes)
  return new Map(Object.entries(entries).filter(([name]) => !name.endsWith('/')))
}

/**
 * The text of `errores.txt` in a ZIP (D19), or undefined when the archive has none.
 * @param {Map<string, Uint8Array>} entries
 */
export function errorsFileText (entries) {
  const bytes = entries.get('errores.txt')
  return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes)
}
