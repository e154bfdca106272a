/**
 * The AcroForm field names our templates use, which of them each template must have (checked at
 * start-up), and the value of every field for one employee (docs/documents.md, "Fields").
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile, PositionEntry } from '../../schemas/employer-profile.js'
import { cleanText, dateInWords, formatSoles, fullName } from '../vocabulary/format.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import { amountInWords } from '../vocabulary/salary-words.js'
import {
  MODALITY_NAMES, REGIME_NAMES, benefitsText, recordModality, equipmentText, internalRulesText, ipercText, lettered,
  modalityText, objectiveCauseText, risksText, sunExposed,
  processorsText, videoSurveillanceText, workstationText, printedProbationText, signingDate, weeklyHoursText,
  workingTimeTermsText, nightWorkRisksText, probationJustificationText, substitutionGroundText,
  suplenciaAddendumCauseText, workplaceText,
  TITULAR_CONDITION_TEXT
} from './contract-terms.js'
import { todayInLima } from '../vocabulary/dates.js'
import { daylightOverlap, workingTimeText } from '../vocabulary/working-time.js'
import {
  isRecordWorkingTime, partTimeTest, readRecordWorkingTime, workingTimePolicy, type RecordWorkingTime
} from '../employees/working-time-rules.js'
import { titularIsStable } from '../employees/lawful-contract.js'
import { printedPosition, recordPosition } from '../employer/catalogue.js'
import { profileSite } from '../employer/sites.js'
import { parseModality } from '../vocabulary/modality.js'
import { causeById } from '../employer/reviewed-causes.js'

/**
 * The contract documents, by id; each id is also the template's file name without `.pdf`. Every
 * document has a masculine and a feminine variant (`-f`), chosen by the worker's `sex` (D21;
 * masculine when unknown), so that the clauses read "LA TRABAJADORA" for a woman
 * (DOCUMENT-REQUIREMENTS §10).
 */
export const DOCUMENT_IDS = ['contrato-planilla', 'contrato-part-time', 'contrato-subsidio', 'tratamiento-datos', 'anexo'] as const
export type DocumentId = typeof DOCUMENT_IDS[number]
/**
 * Every template: the ten contract documents and the adenda's two variants (the feminine one when
 * the addendum record says `sex`: F, DOCUMENT-REQUIREMENTS §17).
 */
export const TEMPLATE_IDS = [...DOCUMENT_IDS.flatMap((id) => [id, `${id}-f`] as const), 'adenda', 'adenda-f'] as const
export type TemplateId = DocumentId | `${DocumentId}-f` | 'adenda' | 'adenda-f'

/** Every field a contract, consent or annex template may hold. */
const CONTRACT_FIELD_NAMES = [
  // employer block (employer profile, §8)
  'employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni', 'employerRepresentativeRole',
  'employerRepresentativePowers', 'employerActivity', 'employerRegime',
  // worker block
  'fullName', 'name', 'lastNameFather', 'lastNameMother', 'dni', 'address', 'district', 'province', 'department', 'email', 'birthDate', 'sex',
  // contract conditions
  'position', 'subDivisionOrParking', 'contractType', 'modality', 'salary', 'salaryInWords',
  'entryDate', 'entryDateWords', 'endDate', 'endDateWords', 'objectiveCause',
  'weeklyHours', 'workDays', 'workSchedule', 'workingTimeTerms', 'probationaryPeriod', 'benefits',
  // the place of work with its address, the probation's justification (§24, §26)
  'workplace', 'probationJustification',
  // Subsidio (D11: optional ones print blank); its ground (§25)
  'replacementFor', 'replacedWorkerDni', 'replacedWorkerPosition', 'reasonForSubstitution', 'timeForCompany', 'workingCondition',
  'substitutionGround',
  // personal data notice (§6)
  'dataBankName', 'dataBankCode', 'dataArcoEmail', 'dataOfficer', 'dataRecipients', 'dataTransfers', 'dataRetention',
  'dataProcessors', 'dataVideo',
  // annex (§7, §16)
  'positionFunctions', 'positionRisks', 'positionEquipment', 'positionWorkstation', 'iperc', 'internalRules',
  // the annex's night-work risks (§27)
  'nightWorkRisks',
  // place and date of signing (§3)
  'signingCity', 'signingDate', 'signingDateWords'
] as const
/**
 * Fields only the adenda holds: its division, the original contract's term and the extension, the
 * update of the reviewed cause and the salary compared with the original one (§21, §28).
 */
