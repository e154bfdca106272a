/**
 * Decorates `app.employerProfile`, `app.causeCatalogue` and `app.printableRules`: the employer profile
 * read and checked at start-up (plugins/pdf-pool.ts reads it with the templates), with the causes in
 * force (src/employer/cause-catalogue.ts: the registry's approved causes once read, the profile's own
 * until then; plugins/registry.ts loads them), and whether the documents can draw a record's texts
 * under that profile (src/documents/printable.ts), built again when the causes change.
 */
import fp from 'fastify-plugin'
import { printableRules } from '../src/documents/printable.js'
import { CauseCatalogue } from '../src/employer/cause-catalogue.js'
import { loadUnicodeFont } from '../src/pdf/unicode-font.js'
import type { PrintableRules } from '../src/employees/record-kinds.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'

declare module 'fastify' {
  interface FastifyInstance {
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
  const data = app.pdfPool.engineData
  if (data.employer.fictitious === true) {
    // production refuses it; anywhere else it would print a made-up employer in every document, silently
    app.log.warn({ employerProfile: app.config.EMPLOYER_PROFILE },
      'demo employer profile loaded: every document names a fictitious employer; set EMPLOYER_PROFILE to your own')
  }
  const catalogue = new CauseCatalogue(data.employer)
  app.decorate('causeCatalogue', catalogue)
  app.decorate('employerProfile', { getter: () => catalogue.profile })
  const fonts = { templates: data.templates, text: data.textFont, unicode: await loadUnicodeFont(data.unicodeFontPath) }
  // the documents' text rules of the profile in force (built again when the causes change: a cause's text is drawn)
  let printable = { profile: catalogue.profile, rules: printableRules(fonts, catalogue.profile) }
  app.decorate('printableRules', {
    getter: () => {
      const profile = catalogue.profile
      if (printable.profile !== profile) printable = { profile, rules: printableRules(fonts, profile) }
      return printable.rules
    }
  })
}, { name: 'employer-profile', dependencies: ['config', 'pdf-pool'] })
