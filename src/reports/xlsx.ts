/**
 * The writer of the report workbooks (Vida Ley, SCTR: src/reports/workbook.ts): one sheet of
 * SpreadsheetML (ECMA-376 Part 1, §18) with just what the reports use, zipped with fflate.
 * - cells: numbers (`<v>`), text as inline strings (no shared-string table to build), blanks left out;
 * - styles: a cell format per distinct (number format, bold, fill, alignment) in use, Calibri 11;
 * - column widths in characters, and the first rows frozen.
 * A general-purpose writer (write-excel-file, measured 5.5-7 ms for 50 rows, mostly its per-cell
 * style lookups and a level-6 deflate in JavaScript) cost the export routes most of their time; this
 * one writes the same workbook in well under a millisecond.
 */
import { zipSync, strToU8 } from 'fflate'

/** A cell's value: a number, a text, or nothing (the cell is left out). */
export type CellValue = number | string | null

/** How a cell looks; every property is optional. */
export interface CellStyle {
  /** Excel number format code, e.g. `dd/mm/yyyy`, `"S/." #,##0.00`, `@` (text). */
  format?: string
  bold?: boolean
  /** Solid fill, `#RRGGBB`. */
  fill?: string
  align?: 'left' | 'center' | 'right'
}

export interface StyledCell extends CellStyle { value: CellValue }

export type XlsxCell = CellValue | StyledCell

/**
 * A data validation (ECMA-376 §18.3.1.32): a drop-down `list` of values (inline, or a range such as
 * `Listas!$A$2:$A$9`), or `any` value with only an input message (the note a spreadsheet shows when
 * the cell is selected). `strict: false` lets another value in after a warning.
 */
export interface DataValidation {
  /** Cells it applies to, e.g. `D2:D1000`. */
  sqref: string
  type: 'list' | 'any'
  /** `list`: the values (inline, at most 255 characters together, none holding a comma) or a range. */
  values?: readonly string[] | { range: string }
  /** The input message: a title (at most 32 characters) and text (at most 255). */
  promptTitle?: string
  prompt?: string
  /** The refusal shown for a value outside the list. */
  error?: string
  strict?: boolean
}

export interface XlsxSheet {
  /** Sheet name: at most 31 characters, none of `[]:*?/\`. */
  name: string
  rows: readonly (readonly XlsxCell[])[]
  /** Width of each column, in characters. */
  widths?: readonly number[]
  /** Style of each column's empty cells, kept for what the user types (e.g. `@` for text). */
  columnStyles?: readonly (CellStyle | undefined)[]
  /** Rows kept in view at the top (0: none). */
  frozenRows?: number
  validations?: readonly DataValidation[]
  /** Hidden sheets hold the drop-down lists. */
  hidden?: boolean
}

/** Built-in number formats of Excel that need no <numFmt> (ECMA-376 §18.8.30). */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, 0: 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '@': 49 }
/** First id Excel leaves to custom number formats. */
const FIRST_CUSTOM_FORMAT = 164

// Characters XML 1.0 does not allow (C0 controls other than tab, line feed and carriage return; lone
// surrogates; U+FFFE/F).
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g // eslint-disable-line no-control-regex
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Text as XML character data or attribute value: escaped, characters XML cannot hold removed. */
function xml (text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (char) => XML_ESCAPES[char])
}

/**
 * A cell's text with its OOXML escapes escaped (ECMA-376 ST_Xstring): readers decode `_xHHHH_` as
 * the character U+HHHH (`Jefe_x0041_B` read back as `JefeAB`, `_x000D__x000A_` as a line break),
 * so the `_` that starts one is written `_x005F_`, which they decode back to `_`.
 */
export function escapeOoxmlText (text: string): string {
  return text.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
}

