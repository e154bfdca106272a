import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type TProperties } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { dayMonthYearSchema, dniSchema } from '../schemas/common.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../schemas/envelope.js'
import { MESSAGES, REGISTRY_MESSAGES, VALIDATION_MESSAGE, VERIFICATION_MESSAGES } from '../schemas/messages.js'
import { AppError, RequestValidationError } from '../src/errors.js'
import { RegistryRefusal } from '../src/registry/registry.js'
import { parseVerificationCode } from '../src/registry/verification-codes.js'
import { addendumFromContract } from '../src/registry/from-contract.js'
import { AddendumRequestSchema } from '../schemas/addendum.js'
import { HistoryEntrySchema } from '../schemas/history.js'
import { compileValidator } from '../src/validation.js'
import { recordValidation } from '../src/employees/record-kinds.js'
import { mergeIssues } from '../src/employees/cross-field-rules.js'
import { historyEntryIssues } from '../src/employees/history-entry.js'
import { addDays, dayMonthYearKey, todayInLima } from '../src/vocabulary/dates.js'
import { parseModality } from '../src/vocabulary/modality.js'

const RecordedContractSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('contract'), Type.Literal('addendum')]),
  type: Type.String(),
  modality: Type.Union([Type.String(), Type.Null()]),
  entryDate: Type.String(),
  endDate: Type.String(),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed'), Type.Literal('superseded')]),
  signedOn: Type.Union([Type.String(), Type.Null()])
})
const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()])
const ExpiringContractSchema = Type.Object({
  id: Type.String(),
  dni: Type.String(),
  worker: Type.String(),
  type: Type.String(),
  modality: Nullable(Type.String()),
  causeId: Nullable(Type.String()),
  site: Nullable(Type.String()),
  position: Type.String(),
  entryDate: Type.String(),
  endDate: Type.String(),
  addenda: Type.Integer(),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed')]),
  firstEntryDate: Type.String(),
  longestEnd: Nullable(Type.String())
})
const DniParams = Type.Object({ dni: dniSchema(MESSAGES.dni) })
const DocumentCheckSchema = Type.Object({
  code: Type.String({ examples: ['K7M2-9QXD'] }),
  kind: Type.String({ description: 'contrato, tratamiento-datos, anexo o adenda' }),
  issuedAt: Type.String({ description: 'ISO 8601 (UTC)' }),
  sha256: Type.Union([Type.String(), Type.Null()], { description: 'SHA-256 (hex) del PDF emitido; null si aún no se registró' }),
  status: Type.Union([Type.Literal('issued'), Type.Literal('signed'), Type.Literal('superseded')]),
  dni: Type.String({ examples: ['****5678'] }),
  initials: Type.String({ examples: ['R. M. Q. M.'] })
})
const success = <T extends TProperties>(data: T) =>
  Type.Object({ success: Type.Literal(true), data: Type.Object(data) })
const REGISTRY_ERRORS = { ...ERROR_RESPONSES, 409: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema }

/**
 * The contract registry's routes (docs/registry.md): a worker's recorded contracts and adendas
 * (how a client learns an id), the history HR enters once (LPCL art. 74), the `signed` mark, and
 * the public check of a document's verification code.
 * Thin: the rules are src/registry/registry.ts's; a database that does not answer is a 503.
 */
const registryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/documents/:code', {
    config: { endpoint: 'documentCheck', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['registry'],
      summary: 'Verifica un documento emitido por el código de su pie de página (abierto: sin credenciales)',
      description: 'El código sin distinguir mayúsculas, con o sin guion; O se lee 0, I y L se leen 1. ' +
        'No da el nombre del trabajador: solo sus iniciales y su DNI enmascarado.',
      params: Type.Object({ code: Type.String({ maxLength: 20, 'x-messages': { required: VERIFICATION_MESSAGES.malformed, invalid: VERIFICATION_MESSAGES.malformed } }) }),
      response: { 200: success({ document: DocumentCheckSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const code = parseVerificationCode(request.params.code)
    if (code === undefined) {
      throw new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: 'params.code', message: VERIFICATION_MESSAGES.malformed }])
    }
    const document = await app.registry.run(async (registry) => await registry.documentByCode(code))
    if (document === undefined) throw new AppError(404, VERIFICATION_MESSAGES.notFound, { code: 'CONTRATOS_DOCUMENT_NOT_FOUND' })
    return { success: true as const, data: { document } }
  })

  app.get('/workers/:dni/contracts', {
    config: { endpoint: 'workerContracts', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Contratos y adendas registrados de un trabajador',
      params: DniParams,
      response: { 200: success({ contracts: Type.Array(RecordedContractSchema) }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    request.auditRead([request.params.dni])
    const contracts = await app.registry.run(async (registry) => await registry.workerContracts(request.params.dni))
    return { success: true as const, data: { contracts } }
  })

  app.post('/workers/:dni/history', {
    config: { endpoint: 'workerHistory', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Registra contratos anteriores del trabajador que el servicio no emitió (art. 74 de la LPCL)',
      params: DniParams,
      body: Type.Array(HistoryEntrySchema, { minItems: 1, maxItems: 50, 'x-messages': { required: REGISTRY_MESSAGES.historyEmpty, invalid: REGISTRY_MESSAGES.historyEmpty } }),
      response: {
        201: success({ history: Type.Array(Type.Intersect([HistoryEntrySchema, Type.Object({ id: Type.String() })])) }),
        ...REGISTRY_ERRORS
      }
    }
  }, async (request, reply) => {
    const today = todayInLima()
    const issues = request.body.flatMap((entry, index) =>
      historyEntryIssues(entry, today).map(({ field, message }) => ({ field: `body.${index}.${field}`, message })))
    if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
    const entries = request.body.map((entry) => ({ ...entry, modality: parseModality(entry.modality) as string }))
    request.auditRead([request.params.dni])
    const history = await app.registry.run(async (registry) =>
      await registry.addHistory({ dni: request.params.dni }, entries, request.identity?.subject))
    return await reply.code(201).send({ success: true as const, data: { history } })
  })

  app.delete('/workers/:dni/history/:id', {
    config: { endpoint: 'workerHistoryEntry', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Borra del historial un contrato anterior registrado por error',
      params: Type.Object({
        ...DniParams.properties,
        id: Type.String({ format: 'uuid', 'x-messages': { required: REGISTRY_MESSAGES.historyEntryNotFound, invalid: REGISTRY_MESSAGES.historyEntryNotFound } })
      }),
      response: {
        200: success({ history: Type.Array(Type.Intersect([HistoryEntrySchema, Type.Object({ id: Type.String() })])) }),
        ...REGISTRY_ERRORS
      }
    }
  }, async (request) => {
    const { dni, id } = request.params
    request.auditRead([dni])
    const history = await app.registry.run(async (registry) => await registry.deleteHistory(dni, id))
    if (history === undefined) throw new AppError(404, REGISTRY_MESSAGES.historyEntryNotFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    return { success: true as const, data: { history } }
  })

  app.get('/contracts/expiring', {
    config: { endpoint: 'contractsExpiring', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Contratos que vencen entre hoy y hoy + days (fechas de Lima), sin adenda que los prorrogue; firmados primero',
      querystring: Type.Object({
        // a query string is text: the bodies' validator does not coerce types
        days: Type.String({ pattern: '^(36[0-6]|3[0-5][0-9]|[12]?[0-9]{1,2})$', default: '30', 'x-messages': { required: REGISTRY_MESSAGES.expiringDays, invalid: REGISTRY_MESSAGES.expiringDays } })
      }),
      response: {
        200: success({ from: Type.String(), to: Type.String(), contracts: Type.Array(ExpiringContractSchema) }),
        ...REGISTRY_ERRORS
      }
    }
  }, async (request) => {
    const from = todayInLima()
    const to = addDays(from, Number(request.query.days))
    const contracts = await app.registry.run(async (registry) => await registry.expiring(from, to))
    request.auditRead(contracts.map((contract) => contract.dni))
    return { success: true as const, data: { from, to, contracts } }
  })

  const validateAddendum = compileValidator(AddendumRequestSchema)
  app.post('/addendum/from-contract', {
    config: { endpoint: 'addendumFromContract', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Construye la adenda de un contrato registrado (fechas, sueldo, modalidad, causa y cargo del contrato)',
      body: Type.Object({
        contractId: Type.String({ format: 'uuid', 'x-messages': { required: REGISTRY_MESSAGES.notFound, invalid: REGISTRY_MESSAGES.notFound } }),
        endAddendum: dayMonthYearSchema(MESSAGES.endAddendum),
        causeUpdate: Type.String({ minLength: 30, maxLength: 1000, 'x-messages': MESSAGES.causeUpdate }),
        salary: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e9, multipleOf: 0.01, 'x-messages': MESSAGES.salary })),
        salaryReductionAgreed: Type.Optional(Type.Boolean({
          description: 'true solo si el trabajador aceptó expresamente un sueldo menor al vigente (art. 30 b de la LPCL; la adenda lo hace constar)',
          'x-messages': MESSAGES.salaryReductionAgreed
        })),
        signingDate: Type.Optional(dayMonthYearSchema(MESSAGES.signingDate))
      }),
      response: { 200: success({ addendum: Type.Object({}, { additionalProperties: true }) }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { contractId, endAddendum, causeUpdate, salary, salaryReductionAgreed, signingDate } = request.body
    const contract = await app.registry.run(async (registry) => await registry.contractForAddendum(contractId))
    if (contract === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    const addendum = addendumFromContract(contract, contractId, {
      endAddendum, causeUpdate, salary, salaryReductionAgreed, signingDate
    })
    request.auditRead([String(addendum.documentNumber)])
    const schema = validateAddendum(structuredClone(addendum))
    const rules = recordValidation('addendumDocument', app.employerProfile, app.printableRules).all(addendum, 'body')
    const issues = mergeIssues(schema.ok ? [] : schema.issues.map((issue) => ({ ...issue, field: `body.${issue.field}` })), rules)
    const history = issues.length > 0 ? [] : (await app.registry.checkHistory([addendum], 'addendum'))[0].issues
    const all = [...issues, ...history.map(({ field, message }) => ({ field: `body.${field}`, message }))]
    if (all.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, all)
    return { success: true as const, data: { addendum } }
  })

  app.post('/contracts/:id/signed', {
    config: { endpoint: 'contractSigned', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Marca como firmado un contrato o adenda registrado, con su fecha de firma',
      params: Type.Object({ id: Type.String({ format: 'uuid', 'x-messages': { required: REGISTRY_MESSAGES.notFound, invalid: REGISTRY_MESSAGES.notFound } }) }),
      body: Type.Object({ signingDate: dayMonthYearSchema(MESSAGES.signingDate) }),
      response: { 200: success({ contract: RecordedContractSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const today = todayInLima()
    if (dayMonthYearKey(request.body.signingDate) > dayMonthYearKey(today)) {
      throw new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: 'body.signingDate', message: REGISTRY_MESSAGES.signedInFuture(today) }])
    }
    try {
      const { id } = request.params
      const { signingDate } = request.body
      const contract = await app.registry.run(async (registry) => await registry.markSigned(id, signingDate))
      return { success: true as const, data: { contract } }
    } catch (error) {
      if (!(error instanceof RegistryRefusal)) throw error
      if (error.reason === 'missing') throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
      if (error.reason === 'beforeSigning') {
        throw new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: 'body.signingDate', message: REGISTRY_MESSAGES.signedBeforePrinted(error.date as string) }])
      }
      if (error.reason === 'signedOn') {
        throw new AppError(409, REGISTRY_MESSAGES.alreadySigned(error.date as string), { code: 'CONTRATOS_REGISTRY_CONFLICT' })
      }
      const other = error.other as NonNullable<typeof error.other>
      throw new AppError(409, REGISTRY_MESSAGES.signOverlaps(other.entryDate, other.endDate), { code: 'CONTRATOS_REGISTRY_CONFLICT', data: { contract: other } })
    }
  })
}
export default registryRoutes
