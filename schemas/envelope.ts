import { Type, type Static } from '@sinclair/typebox'

/** One field problem (spec "Validation error item"); `row` only on spreadsheet errors. */
export const ValidationIssueSchema = Type.Object({
  row: Type.Optional(Type.Integer({ minimum: 1 })),
  field: Type.String(),
  message: Type.String(),
  header: Type.Optional(Type.String({ description: 'errores de una hoja: el encabezado de la columna en el archivo' })),
  sheet: Type.Optional(Type.String({ description: 'errores de una hoja distinta de la primera (HISTORIAL): su nombre' }))
}, { $id: 'ValidationIssue' })

/** A note on a value an upload read or completed without refusing the row (docs/import.md, "Warnings"). */
export const ImportWarningSchema = Type.Object({
  row: Type.Integer({ minimum: 2 }),
  field: Type.String(),
  header: Type.Optional(Type.String()),
  message: Type.String(),
  scope: Type.Optional(Type.Literal('employer', {
    description: 'Presente cuando el aviso es sobre un proceso del empleador (un IPERC desactualizado), no sobre la fila'
  }))
})

/** The error envelope of every non-2xx JSON reply (spec "Errors", D13, D16, D17). */
export const ErrorEnvelopeSchema = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  data: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  errors: Type.Optional(Type.Union([Type.Array(ValidationIssueSchema), Type.String()])),
  context: Type.Optional(Type.Object({}, { additionalProperties: true }))
}, { $id: 'ErrorEnvelope' })
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>

/** Reply schemas for the error statuses every route can answer, for OpenAPI. */
export const ERROR_RESPONSES = {
  400: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  500: ErrorEnvelopeSchema
} as const
