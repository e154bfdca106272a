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
  modalityText, objectiveCauseText,
  nightWorkText, processorsText, videoSurveillanceText, workstationText, probationText, signingDate, weeklyHoursText
} from './contract-terms.js'
import { todayInLima } from '../vocabulary/dates.js'
import { parseModality } from '../vocabulary/modality.js'
import { workingWeek } from '../vocabulary/working-time.js'
import { recordPosition } from '../employer/catalogue.js'
import { causeById } from '../employer/causes.js'

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
  'weeklyHours', 'workDays', 'workSchedule', 'probationaryPeriod', 'benefits',
  // Subsidio (D11: optional ones print blank)
  'replacementFor', 'replacedWorkerDni', 'replacedWorkerPosition', 'reasonForSubstitution', 'timeForCompany', 'workingCondition',
  // personal data notice (§6)
  'dataBankName', 'dataBankCode', 'dataArcoEmail', 'dataOfficer', 'dataRecipients', 'dataTransfers', 'dataRetention',
  'dataProcessors', 'dataVideo',
  // annex (§7, §16)
  'positionFunctions', 'positionRisks', 'positionEquipment', 'positionWorkstation', 'iperc', 'internalRules',
  // place and date of signing (§3)
  'signingCity', 'signingDate', 'signingDateWords'
] as const
/**
 * Fields only the adenda holds: its division, the original contract's term and the extension, the
 * update of the reviewed cause and the salary compared with the original one (§21, §28).
 */
const ADDENDUM_FIELD_NAMES = [
  'division', 'start', 'startWords', 'end', 'endWords', 'startAddendum', 'startAddendumWords', 'endAddendum', 'endAddendumWords',
  'originalSigningDateWords', 'workingTime', 'causeUpdate', 'salaryChange'
] as const
/** Every field a template may hold. */
export const FIELD_NAMES = [...CONTRACT_FIELD_NAMES, ...ADDENDUM_FIELD_NAMES] as const
export type FieldName = typeof FIELD_NAMES[number]
/**
 * Fields whose values come from the employer profile or the contract type, so that many documents
 * print the same ones: the engine keeps their drawings (src/pdf/fill.ts). Any field may be listed
 * without harm to the output; a field whose values change with every employee only costs memory.
 */
export const SHARED_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  'employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni', 'employerRepresentativeRole',
  'employerRepresentativePowers', 'employerActivity', 'employerRegime',
  'position', 'subDivisionOrParking', 'contractType', 'modality', 'weeklyHours', 'workDays', 'workSchedule', 'probationaryPeriod', 'benefits',
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
const CONDITIONS: FieldName[] = ['modality', 'position', 'subDivisionOrParking', 'entryDateWords', 'endDateWords', 'salary', 'salaryInWords', 'weeklyHours', 'workDays', 'workSchedule', 'benefits']
const SUBSIDIO: FieldName[] = ['replacementFor', 'replacedWorkerDni', 'replacedWorkerPosition', 'reasonForSubstitution', 'probationaryPeriod']
const NOTICE: FieldName[] = ['dataBankName', 'dataBankCode', 'dataArcoEmail', 'dataRecipients', 'dataRetention', 'dataProcessors', 'dataVideo']

const REQUIRED_BY_DOCUMENT: Record<DocumentId, readonly FieldName[]> = {
  'contrato-planilla': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, 'objectiveCause', 'probationaryPeriod', ...SIGNING],
  'contrato-part-time': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, 'objectiveCause', ...SIGNING],
  'contrato-subsidio': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, ...SUBSIDIO, ...SIGNING],
  'tratamiento-datos': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...NOTICE, ...SIGNING],
  anexo: [
    ...EMPLOYER_BLOCK, ...WORKER_BLOCK, 'position', 'subDivisionOrParking', 'iperc',
    'positionFunctions', 'positionRisks', 'positionEquipment', 'positionWorkstation', 'internalRules', ...SIGNING
  ]
}
const ADDENDUM_REQUIRED: readonly FieldName[] = [
  ...EMPLOYER_BLOCK, 'fullName', 'dni', 'address', 'district', 'province', 'department',
  'entryDate', 'start', 'end', 'startAddendum', 'endAddendum', 'division', 'salary', 'salaryInWords', ...SIGNING,
  'modality', 'position', 'originalSigningDateWords', 'workingTime', 'objectiveCause', 'causeUpdate', 'salaryChange'
]

/** Fields each template must have; a template without one of them stops start-up. */
export const REQUIRED_FIELDS = Object.fromEntries([
  ...DOCUMENT_IDS.flatMap((id) => [[id, REQUIRED_BY_DOCUMENT[id]], [`${id}-f`, REQUIRED_BY_DOCUMENT[id]]]),
  ['adenda', ADDENDUM_REQUIRED],
  ['adenda-f', ADDENDUM_REQUIRED]
]) as Record<TemplateId, readonly FieldName[]>

