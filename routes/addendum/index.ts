import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../../schemas/envelope.js'
import { AddendumImportReplySchema, AddendumQuerySchema, UploadBodySchema } from '../../schemas/import.js'
import { AddendumRequestSchema } from '../../schemas/addendum.js'
import { ADDENDUM_DOCUMENT_MESSAGES, IMPORT_MESSAGES, VALIDATION_MESSAGE } from '../../schemas/messages.js'
import { fileResponse } from '../../schemas/reports.js'
import { formatByteSize } from '../../src/units.js'
import { uploadFormat } from '../../src/spreadsheets/file-type.js'
import { importAddenda, rowIdentityNumbers } from '../../src/spreadsheets/import.js'
import { recordValidation } from '../../src/employees/record-kinds.js'
import { pdfFailure } from '../../src/errors.js'
import { todayInLima } from '../../src/vocabulary/dates.js'
import { addendumFileName } from '../../src/zip/names.js'
import { ROUTE_ACCESS } from '../../src/auth/roles.js'
import { contractExtendedBy } from '../../src/registry/contract-rules.js'

const messages = IMPORT_MESSAGES.addenda

/**
 * Endpoint 9 (upload; `?partial=true` per D14) and the adenda documents (D22): preview of one
 * record and a streamed ZIP of many: upload rows are `addendum` records, the documents' bodies
 * `addendumDocument` ones (src/employees/record-kinds.ts).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const uploadMessages = { noFile: messages.noFile, tooLarge: messages.tooLarge(formatByteSize(app.config.MAX_FILE_SIZE).replace(' ', '')) }
  const pool = app.pdfPool
  // admission (plugins/admission.ts): room for the work, or 503 before the body is validated
  const { admission } = app

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
    const dnis = rowIdentityNumbers(sheet, 'documentNumber')
    request.auditRead(dnis) // every row read, refused ones too
    const recorded = await app.registry.extendableContracts(dnis)
    const { errors, ...result } = importAddenda(sheet, {
      partial: request.query.partial === 'true',
      // its print rules: the rows the preview and the ZIP would refuse (data.documentIssues)
      validation: recordValidation('addendum', app.employerProfile, app.printableRules),
      // a row that extends a contract this service issued names it (contractId), and without CAUSA
      // takes the cause that contract printed
      complete: (record) => {
        const contract = contractExtendedBy(recorded.get(record.documentNumber) ?? [], record.end)
        if (contract === undefined) return record
        const causeId = record.causeId ?? contract.causeId ?? undefined
        return { ...record, contractId: contract.id, ...(causeId === undefined ? {} : { causeId }) }
      }
    })
    if (errors.length === 0) return { success: true as const, message: messages.processed, data: result }
    return { success: true as const, message: messages.processedWithErrors, data: { ...result, errors } }
  })

  const single = app.employeeBodies.singleRouteOptions(AddendumRequestSchema, {
    validationMessage: VALIDATION_MESSAGE.default, kind: 'addendumDocument'
  })
  app.post('/preview', {
    ...single,
    onRequest: admission.one,
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
    // signed the day it is generated, in Lima (§3)
    const pdf = await pool.addendum(request.body, todayInLima()).catch(pdfFailure)
    return (reply as FastifyReply).sendBinary(pdf, { mediaType: 'application/pdf', disposition: 'inline', fileName: addendumFileName(request.body) })
  })

  const batch = app.employeeBodies.batchRouteOptions(AddendumRequestSchema, {
    emptyMessage: ADDENDUM_DOCUMENT_MESSAGES.emptyBatch,
    validationMessage: VALIDATION_MESSAGE.default,
    maxItems: app.config.ADDENDUM_BATCH_MAX,
    kind: 'addendumDocument'
  })
  app.post('/download-zip', {
    ...batch,
    preValidation: [admission.batch, batch.preValidation],
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
    return await (reply as FastifyReply).sendAddendaZip(request.body)
  })
}
export default routes
