import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../../schemas/envelope.js'
import { AddendumImportReplySchema, AddendumQuerySchema, UploadBodySchema } from '../../schemas/import.js'
import { AddendumRequestSchema, type AddendumRequest } from '../../schemas/addendum.js'
import { ADDENDUM_DOCUMENT_MESSAGES, IMPORT_MESSAGES, VALIDATION_MESSAGE } from '../../schemas/messages.js'
import { fileResponse } from '../../schemas/reports.js'
import { formatByteSize } from '../../src/units.js'
import { uploadFormat } from '../../src/spreadsheets/file-type.js'
import { importAddenda } from '../../src/spreadsheets/import.js'
import { recordValidation } from '../../src/employees/record-kinds.js'
import { mergeIssues, type RecordRules } from '../../src/employees/cross-field-rules.js'
import { compileValidator } from '../../src/validation.js'
import { AppError, PdfGenerationError } from '../../src/errors.js'
import { todayInLima } from '../../src/vocabulary/dates.js'
import { addendumEntryName, addendumFileName, contentDisposition, safeFileName } from '../../src/zip/names.js'
import { eachRecord } from '../../src/zip/documents-zip.js'
import { ROUTE_ACCESS } from '../../src/auth/roles.js'

const messages = IMPORT_MESSAGES.addenda

/**
 * Endpoint 9 (upload; `?partial=true` per D14) and the adenda documents (D22): preview of one
 * record and a streamed ZIP of many: upload rows are `addendum` records, the documents' bodies
 * `addendumDocument` ones (src/employees/record-kinds.ts).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const uploadMessages = { noFile: messages.noFile, tooLarge: messages.tooLarge(formatByteSize(app.config.MAX_FILE_SIZE).replace(' ', '')) }
  const pool = app.pdfPool
  /** QUEUE_MAX_WAIT_MS before the body is validated: a refused request spends nothing (src/documents/pdf-pool.ts). */
  const refuseWhenLate = async (): Promise<void> => { pool.checkDeadline() }
  /** The real day of signature: the day the adenda is generated, server time (legal requirements, section 3). */
  const today = () => todayInLima()

  app.post('/upload', {
    config: { access: ROUTE_ACCESS.hr },
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
  }, async function (request, reply) {
    const upload = await request.excelUpload(uploadMessages)
    const format = uploadFormat(upload.filename, upload.mimetype, messages)
    const sheet = await app.spreadsheetReader.read(upload.bytes, format, 'addendum', app.config.ADDENDUM_BATCH_MAX, reply.clientGone())
    const { errors, ...result } = importAddenda(sheet, {
      partial: request.query.partial === 'true',
      validation: recordValidation('addendum', app.employerProfile, app.printableRules),
      // the rows the preview and the ZIP would refuse, asked now with their schema and rules
      print: addendumDocumentIssues()
    })
    if (errors.length === 0) return { success: true as const, message: messages.processed, data: result }
    return { success: true as const, message: messages.processedWithErrors, data: { ...result, errors } }
  })

  /**
   * What the preview and the ZIP check in one record (their body schema, then the `addendumDocument`
   * rules, merged as plugins/employee-bodies.ts does), for the upload's `documentIssues`. The
   * documents' text rules are left out: the upload's own rules ran them on every kept row.
   */
  const documentSchema = compileValidator(AddendumRequestSchema)
  function addendumDocumentIssues (): RecordRules {
    // without the printable rules: a kept row already passed them (the `addendum` kind's accept)
    const rules = recordValidation('addendumDocument', app.employerProfile).all
    return (record, prefix) => {
      const result = documentSchema(structuredClone(record))
      return mergeIssues(result.ok ? [] : result.issues, rules(record, prefix))
    }
  }

  const single = app.employeeBodies.singleRouteOptions(AddendumRequestSchema, {
    validationMessage: VALIDATION_MESSAGE.contracts, kind: 'addendumDocument'
  })
  app.post('/preview', {
    ...single,
    onRequest: refuseWhenLate,
    config: { ...single.config, access: ROUTE_ACCESS.hr },
    schema: {
      ...single.schema,
      tags: ['addenda'],
      summary: 'Vista previa de la adenda de un registro (PDF)',
      description: 'Cuerpo: un registro de adenda, como los devuelve `POST /api/addendum/upload`. `salaryInWords` es opcional: ' +
        'si falta se escribe a partir de `salary`; si se envía debe decir el mismo monto (D22).',
      response: {
        200: fileResponse('application/pdf', 'La adenda en PDF, inline, `<documentNumber>-adenda.pdf`'),
        ...ERROR_RESPONSES,
        503: ErrorEnvelopeSchema
      }
    }
  }, async function (request, reply) {
    const addendum = request.body
    let bytes: Buffer
    try {
      bytes = Buffer.from(await pool.addendum(addendum, today()))
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new PdfGenerationError(error)
    }
    return (reply as FastifyReply) // a binary answer: the response schema describes it for OpenAPI only
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', addendumFileName(addendum)))
      .header('content-length', bytes.length)
      .send(bytes)
  })

  const batch = app.employeeBodies.batchRouteOptions(AddendumRequestSchema, {
    emptyMessage: ADDENDUM_DOCUMENT_MESSAGES.emptyBatch,
    validationMessage: VALIDATION_MESSAGE.contracts,
    maxItems: app.config.ADDENDUM_BATCH_MAX,
    kind: 'addendumDocument'
  })
  app.post('/download-zip', {
    ...batch,
    onRequest: refuseWhenLate,
    config: { ...batch.config, access: ROUTE_ACCESS.hr },
    schema: {
      ...batch.schema,
      tags: ['addenda'],
      summary: 'ZIP con la adenda de cada registro (transmitido)',
      description: 'Cuerpo: lista de 1 a ADDENDUM_BATCH_MAX registros de adenda, sola o como `{"employees": [...]}` / `{"body": [...]}` (D2). ' +
        'Entradas `adendas/<documentNumber>.pdf` (un número repetido lleva ` (2)`); los registros que fallen se listan en `errores.txt` (D19).',
      response: { 200: fileResponse('application/zip', 'adendas-DD-MM-YYYY.zip'), ...ERROR_RESPONSES, 503: ErrorEnvelopeSchema }
    }
  }, async function (request, reply) {
    const addenda = request.body
    const signingDate = today()
    return (reply as FastifyReply).sendDocumentsZip(addenda, {
      fileName: `adendas-${signingDate.replaceAll('/', '-')}.zip`,
      render: async (batch, signal) => await eachRecord(async (addendum: AddendumRequest) => [{
        name: addendumEntryName(addendum),
        parts: [await pool.whenFree(async () => await pool.addendum(addendum, signingDate), signal)]
      }])(batch),
      describe: (addendum) => `${safeFileName(addendum.documentNumber)} (${addendum.worker})`,
      logFields: (addendum) => ({ documentNumber: addendum.documentNumber }),
      kind: 'addenda'
    })
  })
}
export default routes
