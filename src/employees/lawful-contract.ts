/**
 * Whether a contract can be signed (the `contract` kind's `print`, record-kinds.ts): the third of
 * the three rule files, after cross-field-rules.ts (every record) and contract-rules.ts (a contract
 * record taken at all). lawful-addendum.ts is its counterpart for adendas.
 * What makes a contract one that can be signed (DOCUMENT-REQUIREMENTS §11-15, §20): a contract
 * that fails any of these rules is refused with a 400 on the field on every route that makes or
 * previews one, and listed in the employee import's `data.contractIssues` (the import itself keeps
 * the spec's rules, since the same sheet feeds the insurance exports).
 * - dates in Lima: signing not before today nor after the start; the start not before today (§11);
 * - the modality (arts. 57, 58, 60, 61, 63) and its maximum term (art. 74: five years) (§11, §13);
 * - a cause from the record or reviewed by HR for the site and modality, never a global one (§13);
 * - working time read from the structure or the days and schedule (working-time-rules.ts: §12, §22,
 *   §23): rest, refrigerio, at most 48 hours on average, the declared total to the minute, part time
 *   under four hours a day over the workplace's ordinary week, night work at RMV + 35 %;
 * - probation in whole months, longer ones only with their reason, shorter than the term (§14);
 * - a suplencia names the stable titular it replaces (§15); no minors (§20);
 * - the position is one of the catalogue, whose annex applies (§16).
 * Each rule reads only fields the schema already typed, so a schema error is never doubled.
 */
import type { ContractType } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { LAWFUL_CONTRACT_MESSAGES as M } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { PROBATION_REASONS, parseProbationMonths } from '../vocabulary/probation.js'
import { positionCatalogue, type PositionCatalogue } from '../employer/catalogue.js'
import { ageOn, dayMonthYearKey, isDayMonthYear, lastsAtMost, termEnd, todayInLima } from '../vocabulary/dates.js'
import { foldText } from '../vocabulary/format.js'
import { MODALITIES, parseModality, type ModalityCode } from '../vocabulary/modality.js'
import { workingTimeIssues, workingTimePolicy, type WorkingTimePolicy } from './working-time-rules.js'

/** What the rules need from the employer profile and the clock. */
export interface LawfulContractPolicy {
  /** Today in Lima, `DD/MM/YYYY`. */
  today: string
  /** RMV in soles. */
  minimumWage: number
  /** The working-time rules' part of the profile: ordinary week, refrigerio, meal windows, defaults (§22, §23). */
  workingTime: WorkingTimePolicy
  /** The profile's per-type defaults: modality and probation. */
  defaults: Record<ContractType, { modality?: ModalityCode, probationMonths?: number }>
  /** The cause HR reviewed for a site and modality, if any. */
  siteCause: (site: string, modality: ModalityCode) => string | undefined
  /** The position catalogue the annex is printed from (§16). */
  catalogue: PositionCatalogue
}

/**
 * The policy of an employer profile on a given day.
 * @param today `DD/MM/YYYY` in Lima (default: now)
 */
export function lawfulContractPolicy (profile: EmployerProfile, today: string = todayInLima()): LawfulContractPolicy {
  const defaults = {} as LawfulContractPolicy['defaults']
  for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
    const entry = profile.contractDefaults[type]
    defaults[type] = {
      modality: entry.modality === undefined ? undefined : parseModality(entry.modality),
      probationMonths: entry.probationMonths
    }
  }
  const bySite = profile.causes?.bySite ?? {}
  return {
    today,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE,
    workingTime: workingTimePolicy(profile),
    defaults,
    catalogue: positionCatalogue(profile),
    siteCause: (site, modality) => {
      // own keys only: a site named `constructor` is not a lookup into Object.prototype
      const causes = Object.hasOwn(bySite, site) ? bySite[site] : undefined
      if (causes === undefined) return undefined
      const found = Object.entries(causes).find(([key]) => parseModality(key) === modality)
      return found?.[1]
    }
  }
}

const isContractType = (value: unknown): value is ContractType =>
  value === 'Planilla' || value === 'Part Time' || value === 'Subsidio'

/**
 * The modality of a record: its own `modality`, else the profile's for its type; a Subsidio is
 * always a suplencia (61). Undefined when the record names none that exists, or none is set.
 */
export function contractModality (
  record: { contractType: ContractType, modality?: string }, policy: Pick<LawfulContractPolicy, 'defaults'>
): ModalityCode | undefined {
  if (record.modality !== undefined) return parseModality(record.modality)
  if (record.contractType === 'Subsidio') return '61'
  return policy.defaults[record.contractType].modality
}

/** A titular's condition that states an indefinite-term (stable) contract (§15). */
const STABLE = /\b(plazo indeterminado|indeterminad[oa]|estable|permanente)\b/

/**
 * What a rule reads of a record that the schema already typed, and where it writes: the issues list,
 * the path of a field (`body.3.salary`, or the bare field for a spreadsheet row), a valid
 * `DD/MM/YYYY` date or text field (undefined otherwise).
 */
export function recordReader (record: object, prefix: string) {
  const fields = record as Record<string, unknown>
  const issues: ValidationIssue[] = []
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  return {
    fields,
    issues,
    at,
    add: (field: string, message: string) => { issues.push({ field: at(field), message }) },
    date: (field: string) => (typeof fields[field] === 'string' && isDayMonthYear(fields[field]) ? fields[field] : undefined),
    text: (field: string) => (typeof fields[field] === 'string' ? fields[field] : undefined)
  }
}

