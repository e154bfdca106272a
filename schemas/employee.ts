import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { dayMonthYearSchema, dniSchema, stringEnum, textSchema } from './common.js'
import { MESSAGES, WORKING_TIME_MESSAGES, batchLimitMessage } from './messages.js'

/** The canonical contract types (D7: input is matched ignoring case and spaces, then canonicalised). */
export const CONTRACT_TYPES = ['Planilla', 'Part Time', 'Subsidio'] as const
export type ContractType = typeof CONTRACT_TYPES[number]

/** Accepted sex values after case normalisation (D8). */
export const SEX_VALUES = ['M', 'F', 'Masculino', 'Femenino'] as const

/**
 * A person's name (spec: Latin letters, accented vowels and ñ included, and spaces): letters of
 * the Latin script in Basic Latin, Latin-1 Supplement, Latin Extended-A, the Vietnamese, pinyin
 * and Romanian letters of Latin Extended-B (ơ ư ǎ ș ț) and Latin Extended Additional up to ỹ
 * (Spanish, Portuguese, French, Polish, Vietnamese… names), each optionally followed by combining
 * accents; an
 * apostrophe or ’ between letters (D'Angelo, O’Brien); whitespace between words (printed as one
 * space). Not letters: Roman
 * numerals (Ⅷ), digits, hyphens, fullwidth forms. Compatibility letters (Ǆ, ĳ, ﬁ) are
 * decomposed before validation (src/employees/normalize.ts), so every accepted name is drawn
 * with the documents' fonts and fits its field at the maximum length.
 */
const NAME_LETTER = '(?:(?=[\\u0041-\\u017f\\u01a0\\u01a1\\u01af\\u01b0\\u01cd-\\u01dc\\u0218-\\u021b\\u1e00-\\u1ef9])(?=\\p{Script=Latin})\\p{L}\\p{Mn}*)'
export const PERSON_NAME = { pattern: `^${NAME_LETTER}+(?:(?:\\s+|['’])${NAME_LETTER}+)*$` }

const optionalText = (messages: (typeof MESSAGES)[keyof typeof MESSAGES], maxLength: number) =>
  Type.Optional(textSchema(messages, 1, maxLength))

const subsidioFields = {
  replacementFor: textSchema(MESSAGES.replacementFor, 1, 100),
  reasonForSubstitution: textSchema(MESSAGES.reasonForSubstitution, 1, 200),
  timeForCompany: textSchema(MESSAGES.timeForCompany, 1, 100),
  workingCondition: textSchema(MESSAGES.workingCondition, 1, 100),
  probationaryPeriod: textSchema(MESSAGES.probationaryPeriod, 1, 100)
}

const employeeProperties = {
  name: textSchema(MESSAGES.name, 2, 50, PERSON_NAME),
  lastNameFather: textSchema(MESSAGES.lastNameFather, 2, 50, PERSON_NAME),
  lastNameMother: textSchema(MESSAGES.lastNameMother, 2, 50, PERSON_NAME),
  birthDate: dayMonthYearSchema(MESSAGES.birthDate),
  sex: stringEnum(SEX_VALUES, { 'x-messages': MESSAGES.sex }),
  dni: dniSchema(MESSAGES.dni),
  email: Type.String({ format: 'email', maxLength: 254, 'x-messages': MESSAGES.email }),
  address: textSchema(MESSAGES.address, 1, 200),
  province: textSchema(MESSAGES.province, 2, 100),
  district: textSchema(MESSAGES.district, 2, 100),
  department: textSchema(MESSAGES.department, 2, 100),
  salary: Type.Number({ minimum: 0.01, maximum: 1e9, multipleOf: 0.01, description: 'soles, céntimos como máximo', 'x-messages': MESSAGES.salary }),
  position: textSchema(MESSAGES.position, 1, 100),
  entryDate: dayMonthYearSchema(MESSAGES.entryDate),
  endDate: dayMonthYearSchema(MESSAGES.endDate),
  subDivisionOrParking: textSchema(MESSAGES.subDivisionOrParking, 1, 100),
  contractType: stringEnum(CONTRACT_TYPES, { 'x-messages': MESSAGES.contractType }),
  replacementFor: optionalText(MESSAGES.replacementFor, 100),
  reasonForSubstitution: optionalText(MESSAGES.reasonForSubstitution, 200),
  timeForCompany: optionalText(MESSAGES.timeForCompany, 100),
  workingCondition: optionalText(MESSAGES.workingCondition, 100),
  probationaryPeriod: optionalText(MESSAGES.probationaryPeriod, 100)
}

const weeklyHoursSchema = Type.Number({
  exclusiveMinimum: 0, maximum: 48, multipleOf: 0.01, description: 'horas por semana', 'x-messages': MESSAGES.weeklyHours
})

