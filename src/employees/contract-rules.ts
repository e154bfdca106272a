/**
 * Whether a contract record is taken at all (the `contract` kind's `accept`, record-kinds.ts): the
 * second of the three rule files, after the cross-field rules of every record (cross-field-rules.ts)
 * and before whether its contract can be signed (lawful-contract.ts).
 * Rules of a contract that need the employer profile or several fields at once, applied on the
 * contract routes and the employee import (not on the exports, which print neither):
 * - salary at least the RMV for Planilla and Subsidio, and at least RMV × weeklyHours / 48 for Part
 *   Time (Constitution art. 24; DOCUMENT-REQUIREMENTS §9), the weekly hours as stated, else as the
 *   days and schedule give them, else the profile's (part time's four-hour test and the other rules
 *   that decide whether a contract can be signed: src/employees/lawful-contract.ts);
 * - salaryInWords, when given, states the salary (§9, D22);
 * - signingDate not after endDate (§3);
 * - the replaced worker's DNI and position, the suplencia's ground, document and absence only on a
 *   Subsidio (§4, §25).
 * Each check runs only on fields the schema already typed, so a schema error is never doubled.
 */
import type { ContractType } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { CONTRACT_RULE_MESSAGES, MESSAGES } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { formatSoles } from '../vocabulary/format.js'
import { dayMonthYearKey } from '../vocabulary/dates.js'
import { workingWeek } from '../vocabulary/working-time.js'
import { AMOUNT_IN_WORDS_RANGE, amountInWords, readAmountInWords } from '../vocabulary/salary-words.js'

/** What the rules need from the employer profile. */
export interface ContractPolicy {
  /** RMV in soles. */
  minimumWage: number
  /** Weekly hours of each contract type when a record states neither them nor its days and schedule. */
  weeklyHours: Record<ContractType, number | undefined>
}

const FULL_WEEK_HOURS = 48

export function contractPolicy (profile: EmployerProfile): ContractPolicy {
  const defaults = profile.contractDefaults
  return {
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE,
    weeklyHours: { Planilla: defaults.Planilla.weeklyHours, 'Part Time': defaults['Part Time'].weeklyHours, Subsidio: defaults.Subsidio.weeklyHours }
  }
}

/** The lowest salary of a contract: the RMV, or its share for part time; rounded up to the céntimo. */
export function minimumSalary (contractType: ContractType, weeklyHours: number, policy: ContractPolicy): number {
  const soles = contractType === 'Part Time' ? (policy.minimumWage * weeklyHours) / FULL_WEEK_HOURS : policy.minimumWage
  return Math.ceil(Math.round(soles * 1e6) / 1e4) / 100
}

const hoursText = (hours: number) => String(hours)

/** Fields of a suplencia only, with the label their message names. */
const SUPLENCIA_ONLY = [
  ['substitutionGround', 'La causal de la suplencia'],
  ['substitutionDocument', 'El documento que sustenta la suplencia'],
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
  const stated = typeof fields.weeklyHours === 'number' && fields.weeklyHours > 0 && fields.weeklyHours <= FULL_WEEK_HOURS
    ? fields.weeklyHours
    : undefined
  const week = typeof fields.workDays === 'string' && typeof fields.workSchedule === 'string'
    ? workingWeek(fields.workDays, fields.workSchedule)
    : undefined
  const hours = stated ?? week?.weeklyHours
  const positive = typeof fields.salary === 'number' && Number.isFinite(fields.salary) && fields.salary > 0
  // a salary under half a céntimo would print as S/ 0.00: refused with the spec's message for 0
  const salary = positive && Math.round((fields.salary as number) * 100) >= 1 ? fields.salary as number : undefined
  if (positive && salary === undefined) issues.push({ field: at('salary'), message: MESSAGES.salary.invalid })
  if (salary !== undefined && known) {
    // part time without a readable working time is refused for that (lawful-contract.ts), not measured here
    const weeklyHours = hours ?? (type === 'Part Time' ? undefined : policy.weeklyHours[type] ?? FULL_WEEK_HOURS)
    const minimum = weeklyHours === undefined ? 0 : minimumSalary(type, weeklyHours, policy)
    if (weeklyHours !== undefined && salary < minimum) {
      issues.push({
        field: at('salary'),
        message: type === 'Part Time'
          ? CONTRACT_RULE_MESSAGES.belowPartTimeMinimum(formatSoles(minimum), hoursText(weeklyHours))
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
