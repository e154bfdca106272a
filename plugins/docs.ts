/**
 * OpenAPI 3.1 at /docs/json and Swagger UI at /docs, generated from the routes' TypeBox schemas.
 * No page of /docs can be framed by another site (clickjacking), the frame policy of the console
 * at /app/ (routes/console.ts): `frame-ancestors 'none'` and, for older browsers, X-Frame-Options.
 */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'contratos: servicio de generación de contratos laborales',
        version: '1.0.0',
        description: 'Contratos y adendas PDF/ZIP, importación de hojas de cálculo y reportes (Vida Ley, SCTR, fotocheck). Sin autenticación: red interna.'
      },
      tags: [
        { name: 'service', description: 'Información y salud' },
        { name: 'contracts', description: 'Contratos PDF y ZIP' },
        { name: 'import', description: 'Importación de hojas de cálculo' },
        { name: 'addenda', description: 'Adendas de prórroga PDF y ZIP' },
        { name: 'reports', description: 'Reportes Vida Ley, SCTR y fotocheck' }
      ]
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
