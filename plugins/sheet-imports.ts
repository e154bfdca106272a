/**
 * `app.sheetImports`: the two spreadsheet uploads judged in one call each (spec endpoints 5 and 9,
 * D14, D20; docs/import.md). Each reads the request's `excel` file (request.excelUpload()), reads it in
 * the reader's processes (app.spreadsheetReader), audits every DNI read (refused rows too), applies the
 * record rules and the registry's (the history rules for employees, src/issuing/history-check.ts; the
 * recorded contract an adenda extends) and answers the reply the route sends. The employees' HISTORIAL
 * sheet is recorded before the history rules read it, so they count it.
 */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { IMPORT_MESSAGES } from '../schemas/messages.js'
import type { AddendumImportReply, EmployeeImportReply } from '../schemas/import.js'
import type { ImportedEmployee } from '../schemas/employee.js'
import { ownerOf } from '../src/auth/roles.js'
import { recordValidation } from '../src/employees/record-kinds.js'
import { addendumImportReply, employeeImportReply, fillFromRecordedContract, withRecordedContract } from '../src/issuing/judged-imports.js'
import { uploadFormat } from '../src/spreadsheets/file-type.js'
import { importHistory, refuseUnnamed } from '../src/spreadsheets/history-import.js'
import { importAddenda, importEmployeeRows, rowIdentityNumbers } from '../src/spreadsheets/import.js'
import { formatByteSize } from '../src/units.js'

/** The HISTORIAL sheet of an employees upload, when it has one. */
type HistorySheet = Parameters<typeof importHistory>[0]

/** The uploads; `partial` is the route's `?partial=true` (docs/import.md, D14). */
export interface SheetImports {
  /**
   * Endpoint 5: the employees of the upload, kept in a session for the preview (D4).
   * @throws UploadError, SpreadsheetValidationError, EmptySpreadsheetError (400); RegistryUnavailableError (503)
   *   when the HISTORIAL sheet cannot be recorded
   */
  employees: (request: FastifyRequest, reply: FastifyReply, partial: boolean) => Promise<EmployeeImportReply>
  /** Endpoint 9: the adendas of the upload. @throws as `employees`, without the 503 */
  addenda: (request: FastifyRequest, reply: FastifyReply, partial: boolean) => Promise<AddendumImportReply>
}

declare module 'fastify' {
  interface FastifyInstance {
    sheetImports: SheetImports
  }
}

export default fp(async (app) => {
  const badType = () => IMPORT_MESSAGES.employees.badType
  const employeeTypes = { badExtension: badType, badMime: badType } // spec Errors rule 3
  const addendaMessages = IMPORT_MESSAGES.addenda
  const addendaUpload = {
    noFile: addendaMessages.noFile, tooLarge: addendaMessages.tooLarge(formatByteSize(app.config.MAX_FILE_SIZE).replace(' ', ''))
  }

  /** The employees' HISTORIAL sheet recorded in the registry (docs/import.md), before the history rules read it. */
  async function recordHistory (
    request: FastifyRequest, history: HistorySheet, employees: readonly ImportedEmployee[]
  ): Promise<void> {
    if (history?.content.status === 'ok') request.auditRead(rowIdentityNumbers(history.content, 'dni'))
    const entered = importHistory(history, employees, false, app.printableRules.unprintableScripts)
    if (entered.workers.length === 0) return
    const unnamed = entered.workers.filter(({ worker }) => worker.names === undefined).map(({ worker }) => worker.dni)
    refuseUnnamed(entered, await app.registry.run(async (registry) => await registry.namedWorkers(unnamed)))
    const subject = request.identity?.subject
    await app.registry.run(async (registry) => await registry.addHistories(entered.workers, subject))
  }

  app.decorate('sheetImports', {
    employees: async (request, reply, partial) => {
      const upload = await request.excelUpload()
      const format = uploadFormat(upload.filename, upload.mimetype, employeeTypes)
      const sheet = await app.spreadsheetReader.read(upload.bytes, format, 'employee', app.config.BATCH_MAX, reply.clientGone())
      request.auditRead(rowIdentityNumbers(sheet, 'dni')) // every row read, refused ones too
      const validation = recordValidation('contract', app.employerProfile, app.printableRules)
      const result = importEmployeeRows(sheet, { partial, validation })
      await recordHistory(request, sheet.status === 'ok' ? sheet.history : undefined, result.employees)
      const { outcomes: checked } = await app.registry.checkHistory(result.employees, 'contract', { startedUnsigned: true })
      const sessionId = await app.sessions.create(result.employees, ownerOf(request.identity))
      return employeeImportReply(result, checked, sessionId, partial)
    },
    addenda: async (request, reply, partial) => {
      const upload = await request.excelUpload(addendaUpload)
      const format = uploadFormat(upload.filename, upload.mimetype, addendaMessages)
      const sheet = await app.spreadsheetReader.read(upload.bytes, format, 'addendum', app.config.ADDENDUM_BATCH_MAX, reply.clientGone())
      const dnis = rowIdentityNumbers(sheet, 'documentNumber')
      request.auditRead(dnis) // every row read, refused ones too
      const recorded = await app.registry.extendableContracts(dnis)
      return addendumImportReply(importAddenda(sheet, {
        partial,
        // its print rules: the rows the preview and the ZIP would refuse (data.documentIssues)
        validation: recordValidation('addendum', app.employerProfile, app.printableRules),
        complete: withRecordedContract(recorded),
        // a row of a recorded contract gives only its DNI, the new end and what changes; CAUSA by its text
        fill: fillFromRecordedContract(recorded, app.employerProfile)
      }))
    }
  } satisfies SheetImports)
}, { name: 'sheet-imports', dependencies: ['config', 'multipart', 'audit', 'spreadsheet-reader', 'employer-profile', 'registry', 'sessions'] })
