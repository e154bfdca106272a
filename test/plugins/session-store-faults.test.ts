/**
 * The file session store on a disk that fills up or turns read-only under a running app (docs/reliability.md):
 * readiness fails within one check, uploads answer 503 with Retry-After (never 500), a full disk
 * evicts the oldest session to make room, the first fault is logged with its cause, the metrics
 * say so, and everything heals with no restart. A real tmpfs where the machine allows mounting.
 */
import { test } from 'tap'
import { existsSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildApp } from '../../app/app.js'
import { formPayload } from '../support/helper.js'
import { lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { freePort, tinyFilesystem } from '../support/processes.js'
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'

/** Five employees a session at most, three sessions: 15 KiB of the 64 KiB filesystem. */
const SMALL = { SESSION_MAX: 3, MAX_EMPLOYEES: 5, BATCH_MAX: 5, ADDENDUM_BATCH_MAX: 5 }
const UNAVAILABLE = 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.'

interface LogLine { level: number, msg: string, reason?: string, err?: { code?: string }, created?: string }

/**
 * An app whose log lines are collected, closed at teardown; one PDF thread, as build() gives (the
 * previews need no more, and each thread costs its start-up).
 */
async function logged (t: Test, env: Record<string, string | number>): Promise<{ app: FastifyInstance, lines: LogLine[] }> {
  const lines: LogLine[] = []
  const stream = { write: (line: string) => { lines.push(JSON.parse(line) as LogLine) } }
  const app = await buildApp({ env: { NODE_ENV: 'test', SHED_MAX_EVENT_LOOP_DELAY_MS: 0, PDF_THREADS: 1, ...env }, logger: { stream } })
  t.teardown(() => app.close())
  return { app, lines }
}

async function upload (app: FastifyInstance) {
  return await app.inject({ method: 'POST', url: '/api/excel/upload', ...(await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx', { birthDates: true }) }])) })
}

async function preview (app: FastifyInstance, sessionId: string) {
  return await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '01234567', format: 'base64' } })
}

async function ready (app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/health/ready' })
  return { status: res.statusCode, sessionStore: res.json().checks.sessionStore as string }
}

async function metric (app: FastifyInstance, pattern: RegExp): Promise<string | undefined> {
  return pattern.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1]
}

test('a full TEMP_DIR: readiness 503 at once, uploads evict the oldest session and go on, the fault logged once; freed: healed', async (t) => {
  const fs = tinyFilesystem(t, 64 * 1024)
  if (fs === undefined) { t.plan(0, 'skip: this machine does not allow mounting a tmpfs'); return }
  const { app, lines } = await logged(t, { ...SMALL, TEMP_DIR: fs.dir })
  t.same(await ready(app), { status: 200, sessionStore: 'ok' })
  t.equal(await metric(app, /^contratos_session_store_up (\d)$/m), '1')
  const first = (await upload(app)).json().data.sessionId
  const second = (await upload(app)).json().data.sessionId

  const filler = fs.fill()
  t.same(await ready(app), { status: 503, sessionStore: 'fail' }, 'the probe write meets ENOSPC')
  t.equal(await metric(app, /^contratos_session_store_up (\d)$/m), '0')
  const third = await upload(app)
  t.equal(third.statusCode, 200, 'the oldest session made room')
  t.equal((await preview(app, first)).statusCode, 404, 'the oldest session was evicted (D3)')
  t.equal((await preview(app, second)).statusCode, 200)
  t.equal((await preview(app, third.json().data.sessionId)).statusCode, 200, 'the new session previews')
  t.equal((await upload(app)).statusCode, 200, 'and again')
  t.same(await ready(app), { status: 503, sessionStore: 'fail' }, 'still full')
  t.ok(Number(await metric(app, /^contratos_session_store_errors_total\{reason="ENOSPC"\} (\d+)$/m)) >= 2, 'faults counted by reason')

  const faults = lines.filter((line) => line.msg.startsWith('session store fault'))
  t.equal(faults.length, 1, 'the first fault of the minute is logged, the others counted')
  t.match(faults[0], { level: 40, reason: 'ENOSPC', err: { code: 'ENOSPC' } }, 'with its cause')

  rmSync(filler)
  t.same(await ready(app), { status: 200, sessionStore: 'ok' }, 'healed, no restart')
  t.equal(await metric(app, /^contratos_session_store_up (\d)$/m), '1')
  t.ok(lines.some((line) => line.msg === 'session store works again'))
  t.equal((await upload(app)).statusCode, 200)
})

test('a full TEMP_DIR with no session to evict: 503 with Retry-After, never 500', async (t) => {
  const fs = tinyFilesystem(t, 64 * 1024)
  if (fs === undefined) { t.plan(0, 'skip: this machine does not allow mounting a tmpfs'); return }
  const { app } = await logged(t, { ...SMALL, TEMP_DIR: fs.dir })
  const filler = fs.fill()
  const res = await upload(app)
  t.equal(res.statusCode, 503)
  t.equal(res.headers['retry-after'], '2')
  t.same(res.json(), { success: false, message: UNAVAILABLE, data: null })
  rmSync(filler)
  t.equal((await upload(app)).statusCode, 200, 'room again: uploads work')
})

