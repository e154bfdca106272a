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
 *   src/employees/contract-causes.ts);
 * - working time read from the structure or the days and schedule (working-time-rules.ts: §12, §22,
 *   §23): rest, refrigerio, at most 48 hours on average, the declared total to the minute, part time
 *   under four hours a day over the workplace's ordinary week, night work at RMV + 35 %;
 * - probation in months or days, over three months only with a reason the catalogue gives the
 *   position, ending before the contract; none in part time (§14, §24);
 * - a suplencia names the stable titular it replaces, in the same post, and one ground of a closed
 *   list (§15, §25); the sex and birth date are given (§26); no minors (§20);
 * - the position is one of the catalogue, whose annex applies (§16).
 * Each rule reads only fields the schema already typed, so a schema error is never doubled.
 */
import type { ContractType } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import {
  ANNEX_MESSAGES, CAUSE_MESSAGES, LAWFUL_CONTRACT_MESSAGES, PROBATION_MESSAGES, SUPLENCIA_MESSAGES, WORKER_MESSAGES
} from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import {
  PROBATION_REASONS, PROBATION_REASON_CODES, STATUTORY_PROBATION_MONTHS, parseProbation, parseProbationReason,
  probationInWords, probationLastDay
} from '../vocabulary/probation.js'
import {
  SUBSTITUTION_GROUNDS, SUPPORT_DOCUMENT_KINDS, documentReference, namesNoSuplencia, recogniseGround,
  substitutionGround, supportDocumentKind
} from '../vocabulary/substitution.js'
import { positionCatalogue, type CataloguePosition, type PositionCatalogue } from '../employer/catalogue.js'
import { causeById, type ReviewedCause } from '../employer/reviewed-causes.js'
import { profileSite, siteAllows, siteModalities } from '../employer/sites.js'
import { contractCause, suplenciaCauseIssue, weekShifts } from './contract-causes.js'
import {
  addMonths, ageOn, dayMonthYearKey, isDayMonthYear, lastsAtMost, termEnd, termEndWithin, todayInLima
} from '../vocabulary/dates.js'
import { foldText } from '../vocabulary/format.js'
import { MODALITIES, modalityInWords, parseModality, type ModalityCode } from '../vocabulary/modality.js'
import {
  isRecordWorkingTime, readRecordWorkingTime, workingTimeIssues, workingTimePolicy, type WorkingTimePolicy
} from './working-time-rules.js'

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
  /** The profile: its sites and the causes counsel reviewed (§21). */
  profile: EmployerProfile
  /** The position catalogue the annex is printed from (§16). */
  catalogue: PositionCatalogue
}

/**
 * The policy of an employer profile on a given day.
 * @param today `DD/MM/YYYY` in Lima (default: now)
 */
export function lawfulContractPolicy (profile: EmployerProfile, today: string = todayInLima()): LawfulContractPolicy {
  return {
    today,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE,
    workingTime: workingTimePolicy(profile),
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
      probationMonths: entry.probationMonths
    }
  }
  defaultsByProfile.set(profile, defaults)
  return defaults
}

const isContractType = (value: unknown): value is ContractType =>
  value === 'Planilla' || value === 'Part Time' || value === 'Subsidio'

/**
 * The modality of a record: its own `modality`; a Subsidio's suplencia (61); the modality of the
 * reviewed cause its `causeId` names (§34: the modality follows the cause); else the profile's for
 * its type. Undefined when the record names none that exists, or none is set.
 */
export function contractModality (
  record: { contractType: ContractType, modality?: string, causeId?: string },
  policy: Pick<LawfulContractPolicy, 'defaults'> & { profile?: EmployerProfile }
): ModalityCode | undefined {
  if (record.modality !== undefined) return parseModality(record.modality)
  if (record.contractType === 'Subsidio') return '61'
  const { causeId } = record
  const cause = causeId === undefined || policy.profile === undefined ? undefined : causeById(policy.profile, causeId)
  return cause?.modality ?? policy.defaults[record.contractType].modality
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
    workingTime?: unknown,
    causeId?: string,
    objectiveCause?: string
  },
  profile: EmployerProfile
): ReviewedCause | undefined {
  const policy = { defaults: contractDefaultsOf(profile), profile }
  const modality = contractModality(record, policy)
  const workplace = profileSite(profile, record.subDivisionOrParking)
  if (modality === undefined || modality === '61' || workplace === undefined) return undefined
  const fields = record as Record<string, unknown>
  const working = readRecordWorkingTime(fields, record.contractType, workingTimePolicy(profile))
  return contractCause(profile, record, {
    site: workplace.name,
    modality,
    from: record.entryDate,
    to: record.endDate,
    shifts: isRecordWorkingTime(working) ? weekShifts(working.facts) : undefined
  }).cause
}

