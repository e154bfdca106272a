import { AUDIT_MESSAGES, AUTH_MESSAGES, CONTRACT_MESSAGES, HTTP_MESSAGES, REGISTRY_MESSAGES } from '../schemas/messages.js'

/**
 * Application errors: each carries its HTTP status, the Spanish message of the spec, optional
 * `data`/`errors` and a stable `code` (as @fastify/multipart's and undici's errors do), and is
 * written into the spec's envelope by plugins/errors.ts (spec "Errors"). The code is for programs
 * and logs (pino writes it with the error); the envelope stays the spec's, without it.
 */

/**
 * Every code an error of ours carries, with what it means (docs/endpoints.md, "Error codes").
 * A code never changes meaning; a new kind of error gets a new code.
 */
export const ERROR_CODES = {
  CONTRATOS_ERROR: 'an AppError raised without a more specific code',
  CONTRATOS_VALIDATION: '400: fields of the request are invalid (spec Errors rule 4)',
  CONTRATOS_BATCH_LIMIT: '400: no records, or more than the endpoint\'s batch limit (D5)',
  CONTRATOS_BODY_NOT_UTF8: '400: a JSON body that is not UTF-8',
  CONTRATOS_UPLOAD: '400: the multipart upload is not one usable file (spec Errors rule 3, D6)',
  CONTRATOS_SPREADSHEET_CORRUPT: '400: the bytes are not a readable file of their format (D20)',
  CONTRATOS_SPREADSHEET_EMPTY: '400: a header row and no data (D5)',
  CONTRATOS_SPREADSHEET_TOO_MANY_ROWS: '400: more data rows than the batch limit (D5)',
  CONTRATOS_SPREADSHEET_ROWS_PAST_LIMIT: '400: a workbook cell far below what the batch limit allows',
  CONTRATOS_SPREADSHEET_INVALID: '400: missing headers or invalid rows (D13)',
  CONTRATOS_UNAUTHENTICATED: '401: no credentials, or a token or API key that is not valid (AUTH_MODE=oidc); WWW-Authenticate',
  CONTRATOS_FORBIDDEN: '403: valid credentials whose roles do not include one the route allows; WWW-Authenticate',
  CONTRATOS_IDP_UNAVAILABLE: '503: the identity provider\'s discovery document or keys cannot be fetched to check a token; Retry-After',
  CONTRATOS_AUDIT_UNAVAILABLE: '503: the audit trail (AUDIT_LOG) cannot be written, so no personal data is served; Retry-After',
  CONTRATOS_CORS_ORIGIN: '403: a preflight from an origin not in CORS_ORIGINS',
  CONTRATOS_SESSION_NOT_FOUND: '404: an upload session that does not exist or has expired (D3)',
  CONTRATOS_EMPLOYEE_NOT_IN_SESSION: '404: a DNI the upload session does not hold (D3)',
  CONTRATOS_PDF_GENERATION: '500: a contract PDF could not be generated (spec endpoint 3)',
  CONTRATOS_BUSY: '503: load shed or a worker pool\'s line full; Retry-After',
  CONTRATOS_SESSION_STORE_UNAVAILABLE: '503: the session store (Redis) does not answer; Retry-After',
  CONTRATOS_SIGNING_UNAVAILABLE: '503: no signing certificate (SIGNING_CERT) where the demo one may not sign (production, DATABASE_URL): nothing can be signed',
  CONTRATOS_TSA_UNAVAILABLE: '503: the time-stamp authority (SIGNING_TSA_URL) gave no valid token in time, so the document was not signed; Retry-After',
  CONTRATOS_REGISTRY_UNAVAILABLE: '503: the contract registry\'s database does not answer; Retry-After',
  CONTRATOS_REGISTRY_CONFLICT: '409: the registry\'s state refuses the change: an overlapping contract that binds the worker, a status that does not allow it (docs/registry.md)',
  CONTRATOS_SCAN_TOO_LARGE: '413: a scan of a paper signature larger than 10 MB (docs/registry.md)',
  CONTRATOS_SCAN_NOT_FOUND: '404: the contract has no current scan of that kind',
  CONTRATOS_REGISTRY_NOT_FOUND: '404: no recorded contract or adenda with that id',
  CONTRATOS_DOCUMENT_NOT_FOUND: '404: no issued document with that verification code (docs/registry.md)',
  CONTRATOS_CAUSE_NOT_FOUND: '404: no cause with that id in the registry (docs/registry.md "Causes")',
  CONTRATOS_CAUSE_CONFLICT: '409: a cause id or text already registered, or a change its review does not allow (only a proposal is edited or approved)',
  CONTRATOS_SIGNING_CONFLICT: '409: the signing flow refuses the step: an invitation that cannot be sent (no address, an employer\'s or another worker\'s, a contract not issued or started), hashes that are not the issued ones, a step out of order (docs/signing-flow.md)',
  CONTRATOS_SIGNING_NOT_FOUND: '404: no invitation with that token or id (docs/signing-flow.md)',
  CONTRATOS_SIGNING_GONE: '410: the invitation expired, was revoked or is finished (docs/signing-flow.md)',
  CONTRATOS_SIGNING_LOCKED: '423: the invitation is locked after too many wrong identities or codes (docs/signing-flow.md)',
  CONTRATOS_SIGNING_LIMIT: '429: a code asked too soon or too often; Retry-After (docs/signing-flow.md)',
  CONTRATOS_SIGNING_REFUSED: '401/403: a wrong identity or code, no live signing session, or a POST from another origin (docs/signing-flow.md)',
  CONTRATOS_MAIL_UNAVAILABLE: '503: the mail relay (SMTP_URL) did not take the code\'s mail; nothing was counted; Retry-After',
  CONTRATOS_CONFIG: 'start-up: an environment variable is invalid',
  CONTRATOS_EMPLOYER_PROFILE: 'start-up: the employer profile is invalid',
  CONTRATOS_TEMPLATE: 'start-up: a document template is missing, unreadable or lacks a field',
  CONTRATOS_ZIP_REJECTED: 'inside the import: the zip guard refused an .xlsx (answered as CONTRATOS_SPREADSHEET_CORRUPT)'
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/** One field-level problem (spec "Validation error item"); `row` only for spreadsheet errors. */
export interface ValidationIssue {
  row?: number
  field: string
  message: string
  /** Spreadsheet errors: the column's header as the file had it (additive, docs/import.md). */
  header?: string
  /** Spreadsheet errors of a sheet other than the first (HISTORIAL): its name (additive, docs/import.md). */
  sheet?: string
}

/** Base of every error the service answers on purpose; anything else is a 500 (D17). */
export class AppError extends Error {
  readonly statusCode: number
  readonly data: Record<string, unknown> | null
  readonly errors: ValidationIssue[] | undefined
  /** Extra top-level keys of the envelope (D13's `context`). */
  readonly extra: Record<string, unknown> | undefined
  /** Stable code of this kind of error (ERROR_CODES). */
  readonly code: ErrorCode

  constructor (statusCode: number, message: string, options: {
    data?: Record<string, unknown> | null
    errors?: ValidationIssue[]
    extra?: Record<string, unknown>
    code?: ErrorCode
  } = {}) {
    super(message)
    this.name = new.target.name
    this.code = options.code ?? 'CONTRATOS_ERROR'
    this.statusCode = statusCode
    this.data = options.data ?? null
    this.errors = options.errors
    this.extra = options.extra
  }
}

/** 400 with a list of field problems (spec Errors rule 4). */
export class RequestValidationError extends AppError {
  constructor (message: string, errors: ValidationIssue[]) {
    super(400, message, { errors, code: 'CONTRATOS_VALIDATION' })
  }
}

/** 400 raised by the upload layer (spec Errors rule 3, D6). */
export class UploadError extends AppError {
  constructor (message: string, options: ConstructorParameters<typeof AppError>[2] = {}) {
    super(400, message, { code: 'CONTRATOS_UPLOAD', ...options })
  }
}

/** 404 for a session that does not exist or has expired (D3). */
export class SessionNotFoundError extends AppError {
  constructor (sessionId: string) {
    super(404, CONTRACT_MESSAGES.sessionNotFound(sessionId), { code: 'CONTRATOS_SESSION_NOT_FOUND' })
  }
}

/** 404 for a DNI that the upload session does not hold (D3). */
export class EmployeeNotInSessionError extends AppError {
  constructor (dni: string) {
    super(404, CONTRACT_MESSAGES.employeeNotInSession(dni), { code: 'CONTRATOS_EMPLOYEE_NOT_IN_SESSION' })
  }
}

/** 500 when a contract PDF cannot be generated (spec endpoint 3). */
export class PdfGenerationError extends AppError {
  constructor (cause: unknown) {
    super(500, HTTP_MESSAGES.internalError, { code: 'CONTRATOS_PDF_GENERATION' })
    this.cause = cause
  }
}

/**
 * For `.catch()` on a render: an AppError (a 503 busy pool, a 400) goes on as it is; anything else
 * becomes a PdfGenerationError (500, the spec's internal-error text, the cause kept for the log).
 */
export function pdfFailure (error: unknown): never {
  if (error instanceof AppError) throw error
  throw new PdfGenerationError(error)
}

/** Seconds a refused client is asked to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 2

/**
 * 503 when the service sheds load: the event loop lags (under-pressure) or the PDF
 * worker pool's queue is full. Overload is refused, not queued without bound; plugins/errors.ts
 * sends `Retry-After: retryAfterSeconds`.
 */
/**
 * The mail relay refused or did not answer the code's mail (docs/signing-flow.md): 503 with `Retry-After`, nothing
 * counted.
 */
export class MailUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor (message: string, cause?: unknown) {
    super(503, message, { code: 'CONTRATOS_MAIL_UNAVAILABLE' })
    this.cause = cause
  }
}

