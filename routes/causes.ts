import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../schemas/envelope.js'
import { CAUSE_REVIEW_MESSAGES, VALIDATION_MESSAGE } from '../schemas/messages.js'
import {
  CauseEditSchema, CauseListQuerySchema, CauseParamsSchema, CauseProposalSchema, CauseSchema, type CauseEdit
} from '../schemas/causes.js'
import { AppError, RequestValidationError } from '../src/errors.js'
import { CauseRefusal, type RegisteredCause } from '../src/registry/cause-reviews.js'
import { causeIssues, normalizedCause, type CauseContent } from '../src/employer/cause-proposals.js'

const CAUSE_ERRORS = { ...ERROR_RESPONSES, 409: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema }
const OneCause = Type.Object({ success: Type.Literal(true), data: Type.Object({ cause: CauseSchema }) })

/** A refusal of the registry's causes as the client reads it: 404, or 409 naming the cause in the way. */
function refusalError (error: CauseRefusal, change: 'propose' | 'edit' | 'approve' | 'retire'): AppError {
  if (error.reason === 'missing') return new AppError(404, CAUSE_REVIEW_MESSAGES.notFound, { code: 'CONTRATOS_CAUSE_NOT_FOUND' })
  const other = error.cause as RegisteredCause
  const message = error.reason === 'idTaken'
    ? CAUSE_REVIEW_MESSAGES.idTaken(other.id, other.status)
    : error.reason === 'textTaken'
      ? CAUSE_REVIEW_MESSAGES.textTaken(other.id, other.status)
      : change === 'retire' ? CAUSE_REVIEW_MESSAGES.alreadyRetired(other.id) : CAUSE_REVIEW_MESSAGES.notProposed(other.id, other.status)
  return new AppError(409, message, { code: 'CONTRATOS_CAUSE_CONFLICT', data: { cause: other } })
}

/** What an edit leaves a proposal saying: its own fields, with the edited ones in their place. */
function edited (cause: RegisteredCause, edit: CauseEdit): CauseContent {
  const { justifies, ...rest } = edit
  const { modality, sites, text, period } = cause
  const base: CauseContent = { modality, sites, text, period, justifies: cause.justifies }
  const merged: CauseContent = { ...base, ...rest }
  if (justifies === null) delete merged.justifies
  else if (justifies !== undefined) merged.justifies = justifies
  if (merged.justifies === undefined) delete merged.justifies
  return merged
}

/**
 * The causes counsel reviews (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21): HR proposes a
 * cause (`hr`, and `legal`); counsel (`legal`) edits a proposal, approves it or retires a cause; only
 * approved causes print. Each change is in force on this instance when it answers (the catalogue
 * is loaded again, `app.registry.refreshCauses()`), and on the others within CAUSES_REFRESH_MS.
 * Thin: the checks are src/employer/cause-proposals.ts's, the state src/registry/cause-reviews.ts's.
 */
const causeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const actor = (request: FastifyRequest) => request.identity?.subject ?? null
  /** The cause's refusals by the profile in force at the start-up (its sites, modalities) and the fonts. */
  const issuesOf = (cause: CauseContent, prefix: string) =>
    causeIssues(app.causeCatalogue.seed, cause, prefix, app.printableRules.unprintableScripts)
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
  const changing = async <T>(change: Parameters<typeof refusalError>[1], work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw error instanceof CauseRefusal ? refusalError(error, change) : error
    }
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
    const content = normalizedCause(app.causeCatalogue.seed, proposed)
    const issues = issuesOf(content, 'body')
    if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
    const cause = await changing('propose', async () =>
      await app.registry.run(async (registry) => await registry.causes.propose(content, id, actor(request))))
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
    const cause = await changing('edit', async () => await app.registry.run(async (registry) => {
      const found = await registry.causes.get(request.params.id)
      if (found === undefined) throw new CauseRefusal('missing')
      if (found.status !== 'proposed') throw new CauseRefusal('status', found)
      const content = normalizedCause(app.causeCatalogue.seed, edited(found, request.body))
      const issues = issuesOf(content, 'body')
      if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
      return await registry.causes.edit(request.params.id, content)
    }))
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
    const cause = await changing('approve', async () => await app.registry.run(async (registry) =>
      await registry.causes.approve(request.params.id, actor(request), (found) => {
        // what it says is checked again: the profile (its sites) may have changed since it was proposed
        const issues = issuesOf(found, '')
        if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
      })))
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
    const cause = await changing('retire', async () => await app.registry.run(async (registry) =>
      await registry.causes.retire(request.params.id, actor(request))))
    return await refreshed(request, cause)
  })
}
export default causeRoutes
