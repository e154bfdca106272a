/**
 * Whether a contract can be signed (the `contract` kind's `print`, record-kinds.ts): the third of
 * the three rule files, after cross-field-rules.ts (every record) and contract-rules.ts (a contract
 * record taken at all). lawful-addendum.ts is its counterpart for adendas.
 * What makes a contract one that can be signed (DOCUMENT-REQUIREMENTS §11-15, §20): a contract
 * that fails any of these rules is refused with a 400 on the field on every route that makes or
 * previews one, and listed in the employee import's `data.contractIssues` (the import itself keeps
 * the spec's rules, since the same sheet feeds the insurance exports).
 * - dates in Lima: signing not before today nor after the start; the start not before today (§11);
 * - the modality (arts. 57, 58, 60, 61, 63, 67) and its maximum term (art. 74: five years) (§11, §13);
 * - the site is one of the profile's and allows the modality; the cause is one counsel reviewed, by
 *   `causeId` or the one that fits site, modality, term and working time, never typed text (§21,
 *   src/employees/causes.ts);
 * - working time read from the days and schedule: the weekly total agrees, at most 48 hours, part
 *   time under four hours a day over the workplace's week, night work at RMV + 35 % (§12);
 * - probation in whole months, longer ones only with their reason, shorter than the term (§14);
 * - a suplencia names the stable titular it replaces (§15); no minors (§20);
 * - the position is one of the catalogue, whose annex applies (§16).
 * Each rule reads only fields the schema already typed, so a schema error is never doubled.
 */
import type { ContractType } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { CAUSE_MESSAGES as C, LAWFUL_CONTRACT_MESSAGES as M } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { PROBATION_REASONS, parseProbationMonths } from '../vocabulary/probation.js'
import { positionCatalogue, type PositionCatalogue } from '../employer/catalogue.js'
import type { ReviewedCause } from '../employer/causes.js'
import { profileSite, siteAllows, siteModalities } from '../employer/sites.js'
import { contractCause, suplenciaCauseIssue, weekShifts } from './causes.js'
import { ageOn, dayMonthYearKey, isDayMonthYear, lastsAtMost, termEnd, todayInLima } from '../vocabulary/dates.js'
import { foldText, formatSoles } from '../vocabulary/format.js'
import { MODALITIES, parseModality, type ModalityCode } from '../vocabulary/modality.js'
import { workingWeek, type WorkingWeek } from '../vocabulary/working-time.js'

/** What the rules need from the employer profile and the clock. */
export interface LawfulContractPolicy {
  /** Today in Lima, `DD/MM/YYYY`. */
  today: string
  /** RMV in soles. */
  minimumWage: number
  /** Working days of the workplace's week (5 or 6): the part-time divisor (Reglamento art. 11). */
  workWeekDays: number
  /** The profile's per-type defaults: modality, and working time for the full-time types. */
  defaults: Record<ContractType, {
    modality?: ModalityCode, probationMonths?: number, workDays?: string, workSchedule?: string
  }>
  /** The profile: its sites and the causes counsel reviewed (§21). */
  profile: EmployerProfile
  /** The position catalogue the annex is printed from (§16). */
  catalogue: PositionCatalogue
}

/** Night work's minimum over the RMV, as a share (D.S. 007-2002-TR art. 8). */
export const NIGHT_SURCHARGE = 0.35
const FULL_WEEK_HOURS = 48

/**
 * The policy of an employer profile on a given day.
 * @param today `DD/MM/YYYY` in Lima (default: now)
 */
export function lawfulContractPolicy (profile: EmployerProfile, today: string = todayInLima()): LawfulContractPolicy {
  return {
    today,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE,
    workWeekDays: profile.workWeekDays ?? 5,
    defaults: contractDefaultsOf(profile),
    catalogue: positionCatalogue(profile),
    profile
  }
}

const defaultsByProfile = new WeakMap<EmployerProfile, LawfulContractPolicy['defaults']>()

/** The profile's per-type defaults as the rules read them (once per profile). */
function contractDefaultsOf (profile: EmployerProfile): LawfulContractPolicy['defaults'] {
  let defaults = defaultsByProfile.get(profile)
  if (defaults !== undefined) return defaults
  defaults = {} as LawfulContractPolicy['defaults']
  for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
    const entry = profile.contractDefaults[type]
    defaults[type] = {
      modality: entry.modality === undefined ? undefined : parseModality(entry.modality),
      probationMonths: entry.probationMonths,
      // part time takes its working time from the record only (§12)
      workDays: type === 'Part Time' ? undefined : entry.workDays,
      workSchedule: type === 'Part Time' ? undefined : entry.workSchedule
    }
  }
  defaultsByProfile.set(profile, defaults)
  return defaults
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

/** The working week of a record (its days and schedule, else the profile's for full time); undefined if unreadable. */
export function recordWorkingWeek (
  record: { contractType: ContractType, workDays?: string, workSchedule?: string }, policy: Pick<LawfulContractPolicy, 'defaults'>
): WorkingWeek | undefined {
  const days = record.workDays ?? policy.defaults[record.contractType].workDays
  const schedule = record.workSchedule ?? policy.defaults[record.contractType].workSchedule
  return days === undefined || schedule === undefined ? undefined : workingWeek(days, schedule)
}

/**
 * The reviewed cause a contract prints (§21), as lawfulContractIssues resolves it: the record's
 * `causeId` (or reviewed `objectiveCause` text), else the one that fits its site, modality, term and
 * working time. Undefined for a suplencia (its cause is the replacement) and for a record the rules
 * refuse.
 */
