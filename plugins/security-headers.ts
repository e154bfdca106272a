/**
 * Headers of every `/api/` reply (docs/security.md): answers carry workers' personal data, so no
 * browser or proxy cache may keep them (`Cache-Control: no-store`) and no browser may guess another
 * type than the one declared (`X-Content-Type-Options: nosniff`). Errors and 404s included.
 */
import fp from 'fastify-plugin'

export const API_SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff'
} as const

export default fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.headers(API_SECURITY_HEADERS)
  })
}, { name: 'security-headers' })
