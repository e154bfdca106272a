/**
 * The contract registry's route shapes (docs/registry.md): a recorded contract or adenda, a contract
 * about to expire, the public check of a verification code, the history entries, the `signed` mark and
 * the adenda built from a recorded contract. Dates are `DD/MM/YYYY` (Lima), amounts soles.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox'
import { dayMonthYearSchema, dniSchema } from './common.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from './envelope.js'
import { HistoryEntrySchema } from './history.js'
import { SupportDocumentSchema } from './employee.js'
import { MESSAGES, REGISTRY_MESSAGES, VERIFICATION_MESSAGES } from './messages.js'

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()])
/** Field messages that say the same whether the value is missing or malformed. */
const oneMessage = (message: string) => ({ 'x-messages': { required: message, invalid: message } })

export const RecordedContractSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('contract'), Type.Literal('addendum')]),
  type: Type.String(),
  modality: Nullable(Type.String()),
  entryDate: Type.String(),
  endDate: Type.String(),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed'), Type.Literal('superseded')]),
  signedOn: Nullable(Type.String()),
  signedBy: Nullable(Type.String({ description: 'quién lo marcó como firmado (AUTH_MODE=oidc); null sin autenticación' }))
})

export const ExpiringContractSchema = Type.Object({
  id: Type.String(),
  dni: Type.String(),
  worker: Type.String(),
  type: Type.String(),
  modality: Nullable(Type.String()),
  causeId: Nullable(Type.String()),
  site: Nullable(Type.String()),
  position: Type.String(),
  entryDate: Type.String(),
  endDate: Type.String({ description: 'El último día del contrato o de su última adenda' }),
  contractEndDate: Type.String({ description: 'El último día del contrato mismo, sin sus adendas' }),
  absenceTo: Nullable(Type.String({ description: 'Suplencia: el fin previsto de la ausencia que cubre (FIN DE AUSENCIA)' })),
  addenda: Type.Integer(),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed')]),
  firstEntryDate: Type.String(),
  longestEnd: Nullable(Type.String())
})

export const DocumentCheckSchema = Type.Object({
  code: Type.String({ examples: ['K7M2-9QXD'] }),
  kind: Type.String({ description: 'contrato, tratamiento-datos, anexo o adenda' }),
  issuedAt: Type.String({ description: 'ISO 8601 (UTC)' }),
  sha256: Type.Union([Type.String(), Type.Null()], { description: 'SHA-256 (hex) del PDF emitido; null si aún no se registró' }),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed'), Type.Literal('superseded')]),
  dni: Type.String({ examples: ['****5678'] }),
  initials: Type.String({ examples: ['R. M. Q. M.'] })
})

/** `{success: true, data: {...}}`: the registry routes' 200 and 201. */
export const registrySuccess = <T extends TProperties>(data: T) =>
  Type.Object({ success: Type.Literal(true), data: Type.Object(data) })

/** The registry routes' refusals: the spec's, plus 409 (the registry's state) and 503 (its database down). */
export const REGISTRY_ERRORS = { ...ERROR_RESPONSES, 409: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema }

export const DocumentCodeParamsSchema = Type.Object({
  code: Type.String({ maxLength: 20, ...oneMessage(VERIFICATION_MESSAGES.malformed) })
})

export const DniParamsSchema = Type.Object({ dni: dniSchema(MESSAGES.dni) })

export const HistoryBodySchema = Type.Array(HistoryEntrySchema, {
  minItems: 1, maxItems: 50, ...oneMessage(REGISTRY_MESSAGES.historyEmpty)
})

export const HistoryEntryParamsSchema = Type.Object({
  ...DniParamsSchema.properties,
  id: Type.String({ format: 'uuid', ...oneMessage(REGISTRY_MESSAGES.historyEntryNotFound) })
})

/** A worker's history as recorded: each entry with its id. */
export const RecordedHistorySchema = Type.Array(
  Type.Intersect([HistoryEntrySchema, Type.Object({ id: Type.String() })])
)

export const ExpiringQuerySchema = Type.Object({
  // a query string is text: the bodies' validator does not coerce types
  days: Type.String({ pattern: '^(36[0-6]|3[0-5][0-9]|[12]?[0-9]{1,2})$', default: '30', ...oneMessage(REGISTRY_MESSAGES.expiringDays) })
})

export const ContractParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', ...oneMessage(REGISTRY_MESSAGES.notFound) })
})

export const SignedBodySchema = Type.Object({ signingDate: dayMonthYearSchema(MESSAGES.signingDate) })

/** `POST /api/addendum/from-contract`: the recorded contract, its new end and what changes. */
export const AddendumFromContractSchema = Type.Object({
  contractId: Type.String({ format: 'uuid', ...oneMessage(REGISTRY_MESSAGES.notFound) }),
  endAddendum: dayMonthYearSchema(MESSAGES.endAddendum),
  causeUpdate: Type.String({ minLength: 30, maxLength: 1000, 'x-messages': MESSAGES.causeUpdate }),
  salary: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e9, multipleOf: 0.01, 'x-messages': MESSAGES.salary })),
  salaryReductionAgreed: Type.Optional(Type.Boolean({
    description: 'true solo si el trabajador aceptó expresamente un sueldo menor al vigente (art. 30 b de la LPCL; la adenda lo hace constar)',
    'x-messages': MESSAGES.salaryReductionAgreed
  })),
  signingDate: Type.Optional(dayMonthYearSchema(MESSAGES.signingDate)),
  // a suplencia's adenda (DOCUMENT-REQUIREMENTS §37): the ground now (the contract's when absent), its
  // document, the new expected return
  substitutionGround: Type.Optional(Type.String({ minLength: 1, maxLength: 100, 'x-messages': MESSAGES.substitutionGround })),
  supportDocument: Type.Optional(SupportDocumentSchema),
  absenceTo: Type.Optional(dayMonthYearSchema(MESSAGES.absenceTo))
})
export type AddendumFromContract = Static<typeof AddendumFromContractSchema>
