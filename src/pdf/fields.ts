/**
 * The AcroForm field names our templates use, which of them each template must have (checked at
 * start-up), and the value of every field for one employee (README "Contracts").
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { cleanText, dateInWords, formatSoles, fullName } from './format.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import { amountInWords } from '../employees/salary-words.js'

/** The six templates, by id; each id is also the template's file name without `.pdf`. */
export const TEMPLATE_IDS = ['contrato-planilla', 'contrato-part-time', 'contrato-subsidio', 'tratamiento-datos', 'anexo', 'adenda'] as const
export type TemplateId = typeof TEMPLATE_IDS[number]

/** Every field a contract, consent or annex template may hold. */
const CONTRACT_FIELD_NAMES = [
  // employer block (employer profile)
  'employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni', 'employerRepresentativeRole',
  // worker block
  'fullName', 'name', 'lastNameFather', 'lastNameMother', 'dni', 'address', 'district', 'province', 'department', 'email', 'birthDate', 'sex',
  // contract conditions
  'position', 'subDivisionOrParking', 'contractType', 'salary', 'salaryInWords',
  'entryDate', 'entryDateWords', 'endDate', 'endDateWords',
  // Subsidio (D11: optional ones print blank)
  'replacementFor', 'reasonForSubstitution', 'timeForCompany', 'workingCondition', 'probationaryPeriod',
  // place and date of signing
  'signingCity', 'signingDate', 'signingDateWords'
] as const
/** Fields only the adenda holds: its division, the original contract's term and the extension. */
const ADDENDUM_FIELD_NAMES = [
  'division', 'start', 'startWords', 'end', 'endWords', 'startAddendum', 'startAddendumWords', 'endAddendum', 'endAddendumWords'
] as const
/** Every field a template may hold. */
export const FIELD_NAMES = [...CONTRACT_FIELD_NAMES, ...ADDENDUM_FIELD_NAMES] as const
export type FieldName = typeof FIELD_NAMES[number]
/** The values of one employee's contract documents. */
export type FieldValues = Record<typeof CONTRACT_FIELD_NAMES[number], string>

const EMPLOYER_BLOCK: FieldName[] = ['employerName', 'employerRuc', 'employerAddress', 'employerRepresentative', 'employerRepresentativeDni']
const WORKER_BLOCK: FieldName[] = ['fullName', 'dni', 'address', 'district', 'province', 'department', 'email']
const SIGNING: FieldName[] = ['signingCity', 'signingDateWords']
const CONDITIONS: FieldName[] = ['position', 'subDivisionOrParking', 'entryDate', 'endDate', 'salary', 'salaryInWords']
const SUBSIDIO: FieldName[] = ['replacementFor', 'reasonForSubstitution', 'timeForCompany', 'workingCondition', 'probationaryPeriod']

/** Fields each template must have; a template without one of them stops start-up. */
export const REQUIRED_FIELDS: Record<TemplateId, readonly FieldName[]> = {
  'contrato-planilla': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, ...SIGNING],
  'contrato-part-time': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, ...SIGNING],
  'contrato-subsidio': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...CONDITIONS, ...SUBSIDIO, ...SIGNING],
  'tratamiento-datos': [...EMPLOYER_BLOCK, ...WORKER_BLOCK, ...SIGNING],
  anexo: [...EMPLOYER_BLOCK, ...WORKER_BLOCK, 'position', 'subDivisionOrParking', ...SIGNING],
  adenda: [
    ...EMPLOYER_BLOCK, 'fullName', 'dni', 'address', 'district', 'province', 'department',
    'entryDate', 'start', 'end', 'startAddendum', 'endAddendum', 'division', 'salary', 'salaryInWords', ...SIGNING
  ]
}

/** The contract template of a contract type (spec: three contract types). */
export const CONTRACT_TEMPLATE: Record<Employee['contractType'], TemplateId> = {
  Planilla: 'contrato-planilla',
  'Part Time': 'contrato-part-time',
  Subsidio: 'contrato-subsidio'
}

/** The employer block and the place of signing, from the employer profile (every template prints them). */
export function employerFieldValues (employer: EmployerProfile) {
  return {
    employerName: cleanText(employer.legalName),
    employerRuc: cleanText(employer.ruc),
    employerAddress: cleanText(employer.address),
    employerRepresentative: cleanText(employer.representative.name),
    employerRepresentativeDni: cleanText(employer.representative.dni),
    employerRepresentativeRole: cleanText(employer.representative.role)
  }
}

/** Employee fields that are optional in some records (spreadsheet import, D11) and print blank when missing. */
type OptionalText = string | undefined

/**
 * The text of every field for one employee, as it is drawn (already cleaned to one line).
 * The place and date of signing are the employer's signing city and the contract's start date.
 * @param employee a validated record (schemas/employee.ts); Subsidio's optional fields may be missing (D11)
 */
export function fieldValues (employee: ImportedEmployee, employer: EmployerProfile): FieldValues {
  const text = (value: OptionalText) => (value === undefined ? '' : cleanText(value))
  return {
    ...employerFieldValues(employer),
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
    position: text(employee.position),
    subDivisionOrParking: text(employee.subDivisionOrParking),
    contractType: employee.contractType,
    salary: formatSoles(employee.salary),
    salaryInWords: text(employee.salaryInWords),
    entryDate: employee.entryDate,
    entryDateWords: dateInWords(employee.entryDate),
    endDate: employee.endDate,
    endDateWords: dateInWords(employee.endDate),
    replacementFor: text(employee.replacementFor),
    reasonForSubstitution: text(employee.reasonForSubstitution),
    timeForCompany: text(employee.timeForCompany),
    workingCondition: text(employee.workingCondition),
    probationaryPeriod: text(employee.probationaryPeriod),
    signingCity: text(employer.signingCity),
    signingDate: employee.entryDate,
    signingDateWords: dateInWords(employee.entryDate)
  }
}

/** The values of an adenda: its fields plus the shared ones it prints (employer, worker, salary, signing). */
export type AddendumFieldValues = Record<typeof ADDENDUM_FIELD_NAMES[number] | 'fullName' | 'dni' | 'address' | 'district' | 'province' | 'department' |
  'salary' | 'salaryInWords' | 'entryDate' | 'entryDateWords' | 'signingCity' | 'signingDate' | 'signingDateWords' | keyof ReturnType<typeof employerFieldValues>, string>

/**
 * The text of every field of one adenda. The worker is `worker` and `documentNumber` (printed in
 * the `fullName` and `dni` fields the signature block shares with the contracts); the salary in
 * words is the record's, or written from `salary` when absent (D22).
 * @param addendum a validated addendum record (schemas/addendum.ts, AddendumRequestSchema)
 * @param signingDate the real day of signature, `DD/MM/YYYY` (legal requirements, section 3: never backdated)
 */
export function addendumFieldValues (addendum: AddendumRequest, employer: EmployerProfile, signingDate: string): AddendumFieldValues {
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
    salary: formatSoles(addendum.salary),
    salaryInWords: cleanText(addendum.salaryInWords ?? amountInWords(addendum.salary)),
    signingCity: cleanText(employer.signingCity),
    signingDate,
    signingDateWords: dateInWords(signingDate)
  }
}
