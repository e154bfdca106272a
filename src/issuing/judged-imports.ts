/**
 * The replies of the two spreadsheet uploads once the registry has judged them (spec endpoints 5 and
 * 9, D14; docs/import.md "Replies"): an employees import with the history rules' refusals and the
 * probations already served (LPCL art. 74, Reglamento art. 16), an adendas import whose rows that
 * extend a contract this service issued name it. Plain data: plugins/sheet-imports.ts reads the file
 * and the registry, these shape what the routes answer.
 */
import { HISTORY_MESSAGES, IMPORT_MESSAGES, REGISTRY_MESSAGES } from '../../schemas/messages.js'
import type { AddendumImportReply, EmployeeImportReply } from '../../schemas/import.js'
import type { Addendum } from '../../schemas/addendum.js'
import type { AddendumImport, EmployeeImport, RowFill } from '../spreadsheets/import.js'
import { addendumRowFromContract } from '../registry/from-contract.js'
import { causeIdByText } from '../employer/reviewed-causes.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { contractExtendedBy, type ExtendableContract } from '../registry/contract-rules.js'
import type { HistoryOutcome } from '../registry/history-rules.js'

/**
 * The 200 of an employees upload: `result` (importEmployeeRows) with `checked` (the history rules'
 * outcome of each kept employee, in order) folded into `contractIssues` and `warnings` (a probation
 * already served; a worker whose earlier contract started unsigned, DOCUMENT-REQUIREMENTS §39), by sheet row.
 * With `partial`, the counts and the refused rows' `errors` too (docs/import.md).
 */
export function employeeImportReply (
  result: EmployeeImport, checked: readonly HistoryOutcome[], sessionId: string, partial: boolean
): EmployeeImportReply {
  const { employees, rows } = result
  const contractIssues = [...result.contractIssues, ...checked.flatMap((outcome, index) =>
    outcome.issues.map(({ field, message }) => ({ row: rows[index], dni: employees[index].dni, field, message })))]
    .sort((a, b) => a.row - b.row)
  const warnings = [...result.warnings, ...checked.flatMap((outcome, index) => outcome.probationServed === undefined
    ? []
    : [{ row: rows[index], field: 'probationaryPeriod', message: HISTORY_MESSAGES.probationNotRepeated(outcome.probationServed.from, outcome.probationServed.to) }]),
  ...checked.flatMap((outcome, index) => outcome.startedUnsigned === undefined
    ? []
    : [{ row: rows[index], field: 'dni', message: REGISTRY_MESSAGES.startedUnsigned(employees[index].dni, outcome.startedUnsigned.entryDate, outcome.startedUnsigned.endDate) }])]
    .sort((a, b) => a.row - b.row)
  const messages = IMPORT_MESSAGES.employees
  const data = { totalRecords: result.totalRecords, employees, rows, sessionId, contractIssues, warnings }
  if (!partial) return { success: true, message: messages.imported(employees.length), data }
  const { errors, validRecords, invalidRecords } = result
  return {
    success: true,
    message: errors.length === 0
      ? messages.imported(validRecords)
      : messages.importedWithErrors(validRecords, invalidRecords),
    data: { ...data, validRecords, invalidRecords, errors }
  }
}

/**
 * What the registry knows of an adenda row (importAddenda's `complete`): a row that extends a contract
 * this service issued (by its worker and the end it follows) names it (`contractId`) and, without a
 * CAUSA of its own, takes the cause that contract printed.
 * @param recorded the workers' extendable contracts, by DNI, newest first (Registry.extendableContracts)
 */
export function withRecordedContract (
  recorded: ReadonlyMap<string, ExtendableContract[]>
): (record: Addendum) => Addendum {
  return (record) => {
    const contract = contractExtendedBy(recorded.get(record.documentNumber) ?? [], record.end)
    if (contract === undefined) return record
    const causeId = record.causeId ?? contract.causeId ?? undefined
    return { ...record, contractId: contract.id, ...(causeId === undefined ? {} : { causeId }) }
  }
}

/**
 * The adendas sheet's rows completed from the registry (importAddenda's `fill`; docs/import.md,
 * "Adendas from the registry"): a row whose worker has a recorded contract, the one its FECHA FIN
 * names (contractExtendedBy) or, without FECHA FIN, the worker's newest, takes from it what the row
 * leaves out (addendumRowFromContract: modality, position, salary in force, working time, cause,
 * dates, address…), so HR gives only the DNI, the new end and what changes; a CAUSA that is a
 * reviewed cause's text (the template's list) becomes that cause's id (causeIdByText).
 * @param recorded the workers' extendable contracts with their facts, by DNI, newest first
 *   (Registry.extendableContractsWithFacts); a contract without `recorded` fills nothing
 */
export function fillFromRecordedContract (
  recorded: ReadonlyMap<string, ExtendableContract[]>, profile: EmployerProfile
): RowFill {
  return (values) => {
    const dni = values.documentNumber
    const contracts = typeof dni === 'string' ? recorded.get(dni) ?? [] : []
    const contract = values.end === undefined ? contracts[0] : typeof values.end === 'string' ? contractExtendedBy(contracts, values.end) : undefined
    const filled = contract?.recorded === undefined ? { ...values } : addendumRowFromContract(contract.recorded, values)
    // CAUSA by its text, as the template lists the causes: the reviewed cause's id
    const { causeId, startAddendum, endAddendum } = filled
    const byText = typeof causeId !== 'string'
      ? undefined
      : causeIdByText(profile, causeId, typeof startAddendum === 'string' ? startAddendum : undefined, typeof endAddendum === 'string' ? endAddendum : undefined)
    if (byText !== undefined) filled.causeId = byText
    return { values: filled, recorded: contract?.recorded !== undefined }
  }
}

/** The 200 of an adendas upload (D14: `errors` only when some row was refused). */
export function addendumImportReply ({ errors, ...result }: AddendumImport): AddendumImportReply {
  const messages = IMPORT_MESSAGES.addenda
  if (errors.length === 0) return { success: true, message: messages.processed, data: result }
  return { success: true, message: messages.processedWithErrors, data: { ...result, errors } }
}
