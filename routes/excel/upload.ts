import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ERROR_RESPONSES } from '../../schemas/envelope.js'
import { EmployeeImportReplySchema, EmployeeUploadQuerySchema, UploadBodySchema } from '../../schemas/import.js'
import { HISTORY_MESSAGES, IMPORT_MESSAGES } from '../../schemas/messages.js'
import { uploadFormat } from '../../src/spreadsheets/file-type.js'
import { importEmployeeRows, rowIdentityNumbers } from '../../src/spreadsheets/import.js'
import { recordValidation } from '../../src/employees/record-kinds.js'
import { ROUTE_ACCESS, ownerOf } from '../../src/auth/roles.js'
import { importHistory, refuseUnnamed } from '../../src/spreadsheets/history-import.js'

const messages = IMPORT_MESSAGES.employees
const typeMessages = { badExtension: () => messages.badType, badMime: () => messages.badType } // spec Errors rule 3

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
    const upload = await request.excelUpload()
    const format = uploadFormat(upload.filename, upload.mimetype, typeMessages)
    const sheet = await app.spreadsheetReader.read(upload.bytes, format, 'employee', app.config.BATCH_MAX, reply.clientGone())
    request.auditRead(rowIdentityNumbers(sheet, 'dni')) // every row read, refused ones too
    const partial = request.query.partial === 'true'
    const validation = recordValidation('contract', app.employerProfile, app.printableRules)
    const result = importEmployeeRows(sheet, { partial, validation })
    const { employees, rows } = result
    // the HISTORIAL sheet (docs/import.md): recorded before the rules below read the history, so they count it
    const history = sheet.status === 'ok' ? sheet.history : undefined
    if (history?.content.status === 'ok') request.auditRead(rowIdentityNumbers(history.content, 'dni'))
    const entered = importHistory(history, employees)
    if (entered.workers.length > 0) {
      const unnamed = entered.workers.filter(({ worker }) => worker.names === undefined).map(({ worker }) => worker.dni)
      refuseUnnamed(entered, await app.registry.run(async (registry) => await registry.namedWorkers(unnamed)))
      const subject = request.identity?.subject
      await app.registry.run(async (registry) => await registry.addHistories(entered.workers, subject))
    }
    // the worker's history in the registry (art. 74, Reglamento art. 16): rows the rules above let through
    const checked = await app.registry.checkHistory(employees, 'contract')
    const contractIssues = [...result.contractIssues, ...checked.flatMap((outcome, index) =>
      outcome.issues.map(({ field, message }) => ({ row: rows[index], dni: employees[index].dni, field, message })))]
      .sort((a, b) => a.row - b.row)
    const warnings = [...result.warnings, ...checked.flatMap((outcome, index) => outcome.probationServed === undefined
      ? []
      : [{ row: rows[index], field: 'probationaryPeriod', message: HISTORY_MESSAGES.probationNotRepeated(outcome.probationServed.from, outcome.probationServed.to) }])]
      .sort((a, b) => a.row - b.row)
    const sessionId = await app.sessions.create(employees, ownerOf(request.identity))
    if (!partial) {
      return {
        success: true as const,
        message: messages.imported(employees.length),
        data: { totalRecords: employees.length, employees, rows, sessionId, contractIssues, warnings }
      }
    }
    const { errors, totalRecords, validRecords, invalidRecords } = result
    return {
      success: true as const,
      message: errors.length === 0
        ? messages.imported(validRecords)
        : messages.importedWithErrors(validRecords, invalidRecords),
      data: { totalRecords, validRecords, invalidRecords, employees, rows, sessionId, contractIssues, warnings, errors }
    }
  })
}
export default routes
