/**
 * CORS for the dashboard: only the CORS_ORIGINS list is granted (spec Authentication rule 4).
 * A preflight from another origin is refused with a 403 in the envelope (the spec's "CORS error"),
 * and other requests from it get no CORS headers, so the browser blocks them. Requests without an
 * Origin header (nightly jobs, curl) are not browser requests and are served.
 */
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import { AppError } from '../src/errors.js'
import { HTTP_MESSAGES } from '../schemas/messages.js'

export default fp(async (app) => {
  const allowed = new Set(app.config.corsOrigins)
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin
    if (request.method === 'OPTIONS' && origin !== undefined && request.headers['access-control-request-method'] !== undefined && !allowed.has(origin)) {
      throw new AppError(403, HTTP_MESSAGES.corsOrigin(origin), { code: 'CONTRATOS_CORS_ORIGIN' })
    }
  })
  await app.register(cors, {
    origin: (origin, callback) => { callback(null, origin !== undefined && allowed.has(origin)) },
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    // the file name of a download, its size (progress), the request id to quote when reporting a
    // problem (plugins/request-id.ts), and how long to wait after a 503
    exposedHeaders: ['Content-Disposition', 'Content-Length', 'X-Request-Id', 'Retry-After']
  })
}, { name: 'cors', dependencies: ['config'] })