const ADDENDUM_FIELD_NAMES = [
  'division', 'start', 'startWords', 'end', 'endWords', 'startAddendum', 'startAddendumWords', 'endAddendum', 'endAddendumWords',
  'originalSigningDateWords', 'workingTime', 'workingTimeTerms', 'causeUpdate', 'salaryChange'
] as const
/**
 * Fields of every document that do not come from its record: the footer's verification code, on
 * every page (docs/registry.md), drawn by the renderer from the code the registry gave the document.
 */
const DOCUMENT_FIELD_NAMES = ['verificationCode'] as const
/** Every field a template may hold. */
export const FIELD_NAMES = [...CONTRACT_FIELD_NAMES, ...ADDENDUM_FIELD_NAMES, ...DOCUMENT_FIELD_NAMES] as const
export type FieldName = typeof FIELD_NAMES[number]
/**
 * Fields whose values come from the employer profile or the contract type, so that many documents
 * print the same ones: the engine keeps their drawings (src/pdf/fill.ts). Any field may be listed
 * without harm to the output; a field whose values change with every employee only costs memory.
 */
export const SHARED_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  'employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni', 'employerRepresentativeRole',
  'employerRepresentativePowers', 'employerActivity', 'employerRegime',
  'position', 'subDivisionOrParking', 'workplace', 'contractType', 'modality', 'weeklyHours', 'workDays', 'workSchedule',
  'workingTimeTerms', 'probationaryPeriod', 'probationJustification', 'nightWorkRisks', 'benefits',
  'dataBankName', 'dataBankCode', 'dataArcoEmail', 'dataOfficer', 'dataRecipients', 'dataTransfers', 'dataRetention',
  'dataProcessors', 'dataVideo',
  'positionFunctions', 'positionRisks', 'positionEquipment', 'positionWorkstation', 'iperc', 'internalRules',
  'signingCity', 'signingDate', 'signingDateWords'
])

/** The values of one employee's contract documents. */
export type FieldValues = Record<typeof CONTRACT_FIELD_NAMES[number], string>

const EMPLOYER_BLOCK: FieldName[] = ['employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni']
const WORKER_BLOCK: FieldName[] = ['fullName', 'dni', 'address', 'district', 'province', 'department', 'email']
const SIGNING: FieldName[] = ['signingCity', 'signingDateWords']
const CONDITIONS: FieldName[] = [
  'modality', 'position', 'workplace', 'entryDateWords', 'endDateWords', 'salary', 'salaryInWords', 'weeklyHours', 'workDays',
  'workSchedule', 'workingTimeTerms', 'benefits'
]
const SUBSIDIO: FieldName[] = [
  'replacementFor', 'replacedWorkerDni', 'replacedWorkerPosition', 'substitutionGround', 'probationaryPeriod', 'probationJustification'
]
const NOTICE: FieldName[] = ['dataBankName', 'dataBankCode', 'dataArcoEmail', 'dataRecipients', 'dataRetention', 'dataProcessors', 'dataVideo']

