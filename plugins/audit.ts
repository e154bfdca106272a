/**
 * The audit trail (docs/security.md, "Audit trail"): every request to a route whose access names
 * `hr` (imports, previews, ZIPs, exports: the routes that read or produce personal data) or `legal`
 * (counsel's review of the causes a contract prints) writes one JSON line to AUDIT_LOG, a file
 * (appended, 0600) or `stdout` for a log shipper, apart from the
 * application log, which stays free of personal data. Unset: no trail (a `warn` at start with
 * AUTH_MODE=oidc).
 *
 * It never fails open: once a line cannot be written (a full disk), those routes answer 503 with
 * Retry-After and readiness fails (`app.auditTrail`), until the file takes the kept lines again,
 * which every such request, every readiness check and the trail itself every 5 s try
 * (src/audit/trail.ts): no restart needed. A file that already exists with a mode wider than 0600
 * (logrotate's `create 0644`, a `touch`) is narrowed to 0600 at start-up with a `warn`, or start-up is
 * refused when it cannot be.
 */
import { chmodSync, statSync } from 'node:fs'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { involvedDnis, type AuditEvent } from '../src/audit/events.js'
import { AuditFile } from '../src/audit/trail.js'
import { AuditTrailUnavailableError } from '../src/errors.js'
import { ConfigError, octalMode } from './config.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'
import { clientRequestId } from './request-id.js'

/** What readiness and the routes see of the trail. */
export interface AuditTrail {
  /** False while a line could not be written; the routes with personal data then answer 503. */
  readonly writable: boolean
  /** Whether the trail can be written now: a failing one tries to reopen and write its kept lines. */
  check: () => Promise<boolean>
  /** Resolves once every event recorded so far is written, or the trail is failing (tests). */
  settled: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail's state (always writable when AUDIT_LOG is unset or `stdout`). */
    auditTrail: AuditTrail
  }
  interface FastifyRequest {
    /**
     * Adds the DNIs (or adenda document numbers) of records the request read to its audit event:
     * an upload's rows, refused ones included. Its JSON body and reply are read without it.
     */
    auditRead: (ids: readonly string[]) => void
    /** Names the cause a request changed (proposed, edited, approved, retired) in its audit event. */
    auditCause: (id: string) => void
  }
}

const ALWAYS_WRITABLE: AuditTrail = { writable: true, check: async () => true, settled: async () => {} }

/** Bits of an audit file's mode beyond 0600: anyone but the service reading or changing the trail. */
const WIDER_THAN_0600 = 0o7177

export default fp(async (app) => {
  /**
   * Sets an existing audit file wider than 0600 to 0600 before it is opened; a FIFO or a device
   * (`/dev/stdout`) and a file still to be made (created 0600) are left as they are.
   * @throws ConfigError when the mode cannot be changed (the file belongs to another user)
   */
  function narrowMode (target: string): void {
    let mode: number
    try {
      mode = statSync(target).mode
    } catch {
      return // not there yet: AuditFile creates it 0600
    }
    if ((mode & 0o170000) !== 0o100000 || (mode & WIDER_THAN_0600) === 0) return // not a regular file, or 0600 already
    try {
      chmodSync(target, 0o600)
    } catch (error) {
      throw new ConfigError(STARTUP_MESSAGES.auditLogOpen(target, octalMode(mode), (error as NodeJS.ErrnoException).code ?? 'error'))
    }
    app.log.warn({ auditLog: target, mode: octalMode(mode) }, 'AUDIT_LOG had a mode wider than 0600 (others could read the trail): set to 0600')
  }

  const target = app.config.AUDIT_LOG
  const read = new WeakMap<FastifyRequest, Set<string>>()
  const replyData = new WeakMap<FastifyRequest, unknown>()
  const causes = new WeakMap<FastifyRequest, string>()
  app.decorateRequest('auditCause', function (this: FastifyRequest, id: string) {
    causes.set(this, id)
  })
  app.decorateRequest('auditRead', function (this: FastifyRequest, ids: readonly string[]) {
    const known = read.get(this) ?? new Set<string>()
    for (const id of ids) known.add(id)
    read.set(this, known)
  })
  if (target === undefined) {
    if (app.config.authMode === 'oidc') app.log.warn('AUDIT_LOG is not set: no audit trail of who reads personal data')
    app.decorate('auditTrail', ALWAYS_WRITABLE)
    return
  }
  let write: (line: string) => void
  /* c8 ignore start: tap reads a test's stdout as its report, so no test writes the trail there */
  if (target === 'stdout') {
    write = (line) => { process.stdout.write(line) }
    app.decorate('auditTrail', ALWAYS_WRITABLE)
  /* c8 ignore stop */
  } else {
    narrowMode(target)
    let file: AuditFile
    try {
      file = await AuditFile.open(target, {
        failed: (err) => {
          app.log.error({ err, auditLog: target }, 'audit trail cannot be written: routes with personal data answer 503 until it can')
        },
        recovered: (written, dropped) => {
          app.log.info({ auditLog: target, written, dropped }, 'audit trail written again: its kept events are in the file')
        }
      })
    } catch (error) {
      throw new ConfigError(`AUDIT_LOG=${target} no se puede abrir para escribir (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
    app.addHook('onClose', async () => {
      await file.close()
      if (file.pending > 0) app.log.error({ auditLog: target, lost: file.pending }, 'audit trail closed with events it could not write')
    })
    write = (line) => { file.append(line) }
    app.decorate('auditTrail', {
      get writable () { return file.writable },
      check: async () => await file.recover(),
      settled: async () => { await file.settled() }
    })
  }
  const audited = (access: unknown) => Array.isArray(access) && (access.includes('hr') || access.includes('legal'))

  app.addHook('onSend', async (request, reply, payload) => {
    if (!audited(request.routeOptions.config.access) || typeof payload !== 'string') return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    try {
      replyData.set(request, (JSON.parse(payload) as { data?: unknown }).data)
    } catch {}
    return payload
  })
  // on the reply's `close`, which comes whether the reply finished or the client left (a ZIP cut
  // short): Fastify's onResponse waits for `finish`, which an abandoned reply never emits. Added
  // before the auth plugin's onRequest, so 401s and 403s are recorded too.
  app.addHook('onRequest', async (request, reply) => {
    if (!audited(request.routeOptions.config.access)) return
    // nothing is served that cannot be recorded: a failing trail first tries to reopen (no restart)
    if (!app.auditTrail.writable && !await app.auditTrail.check()) throw new AuditTrailUnavailableError()
    const client = request.ip // read now: a destroyed socket no longer knows its address
    let finished = false
    reply.raw.once('finish', () => { finished = true })
    reply.whenClosed(() => {
      const identity = request.identity
      const event: AuditEvent = {
        time: new Date().toISOString(),
        type: 'audit',
        requestId: request.id,
        clientRequestId: clientRequestId(request.raw) ?? null,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        identity: identity?.subject ?? null,
        kind: identity?.kind ?? null,
        roles: identity?.roles ?? [],
        client,
        status: reply.statusCode,
        outcome: finished || reply.raw.writableFinished ? 'completed' : 'abandoned',
        dnis: involvedDnis(request.body, replyData.get(request), [...read.get(request) ?? []]),
        ...(causes.has(request) ? { cause: causes.get(request) } : {})
      }
      write(`${JSON.stringify(event)}\n`)
    })
  })
}, { name: 'audit', dependencies: ['config', 'reply-close'] })
