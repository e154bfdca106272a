/**
 * The HR console (D22): static files of `console/` under `/app/` through @fastify/static, and
 * `GET /app` redirected to `/app/`. Its pages run only code and styles of this origin: every
 * response under `/app/` carries the strict Content-Security-Policy below (set here, not app-wide,
 * so the Swagger UI at /docs keeps its inline scripts). `GET /`'s `endpoints` lists it as `app`.
 */
import type { FastifyPluginAsync } from 'fastify'
import fastifyStatic from '@fastify/static'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../src/paths.js'
import { consoleSignIn, issuerOrigin } from '../src/auth/console-sign-in.js'

/** Folder of the console's files (HTML, CSS, ES modules), served as they are: no build step. */
export const CONSOLE_ROOT = join(PROJECT_ROOT, 'console')

/**
 * Nothing but this origin: scripts and styles from files only (no inline code, no eval), fetch to
 * the API on the same origin, and PDFs shown in frames from `blob:` URLs the page made itself.
 * With AUTH_MODE=oidc the page also fetches from the identity provider's origin (its discovery
 * document and token endpoint, docs/security.md); sign-in and sign-out are navigations, not fetches.
 * @param connectOrigins origins besides this one the page may fetch from
 */
export function consoleCsp (connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')
}

/** The policy with AUTH_MODE=none: this origin only. */
export const CONSOLE_CSP = consoleCsp()

/**
 * Browser builds of three dependencies, served from node_modules under /app/vendor/: SheetJS (to
 * show a refused sheet's rows beside their errors; the server still does all the validation),
 * fflate (to read a downloaded ZIP: its errores.txt, the consent and the annex of one employee)
 * and oauth4webapi (the console's OpenID Connect sign-in, docs/security.md; one file, no imports).
 */
const VENDOR_FILES: Record<string, string> = {
  'xlsx.mjs': join(PROJECT_ROOT, 'node_modules', 'xlsx', 'xlsx.mjs'),
  'fflate.js': join(PROJECT_ROOT, 'node_modules', 'fflate', 'esm', 'browser.js'),
  'oauth4webapi.js': join(PROJECT_ROOT, 'node_modules', 'oauth4webapi', 'build', 'index.js')
}

const consoleRoutes: FastifyPluginAsync = async (app) => {
  const signIn = consoleSignIn(app.config)
  const issuer = signIn.mode === 'oidc' ? issuerOrigin(signIn.issuer) : undefined
  const securityHeaders: Record<string, string> = {
    'content-security-policy': consoleCsp(issuer === undefined ? [] : [issuer]),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin'
  }
  app.get('/app', { schema: { hide: true } }, async (_request, reply) => await reply.redirect('/app/', 301))
  const vendor = new Map(Object.entries(VENDOR_FILES).map(([name, path]) => [name, readFileSync(path)]))
  app.get<{ Params: { file: string } }>('/app/vendor/:file', { schema: { hide: true } }, async (request, reply) => {
    const bytes = vendor.get(request.params.file)
    if (bytes === undefined) return await reply.callNotFound()
    return await reply.headers(securityHeaders).header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(bytes)
  })
  await app.register(fastifyStatic, {
    root: CONSOLE_ROOT,
    prefix: '/app/',
    index: 'index.html',
    wildcard: true,
    serveDotFiles: false,
    schemaHide: true,
    cacheControl: true,
    maxAge: 0, // revalidate with ETag: a new release is seen at once
    setHeaders: (reply) => { reply.headers(securityHeaders) }
  })
  app.endpoints.app = '/app/'
}
export default consoleRoutes
