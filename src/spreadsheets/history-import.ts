/**
 * The employee upload's HISTORIAL sheet → earlier contracts to record, per worker (docs/import.md,
 * "The HISTORIAL sheet"; docs/registry.md; LPCL art. 74): the rows POST /api/workers/{dni}/history
 * takes, with their DNI, checked as that route checks its body (a known modality, DD/MM/YYYY dates,
 * an end not before the entry, MESES DE PRUEBA a whole number of 0 to 12, a DNI of 8 digits). Any
 * refused row refuses the upload (a 400 whose items name the sheet, the row and the column), in
 * partial mode too: a history is never skipped in silence.
 */
import { HistoryRowSchema, type HistoryRow } from '../../schemas/history.js'
import { HISTORY_IMPORT_MESSAGES } from '../../schemas/messages.js'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { ValidationIssue } from '../errors.js'
import { compileValidator } from '../validation.js'
import { todayInLima } from '../vocabulary/dates.js'
import { parseModality } from '../vocabulary/modality.js'
import { historyEntryIssues, historyText } from '../employees/history-entry.js'
import { cellValue, type CellProblem } from './cells.js'
import { HISTORY_COLUMNS, HISTORY_SHEET } from './columns.js'
import { SpreadsheetValidationError } from './errors.js'
import { impossibleDateMessage } from './import.js'
import type { HistorySheet } from './sheet.js'

/** Earlier contracts a worker may have in one file: as many as POST /api/workers/{dni}/history takes. */
export const HISTORY_ENTRIES_PER_WORKER = 50

/** One earlier contract as the registry records it (`modality`: the article's code, `58`). */
export interface ImportedHistoryEntry {
  modality: string
  entryDate: string
  endDate: string
  position: string
  probationMonths?: number
}

/** One worker of the sheet: their names from the first sheet (when it has their row), entries and sheet rows. */
export interface HistoryWorker {
  worker: { dni: string, names?: string, lastNameFather?: string, lastNameMother?: string }
  entries: ImportedHistoryEntry[]
  rows: number[]
}

/** The sheet's workers, with the sheet's name and its DNI header as the file has them (for refuseUnnamed). */
export interface HistoryImport {
  sheet: string
  dniHeader: string
  workers: HistoryWorker[]
}

/** An item of the sheet's 400: `sheet` names it, `row` and `header` the cell. */
export type HistoryIssue = ValidationIssue & { sheet: string, row: number }

const validate = compileValidator(HistoryRowSchema)
const kinds = new Map(HISTORY_COLUMNS.map((spec) => [spec.field, spec.kind]))
const order = new Map(HISTORY_COLUMNS.map((spec, index) => [spec.field, index]))
const DATE_FIELDS = new Set(['entryDate', 'endDate'])

const isProblem = (value: unknown): value is CellProblem => typeof value === 'object' && value !== null && 'problem' in value

/**
 * Reads the HISTORIAL sheet of an upload.
 * @param history the sheet as read (read.ts), undefined when the workbook has none
 * @param employees the first sheet's kept employees: a worker's names come from their row
 * @param untyped the cells have no type (never for a sheet of a workbook; kept for cellValue)
 * @param unprintableScripts the scripts of a text the documents cannot draw (a position is checked as
 *   the route checks it, history-entry.ts historyEntryIssues); none: []
 * @returns the workers with their entries, in the order of their first row (none without a sheet
 *   or without data rows)
 * @throws SpreadsheetValidationError missing headers (items at row 1), more rows than the sheet may
 *   hold, or refused rows (`HISTORY_IMPORT_MESSAGES.invalidRows`), every item with `sheet`
 */
