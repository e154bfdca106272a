/**
 * An earlier contract HR enters once, which the service did not issue (docs/registry.md, LPCL art. 74):
 * the body item of POST /api/workers/{dni}/history, and a row of the upload's HISTORIAL sheet
 * (the same fields and the worker's DNI: docs/import.md, "The HISTORIAL sheet").
 */
import { Type, type Static } from '@sinclair/typebox'
import { dayMonthYearSchema, dniSchema } from './common.js'
import { HISTORY_IMPORT_MESSAGES, MESSAGES, REGISTRY_MESSAGES } from './messages.js'

const entryProperties = {
  modality: Type.String({ minLength: 1, maxLength: 60, 'x-messages': MESSAGES.modality }),
  entryDate: dayMonthYearSchema(MESSAGES.entryDate),
  endDate: dayMonthYearSchema(MESSAGES.endDate),
  position: Type.String({ minLength: 1, maxLength: 100, 'x-messages': MESSAGES.position })
}

/** `{modality, entryDate, endDate, position, probationMonths?}`: dates DD/MM/YYYY, probation 0-12 months. */
export const HistoryEntrySchema = Type.Object({
  ...entryProperties,
  probationMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 12, 'x-messages': { required: '', invalid: REGISTRY_MESSAGES.historyProbationMonths } }))
}, { additionalProperties: false })

/** A HISTORIAL row: the entry and its worker's DNI (8 digits). */
export const HistoryRowSchema = Type.Object({
  dni: dniSchema(MESSAGES.dni),
  ...entryProperties,
  probationMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 12, 'x-messages': { required: '', invalid: HISTORY_IMPORT_MESSAGES.probationMonths } }))
}, { additionalProperties: false })
export type HistoryRow = Static<typeof HistoryRowSchema>
