import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import {
  ContractParamsSchema, DniParamsSchema, DocumentCheckSchema, DocumentCodeParamsSchema, ExpiringContractSchema,
  ExpiringQuerySchema, HistoryBodySchema, HistoryEntryParamsSchema, REGISTRY_ERRORS, RecordedContractSchema,
  RecordedHistorySchema, SignedBodySchema, registrySuccess as success
} from '../schemas/registry.js'
import { REGISTRY_MESSAGES, VALIDATION_MESSAGE, VERIFICATION_MESSAGES } from '../schemas/messages.js'
import { AppError, RequestValidationError } from '../src/errors.js'
import { parseVerificationCode } from '../src/registry/verification-codes.js'
import { enteredHistory } from '../src/employees/history-entry.js'
import { addDays, todayInLima } from '../src/vocabulary/dates.js'

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
      params: DocumentCodeParamsSchema,
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
      params: DniParamsSchema,
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
      params: DniParamsSchema,
      body: HistoryBodySchema,
      response: { 201: success({ history: RecordedHistorySchema }), ...REGISTRY_ERRORS }
    }
  }, async (request, reply) => {
    request.auditRead([request.params.dni])
    const { entries, issues } = enteredHistory(request.body, todayInLima(), app.printableRules.unprintableScripts)
    if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
    const history = await app.registry.run(async (registry) =>
      await registry.addHistory({ dni: request.params.dni }, entries, request.identity?.subject))
    return await reply.code(201).send({ success: true as const, data: { history } })
  })

  app.delete('/workers/:dni/history/:id', {
    config: { endpoint: 'workerHistoryEntry', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Borra del historial un contrato anterior registrado por error',
      params: HistoryEntryParamsSchema,
      response: { 200: success({ history: RecordedHistorySchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { dni, id } = request.params
    request.auditRead([dni])
    const history = await app.registry.run(async (registry) =>
      await registry.deleteHistory(dni, id, request.identity?.subject))
    if (history === undefined) throw new AppError(404, REGISTRY_MESSAGES.historyEntryNotFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    return { success: true as const, data: { history } }
  })

  app.get('/contracts/expiring', {
    config: { endpoint: 'contractsExpiring', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Contratos que vencen entre hoy y hoy + days (fechas de Lima), sin adenda que los prorrogue; firmados primero',
      querystring: ExpiringQuerySchema,
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

  const fromContract = app.employeeBodies.fromContractRouteOptions()
  app.post('/addendum/from-contract', {
    ...fromContract,
    config: { ...fromContract.config, endpoint: 'addendumFromContract', access: ROUTE_ACCESS.hr },
    schema: {
      ...fromContract.schema,
      tags: ['registry'],
      summary: 'Construye la adenda de un contrato registrado (fechas, sueldo, modalidad, causa y cargo del contrato)',
      response: {
        200: success({
          addendum: Type.Object({}, { additionalProperties: true }),
          warnings: Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
            description: 'Lo que conviene revisar sin que impida la adenda: firmada antes de que empiece el contrato o más de 30 días antes de su fin'
          })
        }),
        ...REGISTRY_ERRORS
      }
    }
  }, async (request) => {
    const addendum = await fromContract.addendum(request)
    return { success: true as const, data: { addendum, warnings: fromContract.warnings(addendum) } }
  })

  app.post('/contracts/:id/signed', {
    config: { endpoint: 'contractSigned', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Marca como firmado un contrato o adenda registrado, con su fecha de firma',
      params: ContractParamsSchema,
      body: SignedBodySchema,
      response: { 200: success({ contract: RecordedContractSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { id } = request.params
    const { contract, dni } = await app.registry.run(async (registry) =>
      await registry.markSigned(id, request.body.signingDate, request.identity?.subject))
    request.auditRead([dni])
    return { success: true as const, data: { contract } }
  })
}
export default registryRoutes
