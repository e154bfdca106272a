/**
 * What makes an adenda one that can be signed (DOCUMENT-REQUIREMENTS §17; LPCL arts. 72-74, 77 a):
 * a timely, contiguous extension of a contract of a known modality, within that modality's maximum
 * and art. 74's five years counted from the entry date, at a salary of at least the RMV (or its share
 * for part time, plus night work's 35 %), with readable working time, for a worker whose sex and birth
 * date are known (§26: the adenda speaks in her or his grammatical gender; no minors). The same rules run on the
 * adenda preview and ZIP (400 on the field) and as row errors on the addendum upload.
 */
import type { ContractType } from '../../schemas/employee.js'
import {
  ADDENDUM_DOCUMENT_MESSAGES as A, LAWFUL_CONTRACT_MESSAGES as M, RULE_MESSAGES, WORKER_MESSAGES as W
} from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { CALENDAR, addDays, ageOn, dayMonthYearKey, lastsAtMost, termEnd } from '../vocabulary/dates.js'
import { formatSoles } from '../vocabulary/format.js'
import { MAX_TOTAL_MONTHS, MODALITIES, parseModality } from '../vocabulary/modality.js'
import {
  minimumSalaryWith, recordReader, recordWorkingWeek, workingTimeIssues, type LawfulContractPolicy
} from './lawful-contract.js'

const isContractType = (value: unknown): value is ContractType =>
  value === 'Planilla' || value === 'Part Time' || value === 'Subsidio'

/**
 * The rules above for one addendum record (normalised, typed by the schema where it passed).
 * @param prefix field path prefix: `body.3`, `body`, or '' for a spreadsheet row
 * @param options.document true on the preview and ZIP: a part-time adenda restates its working
 *   time, so its days and schedule are required there (the upload accepts a row without them)
 */
export function lawfulAddendumIssues (
  record: unknown, prefix: string, policy: LawfulContractPolicy, options: { document: boolean }
): ValidationIssue[] {
  if (record === null || typeof record !== 'object') return []
  const { fields, issues, at, add, date } = recordReader(record, prefix)
  const { today } = policy
  const [entryDate, start, end, startAddendum, endAddendum] =
    (['entryDate', 'start', 'end', 'startAddendum', 'endAddendum'] as const).map(date)
  const originalSigning = date('originalSigningDate')

  // §26: who the worker is, on the preview and the ZIP (an upload row lists it in data.documentIssues); §20: no minors
  if (options.document && fields.sex === undefined) add('sex', W.sexRequired('adenda'))
  if (options.document && fields.birthDate === undefined) add('birthDate', W.birthDateRequired('adenda'))
  const birthDate = date('birthDate')
  if (birthDate !== undefined && startAddendum !== undefined && ageOn(birthDate, startAddendum) < 18) {
    add('birthDate', W.minorOnAddendum(startAddendum))
  }

  // §17: timely and contiguous
  if (end !== undefined && dayMonthYearKey(today) > dayMonthYearKey(end)) add('end', A.expired(end, today))
  if (end === CALENDAR.last) add('end', RULE_MESSAGES.beyondCalendar) // no day after it to start the adenda
  else if (end !== undefined && startAddendum !== undefined && startAddendum !== addDays(end, 1)) {
    add('startAddendum', A.notContiguous(addDays(end, 1)))
  }
  const after = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && dayMonthYearKey(a) > dayMonthYearKey(b)
  if (after(originalSigning, start)) {
    add('originalSigningDate', A.signingAfterStart)
  }

  // art. 74: fixed-term contracts with the worker total at most five years from the entry date
  if (entryDate !== undefined && endAddendum !== undefined && !lastsAtMost(entryDate, endAddendum, MAX_TOTAL_MONTHS)) {
    add('endAddendum', A.beyondFiveYears)
  }
  // the modality of the extended contract and its maximum, from the entry date
  const type: ContractType = isContractType(fields.contractType) ? fields.contractType : 'Planilla'
  const modalityText = typeof fields.modality === 'string' ? fields.modality : undefined
  const modality = modalityText === undefined ? undefined : parseModality(modalityText)
  if (modalityText !== undefined && modality === undefined) add('modality', M.unknownModality)
  else if (modality !== undefined && type === 'Subsidio' && modality !== '61') add('modality', M.subsidioIsSuplencia)
  else if (modality === '61' && type !== 'Subsidio') add('modality', M.suplenciaIsSubsidio)
  else if (modality !== undefined && entryDate !== undefined && endAddendum !== undefined && !issues.some((issue) => issue.field === at('endAddendum'))) {
    const { maxMonths, name } = MODALITIES[modality]
    if (!lastsAtMost(entryDate, endAddendum, maxMonths)) {
      add('endAddendum', A.termTooLong(`${modality} (${name})`, maxMonths, termEnd(entryDate, maxMonths)))
    }
  }

  // working time and pay (§12, §17): the RMV, its share for part time, night work's surcharge
  issues.push(...workingTimeIssues(fields, type, policy, at, options.document ? A.partTimeNeedsWorkingTime : null))
  const salary = typeof fields.salary === 'number' && fields.salary > 0 ? fields.salary : undefined
  const week = recordWorkingWeek({
    contractType: type,
    workDays: typeof fields.workDays === 'string' ? fields.workDays : undefined,
    workSchedule: typeof fields.workSchedule === 'string' ? fields.workSchedule : undefined
  }, policy)
  const weeklyHours = typeof fields.weeklyHours === 'number' ? fields.weeklyHours : week?.weeklyHours
  if (salary !== undefined && !issues.some((issue) => issue.field === at('salary'))) {
    if (type === 'Part Time') {
      const minimum = weeklyHours === undefined
        ? undefined
        : minimumSalaryWith(type, weeklyHours, 0, policy.minimumWage)
      if (minimum !== undefined && salary < minimum) add('salary', A.belowPartTimeShare(formatSoles(minimum), String(weeklyHours)))
    } else if (salary < policy.minimumWage) {
      add('salary', A.belowMinimum(formatSoles(policy.minimumWage)))
    }
  }
  return issues
}