export function contractCauseOf (
  record: {
    contractType: ContractType,
    modality?: string,
    subDivisionOrParking: string,
    entryDate: string,
    endDate: string,
    workDays?: string,
    workSchedule?: string,
    causeId?: string,
    objectiveCause?: string
  },
  profile: EmployerProfile
): ReviewedCause | undefined {
  const policy = { defaults: contractDefaultsOf(profile) }
  const modality = contractModality(record, policy)
  const workplace = profileSite(profile, record.subDivisionOrParking)
  if (modality === undefined || modality === '61' || workplace === undefined) return undefined
  const week = recordWorkingWeek(record, policy)
  return contractCause(profile, record, {
    site: workplace.name,
    modality,
    from: record.entryDate,
    to: record.endDate,
    shifts: week === undefined ? undefined : weekShifts(week)
  }).cause
}

/** A titular's condition that states an indefinite-term (stable) contract (§15). */
const STABLE = /\b(plazo indeterminado|indeterminad[oa]|estable|permanente)\b/

/** The lowest salary, rounded up to the céntimo: RMV, its share for part time, plus 35 % on the night share. */
export function minimumSalaryWith (
  type: ContractType, weeklyHours: number, nightShare: number, minimumWage: number
): number {
  const base = type === 'Part Time' ? (minimumWage * weeklyHours) / FULL_WEEK_HOURS : minimumWage
  const soles = base * (1 + NIGHT_SURCHARGE * nightShare)
  return Math.ceil(Math.round(soles * 1e6) / 1e4) / 100
}

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
  // §21: a site of the profile that allows the modality; a reviewed cause that fits the contract
  const site = text('subDivisionOrParking')
  const workplace = site === undefined ? undefined : profileSite(policy.profile, site)
  const label = (code: ModalityCode) => `${code} (${MODALITIES[code].name})`
  if (site !== undefined && workplace === undefined) {
    add('subDivisionOrParking', C.unknownSite(site, policy.profile.sites.map(({ name }) => name)))
  } else if (workplace !== undefined && modalityIssue === undefined && modality !== undefined) {
    const causeFields = { causeId: text('causeId'), objectiveCause: text('objectiveCause') }
    if (!siteAllows(workplace, modality)) {
      add('modality', C.modalityNotAtSite(workplace.name, label(modality), siteModalities(workplace).map(label)))
    } else if (modality === '61') {
      const issue = suplenciaCauseIssue(causeFields, policy.profile)
      if (issue !== undefined) add(issue.field, issue.message)
    } else {
      const week = recordWorkingWeek({ contractType: type, workDays: text('workDays'), workSchedule: text('workSchedule') }, policy)
      const { issue } = contractCause(policy.profile, causeFields, {
        site: workplace.name,
        modality,
        from: entryDate,
        to: endDate,
        shifts: week === undefined ? undefined : weekShifts(week)
      })
      if (issue !== undefined) add(issue.field, issue.message)
    }
  }

  // §12: working time
  issues.push(...workingTimeIssues(fields, type, policy, at))

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

/**
 * The working time of a record (§12), shared by contracts and adendas: part time states its days and
 * schedule; both can be read; the weekly total agrees with them within 15 minutes and is at most 48;
 * part time averages under four hours a day over the workplace's week; night work is paid at
 * least the RMV (or its share) plus 35 % on the night share (D.S. 007-2002-TR art. 8).
 * @param at the field path of a field name
 * @param partTimeMessage the refusal of a part-time record without days or schedule; null to accept it
 */
export function workingTimeIssues (
  fields: Record<string, unknown>, type: ContractType, policy: LawfulContractPolicy, at: (field: string) => string,
  partTimeMessage: string | null = M.partTimeNeedsWorkingTime
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const add = (field: string, message: string) => issues.push({ field: at(field), message })
  const text = (field: string) => (typeof fields[field] === 'string' ? fields[field] : undefined)
  const workDays = text('workDays')
  const workSchedule = text('workSchedule')
  if (type === 'Part Time' && partTimeMessage !== null) {
    if (workDays === undefined) add('workDays', partTimeMessage)
    if (workSchedule === undefined) add('workSchedule', partTimeMessage)
  }
  if (workDays !== undefined && workingWeek(workDays, '00:00-01:00') === undefined) add('workDays', M.workDaysUnreadable)
  if (workSchedule !== undefined && workingWeek('lunes', workSchedule) === undefined) add('workSchedule', M.workScheduleUnreadable)
  const week = recordWorkingWeek({ contractType: type, workDays, workSchedule }, policy)
  const declared = typeof fields.weeklyHours === 'number' ? fields.weeklyHours : undefined
  const weeklyHours = declared ?? week?.weeklyHours
  const hours = (value: number) => String(Math.round(value * 100) / 100)
  if (week !== undefined && declared !== undefined && Math.abs(declared - week.weeklyHours) > 0.25) {
    add('weeklyHours', M.hoursMismatch(hours(week.weeklyHours)))
  } else if (weeklyHours !== undefined && weeklyHours > FULL_WEEK_HOURS) {
    add(declared === undefined ? 'workSchedule' : 'weeklyHours', M.weeklyMaximum)
  } else if (type === 'Part Time' && weeklyHours !== undefined && weeklyHours / policy.workWeekDays >= 4) {
    add('weeklyHours', M.partTimeFourHours(hours(weeklyHours), policy.workWeekDays, hours(weeklyHours / policy.workWeekDays)))
  }
  const salary = typeof fields.salary === 'number' && fields.salary > 0 ? fields.salary : undefined
  if (week !== undefined && week.nightShare > 0 && salary !== undefined && weeklyHours !== undefined) {
    const minimum = minimumSalaryWith(type, weeklyHours, week.nightShare, policy.minimumWage)
    if (salary < minimum) add('salary', M.belowNightMinimum(formatSoles(minimum)))
  }

  return issues
}