const REQUIRED_BY_DOCUMENT: Record<DocumentId, readonly FieldName[]> = {
  'contrato-planilla': [
    ...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, 'objectiveCause', 'probationaryPeriod', 'probationJustification', ...SIGNING
  ],
  'contrato-part-time': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, 'objectiveCause', ...SIGNING],
  'contrato-subsidio': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, ...SUBSIDIO, ...SIGNING],
  'tratamiento-datos': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...NOTICE, ...SIGNING],
  anexo: [
    ...EMPLOYER_BLOCK, ...WORKER_BLOCK, 'position', 'workplace', 'iperc',
    'positionFunctions', 'positionRisks', 'nightWorkRisks', 'positionEquipment', 'positionWorkstation', 'internalRules', ...SIGNING
  ]
}
const ADDENDUM_REQUIRED: readonly FieldName[] = [
  ...EMPLOYER_BLOCK, 'fullName', 'dni', 'address', 'district', 'province', 'department',
  'entryDate', 'start', 'end', 'startAddendum', 'endAddendum', 'division', 'salary', 'salaryInWords', ...SIGNING,
  'modality', 'position', 'originalSigningDateWords', 'workingTime', 'workingTimeTerms', 'objectiveCause', 'causeUpdate', 'salaryChange'
]

/**
 * Fields each template must have; a template without one of them stops start-up. Every template
 * holds the verification code: an issued document that cannot be checked is not issued.
 */
export const REQUIRED_FIELDS = Object.fromEntries([
  ...DOCUMENT_IDS.flatMap((id) => [
    [id, [...REQUIRED_BY_DOCUMENT[id], ...DOCUMENT_FIELD_NAMES]], [`${id}-f`, [...REQUIRED_BY_DOCUMENT[id], ...DOCUMENT_FIELD_NAMES]]
  ]),
  ['adenda', [...ADDENDUM_REQUIRED, ...DOCUMENT_FIELD_NAMES]],
  ['adenda-f', [...ADDENDUM_REQUIRED, ...DOCUMENT_FIELD_NAMES]]
]) as Record<TemplateId, readonly FieldName[]>

/** What a preview's footer prints instead of a code: a preview is recorded nowhere and cannot be checked. */
export const PREVIEW_FOOTER = 'Vista previa: sin código de verificación'

/**
 * The footer's `verificationCode` field: `Código de verificación: XXXX-XXXX` for a document the
 * registry recorded (its code, src/registry/verification-codes.ts verificationCode), PREVIEW_FOOTER without one.
 */
export function verificationFooter (code: string | undefined): string {
  return code === undefined ? PREVIEW_FOOTER : `Código de verificación: ${code}`
}

/** The contract document of a contract type (spec: three contract types). */
export const CONTRACT_DOCUMENT: Record<Employee['contractType'], DocumentId> = {
  Planilla: 'contrato-planilla',
  'Part Time': 'contrato-part-time',
  Subsidio: 'contrato-subsidio'
}

/** A record's working time (§22) under the profile's rules; undefined when it has none it can read. */
function recordWorkingTime (employee: ImportedEmployee, employer: EmployerProfile): RecordWorkingTime | undefined {
  const fields = employee as unknown as Record<string, unknown>
  const read = readRecordWorkingTime(fields, employee.contractType, workingTimePolicy(employer))
  return isRecordWorkingTime(read) ? read : undefined
}

/** Whether a record's working time averages under four hours a day over the workplace's week (§23); Part Time is. */
function isPartTime (
  employee: ImportedEmployee, employer: EmployerProfile, working: RecordWorkingTime | undefined
): boolean {
  if (employee.contractType === 'Part Time') return true
  return working !== undefined && partTimeTest(working.facts, employer.ordinaryWeek).partTime
}

/**
 * The contract document of a record: its type's (CONTRACT_DOCUMENT), except a Planilla under four
 * hours a day on average, which is a part-time contract and prints its text (DOCUMENT-REQUIREMENTS §23).
 */
export function contractDocument (employee: ImportedEmployee, employer: EmployerProfile): DocumentId {
  if (employee.contractType === 'Planilla' && isPartTime(employee, employer, recordWorkingTime(employee, employer))) {
    return 'contrato-part-time'
  }
  return CONTRACT_DOCUMENT[employee.contractType]
}

