/**
 * Rows of an uploaded sheet → validated records, with the same TypeBox schemas, Spanish messages
 * and record-kind rules as the JSON routes (spec endpoints 5 and 9, D10, D12-D14,
 * src/employees/record-kinds.ts). Errors carry the spreadsheet row (header = 1).
 */
import type { TSchema, Static } from '@sinclair/typebox'
import { ImportedEmployeeSchema, type ImportedEmployee } from '../../schemas/employee.js'
import { AddendumSchema, type Addendum } from '../../schemas/addendum.js'
import { IMPORT_MESSAGES } from '../../schemas/messages.js'
import type { FieldMessages } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { compileValidator } from '../validation.js'
import { normalizeRecord } from '../employees/normalize.js'
import { mergeIssues, type RecordRules } from '../employees/cross-field-rules.js'
import { EMPLOYEE_VALIDATION, type RecordValidation } from '../employees/record-kinds.js'
import { cellValue, type CellProblem } from './cells.js'
import { CELL_MESSAGES, MESSAGES, TEMPLATE_MESSAGES } from '../../schemas/messages.js'
import { ADDENDUM_COLUMNS, EMPLOYEE_COLUMNS, type ColumnKind, type ColumnTable } from './columns.js'
import { isDayMonthYear } from '../vocabulary/dates.js'
import { MONTHS } from '../vocabulary/format.js'
import { EmptySpreadsheetError, SpreadsheetValidationError } from './errors.js'
import type { SheetContent, SheetRow } from './sheet.js'

/** A read sheet that was not refused for its length. */
export type ReadSheet = Exclude<SheetContent, { status: 'tooManyRows' }>

/** A fact about a value an upload kept (docs/import.md, "Warnings"): `{row, field, header, message}`. */
export interface ImportWarning {
  row: number
  field: string
  header?: string
  message: string
  /** `employer`: about the employer's process (an outdated IPERC, DOCUMENT-REQUIREMENTS §27), not the row. */
  scope?: 'employer'
}

/**
 * What the service already knows of a row before it is judged (the adendas sheet: the recorded
 * contract it extends, a cause named by its text): the row's values completed, and whether a
 * recorded contract filled them (`recorded`).
 * @param values the row's cells as read (D12), before normalisation
 */
export type RowFill = (values: Readonly<Record<string, unknown>>) =>
{ values: Record<string, unknown>, recorded: boolean }

interface RowsOutcome<T> {
  valid: T[]
  /** Rows a recorded contract completed (`fill`'s `recorded`; valid or not). */
  filledRows: number
  /** The sheet row of each valid record. */
  validRows: number[]
  issues: ValidationIssue[]
  invalidRows: number
  /** Warnings of the valid rows only (a refused row's values are not kept). */
  warnings: ImportWarning[]
}

const isProblem = (value: unknown): value is CellProblem => typeof value === 'object' && value !== null && 'problem' in value

/** D10's text for a date that is not DD/MM/YYYY (every date field has the same `invalid`). */
const DATE_FORMAT_MESSAGE = MESSAGES.birthDate.invalid

/**
 * A date of the right shape that no calendar has (31/11/2026, 29/02/2027, 01/13/2026): the row
 * error says it does not exist, not that its format is wrong (docs/import.md). Undefined otherwise.
 */
export function impossibleDateMessage (value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
  if (match === null || isDayMonthYear(value)) return undefined
  const month = Number(match[2])
  if (month < 1 || month > 12) return CELL_MESSAGES.impossibleDate(value, undefined, undefined)
  const days = new Date(Date.UTC(Number(match[3]), month, 0)).getUTCDate()
  return CELL_MESSAGES.impossibleDate(value, MONTHS[month - 1], days)
}

/**
 * The warnings of one kept row (docs/import.md): a DNI padded with zeros (D12) and a date read from a
 * text cell of a workbook (in a CSV every cell is text), values the service read in a way that may
 * change a document. An empty SUELDO EN LETRAS is no warning: the template says to leave it empty and
 * the documents write it from SUELDO by design (D22). The record is unchanged.
 */