/** `A`, `B`, … `Z`, `AA`… for a 0-based column index. */
function columnName (index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** The styles in use: cellXfs entries by key, with their fonts, fills and number formats. */
class StyleTable {
  readonly #xfs = new Map<string, number>([['', 0]])
  readonly #xfXml: string[] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>']
  readonly #fills = new Map<string, number>()
  readonly #formats = new Map<string, number>()

  /** The cellXfs index of a style (0: the default). */
  index (style: CellStyle): number {
    const key = `${style.format ?? ''}|${style.bold === true ? 'b' : ''}|${style.fill ?? ''}|${style.align ?? ''}`
    const known = this.#xfs.get(key)
    if (known !== undefined) return known
    const formatId = style.format === undefined ? 0 : this.#formatId(style.format)
    const fontId = style.bold === true ? 1 : 0
    const fillId = style.fill === undefined ? 0 : this.#fillId(style.fill)
    const applied = `${formatId === 0 ? '' : ' applyNumberFormat="1"'}${fontId === 0 ? '' : ' applyFont="1"'}${fillId === 0 ? '' : ' applyFill="1"'}`
    const alignment = style.align === undefined ? '' : `<alignment horizontal="${style.align}"/>`
    this.#xfXml.push(`<xf numFmtId="${formatId}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applied}${alignment === '' ? '/>' : ` applyAlignment="1">${alignment}</xf>`}`)
    const index = this.#xfXml.length - 1
    this.#xfs.set(key, index)
    return index
  }

  #formatId (format: string): number {
    const builtIn = BUILT_IN_FORMATS[format]
    if (builtIn !== undefined) return builtIn
    let id = this.#formats.get(format)
    if (id === undefined) this.#formats.set(format, id = FIRST_CUSTOM_FORMAT + this.#formats.size)
    return id
  }

  #fillId (color: string): number {
    const rgb = `FF${color.replace(/^#/, '').toUpperCase()}`
    if (!/^FF[0-9A-F]{6}$/.test(rgb)) throw new TypeError(`Color de relleno inválido: ${color}`)
    let id = this.#fills.get(rgb)
    if (id === undefined) this.#fills.set(rgb, id = 2 + this.#fills.size) // 0 and 1 are the two fills Excel requires
    return id
  }

  /** xl/styles.xml */
  toXml (): string {
    const formats = [...this.#formats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xml(code)}"/>`)
    const fills = [...this.#fills.keys()].map((rgb) => `<fill><patternFill patternType="solid"><fgColor rgb="${rgb}"/><bgColor indexed="64"/></patternFill></fill>`)
    return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (formats.length === 0 ? '' : `<numFmts count="${formats.length}">${formats.join('')}</numFmts>`) +
      '<fonts count="2"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>' +
      '<font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
      `<fills count="${2 + fills.length}"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>${fills.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.#xfXml.length}">${this.#xfXml.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
  }
}

/** `<dataValidations>`; prompt and error texts cut to the lengths Excel accepts. */
function validationsXml (validations: readonly DataValidation[]): string {
  if (validations.length === 0) return ''
  const items = validations.map((v) => {
    const attributes = [
      v.type === 'list' ? 'type="list"' : '',
      v.type === 'list' && v.strict === false ? 'errorStyle="warning"' : '',
      'allowBlank="1"',
      v.prompt === undefined ? '' : 'showInputMessage="1"',
      v.type === 'list' ? 'showErrorMessage="1"' : '',
      v.error === undefined ? '' : `error="${xml(v.error.slice(0, 225))}"`,
      v.promptTitle === undefined ? '' : `promptTitle="${xml(v.promptTitle.slice(0, 32))}"`,
      v.prompt === undefined ? '' : `prompt="${xml(v.prompt.slice(0, 255))}"`,
      `sqref="${xml(v.sqref)}"`
    ].filter((a) => a !== '').join(' ')
    let formula = ''
    if (v.type === 'list' && v.values !== undefined) {
      if ('range' in v.values) formula = v.values.range
      else {
        const inline = v.values.join(',')
        if (inline.length > 255 || v.values.some((value) => value.includes(','))) {
          throw new TypeError(`Lista de validación inválida para ${v.sqref}: usa un rango`)
        }
        formula = `"${inline.replace(/"/g, '""')}"`
      }
    }
    return `<dataValidation ${attributes}>${formula === '' ? '' : `<formula1>${xml(formula)}</formula1>`}</dataValidation>`
  })
  return `<dataValidations count="${items.length}">${items.join('')}</dataValidations>`
}