/** The employer block and the place of signing, from the employer profile (every template prints them, §8). */
export function employerFieldValues (employer: EmployerProfile) {
  return {
    employerName: cleanText(employer.legalName),
    employerRuc: cleanText(employer.ruc),
    employerAddress: cleanText(employer.address),
    employerRepresentative: cleanText(employer.representative.name),
    employerRepresentativeDni: cleanText(employer.representative.dni),
    employerRepresentativeRole: cleanText(employer.representative.role),
    employerRepresentativePowers: cleanText(employer.representative.powers),
    employerActivity: cleanText(employer.businessActivity),
    employerRegime: REGIME_NAMES[employer.laborRegime]
  }
}

/** Whether a record's worker is a woman (its sex is canonical here, D8: `F` or `Femenino`). */
export function isFemale (record: { sex?: string }): boolean {
  // no import of the normaliser, which would load TypeBox into every PDF worker
  return record.sex === 'F' || record.sex === 'Femenino'
}

/** The variant of a document for a worker: feminine when `sex` says so (D21), else masculine. */
export function templateFor (document: DocumentId, employee: Pick<ImportedEmployee, 'sex'>): TemplateId {
  return isFemale(employee) ? `${document}-f` : document
}

/** The adenda's template for a worker: feminine when `sex` says so (D21), else masculine (as templateFor). */
export function addendumTemplateFor (addendum: { sex?: string }): 'adenda' | 'adenda-f' {
  return isFemale(addendum) ? 'adenda-f' : 'adenda'
}

/**
 * Whether a working week touches the night (22:00-06:00): the annex then lists night work's risks
 * (§27). The one place the annex reads the working-time vocabulary.
 */
export function touchesNight (working: RecordWorkingTime | undefined): boolean {
  return working !== undefined && working.facts.nightShare > 0
}

/**
 * Whether a working week has daylight hours (06:00-18:00, DAYLIGHT): some shift works at least one
 * hour in them (a night shift that ends at 06:45 does not). A record without a readable working time
 * counts as having them (§38: the sunscreen is not left out on a guess).
 */
export function hasDaylightHours (working: RecordWorkingTime | undefined): boolean {
  return working === undefined || working.facts.shifts.some(({ start, end }) => daylightOverlap(start, end) >= 60)
}

/** Employee fields that are optional in some records (spreadsheet import, D11) and print blank when missing. */
type OptionalText = string | undefined

/**
 * The fields that depend on the employer profile alone (employer block, data notice, internal
 * rules, place of signing), cleaned once per profile: every document of every employee prints them.
 */
function profileFieldValues (employer: EmployerProfile) {
  const data = employer.dataProtection
  const text = (value: OptionalText) => (value === undefined ? '' : cleanText(value))
  return {
    ...employerFieldValues(employer),
    dataBankName: text(data.bankName),
    dataBankCode: text(data.registrationCode),
    dataArcoEmail: text(data.arcoEmail),
    dataOfficer: text(data.officer ?? 'No se ha designado; las solicitudes se atienden en el correo indicado.'),
    dataRecipients: cleanText(lettered(data.recipients)),
    dataTransfers: text(data.transfers),
    dataRetention: text(data.retention),
    dataProcessors: cleanText(processorsText(data.processors)),
    dataVideo: cleanText(videoSurveillanceText(data.videoSurveillance)),
    internalRules: internalRulesText(employer),
    signingCity: text(employer.signingCity)
  }
}

/** The annex's fields of one catalogue position (§7, §16), its sun risks and sunscreen only when `sun` (§38). */
function positionFieldValues (entry: PositionEntry, sun: boolean) {
  return {
    positionFunctions: cleanText(lettered(entry.functions)),
    positionRisks: cleanText(risksText(entry, sun)),
    positionEquipment: cleanText(equipmentText(entry, sun)),
    positionWorkstation: cleanText(workstationText(entry)),
    iperc: cleanText(ipercText(entry))
  }
}