export class ServiceBusyError extends AppError {
  readonly retryAfterSeconds: number
  constructor (retryAfterSeconds = RETRY_AFTER_SECONDS) {
    super(503, HTTP_MESSAGES.busy, { code: 'CONTRATOS_BUSY' })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * 503 when the upload session store (SESSION_STORE: Redis) does not answer within its short
 * timeout: an upload cannot keep its session, a session preview cannot read it. Not load
 * shedding: plugins/errors.ts sends `Retry-After` all the same, and the service recovers by
 * itself when the store returns.
 */
export class SessionStoreUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor (cause: unknown) {
    super(503, HTTP_MESSAGES.sessionStoreUnavailable, { code: 'CONTRATOS_SESSION_STORE_UNAVAILABLE' })
    this.cause = cause
  }
}

/**
 * 503 when the identity provider's discovery document or keys cannot be fetched to check a bearer
 * token (docs/security.md, "People: OpenID Connect"): nobody is let in unchecked. `retryAfterMs`:
 * how long the verifier will not ask the provider again (negative caching), sent as `Retry-After`.
 */
export class IdentityProviderUnavailableError extends AppError {
  readonly retryAfterSeconds: number
  constructor (retryAfterMs: number, cause?: unknown) {
    super(503, AUTH_MESSAGES.issuerUnreachable, { code: 'CONTRATOS_IDP_UNAVAILABLE' })
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    this.cause = cause
  }
}

/**
 * 503 from the routes that read personal data while the audit trail (AUDIT_LOG) cannot be written
 * (docs/security.md, "Audit trail"): no request is served unrecorded; `Retry-After` as for load.
 */
export class AuditTrailUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor () {
    super(503, AUDIT_MESSAGES.unavailable, { code: 'CONTRATOS_AUDIT_UNAVAILABLE' })
  }
}

