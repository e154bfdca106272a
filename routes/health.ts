import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { SERVICE_MESSAGES } from '../schemas/messages.js'
import { ROUTE_ACCESS } from '../src/auth/roles.js'

/**
 * Endpoint 2, liveness: answers from the event loop alone, so it shows when the loop is starved.
 * And readiness (D22): 200 while the instance can serve, 503 naming the failing check, and from
 * the moment shutdown begins (plugins/readiness.ts).
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    config: { endpoint: 'health', access: ROUTE_ACCESS.open, pressureHandler: () => undefined }, // never shed (plugins/load-shedding.ts)
    schema: {
      tags: ['service'],
      summary: 'Estado del servicio',
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          message: Type.Literal(SERVICE_MESSAGES.health),
          timestamp: Type.String({ format: 'date-time' }),
          path: Type.Literal('/api/health')
        })
      }
    }
  }, async () => ({
    success: true as const,
    message: SERVICE_MESSAGES.health,
    timestamp: new Date().toISOString(),
    path: '/api/health' as const
  }))

  const Checks = Type.Object(Object.fromEntries([
    'templates', 'pdfPool', 'spreadsheetReader', 'sessionStore', 'auditTrail', 'identityProvider', 'registry', 'warm', 'running'
  ]
    .map((name) => [name, Type.Union([Type.Literal('ok'), Type.Literal('fail')])])))
  app.get('/health/ready', {
    config: { endpoint: 'healthReady', access: ROUTE_ACCESS.operator, pressureHandler: () => undefined }, // never shed: it answers for the whole instance
    schema: {
      tags: ['service'],
      summary: 'Listo para recibir solicitudes (balanceadores de carga): 503 nombra la verificación que falla',
      response: {
        200: Type.Object({ success: Type.Literal(true), checks: Checks }),
        503: Type.Object({ success: Type.Literal(false), message: Type.String(), data: Type.Null(), checks: Checks })
      }
    }
  }, async (_request, reply) => {
    const checks = await app.readiness.checks()
    if (app.readiness.ready(checks)) return { success: true as const, checks }
    const body = { success: false as const, message: SERVICE_MESSAGES.notReady, data: null, checks }
    return await reply.code(503).send(body)
  })
}
export default health
