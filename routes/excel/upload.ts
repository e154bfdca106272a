import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ERROR_RESPONSES } from '../../schemas/envelope.js'
import { EmployeeImportReplySchema, EmployeeUploadQuerySchema, UploadBodySchema } from '../../schemas/import.js'
import { ROUTE_ACCESS } from '../../src/auth/roles.js'

/**
 * Endpoint 5: employees from an .xlsx, .xls or .csv (D20), kept in a session for the preview (D4).
 * All or nothing (the spec) unless `?partial=true` (docs/import.md): then the valid rows are kept
 * and the refused ones listed in `errors`, with `validRecords` and `invalidRecords`.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/upload', {
    schema: {
      tags: ['import'],
      summary: 'Importa empleados desde una hoja de cálculo',
      description: 'Archivo .xlsx, .xls o .csv en el campo `excel` (máximo MAX_FILE_SIZE bytes y BATCH_MAX empleados). ' +
        'Primera hoja, encabezados en la fila 1; una hoja HISTORIAL (opcional) registra contratos anteriores del trabajador. Devuelve los empleados validados y un `sessionId` para la vista previa. ' +
        'Con `?partial=true` conserva las filas válidas y lista las rechazadas en `errors` (estado 200).',
      consumes: ['multipart/form-data'],
      querystring: EmployeeUploadQuerySchema,
      body: UploadBodySchema,
      response: { 200: EmployeeImportReplySchema, ...ERROR_RESPONSES }
    },
    config: { endpoint: 'uploadExcel', access: ROUTE_ACCESS.hr } // the name spec endpoint 1 lists
  }, async function (request, reply) {
    return await app.sheetImports.employees(request, reply, request.query.partial === 'true')
  })
}
export default routes