/** The days a `workingTime` may name: lunes to domingo, with or without accents (src/vocabulary/working-time.ts). */
const WORK_DAY_NAMES = ['lunes', 'martes', 'miércoles', 'miercoles', 'jueves', 'viernes', 'sábado', 'sabado', 'domingo'] as const
const W = WORKING_TIME_MESSAGES
const timeSchema = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', examples: ['08:00'], 'x-messages': W.time })
const workDaysListSchema = Type.Array(Type.Object({
  day: stringEnum(WORK_DAY_NAMES, { 'x-messages': W.day }),
  shifts: Type.Array(Type.Object({ start: timeSchema, end: timeSchema }, { 'x-messages': W.shift }), {
    minItems: 1, maxItems: 4, 'x-messages': W.shifts
  }),
  breakMinutes: Type.Integer({ minimum: 0, maximum: 240, description: 'minutos de refrigerio del día', 'x-messages': W.breakMinutes }),
  breakStart: Type.Optional(timeSchema)
}, { 'x-messages': W.workDay }), { maxItems: 7, 'x-messages': W.days })

/**
 * Working time as a structured week (DOCUMENT-REQUIREMENTS §22): each day worked with its shifts
 * (`HH:MM`; an end not after the start runs past midnight), its refrigerio in minutes and, if known,
 * when it starts; a rotation lists every week of its cycle in the shape of `days` (then `days` is
 * the first week, or empty). The text fields `workDays` and `workSchedule` are read into the same
 * structure (src/vocabulary/working-time.ts); a record sends one form or the other.
 */
export const WorkingTimeSchema = Type.Object({
  days: workDaysListSchema,
  rotation: Type.Optional(Type.Object({
    weeks: Type.Array(Type.Object({ days: workDaysListSchema }, { 'x-messages': W.workDay }), { minItems: 2, maxItems: 8, 'x-messages': W.weeks })
  }, { 'x-messages': W.weeks }))
}, { 'x-messages': W.workingTime })
export type WorkingTimeInput = Static<typeof WorkingTimeSchema>

/**
 * A suplencia's supporting document (DOCUMENT-REQUIREMENTS §37): `kind` a code or name of
 * src/vocabulary/substitution.ts SUPPORT_DOCUMENT_KINDS (`GET /api/profile` `supportDocumentKinds`),
 * `number` its reference only (checked by the rules: no text after it, no diagnosis), `date` DD/MM/YYYY.
 */
export const SupportDocumentSchema = Type.Object({
  kind: textSchema(MESSAGES.supportDocumentKind, 1, 80),
  number: textSchema(MESSAGES.supportDocumentNumber, 1, 40),
  date: dayMonthYearSchema(MESSAGES.supportDocumentDate)
}, { 'x-messages': MESSAGES.supportDocument })

/**
 * Fields beyond the spec's record (D22), all optional: a client that sends only the spec's fields
 * keeps working. What each prints when absent: docs/documents.md, "New record fields (D22)"
 * (src/documents/contract-terms.ts).
 */
const additionalProperties = {
  salaryInWords: Type.Optional(textSchema(MESSAGES.salaryInWords, 5, 100)), // written from salary when absent (D22)
  signingDate: Type.Optional(dayMonthYearSchema(MESSAGES.signingDate)),
  weeklyHours: Type.Optional(weeklyHoursSchema),
  workDays: optionalText(MESSAGES.workDays, 100),
  workSchedule: optionalText(MESSAGES.workSchedule, 200),
  workingTime: Type.Optional(WorkingTimeSchema),
  objectiveCause: Type.Optional(textSchema(MESSAGES.objectiveCause, 30, 1000)),
  replacedWorkerDni: Type.Optional(dniSchema(MESSAGES.replacedWorkerDni)),
  replacedWorkerPosition: optionalText(MESSAGES.replacedWorkerPosition, 100),
  // the contract's modality: 57, 58, 60, 61, 63 or its legal name (src/vocabulary/modality.ts)
  modality: optionalText(MESSAGES.modality, 60),
  // `calificado` or `confianza`: what allows a probation over three months (LPCL art. 10)
  probationReason: optionalText(MESSAGES.probationReason, 20),
  // the key of the profile's position catalogue whose annex applies (src/employer/catalogue.ts)
  positionProfile: optionalText(MESSAGES.positionProfile, 60),
  // a suplencia's ground: a code or name of src/vocabulary/substitution.ts (DOCUMENT-REQUIREMENTS §25)
  substitutionGround: optionalText(MESSAGES.substitutionGround, 100),
  // the former free-text supporting document: refused by the rules, which ask for supportDocument (§37)
  substitutionDocument: optionalText(MESSAGES.substitutionDocument, 150),
  // the document that supports the ground (§37): its kind of the closed list, its number and date; the absence's dates
  supportDocument: Type.Optional(SupportDocumentSchema),
  absenceFrom: Type.Optional(dayMonthYearSchema(MESSAGES.absenceFrom)),
  absenceTo: Type.Optional(dayMonthYearSchema(MESSAGES.absenceTo)),
  // the id of a cause counsel reviewed (the profile's `causes`, DOCUMENT-REQUIREMENTS §21); when absent,
  // the one reviewed cause that fits the site, modality, term and working time (src/employees/contract-causes.ts)
  causeId: optionalText(MESSAGES.causeId, 60)
}

