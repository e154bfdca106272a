/**
 * The worker's signing page (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39): `GET /firmar/{token}`
 * and its script, reader and styles under `/firmar/static/`, files of `firmar/`, with pdf.js (pdfjs-dist) for
 * the reader, each compressed as the browser accepts (brotli, gzip). Spanish, one column that
 * reads at 390 px, no sign-in, nothing third-party: a Content-Security-Policy of `default-src 'none'`
 * with `'self'` only where the page needs it, `Referrer-Policy: no-referrer` (the token in the URL
 * never leaves in a Referer), never cached. A GET changes nothing: the page is the same for any
 * token (a mail scanner that follows the link learns and changes nothing); its script asks the
 * API for the invitation's state.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { PROJECT_ROOT } from '../src/paths.js'
import { SIGNING_PAGE_MESSAGES, SIGNING_PAGE_TEXTS } from '../schemas/messages.js'

/** Folder of the page's files. */
export const SIGNING_PAGE_ROOT = join(PROJECT_ROOT, 'firmar')
/** pdfjs-dist's build for older browsers: the reader's engine (firmar/viewer.js). */
const PDFJS_BUILD = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'legacy', 'build')

/** The page's policy: its own script, styles, fetches and downloads, pdf.js's worker; nothing else. */
export const SIGNING_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/** The headers of every answer under /firmar/. */
export const SIGNING_PAGE_HEADERS = {
  'content-security-policy': SIGNING_PAGE_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store'
} as const

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
/** What the static files are offered in besides themselves (Accept-Encoding), preferred first; else as they are. */
const ENCODINGS = ['br', 'gzip'] as const
type Encoding = typeof ENCODINGS[number]

/**
 * A static file's body in `encoding`, compressed at its first request and kept for the process's life
 * (brotli quality 9, gzip level 9: pdf.js's 1.8 MB reach a phone as about 0.5 MB, compressed once, off
 * the event loop). Keyed by file name: the files are the same for every app of the process.
 */
const compressedFiles = new Map<string, Promise<Buffer>>()
async function compressedBody (name: string, body: string, encoding: Encoding): Promise<Buffer> {
  const key = `${name} ${encoding}`
  let found = compressedFiles.get(key)
  if (found === undefined) {
    const bytes = Buffer.from(body, 'utf8')
    found = encoding === 'br'
      ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipped(bytes, { level: 9 })
    compressedFiles.set(key, found)
    found.catch(() => compressedFiles.delete(key)) // never kept failed: the next request tries again
  }
  return await found
}

/** A Vary header's value with `name` added to what it already names (@fastify/cors's `Origin`). */
function varyOn (current: string | number | string[] | undefined, name: string): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((part) => part.trim()).filter((part) => part !== '')
  return [...new Set([...names, name])].join(', ')
}

/** The page's texts as its script reads them (functions written with their placeholder). */
function pageTexts (): string {
  const texts = {
    ...SIGNING_PAGE_TEXTS,
    codeSent: SIGNING_PAGE_TEXTS.codeSent('{email}'),
    expired: SIGNING_PAGE_MESSAGES.expired,
    revoked: SIGNING_PAGE_MESSAGES.revoked,
    locked: SIGNING_PAGE_MESSAGES.locked,
    declined: SIGNING_PAGE_TEXTS.declined
  }
  // `<` escaped: the JSON cannot close its script element
  return JSON.stringify(texts).replace(/</g, '\\u003c')
}

const signingPage: FastifyPluginAsync = async (app) => {
  const html = readFileSync(join(SIGNING_PAGE_ROOT, 'index.html'), 'utf8').replace('__TEXTS__', pageTexts())
  const script = 'text/javascript; charset=utf-8'
  const files: Record<string, { body: string, type: string }> = {
    'firmar.js': { body: readFileSync(join(SIGNING_PAGE_ROOT, 'firmar.js'), 'utf8'), type: script },
    'viewer.js': { body: readFileSync(join(SIGNING_PAGE_ROOT, 'viewer.js'), 'utf8'), type: script },
    'firmar.css': { body: readFileSync(join(SIGNING_PAGE_ROOT, 'firmar.css'), 'utf8'), type: 'text/css; charset=utf-8' },
    // pdf.js, the reader's engine: pdfjs-dist's legacy build (older phones' browsers), from node_modules
    'pdf.min.mjs': { body: readFileSync(join(PDFJS_BUILD, 'pdf.min.mjs'), 'utf8'), type: script },
    'pdf.worker.min.mjs': { body: readFileSync(join(PDFJS_BUILD, 'pdf.worker.min.mjs'), 'utf8'), type: script }
  }
  const send = (reply: FastifyReply, body: string,
    type: string) => reply.headers(SIGNING_PAGE_HEADERS).type(type).send(body)

  app.get('/firmar/static/:file', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { file: string }).file
    if (!Object.hasOwn(files, name)) return await reply.callNotFound()
    const file = files[name]
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null
    const body = encoding === null ? file.body : await compressedBody(name, file.body, encoding) // before any header
    reply.headers({ ...SIGNING_PAGE_HEADERS, vary: varyOn(reply.getHeader('vary'), 'Accept-Encoding') }).type(file.type)
    if (encoding !== null) reply.header('content-encoding', encoding)
    // pdf.js holds nothing of anyone's: kept by the phone a day (the page and its own script never are)
    if (name.startsWith('pdf.')) reply.header('cache-control', 'public, max-age=86400')
    return await reply.send(body)
  })
  app.get('/firmar/:token', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    await send(reply, html, 'text/html; charset=utf-8'))
}

export default signingPage
