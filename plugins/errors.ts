/**
 * The one place that writes error replies: the spec envelope `{success: false, message, data,
 * errors}` for request validation (Errors rule 4), our AppErrors, Fastify's body-parsing errors,
 * unknown routes (D16) and unexpected failures (D17: no internals in production).
 */
import fp from 'fastify-plugin'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, AuthError, RequestValidationError } from '../src/errors.js'
import { toValidationIssues } from '../src/validation.js'
import { RegistryRefusal } from '../src/registry/registry.js'
import { CauseRefusal } from '../src/registry/cause-reviews.js'
import { CAUSE_REVIEW_MESSAGES, HTTP_MESSAGES, REGISTRY_MESSAGES, VALIDATION_MESSAGE } from '../schemas/messages.js'
import type { ErrorEnvelope } from '../schemas/envelope.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Envelope message of a request validation error on this route (default: VALIDATION_MESSAGE.default). */
    validationMessage?: string
  }
}

/** Fastify's own 4xx, all answered 400 with a Spanish text (the guide: bad input is a 400). */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.invalidContentLength
}

function send (reply: FastifyReply, status: number, envelope: ErrorEnvelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope)
}

/** Errors Fastify raises before routing, when the error handler cannot run yet. */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: HTTP_MESSAGES.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: HTTP_MESSAGES.urlTooLong
}

/**
 * Fastify's `frameworkErrors` option (app/app.ts): a URL that cannot be decoded (`/api/%zz`) is a
 * 400 in the envelope too, not Fastify's own `{error, code, statusCode}` body.
 */
export function frameworkErrorReply (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id) // no hook runs before routing (plugins/request-id.ts)
  const message = FRAMEWORK_ERRORS[error.code] ?? VALIDATION_MESSAGE.default
  send(reply, error.statusCode ?? 400, { success: false, message, data: null })
}

/** HTTP-level failures Node reports before there is a request: status and Spanish text. */
const CLIENT_ERRORS_RAW: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', HTTP_MESSAGES.requestTimeout],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', HTTP_MESSAGES.headersTooLarge]
}

/**
 * Fastify's `clientErrorHandler` option (app/app.ts): a request too slow to arrive (the server
 * timeouts), headers too large, or bytes that are not HTTP get the envelope on the raw socket, then
 * the socket is closed. Nothing is written to a socket the client already reset.
 */
