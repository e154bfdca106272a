/**
 * Request ids (D22; docs/production.md, "Request ids"): every request gets the service's own id,
 * a new UUID, whatever the caller sends. It is the `reqId` of every log line of the request
 * (Fastify's child logger), the `requestId` of its audit event, and goes back in the reply's
 * `X-Request-Id`, errors and 404s included. A caller's own `X-Request-Id` (1 to 64 characters of
 * `[A-Za-z0-9._-]`; anything else is dropped, never echoed) is kept apart: `clientRequestId` on every
 * log line of the request and in its audit event, so a client cannot choose, or collide with, the
 * id the service files a request under.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import fp from 'fastify-plugin'

export const REQUEST_ID_HEADER = 'x-request-id'
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/

/** Fastify's `genReqId` (app/app.ts): the service's own id, a UUID v4. */
export function requestId (): string {
  return randomUUID()
}

/** The caller's `X-Request-Id` when well-formed, else undefined. */
export function clientRequestId (request: IncomingMessage): string | undefined {
  const incoming = request.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : undefined
}

/** Fastify's `childLoggerFactory` (app/app.ts): a request's lines carry `clientRequestId` when the caller sent one. */
export function requestLogger (
  logger: FastifyBaseLogger, bindings: Parameters<FastifyBaseLogger['child']>[0],
  options: Parameters<FastifyBaseLogger['child']>[1], rawRequest: IncomingMessage
): FastifyBaseLogger {
  const caller = clientRequestId(rawRequest)
  return logger.child(caller === undefined ? bindings : { ...bindings, clientRequestId: caller }, options)
}

/** OAuth parameters that must never reach a log: the console's `/app/?code=…&state=…` return, tokens. */
const SECRET_PARAMETERS = new Set(['code', 'state', 'session_state', 'id_token', 'access_token', 'refresh_token'])

/**
 * The token of a signing invitation in a path (`/firmar/{token}`, `/api/signing/{token}/…`): a
 * credential (docs/signing-flow.md), never logged. `/api/signing/invitations` and the page's
 * `/firmar/static/` files are no token.
 */
const SIGNING_TOKEN_PATH = /^(\/firmar|\/api\/signing)\/(?!invitations(?:[/?]|$)|static\/)[^/?]+/i

/**
 * A URL as logged: a signing token in its path, and the values of SECRET_PARAMETERS in its query,
 * replaced by `[redacted]` (`/app/?code=abc&iss=x` → `/app/?code=[redacted]&iss=x`,
 * `/firmar/abc` → `/firmar/[redacted]`); the rest as it came.
 */
export function loggedUrl (full: string): string {
  const url = full.replace(SIGNING_TOKEN_PATH, '$1/[redacted]')
  const query = url.indexOf('?')
  if (query === -1) return url
  const parameters = url.slice(query + 1).split('&').map((pair) => {
    const name = pair.split('=', 1)[0]
    let decoded = name
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '))
    } catch {}
    return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair
  })
  return `${url.slice(0, query)}?${parameters.join('&')}`
}

/**
 * The logger's `req` serializer (app/app.ts), Fastify's own fields with the URL through `loggedUrl`:
 * an authorization code in the log could be exchanged by whoever reads it (docs/security.md).
 */
export function requestSerializer (
  request: { method: string, url: string, host?: string, ip?: string, socket?: { remotePort?: number } }
): Record<string, unknown> {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort
  }
}

export default fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
}, { name: 'request-id' })