/** A titular's condition that states an indefinite-term (stable) contract (§15, §25). */
const STABLE = /\b(plazo indeterminado|indeterminad[oa]|indefinid[oa]|estable|permanente)\b/
/** What makes a condition naming stability say the opposite: a negation, or a fixed term named beside it. */
const NOT_STABLE = /\b(no|ni|sin|temporal|plazo fijo|sujet[oa] a modalidad|modal|eventual)\b/

/**
 * Whether a titular's working condition, as HR wrote it, says the titular is stable (LPCL art. 61);
 * the contract then prints the fact (TITULAR_CONDITION_TEXT), not the words.
 */
export function titularIsStable (condition: string): boolean {
  const folded = foldText(condition)
  return STABLE.test(folded) && !NOT_STABLE.test(folded)
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
  if (signing !== undefined && dayMonthYearKey(signing) < dayMonthYearKey(today)) add('signingDate', LAWFUL_CONTRACT_MESSAGES.signingBeforeToday(today))
  else if (signing !== undefined && entryDate !== undefined && dayMonthYearKey(signing) > dayMonthYearKey(entryDate)) {
    add('signingDate', LAWFUL_CONTRACT_MESSAGES.signingAfterEntry)
  }
  if (entryDate !== undefined && dayMonthYearKey(entryDate) < dayMonthYearKey(today)) add('entryDate', LAWFUL_CONTRACT_MESSAGES.entryBeforeToday(today))

  // §16: the annex of a known position
  const positionProfile = text('positionProfile')
  const position = text('position')
  const { catalogue } = policy
  if (positionProfile !== undefined) {
    if (catalogue.byKey(positionProfile.trim()) === undefined) {
      add('positionProfile', LAWFUL_CONTRACT_MESSAGES.unknownPositionProfile(catalogue.positions.map(({ key }) => key)))
    }
  } else if (position !== undefined && catalogue.byName(position) === undefined) {
    add('position', LAWFUL_CONTRACT_MESSAGES.positionOutsideCatalogue(catalogue.positions.map(({ name }) => name)))
  }

  // §20: no minors
  const birthDate = date('birthDate')
  if (birthDate !== undefined && entryDate !== undefined && ageOn(birthDate, entryDate) < 18) add('birthDate', LAWFUL_CONTRACT_MESSAGES.minor(entryDate))
  if (type === undefined) return issues // not a contract record (a session reference, or one the schema refuses)

  // §26: who the worker is
  if (fields.sex === undefined) add('sex', WORKER_MESSAGES.sexRequired('contrato'))
  if (fields.birthDate === undefined) add('birthDate', WORKER_MESSAGES.birthDateRequired('contrato'))

  // §13: modality and cause; §11: its maximum term
  const modalityText = text('modality')
  const modality = contractModality({ contractType: type, modality: modalityText, causeId: text('causeId') }, policy)
  const modalityIssue = modalityText !== undefined && modality === undefined
    ? LAWFUL_CONTRACT_MESSAGES.unknownModality
    : type === 'Subsidio' && modality !== '61'
      ? LAWFUL_CONTRACT_MESSAGES.subsidioIsSuplencia
      : type !== 'Subsidio' && modality === '61' ? LAWFUL_CONTRACT_MESSAGES.suplenciaIsSubsidio : modality === undefined ? LAWFUL_CONTRACT_MESSAGES.modalityRequired : undefined
  if (modalityIssue !== undefined) add('modality', modalityIssue)
  if (modalityIssue === undefined && modality !== undefined && entryDate !== undefined && endDate !== undefined) {
    const { maxMonths } = MODALITIES[modality]
    if (!lastsAtMost(entryDate, endDate, maxMonths)) {
      add('endDate', LAWFUL_CONTRACT_MESSAGES.termTooLong(modalityInWords(modality), maxMonths, termEnd(entryDate, maxMonths))) // within CALENDAR: lastsAtMost was false
    }
  }
  // §21: a site of the profile that allows the modality; a reviewed cause that fits the contract
  const site = text('subDivisionOrParking')
  const workplace = site === undefined ? undefined : profileSite(policy.profile, site)
  const label = modalityInWords
  if (site !== undefined && workplace === undefined) {
    add('subDivisionOrParking', CAUSE_MESSAGES.unknownSite(site, policy.profile.sites.map(({ name }) => name)))
  } else if (workplace !== undefined && modalityIssue === undefined && modality !== undefined) {
    const causeFields = { causeId: text('causeId'), objectiveCause: text('objectiveCause') }
    if (!siteAllows(workplace, modality)) {
      add('modality', CAUSE_MESSAGES.modalityNotAtSite(workplace.name, label(modality), siteModalities(workplace).map(label)))
    } else if (modality === '61') {
      const issue = suplenciaCauseIssue(causeFields, policy.profile)
      if (issue !== undefined) add(issue.field, issue.message)
    } else {
      const working = readRecordWorkingTime(fields, type, policy.workingTime)
      const { issue } = contractCause(policy.profile, causeFields, {
        site: workplace.name,
        modality,
        from: entryDate,
        to: endDate,
        shifts: isRecordWorkingTime(working) ? weekShifts(working.facts) : undefined
      })
      if (issue !== undefined) add(issue.field, issue.message)
    }
  }

  // §12, §22, §23: working time
  issues.push(...workingTimeIssues(
    fields, type, policy.workingTime, at, LAWFUL_CONTRACT_MESSAGES.partTimeNeedsWorkingTime))

  // §14, §24: probation
  issues.push(...probationIssues(fields, type, entryDate, endDate, recordEntry(fields, catalogue), at))

  // §15, §25: suplencia
  if (type === 'Subsidio') issues.push(...suplenciaIssues(fields, recordEntry(fields, catalogue), at, today))
  return issues
}

