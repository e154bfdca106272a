/**
 * Load shedding: when the event loop lags or memory passes its ceiling, new requests get
 * a 503 with `Retry-After` (@fastify/under-pressure) instead of queueing without bound.
 * `GET /api/health` is never shed, so it keeps telling operators the process is alive.
 */
import fp from 'fastify-plugin'
import underPressure from '@fastify/under-pressure'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ServiceBusyError } from '../src/errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's per-route handler; health lets every request through. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => unknown
  }
}

export default fp(async (app) => {
  const { SHED_MAX_EVENT_LOOP_DELAY_MS, SHED_MAX_RSS_BYTES } = app.config
  await app.register(underPressure, {
    maxEventLoopDelay: SHED_MAX_EVENT_LOOP_DELAY_MS,
    maxRssBytes: SHED_MAX_RSS_BYTES, // 0: off
    sampleInterval: 200,
    pressureHandler: async (request: FastifyRequest, _reply: FastifyReply, type: string, value: number | undefined) => {
      request.log.warn({ type, value }, 'shedding load')
      throw new ServiceBusyError()
    }
  })
}, { name: 'load-shedding', dependencies: ['config', 'errors'] })
