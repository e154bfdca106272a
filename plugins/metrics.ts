/**
 * Operator metrics in the Prometheus text format (prom-client), served at `GET /metrics` unless
 * METRICS=false (D22). Every label value comes from a fixed set or a route pattern, never from
 * request data: no body, DNI, name or raw URL reaches a label (a request no route matched is
 * `route="unmatched"`). The counters are kept either way; METRICS only turns the route off.
 *
 * - `http_request_duration_seconds` histogram by method, route pattern and status code;
 * - `contratos_pdf_documents_total` PDFs rendered, by template;
 * - `contratos_pdf_queue_depth` tasks waiting for a PDF thread (a ZIP's task holds up to four employees);
 * - `contratos_zip_failed_employees_total` employees listed in a ZIP's errores.txt (D19);
 * - `contratos_zip_unrecorded_total` ZIPs cut before their central directory: the registry did not record them;
 * - `contratos_registry_seconds` each piece of work on the registry, from waiting for its database to its commit;
 * - `contratos_requests_shed_total` 503s from load shedding or a full PDF/spreadsheet queue, by route;
 * - `contratos_spreadsheet_reads_total` uploads read, by format and outcome;
 * - `contratos_session_store_up` 1 while the session store takes a probe write, 0 after a fault until one succeeds;
 * - `contratos_session_store_errors_total` store faults met by requests and probes, by reason (src/sessions/faults.ts);
 * - `contratos_sessions` upload sessions stored, by store (the file store counts in memory, Redis with one ZCARD);
 * - prom-client's default process metrics (CPU, memory, event-loop lag, GC, handles).
 */
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { FastifyRequest } from 'fastify'
import { ServiceBusyError } from '../src/errors.js'
import { ROUTE_ACCESS } from '../src/auth/roles.js'

export interface AppMetrics {
  readonly registry: Registry
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>
  readonly pdfDocuments: Counter<'template'>
  readonly zipFailedEmployees: Counter
  readonly zipUnrecorded: Counter
  readonly registrySeconds: Histogram
  readonly requestsShed: Counter<'route'>
  readonly spreadsheetReads: Counter<'format' | 'outcome'>
  readonly sessionStoreErrors: Counter<'reason'>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics
  }
}

/** Seconds; up to a minute, as a 50-employee ZIP under saturation takes several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

/** Default process metrics, once per process (each collector installs process-wide observers). */
let processRegistry: Registry | undefined
function processMetrics (): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** The route pattern a request matched, or `unmatched`: never the raw URL. */
function routeLabel (request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

export default fp(async (app) => {
  const registry = new Registry()
  const metrics: AppMetrics = {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [registry]
    }),
    pdfDocuments: new Counter({ name: 'contratos_pdf_documents_total', help: 'PDF documents rendered, by template', labelNames: ['template'], registers: [registry] }),
    zipFailedEmployees: new Counter({ name: 'contratos_zip_failed_employees_total', help: 'Employees left out of a contracts ZIP and listed in errores.txt (D19)', registers: [registry] }),
    zipUnrecorded: new Counter({
      name: 'contratos_zip_unrecorded_total',
      help: 'Document ZIPs cut before their central directory because the registry did not record them',
      registers: [registry]
    }),
    registrySeconds: new Histogram({
      name: 'contratos_registry_seconds',
      help: 'Time of each piece of work on the contract registry, from waiting for its database to its commit',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry]
    }),
    requestsShed: new Counter({ name: 'contratos_requests_shed_total', help: '503 replies from load shedding or a full PDF or spreadsheet queue, by route pattern', labelNames: ['route'], registers: [registry] }),
    spreadsheetReads: new Counter({ name: 'contratos_spreadsheet_reads_total', help: 'Uploaded spreadsheets read, by format and outcome', labelNames: ['format', 'outcome'], registers: [registry] }),
    sessionStoreErrors: new Counter({
      name: 'contratos_session_store_errors_total',
      help: 'Session store faults met by requests and readiness probes, by reason (ENOSPC, EROFS, READONLY, OOM, timeout…)',
      labelNames: ['reason'],
      registers: [registry]
    })
  }
  // read at scrape time: the pool and the store are decorated by plugins registered after this one
  new Gauge({ // eslint-disable-line no-new
    name: 'contratos_pdf_queue_depth',
    help: 'Tasks waiting for a PDF worker thread (a contracts ZIP task holds up to four employees)',
    registers: [registry],
    collect () { this.set(app.pdfPool.stats.queued) }
  })
  new Gauge({ // eslint-disable-line no-new
    name: 'contratos_session_store_up',
    help: '1 while the session store takes a probe write (at most 5 s old), 0 after a fault until a probe succeeds',
    registers: [registry],
    async collect () { this.set(await app.sessionStoreHealth.fresh() ? 1 : 0) }
  })
  const store = app.config.sessionStore.kind
  new Gauge({ // eslint-disable-line no-new
    name: 'contratos_sessions',
    help: 'Upload sessions stored, by store (file or redis; absent while the store does not answer)',
    labelNames: ['store'],
    registers: [registry],
    async collect () {
      try {
        this.set({ store }, await app.sessions.count())
      } catch {
        this.reset() // Redis down: no value rather than a stale one, and /metrics still answers
      }
    }
  })
  app.decorate('metrics', metrics)

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_code: reply.statusCode }
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
  })
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof ServiceBusyError) metrics.requestsShed.inc({ route: routeLabel(request) })
  })

  if (!app.config.METRICS) return
  const defaults = processMetrics()
  app.get('/metrics', {
    // never shed: overload is when operators look
    config: { access: ROUTE_ACCESS.operator, pressureHandler: () => undefined },
    schema: { tags: ['service'], summary: 'Métricas para Prometheus (formato de texto)', produces: ['text/plain'] }
  }, async (_request, reply) => {
    const text = `${await defaults.metrics()}\n${await registry.metrics()}`
    return await reply.type(registry.contentType).send(text)
  })
}, { name: 'metrics', dependencies: ['config'] })
