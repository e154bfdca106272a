/**
 * Test helpers: a fresh app per test (closed by teardown), with TEMP_DIR in a tap testdir, or one
 * app for the whole file (sharedApp) where the tests need no fresh state.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tap, { type Test } from 'tap'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from '../../app/app.js'
import { memoryImage, useMemoryImage } from '../../src/registry/database.js'
import { PRODUCTION_PROFILE } from './samples.js'

/**
 * Each app's registry is a `memory://` PGlite database. Its first one in a process runs initdb and
 * the migrations (about 3 s of CPU); the image it leaves (src/registry/database.ts) is kept in the
 * system's temporary folder, named by the migrations' and PGlite's versions, so every other test
 * file starts its databases from that copy (about 0.5 s).
 */
const registryImagePath = join(tmpdir(), `contratos-registry-${createHash('sha256')
  .update(readdirSync('migrations').sort().map((name) => readFileSync(join('migrations', name), 'utf8')).join('\0'))
  .update(readFileSync('node_modules/@electric-sql/pglite/package.json'))
  .digest('hex').slice(0, 16)}.tar`)
if (existsSync(registryImagePath)) {
  const bytes = readFileSync(registryImagePath)
  useMemoryImage(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
} else {
  tap.teardown(async () => {
    const image = await memoryImage()
    if (image === undefined || existsSync(registryImagePath)) return
    const partial = `${registryImagePath}.${process.pid}`
    writeFileSync(partial, new Uint8Array(image))
    renameSync(partial, registryImagePath) // whole or absent, whichever file writes first
  })
}

/** A complete employer profile that is not the demo one (`fictitious` absent), for NODE_ENV=production. */
export { PRODUCTION_PROFILE }

/**
 * Builds an app on test defaults, with `env` overriding single variables and `extend` adding
 * test-only routes (fault injection, probes); closed at teardown.
 */
export async function build (t: Test, env: Record<string, string | number> = {}, extend?: FastifyPluginAsync): Promise<FastifyInstance> {
  const dir = t.testdir({})
  // production refuses the fictitious demo profile: tests of production behaviour use a real-looking one
  if (env.NODE_ENV === 'production' && env.EMPLOYER_PROFILE === undefined) env = { ...env, EMPLOYER_PROFILE: PRODUCTION_PROFILE }
  // production must state AUTH_MODE (docs/security.md): tests of production behaviour state the spec's one
  if (env.NODE_ENV === 'production' && env.AUTH_MODE === undefined) env = { ...env, AUTH_MODE: 'none' }
  // shedding off: inject loops run on microtasks and starve timers, which reads as event-loop lag;
  // the queue deadline off too: on a loaded machine it would refuse a test's deliberate bursts (its
  // own tests set it, test/src/queue-deadline.test.ts); one PDF thread (tests that need more say so):
  // each thread compiles its module and receives the templates when the app's first PDF is asked for
  // the registry in memory, also for tests of production behaviour (whose default is ./data, shared by every test file)
  // the registry's deadline long: a loaded machine's slow statement is not the fault a test is about (their own tests set it)
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: dir, DATA_DIR: 'memory://', SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, REGISTRY_QUERY_TIMEOUT_MS: 60_000, ...env },
    extend
  })
  t.teardown(() => app.close())
  return app
}

let fileApp: Promise<FastifyInstance> | undefined

/**
 * The test file's one app on test defaults (build() with no `env` and no `extend`), built at the
 * first call and closed when the file's tests end: for tests that only send requests and read
 * their own answers, never what other tests left behind (metrics, sessions counted, log or audit
 * lines, threads started). Each app compiles the templates and starts its own PDF thread, report
 * thread and reader process, so a file of such tests pays that once.
 */
export async function sharedApp (): Promise<FastifyInstance> {
  fileApp ??= build(tap)
  return await fileApp
}

export { sampleAddendum, sampleEmployee, samplePartTime, sampleSubsidio } from './samples.js'

