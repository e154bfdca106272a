/**
 * Decorates `app.pdfPool`: the compiled contract templates in the PDF worker pool. At start-up every
 * template in TEMPLATES_DIR is compiled and checked for the fields it needs, and the employer profile
 * (EMPLOYER_PROFILE) is read and validated: a problem stops start-up with a message naming the template
 * and the field. Then one worker thread per core starts with the compiled templates; the pool closes
 * with the app. The threads receive the causes in force (`app.causeCatalogue`, plugins/employer-profile.ts)
 * with each task.
 */
import fp from 'fastify-plugin'
import { assetPath, projectPath } from '../src/paths.js'
import { loadEngineData } from '../src/documents/engine-data.js'
import { PdfPool } from '../src/documents/pdf-pool.js'

declare module 'fastify' {
  interface FastifyInstance {
    pdfPool: PdfPool
  }
}

export default fp(async (app) => {
  const { data, warnings } = await loadEngineData({
    templatesDir: projectPath(app.config.TEMPLATES_DIR),
    employerProfilePath: projectPath(app.config.EMPLOYER_PROFILE),
    unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf'),
    production: app.config.NODE_ENV === 'production'
  })
  for (const warning of warnings) app.log.warn(warning)
  const pool = new PdfPool(data, {
    // read at each task, once plugins/employer-profile.ts has decorated the catalogue
    causes: () => app.causeCatalogue.snapshot,
    threads: app.config.PDF_THREADS,
    maxQueue: app.config.PDF_MAX_QUEUE,
    onWorkerError: (err) => { app.log.error({ err }, 'PDF worker lost; piscina replaces it') },
    onRendered: (templates) => { for (const template of templates) app.metrics.pdfDocuments.inc({ template }) }
  })
  // Threads start now, so a broken worker stops start-up; tests start them on first use instead
  // (most tests never render a PDF and would pay a thread start each).
  if (app.config.NODE_ENV !== 'test') {
    try {
      await pool.ready()
    } catch (error) {
      await pool.close()
      throw error
    }
  }
  app.decorate('pdfPool', pool)
  app.addHook('onClose', async () => { await pool.close() })
}, { name: 'pdf-pool', dependencies: ['config', 'metrics'] })