/**
 * The rules above for one record (already normalised and typed by the schema where it passed).
 * @param prefix field path prefix: `body.3`, `body`, or '' for a spreadsheet row
 */
export function lawfulContractIssues (
  record: unknown, prefix: string, policy: LawfulContractPolicy
): ValidationIssue[] {
  if (record === null || typeof record !== 'object') return []
  const { fields, issues, at, add, date, text } = recordReader(record, prefix)
  const today = policy.today
  const entryDate = date('entryDate')
  const endDate = date('endDate')
  const signing = date('signingDate')
  const type = isContractType(fields.contractType) ? fields.contractType : undefined

  // §11: dates in Lima
  if (signing !== undefined && dayMonthYearKey(signing) < dayMonthYearKey(today)) add('signingDate', M.signingBeforeToday(today))
  else if (signing !== undefined && entryDate !== undefined && dayMonthYearKey(signing) > dayMonthYearKey(entryDate)) {
    add('signingDate', M.signingAfterEntry)
  }
  if (entryDate !== undefined && dayMonthYearKey(entryDate) < dayMonthYearKey(today)) add('entryDate', M.entryBeforeToday(today))

  // §16: the annex of a known position
  const positionProfile = text('positionProfile')
  const position = text('position')
  const { catalogue } = policy
  if (positionProfile !== undefined) {
    if (catalogue.byKey(positionProfile.trim()) === undefined) {
      add('positionProfile', M.unknownPositionProfile(catalogue.positions.map(({ key }) => key)))
    }
  } else if (position !== undefined && catalogue.byName(position) === undefined) {
    add('position', M.positionOutsideCatalogue(catalogue.positions.map(({ name }) => name)))
  }

  // §20: no minors
  const birthDate = date('birthDate')
  if (birthDate !== undefined && entryDate !== undefined && ageOn(birthDate, entryDate) < 18) add('birthDate', M.minor(entryDate))
  if (type === undefined) return issues

  // §13: modality and cause; §11: its maximum term
  const modalityText = text('modality')
  const modality = contractModality({ contractType: type, modality: modalityText }, policy)
  const modalityIssue = modalityText !== undefined && modality === undefined
    ? M.unknownModality
    : type === 'Subsidio' && modality !== '61'
      ? M.subsidioIsSuplencia
      : type !== 'Subsidio' && modality === '61' ? M.suplenciaIsSubsidio : modality === undefined ? M.modalityRequired : undefined
  if (modalityIssue !== undefined) add('modality', modalityIssue)
  if (modalityIssue === undefined && modality !== undefined && entryDate !== undefined && endDate !== undefined) {
    const { maxMonths, name } = MODALITIES[modality]
    if (!lastsAtMost(entryDate, endDate, maxMonths)) {
      add('endDate', M.termTooLong(`${modality} (${name})`, maxMonths, termEnd(entryDate, maxMonths))) // within CALENDAR: lastsAtMost was false
    }
  }
  const site = text('subDivisionOrParking')
  if (type !== 'Subsidio' && modalityIssue === undefined && modality !== undefined && text('objectiveCause') === undefined &&
    site !== undefined &&
    policy.siteCause(site, modality) === undefined) {
    add('objectiveCause', M.causeMissing(site, `${modality} (${MODALITIES[modality].name})`))
  }

  // §12, §22, §23: working time
  issues.push(...workingTimeIssues(fields, type, policy.workingTime, at, M.partTimeNeedsWorkingTime))

  // §14: probation
  const probationText = text('probationaryPeriod')
  const probation = probationText === undefined ? undefined : parseProbationMonths(probationText)
  if (probationText !== undefined && probation === undefined) add('probationaryPeriod', M.probationUnreadable)
  if (probation !== undefined && probation > 0 && entryDate !== undefined && endDate !== undefined) {
    const reason = text('probationReason')
    const reasonKey = reason === undefined ? undefined : foldText(reason)
    const limit = reasonKey === undefined ? 3 : PROBATION_REASONS[reasonKey as keyof typeof PROBATION_REASONS]
    if (lastsAtMost(entryDate, endDate, 3)) add('probationaryPeriod', M.probationOnShortTerm)
    else if (reason !== undefined && limit === undefined) add('probationReason', M.probationReasonUnknown)
    else if (probation > 3 && reason === undefined) add('probationaryPeriod', M.probationNeedsReason(probation))
    else if (probation > limit) add('probationaryPeriod', M.probationOverReason(reasonKey as string, limit))
    else if (lastsAtMost(entryDate, endDate, probation)) add('probationaryPeriod', M.probationNotShorterThanTerm)
  }

  // §15: suplencia
  if (type === 'Subsidio') {
    for (const field of ['replacedWorkerDni', 'replacedWorkerPosition', 'workingCondition', 'probationaryPeriod'] as const) {
      if (fields[field] === undefined) add(field, M.suplenciaRequired[field])
    }
    const condition = text('workingCondition')
    if (condition !== undefined && !STABLE.test(foldText(condition))) add('workingCondition', M.titularNotStable)
  }
  return issues
}
