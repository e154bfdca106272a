/**
 * Stable error codes (src/errors.ts ERROR_CODES): each kind of error carries its own, the codes are
 * what the table says, and docs/endpoints.md lists every one of them.
 */
import { test } from 'tap'
import { readFileSync } from 'node:fs'
import {
  AppError, AuditTrailUnavailableError, AuthError, ERROR_CODES, IdentityProviderUnavailableError, EmployeeNotInSessionError, PdfGenerationError, RequestValidationError, ServiceBusyError,
  SessionNotFoundError, SessionStoreUnavailableError, UploadError
} from '../../src/errors.js'
import {
  CorruptSpreadsheetError, EmptySpreadsheetError, RowsPastLimitError, SpreadsheetValidationError, TooManyRowsError
} from '../../src/spreadsheets/errors.js'
import { EmployerProfileError } from '../../src/employer/profile.js'
import { TemplateError } from '../../src/pdf/template.js'
import { ZipRejectedError } from '../../src/spreadsheets/zip-guard.js'
import { ConfigError } from '../../plugins/config.js'

const errors: Array<[Error & { code: string }, string]> = [
  [new AppError(400, 'x'), 'CONTRATOS_ERROR'],
  [new RequestValidationError('x', []), 'CONTRATOS_VALIDATION'],
  [new UploadError('x'), 'CONTRATOS_UPLOAD'],
  [new SessionNotFoundError('id'), 'CONTRATOS_SESSION_NOT_FOUND'],
  [new EmployeeNotInSessionError('12345678'), 'CONTRATOS_EMPLOYEE_NOT_IN_SESSION'],
  [new PdfGenerationError(new Error('x')), 'CONTRATOS_PDF_GENERATION'],
  [new ServiceBusyError(), 'CONTRATOS_BUSY'],
  [new SessionStoreUnavailableError(new Error('x')), 'CONTRATOS_SESSION_STORE_UNAVAILABLE'],
  [new CorruptSpreadsheetError('x'), 'CONTRATOS_SPREADSHEET_CORRUPT'],
  [new TooManyRowsError(50), 'CONTRATOS_SPREADSHEET_TOO_MANY_ROWS'],
  [new RowsPastLimitError(1000, 100), 'CONTRATOS_SPREADSHEET_ROWS_PAST_LIMIT'],
  [new EmptySpreadsheetError(), 'CONTRATOS_SPREADSHEET_EMPTY'],
  [new SpreadsheetValidationError('x', []), 'CONTRATOS_SPREADSHEET_INVALID'],
  [new EmployerProfileError('perfil.json', ['x']), 'CONTRATOS_EMPLOYER_PROFILE'],
  [new TemplateError('anexo.pdf', 'x'), 'CONTRATOS_TEMPLATE'],
  [new ZipRejectedError('x'), 'CONTRATOS_ZIP_REJECTED'],
  [new ConfigError('x'), 'CONTRATOS_CONFIG'],
  [new AuthError('missing'), 'CONTRATOS_UNAUTHENTICATED'],
  [new AuthError('invalid'), 'CONTRATOS_UNAUTHENTICATED'],
  [new AuthError('forbidden', ['hr']), 'CONTRATOS_FORBIDDEN'],
  [new IdentityProviderUnavailableError(5000), 'CONTRATOS_IDP_UNAVAILABLE'],
  [new AuditTrailUnavailableError(), 'CONTRATOS_AUDIT_UNAVAILABLE']
]

test('each kind of error carries its stable code, one of ERROR_CODES', async (t) => {
  for (const [error, code] of errors) {
    t.equal(error.code, code, `${error.name}: ${code}`)
    t.ok(Object.hasOwn(ERROR_CODES, error.code), `${code} is in ERROR_CODES`)
  }
  t.ok(new CorruptSpreadsheetError('x') instanceof UploadError, 'a subclass keeps its parent class for matching')
})

test('docs/endpoints.md lists every code', async (t) => {
  const page = readFileSync(new URL('../../docs/endpoints.md', import.meta.url), 'utf8')
  for (const code of Object.keys(ERROR_CODES)) t.match(page, `\`${code}\``, `${code} is documented`)
})