/** xl/worksheets/sheetN.xml */
function sheetXml (sheet: XlsxSheet, styles: StyleTable): string {
  const frozen = sheet.frozenRows ?? 0
  const pane = frozen > 0
    ? `<pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A${frozen + 1}" sqref="A${frozen + 1}"/>`
    : ''
  const columnCount = Math.max(sheet.widths?.length ?? 0, sheet.columnStyles?.length ?? 0)
  const cols = Array.from({ length: columnCount }, (_, index) => {
    const width = sheet.widths?.[index]
    const style = sheet.columnStyles?.[index]
    const s = style === undefined ? 0 : styles.index(style)
    return `<col min="${index + 1}" max="${index + 1}" width="${width ?? 12}"${width === undefined ? '' : ' customWidth="1"'}${s === 0 ? '' : ` style="${s}"`}/>`
  }).join('')
  const width = Math.max(0, ...sheet.rows.map((row) => row.length))
  const names = Array.from({ length: width }, (_, index) => columnName(index))
  const rows: string[] = []
  sheet.rows.forEach((row, r) => {
    let cells = ''
    row.forEach((cell, c) => {
      const styled = typeof cell === 'object' && cell !== null
      const value = styled ? cell.value : cell
      if (value === null || value === undefined || value === '') return
      const s = styled ? styles.index(cell) : 0
      const ref = `${names[c]}${r + 1}${s === 0 ? '' : `" s="${s}`}`
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new TypeError(`Número inválido para la hoja: ${value}`)
        cells += `<c r="${ref}"><v>${value}</v></c>`
      } else {
        const text = xml(escapeOoxmlText(value))
        cells += `<c r="${ref}" t="inlineStr"><is><t${text.trim() === text ? '' : ' xml:space="preserve"'}>${text}</t></is></c>`
      }
    })
    rows.push(`<row r="${r + 1}">${cells}</row>`)
  })
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols === '' ? '' : `<cols>${cols}</cols>`) +
    `<sheetData>${rows.join('')}</sheetData>` +
    validationsXml(sheet.validations ?? []) +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    '</worksheet>'
}

const contentTypes = (sheets: number) => '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  Array.from({ length: sheets }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ` +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>').join('') +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>'

const PACKAGE_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>'

const workbookRels = (sheets: number) => '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i + 1}" ` +
    `Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
  `<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
  '</Relationships>'

/** xl/workbook.xml */
function workbookXml (sheets: readonly XlsxSheet[]): string {
  for (const { name } of sheets) {
    if (name.length === 0 || name.length > 31 || /[[\]:*?/\\]/.test(name)) throw new TypeError(`Nombre de hoja inválido: ${name}`)
  }
  const entries = sheets.map((sheet, i) =>
    `<sheet name="${xml(sheet.name)}" sheetId="${i + 1}"${sheet.hidden === true ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`)
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets>${entries.join('')}</sheets>` +
    '</workbook>'
}

/**
 * Deflate level of the sheet (fflate): 1 costs a fraction of 6 here for a few per cent of size. The
 * other parts are a few hundred bytes each and stored: deflating each one costs more (fflate sets up
 * its tables per part) than the bytes it would save.
 */
const SHEET_LEVEL = 1

/**
 * Writes a one-sheet .xlsx workbook.
 * @returns the file's bytes
 * @throws TypeError on a sheet name Excel refuses, a fill that is not `#RRGGBB`, or a number that is not finite
 */
export function writeXlsx (sheet: XlsxSheet): Uint8Array {
  return writeXlsxSheets([sheet])
}

/**
 * Writes an .xlsx workbook of several sheets, in order (the first one opens; hidden ones stay
 * out of view), with their column styles and data validations (the import templates, docs/import.md).
 * @returns the file's bytes
 * @throws TypeError as writeXlsx, and for an inline validation list Excel could not hold
 */
export function writeXlsxSheets (sheets: readonly XlsxSheet[]): Uint8Array {
  if (sheets.length === 0) throw new TypeError('Un libro necesita al menos una hoja')
  const styles = new StyleTable()
  const worksheets = sheets.map((sheet) => sheetXml(sheet, styles)) // first: they register the styles in use
  return zipSync({
    '[Content_Types].xml': strToU8(contentTypes(sheets.length)),
    _rels: { '.rels': strToU8(PACKAGE_RELS) },
    xl: {
      'workbook.xml': strToU8(workbookXml(sheets)),
      _rels: { 'workbook.xml.rels': strToU8(workbookRels(sheets.length)) },
      'styles.xml': strToU8(styles.toXml()),
      worksheets: Object.fromEntries(worksheets.map((xmlText, i) => [`sheet${i + 1}.xml`, [strToU8(xmlText), { level: SHEET_LEVEL }]]))
    }
  }, { level: 0 })
}