/**
 * What the upload warns about a record it keeps, which is the employer's process and not the worker's
 * contract (§27): the position's risk assessment (IPERC) more than 12 months old on the start date
 * (D.S. 005-2012-TR art. 77, as amended by D.S. 002-2020-TR). On `positionProfile` when the record
 * names its entry by key, else on `position`.
 * @param prefix field path prefix, as lawfulContractIssues
 */
export function lawfulContractWarnings (
  record: unknown, prefix: string, policy: LawfulContractPolicy
): ValidationIssue[] {
  if (record === null || typeof record !== 'object') return []
  const { fields, issues, add, date } = recordReader(record, prefix)
  const entry = recordEntry(fields, policy.catalogue)
  const entryDate = date('entryDate')
  if (entry === undefined || entryDate === undefined) return issues
  const { code, date: ipercDate } = entry.entry.iperc
  const yearLater = isDayMonthYear(ipercDate) ? addMonthsWithin(ipercDate, 12) : undefined
  if (yearLater !== undefined && dayMonthYearKey(entryDate) > dayMonthYearKey(yearLater)) {
    add(typeof fields.positionProfile === 'string' ? 'positionProfile' : 'position', ANNEX_MESSAGES.ipercOutdated(code, ipercDate, entry.name, entryDate))
  }
  return issues
}

/** `date` plus `months`, or undefined past the last day the service computes. */
function addMonthsWithin (date: string, months: number): string | undefined {
  try {
    return addMonths(date, months)
  } catch {
    return undefined
  }
}

/** The catalogue entry of a record (by `positionProfile`, else `position`), if any. */
function recordEntry (fields: Record<string, unknown>, catalogue: PositionCatalogue): CataloguePosition | undefined {
  if (typeof fields.positionProfile === 'string') return catalogue.byKey(fields.positionProfile.trim())
  return typeof fields.position === 'string' ? catalogue.byName(fields.position) : undefined
}

const reasonsOf = (entry: CataloguePosition | undefined) =>
  PROBATION_REASON_CODES.filter((reason) => entry?.entry.probationReasons?.[reason] !== undefined)
const allowedText = (entry: CataloguePosition | undefined) =>
  reasonsOf(entry).map((reason) => `"${reason}" (${PROBATION_MESSAGES.reasonLabel(reason)}, hasta ${PROBATION_REASONS[reason]} meses)`)

/**
 * The probation of a contract (LPCL art. 10; Reglamento arts. 16, 59; §14, §24), in months or days:
 * over three months only with a reason the catalogue gives the position (calificado or confianza up to
 * 6 months, dirección up to 12); always ending before the contract (also a short one: "15 días" in a
 * two-month term); none in part time under four hours a day. A probation asked for is never dropped:
 * it is printed or refused.
 */
