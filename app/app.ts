/**
 * Composition root: builds the Fastify app (plugins, then routes). Used by app/server.ts and by
 * every test. src/ never imports Fastify; app/, plugins/ and routes/ do (docs/style.md).
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import config, { parseTrustProxy, type ConfigPluginOptions } from '../plugins/config.js'
import cors from '../plugins/cors.js'
import multipart from '../plugins/multipart.js'
import errors, { clientErrorReply, frameworkErrorReply } from '../plugins/errors.js'
import pdfPool from '../plugins/pdf-pool.js'
import employerProfile from '../plugins/employer-profile.js'
import sealer from '../plugins/sealer.js'
import sheetImports from '../plugins/sheet-imports.js'
import docs from '../plugins/docs.js'
import sessions from '../plugins/sessions.js'
import loadShedding from '../plugins/load-shedding.js'
import spreadsheetReader from '../plugins/spreadsheet-reader.js'
import reportPool from '../plugins/report-pool.js'
import employeeBodies from '../plugins/employee-bodies.js'
import documentZips from '../plugins/document-zips.js'
import binaryReplies from '../plugins/binary-replies.js'
import requestIds, { requestId, requestLogger, requestSerializer } from '../plugins/request-id.js'
import replyClose from '../plugins/reply-close.js'
import securityHeaders from '../plugins/security-headers.js'
import auth from '../plugins/auth.js'
import audit from '../plugins/audit.js'
import metrics from '../plugins/metrics.js'
import readiness from '../plugins/readiness.js'
import registry from '../plugins/registry.js'
import signingMail from '../plugins/signing-mail.js'
import signingFlow from '../plugins/signing-flow.js'
import signingRoutes from '../routes/signing.js'
import signingPage from '../routes/signing-page.js'
import registryRoutes from '../routes/registry.js'
import causeRoutes from '../routes/causes.js'
import admission from '../plugins/admission.js'
import stalledUploads from '../plugins/stalled-uploads.js'
import root from '../routes/root.js'
import health from '../routes/health.js'
import contracts from '../routes/contracts/index.js'
import excelUpload from '../routes/excel/upload.js'
import excelReports from '../routes/excel/reports.js'
import addendum from '../routes/addendum/index.js'
import limits from '../routes/limits.js'
import authConfig from '../routes/auth-config.js'
import profile from '../routes/profile.js'
import workingTime from '../routes/working-time.js'
import templates from '../routes/templates.js'
import consoleRoutes from '../routes/console.js'
import { AJV_OPTIONS, addAppFormats } from '../src/validation.js'
import { AppError } from '../src/errors.js'
import { forbiddenKeyOf } from '../src/validation.js'
import { BODY_MESSAGES, HTTP_MESSAGES } from '../schemas/messages.js'
import { isUtf8 } from 'node:buffer'

declare module 'fastify' {
  interface FastifyInstance {
    /** Endpoint name → path of every API route, for `GET /` (spec endpoint 1). */
    endpoints: Record<string, string>
  }
  interface FastifyContextConfig {
    /** Name under which `GET /` lists this route (default: derived from its path). */
    endpoint?: string
  }
}

export interface BuildAppOptions extends ConfigPluginOptions {
  /** Fastify logger options; off unless given (server.ts passes the production logger). */
  logger?: FastifyServerOptions['logger']
  /** Extra routes registered after the plugins and before the app's own routes: tests use it to inject a fault. */
  extend?: FastifyPluginAsync
}

/** How long one plugin may take to start (Fastify default 10 s): the contract templates compile at start-up. */
export const PLUGIN_TIMEOUT_MS = 60_000

/**
 * Server timeouts (against slow and stalled clients), all ms. A 50-employee ZIP streams in well under a second, a 10 MB
 * upload on a LAN in a few seconds; these bound what slow or stalled clients can hold.
 */
export const SERVER_TIMEOUTS = {
  /** Headers must arrive within this (slowloris). */
  headersTimeoutMs: 15_000,
  /** The whole request (headers + body, e.g. a 10 MB upload) must arrive within this. */
  requestTimeoutMs: 60_000,
  /** A socket with no traffic in either direction is closed after this. */
  connectionTimeoutMs: 120_000,
  /** An idle keep-alive connection is closed after this; keep it above a proxy's idle timeout. */
  keepAliveTimeoutMs: 72_000
} as const

/** Logger options with our `req` serializer (plugins/request-id.ts: no authorization code in a logged URL). */
function withSerializers (logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false
  const options = logger === true ? {} : logger
  return { ...options, serializers: { req: requestSerializer, ...options.serializers } }
}

