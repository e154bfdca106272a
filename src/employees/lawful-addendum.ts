/**
 * What makes an adenda one that can be signed (DOCUMENT-REQUIREMENTS §17, §21, §28; LPCL arts. 30 b,
 * 72-74, 77 a): a timely, contiguous extension of a contract of a known modality, within that
 * modality's maximum and art. 74's five years counted from the entry date ("no cabe prórroga" when the
 * contract already reached them), at a salary of at least the RMV (or its share for part time, plus
 * night work's 35 %) and not below the original one unless the reduction was agreed, with readable
 * working time; signed (its own `signingDate`) not before today nor after the contract's end; the
 * entry not after the contract's start, the original signing not after that start nor today; a
 * position of the catalogue; the contract's reviewed cause (`causeId`) of the same modality, whose
 * period covers the extension (src/employees/causes.ts). The same rules run on the adenda preview and
 * ZIP (400 on the field) and as row errors on the addendum upload.
 */
import type { ContractType } from '../../schemas/employee.js'
import { ADDENDUM_DOCUMENT_MESSAGES as A, LAWFUL_CONTRACT_MESSAGES as M, MESSAGES, RULE_MESSAGES } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { CALENDAR, addDays, dayMonthYearKey, lastsAtMost, termEnd, termEndWithin } from '../vocabulary/dates.js'
import { formatSoles } from '../vocabulary/format.js'
import { MAX_TOTAL_MONTHS, MODALITIES, parseModality } from '../vocabulary/modality.js'
import {
  minimumSalaryWith, recordReader, recordWorkingWeek, workingTimeIssues, type LawfulContractPolicy
} from './lawful-contract.js'
import { addendumCause, suplenciaCauseIssue, weekShifts } from './causes.js'

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
  const { fields, issues, at, add, date, text } = recordReader(record, prefix)
  const { today } = policy
  const [entryDate, start, end, startAddendum, endAddendum] =
    (['entryDate', 'start', 'end', 'startAddendum', 'endAddendum'] as const).map(date)
  const originalSigning = date('originalSigningDate')
  const signing = date('signingDate')
  const before = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && dayMonthYearKey(a) < dayMonthYearKey(b)

  // §17: timely and contiguous
  if (end !== undefined && dayMonthYearKey(today) > dayMonthYearKey(end)) add('end', A.expired(end, today))
  if (end === CALENDAR.last) add('end', RULE_MESSAGES.beyondCalendar) // no day after it to start the adenda
  else if (end !== undefined && startAddendum !== undefined && startAddendum !== addDays(end, 1)) {
    add('startAddendum', A.notContiguous(addDays(end, 1)))
  }
  // §28: the adenda's own signing date, the entry and the original signing against the contract's start
  if (before(signing, today)) add('signingDate', A.signingBeforeToday(today))
  else if (before(end, signing)) add('signingDate', A.signingAfterEnd(end as string))
  if (before(start, entryDate)) add('entryDate', A.entryAfterStart)
  if (before(start, originalSigning)) add('originalSigningDate', A.signingAfterStart)
  else if (before(today, originalSigning)) add('originalSigningDate', A.originalSigningAfterToday(today))

  // §28: a position of the catalogue
  const position = text('position')
  if (position !== undefined && policy.catalogue.byName(position) === undefined) {
    add('position', A.positionOutsideCatalogue(policy.catalogue.positions.map(({ name }) => name)))
  }

  // art. 74: fixed-term contracts with the worker total at most five years from the entry date; none
  // is left when the contract already reaches them ("no cabe prórroga", §28)
  const lastDay = (months: number) => entryDate === undefined ? undefined : termEndWithin(entryDate, months)
  const fiveYears = lastDay(MAX_TOTAL_MONTHS)
  if (fiveYears !== undefined && startAddendum !== undefined && before(fiveYears, startAddendum)) {
    add('endAddendum', A.noExtensionFiveYears(fiveYears))
  } else if (entryDate !== undefined && endAddendum !== undefined &&
    !lastsAtMost(entryDate, endAddendum, MAX_TOTAL_MONTHS)) {
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
    const maximum = lastDay(maxMonths)
    if (maximum !== undefined && startAddendum !== undefined && before(maximum, startAddendum)) {
      add('endAddendum', A.noExtension(`${modality} (${name})`, maxMonths, maximum))
    } else if (!lastsAtMost(entryDate, endAddendum, maxMonths)) {
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
  // §28: not below the original salary unless the worker expressly agreed (LPCL art. 30 b)
  const originalSalary = typeof fields.originalSalary === 'number' && fields.originalSalary > 0 ? fields.originalSalary : undefined
  const agreed = fields.salaryReductionAgreed === true
  if (salary !== undefined && originalSalary !== undefined && salary < originalSalary && !agreed) {
    add('salary', A.salaryReduced(formatSoles(originalSalary)))
  }
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

  // §21, §28: the contract's reviewed cause, of its modality, covering the extension and its working time;
  // a suplencia's cause is the replacement itself (art. 61)
  const causeFields = { causeId: text('causeId'), objectiveCause: text('objectiveCause') }
  if (modality === '61') {
    const issue = suplenciaCauseIssue(causeFields, policy.profile)
    if (issue !== undefined) add(issue.field, issue.message)
  } else if (options.document && causeFields.causeId === undefined && causeFields.objectiveCause === undefined) {
    add('causeId', MESSAGES.causeId.required)
  } else {
    const { issue } = addendumCause(policy.profile, causeFields, {
      modality,
      from: startAddendum,
      to: endAddendum,
      shifts: text('workDays') !== undefined && text('workSchedule') !== undefined && week !== undefined ? weekShifts(week) : undefined
    })
    if (issue !== undefined) add(issue.field, issue.message)
  }
  return issues
}
