/**
 * The AcroForm field names our templates use, which of them each template must have (checked at
 * start-up), and the value of every field for one employee (README "Contracts").
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { cleanText, dateInWords, formatSoles, fullName } from './format.js'

/** The five templates, by id; each id is also the template's file name without `.pdf`. */
export const TEMPLATE_IDS = ['contrato-planilla', 'contrato-part-time', 'contrato-subsidio', 'tratamiento-datos', 'anexo'] as const
export type TemplateId = typeof TEMPLATE_IDS[number]

/** Every field a template may hold. */
export const FIELD_NAMES = [
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
export type FieldName = typeof FIELD_NAMES[number]
export type FieldValues = Record<FieldName, string>

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
  anexo: [...EMPLOYER_BLOCK, ...WORKER_BLOCK, 'position', 'subDivisionOrParking', ...SIGNING]
}

/** The contract template of a contract type (spec: three contract types). */
export const CONTRACT_TEMPLATE: Record<Employee['contractType'], TemplateId> = {
  Planilla: 'contrato-planilla',
  'Part Time': 'contrato-part-time',
  Subsidio: 'contrato-subsidio'
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
    employerName: text(employer.legalName),
    employerRuc: text(employer.ruc),
    employerAddress: text(employer.address),
    employerRepresentative: text(employer.representative.name),
    employerRepresentativeDni: text(employer.representative.dni),
    employerRepresentativeRole: text(employer.representative.role),
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
