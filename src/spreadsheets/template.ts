/**
 * The import templates (docs/import.md, "Templates"): an .xlsx whose first sheet has the accepted headers
 * in the column table's order (required ones filled yellow, as are the optional ones a document needs), a
 * note per column (the input message a spreadsheet shows on the column's cells: no extra row for the reader
 * to skip), drop-down lists where the values are closed, a second sheet "Instrucciones", and a hidden last
 * sheet "Listas" holding the lists (a range, since a catalogue may pass the 255 characters of an inline
 * list). The employee template also has a visible third sheet "HISTORIAL" (earlier contracts the service
 * did not issue, docs/import.md), with its headers, a note per column and a note beside the headers saying
 * what it is for, so that its "Listas" is the fourth sheet. Written by our own SpreadsheetML writer
 * (src/reports/xlsx.ts): SheetJS CE writes no validations.
 */
import { TEMPLATE_MESSAGES } from '../../schemas/messages.js'
import { writeXlsxSheets, type CellStyle, type DataValidation, type XlsxCell, type XlsxSheet } from '../reports/xlsx.js'
import { COLUMN_TABLES, HISTORY_COLUMNS, HISTORY_SHEET, type ColumnSpec, type ImportKind } from './columns.js'

/** The values of the closed columns, by field (`contractType`, `sex`, `modality`, `position`…). */
export type TemplateLists = Readonly<Record<string, readonly string[]>>

/** Fields whose list admits another value after a warning (the catalogue may lack a new position). */
const OPEN_LISTS: ReadonlySet<string> = new Set(['position', 'subDivisionOrParking'])

/**
 * Optional columns (an upload without them is read, D21) that a document needs: the contract and the
 * adenda print the worker's sex and birth date (DOCUMENT-REQUIREMENTS §26), so the template marks them
 * as required for it, filled as the required ones.
 */
const NEEDED_FOR_DOCUMENTS: ReadonlySet<string> = new Set(['sex', 'birthDate'])

/** How the template marks a column: required by the upload, required for the document, or optional. */
function requirement (spec: ColumnSpec): { fill: string, label: string } {
  if (spec.required) return { fill: REQUIRED_FILL, label: TEMPLATE_MESSAGES.required }
  // the registry fills it when the service issued the contract (docs/import.md, "Adendas from the registry")
  if (spec.recorded === true) return { fill: HEADER_FILL, label: TEMPLATE_MESSAGES.requiredUnlessRecorded }
  if (NEEDED_FOR_DOCUMENTS.has(spec.field)) {
    return { fill: REQUIRED_FILL, label: TEMPLATE_MESSAGES.requiredForDocuments }
  }
  return { fill: HEADER_FILL, label: TEMPLATE_MESSAGES.optional }
}

/** The fill of an Instrucciones line: only the columns to fill are filled. */
const marked = (spec: ColumnSpec) => requirement(spec).fill === REQUIRED_FILL ? { fill: REQUIRED_FILL } : {}

/** Data rows the notes and lists cover (a batch is at most MAX_EMPLOYEES, default 1000). */
export const TEMPLATE_ROWS = 1000

/** The first sheet's name by kind; the file names of the downloads. */
export const TEMPLATES = {
  employee: { sheet: 'Empleados', fileName: 'plantilla-empleados.xlsx', what: 'empleados' },
  addendum: { sheet: 'Adendas', fileName: 'plantilla-adendas.xlsx', what: 'adendas' }
} as const

const LISTS_SHEET = 'Listas'
const REQUIRED_FILL = '#FFF2CC'
const HEADER_FILL = '#D9E1F2'

