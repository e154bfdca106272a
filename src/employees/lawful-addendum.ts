/**
 * What makes an adenda one that can be signed (DOCUMENT-REQUIREMENTS §17, §21, §28; LPCL arts. 30 b,
 * 72-74, 77 a): a timely, contiguous extension of a contract of a known modality, within that
 * modality's maximum and art. 74's five years counted from the entry date ("no cabe prórroga" when the
 * contract already reached them), at a salary of at least the RMV (or its share for part time, plus
 * night work's 35 %) and not below the original one unless the reduction was agreed, with readable
 * working time, for a worker whose sex and birth date are known (§26: the adenda speaks in her or his
 * grammatical gender; no minors); signed (its own `signingDate`) not before today nor after the contract's end; the
 * entry not after the contract's start, the original signing not after that start nor today; a
 * position of the catalogue; the contract's reviewed cause (`causeId`) of the same modality, whose
 * period covers the extension (src/employees/contract-causes.ts); a suplencia's adenda restates its ground,
 * supporting document and the new expected end of the absence, which bounds it (§37). The same rules run
 * on the adenda preview and ZIP (400 on the field) and as row errors on the addendum upload.
 */
import type { ContractType } from '../../schemas/employee.js'
import {
  ADDENDUM_DOCUMENT_MESSAGES, LAWFUL_CONTRACT_MESSAGES, MESSAGES, RULE_MESSAGES, SUPLENCIA_MESSAGES, WORKER_MESSAGES
} from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import {
  CALENDAR, addDays, ageOn, dayMonthYearKey, isDayMonthYear, lastsAtMost, parseDayMonthYear, termEnd, termEndWithin
} from '../vocabulary/dates.js'
import { SUBSTITUTION_GROUNDS, namesNoSuplencia, substitutionGround } from '../vocabulary/substitution.js'
import { formatSoles } from '../vocabulary/format.js'
import { durationText } from '../vocabulary/working-time.js'
import { MAX_TOTAL_MONTHS, MODALITIES, modalityInWords, parseModality } from '../vocabulary/modality.js'
import { recordReader, supportDocumentIssues, type LawfulContractPolicy } from './lawful-contract.js'
import { isRecordWorkingTime, minimumSalaryWith, partTimeTest, readRecordWorkingTime, workingTimeIssues } from './working-time-rules.js'
import { addendumCause, suplenciaCauseIssue, weekShifts } from './contract-causes.js'

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

  // §26: who the worker is, on the preview and the ZIP (an upload row lists it in data.documentIssues); §20: no minors
  if (options.document && fields.sex === undefined) add('sex', WORKER_MESSAGES.sexRequired('adenda'))
  if (options.document && fields.birthDate === undefined) add('birthDate', WORKER_MESSAGES.birthDateRequired('adenda'))
  const birthDate = date('birthDate')
  if (birthDate !== undefined && startAddendum !== undefined && ageOn(birthDate, startAddendum) < 18) {
    add('birthDate', WORKER_MESSAGES.minorOnAddendum(startAddendum))
  }

  // §17: timely and contiguous
  if (end !== undefined && dayMonthYearKey(today) > dayMonthYearKey(end)) add('end', ADDENDUM_DOCUMENT_MESSAGES.expired(end, today))
  if (end === CALENDAR.last) add('end', RULE_MESSAGES.beyondCalendar) // no day after it to start the adenda
  else if (end !== undefined && startAddendum !== undefined && startAddendum !== addDays(end, 1)) {
    add('startAddendum', ADDENDUM_DOCUMENT_MESSAGES.notContiguous(addDays(end, 1)))
  }
  // §28: the adenda's own signing date, the entry and the original signing against the contract's start
  if (before(signing, today)) add('signingDate', ADDENDUM_DOCUMENT_MESSAGES.signingBeforeToday(today))
  else if (before(end, signing)) add('signingDate', ADDENDUM_DOCUMENT_MESSAGES.signingAfterEnd(end as string))
  if (before(start, entryDate)) add('entryDate', ADDENDUM_DOCUMENT_MESSAGES.entryAfterStart)
  if (before(start, originalSigning)) add('originalSigningDate', ADDENDUM_DOCUMENT_MESSAGES.signingAfterStart)
  else if (before(today, originalSigning)) add('originalSigningDate', ADDENDUM_DOCUMENT_MESSAGES.originalSigningAfterToday(today))

  // §28: a position of the catalogue
  const position = text('position')
  if (position !== undefined && policy.catalogue.byName(position) === undefined) {
    add('position', ADDENDUM_DOCUMENT_MESSAGES.positionOutsideCatalogue(policy.catalogue.positions.map(({ name }) => name)))
  }

  // art. 74: fixed-term contracts with the worker total at most five years from the entry date; none
  // is left when the contract already reaches them ("no cabe prórroga", §28)
  const lastDay = (months: number) => entryDate === undefined ? undefined : termEndWithin(entryDate, months)
  const fiveYears = lastDay(MAX_TOTAL_MONTHS)
  if (fiveYears !== undefined && startAddendum !== undefined && before(fiveYears, startAddendum)) {
    add('endAddendum', ADDENDUM_DOCUMENT_MESSAGES.noExtensionFiveYears(fiveYears))
  } else if (entryDate !== undefined && endAddendum !== undefined &&
    !lastsAtMost(entryDate, endAddendum, MAX_TOTAL_MONTHS)) {
    add('endAddendum', ADDENDUM_DOCUMENT_MESSAGES.beyondFiveYears)
  }
  // the modality of the extended contract and its maximum, from the entry date
  const type: ContractType = isContractType(fields.contractType) ? fields.contractType : 'Planilla'
  const modalityText = typeof fields.modality === 'string' ? fields.modality : undefined
  const modality = modalityText === undefined ? undefined : parseModality(modalityText)
  if (modalityText !== undefined && modality === undefined) add('modality', LAWFUL_CONTRACT_MESSAGES.unknownModality)
  else if (modality !== undefined && type === 'Subsidio' && modality !== '61') add('modality', LAWFUL_CONTRACT_MESSAGES.subsidioIsSuplencia)
  else if (modality === '61' && type !== 'Subsidio') add('modality', LAWFUL_CONTRACT_MESSAGES.suplenciaIsSubsidio)
  else if (modality !== undefined && entryDate !== undefined && endAddendum !== undefined && !issues.some((issue) => issue.field === at('endAddendum'))) {
    const { maxMonths } = MODALITIES[modality]
    const maximum = lastDay(maxMonths)
    if (maximum !== undefined && startAddendum !== undefined && before(maximum, startAddendum)) {
      add('endAddendum', ADDENDUM_DOCUMENT_MESSAGES.noExtension(modalityInWords(modality), maxMonths, maximum))
    } else if (!lastsAtMost(entryDate, endAddendum, maxMonths)) {
      add('endAddendum', ADDENDUM_DOCUMENT_MESSAGES.termTooLong(modalityInWords(modality), maxMonths, termEnd(entryDate, maxMonths)))
    }
  }

  // working time and pay (§12, §17, §22, §23): the RMV, its share for part time, night work's surcharge
  const partTimeMessage = options.document ? ADDENDUM_DOCUMENT_MESSAGES.partTimeNeedsWorkingTime : null
  issues.push(...workingTimeIssues(fields, type, policy.workingTime, at, partTimeMessage))
  const salary = typeof fields.salary === 'number' && fields.salary > 0 ? fields.salary : undefined
  const read = readRecordWorkingTime(fields, type, policy.workingTime)
  const facts = isRecordWorkingTime(read) ? read.facts : undefined
  // without a schedule, part time is measured by its declared hours
  const declared = typeof fields.weeklyHours === 'number' ? fields.weeklyHours : undefined
  const weeklyHours = facts === undefined ? declared : facts.averageWeeklyMinutes / 60
  const partTime = type === 'Part Time' || (facts !== undefined && partTimeTest(facts, policy.workingTime.ordinaryWeek).partTime)
  // §28: not below the original salary unless the worker expressly agreed (LPCL art. 30 b)
  const originalSalary = typeof fields.originalSalary === 'number' && fields.originalSalary > 0 ? fields.originalSalary : undefined
  const agreed = fields.salaryReductionAgreed === true
  if (salary !== undefined && originalSalary !== undefined && salary < originalSalary && !agreed) {
    add('salary', ADDENDUM_DOCUMENT_MESSAGES.salaryReduced(formatSoles(originalSalary)))
  }
  if (salary !== undefined && !issues.some((issue) => issue.field === at('salary'))) {
    if (partTime) {
      const minimum = weeklyHours === undefined
        ? undefined
        : minimumSalaryWith(true, weeklyHours, 0, policy.minimumWage, policy.workingTime.ordinaryWeek.hours)
      if (minimum !== undefined && salary < minimum) {
        add('salary', ADDENDUM_DOCUMENT_MESSAGES.belowPartTimeShare(formatSoles(minimum), durationText((weeklyHours as number) * 60)))
      }
    } else if (salary < policy.minimumWage) {
      add('salary', ADDENDUM_DOCUMENT_MESSAGES.belowMinimum(formatSoles(policy.minimumWage)))
    }
  }

  // §21, §28: the contract's reviewed cause, of its modality, covering the extension and its working time;
  // a suplencia's cause is the replacement itself (art. 61)
  const causeFields = { causeId: text('causeId'), objectiveCause: text('objectiveCause') }
  if (modality === '61') {
    const issue = suplenciaCauseIssue(causeFields, policy.profile)
    if (issue !== undefined) add(issue.field, issue.message)
    issues.push(...suplenciaAddendumIssues(fields, { startAddendum, endAddendum, today }, options, at))
    return issues
  }
  // §37: only a suplencia's adenda names a ground, its document and the absence's end
  for (const field of ['substitutionGround', 'supportDocument', 'absenceTo'] as const) {
    if (modality !== undefined && fields[field] !== undefined) add(field, SUPLENCIA_MESSAGES.addendumSuplenciaOnly)
  }
  if (options.document && causeFields.causeId === undefined && causeFields.objectiveCause === undefined) {
    add('causeId', MESSAGES.causeId.required)
  } else {
    const { issue } = addendumCause(policy.profile, causeFields, {
      modality,
      from: startAddendum,
      to: endAddendum,
      // the adenda's own working time when it states one (else the contract's, which the cause already fitted)
      shifts: read !== undefined && isRecordWorkingTime(read) && read.form !== 'default' ? weekShifts(read.facts) : undefined
    })
    if (issue !== undefined) add(issue.field, issue.message)
  }
  return issues
}

