import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../../schemas/envelope.js'
import { REPORT_MESSAGES, VALIDATION_MESSAGE } from '../../schemas/messages.js'
import {
  LawLifeEmployeeSchema, PhotocheckEmployeeSchema, PhotocheckQuerySchema, SctrEmployeeSchema, fileResponse
} from '../../schemas/reports.js'
import { LAW_LIFE_FILENAME } from '../../src/reports/law-life.js'
import { SCTR_FILENAME } from '../../src/reports/sctr.js'
import {
  CSV_MEDIA_TYPE, PHOTOCHECK_FILENAME, PHOTOCHECK_XLSX_FILENAME, buildPhotocheckCsv
} from '../../src/reports/photocheck.js'
import { XLSX_MEDIA_TYPE } from '../../src/reports/workbook.js'
import { RequestValidationError } from '../../src/errors.js'
import { ROUTE_ACCESS } from '../../src/auth/roles.js'

/**
 * Runs after D2 unwrapping: no list, or an empty one, answers the spec's empty-body text as the
 * envelope message (as the D5 limit does), with the same text on field `body` in `errors`.
 */
async function requireEmployees (request: FastifyRequest): Promise<void> {
  if (!Array.isArray(request.body) || request.body.length === 0) {
    throw new RequestValidationError(REPORT_MESSAGES.emptyBatch, [{ field: 'body', message: REPORT_MESSAGES.emptyBatch }])
  }
}

/** Sends a finished file as an attachment under the spec's fixed, unquoted name. */
function sendFile (reply: FastifyReply, mediaType: string, fileName: string, bytes: Uint8Array): FastifyReply {
  return reply.sendBinary(bytes, { mediaType, disposition: 'attachment', fileName, fixedName: true })
}

/**
 * Endpoints 6-8: the Vida Ley and SCTR workbooks and the photocheck CSV. Each takes a list of
 * 1..BATCH_MAX employees, bare or wrapped (D2, D5), and validates only the fields its file uses.
 * The files are at most BATCH_MAX rows, so each is built in memory and sent with its Content-Length
 * (the spec asks for the header, which a streamed body could not carry); the two workbooks are
 * built in worker threads (src/reports/pool.ts), the CSV (well under a millisecond) here.
 */
const reports: FastifyPluginAsyncTypebox = async (app) => {
  const bodyOptions = <T extends TSchema>(item: T, summary: string, mediaType: string, description: string) => {
    const options = app.employeeBodies.batchRouteOptions(item, {
      emptyMessage: REPORT_MESSAGES.emptyBatch, validationMessage: VALIDATION_MESSAGE.reports, kind: 'employee'
    })
    return {
      ...options,
      config: { ...options.config, access: ROUTE_ACCESS.exports },
      preValidation: [options.preValidation, requireEmployees],
      schema: {
        ...options.schema,
        tags: ['reports'],
        summary,
        response: { 200: fileResponse(mediaType, description), ...ERROR_RESPONSES, 503: ErrorEnvelopeSchema }
      }
    }
  }

  app.post('/download-lawlife', bodyOptions(LawLifeEmployeeSchema, 'Trama Vida Ley (XLSX)', XLSX_MEDIA_TYPE, LAW_LIFE_FILENAME),
    async (request, reply) => sendFile(reply, XLSX_MEDIA_TYPE, LAW_LIFE_FILENAME, await app.reportPool.workbook('lawLife', request.body)))

  app.post('/download-sctr', bodyOptions(SctrEmployeeSchema, 'Formato SCTR (XLSX)', XLSX_MEDIA_TYPE, SCTR_FILENAME),
    async (request, reply) => sendFile(reply, XLSX_MEDIA_TYPE, SCTR_FILENAME, await app.reportPool.workbook('sctr', request.body)))

  // D15: served as text/csv, not the xlsx type the spec documents for it; `?format=xlsx` the same list as a workbook.
  const photocheck = bodyOptions(PhotocheckEmployeeSchema, 'Lista de fotochecks (CSV o XLSX)', CSV_MEDIA_TYPE, PHOTOCHECK_FILENAME)
  app.post('/download-photocheck', {
    ...photocheck,
    schema: {
      ...photocheck.schema,
      description: 'CSV UTF-8 con BOM (D23). Con `?format=xlsx`, la misma lista en `Fotocheck.xlsx` con el DNI como texto.',
      querystring: PhotocheckQuerySchema,
      response: {
        ...photocheck.schema.response,
        200: {
          description: 'Fotocheck.csv, o Fotocheck.xlsx con `?format=xlsx`',
          content: { ...fileResponse(CSV_MEDIA_TYPE, '').content, ...fileResponse(XLSX_MEDIA_TYPE, '').content }
        }
      }
    }
  }, async (request, reply) => {
    const { format } = request.query as { format?: 'csv' | 'xlsx' }
    if (format === 'xlsx') {
      return sendFile(reply, XLSX_MEDIA_TYPE, PHOTOCHECK_XLSX_FILENAME, await app.reportPool.workbook('photocheck', request.body))
    }
    return sendFile(reply, CSV_MEDIA_TYPE, PHOTOCHECK_FILENAME, buildPhotocheckCsv(request.body))
  })
}
export default reports
