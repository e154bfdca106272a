/**
 * The worker pool that builds the insurance workbooks (src/reports/pool.ts), REPORT_THREADS at most;
 * one thread starts at start-up (outside tests; readiness waits for it to answer), the others on
 * demand; closed with the app.
 */
import fp from 'fastify-plugin'
import { ReportPool } from '../src/reports/pool.js'

declare module 'fastify' {
  interface FastifyInstance {
    reportPool: ReportPool
  }
}

export default fp(async (app) => {
  const pool = new ReportPool({
    maxThreads: app.config.REPORT_THREADS > 0 ? app.config.REPORT_THREADS : undefined,
    maxWaitMs: app.config.QUEUE_MAX_WAIT_MS,
    onWorkerError: (err) => { app.log.error({ err }, 'report worker lost; piscina replaces it') }
  })
  if (app.config.NODE_ENV !== 'test') pool.warm() // tests start threads on first use, as most never export
  app.decorate('reportPool', pool)
  app.addHook('onClose', async () => { await pool.close() })
}, { name: 'report-pool', dependencies: ['config'] })
