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
import { recordReader, type LawfulContractPolicy } from './lawful-contract.js'
import { isRecordWorkingTime, minimumSalaryWith, partTimeTest, readRecordWorkingTime, workingTimeIssues } from './working-time-rules.js'

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

  // working time and pay (§12, §17, §22, §23): the RMV, its share for part time, night work's surcharge
  const partTimeMessage = options.document ? A.partTimeNeedsWorkingTime : null
  issues.push(...workingTimeIssues(fields, type, policy.workingTime, at, partTimeMessage))
  const salary = typeof fields.salary === 'number' && fields.salary > 0 ? fields.salary : undefined
  const read = readRecordWorkingTime(fields, type, policy.workingTime)
  const facts = isRecordWorkingTime(read) ? read.facts : undefined
  // without a schedule, part time is measured by its declared hours
  const declared = typeof fields.weeklyHours === 'number' ? fields.weeklyHours : undefined
  const weeklyHours = facts === undefined ? declared : facts.averageWeeklyMinutes / 60
  const partTime = type === 'Part Time' || (facts !== undefined && partTimeTest(facts, policy.workingTime.ordinaryWeek).partTime)
  if (salary !== undefined && !issues.some((issue) => issue.field === at('salary'))) {
    if (partTime) {
      const minimum = weeklyHours === undefined
        ? undefined
        : minimumSalaryWith(true, weeklyHours, 0, policy.minimumWage, policy.workingTime.ordinaryWeek.hours)
      if (minimum !== undefined && salary < minimum) {
        add('salary', A.belowPartTimeShare(formatSoles(minimum), String(Math.round((weeklyHours as number) * 100) / 100)))
      }
    } else if (salary < policy.minimumWage) {
      add('salary', A.belowMinimum(formatSoles(policy.minimumWage)))
    }
  }
  return issues
}