/** A valid `DD/MM/YYYY` as a count of days (since 01/01/1970). */
function dayNumber (text: string): number {
  const { year, month, day } = parseDayMonthYear(text) as { year: number, month: number, day: number }
  return Date.UTC(year, month - 1, day) / 86_400_000
}

/** How long before the contract's end an adenda may be made without a warning, in days (DOCUMENT-REQUIREMENTS §38). */
export const ADDENDUM_LEAD_DAYS = 30

/**
 * The warnings of an adenda's timing (DOCUMENT-REQUIREMENTS §38), on `signingDate`: made (its own
 * `signingDate`, else `today`) before the contract it extends starts (`start`), or more than
 * ADDENDUM_LEAD_DAYS days before that contract ends (`end`). They refuse nothing: the upload's
 * `data.warnings` and `POST /api/addendum/from-contract`'s list them.
 * @param prefix field path prefix: `body`, or '' for a spreadsheet row
 * @param today Lima's day, `DD/MM/YYYY`
 */
export function addendumTimingWarnings (record: unknown, prefix: string, today: string): ValidationIssue[] {
  if (record === null || typeof record !== 'object') return []
  const { issues, add, date } = recordReader(record, prefix)
  const [start, end] = (['start', 'end'] as const).map(date)
  const made = date('signingDate') ?? today
  if (start !== undefined && dayMonthYearKey(made) < dayMonthYearKey(start)) {
    add('signingDate', ADDENDUM_DOCUMENT_MESSAGES.madeBeforeStart(made, start))
  } else if (end !== undefined && dayNumber(end) - dayNumber(made) > ADDENDUM_LEAD_DAYS) {
    add('signingDate', ADDENDUM_DOCUMENT_MESSAGES.madeLongBeforeEnd(made, end, ADDENDUM_LEAD_DAYS))
  }
  return issues
}