interface ProfileCache {
  values: ReturnType<typeof profileFieldValues>
  /** Each position's values, in the sun (`true`) and out of it (`false`). */
  byEntry: WeakMap<PositionEntry, Map<boolean, ReturnType<typeof positionFieldValues>>>
}

/** The profile's values and positions, computed on first use; a profile is never changed once loaded. */
const profiles = new WeakMap<EmployerProfile, ProfileCache>()

function profileCache (employer: EmployerProfile): ProfileCache {
  let cache = profiles.get(employer)
  if (cache === undefined) {
    cache = { values: profileFieldValues(employer), byEntry: new WeakMap() }
    profiles.set(employer, cache)
  }
  return cache
}

/**
 * The annex's fields for a record's catalogue position (by `positionProfile`, else by `position`),
 * at its site and in its working time (sunExposed, §38).
 * @throws Error when the catalogue has none: every route refuses such a record first (§16)
 */
function positionValues (
  employee: Pick<ImportedEmployee, 'position' | 'positionProfile' | 'subDivisionOrParking'>, employer: EmployerProfile,
  working: RecordWorkingTime | undefined
): ReturnType<typeof positionFieldValues> {
  const found = recordPosition(employee, employer)
  if (found === undefined) throw new Error('El cargo no está en el catálogo de puestos del empleador')
  const openAir = profileSite(employer, employee.subDivisionOrParking)?.openAir
  const sun = sunExposed(found.entry, openAir, hasDaylightHours(working))
  const cache = profileCache(employer)
  let variants = cache.byEntry.get(found.entry)
  if (variants === undefined) cache.byEntry.set(found.entry, variants = new Map())
  let values = variants.get(sun)
  if (values === undefined) variants.set(sun, values = positionFieldValues(found.entry, sun))
  return values
}

/**
 * The text of every field for one employee, as it is drawn (already cleaned to one line).
 * @param employee a validated record (schemas/employee.ts); Subsidio's optional fields may be missing (D11)
 * @param today the day of generation in Lima, `DD/MM/YYYY`: the signing date when none is given (§3, §11)
 */
export function fieldValues (
  employee: ImportedEmployee, employer: EmployerProfile, today: string = todayInLima()
): FieldValues {
  const text = (value: OptionalText) => (value === undefined ? '' : cleanText(value))
  // the structure, the record's text read into one, or the profile's default for full time; printed
  // as canonical text generated from it, never as the record's text (§22)
  const working = recordWorkingTime(employee, employer)
  const partTime = isPartTime(employee, employer, working)
  const schedule = working === undefined ? undefined : workingTimeText(working.time)
  const signing = signingDate(employee, today)
  const position = cleanText(printedPosition(employee, employer, isFemale(employee)) ?? employee.position)
  const entry = recordPosition(employee, employer)?.entry
  const site = profileSite(employer, employee.subDivisionOrParking)
  return {
    ...profileCache(employer).values,
    ...positionValues(employee, employer, working),
    fullName: fullName(employee),
    name: text(employee.name),
    lastNameFather: text(employee.lastNameFather),
    lastNameMother: text(employee.lastNameMother),
    dni: employee.dni,
    address: text(employee.address),
    district: text(employee.district),
    province: text(employee.province),
    department: text(employee.department),
    email: text(employee.email),
    birthDate: text(employee.birthDate),
    sex: text(employee.sex),
    position,
    subDivisionOrParking: text(employee.subDivisionOrParking),
    workplace: cleanText(workplaceText(employee.subDivisionOrParking, site?.address)),
    contractType: employee.contractType,
    modality: modalityText(employee, employer, partTime),
    salary: formatSoles(employee.salary),
    salaryInWords: text(employee.salaryInWords) || amountInWords(employee.salary),
    entryDate: employee.entryDate,
    entryDateWords: dateInWords(employee.entryDate),
    endDate: employee.endDate,
    endDateWords: dateInWords(employee.endDate),
    // a suplencia's cause is the replacement, in its own cells (§4)
    objectiveCause: employee.contractType === 'Subsidio' ? '' : cleanText(objectiveCauseText(employee, employer)),
    weeklyHours: working === undefined ? '' : weeklyHoursText(working.facts),
    workDays: schedule?.days ?? '',
    workSchedule: schedule?.schedule ?? '',
    // a Planilla under four hours prints the Part Time contract, whose own clause says it is part time
    workingTimeTerms: workingTimeTermsText(working?.facts, partTime && employee.contractType === 'Subsidio', partTime),
    probationaryPeriod: text(printedProbationText(employee, employer)),
    probationJustification: cleanText(probationJustificationText(employee, entry, position, employer)),
    nightWorkRisks: cleanText(nightWorkRisksText(touchesNight(working))),
    benefits: benefitsText(partTime, employer.laborRegime),
    replacementFor: text(employee.replacementFor),
    replacedWorkerDni: text(employee.replacedWorkerDni),
    replacedWorkerPosition: text(employee.replacedWorkerPosition),
    reasonForSubstitution: text(employee.reasonForSubstitution),
    timeForCompany: text(employee.timeForCompany),
    // the fact the rules checked (the titular is stable, §25), never the words typed; blank when none (D11)
    workingCondition: employee.workingCondition !== undefined && titularIsStable(employee.workingCondition) ? TITULAR_CONDITION_TEXT : '',
    // only the ground that applies (§25); the reason's free text is not printed
    substitutionGround: employee.contractType === 'Subsidio' ? cleanText(substitutionGroundText(employee)) : '',
    signingDate: signing,
    signingDateWords: dateInWords(signing)
  }
}

