import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import {
  ContractEventSchema, ContractListQuerySchema, ContractParamsSchema, DniParamsSchema, DocumentCheckSchema,
  DocumentCodeParamsSchema, EndedBodySchema, ExpiringContractSchema, ExpiringQuerySchema, HistoryBodySchema,
  HistoryEntryParamsSchema, ListedContractSchema,
  REGISTRY_ERRORS, ReasonBodySchema, RecordedContractSchema, RecordedHistorySchema, ScanQuerySchema, SignedBodySchema,
  registrySuccess as success
} from '../schemas/registry.js'
import { ErrorEnvelopeSchema } from '../schemas/envelope.js'
import { REGISTRY_MESSAGES, VALIDATION_MESSAGE, VERIFICATION_MESSAGES } from '../schemas/messages.js'
import { AppError, RequestValidationError } from '../src/errors.js'
import { isDayMonthYear } from '../src/vocabulary/dates.js'
import type { ContractFilter } from '../src/registry/contracts.js'
import type { StoredScan } from '../src/registry/scans.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseVerificationCode } from '../src/registry/verification-codes.js'
import { enteredHistory } from '../src/employees/history-entry.js'
import { addDays, todayInLima } from '../src/vocabulary/dates.js'

/** The keyset cursor of `GET /api/contracts`: the last row's start and id, base64url JSON. */
function encodeCursor (last: { entryDate: string, id: string }): string {
  return Buffer.from(JSON.stringify([last.entryDate, last.id])).toString('base64url')
}
function decodeCursor (cursor: string): { entryDate: string, id: string } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && isDayMonthYear(value[0]) &&
      typeof value[1] === 'string' && /^[0-9a-f-]{36}$/.test(value[1])) return { entryDate: value[0], id: value[1] }
  } catch {}
  return undefined
}

/** `GET /api/contracts`'s query as the registry filters it. @throws RequestValidationError on `querystring.cursor` */
function listFilter (query: {
  status?: ContractFilter['status'], started?: 'true' | 'false', scanned?: 'true' | 'false', dni?: string, limit: string, cursor?: string
}): Omit<ContractFilter, 'today'> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  if (query.cursor !== undefined && after === undefined) {
    throw new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: 'querystring.cursor', message: REGISTRY_MESSAGES.listCursor }])
  }
  const flag = (value: 'true' | 'false' | undefined) => value === undefined ? undefined : value === 'true'
  const { status, dni, started, scanned, limit } = query
  return { status, dni, started: flag(started), scanned: flag(scanned), limit: Number(limit), after }
}

/** A stored scan as an attachment, never rendered here (a PDF with scripts too): stored type, nosniff, CSP sandbox. */
function sendScan (reply: FastifyReply, scan: StoredScan, dni: string): FastifyReply {
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[scan.mediaType]
  return reply.header('content-security-policy', 'sandbox').header('x-content-type-options', 'nosniff')
    .header('x-scan-sha256', scan.sha256)
    .sendBinary(scan.bytes, { mediaType: scan.mediaType, disposition: 'attachment', fileName: `${dni}-${scan.kind}.${extension}` })
}

/**
 * The contract registry's routes (docs/registry.md): a worker's recorded contracts and adendas
 * (how a client learns an id), the history HR enters once (LPCL art. 74), the statuses (the `signed`
 * mark, on paper with its scan; a withdrawal, an early end, counsel's undo; DOCUMENT-REQUIREMENTS §39),
 * the list of what needs a signature, and the public check of a document's verification code.
 * Thin: the rules are src/registry/registry.ts's; a database that does not answer is a 503.
 */
const registryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** A refused upload's audit line names the contract's worker too, when the registry answers. */
  const auditContract = async (request: FastifyRequest, id: string): Promise<void> => {
    const dni = await app.registry.run(async (registry) => await registry.contractWorker(id)).catch(() => undefined)
    if (dni !== undefined) request.auditRead([dni])
  }

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
      summary: 'Marca como firmado en papel un contrato o adenda registrado, con su fecha de firma y, en un formulario, su escaneo',
      description: 'JSON {signingDate, copyDeliveredOn?}: firmado sin escaneo. multipart/form-data: signingDate, copyDeliveredOn? y ' +
        'el escaneo como file (un PDF de todas las páginas) o una parte por documento (contrato, tratamiento-datos, anexo, adenda, ' +
        'cargo); PDF, JPEG o PNG de hasta 10 MB cada uno (413 si pasa), reconocidos por su contenido. La misma fecha puede ' +
        'agregar el escaneo después, una sola vez. Otra fecha de entrega de la copia requiere el cargo.',
      params: ContractParamsSchema,
      // the JSON form is checked here; the form's fields in the handler (a multipart body is read as a stream)
      body: { content: { 'application/json': { schema: SignedBodySchema } } },
      response: { 200: success({ contract: RecordedContractSchema }), 413: ErrorEnvelopeSchema, ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { id } = request.params
    const form = request.isMultipart()
      ? await request.scanForm().catch(async (error: unknown) => { await auditContract(request, id); throw error })
      : { ...request.body as { signingDate: string, copyDeliveredOn?: string }, scans: [] }
    const { contract, dni } = await app.registry.run(async (registry) => await registry.markSigned(id, form.signingDate,
      { by: request.identity?.subject, requestId: request.id, scans: form.scans, copyDeliveredOn: form.copyDeliveredOn }
    ))
    request.auditRead([dni])
    return { success: true as const, data: { contract } }
  })

  app.delete('/contracts/:id/signed', {
    config: { endpoint: 'contractUnsigned', access: ROUTE_ACCESS.legal },
    schema: {
      tags: ['registry'],
      summary: 'Deshace una marca de firma en papel hecha por error (solo asesoría legal); queda registrado, nunca se borra',
      params: ContractParamsSchema,
      body: ReasonBodySchema,
      response: { 200: success({ contract: RecordedContractSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { contract, dni } = await app.registry.run(async (registry) =>
      await registry.unsign(request.params.id, request.body.reason,
        { by: request.identity?.subject, requestId: request.id }))
    request.auditRead([dni])
    return { success: true as const, data: { contract } }
  })

  app.post('/contracts/:id/withdraw', {
    config: { endpoint: 'contractWithdraw', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['registry'],
      summary: 'Retira un contrato o adenda que nunca se firmó ni se trabajó (RR. HH. antes de su inicio; asesoría legal desde su inicio)',
      params: ContractParamsSchema,
      body: ReasonBodySchema,
      response: { 200: success({ contract: RecordedContractSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const identity = request.identity
    // a started contract counts for art. 74 once worked: only counsel takes it out (no authentication: anyone)
    const mayWithdrawStarted = identity === undefined || identity.roles.includes('legal')
    const { contract, dni } = await app.registry.run(async (registry) =>
      await registry.withdraw(request.params.id, request.body.reason, mayWithdrawStarted,
        { by: identity?.subject, requestId: request.id }))
    request.auditRead([dni])
    return { success: true as const, data: { contract } }
  })

  app.post('/contracts/:id/ended', {
    config: { endpoint: 'contractEnded', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['registry'],
      summary: 'Registra que un contrato o adenda terminó antes de su fin impreso: cuenta hasta endedOn',
      params: ContractParamsSchema,
      body: EndedBodySchema,
      response: { 200: success({ contract: RecordedContractSchema }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const { endedOn, reason } = request.body
    const { contract, dni } = await app.registry.run(async (registry) =>
      await registry.end(request.params.id, endedOn, reason, { by: request.identity?.subject, requestId: request.id }))
    request.auditRead([dni])
    return { success: true as const, data: { contract } }
  })

  app.get('/contracts/:id/events', {
    config: { endpoint: 'contractEvents', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['registry'],
      summary: 'Historial de estados de un contrato o adenda (quién, cuándo, qué, motivo), el más antiguo primero',
      params: ContractParamsSchema,
      response: { 200: success({ events: Type.Array(ContractEventSchema) }), ...REGISTRY_ERRORS }
    }
  }, async (request) => {
    const found = await app.registry.run(async (registry) => await registry.contractEvents(request.params.id))
    if (found === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    request.auditRead([found.dni])
    return { success: true as const, data: { events: found.events } }
  })

  app.get('/contracts/:id/scan', {
    config: { endpoint: 'contractScan', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['registry'],
      summary: 'Descarga el escaneo de la firma en papel (kind: file, contrato, tratamiento-datos, anexo, adenda o cargo)',
      params: ContractParamsSchema,
      querystring: ScanQuerySchema,
      response: { ...REGISTRY_ERRORS }
    }
  }, async (request, reply) => {
    const { id } = request.params
    const kind = request.query.kind
    const { scan, dni } = await app.registry.run(async (registry) => await registry.scan(id, kind))
    if (dni === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    request.auditRead([dni])
    if (scan === undefined) throw new AppError(404, REGISTRY_MESSAGES.scanNotFound(kind), { code: 'CONTRATOS_SCAN_NOT_FOUND' })
    return sendScan(reply, scan, dni)
  })

  app.get('/contracts', {
    config: { endpoint: 'contractList', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['registry'],
      summary: 'Contratos y adendas registrados por estado (status, started, scanned, dni): los que empezaron primero, luego por inicio',
      querystring: ContractListQuerySchema,
      response: {
        200: success({
          contracts: Type.Array(ListedContractSchema), nextCursor: Type.Union([Type.String(), Type.Null()])
        }),
        ...REGISTRY_ERRORS
      }
    }
  }, async (request) => {
    const filter = listFilter(request.query)
    const contracts = await app.registry.run(async (registry) => await registry.listContracts(filter))
    request.auditRead([...new Set(contracts.map((contract) => contract.dni))])
    const last = contracts.at(-1)
    const nextCursor = contracts.length === filter.limit && last !== undefined ? encodeCursor(last) : null
    return { success: true as const, data: { contracts, nextCursor } }
  })
}
export default registryRoutes
