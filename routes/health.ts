import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { SERVICE_MESSAGES } from '../schemas/messages.js'

/** Endpoint 2: liveness. Answers from the event loop alone, so it shows when the loop is starved. */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    config: { endpoint: 'health', pressureHandler: () => undefined }, // never shed (plugins/load-shedding.ts)
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
}
export default health