/** The values of an adenda: its fields plus the shared ones it prints (employer, worker, salary, signing). */
export type AddendumFieldValues = Record<typeof ADDENDUM_FIELD_NAMES[number] | 'fullName' | 'dni' | 'address' | 'district' | 'province' | 'department' |
  'modality' | 'position' | 'objectiveCause' | 'salary' | 'salaryInWords' | 'entryDate' | 'entryDateWords' | 'signingCity' | 'signingDate' | 'signingDateWords' | keyof ReturnType<typeof employerFieldValues>, string>

/**
 * The working time an adenda states (DOCUMENT-REQUIREMENTS §17, §22): a part-time one restates its
 * hours, days and schedule (Reglamento arts. 11-13); any other states them when the record gives a
 * working time, else keeps the contract's. Generated from the structure, with its terms (an
 * atypical schedule, the refrigerio, part time, night work) as clause text.
 */
function addendumWorkingTimeText (
  addendum: AddendumRequest, employer: EmployerProfile
): { time: string, terms: string } {
  const type = addendum.contractType ?? 'Planilla'
  const policy = workingTimePolicy(employer)
  // a full-time adenda without its own working time keeps the contract's, never the profile's default
  const stated = [addendum.workingTime, addendum.workDays, addendum.workSchedule].some((value) => value !== undefined)
  const read = stated ? readRecordWorkingTime(addendum as unknown as Record<string, unknown>, type, policy) : undefined
  if (!isRecordWorkingTime(read)) return { time: 'La pactada en EL CONTRATO.', terms: 'Los pactados en EL CONTRATO.' }
  const { days, schedule } = workingTimeText(read.time)
  const partTime = type === 'Part Time' || partTimeTest(read.facts, policy.ordinaryWeek).partTime
  return { time: `${weeklyHoursText(read.facts)}, ${days}: ${schedule}.`, terms: workingTimeTermsText(read.facts, partTime) }
}

/**
 * The new salary beside the original one (DOCUMENT-REQUIREMENTS §28; LPCL art. 30 b): the same, higher,
 * or lower by the worker's express agreement (the rules refuse a lower one not agreed).
 */
