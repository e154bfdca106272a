import { Type, type Static } from '@sinclair/typebox'
import { EmployeeSchema } from './employee.js'
import { stringEnum } from './common.js'

/**
 * Employee records as the report exports take them (spec endpoints 6-8, "fields used: …"): each
 * export validates exactly the fields it prints, all required, with the Employee record's rules
 * and messages. Nightly jobs may send only those fields; a full record is accepted too and its
 * other fields are dropped before the handler (`additionalProperties: false` with Ajv's
 * `removeAdditional`), so neither they nor rules between them (D10 on a photocheck) can fail an
 * export. The Subsidio rules (D11) do not apply: no export prints those fields.
 */
const employeeFields = Type.Required(Type.Object(EmployeeSchema.properties)) // sex and birthDate too (D21)

const IGNORED_FIELDS = 'Otros campos del registro de empleado se aceptan y se ignoran.'
const itemOptions = (title: string) => ({ title, description: IGNORED_FIELDS, additionalProperties: false })

const PERSON = ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position'] as const

/** Endpoint 6, Vida Ley: name, surnames, dni, position, salary, entryDate, birthDate, sex. */
export const LawLifeEmployeeSchema = Type.Pick(employeeFields, [...PERSON, 'salary', 'entryDate', 'birthDate', 'sex'], itemOptions('Empleado (Vida Ley)'))
export type LawLifeEmployee = Static<typeof LawLifeEmployeeSchema>

/** Endpoint 7, SCTR: the Vida Ley fields plus endDate (Fecha cese). */
export const SctrEmployeeSchema = Type.Pick(employeeFields, [...PERSON, 'salary', 'sex', 'entryDate', 'birthDate', 'endDate'], itemOptions('Empleado (SCTR)'))
export type SctrEmployee = Static<typeof SctrEmployeeSchema>

/** Endpoint 8, photocheck: name, surnames, dni, position, subDivisionOrParking. */
export const PhotocheckEmployeeSchema = Type.Pick(employeeFields, [...PERSON, 'subDivisionOrParking'], itemOptions('Empleado (fotocheck)'))
export type PhotocheckEmployee = Static<typeof PhotocheckEmployeeSchema>

/** OpenAPI description of a binary file reply (the body is bytes, not JSON). */
export function fileResponse (mediaType: string, description: string) {
  return {
    description,
    content: { [mediaType]: { schema: Type.String({ format: 'binary' }) } }
  }
}

/** `?format=xlsx` on endpoint 8: the same list as `Fotocheck.xlsx`, the DNI a text cell (D23). */
export const PhotocheckQuerySchema = Type.Object({
  format: Type.Optional(stringEnum(['csv', 'xlsx'], {
    description: '`csv` (por defecto, el de la especificación) o `xlsx` (la misma lista, el DNI como texto)',
    'x-messages': { required: "format debe ser 'csv' o 'xlsx'", invalid: "format debe ser 'csv' o 'xlsx'" }
  }))
})
