/**
 * Decorates `app.pdfPool`: the compiled contract templates in the PDF worker pool. At start-up every template in
 * TEMPLATES_DIR is compiled and checked for the fields it needs, and the employer profile
 * (EMPLOYER_PROFILE) is validated: a problem stops start-up with a message naming the template
 * and the field. Then one worker thread per core starts with the compiled templates; the pool
 * closes with the app. `app.employerProfile` is that profile with the causes in force
 * (`app.causeCatalogue`, src/employer/cause-catalogue.ts: the registry's approved causes once read,
 * the profile's own until then), read when a request comes; the threads receive those causes with
 * each task, and `app.printableRules` follows them.
 */
import fp from 'fastify-plugin'
import { assetPath, projectPath } from '../src/paths.js'
import { loadEngineData } from '../src/documents/engine-data.js'
import { PdfPool } from '../src/documents/pdf-pool.js'
import { printableRules } from '../src/documents/printable.js'
import { loadUnicodeFont } from '../src/pdf/unicode-font.js'
import type { PrintableRules } from '../src/employees/record-kinds.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'
import { CauseCatalogue } from '../src/employer/cause-catalogue.js'

declare module 'fastify' {
  interface FastifyInstance {
    pdfPool: PdfPool
    /**
     * The employer profile checked at start-up (schemas/employer-profile.ts), with the causes in
     * force (`causeCatalogue`): read it when a request comes, never once at registration.
     */
    employerProfile: EmployerProfile
    /** The causes counsel approved, in force on this instance (filled by the registry plugin). */
    causeCatalogue: CauseCatalogue
    /** Whether the documents can draw a record's texts (docs/documents.md): give it to recordValidation. */
    printableRules: PrintableRules
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
  if (data.employer.fictitious === true) {
    // production refuses it; anywhere else it would print a made-up employer in every document, silently
    app.log.warn({ employerProfile: app.config.EMPLOYER_PROFILE },
      'demo employer profile loaded: every document names a fictitious employer; set EMPLOYER_PROFILE to your own')
  }
  const catalogue = new CauseCatalogue(data.employer)
  const pool = new PdfPool(data, {
    causes: () => catalogue.snapshot,
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
  app.decorate('causeCatalogue', catalogue)
  app.decorate('employerProfile', { getter: () => catalogue.profile })
  const unicode = await loadUnicodeFont(data.unicodeFontPath)
  // the documents' text rules of each profile in force (built again when the causes change: a cause's text is drawn)
  const fonts = { templates: data.templates, text: data.textFont, unicode }
  let printable = { profile: catalogue.profile, rules: printableRules(fonts, catalogue.profile) }
  app.decorate('printableRules', {
    getter: () => {
      const profile = catalogue.profile
      if (printable.profile !== profile) printable = { profile, rules: printableRules(fonts, profile) }
      return printable.rules
    }
  })
  app.addHook('onClose', async () => { await pool.close() })
}, { name: 'pdf-pool', dependencies: ['config', 'metrics'] })