function salaryChangeText (addendum: AddendumRequest): string {
  if (typeof addendum.originalSalary !== 'number') return '' // an upload row measured before its document is asked for
  const original = formatSoles(addendum.originalSalary)
  if (addendum.salary > addendum.originalSalary) return `Mayor que la anterior, de ${original}.`
  if (addendum.salary === addendum.originalSalary) return `Igual a la anterior, de ${original}.`
  const worker = isFemale(addendum) ? 'LA TRABAJADORA' : 'EL TRABAJADOR' // as the gendered template names the party
  return `Menor que la anterior, de ${original}: ${worker} acepta expresamente esta reducción, acordada en esta adenda ` +
    '(Ley N.º 9463); no es una reducción inmotivada (artículo 30, literal b, de la LPCL).'
}

/**
 * The text of every field of one adenda. The worker is `worker` and `documentNumber` (printed in
 * the `fullName` and `dni` fields the signature block shares with the contracts); the salary in
 * words is the record's, or written from `salary` when absent (D22). The cause printed is the text
 * of the contract's reviewed cause (`causeId`, §21), followed by its update (`causeUpdate`).
 * @param addendum a validated addendum record (schemas/addendum.ts, AddendumRequestSchema)
 * @param signingDate the day of generation, `DD/MM/YYYY`: the signing date printed when the record
 *   gives none (its own `signingDate`, §28; never backdated, §3)
 * The adenda rules refuse a record without a reviewed cause or original salary before it is drawn; an
 * upload row measured for its texts (src/documents/printable.ts) may still lack them, and gets blanks.
 */
export function addendumFieldValues (
  addendum: AddendumRequest, employer: EmployerProfile, today: string
): AddendumFieldValues {
  const workingTime = addendumWorkingTimeText(addendum, employer)
  const cause = typeof addendum.causeId === 'string' ? causeById(employer, addendum.causeId) : undefined
  const signingDate = addendum.signingDate ?? today
  return {
    ...employerFieldValues(employer),
    fullName: cleanText(addendum.worker),
    dni: addendum.documentNumber,
    address: cleanText(addendum.address),
    district: cleanText(addendum.district),
    province: cleanText(addendum.province),
    department: cleanText(addendum.department),
    division: cleanText(addendum.division),
    entryDate: addendum.entryDate,
    entryDateWords: dateInWords(addendum.entryDate),
    start: addendum.start,
    startWords: dateInWords(addendum.start),
    end: addendum.end,
    endWords: dateInWords(addendum.end),
    startAddendum: addendum.startAddendum,
    startAddendumWords: dateInWords(addendum.startAddendum),
    endAddendum: addendum.endAddendum,
    endAddendumWords: dateInWords(addendum.endAddendum),
    modality: MODALITY_NAMES[recordModality({ contractType: addendum.contractType ?? 'Planilla', modality: addendum.modality }, employer)],
    position: cleanText(printedPosition(addendum, employer, isFemale(addendum)) ?? addendum.position),
    originalSigningDateWords: addendum.originalSigningDate === undefined
      ? 'la que consta en EL CONTRATO'
      : dateInWords(addendum.originalSigningDate),
    workingTime: cleanText(workingTime.time),
    workingTimeTerms: workingTime.terms,
    objectiveCause: cause !== undefined
      ? cleanText(cause.text)
      : addendum.modality !== undefined && parseModality(addendum.modality) === '61'
        ? cleanText(suplenciaAddendumCauseText(addendum))
        : '',
    causeUpdate: typeof addendum.causeUpdate === 'string' ? cleanText(addendum.causeUpdate) : '',
    salary: formatSoles(addendum.salary),
    salaryChange: cleanText(salaryChangeText(addendum)),
    salaryInWords: cleanText(addendum.salaryInWords ?? amountInWords(addendum.salary)),
    signingCity: cleanText(employer.signingCity),
    signingDate,
    signingDateWords: dateInWords(signingDate)
  }
}