export function clientErrorReply (error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, message] = CLIENT_ERRORS_RAW[error.code ?? ''] ?? [400, 'Bad Request', HTTP_MESSAGES.badHttp]
  const body = JSON.stringify({ success: false, message, data: null } satisfies ErrorEnvelope)
  if (socket.writable) {
    const head = `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n`
    socket.write(`${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  }
  socket.destroy(error)
}

/** A refusal of the registry's state (docs/registry.md): 404, 409 naming what is in the way, 400. */
function registryRefusal (error: RegistryRefusal): AppError {
  const notFound = { code: 'CONTRATOS_REGISTRY_NOT_FOUND' as const }
  const conflict = { code: 'CONTRATOS_REGISTRY_CONFLICT' as const, data: error.other === undefined ? undefined : { contract: error.other } }
  const other = error.other ?? { entryDate: '', endDate: '' }
  const date = error.date ?? ''
  const invalid = (message: string) =>
    new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: error.field ?? 'body.signingDate', message }])
  const copy = error.field === 'body.copyDeliveredOn'
  switch (error.reason) {
    case 'missing': return new AppError(404, REGISTRY_MESSAGES.notFound, notFound)
    case 'beforeSigning': return invalid(copy ? REGISTRY_MESSAGES.copyBeforeSigning(date) : REGISTRY_MESSAGES.signedBeforePrinted(date))
    case 'afterToday': {
      const message = copy
        ? REGISTRY_MESSAGES.copyInFuture(date)
        : error.field === 'body.endedOn' ? REGISTRY_MESSAGES.endedInFuture(date) : REGISTRY_MESSAGES.signedInFuture(date)
      return invalid(message)
    }
    case 'beforeStart': return invalid(REGISTRY_MESSAGES.endedBeforeStart(date))
    case 'notBeforeEnd': return invalid(REGISTRY_MESSAGES.endedNotBeforeEnd(date))
    case 'cargoNeeded': return invalid(REGISTRY_MESSAGES.cargoNeeded)
    case 'signedOn': return new AppError(409, REGISTRY_MESSAGES.alreadySigned(date), conflict)
    case 'endedOn': return new AppError(409, REGISTRY_MESSAGES.alreadyEnded(date), conflict)
    case 'status': return new AppError(409, REGISTRY_MESSAGES.statusForbids(error.status ?? ''), { ...conflict, data: { status: error.status } })
    case 'electronic': return new AppError(409, REGISTRY_MESSAGES.electronicNotUndone, conflict)
    case 'scanTaken': return new AppError(409, REGISTRY_MESSAGES.scanTaken, conflict)
    case 'forbidden': return new AppError(403, REGISTRY_MESSAGES.withdrawStartedNeedsLegal(date), { code: 'CONTRATOS_FORBIDDEN' })
    case 'signConflict': return new AppError(409, REGISTRY_MESSAGES.signOverlaps(other.entryDate, other.endDate, error.other?.status), conflict)
    case 'conflict': return new AppError(409, REGISTRY_MESSAGES.overlapsSigned(error.dni ?? '', other.entryDate, other.endDate, error.other?.status), conflict)
    case 'superseded': {
      const message = REGISTRY_MESSAGES.supersededByReprint(error.other?.id ?? '', other.entryDate, other.endDate)
      return new AppError(409, message, { code: 'CONTRATOS_REGISTRY_CONFLICT', data: { reprint: error.other } })
    }
    case 'history': {
      const issues = [...(error.issues ?? [])]
      const message = REGISTRY_MESSAGES.signBreaksHistory(issues.map((issue) => issue.message))
      return new AppError(409, message, { code: 'CONTRATOS_REGISTRY_CONFLICT', data: { issues } })
    }
  }
}

/** A refusal of the causes' state (routes/causes.ts): 404, or 409 naming the cause in the way. */
function causeRefusal (error: CauseRefusal): AppError {
  if (error.reason === 'missing' || error.cause === undefined) {
    return new AppError(404, CAUSE_REVIEW_MESSAGES.notFound, { code: 'CONTRATOS_CAUSE_NOT_FOUND' })
  }
  const { id, status } = error.cause
  const message = {
    idTaken: () => CAUSE_REVIEW_MESSAGES.idTaken(id, status),
    textTaken: () => CAUSE_REVIEW_MESSAGES.textTaken(id, status),
    retired: () => CAUSE_REVIEW_MESSAGES.alreadyRetired(id),
    status: () => CAUSE_REVIEW_MESSAGES.notProposed(id, status)
  }[error.reason]()
  return new AppError(409, message, { code: 'CONTRATOS_CAUSE_CONFLICT', data: { cause: error.cause } })
}

/** D16: `Ruta no encontrada: <METHOD> <path>` (no query string). */
function notFound (request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]
  return send(reply, 404, { success: false, message: HTTP_MESSAGES.routeNotFound(request.method, path), data: null })
}

export default fp(async (app) => {
  const production = app.config.NODE_ENV === 'production'

  app.setErrorHandler(function (error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    // the registry's refusals are the domain's; here they become the client's answer, by class
    if (error instanceof RegistryRefusal) {
      // the worker a refused change concerned is in the audit trail (docs/security.md)
      if (error.dni !== undefined) request.auditRead([error.dni])
      error = registryRefusal(error) as unknown as FastifyError
    } else if (error instanceof CauseRefusal) error = causeRefusal(error) as unknown as FastifyError
    // D16: an unknown route is a 404 whatever its body; Fastify parses the body of the not-found route too.
    // But a stranger gets the 401 of plugins/auth.ts first, so that which routes exist is no answer to anyone.
    if (request.is404 && !(error instanceof AuthError)) return notFound(request, reply)
    const routeConfig = request.routeOptions.config
    if (error.validation !== undefined) {
      return send(reply, 400, {
        success: false,
        message: routeConfig.validationMessage ?? VALIDATION_MESSAGE.default,
        data: null,
        errors: toValidationIssues(error.validation, error.validationContext ?? 'body')
      })
    }
    if (error instanceof AppError) {
      // a 503 for load or a dependency down (ServiceBusyError, SessionStoreUnavailableError…) says when to retry
      const retryAfterSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
      else if (error instanceof AuthError) reply.header('www-authenticate', error.challenge)
      else if (error.statusCode >= 500) request.log.error({ err: error }, error.message)
      return send(reply, error.statusCode, {
        success: false,
        message: error.message,
        data: error.data,
        ...(error.errors === undefined ? {} : { errors: error.errors }),
        ...error.extra
      })
    }
    const clientMessage = CLIENT_ERRORS[error.code] ??
      (error instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined)
    if (clientMessage !== undefined) return send(reply, 400, { success: false, message: clientMessage, data: null })
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return send(reply, status, { success: false, message: VALIDATION_MESSAGE.default, data: null })
    }
    request.log.error({ err: error }, 'unexpected failure')
    return send(reply, status >= 500 && status < 600 ? status : 500, {
      success: false,
      message: 'Internal Server Error',
      data: null,
      errors: production ? HTTP_MESSAGES.internalError : error.message
    })
  })

  app.setNotFoundHandler(notFound)
}, { name: 'errors', dependencies: ['config'] })
