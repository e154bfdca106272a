/**
 * The worker pool that builds the insurance workbooks (src/reports/pool.ts), started on the first
 * export and closed with the app.
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
    onWorkerError: (err) => { app.log.error({ err }, 'report worker lost; piscina replaces it') }
  })
  app.decorate('reportPool', pool)
  app.addHook('onClose', async () => { await pool.close() })
}, { name: 'report-pool' })
