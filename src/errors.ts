import { CONTRACT_MESSAGES, HTTP_MESSAGES } from '../schemas/messages.js'

/**
 * Application errors: each carries its HTTP status, the Spanish message of the spec and optional
 * `data`/`errors`, and is written into the spec's envelope by plugins/errors.ts (spec "Errors").
 */

/** One field-level problem (spec "Validation error item"); `row` only for spreadsheet errors. */
export interface ValidationIssue {
  row?: number
  field: string
  message: string
}

/** Base of every error the service answers on purpose; anything else is a 500 (D17). */
export class AppError extends Error {
  readonly statusCode: number
  readonly data: Record<string, unknown> | null
  readonly errors: ValidationIssue[] | undefined
  /** Extra top-level keys of the envelope (D13's `context`). */
  readonly extra: Record<string, unknown> | undefined

  constructor (statusCode: number, message: string, options: {
    data?: Record<string, unknown> | null
    errors?: ValidationIssue[]
    extra?: Record<string, unknown>
  } = {}) {
    super(message)
    this.name = new.target.name
    this.statusCode = statusCode
    this.data = options.data ?? null
    this.errors = options.errors
    this.extra = options.extra
  }
}

/** 400 with a list of field problems (spec Errors rule 4). */
export class RequestValidationError extends AppError {
  constructor (message: string, errors: ValidationIssue[]) {
    super(400, message, { errors })
  }
}

/** 400 raised by the upload layer (spec Errors rule 3, D6). */
export class UploadError extends AppError {
  constructor (message: string, options: ConstructorParameters<typeof AppError>[2] = {}) {
    super(400, message, options)
  }
}

/** 404 for a session that does not exist or has expired (D3). */
export class SessionNotFoundError extends AppError {
  constructor (sessionId: string) {
    super(404, CONTRACT_MESSAGES.sessionNotFound(sessionId))
  }
}

/** 404 for a DNI that the upload session does not hold (D3). */
export class EmployeeNotInSessionError extends AppError {
  constructor (dni: string) {
    super(404, CONTRACT_MESSAGES.employeeNotInSession(dni))
  }
}

/** 500 when a contract PDF cannot be generated (spec endpoint 3). */
export class PdfGenerationError extends AppError {
  constructor (cause: unknown) {
    super(500, HTTP_MESSAGES.internalError)
    this.cause = cause
  }
}

/** Seconds a refused client is asked to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 2

/**
 * 503 when the service sheds load: the event loop lags (under-pressure) or the PDF
 * worker pool's queue is full. Overload is refused, not queued without bound; plugins/errors.ts
 * sends `Retry-After: retryAfterSeconds`.
 */
export class ServiceBusyError extends AppError {
  readonly retryAfterSeconds: number
  constructor (retryAfterSeconds = RETRY_AFTER_SECONDS) {
    super(503, HTTP_MESSAGES.busy)
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
    super(503, HTTP_MESSAGES.sessionStoreUnavailable)
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
