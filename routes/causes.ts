import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../schemas/envelope.js'
import { VALIDATION_MESSAGE } from '../schemas/messages.js'
import {
  CauseEditSchema, CauseListQuerySchema, CauseParamsSchema, CauseProposalSchema, CauseSchema
} from '../schemas/cause-reviews.js'
import { RequestValidationError } from '../src/errors.js'
import type { RegisteredCause } from '../src/registry/cause-reviews.js'
import { causeIssues, editedCause, normalizedCause, type CauseContent } from '../src/employer/cause-proposals.js'

const CAUSE_ERRORS = { ...ERROR_RESPONSES, 409: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema }
const OneCause = Type.Object({ success: Type.Literal(true), data: Type.Object({ cause: CauseSchema }) })

/**
 * The causes counsel reviews (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21): HR proposes a
 * cause (`hr`, and `legal`); counsel (`legal`) edits a proposal, approves it or retires a cause; only
 * approved causes print. Each change is in force on this instance when it answers (the catalogue
 * is loaded again, `app.registry.refreshCauses()`), and on the others within CAUSES_REFRESH_MS.
 * Thin: the checks are src/employer/cause-proposals.ts's, the state src/registry/cause-reviews.ts's;
 * a CauseRefusal becomes its 404/409 in the error handler (plugins/errors.ts). The file is named by
 * its URL (`/api/causes`), as every route file is.
 */
const causeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const actor = (request: FastifyRequest) => request.identity?.subject ?? null
  /**
   * The cause as registered, once the profile in force at the start-up (its sites, modalities) and
   * the fonts can print it. @throws RequestValidationError one issue per field, under `prefix`
   */
  const printable = (cause: CauseContent, prefix: string): CauseContent => {
    const content = normalizedCause(app.causeCatalogue.seed, cause)
    const issues = causeIssues(app.causeCatalogue.seed, content, prefix, app.printableRules.unprintableScripts)
    if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
    return content
  }
  /** The catalogue loaded again after a change: answered even when that load fails (the timer retries). */
  const refreshed = async (request: FastifyRequest, cause: RegisteredCause) => {
    request.auditCause(cause.id)
    try {
      await app.registry.refreshCauses()
    } catch (error) {
      request.log.warn({ err: error }, 'causes catalogue not refreshed after a change: in force within the next refresh')
    }
    return { success: true as const, data: { cause } }
  }

  app.get('/causes', {
    config: { endpoint: 'causes', access: ROUTE_ACCESS.causes },
    schema: {
      tags: ['registry'],
      summary: 'Causas objetivas del registro: propuestas, aprobadas por el asesor legal y retiradas',
      querystring: CauseListQuerySchema,
      response: {
        200: Type.Object({ success: Type.Literal(true), data: Type.Object({ causes: Type.Array(CauseSchema) }) }),
        ...CAUSE_ERRORS
      }
    }
  }, async (request) => {
    const causes = await app.registry.run(async (registry) => await registry.causes.list(request.query.status))
    return { success: true as const, data: { causes } }
  })

  app.post('/causes', {
    config: { endpoint: 'causeProposal', access: ROUTE_ACCESS.causes },
    schema: {
      tags: ['registry'],
      summary: 'Propone una causa objetiva: no se imprime hasta que el asesor legal la aprueba',
      body: CauseProposalSchema,
      response: { 201: OneCause, ...CAUSE_ERRORS }
    }
  }, async (request, reply) => {
    const { id, ...proposed } = request.body
    const content = printable(proposed, 'body')
    const cause = await app.registry.run(async (registry) => await registry.causes.propose(content, id, actor(request)))
    return await reply.code(201).send(await refreshed(request, cause))
  })

  app.patch('/causes/:id', {
    config: { endpoint: 'causeEdit', access: ROUTE_ACCESS.legal },
    schema: {
      tags: ['registry'],
      summary: 'El asesor legal corrige una causa propuesta (solo mientras es propuesta)',
      params: CauseParamsSchema,
      body: CauseEditSchema,
      response: { 200: OneCause, ...CAUSE_ERRORS }
    }
  }, async (request) => {
    const cause = await app.registry.run(async (registry) =>
      await registry.causes.edit(request.params.id, (found) => printable(editedCause(found, request.body), 'body')))
    return await refreshed(request, cause)
  })

  app.post('/causes/:id/approve', {
    config: { endpoint: 'causeApprove', access: ROUTE_ACCESS.legal },
    schema: {
      tags: ['registry'],
      summary: 'El asesor legal aprueba una causa propuesta: desde entonces se imprime',
      params: CauseParamsSchema,
      response: { 200: OneCause, ...CAUSE_ERRORS }
    }
  }, async (request) => {
    // what it says is checked again: the profile (its sites) may have changed since it was proposed
    const cause = await app.registry.run(async (registry) =>
      await registry.causes.approve(request.params.id, actor(request), (found) => { printable(found, '') }))
    return await refreshed(request, cause)
  })

  app.post('/causes/:id/retire', {
    config: { endpoint: 'causeRetire', access: ROUTE_ACCESS.legal },
    schema: {
      tags: ['registry'],
      summary: 'El asesor legal retira una causa (o rechaza una propuesta): no se imprime más; los contratos emitidos conservan su id',
      params: CauseParamsSchema,
      response: { 200: OneCause, ...CAUSE_ERRORS }
    }
  }, async (request) => {
    const cause = await app.registry.run(async (registry) =>
      await registry.causes.retire(request.params.id, actor(request)))
    return await refreshed(request, cause)
  })
}
export default causeRoutes
