/**
 * Decorates `app.admission`: the admission control of the document routes (src/admission.ts), the
 * two previews and the two ZIPs. ADMISSION_LIMIT previews' worth of work at once (a batch weighs
 * by its records), ADMISSION_QUEUE requests in line for room, each for QUEUE_MAX_WAIT_MS at most;
 * the rest get the envelope's 503 with Retry-After at the door, before their body is validated.
 * The room is held until the reply ends (a ZIP: its last byte) or the client goes away.
 */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AdmissionGate, batchWeight, type AdmissionStats } from '../src/admission.js'
import { recordsInBody } from '../src/employees/normalize.js'

/** Admission limit per PDF thread when ADMISSION_LIMIT is 0, in previews (a 50-employee ZIP weighs 13.25). */
export const ADMISSION_PER_THREAD = 8

export interface DocumentAdmission {
  /** onRequest hook of a route that renders one document (a preview): admits it as one, or 503. */
  one: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** preValidation hook of a ZIP route: admits it by the records of its body (batchWeight), or 503. */
  batch: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** Work admitted at once, in previews. */
  limit: number
  /** What the gate holds now. */
  stats: () => AdmissionStats
}

declare module 'fastify' {
  interface FastifyInstance {
    admission: DocumentAdmission
  }
}

export default fp(async (app) => {
  const { ADMISSION_LIMIT, ADMISSION_QUEUE, QUEUE_MAX_WAIT_MS } = app.config
  const limit = ADMISSION_LIMIT > 0 ? ADMISSION_LIMIT : ADMISSION_PER_THREAD * app.pdfPool.threads
  const gate = new AdmissionGate({ limit, maxQueue: ADMISSION_QUEUE, maxWaitMs: QUEUE_MAX_WAIT_MS })
  const admit = async (reply: FastifyReply, weight: number): Promise<void> => {
    const admission = await gate.admit(weight, reply.clientGone())
    reply.whenClosed(admission.release) // answered, failed or abandoned: the room goes on
  }
  app.decorate('admission', {
    one: async (_request: FastifyRequest, reply: FastifyReply) => { await admit(reply, 1) },
    batch: async (request: FastifyRequest, reply: FastifyReply) => {
      await admit(reply, batchWeight(recordsInBody(request.body)))
    },
    limit,
    stats: () => gate.stats
  })
}, { name: 'admission', dependencies: ['config', 'pdf-pool', 'spreadsheet-reader', 'reply-close'] })
