import { Type, type Static, type TOptional } from '@sinclair/typebox'
import { dayMonthYearSchema, dniSchema, textSchema } from './common.js'
import { MESSAGES } from './messages.js'
import { PERSON_NAME, SHARED_CONTRACT_FIELDS, SupportDocumentSchema } from './employee.js'

const addendumProperties = {
  division: textSchema(MESSAGES.division, 1, 100),
  documentNumber: dniSchema(MESSAGES.documentNumber),
  worker: textSchema(MESSAGES.worker, 2, 150, PERSON_NAME), // the contract names' letter rule (docs/import.md)
  entryDate: dayMonthYearSchema(MESSAGES.entryDate),
  start: dayMonthYearSchema(MESSAGES.start),
  end: dayMonthYearSchema(MESSAGES.end),
  startAddendum: dayMonthYearSchema(MESSAGES.startAddendum),
  endAddendum: dayMonthYearSchema(MESSAGES.endAddendum),
  address: textSchema(MESSAGES.addendumAddress, 5, 200),
  province: textSchema(MESSAGES.province, 2, 100),
  district: textSchema(MESSAGES.district, 2, 100),
  department: textSchema(MESSAGES.department, 2, 100),
  salary: Type.Number({ minimum: 0.01, maximum: 1e9, multipleOf: 0.01, description: 'soles, céntimos como máximo', 'x-messages': MESSAGES.salary }),
  salaryInWords: textSchema(MESSAGES.salaryInWords, 5, 100)
}

/**
 * Fields beyond the spec's addendum record (DOCUMENT-REQUIREMENTS §17, §28, D22's rule: additive), with the
 * employee record's rules and messages: who (sex: the feminine variant), which contract is extended
 * (type, modality, position, its signing date, its reviewed cause `causeId` and salary
 * `originalSalary`), why the need continues (`causeUpdate`, a full sentence), whether a lower salary
 * was agreed (`salaryReductionAgreed`) and the adenda's own signing date (`signingDate`; the
 * original contract's is `originalSigningDate`); a suplencia's ground, supporting document and
 * new expected end of the absence (`substitutionGround`, `supportDocument`, `absenceTo`, §37).
 * `objectiveCause` is accepted only as a reviewed cause's text (§21).
 */
const contractFields = {
  sex: SHARED_CONTRACT_FIELDS.sex,
  birthDate: SHARED_CONTRACT_FIELDS.birthDate,
  contractType: SHARED_CONTRACT_FIELDS.contractType,
  weeklyHours: SHARED_CONTRACT_FIELDS.weeklyHours,
  workDays: SHARED_CONTRACT_FIELDS.workDays,
  workSchedule: SHARED_CONTRACT_FIELDS.workSchedule,
  workingTime: SHARED_CONTRACT_FIELDS.workingTime,
  modality: SHARED_CONTRACT_FIELDS.modality,
  position: SHARED_CONTRACT_FIELDS.position,
  originalSigningDate: dayMonthYearSchema(MESSAGES.originalSigningDate),
  objectiveCause: SHARED_CONTRACT_FIELDS.objectiveCause,
  causeId: SHARED_CONTRACT_FIELDS.causeId,
  causeUpdate: textSchema(MESSAGES.causeUpdate, 30, 1000),
  originalSalary: Type.Number({ minimum: 0.01, maximum: 1e9, multipleOf: 0.01, description: 'soles, céntimos como máximo', 'x-messages': MESSAGES.originalSalary }),
  salaryReductionAgreed: Type.Boolean({ description: 'SÍ / NO en la hoja', 'x-messages': MESSAGES.salaryReductionAgreed }),
  signingDate: dayMonthYearSchema(MESSAGES.addendumSigningDate),
  // a suplencia's adenda restates its ground, its supporting document and the new expected return (§37)
  substitutionGround: textSchema(MESSAGES.substitutionGround, 1, 100),
  supportDocument: SupportDocumentSchema,
  absenceTo: dayMonthYearSchema(MESSAGES.absenceTo)
}
const optionalContractFields = Object.fromEntries(
  Object.entries(contractFields).map(([key, schema]) => [key, Type.Optional(schema)])
) as { [K in keyof typeof contractFields]: TOptional<typeof contractFields[K]> }

/**
 * One addendum row (spec "Addendum employee record"): changes dates, salary, position or location;
 * the contract fields of DOCUMENT-REQUIREMENTS §17 are optional on the upload.
 */
export const AddendumSchema = Type.Object({
  ...addendumProperties,
  // written from `salary` when absent (D22), as on the document routes: the sheet need not say it
  salaryInWords: Type.Optional(addendumProperties.salaryInWords),
  ...optionalContractFields
}, { $id: 'Addendum' })
export type Addendum = Static<typeof AddendumSchema>

/**
 * The addendum record of the document routes (`POST /api/addendum/preview` and `/download-zip`,
 * D22): the same fields and messages as the import, `salaryInWords` optional (written from
 * `salary` when absent; when present it must state the same amount, src/employees/cross-field-rules.ts); the
 * adenda prints the extended contract's modality, position and the update of its cause, and checks the
 * salary against the original one, so those are required (DOCUMENT-REQUIREMENTS §17, §21, §28); the
 * reviewed cause (`causeId`) is required by the rules but for a suplencia, whose cause is the
 * replacement (src/employees/lawful-addendum.ts).
 */
export const AddendumRequestSchema = Type.Object({
  ...addendumProperties,
  salaryInWords: Type.Optional(addendumProperties.salaryInWords),
  ...optionalContractFields,
  modality: contractFields.modality,
  position: contractFields.position,
  causeUpdate: contractFields.causeUpdate,
  originalSalary: contractFields.originalSalary
})
export type AddendumRequest = Static<typeof AddendumRequestSchema>