function rowWarnings (
  row: SheetRow, record: Record<string, unknown>, kinds: ReadonlyMap<string, ColumnKind>,
  header: (field: string) => string | undefined, untyped: boolean
): ImportWarning[] {
  const warnings: ImportWarning[] = []
  const warn = (field: string, message: string) => {
    warnings.push(withHeader({ row: row.row, field, message }, header(field)))
  }
  for (const [field, cell] of Object.entries(row.cells)) {
    const value = record[field]
    if (typeof value !== 'string') continue
    const kind = kinds.get(field)
    if (kind === 'dni') {
      const read = cell.kind === 'number' ? String(cell.value) : String(cell.value).trim()
      if (read !== value && value.endsWith(read)) warn(field, CELL_MESSAGES.paddedDni(read, value))
    } else if (kind === 'date' && cell.kind === 'text' && !untyped) { // in a CSV every cell is text
      warn(field, CELL_MESSAGES.dateFromText(value))
    }
  }
  return warnings
}

/**
 * @param uniqueField the field that identifies a person (DNI): a value already seen on an earlier
 *   row is an error on the later row
 */
function rowValidator<T extends TSchema> (schema: T, table: ColumnTable, uniqueField: string) {
  const validate = compileValidator(schema)
  const kinds = new Map(table.map((spec) => [spec.field, spec.kind]))
  const order = new Map(table.map((spec, index) => [spec.field, index]))
  const firstHeaders = new Map(table.map((spec) => [spec.field, spec.headers[0]]))
  const byColumn = (a: { field: string }, b: { field: string }) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0)
  return (sheet: ReadSheetRows, rules: RecordRules, fill?: RowFill): RowsOutcome<Static<T>> => {
    const outcome: RowsOutcome<Static<T>> = {
      valid: [], filledRows: 0, validRows: [], issues: [], invalidRows: 0, warnings: []
    }
    // the header the user's file had, else the table's first one (docs/import.md, "Messages a person reads")
    const header = (field: string): string | undefined => sheet.headers?.[field] ?? firstHeaders.get(field)
    const firstRowOf = new Map<unknown, number>()
    for (const sheetRow of sheet.rows) {
      const { row, cells } = sheetRow
      const record: Record<string, unknown> = {}
      const cellIssues: ValidationIssue[] = []
      for (const [field, cell] of Object.entries(cells)) {
        const value = cellValue(cell, kinds.get(field) ?? 'text', sheet.untyped === true)
        if (isProblem(value)) cellIssues.push({ field, message: value.problem })
        else record[field] = value
      }
      const known = fill?.(record)
      if (known?.recorded === true) outcome.filledRows++
      // a cell that could not be read stays refused, not replaced by what the service knows
      for (const issue of cellIssues) if (known !== undefined) Reflect.deleteProperty(known.values, issue.field)
      const normalized = normalizeRecord(known?.values ?? record) as Record<string, unknown>
      const result = validate(normalized)
      // every problem of the row at once: the cells', the schema's and the record kind's rules
      const issues = mergeIssues(cellIssues, mergeIssues(result.ok ? [] : result.issues, rules(normalized, '')))
      const key = normalized[uniqueField]
      if (typeof key === 'string' && !issues.some((issue) => issue.field === uniqueField)) {
        const first = firstRowOf.get(key)
        if (first === undefined) firstRowOf.set(key, row)
        else issues.push({ field: uniqueField, message: CELL_MESSAGES.duplicateDni(first) })
      }
      if (result.ok && issues.length === 0) {
        outcome.valid.push(result.value)
        outcome.validRows.push(row)
        const warnings = rowWarnings(sheetRow, normalized, kinds, header, sheet.untyped === true)
        outcome.warnings.push(...warnings.sort(byColumn))
        continue
      }
      outcome.invalidRows++
      for (const issue of issues.sort(byColumn)) {
        const message = kinds.get(issue.field) === 'date' && issue.message === DATE_FORMAT_MESSAGE
          ? impossibleDateMessage(normalized[issue.field]) ?? issue.message
          : issue.message
        outcome.issues.push(withHeader({ row, field: issue.field, message }, header(issue.field)))
      }
    }
    return outcome
  }
}

