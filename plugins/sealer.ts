/**
 * Decorates `app.sealer`: the DocumentSealer (src/signing/types.ts) that appends the worker's stamp and
 * the employer's certification signature to an issued document (docs/signatures.md). Its certificate is
 * read once here (SIGNING_CERT and SIGNING_CERT_PASSWORD_FILE, or the demo certificate in DATA_DIR:
 * src/signing/certificates.ts), checked against the employer profile's RUC; a refusal stops start-up
 * with one line. Without SIGNING_CERT in production or with DATABASE_URL the demo certificate is not
 * used: `app.sealer.enabled` is false and every seal answers 503 (said once in the log, at info level). It seals
 * against the templates the PDF pool compiled (`app.pdfPool.engineData`), with its Unicode font for
 * a name WinAnsi cannot print.
 */
import fp from 'fastify-plugin'
import { projectPath } from '../src/paths.js'
import { demoRefusal, loadSigningIdentity } from '../src/signing/certificates.js'
import { createSealer, unavailableSealer } from '../src/signing/seal.js'
import { loadUnicodeFont } from '../src/pdf/unicode-font.js'
import type { DocumentSealer } from '../src/signing/types.js'

declare module 'fastify' {
  interface FastifyInstance {
    sealer: DocumentSealer
  }
}

export default fp(async (app) => {
  const config = app.config
  const data = app.pdfPool.engineData
  const path = (value: string | undefined) => value === undefined ? undefined : projectPath(value)
  const identity = await loadSigningIdentity({
    SIGNING_CERT: path(config.SIGNING_CERT),
    SIGNING_CERT_PASSWORD_FILE: path(config.SIGNING_CERT_PASSWORD_FILE),
    SIGNING_TSA_URL: config.SIGNING_TSA_URL,
    DATABASE_URL: config.DATABASE_URL,
    production: config.NODE_ENV === 'production',
    dataDir: config.dataDir === 'memory://' ? 'memory://' : projectPath(config.dataDir),
    ruc: data.employer.ruc
  })
  if (identity === undefined) {
    const reason = demoRefusal({ production: config.NODE_ENV === 'production', DATABASE_URL: config.DATABASE_URL })
    // a normal deployment that does not sign: said once, not warned
    app.log.info({ reason }, 'no SIGNING_CERT: the demo certificate is not used here, so electronic signatures are off (every seal answers 503)')
    app.decorate('sealer', unavailableSealer())
    return
  }
  if (typeof identity === 'function' || identity.certificate.demo) {
    app.log.warn('signing with the demo certificate (no SIGNING_CERT): signed documents have no legal value')
  }
  if (config.SIGNING_TSA_URL === undefined) app.log.warn('no SIGNING_TSA_URL: signatures are PAdES-B-B, without a time-stamp')
  app.decorate('sealer', createSealer({
    templates: data.templates,
    textFont: data.textFont,
    // parsed at the first stamp with a character WinAnsi lacks, then kept (loadUnicodeFont)
    unicode: async () => await loadUnicodeFont(data.unicodeFontPath),
    identity,
    legalName: data.employer.legalName,
    tsa: config.SIGNING_TSA_URL === undefined
      ? undefined
      : { url: config.SIGNING_TSA_URL, timeoutMs: config.SIGNING_TSA_TIMEOUT_MS }
  }))
}, { name: 'sealer', dependencies: ['config', 'pdf-pool'] })
