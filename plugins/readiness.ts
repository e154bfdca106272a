/**
 * Readiness for load balancers and orchestrators (D22, `GET /api/health/ready`): the templates are
 * compiled, the PDF pool is open, the spreadsheet reader is open and not stuck (src/spreadsheets/
 * reader.ts `healthy`), the pools are warm (`warm`: the first report thread answered and the
 * reader's first child is ready, as the PDF threads did before listen; a load balancer sends nothing
 * to a cold instance), the session store takes a probe write (not required with
 * READY_REQUIRES_SESSION_STORE=false: on Kubernetes a Redis outage then keeps pods in the Service
 * for the routes that need no session), the audit trail can be written (a failing one is tried
 * again by the check itself: plugins/audit.ts), the identity provider's keys have been fetched at
 * least once when OIDC_ISSUER is set (an instance that could check no token is not ready;
 * plugins/auth.ts `identityProviderReady`, bounded to 2 s), the contract registry's database answers
 * (`registry`: a query bounded to 2 s, after the database's first opening, waited for up to 15 s:
 * plugins/registry.ts), and shutdown has not begun. Shutdown
 * begins at the signal (app/server.ts calls `beginShutdown`) or, for an app closed in-process, at `close()`;
 * from then on the instance reads as not ready, so a load balancer drains it (SHUTDOWN_DRAIN_MS)
 * before it stops accepting connections.
 */
import fp from 'fastify-plugin'
import { TEMPLATE_IDS } from '../src/documents/fields.js'

/** One check's state: `fail` names the check that keeps the instance out. */
export type CheckState = 'ok' | 'fail'

export interface Readiness {
  /** Marks the instance as shutting down; ready answers 503 from now on. */
  beginShutdown: () => void
  readonly shuttingDown: boolean
  /** Runs every check; the session store's is bounded by its own timeout (2 s for Redis). */
  checks: () => Promise<Checks>
  /**
   * Whether the checks let the instance take traffic: all of them, or all but the session store's
   * when READY_REQUIRES_SESSION_STORE=false (its failure is still reported).
   */
  ready: (checks: Checks) => boolean
}

export type Checks = Record<
  'templates' | 'pdfPool' | 'spreadsheetReader' | 'sessionStore' | 'auditTrail' | 'identityProvider' | 'registry' | 'warm' | 'running',
  CheckState
>

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness
  }
}

export default fp(async (app) => {
  let shuttingDown = false
  const state = (ok: boolean): CheckState => (ok ? 'ok' : 'fail')
  const readiness: Readiness = {
    beginShutdown: () => { shuttingDown = true },
    ready: (checks) => Object.entries(checks)
      .every(([name, check]) => check === 'ok' || (name === 'sessionStore' && !app.config.READY_REQUIRES_SESSION_STORE)),
    get shuttingDown () { return shuttingDown },
    checks: async () => {
      const compiled = app.pdfPool.templates
      const [sessionStore, auditTrail, identityProvider, registry] = await Promise.all([
        app.sessionStoreHealth.probe(), // a write, logged and counted when it fails
        app.auditTrail.check(), // a failing trail tries to write its kept events
        app.identityProviderReady?.() ?? true, // no OIDC_ISSUER: no provider to wait for
        app.registry.check() // opens the database if it is not open (bounded to 2 s)
      ])
      return {
        templates: state(TEMPLATE_IDS.every((id) => compiled.includes(id))),
        pdfPool: state(app.pdfPool.open),
        spreadsheetReader: state(app.spreadsheetReader.healthy),
        sessionStore: state(sessionStore),
        auditTrail: state(auditTrail),
        identityProvider: state(identityProvider),
        registry: state(registry),
        // just before running: deploy/haproxy.cfg reads the two together
        warm: state(!app.reportPool.warming && !app.spreadsheetReader.warming),
        running: state(!shuttingDown)
      }
    }
  }
  app.decorate('readiness', readiness)
  app.addHook('preClose', async () => { shuttingDown = true })
}, { name: 'readiness', dependencies: ['pdf-pool', 'spreadsheet-reader', 'report-pool', 'sessions', 'audit', 'registry'] })
