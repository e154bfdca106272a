import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifySchemaCompiler } from 'fastify'
import { EmployeeSchema, PreviewEmployeeSchema, PreviewImportedEmployeeSchema, type ImportedEmployee } from '../../schemas/employee.js'
import { PreviewBase64ReplySchema, PreviewBodySchema, PreviewSessionSchema } from '../../schemas/contracts.js'
import { CONTRACT_MESSAGES, PREVIEW_MODE_MESSAGES, VALIDATION_MESSAGE } from '../../schemas/messages.js'
import { ERROR_RESPONSES, ErrorEnvelopeSchema } from '../../schemas/envelope.js'
import { fileResponse } from '../../schemas/reports.js'
import { Type } from '@sinclair/typebox'
import { AppError, EmployeeNotInSessionError, PdfGenerationError, RequestValidationError, SessionNotFoundError } from '../../src/errors.js'
import { compileAjvValidator, compileValidator } from '../../src/validation.js'
import { fullName } from '../../src/vocabulary/format.js'
import { todayInLima } from '../../src/vocabulary/dates.js'
import { recordValidation } from '../../src/employees/record-kinds.js'
import { mergeIssues } from '../../src/employees/cross-field-rules.js'
import { contentDisposition, contractFileName, safeFileName } from '../../src/zip/names.js'
import { ZIP_TUNING } from '../../src/zip/tuning.js'
import { ROUTE_ACCESS, ownerOf } from '../../src/auth/roles.js'

/**
 * D3: the preview body is a record or a session reference. The mode is chosen by the presence of
 * `sessionId`, then validated by that mode's schema alone, so errors name that mode's fields.
 */
const validateRecord = compileAjvValidator(PreviewEmployeeSchema)
const validateSession = compileAjvValidator(PreviewSessionSchema)
const previewValidator: FastifySchemaCompiler<unknown> = () => {
  const validate = (data: unknown): boolean => {
    const inner = data !== null && typeof data === 'object' && 'sessionId' in data ? validateSession : validateRecord
    const valid = inner(data)
    validate.errors = inner.errors
    return valid
  }
  validate.errors = null as typeof validateRecord.errors
  return validate
}

/** The keys of the session mode (D3). */
const SESSION_KEYS = new Set(Object.keys(PreviewSessionSchema.properties))

/**
 * D3: one mode or the other. A body with a `sessionId` and any employee field would otherwise
 * print the stored record and silently drop the one sent (an edit made in the dashboard).
 * @throws RequestValidationError naming the extra fields
 */
function refuseMixedModes (body: unknown): void {
  if (body === null || typeof body !== 'object' || !('sessionId' in body)) return
  const extra = Object.keys(body).filter((key) => !SESSION_KEYS.has(key))
  if (extra.length === 0) return
  const message = PREVIEW_MODE_MESSAGES.conflict(extra.join(', '))
  throw new RequestValidationError(VALIDATION_MESSAGE.contracts, [{ field: 'body.sessionId', message }])
}

/**
 * A session's employee passed the import's rules; a preview also needs the Subsidio fields an
 * upload may leave out (rule 3, D11). Sex and birthDate stay optional: no contract prints them.
 */
const validateSessionEmployee = compileValidator(PreviewImportedEmployeeSchema)

/** Spec endpoints 3 and 4; registered under /api/contracts and again under /api/contract (D1). */
const contracts: FastifyPluginAsyncTypebox = async (app) => {
  const pool = app.pdfPool
  /** QUEUE_MAX_WAIT_MS before the body is validated: a refused request spends nothing (src/documents/pdf-pool.ts). */
  const refuseWhenLate = async (): Promise<void> => { pool.checkDeadline() }

  async function renderContract (employee: ImportedEmployee): Promise<Uint8Array> {
    try {
      return await pool.contract(employee)
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new PdfGenerationError(error)
    }
  }

  const single = app.employeeBodies.singleRouteOptions(PreviewEmployeeSchema, {
    validationMessage: VALIDATION_MESSAGE.contracts, kind: 'contract'
  })
  app.post('/preview', {
    ...single,
    onRequest: refuseWhenLate,
    config: { ...single.config, access: ROUTE_ACCESS.hr },
    preValidation: async (request) => {
      refuseMixedModes(request.body)
      await single.preValidation(request)
    },
    validatorCompiler: previewValidator,
    schema: {
      tags: ['contracts'],
      summary: 'Vista previa del contrato de un empleado (PDF), o de un empleado de una sesión de carga (D3)',
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
    const body = request.body
    let employee: ImportedEmployee
    let format: 'file' | 'base64' = 'file'
    if ('sessionId' in body) {
      const employees = await app.sessions.get(body.sessionId, ownerOf(request.identity))
      if (employees === undefined) throw new SessionNotFoundError(body.sessionId)
      const found = employees.find((candidate) => candidate.dni === body.dni)
      if (found === undefined) throw new EmployeeNotInSessionError(body.dni)
      const checked = validateSessionEmployee(found)
      // an imported record passed `accept` but may not make a lawful contract (its contractIssues): refused here
      const lawful = recordValidation('contract', app.employerProfile, app.printableRules).print(found, '')
      if (!checked.ok || lawful.length > 0) {
        const issues = mergeIssues(checked.ok ? [] : checked.issues, lawful)
        throw new RequestValidationError(VALIDATION_MESSAGE.contracts, issues)
      }
      employee = checked.value
      format = body.format ?? 'file'
    } else {
      employee = body
    }
    const bytes = Buffer.from(await renderContract(employee))
    const fileName = contractFileName(employee)
    if (format === 'base64') return { success: true as const, data: { dni: employee.dni, pdfBase64: bytes.toString('base64'), fileName } }
    return (reply as FastifyReply) // a binary answer: the JSON response schema does not apply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', fileName))
      .header('content-length', bytes.length)
      .send(bytes)
  })

  const batch = app.employeeBodies.batchRouteOptions(EmployeeSchema, {
    emptyMessage: CONTRACT_MESSAGES.emptyBatch,
    validationMessage: VALIDATION_MESSAGE.contracts,
    kind: 'contract'
  })
  app.post('/download-zip', {
    ...batch,
    onRequest: refuseWhenLate,
    config: { ...batch.config, access: ROUTE_ACCESS.hr },
    schema: {
      ...batch.schema,
      tags: ['contracts'],
      summary: 'ZIP con contrato, consentimiento de datos y anexo de cada empleado (transmitido)',
      response: { 200: fileResponse('application/zip', 'contratos-DD-MM-YYYY.zip'), ...ERROR_RESPONSES, 503: ErrorEnvelopeSchema }
    }
  }, async function (request, reply) {
    const employees = request.body
    return reply.sendDocumentsZip(employees, {
      fileName: `contratos-${todayInLima().replaceAll('/', '-')}.zip`,
      // a few employees per worker task: one message each way for all of them (src/documents/pdf-pool.ts)
      batchSize: ZIP_TUNING.employeesPerTask,
      render: async (batch, signal) => await pool.whenFree(async () => await pool.zipEntries(batch), signal),
      describe: (employee) => `${safeFileName(employee.dni)} (${fullName(employee)})`,
      logFields: (employee) => ({ dni: employee.dni }),
      kind: 'contracts'
    })
  })
}
export default contracts
