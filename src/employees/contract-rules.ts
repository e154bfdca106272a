/**
 * Whether a contract record is taken at all (the `contract` kind's `accept`, record-kinds.ts): the
 * second of the three rule files, after the cross-field rules of every record (cross-field-rules.ts)
 * and before whether its contract can be signed (lawful-contract.ts).
 * Rules of a contract that need the employer profile or several fields at once, applied on the
 * contract routes and the employee import (not on the exports, which print neither):
 * - salary at least the RMV, and for part time (any type under four hours a day on average over the
 *   workplace's ordinary week) at least RMV × weekly hours / the ordinary week's hours
 *   (Constitution art. 24; DOCUMENT-REQUIREMENTS §9, §23), the weekly hours as the working time gives
 *   them (working-time-rules.ts), else as a part-time record states them (the other rules that
 *   decide whether a contract can be signed: src/employees/lawful-contract.ts);
 * - salaryInWords, when given, states the salary (§9, D22);
 * - signingDate not after endDate (§3);
 * - the replaced worker's DNI and position, the suplencia's ground, document and absence only on a
 *   Subsidio (§4, §25).
 * Each check runs only on fields the schema already typed, so a schema error is never doubled.
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { CONTRACT_RULE_MESSAGES, MESSAGES } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { formatSoles } from '../vocabulary/format.js'
import { durationText } from '../vocabulary/working-time.js'
import { dayMonthYearKey } from '../vocabulary/dates.js'
import {
  isRecordWorkingTime, minimumSalaryWith, partTimeTest, readRecordWorkingTime, workingTimePolicy, type WorkingTimePolicy
} from './working-time-rules.js'
import { AMOUNT_IN_WORDS_RANGE, amountInWords, readAmountInWords } from '../vocabulary/salary-words.js'

/** What the rules need from the employer profile. */
export interface ContractPolicy {
  /** RMV in soles. */
  minimumWage: number
  /** The working-time rules' part of the profile (ordinary week, defaults). */
  workingTime: WorkingTimePolicy
}

export function contractPolicy (profile: EmployerProfile): ContractPolicy {
  const workingTime = workingTimePolicy(profile)
  return { minimumWage: workingTime.minimumWage, workingTime }
}

/**
 * The lowest salary of a contract: the RMV, or for part time its share of the ordinary week; rounded
 * up to the céntimo.
 */
export function minimumSalary (partTime: boolean, weeklyHours: number, policy: ContractPolicy): number {
  return minimumSalaryWith(partTime, weeklyHours, 0, policy.minimumWage, policy.workingTime.ordinaryWeek.hours)
}

const hoursText = (hours: number) => durationText(hours * 60)

/** Fields of a suplencia only, with the label their message names. */
const SUPLENCIA_ONLY = [
  ['substitutionGround', 'La causal de la suplencia'],
  ['substitutionDocument', 'El documento que sustenta la suplencia'],
  ['supportDocument', 'El documento de sustento de la suplencia'],
  ['absenceFrom', 'El inicio de la ausencia de la persona suplida'],
  ['absenceTo', 'El fin de la ausencia de la persona suplida']
] as const

/**
 * Issues of one record (already normalised; fields of the wrong type are left to the schema).
 * @param prefix field path prefix: `body.3`, `body`, or '' for a spreadsheet row
 */
export function contractIssues (record: unknown, prefix: string, policy: ContractPolicy): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  if (record === null || typeof record !== 'object') return issues
  const fields = record as Record<string, unknown>
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  const type = fields.contractType
  const known = type === 'Planilla' || type === 'Part Time' || type === 'Subsidio'
  const stated = typeof fields.weeklyHours === 'number' && fields.weeklyHours > 0 && fields.weeklyHours <= 48
    ? fields.weeklyHours
    : undefined
  const positive = typeof fields.salary === 'number' && Number.isFinite(fields.salary) && fields.salary > 0
  // a salary under half a céntimo would print as S/ 0.00: refused with the spec's message for 0
  const salary = positive && Math.round((fields.salary as number) * 100) >= 1 ? fields.salary as number : undefined
  if (positive && salary === undefined) issues.push({ field: at('salary'), message: MESSAGES.salary.invalid })
  if (salary !== undefined && known) {
    // the schedule decides; part time without a readable one (refused for that, lawful-contract.ts) by its stated hours
    const read = readRecordWorkingTime(fields, type, policy.workingTime)
    const facts = isRecordWorkingTime(read) ? read.facts : undefined
    const weeklyHours = facts !== undefined ? facts.averageWeeklyMinutes / 60 : type === 'Part Time' ? stated : undefined
    // a Part Time record over four hours a day is refused for that (weeklyHours), not here for its pay
    const partTime = type === 'Part Time' || (facts !== undefined && partTimeTest(facts, policy.workingTime.ordinaryWeek).partTime)
    const minimum = partTime && weeklyHours === undefined
      ? undefined
      : minimumSalary(partTime, weeklyHours ?? policy.workingTime.ordinaryWeek.hours, policy)
    if (minimum !== undefined && salary < minimum) {
      issues.push({
        field: at('salary'),
        message: partTime
          ? CONTRACT_RULE_MESSAGES.belowPartTimeMinimum(formatSoles(minimum), hoursText(weeklyHours as number))
          : CONTRACT_RULE_MESSAGES.belowMinimumWage(formatSoles(minimum))
      })
    }
  }
  if (salary !== undefined) {
    const words = fields.salaryInWords
    if (salary > AMOUNT_IN_WORDS_RANGE.max) {
      if (words === undefined) issues.push({ field: at('salaryInWords'), message: CONTRACT_RULE_MESSAGES.salaryInWordsTooLarge })
    } else if (typeof words === 'string' && readAmountInWords(words) !== Math.round(salary * 100) / 100) {
      issues.push({ field: at('salaryInWords'), message: CONTRACT_RULE_MESSAGES.salaryInWordsMismatch(amountInWords(salary)) })
    }
  }
  if (typeof fields.signingDate === 'string' && typeof fields.endDate === 'string' && dayMonthYearKey(fields.signingDate) > dayMonthYearKey(fields.endDate)) {
    issues.push({ field: at('signingDate'), message: CONTRACT_RULE_MESSAGES.signingAfterEnd })
  }
  if (known && type !== 'Subsidio') {
    if (fields.replacedWorkerDni !== undefined) issues.push({ field: at('replacedWorkerDni'), message: CONTRACT_RULE_MESSAGES.subsidioOnly('El DNI del suplido') })
    if (fields.replacedWorkerPosition !== undefined) issues.push({ field: at('replacedWorkerPosition'), message: CONTRACT_RULE_MESSAGES.subsidioOnly('El cargo del suplido') })
    // a suplencia's ground, its document and the absence's dates (DOCUMENT-REQUIREMENTS §25)
    for (const [field, label] of SUPLENCIA_ONLY) {
      if (fields[field] === undefined) continue
      issues.push({ field: at(field), message: CONTRACT_RULE_MESSAGES.subsidioOnly(label) })
    }
  }
  return issues
}