/** JSON Schema `if/then` making fields required when contractType is Subsidio (rules 1-3, D11). */
function whenSubsidio (required: (keyof typeof subsidioFields)[]) {
  const properties = Object.fromEntries(required.map((key) => [key, subsidioFields[key]]))
  return { if: { properties: { contractType: { const: 'Subsidio' } }, required: ['contractType'] }, then: { required, properties } }
}

/** The spec's record and the optional fields beyond it (D22). */
const allProperties = { ...employeeProperties, ...additionalProperties }

/**
 * The field schemas an addendum record shares with an employee's (DOCUMENT-REQUIREMENTS §17: the
 * same rules and messages), as required properties; schemas/addendum.ts makes them optional where it needs.
 */
export const SHARED_CONTRACT_FIELDS = {
  sex: employeeProperties.sex,
  birthDate: employeeProperties.birthDate,
  contractType: employeeProperties.contractType,
  position: employeeProperties.position,
  weeklyHours: weeklyHoursSchema,
  workDays: textSchema(MESSAGES.workDays, 1, 100),
  workSchedule: textSchema(MESSAGES.workSchedule, 1, 200),
  workingTime: WorkingTimeSchema,
  modality: textSchema(MESSAGES.modality, 1, 60),
  objectiveCause: textSchema(MESSAGES.objectiveCause, 30, 1000),
  causeId: textSchema(MESSAGES.causeId, 1, 60)
}

/** Subsidio fields every record needs (rules 1-2, D11). */
const SUBSIDIO_REQUIRED = ['replacementFor', 'reasonForSubstitution'] as const
/** Subsidio fields a preview needs: the document prints them all (rule 3, D11). */
const PREVIEW_SUBSIDIO_REQUIRED = [...SUBSIDIO_REQUIRED, 'timeForCompany', 'workingCondition', 'probationaryPeriod'] as const

/**
 * The record properties with sex and birthDate optional in the schema: spreadsheet rows may omit
 * them (the same sheet feeds the exports, which require them: schemas/reports.ts). Every route that
 * makes a contract requires both through its rules (DOCUMENT-REQUIREMENTS §26, which overrides D21
 * there: src/employees/lawful-contract.ts), and the import lists a row without them in
 * `data.contractIssues`.
 */
const importedEmployeeProperties = {
  ...allProperties,
  sex: Type.Optional(employeeProperties.sex),
  birthDate: Type.Optional(employeeProperties.birthDate)
}

/**
 * One employee record (spec "Employee record", D21, D22): what JSON bodies of the contract and
 * export routes carry. Every field is required but sex and birthDate (D21), the additive fields
 * (D22) and the optional Subsidio ones (TypeBox writes `required` from the properties that are not
 * Type.Optional). Strings arrive trimmed and canonicalised by src/employees/normalize.ts (D7, D8).
 */
export const EmployeeSchema = Type.Object(importedEmployeeProperties, {
  $id: 'Employee',
  allOf: [whenSubsidio([...SUBSIDIO_REQUIRED])] // D11
})
export type Employee = Static<typeof EmployeeSchema>

/** The preview body: Subsidio also needs timeForCompany, workingCondition, probationaryPeriod (rule 3, D11). */
export const PreviewEmployeeSchema = Type.Object(importedEmployeeProperties, {
  allOf: [whenSubsidio([...PREVIEW_SUBSIDIO_REQUIRED])]
})

/**
 * Spreadsheet rows may omit sex and birthDate (spec Employee record, "optional in spreadsheet
 * import"): what the employee import returns and an upload session keeps.
 */
export const ImportedEmployeeSchema = Type.Object(importedEmployeeProperties, {
  allOf: [whenSubsidio([...SUBSIDIO_REQUIRED])]
})
/**
 * A record that may lack sex and birthDate: an imported one, or any Employee (which has them).
 * The documents take this type; a missing value prints blank.
 */
export type ImportedEmployee = Static<typeof ImportedEmployeeSchema>

/**
 * The preview of an employee of an upload session (D3): an imported record that also has the
 * preview's Subsidio fields (rule 3, D11), which an upload may leave out.
 */
export const PreviewImportedEmployeeSchema = Type.Object(importedEmployeeProperties, {
  allOf: [whenSubsidio([...PREVIEW_SUBSIDIO_REQUIRED])]
})

/**
 * A batch of 1..maxItems records (D5). D2's wrapped bodies are unwrapped before validation, so
 * the schema only ever sees the bare array and error paths read `body.<index>.<field>`.
 * @param emptyMessage the route's text for a missing or empty list
 */
export function employeeBatchSchema<T extends TSchema> (item: T, maxItems: number, emptyMessage: string) {
  return Type.Array(item, {
    minItems: 1,
    maxItems,
    'x-messages': { required: emptyMessage, invalid: emptyMessage, type: emptyMessage, maxItems: batchLimitMessage(maxItems) }
  })
}