test('a read-only TEMP_DIR: uploads and session previews 503, readiness 503; writable again: healed', async (t) => {
  const fs = tinyFilesystem(t, 64 * 1024)
  if (fs === undefined) { t.plan(0, 'skip: this machine does not allow mounting a tmpfs'); return }
  const { app, lines } = await logged(t, { ...SMALL, TEMP_DIR: fs.dir })
  const kept = (await upload(app)).json().data.sessionId
  await fs.readOnly(true)
  t.same(await ready(app), { status: 503, sessionStore: 'fail' })
  const res = await upload(app)
  t.equal(res.statusCode, 503)
  t.equal(res.headers['retry-after'], '2')
  t.equal((await preview(app, kept)).statusCode, 200, 'a stored session still reads')
  t.equal(await metric(app, /^contratos_session_store_errors_total\{reason="EROFS"\} (\d+)$/m) !== undefined, true)
  t.match(lines.find((line) => line.msg.startsWith('session store fault')), { reason: 'EROFS' })
  await fs.readOnly(false)
  t.same(await ready(app), { status: 200, sessionStore: 'ok' })
  t.equal((await upload(app)).statusCode, 200)
})

test('a nearly full TEMP_DIR: readiness holds 503 from the first fault until there is room for a whole session, instead of flapping', async (t) => {
  const fs = tinyFilesystem(t, 64 * 1024)
  if (fs === undefined) { t.plan(0, 'skip: this machine does not allow mounting a tmpfs'); return }
  const { app } = await logged(t, { ...SMALL, TEMP_DIR: fs.dir })
  const filler = fs.fill()
  // one 4 KiB block left: the probe fits in it, a session of MAX_EMPLOYEES (5 KiB) would not;
  // another writer on the same disk takes that block and gives it back between the polls
  truncateSync(filler, statSync(filler).size - 4096)
  const other = join(fs.dir, 'otro-proceso')
  const answers: number[] = []
  for (let poll = 0; poll < 50; poll++) {
    if (poll % 3 === 1) writeFileSync(other, Buffer.alloc(4096))
    else rmSync(other, { force: true })
    answers.push((await ready(app)).status)
  }
  t.same(answers.slice(0, 2), [200, 503], 'ready until the probe meets ENOSPC')
  t.same(answers.slice(2), Array(48).fill(503), 'then held: the probes that pass in the freed block do not bring it back')
  rmSync(filler)
  t.same(await ready(app), { status: 200, sessionStore: 'ok' }, 'room for a whole session again: ready')
})

test('TEMP_DIR replaced by a file: uploads, session previews and readiness answer 503 (ENOTDIR), never 500; the folder back: healed', async (t) => {
  const dir = join(t.testdir({}), 'temp')
  const { app, lines } = await logged(t, { TEMP_DIR: dir })
  const kept = (await upload(app)).json().data.sessionId
  await rm(dir, { recursive: true })
  await writeFile(dir, 'a file where TEMP_DIR was')
  const uploaded = await upload(app)
  t.equal(uploaded.statusCode, 503)
  t.equal(uploaded.headers['retry-after'], '2')
  t.same(uploaded.json(), { success: false, message: UNAVAILABLE, data: null })
  const previewed = await preview(app, kept)
  t.equal(previewed.statusCode, 503, 'a session preview too')
  t.same(previewed.json(), { success: false, message: UNAVAILABLE, data: null })
  t.same(await ready(app), { status: 503, sessionStore: 'fail' })
  t.match(lines.find((line) => line.msg.startsWith('session store fault')), { level: 40, reason: 'ENOTDIR', err: { code: 'ENOTDIR' } })
  t.ok(Number(await metric(app, /^contratos_session_store_errors_total\{reason="ENOTDIR"\} (\d+)$/m)) >= 3, 'counted by reason')
  await rm(dir)
  t.same(await ready(app), { status: 200, sessionStore: 'ok' }, 'the file removed: the folder is made again')
  t.equal((await upload(app)).statusCode, 200)
})

test('a removed TEMP_DIR is made again (0700) by the next readiness check or upload, and logged each time', async (t) => {
  const dir = join(t.testdir({}), 'temp')
  const { app, lines } = await logged(t, { TEMP_DIR: dir })
  await rm(dir, { recursive: true })
  t.same(await ready(app), { status: 200, sessionStore: 'ok' })
  t.ok(existsSync(join(dir, 'sessions')))
  t.equal(statSync(dir).mode & 0o777, 0o700, 'TEMP_DIR itself only for the service')
  t.equal(statSync(join(dir, 'sessions')).mode & 0o777, 0o700)
  await rm(dir, { recursive: true })
  t.equal((await upload(app)).statusCode, 200, 'an upload makes it again too')
  const made = lines.filter((line) => line.msg.startsWith('session folder was missing'))
  t.equal(made.length, 2, 'logged each time')
  t.match(made[0], { level: 40, created: dir })
})

test('start-up refuses a TEMP_DIR without room for SESSION_MAX sessions, naming the variables', async (t) => {
  const dir = t.testdir({})
  await t.rejects(buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: dir, SESSION_MAX: 1_000_000_000, MAX_EMPLOYEES: 1_000_000 } }), {
    name: 'ConfigError',
    message: /^Configuración inválida: TEMP_DIR=.* tiene [\d.]+ MiB libres y SESSION_MAX=1000000000 sesiones de hasta MAX_EMPLOYEES=1000000 empleados necesitan [\d.]+ MiB/
  })
})

test('READY_REQUIRES_SESSION_STORE=false: ready stays 200 while the store fails, and still names it', async (t) => {
  const port = await freePort() // nothing listens there
  const { app } = await logged(t, { TEMP_DIR: t.testdir({}), SESSION_STORE: `redis://127.0.0.1:${port}`, READY_REQUIRES_SESSION_STORE: 'false' })
  t.same(await ready(app), { status: 200, sessionStore: 'fail' })
  t.equal((await upload(app)).statusCode, 503, 'what needs a session still answers 503')
  const { app: strict } = await logged(t, { TEMP_DIR: t.testdir({}), SESSION_STORE: `redis://127.0.0.1:${port}` })
  t.same(await ready(strict), { status: 503, sessionStore: 'fail' }, 'the default requires it')
})
