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

/**
 * 503 when the service sheds load (under-pressure, a full PDF queue): the client should retry
 * after `retryAfterSeconds` (sent as `Retry-After`).
 */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds: number
  constructor (retryAfterSeconds: number) {
    super(503, 'Servicio ocupado. Intenta nuevamente en unos segundos.')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** 404 for a session that does not exist or has expired (D3). */
export class SessionNotFoundError extends AppError {
  constructor (sessionId: string) {
    super(404, `Sesión no encontrada: ${sessionId}`)
  }
}