/**
 * 503 while the contract registry's database (DATABASE_URL, or PGlite in DATA_DIR) does not answer:
 * issuing routes and the registry's own routes refuse rather than issue unrecorded documents;
 * previews and exports keep working. Recovers by itself when the database answers again.
 */
export class RegistryUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor (cause?: unknown) {
    super(503, REGISTRY_MESSAGES.unavailable, { code: 'CONTRATOS_REGISTRY_UNAVAILABLE' })
    this.cause = cause
  }
}

/**
 * 499 (nginx's "client closed request") for work dropped because its client went away, e.g. an
 * upload that waited for the spreadsheet reader (src/spreadsheets/reader.ts). Nobody reads the
 * answer; the status keeps it out of the 5xx logs and counters.
 */
export class ClientGoneError extends AppError {
  constructor () {
    super(499, HTTP_MESSAGES.clientGone)
  }
}

/**
 * 401 or 403 of AUTH_MODE=oidc (docs/security.md, "Roles"), with its RFC 6750 challenge for the
 * `WWW-Authenticate` header: `invalid_token` when a token was sent and refused,
 * `insufficient_scope` for a valid identity without an allowed role.
 */
export class AuthError extends AppError {
  readonly challenge: string
  constructor (kind: 'missing' | 'invalid' | 'forbidden', allowedRoles: readonly string[] = []) {
    const forbidden = kind === 'forbidden'
    super(forbidden ? 403 : 401, forbidden ? AUTH_MESSAGES.forbidden(allowedRoles) : AUTH_MESSAGES[kind], {
      code: forbidden ? 'CONTRATOS_FORBIDDEN' : 'CONTRATOS_UNAUTHENTICATED'
    })
    this.challenge = 'Bearer realm="contratos"' +
      (kind === 'invalid' ? ', error="invalid_token"' : kind === 'forbidden' ? ', error="insufficient_scope"' : '')
  }
}
