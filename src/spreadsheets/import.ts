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
import { mergeIssues, type RecordRules } from '../employees/rules.js'
import { EMPLOYEE_VALIDATION, type RecordValidation } from '../employees/record-kinds.js'
import { cellValue, type CellProblem } from './cells.js'
import { CELL_MESSAGES } from '../../schemas/messages.js'
import { ADDENDUM_COLUMNS, EMPLOYEE_COLUMNS, type ColumnTable } from './columns.js'
import { EmptySpreadsheetError, SpreadsheetValidationError } from './errors.js'
import type { SheetContent, SheetRow } from './sheet.js'

/** A read sheet that was not refused for its length. */
export type ReadSheet = Exclude<SheetContent, { status: 'tooManyRows' }>

interface RowsOutcome<T> {
  valid: T[]
  /** The sheet row of each valid record. */
  validRows: number[]
  issues: ValidationIssue[]
  invalidRows: number
}

const isProblem = (value: unknown): value is CellProblem => typeof value === 'object' && value !== null && 'problem' in value

/**
 * @param uniqueField the field that identifies a person (DNI): a value already seen on an earlier
 *   row is an error on the later row
 */
function rowValidator<T extends TSchema> (schema: T, table: ColumnTable, uniqueField: string) {
  const validate = compileValidator(schema)
  const kinds = new Map(table.map((spec) => [spec.field, spec.kind]))
  const order = new Map(table.map((spec, index) => [spec.field, index]))
  const byColumn = (a: ValidationIssue, b: ValidationIssue) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0)
  return (sheet: { rows: readonly SheetRow[], untyped?: boolean }, rules: RecordRules): RowsOutcome<Static<T>> => {
    const outcome: RowsOutcome<Static<T>> = { valid: [], validRows: [], issues: [], invalidRows: 0 }
    const firstRowOf = new Map<unknown, number>()
    for (const { row, cells } of sheet.rows) {
      const record: Record<string, unknown> = {}
      const cellIssues: ValidationIssue[] = []
      for (const [field, cell] of Object.entries(cells)) {
        const value = cellValue(cell, kinds.get(field) ?? 'text', sheet.untyped === true)
        if (isProblem(value)) cellIssues.push({ field, message: value.problem })
        else record[field] = value
      }
      const normalized = normalizeRecord(record) as Record<string, unknown>
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
        continue
      }
      outcome.invalidRows++
      for (const issue of issues.sort(byColumn)) {
        outcome.issues.push({ row, field: issue.field, message: issue.message })
      }
    }
    return outcome
  }
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
): { employees: ImportedEmployee[], contractIssues: Array<ValidationIssue & { row: number, dni: string }> } {
  if (sheet.status === 'missingHeaders') {
    const issues = sheet.missing.map((field) => ({
      row: 1,
      field: EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.headers[0] ?? field,
      message: IMPORT_MESSAGES.employees.headerNotFound
    }))
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.employees.missingHeaders, issues)
  }
  requireRows(sheet)
  const outcome = validateEmployees(sheet, validation.accept)
  if (outcome.issues.length > 0) {
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.employees.invalidRows(outcome.issues.length), outcome.issues)
  }
  const contractIssues = outcome.valid.flatMap((employee, index) =>
    validation.print(employee, '').map((issue) => ({ row: outcome.validRows[index], dni: employee.dni, ...issue })))
  return { employees: outcome.valid, contractIssues }
}

/** The addenda of an upload with the D14 counts; `errors` is empty unless in partial mode. */
export interface AddendumImport {
  employees: Addendum[]
  errors: ValidationIssue[]
  totalRecords: number
  validRecords: number
  invalidRecords: number
}

const addendumMessages = (field: string): FieldMessages | undefined =>
  (AddendumSchema.properties as Record<string, { 'x-messages'?: FieldMessages }>)[field]?.['x-messages']

/**
 * Endpoint 9. A row is invalid for its schema, `options.validation.accept` (for the route, the
 * `addendum` kind's: D10 and src/employees/lawful-addendum.ts, issue 22; default D10 only), or a
 * documentNumber an earlier row has. Invalid rows
 * refuse the file unless `partial` (D14: then the valid rows and the errors are returned together).
 * @throws SpreadsheetValidationError `Campo requerido faltante: <fields>` (items `{row: 1, field,
 *   message: <field> es requerido.}`) or `Error de validación en los datos`
 * @throws EmptySpreadsheetError when no data row is left
 */
export function importAddenda (
  sheet: ReadSheet, options: { partial: boolean, validation?: RecordValidation }
): AddendumImport {
  if (sheet.status === 'missingHeaders') {
    const issues = sheet.missing
      .map((field) => ({ row: 1, field, message: addendumMessages(field)?.required ?? field }))
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.addenda.missingField(sheet.missing.join(', ')), issues)
  }
  requireRows(sheet)
  const outcome = validateAddenda(sheet, (options.validation ?? EMPLOYEE_VALIDATION).accept)
  if (outcome.issues.length > 0 && !options.partial) {
    throw new SpreadsheetValidationError(IMPORT_MESSAGES.addenda.invalidRows, outcome.issues)
  }
  return {
    employees: outcome.valid,
    errors: outcome.issues,
    totalRecords: sheet.rows.length,
    validRecords: outcome.valid.length,
    invalidRecords: outcome.invalidRows
  }
}
