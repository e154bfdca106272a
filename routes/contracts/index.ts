import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { EmployeeSchema } from '../../schemas/employee.js'
import { PreviewBase64ReplySchema, PreviewBodySchema, PreviewQuerySchema } from '../../schemas/contracts.js'
import { CONTRACT_MESSAGES, VALIDATION_MESSAGE } from '../../schemas/messages.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../../schemas/envelope.js'
import { fileResponse } from '../../schemas/reports.js'
import { Type } from '@sinclair/typebox'
import { pdfFailure } from '../../src/errors.js'
import { contractFileName } from '../../src/zip/names.js'
import { ROUTE_ACCESS } from '../../src/auth/roles.js'

/** Spec endpoints 3 and 4; registered under /api/contracts and again under /api/contract (D1). */
const contracts: FastifyPluginAsyncTypebox = async (app) => {
  const pool = app.pdfPool
  // admission (plugins/admission.ts): room for the work, or 503 before the body is validated
  const { admission } = app

  // a record, or one of an upload session (D3)
  const { record: previewRecord, ...preview } = app.employeeBodies.contractPreviewRouteOptions()
  app.post('/preview', {
    ...preview,
    onRequest: admission.one,
    config: { ...preview.config, access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['contracts'],
      summary: 'Vista previa del contrato de un empleado (PDF), o de un empleado de una sesión de carga (D3); ' +
        '?document= tratamiento-datos o anexo: sus otros documentos. Nada se registra',
      querystring: PreviewQuerySchema,
      body: PreviewBodySchema,
      response: {
        200: {
          description: 'El PDF (format `file` o cuerpo de empleado) o JSON con el PDF en base64 (format `base64`)',
          content: {
            'application/pdf': { schema: Type.String({ format: 'binary' }) },
            'application/json': { schema: PreviewBase64ReplySchema }
          }
        },
        ...ERROR_RESPONSES,
        503: ErrorEnvelopeSchema
      }
    }
  }, async function (request, reply) {
    const { employee, format } = await previewRecord(request)
    const document = request.query.document ?? 'contrato'
    const pdf = await (document === 'contrato' ? pool.contract(employee) : pool.previewDocument(employee, document)).catch(pdfFailure)
    const fileName = document === 'contrato' ? contractFileName(employee) : `${document}-${employee.dni}.pdf`
    if (format === 'base64') return { success: true as const, data: { dni: employee.dni, pdfBase64: Buffer.from(pdf).toString('base64'), fileName } }
    return (reply as FastifyReply).sendBinary(pdf, { mediaType: 'application/pdf', disposition: 'inline', fileName })
  })

  const batch = app.employeeBodies.batchRouteOptions(EmployeeSchema, {
    emptyMessage: CONTRACT_MESSAGES.emptyBatch,
    validationMessage: VALIDATION_MESSAGE.default,
    kind: 'contract'
  })
  app.post('/download-zip', {
    ...batch,
    preValidation: [admission.batch, batch.preValidation],
    config: { ...batch.config, access: ROUTE_ACCESS.hr },
    schema: {
      ...batch.schema,
      tags: ['contracts'],
      summary: 'ZIP con contrato, consentimiento de datos y anexo de cada empleado (transmitido)',
      response: { 200: fileResponse('application/zip', 'contratos-DD-MM-YYYY.zip'), ...ERROR_RESPONSES, 503: ErrorEnvelopeSchema }
    }
  }, async function (request, reply) {
    return await reply.sendContractsZip(request.body)
  })
}
export default contracts