/** The lawful suplencia grounds by name, as HR reads them (never their codes). */
const groundNames = () => SUBSTITUTION_GROUNDS.map(({ name }) => name)

/**
 * A suplencia's adenda (LPCL arts. 61, 72; DOCUMENT-REQUIREMENTS §37), checked as the contract: it
 * restates the ground (one of the closed list, never a resignation, dismissal or vacancy; it may have
 * changed since the contract), its supporting document (supportDocumentIssues) and the new expected end
 * of the absence, which the extension reaches and does not pass. On the preview and ZIP the ground
 * and `absenceTo` are required; the upload checks what a row gives.
 */
function suplenciaAddendumIssues (
  fields: Record<string, unknown>,
  dates: { startAddendum: string | undefined, endAddendum: string | undefined, today: string },
  options: { document: boolean }, at: (field: string) => string
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const add = (field: string, message: string) => issues.push({ field: at(field), message })
  const ground = typeof fields.substitutionGround === 'string' ? fields.substitutionGround : undefined
  if (ground === undefined) {
    if (options.document) add('substitutionGround', SUPLENCIA_MESSAGES.addendumGroundRequired(groundNames()))
  } else if (namesNoSuplencia(ground)) add('substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(groundNames()))
  else if (substitutionGround(ground) === undefined) add('substitutionGround', SUPLENCIA_MESSAGES.groundUnknown(groundNames()))
  issues.push(...supportDocumentIssues(fields, dates.today, at))
  const absenceTo = typeof fields.absenceTo === 'string' && isDayMonthYear(fields.absenceTo) ? fields.absenceTo : undefined
  if (fields.absenceTo === undefined && options.document) add('absenceTo', SUPLENCIA_MESSAGES.addendumAbsenceToRequired)
  const { startAddendum, endAddendum } = dates
  const before = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && dayMonthYearKey(a) < dayMonthYearKey(b)
  if (before(absenceTo, startAddendum)) {
    add('absenceTo', SUPLENCIA_MESSAGES.addendumAbsenceBeforeStart(startAddendum as string))
  } else if (absenceTo !== undefined && before(absenceTo, endAddendum)) {
    add('endAddendum', SUPLENCIA_MESSAGES.addendumEndsAfterAbsence(absenceTo))
  }
  return issues
}