/** An `extend` for build(): the PDF pool fails the documents of one DNI with `message` (D19 cases). */
export function failDocumentsOf (dni: string, message = 'plantilla ilegible'): FastifyPluginAsync {
  return async (instance) => {
    const pool = instance.pdfPool
    const documentsBatch = pool.documentsBatch.bind(pool)
    pool.documentsBatch = async (employees, codes) => {
      // the others are rendered (and counted by the metrics) as usual, with their codes; that DNI never reaches a thread
      const others = employees.filter((employee) => employee.dni !== dni)
      const rendered = others.length === 0 ? [] : await documentsBatch(others, codes?.filter((_, index) => employees[index].dni !== dni))
      let next = 0
      return employees.map((employee) => (employee.dni === dni ? new Error(message) : rendered[next++]))
    }
  }
}

/** A file part of a multipart form. */
export interface FormFile { field?: string, name: string, type?: string, bytes: Uint8Array | string }

/** Encodes a multipart/form-data body as browsers do (undici FormData), ready for `inject`. */
export async function formPayload (files: FormFile[], fields: Record<string, string> = {}): Promise<{ payload: Buffer, headers: Record<string, string> }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files) {
    const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes) // a copy on its own ArrayBuffer: a BlobPart under the DOM types too
    form.append(file.field ?? 'excel', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name)
  }
  const response = new Response(form)
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? '' } }
}

/** Text of each page of a PDF, read with pdfjs-dist (a real reader, independent of our writer). */
export async function pdfPages (bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent()
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
    }
    return pages
  } finally {
    await doc.destroy()
  }
}

/** All text of a PDF (pdfjs-dist), pages joined; runs of spaces collapsed. */
export async function pdfText (bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n').replace(/[ \t]+/g, ' ')
}

/** Runs qpdf with `args` on the PDF (written to a temporary file: qpdf reads files, not pipes); resolves with stdout, latin1. */
async function qpdf (bytes: Uint8Array, args: string[]): Promise<string> {
  const { execFile } = await import('node:child_process')
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = await mkdtemp(join(tmpdir(), 'contratos-qpdf-'))
  try {
    const file = join(dir, 'in.pdf')
    await writeFile(file, bytes)
    return await new Promise((resolve, reject) => {
      execFile('qpdf', [...args, file, ...(args.includes('--check') ? [] : ['-'])], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`qpdf ${args.join(' ')}: ${error.message}\n${stdout.toString('latin1')}${stderr.toString('latin1')}`))
        else resolve(stdout.toString('latin1'))
      })
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * `qpdf --check` of a PDF (qpdf is installed by .ci/run): resolves with its report when qpdf finds
 * neither an error nor a warning (exit 0); rejects with the report otherwise.
 */
export async function qpdfCheck (bytes: Uint8Array): Promise<string> {
  return await qpdf(bytes, ['--check'])
}

/** A PDF rewritten by qpdf with every stream uncompressed and no object streams, as latin1 text (to look for operators). */
export async function pdfUncompressed (bytes: Uint8Array): Promise<string> {
  return await qpdf(bytes, ['--qdf', '--object-streams=disable'])
}

/** Widget annotations left on the pages (pdfjs-dist): a flattened PDF has none. */
export async function pdfWidgetCount (bytes: Uint8Array): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    let count = 0
    for (let number = 1; number <= doc.numPages; number++) {
      count += (await (await doc.getPage(number)).getAnnotations()).filter((annotation) => annotation.subtype === 'Widget').length
    }
    return count
  } finally {
    await doc.destroy()
  }
}

/** One entry of a ZIP read back with yauzl. */
export interface ZipEntry { name: string, bytes: Buffer, compressionMethod: number }

/** Every entry of a ZIP, in archive order, read with yauzl (a real reader, CRCs checked). */
export async function zipEntries (zip: Buffer): Promise<ZipEntry[]> {
  const yauzl = await import('yauzl')
  return await new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (error, file) => {
      if (error !== null) return reject(error)
      const entries: ZipEntry[] = []
      file.on('error', reject)
      file.on('end', () => resolve(entries))
      file.on('entry', (entry: import('yauzl').Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks), compressionMethod: entry.compressionMethod })
            file.readEntry()
          })
        })
      })
      file.readEntry()
    })
  })
}

/** POSTs JSON to a listening server; resolves with the response as soon as its headers arrive. */
export function postJson (port: number, path: string, body: unknown): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = httpRequest({ port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, resolve)
    req.on('error', reject)
    req.end(data)
  })
}
