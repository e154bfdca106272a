/**
 * Spreadsheets built the way a careless or hostile user makes them (docs/import.md, "Hostile input"): small files that
 * cost the reader far more than their size. Written as raw OOXML parts and zipped with the
 * smallest deflate, so that each file is as cheap to send as the issue's probes. Used by the
 * reader tests and by scripts/measure-hostile.ts.
 */
import * as XLSX from 'xlsx'
import { buildZip } from './zip-tools.js'

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'

/** The parts of a one-sheet workbook; `sharedStrings` adds xl/sharedStrings.xml. */
export interface WorkbookParts {
  /** The `<sheetData>` content. */
  sheetData: string
  /** The `<sheets>` content of xl/workbook.xml (default: one sheet, rId1). */
  sheets?: string
  /** The whole of xl/sharedStrings.xml. */
  sharedStrings?: string
}

/** An .xlsx of raw parts (deflated at level 9 by zip-tools' buildZip defaults). */
export function rawXlsx (parts: WorkbookParts): Buffer {
  const sst = parts.sharedStrings !== undefined
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (sst ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '') +
        '</Types>'
    },
    { name: '_rels/.rels', content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${parts.sheets ?? '<sheet name="Hoja1" sheetId="1" r:id="rId1"/>'}</sheets></workbook>`
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (sst ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
        '</Relationships>'
    },
    { name: 'xl/worksheets/sheet1.xml', content: `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${parts.sheetData}</sheetData></worksheet>` },
    ...(sst ? [{ name: 'xl/sharedStrings.xml', content: parts.sharedStrings as string }] : [])
  ])
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** `A`…`Z`, `AA`… for a 0-based column index (16383: `XFD`, Excel's last column). */
export function columnName (index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** One row of inline-string cells from column A (`null` leaves a cell out). */
export function rowXml (row: number, texts: readonly (string | null)[]): string {
  const cells = texts.map((text, c) => (text === null ? '' : `<c r="${columnName(c)}${row}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`))
  return `<row r="${row}">${cells.join('')}</row>`
}

/**
 * The header row and data rows as given, then `noteRows` rows that each hold one short note in
 * column XFD (16 384th): a ~30 KB file whose rows, materialised as arrays as wide as the sheet,
 * took seconds and gigabytes.
 */
export function farColumnXlsx (header: readonly string[], rows: readonly (readonly (string | null)[])[], noteRows: number): Buffer {
  const data = [rowXml(1, header), ...rows.map((texts, index) => rowXml(index + 2, texts))]
  const first = rows.length + 2
  for (let r = first; r < first + noteRows; r++) data.push(`<row r="${r}"><c r="XFD${r}" t="inlineStr"><is><t>n</t></is></c></row>`)
  return rawXlsx({ sheetData: data.join('') })
}

/** A sheet of the given rows whose shared-string table also holds `count` empty strings (`<si><t/></si>`). */
export function emptySharedStringsXlsx (header: readonly string[], rows: readonly (readonly (string | null)[])[], count: number): Buffer {
  const data = [rowXml(1, header), ...rows.map((texts, index) => rowXml(index + 2, texts))].join('')
  return rawXlsx({ sheetData: data, sharedStrings: `<?xml version="1.0"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">${'<si><t/></si>'.repeat(count)}</sst>` })
}

/** A sheet of the given rows in a workbook.xml that lists `count` sheets (all the same part). */
export function manySheetsXlsx (header: readonly string[], rows: readonly (readonly (string | null)[])[], count: number): Buffer {
  const data = [rowXml(1, header), ...rows.map((texts, index) => rowXml(index + 2, texts))].join('')
  const sheets = Array.from({ length: count }, (_, i) => `<sheet name="H${i}" sheetId="${i + 1}" r:id="rId1"/>`).join('')
  return rawXlsx({ sheetData: data, sheets })
}

/**
 * An .xls (BIFF8, written by SheetJS) whose first sheet holds the given rows and whose second sheet
 * holds `count` distinct short strings, one per cell: an SST that large costs the reader seconds.
 */
export function manyStringsXls (header: readonly string[], rows: readonly (readonly (string | null)[])[], count: number): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]), 'Hoja1')
  const columns = 256
  const filler = Array.from({ length: Math.ceil(count / columns) }, (_, r) =>
    Array.from({ length: columns }, (_, c) => `texto número ${r * columns + c}`))
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(filler), 'Hoja2')
  // bookSST: the strings in a shared string table (SST), as Excel writes them
  return XLSX.write(book, { type: 'buffer', bookType: 'xls', bookSST: true }) as Buffer
}

/** A one-row sheet whose cell in column `column` (0-based) holds `length` copies of `char`. */
export function longCellXlsx (header: readonly string[], row: readonly (string | null)[], column: number, length: number, char = 'a'): Buffer {
  const texts = [...row]
  texts[column] = char.repeat(length)
  return rawXlsx({ sheetData: rowXml(1, header) + rowXml(2, texts) })
}

/**
 * The header row and data rows as given, then `rows` rows of `perRow` one-digit number cells in
 * columns no header names (a sheet that is blank for the import but holds millions of cells).
 */
export function manyCellsXlsx (header: readonly string[], data: readonly (readonly (string | null)[])[], rows: number, perRow: number): Buffer {
  const xml = [rowXml(1, header), ...data.map((texts, index) => rowXml(index + 2, texts))]
  const names = Array.from({ length: perRow }, (_, c) => columnName(header.length + 10 + c))
  const first = data.length + 2
  for (let r = first; r < first + rows; r++) xml.push(`<row r="${r}">${names.map((name) => `<c r="${name}${r}"><v>1</v></c>`).join('')}</row>`)
  return rawXlsx({ sheetData: xml.join('') })
}