function probationIssues (
  fields: Record<string, unknown>, type: ContractType, entryDate: string | undefined, endDate: string | undefined,
  entry: CataloguePosition | undefined, at: (field: string) => string
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const add = (field: string, message: string) => issues.push({ field: at(field), message })
  const stated = typeof fields.probationaryPeriod === 'string' ? fields.probationaryPeriod : undefined
  const reasonText = typeof fields.probationReason === 'string' ? fields.probationReason : undefined
  const probation = stated === undefined ? undefined : parseProbation(stated)
  if (stated !== undefined && probation === undefined) add('probationaryPeriod', PROBATION_MESSAGES.unreadable)
  const reason = reasonText === undefined ? undefined : parseProbationReason(reasonText)
  if (reasonText !== undefined && reason === undefined) add('probationReason', PROBATION_MESSAGES.reasonUnknown)
  if (probation === undefined || probation.count === 0) return issues
  if (entryDate === undefined || endDate === undefined) return issues
  if (type === 'Part Time') {
    add('probationaryPeriod', PROBATION_MESSAGES.partTime)
    return issues
  }
  let last: string
  try {
    last = probationLastDay(entryDate, probation)
  } catch {
    add('probationaryPeriod', PROBATION_MESSAGES.notShorterThanTerm) // past the last day the service computes: longer than any term
    return issues
  }
  // a limit past the last day the service computes is never reached
  const after = (a: string, b: string | undefined) => b !== undefined && dayMonthYearKey(a) > dayMonthYearKey(b)
  if (after(last, termEndWithin(entryDate, STATUTORY_PROBATION_MONTHS))) {
    if (reasonText === undefined) {
      add('probationaryPeriod', PROBATION_MESSAGES.needsReason(probationInWords(probation), allowedText(entry)))
    } else if (reason !== undefined && entry !== undefined && entry.entry.probationReasons?.[reason] === undefined) {
      add('probationReason', PROBATION_MESSAGES.reasonNotForPosition(reason, entry.name, allowedText(entry)))
    } else if (reason !== undefined && after(last, termEndWithin(entryDate, PROBATION_REASONS[reason]))) {
      add('probationaryPeriod', PROBATION_MESSAGES.overReason(reason, PROBATION_REASONS[reason]))
    }
  }
  if (issues.length === 0 && !after(endDate, last)) add('probationaryPeriod', PROBATION_MESSAGES.notShorterThanTerm)
  return issues
}

/** The suplencia's grounds as a message lists them: by name, never by code (what HR reads, §25). */
const groundList = () => SUBSTITUTION_GROUNDS.map(({ name }) => name)

/**
 * A suplencia (LPCL arts. 12, 61, 77; §15, §25): the titular named in full, stable, in the post that is
 * covered and not the worker; one ground from the closed list (src/vocabulary/substitution.ts), given
 * or recognised unambiguously in the reason's text; never a resignation, dismissal or vacancy; the term
 * within the absence, whose expected end `absenceTo` is required (§37); the supporting document
 * structured (supportDocumentIssues); no cause of the causes catalogue.
 */
