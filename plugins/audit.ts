/**
 * The audit trail (docs/security.md): every request to a route whose access names `hr` (imports,
 * previews, ZIPs, exports: the routes that read or produce personal data) writes one JSON line to
 * AUDIT_LOG, a file (appended, 0600) or `stdout` for a log shipper, apart from the application log,
 * which stays free of personal data. Unset: no trail (a `warn` at start with AUTH_MODE=oidc).
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import fp from 'fastify-plugin'
import { involvedDnis, type AuditEvent } from '../src/audit/events.js'
import { ConfigError } from './config.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The `data` of a JSON reply, kept for the audit event's DNIs (uploads). */
    auditReplyData: unknown
  }
}

export default fp(async (app) => {
  const target = app.config.AUDIT_LOG
  if (target === undefined) {
    if (app.config.authMode === 'oidc') app.log.warn('AUDIT_LOG is not set: no audit trail of who reads personal data')
    return
  }
  let out: Writable
  /* c8 ignore next: tap reads a test's stdout as its report, so no test writes the trail there */
  if (target === 'stdout') out = process.stdout
  else {
    const file: WriteStream = createWriteStream(target, { flags: 'a', mode: 0o600 })
    try {
      await once(file, 'open')
    } catch (error) {
      throw new ConfigError(`AUDIT_LOG=${target} no se puede abrir para escribir (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
    file.on('error', (err) => { app.log.error({ err }, 'audit log write failed') })
    app.addHook('onClose', async () => { file.end(); await once(file, 'close') })
    out = file
  }
  const audited = (access: unknown) => Array.isArray(access) && access.includes('hr')

  app.decorateRequest('auditReplyData', undefined)
  app.addHook('onSend', async (request, reply, payload) => {
    if (!audited(request.routeOptions.config.access) || typeof payload !== 'string') return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    try {
      request.auditReplyData = (JSON.parse(payload) as { data?: unknown }).data
    } catch {}
    return payload
  })
  // on the reply's `close`, which comes whether the reply finished or the client left (a ZIP cut
  // short): Fastify's onResponse waits for `finish`, which an abandoned reply never emits. Added
  // before the auth plugin's onRequest, so 401s and 403s are recorded too.
  app.addHook('onRequest', async (request, reply) => {
    if (!audited(request.routeOptions.config.access)) return
    const client = request.ip // read now: a destroyed socket no longer knows its address
    let finished = false
    reply.raw.once('finish', () => { finished = true })
    reply.raw.once('close', () => {
      const identity = request.identity
      const event: AuditEvent = {
        time: new Date().toISOString(),
        type: 'audit',
        requestId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        identity: identity?.subject ?? null,
        kind: identity?.kind ?? null,
        roles: identity?.roles ?? [],
        client,
        status: reply.statusCode,
        outcome: finished || reply.raw.writableFinished ? 'completed' : 'abandoned',
        dnis: involvedDnis(request.body, request.auditReplyData)
      }
      out.write(`${JSON.stringify(event)}\n`)
    })
  })
}, { name: 'audit', dependencies: ['config'] })