/** `/api/contracts/download-zip` → `contractsDownloadZip`. */
function endpointName (path: string): string {
  return path.replace(/^\/api\//, '').split(/[/-]/).filter(Boolean)
    .map((word, index) => (index === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('')
}

/** Builds a ready-to-listen app. @throws ConfigError when the configuration cannot run (D5). */
export async function buildApp (options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSerializers(options.logger ?? false),
    ajv: { customOptions: AJV_OPTIONS, plugins: [addAppFormats] },
    return503OnClosing: true,
    // start-up compiles every template of TEMPLATE_IDS (src/documents/engine-data.ts): seconds on a busy machine
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(String((options.env ?? process.env).TRUST_PROXY ?? 'false')), // the audit trail's client address
    genReqId: requestId, // the service's own; a caller's X-Request-Id is logged apart (plugins/request-id.ts)
    requestIdHeader: false,
    childLoggerFactory: requestLogger,
    frameworkErrors: frameworkErrorReply, // a malformed URL answers the envelope too
    clientErrorHandler: clientErrorReply, // so do timeouts, oversized headers and non-HTTP bytes
    connectionTimeout: SERVER_TIMEOUTS.connectionTimeoutMs,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.server.headersTimeout = SERVER_TIMEOUTS.headersTimeoutMs

  // JSON only (no text/plain parser); an empty JSON body reads as no body, so it gets the same
  // answer as a missing one (the route's list or record error), through Fastify's own secure parser.
  // JSON is UTF-8 (RFC 8259): another declared charset, or bytes that are not UTF-8, are a 400
  // rather than text decoded with replacement characters that would be printed in a contract.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1].toLowerCase()
    if ((charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') || !isUtf8(bytes)) {
      done(new AppError(400, BODY_MESSAGES.notUtf8, { code: 'CONTRATOS_BODY_NOT_UTF8' }), undefined)
      return
    }
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
    if (text === '') done(null, undefined)
    else {
      parseJson(request, text, (error, value) => {
        // Fastify's parser says only "invalid JSON"; a body that JSON.parse reads was refused for a
        // `__proto__` or `constructor.prototype` key: name it (docs/reliability.md)
        const key = error === null ? undefined : forbiddenKeyOf(text)
        if (key !== undefined) done(new AppError(400, HTTP_MESSAGES.forbiddenJsonKey(key)), undefined)
        else done(error, value)
      })
    }
  })

  app.decorate('endpoints', {})
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/contract/') || methods.every((m) => m === 'HEAD')) return
    app.endpoints[route.config?.endpoint ?? endpointName(route.url)] = route.url
  })

  await app.register(config, { env: options.env })
  // before any plugin that adds routes (cors' preflight route): a route keeps the handler in force at its creation
  await app.register(errors)
  await app.register(requestIds)
  await app.register(replyClose) // one close listener per reply, shared by the plugins below
  await app.register(securityHeaders)
  // cors before audit and auth: their 503, 401 and 403 carry the grant a page of CORS_ORIGINS needs to read them.
  // Its one route (`OPTIONS *`) gets no access from auth; preflights are answered in its hook, before auth's.
  await app.register(cors)
  await app.register(audit) // before auth: its hook sees refused requests too
  await app.register(auth) // before any other plugin that adds routes: its onRoute hook gives each its access
  await app.register(metrics) // before the pools and the store, which report to it
  await app.register(multipart)
  await app.register(stalledUploads)
  await app.register(loadShedding)
  await app.register(pdfPool)
  await app.register(employerProfile)
  await app.register(sealer) // the signed documents' seal: its certificate is read and checked at start-up
  await app.register(docs)
  await app.register(sessions)
  await app.register(spreadsheetReader)
  await app.register(reportPool)
  await app.register(registry)
  await app.register(signingMail) // the signing flow's outbox: docs/signing-flow.md
  await app.register(employeeBodies)
  await app.register(sheetImports)
  await app.register(binaryReplies)
  await app.register(documentZips)
  await app.register(admission)
  await app.register(readiness)
  await app.register(signingFlow) // the worker's electronic signature, after every plugin it uses
  if (options.extend !== undefined) await app.register(options.extend)

  await app.register(root)
  await app.register(health, { prefix: '/api' })
  await app.register(contracts, { prefix: '/api/contracts' })
  await app.register(contracts, { prefix: '/api/contract' }) // D1 alias: same handlers
  await app.register(excelUpload, { prefix: '/api/excel' })
  await app.register(excelReports, { prefix: '/api/excel' })
  await app.register(addendum, { prefix: '/api/addendum' })
  await app.register(limits, { prefix: '/api' })
  await app.register(authConfig, { prefix: '/api' }) // how the console signs in: docs/security.md
  await app.register(profile, { prefix: '/api' })
  await app.register(workingTime, { prefix: '/api' }) // a week as the service reads it (the schedule editor)
  await app.register(registryRoutes, { prefix: '/api' }) // the contract registry: docs/registry.md
  await app.register(causeRoutes, { prefix: '/api' }) // the causes counsel reviews: docs/registry.md
  await app.register(signingRoutes, { prefix: '/api' }) // the worker's electronic signature: docs/signing-flow.md
  await app.register(signingPage) // the worker's signing page, /firmar/{token}
  await app.register(templates, { prefix: '/api/templates' }) // the import templates (docs/import.md)
  await app.register(consoleRoutes) // the HR console under /app/ (D22)

  await app.ready()
  return app
}