function suplenciaIssues (
  fields: Record<string, unknown>, entry: CataloguePosition | undefined, at: (field: string) => string, today: string
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const add = (field: string, message: string) => issues.push({ field: at(field), message })
  const text = (field: string) => (typeof fields[field] === 'string' ? fields[field] : undefined)
  for (const field of ['replacedWorkerDni', 'replacedWorkerPosition', 'workingCondition', 'probationaryPeriod'] as const) {
    if (fields[field] === undefined) add(field, LAWFUL_CONTRACT_MESSAGES.suplenciaRequired[field])
  }
  const condition = text('workingCondition')
  if (condition !== undefined && !titularIsStable(condition)) add('workingCondition', SUPLENCIA_MESSAGES.titularNotStable)

  const groundText = text('substitutionGround')
  const reasonText = text('reasonForSubstitution')
  if (groundText !== undefined) {
    if (namesNoSuplencia(groundText)) add('substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(groundList()))
    else if (substitutionGround(groundText) === undefined) add('substitutionGround', SUPLENCIA_MESSAGES.groundUnknown(groundList()))
    else if (reasonText !== undefined && namesNoSuplencia(reasonText)) add('reasonForSubstitution', SUPLENCIA_MESSAGES.noSuplencia(groundList()))
  } else if (reasonText !== undefined) {
    const recognised = recogniseGround(reasonText)
    if (recognised.kind === 'noSuplencia') add('substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(groundList()))
    else if (recognised.kind === 'several') {
      add('substitutionGround', SUPLENCIA_MESSAGES.groundAmbiguous(recognised.grounds.map(({ name }) => name), groundList()))
    } else if (recognised.kind === 'none') add('substitutionGround', SUPLENCIA_MESSAGES.groundNotRecognised(groundList()))
  }

  if (typeof fields.replacedWorkerDni === 'string' && fields.replacedWorkerDni === fields.dni) {
    add('replacedWorkerDni', SUPLENCIA_MESSAGES.titularIsWorker)
  }
  const titularPosition = text('replacedWorkerPosition')
  if (titularPosition !== undefined && entry !== undefined) {
    const ownTitle = text('position')
    const same = positionOf(titularPosition, entry) ||
      (ownTitle !== undefined && foldText(ownTitle) === foldText(titularPosition))
    if (!same) add('replacedWorkerPosition', SUPLENCIA_MESSAGES.titularOtherPosition(entry.name))
  }

  const date = (field: string) => {
    const value = text(field)
    return value !== undefined && isDayMonthYear(value) ? value : undefined
  }
  // §37: the document as structured evidence, never free text; the expected return required
  issues.push(...supportDocumentIssues(fields, today, at))
  if (fields.absenceTo === undefined) add('absenceTo', SUPLENCIA_MESSAGES.absenceToRequired)
  const [from, to, entryDate, endDate] = ['absenceFrom', 'absenceTo', 'entryDate', 'endDate'].map(date)
  const key = dayMonthYearKey
  if (from !== undefined && to !== undefined && key(to) < key(from)) add('absenceTo', SUPLENCIA_MESSAGES.absenceEndsBeforeStart)
  else {
    if (from !== undefined && entryDate !== undefined && key(entryDate) < key(from)) add('entryDate', SUPLENCIA_MESSAGES.startsBeforeAbsence(from))
    if (to !== undefined && endDate !== undefined && key(endDate) > key(to)) add('endDate', SUPLENCIA_MESSAGES.endsAfterAbsence(to))
  }
  return issues
}

/**
 * A suplencia's supporting document (§37; Ley 29733 arts. 2.5, 8), on a contract or its adenda: the
 * free-text `substitutionDocument` is refused (it may carry the titular's health); `supportDocument`
 * has a kind of the closed list (SUPPORT_DOCUMENT_KINDS), a number that reads as a reference only
 * (documentReference: no text after it, no diagnosis) and a date not after today.
 * @returns issues on `substitutionDocument`, `supportDocument.kind`, `.number`, `.date`
 */
export function supportDocumentIssues (
  fields: Record<string, unknown>, today: string, at: (field: string) => string
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const add = (field: string, message: string) => issues.push({ field: at(field), message })
  if (fields.substitutionDocument !== undefined) add('substitutionDocument', SUPLENCIA_MESSAGES.documentAsText)
  const document = fields.supportDocument
  if (document === null || typeof document !== 'object') return issues
  const { kind, number, date } = document as Record<string, unknown>
  if (typeof kind === 'string' && supportDocumentKind(kind) === undefined) {
    add('supportDocument.kind', SUPLENCIA_MESSAGES.documentKindUnknown(SUPPORT_DOCUMENT_KINDS.map(({ name }) => name)))
  }
  if (typeof number === 'string' && documentReference(number) === undefined) {
    add('supportDocument.number', SUPLENCIA_MESSAGES.documentNumberNotReference)
  }
  if (typeof date === 'string' && isDayMonthYear(date) && dayMonthYearKey(date) > dayMonthYearKey(today)) {
    add('supportDocument.date', SUPLENCIA_MESSAGES.documentDateAfterToday(today))
  }
  return issues
}

/** Whether a titular's position names the catalogue entry `entry` (its name, feminine name or an alias). */
function positionOf (position: string, entry: CataloguePosition): boolean {
  const folded = foldText(position)
  return [entry.name, entry.feminineName, ...entry.aliases].some((name) => foldText(name) === folded) ||
    foldText(entry.key) === folded
}
