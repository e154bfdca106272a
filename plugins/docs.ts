/**
 * OpenAPI 3.1 at /docs/json and Swagger UI at /docs, generated from the routes' TypeBox schemas.
 * The document says how to call the API as it is configured: with AUTH_MODE=oidc it declares the
 * bearer scheme (an OIDC access token or an API key, plugins/auth.ts) and, on every route that is
 * not public, the roles it needs (docs/security.md, "Roles"); with AUTH_MODE=none, that none is asked.
 * No page of /docs can be framed by another site (clickjacking), the frame policy of the console
 * at /app/ (routes/console.ts): `frame-ancestors 'none'` and, for older browsers, X-Frame-Options.
 */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { Access } from '../src/auth/roles.js'
import { OPENAPI_TEXTS } from '../schemas/messages.js'

/** The name of the bearer scheme in `components.securitySchemes`. */
const BEARER = 'bearer'

/** What a route's `config.access` asks of a caller, in words for its OpenAPI description. */
function accessText (access: Exclude<Access, 'public'>): string {
  return access === 'signed-in' ? OPENAPI_TEXTS.signedIn : OPENAPI_TEXTS.roles(access.join(', '))
}

export default fp(async (app) => {
  const oidc = app.config.authMode === 'oidc'
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'contratos: servicio de generación de contratos laborales',
        version: '1.0.0',
        description: `${OPENAPI_TEXTS.service} ${oidc ? OPENAPI_TEXTS.bearer : OPENAPI_TEXTS.noAuth}`
      },
      ...(oidc
        ? { components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: OPENAPI_TEXTS.bearerScheme } } } }
        : {}),
      tags: [
        { name: 'service', description: 'Información y salud' },
        { name: 'contracts', description: 'Contratos PDF y ZIP' },
        { name: 'import', description: 'Importación de hojas de cálculo' },
        { name: 'addenda', description: 'Adendas de prórroga PDF y ZIP' },
        { name: 'reports', description: 'Reportes Vida Ley, SCTR y fotocheck' }
      ]
    },
    // each route's security from its declared access (plugins/auth.ts checks the same config)
    transform: ({ schema, url, route }) => {
      const access = route.config?.access
      if (!oidc || access === undefined || access === 'public') return { schema, url }
      const description = [schema?.description, accessText(access)].filter(Boolean).join(' ')
      return { schema: { ...schema, description, security: [{ [BEARER]: [] }] }, url }
    }
  })
  // every answer under /docs, the UI's static files included (swagger-ui's uiHooks skip those)
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/docs' || request.url.startsWith('/docs/') || request.url.startsWith('/docs?')) {
      reply.header('content-security-policy', "frame-ancestors 'none'").header('x-frame-options', 'DENY')
    }
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
}, { name: 'docs', dependencies: ['config'] })