/** The contract document of a contract type (spec: three contract types). */
export const CONTRACT_DOCUMENT: Record<Employee['contractType'], DocumentId> = {
  Planilla: 'contrato-planilla',
  'Part Time': 'contrato-part-time',
  Subsidio: 'contrato-subsidio'
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

/** The variant of a document for a worker: feminine when `sex` says so (D21), else masculine. */
export function templateFor (document: DocumentId, employee: Pick<ImportedEmployee, 'sex'>): TemplateId {
  // the record's sex is canonical here (D8: `F` or `Femenino`); no import of the normaliser, which
  // would load TypeBox into every PDF worker
  return employee.sex === 'F' || employee.sex === 'Femenino' ? `${document}-f` : document
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

/** The annex's fields of one catalogue position (§7, §16). */
function positionFieldValues (entry: PositionEntry) {
  return {
    positionFunctions: cleanText(lettered(entry.functions)),
    positionRisks: cleanText(lettered(entry.risks)),
    positionEquipment: cleanText(equipmentText(entry)),
    positionWorkstation: cleanText(workstationText(entry)),
    iperc: cleanText(ipercText(entry))
  }
}

interface ProfileCache {
  values: ReturnType<typeof profileFieldValues>
  byEntry: WeakMap<PositionEntry, ReturnType<typeof positionFieldValues>>
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
 * The annex's fields for a record's catalogue position (by `positionProfile`, else by `position`).
 * @throws Error when the catalogue has none: every route refuses such a record first (§16)
 */
function positionValues (
  employee: Pick<ImportedEmployee, 'position' | 'positionProfile'>, employer: EmployerProfile
): ReturnType<typeof positionFieldValues> {
  const found = recordPosition(employee, employer)
  if (found === undefined) throw new Error('El cargo no está en el catálogo de puestos del empleador')
  const cache = profileCache(employer)
  let values = cache.byEntry.get(found.entry)
  if (values === undefined) cache.byEntry.set(found.entry, values = positionFieldValues(found.entry))
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
  const defaults = employer.contractDefaults[employee.contractType]
  const partTime = employee.contractType === 'Part Time'
  // part time states its own working time; the full-time types may take the profile's (§12)
  const workDays = employee.workDays ?? (partTime ? undefined : defaults.workDays)
  const workSchedule = employee.workSchedule ?? (partTime ? undefined : defaults.workSchedule)
  const week = workDays === undefined || workSchedule === undefined ? undefined : workingWeek(workDays, workSchedule)
  const weeklyHours = employee.weeklyHours ?? week?.weeklyHours ?? defaults.weeklyHours
  const signing = signingDate(employee, today)
  const position = cleanText(employee.position)
  return {
    ...profileCache(employer).values,
    ...positionValues(employee, employer),
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
    contractType: employee.contractType,
    modality: modalityText(employee, employer),
    salary: formatSoles(employee.salary),
    salaryInWords: text(employee.salaryInWords) || amountInWords(employee.salary),
    entryDate: employee.entryDate,
    entryDateWords: dateInWords(employee.entryDate),
    endDate: employee.endDate,
    endDateWords: dateInWords(employee.endDate),
    // a suplencia's cause is the replacement, in its own cells (§4)
    objectiveCause: employee.contractType === 'Subsidio' ? '' : cleanText(objectiveCauseText(employee, employer)),
    weeklyHours: weeklyHours === undefined ? '' : weeklyHoursText(weeklyHours),
    workDays: text(workDays),
    workSchedule: [text(workSchedule).replace(/\.$/, ''), nightWorkText(week)].filter(Boolean).join('. '),
    probationaryPeriod: text(probationText(employee, employer)),
    benefits: benefitsText(employee.contractType, employer.laborRegime),
    replacementFor: text(employee.replacementFor),
    replacedWorkerDni: text(employee.replacedWorkerDni),
    replacedWorkerPosition: text(employee.replacedWorkerPosition),
    reasonForSubstitution: text(employee.reasonForSubstitution),
    timeForCompany: text(employee.timeForCompany),
    workingCondition: text(employee.workingCondition),
    signingDate: signing,
    signingDateWords: dateInWords(signing)
  }
}

/** The values of an adenda: its fields plus the shared ones it prints (employer, worker, salary, signing). */
export type AddendumFieldValues = Record<typeof ADDENDUM_FIELD_NAMES[number] | 'fullName' | 'dni' | 'address' | 'district' | 'province' | 'department' |
  'modality' | 'position' | 'objectiveCause' | 'salary' | 'salaryInWords' | 'entryDate' | 'entryDateWords' | 'signingCity' | 'signingDate' | 'signingDateWords' | keyof ReturnType<typeof employerFieldValues>, string>

/**
 * The working time an adenda states (DOCUMENT-REQUIREMENTS §17): a part-time one restates its hours, days and
 * schedule (Reglamento arts. 11-13); any other states the record's days and schedule when given,
 * else keeps the contract's.
 */
function addendumWorkingTimeText (addendum: AddendumRequest): string {
  const { workDays, workSchedule } = addendum
  const week = workDays === undefined || workSchedule === undefined ? undefined : workingWeek(workDays, workSchedule)
  const hours = addendum.weeklyHours ?? week?.weeklyHours
  const parts = [
    hours === undefined ? undefined : weeklyHoursText(hours),
    workDays,
    workSchedule?.replace(/\.$/, '')
  ].filter((part): part is string => part !== undefined)
  if (parts.length === 0) return 'La pactada en EL CONTRATO.'
  const partTime = addendum.contractType === 'Part Time'
    ? ' A tiempo parcial: menos de cuatro horas diarias en promedio (artículo 4 de la LPCL y artículo 11 del D.S. 001-96-TR).'
    : ''
  return [`${parts.join(', ')}.${partTime}`, nightWorkText(week)].filter(Boolean).join(' ')
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
  return `Menor que la anterior, de ${original}: EL TRABAJADOR acepta expresamente esta reducción, acordada en esta adenda ` +
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
    position: cleanText(addendum.position),
    originalSigningDateWords: addendum.originalSigningDate === undefined
      ? 'la que consta en EL CONTRATO'
      : dateInWords(addendum.originalSigningDate),
    workingTime: cleanText(addendumWorkingTimeText(addendum)),
    objectiveCause: cause !== undefined
      ? cleanText(cause.text)
      : addendum.modality !== undefined && parseModality(addendum.modality) === '61'
        ? 'El reemplazo de la persona suplida indicada en EL CONTRATO, cuya ausencia subsiste (artículo 61 de la LPCL).'
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