/** `data.hint` when the headers are on a sheet other than the first, the only one read (docs/import.md). */
function sheetsHint (sheet: { sheets?: { first: string, other: string } }): Record<string, string> {
  if (sheet.sheets === undefined) return {}
  return { hint: TEMPLATE_MESSAGES.headersInOtherSheet(sheet.sheets.first, sheet.sheets.other) }
}

/** The item with its column's header (additive member), when the field is a column. */
function withHeader<T extends { field: string }> (issue: T, header: string | undefined): T {
  return header === undefined ? issue : { ...issue, header }
}

/** What rowValidator reads of a sheet. */
interface ReadSheetRows {
  rows: readonly SheetRow[]
  untyped?: boolean
  headers?: Record<string, string>
}

const validateEmployees = rowValidator(ImportedEmployeeSchema, EMPLOYEE_COLUMNS, 'dni')
const validateAddenda = rowValidator(AddendumSchema, ADDENDUM_COLUMNS, 'documentNumber')

function requireRows (sheet: { rows: SheetRow[] }): void {
  if (sheet.rows.length === 0) throw new EmptySpreadsheetError()
}

/**
 * Endpoint 5: every row must be a valid employee (ImportedEmployeeSchema: sex and birthDate
 * optional) that meets `validation.accept` (for the route, the `contract` kind's: D10 and
 * src/employees/contract-rules.ts), with a DNI no earlier row has, or the whole file is refused.
 * @param validation default: the `employee` kind (D10 only)
 * @throws SpreadsheetValidationError missing headers (items `{row: 1, field: <header>}`) or
 *   invalid rows (`No se pudo procesar el archivo. Se encontraron <n> errores.`, n = items)
 * @throws EmptySpreadsheetError when no data row is left
 */
export function importEmployees (
  sheet: ReadSheet, validation: RecordValidation = EMPLOYEE_VALIDATION
): ImportedEmployee[] {
  return importEmployeeSheet(sheet, validation).employees
}

/**
 * importEmployees, and the records that fail `validation.print` (they could not become a contract
 * that can be signed: src/employees/lawful-contract.ts), as `{row, dni, field, message}` items: the
 * import keeps them (the insurance exports take them), the contract routes refuse them (additive
 * `data.contractIssues`).
 * @throws as importEmployees
 */
export function importEmployeeSheet (
  sheet: ReadSheet, validation: RecordValidation = EMPLOYEE_VALIDATION
): EmployeeImport {
  return importEmployeeRows(sheet, { partial: false, validation })
}

/**
 * The identity number of every data row of a sheet, refused rows included, as the import reads it
 * (D12: a numeric DNI left-padded to 8 digits): `dni` for employees, `documentNumber` for adendas.
 * For the audit trail (docs/security.md, "Audit trail"); a row without a readable one adds nothing.
 */
export function rowIdentityNumbers (sheet: ReadSheet, field: 'dni' | 'documentNumber'): string[] {
  if (sheet.status !== 'ok') return []
  const ids: string[] = []
  for (const { cells } of sheet.rows) {
    const cell = cells[field]
    const value = cell === undefined ? undefined : cellValue(cell, 'dni', sheet.untyped === true)
    if (typeof value === 'string' && value !== '') ids.push(value)
  }
  return ids
}

/**
 * The cells' warnings of the kept rows and their records' (`validation.warnings`: a shift without
 * refrigerio over a meal window, DOCUMENT-REQUIREMENTS §22), by row, the cells' first.
 */
