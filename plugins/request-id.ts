/**
 * Request ids (D22): an incoming `X-Request-Id` of 1 to 64 characters of `[A-Za-z0-9._-]` is kept
 * as the request id (a load balancer's or a client's, so one id follows a request across hops);
 * anything else is replaced by a new UUID, never echoed. The id is the `reqId` of every log line
 * of the request (Fastify's child logger) and goes back in the reply's `X-Request-Id`, errors
 * and 404s included.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'

export const REQUEST_ID_HEADER = 'x-request-id'
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/

/** Fastify's `genReqId` (app/app.ts): the caller's id when well-formed, else a UUID v4. */
export function requestId (request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

export default fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
}, { name: 'request-id' })
