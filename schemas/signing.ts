/**
 * The signing flow's request and answer shapes (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39).
 */
import { Type } from '@sinclair/typebox'
import { ErrorEnvelopeSchema, ERROR_RESPONSES } from './envelope.js'
import { stringEnum } from './common.js'
import { SIGNING_FIELD_MESSAGES } from './messages.js'

const oneMessage = (message: string) => ({ 'x-messages': { required: message, invalid: message } })

/** Every refusal a signing route may answer. */
export const SIGNING_ERRORS = {
  ...ERROR_RESPONSES,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  410: ErrorEnvelopeSchema,
  423: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  503: ErrorEnvelopeSchema
}

export const DOCUMENT_KINDS = ['contrato', 'tratamiento-datos', 'anexo', 'adenda'] as const

export const InvitationBodySchema = Type.Object({
  contractIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 50, uniqueItems: true, ...oneMessage(SIGNING_FIELD_MESSAGES.contractIds) })
}, { additionalProperties: false })

export const InvitationSchema = Type.Object({
  id: Type.String(),
  contractId: Type.String(),
  dni: Type.String(),
  email: Type.String({ description: 'el correo, enmascarado' }),
  expiresAt: Type.String({ description: 'ISO 8601 (UTC)' }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'solo sin SMTP_URL (demostración), y solo en esta respuesta' }),
  addressRecentlyChanged: Type.Boolean()
})

export const ListedInvitationSchema = Type.Object({
  id: Type.String(),
  contractId: Type.String(),
  dni: Type.String(),
  worker: Type.String({ description: 'nombres y apellidos del trabajador' }),
  kind: Type.Union([Type.Literal('contract'), Type.Literal('addendum')]),
  email: Type.String(),
  status: Type.String(),
  declineChoice: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
  invitedAt: Type.String(),
  invitedBy: Type.Union([Type.String(), Type.Null()]),
  addressRecentlyChanged: Type.Boolean(),
  demo: Type.Boolean()
})

export const InvitationListQuerySchema = Type.Object({
  status: Type.Optional(Type.Union(['queued', 'sent', 'opened', 'signed', 'declined', 'paper', 'disagree', 'not-my-address', 'expired', 'revoked', 'locked']
    .map((value) => Type.Literal(value)), oneMessage(SIGNING_FIELD_MESSAGES.status)))
})

export const InvitationParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) })

export const EmailBodySchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254, ...oneMessage(SIGNING_FIELD_MESSAGES.email) })
}, { additionalProperties: false })

export const TokenParamsSchema = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) })

export const TokenKindParamsSchema = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }),
  kind: Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind)), oneMessage(SIGNING_FIELD_MESSAGES.kind))
})

export const IdentityBodySchema = Type.Object({
  dni: Type.String({ maxLength: 20, ...oneMessage(SIGNING_FIELD_MESSAGES.dni) }),
  birthDate: Type.String({ maxLength: 20, ...oneMessage(SIGNING_FIELD_MESSAGES.birthDate) })
}, { additionalProperties: false })

export const CodeBodySchema = Type.Object({
  code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$', ...oneMessage(SIGNING_FIELD_MESSAGES.code) })),
  resend: Type.Optional(Type.Boolean())
}, { additionalProperties: false })

export const SignBodySchema = Type.Object({
  consents: Type.Array(Type.Object({ purpose: Type.String({ maxLength: 100 }), accepted: Type.Boolean() },
    { additionalProperties: false }),
  { maxItems: 20, ...oneMessage(SIGNING_FIELD_MESSAGES.consents) }),
  documents: Type.Record(Type.String({ maxLength: 30 }), Type.String({ maxLength: 64 }), {
    maxProperties: 4,
    ...oneMessage(SIGNING_FIELD_MESSAGES.documents)
  })
}, { additionalProperties: false })

export const DeclineBodySchema = Type.Object({
  choice: Type.Union([Type.Literal('paper'), Type.Literal('disagree'), Type.Literal('not-my-address')], oneMessage(SIGNING_FIELD_MESSAGES.choice)),
  reason: Type.Optional(Type.String({ maxLength: 500, ...oneMessage(SIGNING_FIELD_MESSAGES.reason) }))
}, { additionalProperties: false })

export const SignedQuerySchema = Type.Object({
  kind: Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind)), { default: 'contrato', ...oneMessage(SIGNING_FIELD_MESSAGES.kind) })
})

/** `json`: the evidence chain; `pdf`: the constancia de firma electrónica sealed at signing. */
export const EvidenceQuerySchema = Type.Object({
  format: stringEnum(['json', 'pdf'], { default: 'json', ...oneMessage(SIGNING_FIELD_MESSAGES.format) })
})
