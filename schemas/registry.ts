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

/** A contract's status (docs/registry.md "Statuses"). */
export const CONTRACT_STATUSES = ['issued', 'signed', 'withdrawn', 'ended', 'superseded'] as const
const StatusSchema = Type.Union(CONTRACT_STATUSES.map((status) => Type.Literal(status)))
/** The kinds of a scan: one PDF of all pages (`file`), one per document, the worker's receipt of the copy (`cargo`). */
export const SCAN_KINDS = ['file', 'contrato', 'tratamiento-datos', 'anexo', 'adenda', 'cargo'] as const
/** Field messages that say the same whether the value is missing or malformed. */
const oneMessage = (message: string) => ({ 'x-messages': { required: message, invalid: message } })

export const RecordedContractSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('contract'), Type.Literal('addendum')]),
  type: Type.String(),
  modality: Nullable(Type.String()),
  entryDate: Type.String(),
  endDate: Type.String(),
  status: StatusSchema,
  signedOn: Nullable(Type.String()),
  signedBy: Nullable(Type.String({ description: 'quién lo marcó como firmado (AUTH_MODE=oidc); null sin autenticación' })),
  signedVia: Type.Union([Type.Literal('paper'), Type.Literal('electronic'), Type.Null()]),
  endedOn: Nullable(Type.String({ description: 'terminado antes de su fin impreso: el día en que terminó' })),
  copyDeliveredOn: Nullable(Type.String({ description: 'el día en que se entregó la copia al trabajador' })),
  copyDeliveredVia: Nullable(Type.String()),
  scans: Type.Array(Type.String(), { description: 'los escaneos vigentes; firmado en papel sin ninguno: "firmado sin escaneo"' })
})

/** A row of `GET /api/contracts`. */
export const ListedContractSchema = Type.Intersect([RecordedContractSchema, Type.Object({
  dni: Type.String(),
  worker: Type.String(),
  started: Type.Boolean({ description: 'su inicio es hoy o antes (Lima)' }),
  invitable: Type.Boolean({
    description: 'se puede invitar a firmarlo electrónicamente hoy: emitido y sin empezar, un contrato también en su día de inicio (una adenda no)'
  })
})])

/** A change of a contract's status (`GET /api/contracts/{id}/events`). */
export const ContractEventSchema = Type.Object({
  what: Type.String({ description: 'signed, scan, copy, unsigned, withdrawn, ended o superseded' }),
  details: Type.Object({}, { additionalProperties: true }),
  reason: Nullable(Type.String()),
  by: Nullable(Type.String()),
  at: Type.String({ description: 'ISO 8601 (UTC)' }),
  requestId: Nullable(Type.String())
})

/** A reason (withdrawal, early end, undo). */
const reasonSchema = () => Type.String({ minLength: 3, maxLength: 500, pattern: '\\S', ...oneMessage(REGISTRY_MESSAGES.reasonRequired) })

export const ReasonBodySchema = Type.Object({ reason: reasonSchema() })

export const EndedBodySchema = Type.Object({ endedOn: dayMonthYearSchema(MESSAGES.endDate), reason: reasonSchema() })

/** A query value that is one of `values` (a pattern: a union's refusal would not carry its own message). */
const oneOf = (values: readonly string[], message: string) =>
  Type.String({ pattern: `^(${values.join('|')})$`, ...oneMessage(message) })

export const ScanQuerySchema = Type.Object({
  kind: Type.Unsafe<typeof SCAN_KINDS[number]>({
    ...oneOf(SCAN_KINDS, REGISTRY_MESSAGES.scanKind(SCAN_KINDS.join(', '))), default: 'file'
  })
})

export const ContractListQuerySchema = Type.Object({
  status: Type.Optional(
    Type.Unsafe<typeof CONTRACT_STATUSES[number]>(oneOf(CONTRACT_STATUSES, REGISTRY_MESSAGES.listStatus))),
  started: Type.Optional(Type.Unsafe<'true' | 'false'>(oneOf(['true', 'false'], REGISTRY_MESSAGES.listBoolean('started')))),
  scanned: Type.Optional(Type.Unsafe<'true' | 'false'>(oneOf(['true', 'false'], REGISTRY_MESSAGES.listBoolean('scanned')))),
  dni: Type.Optional(dniSchema(MESSAGES.dni)),
  limit: Type.String({ pattern: '^([1-9]|[1-9][0-9]|1[0-9][0-9]|200)$', default: '50', ...oneMessage(REGISTRY_MESSAGES.listLimit) }),
  cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', ...oneMessage(REGISTRY_MESSAGES.listCursor) }))
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
  status: StatusSchema,
  dni: Type.String({ examples: ['****5678'] }),
  initials: Type.String({ examples: ['R. M. Q. M.'] }),
  signedSha256: Type.Optional(Type.String({ description: 'SHA-256 (hex) del PDF firmado electrónicamente y sellado, cuando lo está (docs/signing-flow.md)' })),
  signedAt: Type.Optional(Type.String({ description: 'ISO 8601 (UTC): cuándo se firmó electrónicamente' }))
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

export const SignedBodySchema = Type.Object({
  signingDate: dayMonthYearSchema(MESSAGES.signingDate),
  copyDeliveredOn: Type.Optional(dayMonthYearSchema(MESSAGES.signingDate))
})

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
