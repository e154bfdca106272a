import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ERROR_RESPONSES } from '../../schemas/envelope.js'
import { AddendumImportReplySchema, AddendumQuerySchema, UploadBodySchema } from '../../schemas/import.js'
import { IMPORT_MESSAGES } from '../../schemas/messages.js'
import { formatByteSize } from '../../src/units.js'
import { uploadFormat } from '../../src/spreadsheets/file-type.js'
import { importAddenda } from '../../src/spreadsheets/import.js'

const messages = IMPORT_MESSAGES.addenda

/** Endpoint 9: addendum rows from an .xlsx, .xls or .csv (D20); `?partial=true` per D14. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const uploadMessages = { noFile: messages.noFile, tooLarge: messages.tooLarge(formatByteSize(app.config.MAX_FILE_SIZE).replace(' ', '')) }

  app.post('/upload', {
    schema: {
      tags: ['import'],
      summary: 'Importa adendas desde una hoja de cálculo',
      description: 'Archivo .xlsx, .xls o .csv en el campo `excel` (máximo MAX_FILE_SIZE bytes y ADDENDUM_BATCH_MAX filas). ' +
        'Con `?partial=true` responde 200 con las filas válidas y los errores (D14).',
      consumes: ['multipart/form-data'],
      querystring: AddendumQuerySchema,
      body: UploadBodySchema,
      response: { 200: AddendumImportReplySchema, ...ERROR_RESPONSES }
    }
  }, async function (request) {
    const upload = await request.excelUpload(uploadMessages)
    const format = uploadFormat(upload.filename, upload.mimetype, messages)
    const sheet = await app.spreadsheets.read(upload.bytes, format, 'addendum', app.config.ADDENDUM_BATCH_MAX)
    const { errors, ...result } = importAddenda(sheet, { partial: request.query.partial === 'true' })
    if (errors.length === 0) return { success: true as const, message: messages.processed, data: result }
    return { success: true as const, message: messages.processedWithErrors, data: { ...result, errors } }
  })
}
export default routes
