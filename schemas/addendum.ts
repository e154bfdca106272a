import { Type, type Static } from '@sinclair/typebox'
import { dayMonthYearSchema, dniSchema, textSchema } from './common.js'
import { MESSAGES } from './messages.js'
import { PERSON_NAME } from './employee.js'

const addendumProperties = {
  division: textSchema(MESSAGES.division, 1, 100),
  documentNumber: dniSchema(MESSAGES.documentNumber),
  worker: textSchema(MESSAGES.worker, 2, 150, PERSON_NAME), // the contract names' letter rule (issue 23 item 12)
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

/** One addendum row (spec "Addendum employee record"): changes dates, salary, position or location. */
export const AddendumSchema = Type.Object(addendumProperties, { $id: 'Addendum' })
export type Addendum = Static<typeof AddendumSchema>

/**
 * The addendum record of the document routes (`POST /api/addendum/preview` and `/download-zip`,
 * D22): the same fields and messages as the import, `salaryInWords` optional (written from
 * `salary` when absent; when present it must state the same amount, src/employees/rules.ts).
 */
export const AddendumRequestSchema = Type.Object({
  ...addendumProperties,
  salaryInWords: Type.Optional(addendumProperties.salaryInWords)
})
export type AddendumRequest = Static<typeof AddendumRequestSchema>
