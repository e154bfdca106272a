/**
 * The document routes' admission (plugins/admission.ts) on a listening server. A preview is
 * admitted when its headers arrive, so one whose body has not come yet holds its room for as long
 * as the test wants: with ADMISSION_LIMIT=1 it fills the gate, and what comes next meets the line.
 */
import { test } from 'tap'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import type { FastifyInstance } from 'fastify'
import { build, sampleEmployee, samplePartTime, sampleSubsidio } from '../support/helper.js'

const BUSY = { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.', data: null }

interface Answer { status: number, retryAfter: string | null, type: string | null, body: string }

async function post (app: FastifyInstance, path: string, body: unknown): Promise<Answer> {
  const { port } = app.server.address() as { port: number }
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, retryAfter: response.headers.get('retry-after'), type: response.headers.get('content-type'), body: bytes.subarray(0, 200).toString('utf8') }
}

/** Polls until `check` holds (every 10 ms, up to 10 s). */
async function until (what: string, check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 1000) throw new Error(`never: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A preview whose headers and the start of its body are sent: once admitted, it waits for the rest. */
async function partialPreview (app: FastifyInstance): Promise<{ socket: Socket, finish: () => Promise<string> }> {
  const { port } = app.server.address() as { port: number }
  const body = Buffer.from(JSON.stringify(sampleEmployee()))
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  socket.write(`POST /api/contracts/preview HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`)
  socket.write(body.subarray(0, 10))
  let answer = ''
  socket.on('data', (chunk: Buffer) => { answer += chunk.toString('latin1') })
  socket.on('error', () => {})
  const closed = once(socket, 'close')
  return {
    socket,
    finish: async () => {
      socket.write(body.subarray(10))
      await closed
      return answer.split('\r\n')[0]
    }
  }
}

/** A partial preview admitted: it holds its room until finished. */
async function heldPreview (app: FastifyInstance): Promise<{ socket: Socket, finish: () => Promise<string> }> {
  const held = await partialPreview(app)
  await until('the held preview is admitted', () => app.admission.stats().inUse > 0)
  return held
}

const batch = (count: number) => Array.from({ length: count }, (_, index) =>
  [sampleEmployee, samplePartTime, sampleSubsidio][index % 3]({ dni: String(40000000 + index) }))

test('past the limit and a full line: 503 with Retry-After in the envelope, at once; the ones in line complete', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, ADMISSION_LIMIT: 1, ADMISSION_QUEUE: 1, QUEUE_MAX_WAIT_MS: 0 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.equal(app.admission.limit, 1)
  const held = await heldPreview(app)
  t.same(app.admission.stats().inUse, 1, 'the held preview fills the gate')

  const waiting = post(app, '/api/contracts/preview', samplePartTime())
  await until('the second preview is in line', () => app.admission.stats().queued === 1)
  for (const [path, body] of [
    ['/api/contracts/preview', sampleSubsidio()],
    ['/api/contracts/download-zip', batch(3)],
    ['/api/contract/download-zip', [sampleEmployee({ dni: 'abc' })]], // invalid, but never validated
    ['/api/addendum/download-zip', []]
  ] as const) {
    const refused = await post(app, path, body)
    t.equal(refused.status, 503, `${path}: refused at the door`)
    t.equal(refused.type, 'application/json; charset=utf-8')
    t.match(refused.retryAfter, /^\d+$/)
    t.ok(Number(refused.retryAfter) >= 2, 'Retry-After at least 2 s')
    t.same(JSON.parse(refused.body), BUSY)
  }
  t.equal(app.admission.stats().queued, 1, 'the refused never joined the line')
  t.equal((await post(app, '/api/excel/download-photocheck', [sampleEmployee()])).status, 200, 'exports are not behind this gate')

  t.equal(await held.finish(), 'HTTP/1.1 200 OK', 'the held preview completes once its body arrives')
  const admitted = await waiting
  t.equal(admitted.status, 200, 'and the one in line gets its room and completes')
  t.equal(admitted.type, 'application/pdf')
  t.same(app.admission.stats(), { inUse: 0, queued: 0, holdMs: app.admission.stats().holdMs }, 'every room given back')
  const zip = await post(app, '/api/contracts/download-zip', batch(5))
  t.equal(zip.status, 200, 'a ZIP heavier than the limit runs alone')
  t.equal(zip.type, 'application/zip')
})

test('in line past QUEUE_MAX_WAIT_MS: 503 with Retry-After, before its body is validated', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, ADMISSION_LIMIT: 1, ADMISSION_QUEUE: 4, QUEUE_MAX_WAIT_MS: 200 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const held = await heldPreview(app)
  const late = await Promise.all([
    post(app, '/api/contracts/preview', sampleEmployee()),
    post(app, '/api/contracts/download-zip', [sampleEmployee({ dni: 'abc' })]),
    post(app, '/api/addendum/preview', {})
  ])
  for (const refused of late) {
    t.equal(refused.status, 503)
    t.ok(Number(refused.retryAfter) >= 2)
    t.same(JSON.parse(refused.body), BUSY)
  }
  t.equal(await held.finish(), 'HTTP/1.1 200 OK')
  t.equal((await post(app, '/api/contracts/download-zip', [sampleEmployee({ dni: 'abc' })])).status, 400, 'room again: the body is validated and refused')
})

test('a client that leaves while in line gives its place up; the one admitted completes', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, ADMISSION_LIMIT: 1, ADMISSION_QUEUE: 1, QUEUE_MAX_WAIT_MS: 0 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const held = await heldPreview(app)
  const leaving = await partialPreview(app)
  await until('the second preview is in line', () => app.admission.stats().queued === 1)
  leaving.socket.destroy()
  await until('it left the line', () => app.admission.stats().queued === 0)
  t.equal(app.admission.stats().inUse, 1, 'it never had room')
  t.equal(await held.finish(), 'HTTP/1.1 200 OK')
  t.equal(app.admission.stats().inUse, 0)
  t.equal((await post(app, '/api/contracts/preview', sampleEmployee())).status, 200, 'served again')
})