export function importHistory (
  history: HistorySheet | undefined, employees: readonly ImportedEmployee[], untyped = false,
  unprintableScripts: (text: string) => string[] = () => []
): HistoryImport {
  if (history === undefined) return { sheet: HISTORY_SHEET, dniHeader: 'DNI', workers: [] }
  const { name, content } = history
  if (content.status === 'tooManyRows') {
    throw new SpreadsheetValidationError(HISTORY_IMPORT_MESSAGES.tooManyRows(history.maxRows), [])
  }
  if (content.status === 'missingHeaders') {
    const issues = content.missing.map((field) => {
      const header = HISTORY_COLUMNS.find((spec) => spec.field === field)?.headers[0] ?? field
      return { sheet: name, row: 1, field: header, header, message: HISTORY_IMPORT_MESSAGES.headerNotFound }
    })
    throw new SpreadsheetValidationError(HISTORY_IMPORT_MESSAGES.missingHeaders, issues)
  }
  const header = (field: string): string =>
    content.headers?.[field] ?? HISTORY_COLUMNS.find((spec) => spec.field === field)?.headers[0] ?? field
  const names = new Map(employees.map((employee) => [employee.dni, employee]))
  const today = todayInLima()
  const workers = new Map<string, HistoryWorker>()
  const issues: HistoryIssue[] = []
  for (const { row, cells } of content.rows) {
    const record: Record<string, unknown> = {}
    const found: ValidationIssue[] = []
    for (const [field, cell] of Object.entries(cells)) {
      const value = cellValue(cell, kinds.get(field) ?? 'text', untyped)
      if (isProblem(value)) found.push({ field, message: value.problem })
      else record[field] = value
    }
    const result = validate(record)
    if (!result.ok) {
      for (const issue of result.issues) {
        if (found.some((other) => other.field === issue.field)) continue
        const impossible = DATE_FIELDS.has(issue.field) ? impossibleDateMessage(record[issue.field]) : undefined
        found.push({ field: issue.field, message: impossible ?? issue.message })
      }
    }
    const modality = typeof record.modality === 'string' ? parseModality(record.modality) : undefined
    for (const issue of historyEntryIssues(record, today, unprintableScripts)) {
      if (!found.some((other) => other.field === issue.field)) found.push(issue)
    }
    if (result.ok && found.length === 0) {
      const entry: HistoryRow = result.value
      const worker = workers.get(entry.dni) ??
        { worker: workerOf(entry.dni, names.get(entry.dni)), entries: [], rows: [] }
      if (worker.entries.length === HISTORY_ENTRIES_PER_WORKER) {
        found.push({ field: 'dni', message: HISTORY_IMPORT_MESSAGES.tooManyForWorker(HISTORY_ENTRIES_PER_WORKER) })
      } else {
        worker.entries.push({
          modality: modality as string,
          entryDate: entry.entryDate,
          endDate: entry.endDate,
          position: historyText(entry.position),
          ...(entry.probationMonths === undefined ? {} : { probationMonths: entry.probationMonths })
        })
        worker.rows.push(row)
        workers.set(entry.dni, worker)
        continue
      }
    }
    found.sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0))
    issues.push(...found.map(({ field, message }) => ({ sheet: name, row, field, header: header(field), message })))
  }
  if (issues.length > 0) {
    throw new SpreadsheetValidationError(HISTORY_IMPORT_MESSAGES.invalidRows(issues.length), issues)
  }
  return { sheet: name, dniHeader: header('dni'), workers: [...workers.values()] }
}

function workerOf (dni: string, employee: ImportedEmployee | undefined): HistoryWorker['worker'] {
  if (employee === undefined) return { dni }
  return { dni, names: employee.name, lastNameFather: employee.lastNameFather, lastNameMother: employee.lastNameMother }
}

/**
 * Refuses the rows of workers known by name neither in the first sheet nor in the registry (their
 * history would belong to a worker without a name).
 * @param named the DNIs the registry knows by name (Registry.namedWorkers)
 * @throws SpreadsheetValidationError one item per row of such a worker, on its DNI
 */
export function refuseUnnamed ({ sheet, dniHeader, workers }: HistoryImport, named: ReadonlySet<string>): void {
  const issues: HistoryIssue[] = workers
    .filter(({ worker }) => worker.names === undefined && !named.has(worker.dni))
    .flatMap(({ worker, rows }) => rows.map((row) =>
      ({ sheet, row, field: 'dni', header: dniHeader, message: HISTORY_IMPORT_MESSAGES.workerUnknown(worker.dni) })))
    .sort((a, b) => a.row - b.row)
  if (issues.length > 0) {
    throw new SpreadsheetValidationError(HISTORY_IMPORT_MESSAGES.invalidRows(issues.length), issues)
  }
}