/** `A`, `B`, … `AA` for a 0-based column index. */
function columnName (index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

function note (kind: ImportKind | 'history', field: string): string {
  return TEMPLATE_MESSAGES.notes[`${kind}.${field}`] ?? TEMPLATE_MESSAGES.notes[field] ?? ''
}

/** How the column keeps what the user types: text for DNIs (zeros), DD/MM/YYYY for dates. */
function columnStyle (spec: ColumnSpec): CellStyle | undefined {
  if (spec.kind === 'dni') return { format: '@' }
  if (spec.kind === 'date') return { format: 'dd/mm/yyyy' }
  return undefined
}

/**
 * Builds a template.
 * @param kind `employee` (POST /api/excel/upload) or `addendum` (POST /api/addendum/upload)
 * @param lists the closed values by field; a field with no (or an empty) list gets only its note
 * @param maxRows the batch limit the instructions state (BATCH_MAX or ADDENDUM_BATCH_MAX)
 * @returns the .xlsx bytes
 * @throws TypeError from the writer (a list value Excel cannot hold: our bug)
 */
export function buildImportTemplate (kind: ImportKind, lists: TemplateLists, maxRows: number): Uint8Array {
  const table = COLUMN_TABLES[kind]
  const { sheet, what } = TEMPLATES[kind]
  const listed = table.filter((spec) => (lists[spec.field]?.length ?? 0) > 0)
  const listColumn = new Map(listed.map((spec, index) => [spec.field, columnName(index)]))
  const lastRow = TEMPLATE_ROWS + 1
  const validations: DataValidation[] = table.map((spec, index) => {
    const column = columnName(index)
    const values = lists[spec.field] ?? []
    const listAt = listColumn.get(spec.field)
    const base = { sqref: `${column}2:${column}${lastRow}`, promptTitle: spec.headers[0], prompt: note(kind, spec.field) }
    if (listAt === undefined) return { ...base, type: 'any' as const }
    return {
      ...base,
      type: 'list' as const,
      values: { range: `${LISTS_SHEET}!$${listAt}$2:$${listAt}$${values.length + 1}` },
      error: TEMPLATE_MESSAGES.listError,
      strict: !OPEN_LISTS.has(spec.field)
    }
  })
  const header: XlsxCell[] = table.map((spec) => ({ value: spec.headers[0], bold: true, fill: requirement(spec).fill }))
  const widths = table.map((spec) => Math.min(40, Math.max(12, spec.headers[0].length + 3)))

  const bold = (value: string): XlsxCell => ({ value, bold: true })
  const instructions: XlsxCell[][] = [
    [bold(TEMPLATE_MESSAGES.instructionsTitle(what))],
    [],
    ...[...TEMPLATE_MESSAGES.instructions(sheet, maxRows), ...(kind === 'employee' ? [TEMPLATE_MESSAGES.historyInstruction] : [])]
      .map((line, i) => [`${i + 1}. ${line}`]),
    [],
    TEMPLATE_MESSAGES.columnsHeader.map((text) => ({ value: text, bold: true, fill: HEADER_FILL })),
    ...table.map((spec) => [
      { value: spec.headers[0], bold: true, ...(marked(spec)) },
      requirement(spec).label,
      note(kind, spec.field),
      (lists[spec.field] ?? []).join(', ').slice(0, 500)
    ])
  ]
  const listRows: string[][] = []
  listed.forEach((spec, c) => {
    ;[spec.headers[0], ...(lists[spec.field] ?? [])].forEach((value, r) => {
      listRows[r] ??= []
      listRows[r][c] = value
    })
  })

  return writeXlsxSheets([
    { name: sheet, rows: [header], widths, columnStyles: table.map(columnStyle), frozenRows: 1, validations },
    { name: 'Instrucciones', rows: instructions, widths: [28, 14, 70, 50] },
    ...(kind === 'employee' ? [historySheet(listColumn, lists)] : []),
    { name: LISTS_SHEET, rows: listRows.map((row) => Array.from(row, (v) => v ?? null)), hidden: true }
  ])
}

/**
 * The employee template's HISTORIAL sheet: HISTORY_COLUMNS' headers (required ones filled yellow), a
 * note per column, the modality list when the first sheet has one, and, after an empty column, a note
 * in row 1 saying what the sheet is for (an unknown header: the reader ignores it).
 */
function historySheet (listColumn: ReadonlyMap<string, string>, lists: TemplateLists): XlsxSheet {
  const lastRow = TEMPLATE_ROWS + 1
  const validations: DataValidation[] = HISTORY_COLUMNS.map((spec, index) => {
    const column = columnName(index)
    const base = { sqref: `${column}2:${column}${lastRow}`, promptTitle: spec.headers[0], prompt: note('history', spec.field) }
    const listAt = listColumn.get(spec.field)
    if (spec.field !== 'modality' || listAt === undefined) return { ...base, type: 'any' as const }
    const values = { range: `${LISTS_SHEET}!$${listAt}$2:$${listAt}$${(lists.modality ?? []).length + 1}` }
    return { ...base, type: 'list' as const, values, error: TEMPLATE_MESSAGES.listError, strict: false }
  })
  const header: XlsxCell[] = [
    ...HISTORY_COLUMNS.map((spec) =>
      ({ value: spec.headers[0], bold: true, fill: spec.required ? REQUIRED_FILL : HEADER_FILL })),
    null,
    { value: TEMPLATE_MESSAGES.historyNote }
  ]
  const widths = [...HISTORY_COLUMNS.map((spec) => Math.max(14, spec.headers[0].length + 3)), 4, 90]
  const columnStyles = HISTORY_COLUMNS.map((spec) => spec.field === 'probationMonths' ? { format: '0' } : columnStyle(spec))
  return { name: HISTORY_SHEET, rows: [header], widths, columnStyles, frozenRows: 1, validations }
}
