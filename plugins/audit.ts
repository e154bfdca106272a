/**
 * The audit trail (docs/security.md): every request to a route whose access names `hr` (imports,
 * previews, ZIPs, exports: the routes that read or produce personal data) writes one JSON line to
 * AUDIT_LOG, a file (appended, 0600) or `stdout` for a log shipper, apart from the application log,
 * which stays free of personal data. Unset: no trail (a `warn` at start with AUTH_MODE=oidc). A file
 * that already exists with a mode wider than 0600 (logrotate's `create 0644`, a `touch`) is narrowed
 * to 0600 at start-up with a `warn`, or start-up is refused when it cannot be.
 */
import { createWriteStream, fchmodSync, fstatSync, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import fp from 'fastify-plugin'
import { involvedDnis, type AuditEvent } from '../src/audit/events.js'
import { ConfigError, octalMode } from './config.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The `data` of a JSON reply, kept for the audit event's DNIs (uploads). */
    auditReplyData: unknown
  }
}

/** Bits of an audit file's mode beyond 0600: anyone but the service reading or changing the trail. */
const WIDER_THAN_0600 = 0o7177

export default fp(async (app) => {
  /**
   * Sets an existing audit file wider than 0600 to 0600 (its open fd, so the file checked is the file
   * written); a FIFO or a device (`/dev/stdout`) is left as it is.
   * @throws ConfigError when the mode cannot be changed (the file belongs to another user)
   */
  function narrowMode (file: WriteStream, fd: number, target: string): void {
    const { mode } = fstatSync(fd)
    if ((mode & 0o170000) !== 0o100000 || (mode & WIDER_THAN_0600) === 0) return // not a regular file, or 0600 already
    try {
      fchmodSync(fd, 0o600)
    } catch (error) {
      file.destroy()
      throw new ConfigError(STARTUP_MESSAGES.auditLogOpen(target, octalMode(mode), (error as NodeJS.ErrnoException).code ?? 'error'))
    }
    app.log.warn({ auditLog: target, mode: octalMode(mode) }, 'AUDIT_LOG had a mode wider than 0600 (others could read the trail): set to 0600')
  }

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
    let fd: number
    try {
      [fd] = await once(file, 'open') as [number]
    } catch (error) {
      throw new ConfigError(`AUDIT_LOG=${target} no se puede abrir para escribir (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
    narrowMode(file, fd, target)
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