function withRecordWarnings (
  outcome: RowsOutcome<object>, validation: RecordValidation, header: (field: string) => string | undefined
): ImportWarning[] {
  const records = outcome.valid.flatMap((record, index) =>
    validation.warnings(record, '').map((issue) => withHeader({ row: outcome.validRows[index], ...issue }, header(issue.field))))
  return [...outcome.warnings, ...records].sort((a, b) => a.row - b.row)
}

/** The employees of an upload (endpoint 5), what the contract routes will refuse, and warnings. */
export interface EmployeeImport {
  employees: ImportedEmployee[]
  /** The sheet row of each employee, in the same order: the console fixes rows by it (docs/import.md). */
  rows: number[]
  contractIssues: Array<ValidationIssue & { row: number, dni: string }>
  /** Values kept but read or completed by the service (docs/import.md, "Warnings"). */
  warnings: ImportWarning[]
  /** Partial mode: the refused rows' errors (always empty otherwise: they throw). */
  errors: ValidationIssue[]
  totalRecords: number
  validRecords: number
  invalidRecords: number
}

/**
 * importEmployeeSheet with a partial mode (`?partial=true`, docs/import.md, as D14 gives the
 * addendum upload): invalid rows are returned as `errors` with the counts instead of refusing the
 * file; with `partial: false` (the spec's default) any invalid row refuses the whole file.
 * @throws SpreadsheetValidationError missing headers (always), invalid rows (not partial), or, in
 *   partial mode, a sheet where no row is valid (nothing to continue with)
 * @throws EmptySpreadsheetError when no data row is left
 */
export function importEmployeeRows (
  sheet: ReadSheet, options: { partial: boolean, validation?: RecordValidation }
): EmployeeImport {
  if (sheet.status === 'missingHeaders') {
    const issues = sheet.missing.map((field) => {
      const header = EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.headers[0] ?? field
      return { row: 1, field: header, message: IMPORT_MESSAGES.employees.headerNotFound, header }
    })
    throw new SpreadsheetValidationError(
      IMPORT_MESSAGES.employees.missingHeaders, issues, sheetsHint(sheet))
  }
  requireRows(sheet)
  const validation = options.validation ?? EMPLOYEE_VALIDATION
  const outcome = validateEmployees(sheet, validation.accept)
  if (outcome.issues.length > 0 && (!options.partial || outcome.valid.length === 0)) {
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.employees.invalidRows(outcome.issues.length), outcome.issues)
  }
  const header = (field: string) =>
    sheet.headers?.[field] ?? EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.headers[0]
  const contractIssues = outcome.valid.flatMap((employee, index) =>
    validation.print(employee, '').map((issue) =>
      withHeader({ row: outcome.validRows[index], dni: employee.dni, ...issue }, header(issue.field))))
  // the employer's process, not the row's contract (DOCUMENT-REQUIREMENTS §27): after the row's own warnings
  const processWarnings = outcome.valid.flatMap((employee, index) =>
    validation.employerWarnings(employee, '').map(({ field, message }) =>
      withHeader({ row: outcome.validRows[index], field, message, scope: 'employer' as const }, header(field))))
  return {
    employees: outcome.valid,
    rows: outcome.validRows,
    contractIssues,
    warnings: [...withRecordWarnings(outcome, validation, header), ...processWarnings].sort((a, b) => a.row - b.row),
    errors: outcome.issues,
    totalRecords: sheet.rows.length,
    validRecords: outcome.valid.length,
    invalidRecords: outcome.invalidRows
  }
}

/**
 * The addenda of an upload with the D14 counts; `errors` is empty unless in partial mode;
 * `documentIssues` lists what `options.validation.print` (the adenda preview and ZIP rules) says of kept rows.
 */
