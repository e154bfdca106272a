import { Type, type Static } from '@sinclair/typebox'
import { dniSchema, stringEnum } from './common.js'
import { CONTRACT_MESSAGES, MESSAGES } from './messages.js'
import { PreviewEmployeeSchema } from './employee.js'

/** D3 session mode: a DNI of an earlier upload's session; `format` file (PDF) or base64 (JSON). */
export const PreviewSessionSchema = Type.Object({
  sessionId: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    'x-messages': CONTRACT_MESSAGES.sessionId
  }),
  dni: dniSchema(MESSAGES.dni),
  format: Type.Optional(stringEnum(['file', 'base64'], { default: 'file', 'x-messages': CONTRACT_MESSAGES.format }))
})
export type PreviewSession = Static<typeof PreviewSessionSchema>

/** The documents a preview shows (`?document=`); the contract by default (spec endpoint 3). */
export const PREVIEW_DOCUMENTS = ['contrato', 'tratamiento-datos', 'anexo'] as const

/** The preview's query: which of the employee's three documents, each marked "Vista previa" and never recorded. */
export const PreviewQuerySchema = Type.Object({
  document: Type.Optional(stringEnum(PREVIEW_DOCUMENTS, { default: 'contrato', 'x-messages': CONTRACT_MESSAGES.previewDocument }))
})

/** The preview body: a full employee record (spec endpoint 3) or the session mode (D3). */
export const PreviewBodySchema = Type.Union([PreviewEmployeeSchema, PreviewSessionSchema])

/** D3 `format: base64` reply. */
export const PreviewBase64ReplySchema = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    dni: Type.String(),
    pdfBase64: Type.String({ contentEncoding: 'base64', contentMediaType: 'application/pdf' }),
    fileName: Type.String()
  })
})
