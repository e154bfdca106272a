import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { SERVICE_MESSAGES } from '../schemas/messages.js'

/** Endpoint 1: service info; `endpoints` lists every API route (collected by app/app.ts). */
const root: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', {
    schema: {
      tags: ['service'],
      summary: 'Información del servicio',
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          message: Type.String(),
          version: Type.String(),
          status: Type.Literal('running'),
          timestamp: Type.String({ format: 'date-time' }),
          endpoints: Type.Record(Type.String(), Type.String())
        })
      }
    }
  }, async () => ({
    success: true as const,
    message: SERVICE_MESSAGES.info,
    version: '1.0.0',
    status: 'running' as const,
    timestamp: new Date().toISOString(),
    endpoints: app.endpoints
  }))
}
export default root