export interface AddendumImport {
  employees: Addendum[]
  /** The sheet row of each addendum, in the same order (docs/import.md, "Replies"). */
  rows: number[]
  /**
   * Rows kept (valid addendum records, D14) whose adenda the preview and the ZIP
   * would refuse (`options.validation.print`: the `addendumDocument` body and rules), with the same
   * messages (docs/import.md).
   */
  documentIssues: Array<ValidationIssue & { row: number, documentNumber: string }>
  errors: ValidationIssue[]
  /** Values kept but read or completed by the service (docs/import.md, "Warnings"). */
  warnings: ImportWarning[]
  totalRecords: number
  validRecords: number
  invalidRecords: number
}

const addendumMessages = (field: string): FieldMessages | undefined =>
  (AddendumSchema.properties as Record<string, { 'x-messages'?: FieldMessages }>)[field]?.['x-messages']

/**
 * Endpoint 9. A row is invalid for its schema, `options.validation.accept` (for the route, the
 * `addendum` kind's: D10 and src/employees/lawful-addendum.ts, DOCUMENT-REQUIREMENTS §17; default D10 only), or a
 * documentNumber an earlier row has. Invalid rows
 * refuse the file unless `partial` (D14: then the valid rows and the errors are returned together).
 * `options.fill` completes a row from what the service knows before the row is judged (the route: the
 * recorded contract it extends, src/issuing/judged-imports.ts), `options.complete` a kept row (the
 * contract's id and cause) before the print rules judge it.
 * @throws SpreadsheetValidationError `Campo requerido faltante: <fields>` (items `{row: 1, field,
 *   message: <field> es requerido.}`) or `Error de validación en los datos`
 * @throws EmptySpreadsheetError when no data row is left
 */
export function importAddenda (
  sheet: ReadSheet,
  options: {
    partial: boolean, validation?: RecordValidation, complete?: (record: Addendum) => Addendum, fill?: RowFill
  }
): AddendumImport {
  const missingHeaders = (missing: string[], hint: Record<string, string>) => {
    const issues = missing.map((field) => withHeader(
      { row: 1, field, message: addendumMessages(field)?.required ?? field },
      ADDENDUM_COLUMNS.find((spec) => spec.field === field)?.headers[0]))
    return new SpreadsheetValidationError(IMPORT_MESSAGES.addenda.missingField(missing.join(', ')), issues, hint)
  }
  if (sheet.status === 'missingHeaders') throw missingHeaders(sheet.missing, sheetsHint(sheet))
  requireRows(sheet)
  const outcome = validateAddenda(sheet, (options.validation ?? EMPLOYEE_VALIDATION).accept, options.fill)
  // the spec's columns a recorded contract fills: a file without them is refused as before unless some
  // row's contract is recorded (the others are then refused by row, for the fields they lack)
  const { headers } = sheet // the columns the file had (a sheet built in code may not say)
  const unrecorded = headers === undefined
    ? []
    : ADDENDUM_COLUMNS.filter((spec) => spec.recorded === true && headers[spec.field] === undefined)
  if (unrecorded.length > 0 && outcome.filledRows === 0) throw missingHeaders(unrecorded.map((spec) => spec.field), {})
  if (outcome.issues.length > 0 && !options.partial) {
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.addenda.invalidRows, outcome.issues)
  }
  const header = (field: string) =>
    sheet.headers?.[field] ?? ADDENDUM_COLUMNS.find((spec) => spec.field === field)?.headers[0]
  const print = (options.validation ?? EMPLOYEE_VALIDATION).print
  // what the service already knows of a kept row (the recorded contract's cause), before its print rules
  const valid = options.complete === undefined ? outcome.valid : outcome.valid.map(options.complete)
  const documentIssues = valid.flatMap((record, index) =>
    print(record, '').map((issue) =>
      withHeader({ row: outcome.validRows[index], documentNumber: record.documentNumber, ...issue },
        header(issue.field))))
  return {
    employees: valid,
    rows: outcome.validRows,
    documentIssues,
    errors: outcome.issues,
    warnings: withRecordWarnings(outcome, options.validation ?? EMPLOYEE_VALIDATION, header),
    totalRecords: sheet.rows.length,
    validRecords: outcome.valid.length,
    invalidRecords: outcome.invalidRows
  }
}
