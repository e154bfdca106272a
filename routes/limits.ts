import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'

/**
 * The limits a client must respect before it sends anything (D5, D6), as configured on this
 * instance: the HR console shows them before an upload instead of hard-coding 50, 80 or 10 MB.
 * Additive route beyond the spec (D22's rule: optional for a client written against the spec).
 */
const limits: FastifyPluginAsyncTypebox = async (app) => {
  const data = {
    batchMax: app.config.BATCH_MAX,
    addendumBatchMax: app.config.ADDENDUM_BATCH_MAX,
    maxFileSize: app.config.MAX_FILE_SIZE
  }
  app.get('/limits', {
    config: { endpoint: 'limits', access: ROUTE_ACCESS.signedIn },
    schema: {
      tags: ['service'],
      summary: 'Límites de lote y de archivo configurados en esta instancia',
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Object({
            batchMax: Type.Integer({ description: 'empleados por ZIP de contratos, reporte o carga de empleados (BATCH_MAX)' }),
            addendumBatchMax: Type.Integer({ description: 'adendas por carga o ZIP de adendas (ADDENDUM_BATCH_MAX)' }),
            maxFileSize: Type.Integer({ description: 'bytes por archivo subido (MAX_FILE_SIZE)' })
          })
        })
      }
    }
  }, async () => ({ success: true as const, data }))
}
export default limits
