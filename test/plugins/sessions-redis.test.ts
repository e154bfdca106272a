/**
 * SESSION_STORE=redis://… through the routes, with a real redis-server: sessions shared between
 * apps, Redis going away and coming back under a running app, the ACL user and TLS of
 * docs/security.md, and the maxmemory-policy of docs/production.md.
 */
import { test, type Test } from 'tap'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { build, formPayload, sampleEmployee, samplePartTime, sampleSubsidio } from '../support/helper.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../support/spreadsheets.js'
import { freePort, privateCa, startRedis } from '../support/processes.js'
import { KEYS, writeKeysFile } from '../support/auth.js'
import { Redis } from 'ioredis'
import { buildApp } from '../../app/app.js'
import type { RedisSessionStore } from '../../src/sessions/redis-store.js'
import type { FastifyInstance } from 'fastify'

/** A sheet of three lawful contracts and one that is not (a start in the past), made as HR makes it. */
async function upload (app: FastifyInstance, headers: Record<string, string> = {}) {
  const rows = [EMPLOYEE_HEADERS, ...[
    sampleEmployee(), samplePartTime({ dni: '22223333' }), sampleSubsidio(), sampleEmployee({ dni: '33334444', entryDate: '01/03/2020', endDate: '31/12/2020' })
  ].map((record) => employeeCells(record))]
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([rows]) }])
  return await app.inject({ method: 'POST', url: '/api/excel/upload', payload: form.payload, headers: { ...form.headers, ...headers } })
}

/** An app whose log lines are kept (parsed) in `lines`, closed at teardown; one PDF thread, as build() gives. */
async function loggedApp (t: Test, env: Record<string, string | number>) {
  const lines: Array<{ msg: string, level: number } & Record<string, unknown>> = []
  const raw: string[] = []
  const stream = { write: (line: string) => { raw.push(line); lines.push(JSON.parse(line)) } }
  const app = await buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, PDF_THREADS: 1, ...env }, logger: { stream } })
  t.teardown(() => app.close())
  return { app, lines, raw }
}

/** The ACL user line of docs/security.md ("What the operator must still do"), with `password` set. */
function documentedAclUser (password: string): string {
  const page = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8')
  const line = /`(user contratos on >password [^`]+)`/.exec(page)?.[1]
  if (line === undefined) throw new Error('docs/security.md has no `user contratos on >password …` line')
  return line.replace('>password', `>${password}`)
}

const readyStatus = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode
const faults = async (app: FastifyInstance, reason: string) => Number(new RegExp(`^contratos_session_store_errors_total\\{reason="${reason}"\\} (\\d+)$`, 'm')
  .exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? 0)

test('an upload on one instance previews on another that shares the Redis store', async (t) => {
  const redis = await startRedis(t)
  const first = await build(t, { SESSION_STORE: redis.url })
  const second = await build(t, { SESSION_STORE: redis.url })
  const res = await upload(first)
  t.equal(res.statusCode, 200)
  const { sessionId, employees, contractIssues } = res.json().data
  t.ok(employees.length > contractIssues.length, 'some rows make a contract')
  for (const employee of employees) {
    const preview = await second.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: employee.dni, format: 'base64' } })
    // the other instance reads the session: it previews, or refuses on the contract rules, never a 404
    const lawful = !(contractIssues as Array<{ dni: string }>).some((issue) => issue.dni === employee.dni)
    t.equal(preview.statusCode, lawful ? 200 : 400, employee.dni)
    if (lawful) t.equal(preview.json().data.dni, employee.dni)
  }
  t.ok(contractIssues.some((issue: { row: number, field: string }) => issue.row === 5 && issue.field === 'entryDate'), 'the past start, listed')
  t.same((await second.inject({ method: 'GET', url: '/api/health/ready' })).json().checks.sessionStore, 'ok')
})

test('Redis down: the app starts, what needs a session answers 503 with Retry-After, the rest works; Redis back: uploads work again', async (t) => {
  const port = await freePort()
  const app = await build(t, { SESSION_STORE: `redis://127.0.0.1:${port}` }) // nothing listens there yet
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(ready.statusCode, 503)
  t.equal(ready.json().checks.sessionStore, 'fail', 'the failing check is named')

  const refused = await upload(app)
  t.equal(refused.statusCode, 503)
  t.equal(refused.headers['retry-after'], '2')
  t.same(refused.json(), { success: false, message: 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.', data: null })
  const sessionPreview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: '00000000-0000-4000-8000-000000000000', dni: '01234567' } })
  t.equal(sessionPreview.statusCode, 503)
  t.equal(sessionPreview.headers['retry-after'], '2')

  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200, 'liveness')
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })).statusCode, 200, 'a record preview needs no session')
  t.equal((await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: [sampleEmployee()] })).statusCode, 200, 'exports need none')
  const metrics = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(metrics.statusCode, 200, '/metrics answers')
  t.notMatch(metrics.body, /^contratos_sessions\{/m, 'with no sessions value rather than a stale one')

  await startRedis(t, port)
  let status = 0
  for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
    status = (await upload(app)).statusCode
    if (status !== 200) await sleep(200)
  }
  t.equal(status, 200, 'uploads work again, no restart')
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200)
  t.match((await app.inject({ method: 'GET', url: '/metrics' })).body, /^contratos_sessions\{store="redis"\} 1$/m)
})

test('a read-only replica or a full Redis: readiness 503 naming the store, uploads 503, faults counted by reason; healed with no restart', async (t) => {
  const redis = await startRedis(t)
  const app = await build(t, { SESSION_STORE: redis.url })
  const admin = new Redis(redis.url)
  t.teardown(() => { admin.disconnect() })
  const ready = async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode
  const metrics = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.equal(await ready(), 200)

  // a replica of a primary that is not there: PING answers, every write is refused with READONLY
  await admin.call('REPLICAOF', '127.0.0.1', String(await freePort()))
  t.equal(await admin.ping(), 'PONG', 'a PING alone would say all is well')
  t.equal(await ready(), 503, 'the probe write meets READONLY')
  t.equal((await upload(app)).statusCode, 503)
  t.match(await metrics(), /^contratos_session_store_errors_total\{reason="READONLY"\} [1-9]/m)
  t.match(await metrics(), /^contratos_session_store_up 0$/m)
  await admin.call('REPLICAOF', 'NO', 'ONE')
  t.equal(await ready(), 200, 'a primary again')

  await admin.config('SET', 'maxmemory', '1')
  t.equal(await ready(), 503, 'maxmemory reached: OOM')
  t.equal((await upload(app)).statusCode, 503)
  t.match(await metrics(), /^contratos_session_store_errors_total\{reason="OOM"\} [1-9]/m)
  await admin.config('SET', 'maxmemory', '0')
  t.equal(await ready(), 200)
  t.equal((await upload(app)).statusCode, 200)
  t.match(await metrics(), /^contratos_session_store_up 1$/m)
})

test('a frozen Redis (SIGSTOP): one timeout opens the breaker, later session requests 503 at once, logged; SIGCONT: closed, healed', async (t) => {
  const redis = await startRedis(t)
  const lines: { msg: string, level: number }[] = []
  const stream = { write: (line: string) => { lines.push(JSON.parse(line)) } }
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, PDF_THREADS: 1, SESSION_STORE: redis.url, SESSION_STORE_TIMEOUT_MS: 300 },
    logger: { stream }
  })
  t.teardown(() => app.close())
  const store = app.sessions as RedisSessionStore
  const metric = async (reason: string) => Number(new RegExp(`^contratos_session_store_errors_total\\{reason="${reason}"\\} (\\d+)$`, 'm')
    .exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? 0)
  t.equal((await upload(app)).statusCode, 200)

  redis.signal('SIGSTOP')
  const first = await upload(app)
  t.equal(first.statusCode, 503, 'the first request waits out the timeout')
  t.equal(first.headers['retry-after'], '2')
  t.equal(store.breakerOpen, true, 'and opens the breaker')
  t.equal(await metric('timeout'), 1)
  const before = await metric('circuit_open') // the scrape's own probe may have met the open breaker too
  for (let i = 0; i < 3; i++) t.equal((await upload(app)).statusCode, 503)
  t.equal(await metric('circuit_open'), before + 3, 'the next ones never reached Redis')
  t.equal(await metric('timeout'), 1, 'no further timeouts waited')
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 503)
  t.ok(lines.some((line) => line.level === 40 && line.msg.startsWith('session store breaker open')), 'the opening is logged')

  redis.signal('SIGCONT')
  for (let attempt = 0; attempt < 100 && store.breakerOpen; attempt++) await sleep(100)
  t.equal(store.breakerOpen, false, 'a background PING closed it')
  t.ok(lines.some((line) => line.msg === 'session store breaker closed: Redis answers again'), 'the closing is logged')
  t.equal((await upload(app)).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200)
})

test('the ACL user of docs/security.md runs everything a session needs, under AUTH_MODE=none and oidc', async (t) => {
  const redis = await startRedis(t, undefined, { config: [documentedAclUser('s3creto-acl'), 'user default off'] })
  const url = `redis://contratos:s3creto-acl@127.0.0.1:${redis.port}`
  for (const env of [{}, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) }] as Array<Record<string, string>>) {
    const mode = env.AUTH_MODE ?? 'none'
    const as = (role: 'hr' | 'operator'): Record<string, string> => (env.AUTH_MODE === undefined ? {} : { authorization: `Bearer ${KEYS[role]}` })
    const app = await build(t, { SESSION_STORE: url, ...env })
    t.equal((await app.inject({ method: 'GET', url: '/api/health/ready', headers: as('operator') })).statusCode, 200, `${mode}: ready`)
    const res = await upload(app, as('hr'))
    t.equal(res.statusCode, 200, `${mode}: the upload stores its session`)
    const { sessionId } = res.json().data
    const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', headers: as('hr'), payload: { sessionId, dni: '12345678', format: 'base64' } })
    t.equal(preview.statusCode, 200, `${mode}: the session previews`)
    t.match((await app.inject({ method: 'GET', url: '/metrics', headers: as('operator') })).body,
      /^contratos_sessions\{store="redis"\} [1-9]/m, `${mode}: the sessions are counted`)
  }
})

test('readiness runs what an upload runs: a user that may SET but not run the session script is not ready', async (t) => {
  const redis = await startRedis(t, undefined, { config: ['user contratos on >s3creto ~contratos:* +@read +@write +@connection +time +info', 'user default off'] })
  const app = await build(t, { SESSION_STORE: `redis://contratos:s3creto@127.0.0.1:${redis.port}` })
  t.equal(await readyStatus(app), 503, 'the probe meets the same NOPERM as an upload')
  t.equal((await upload(app)).statusCode, 503)
  t.ok(await faults(app, 'NOPERM') >= 2, 'counted as NOPERM')
})

test('a refused Redis password never reaches the log: the failure is logged, the password is not', async (t) => {
  const password = 'clave-que-no-debe-salir-9f3k'
  const redis = await startRedis(t, undefined, { config: [documentedAclUser('la-correcta'), 'user default off'] })
  const { app, lines, raw } = await loggedApp(t, { SESSION_STORE: `redis://contratos:${password}@127.0.0.1:${redis.port}`, SESSION_STORE_TIMEOUT_MS: 300 })
  t.equal(await readyStatus(app), 503)
  t.equal((await upload(app)).statusCode, 503)
  for (let attempt = 0; attempt < 100 && !raw.some((line) => line.includes('WRONGPASS')); attempt++) await sleep(50)
  t.ok(lines.some((line) => line.level === 40 && JSON.stringify(line).includes('WRONGPASS')), 'the refusal is logged')
  t.notOk(raw.some((line) => line.includes(password)), 'no line carries the password')
})

test('rediss:// with a private CA: trusted through SESSION_STORE_CA_FILE, refused without it', async (t) => {
  const ca = privateCa(t)
  const redis = await startRedis(t, undefined, { tls: ca })
  const untrusted = await build(t, { SESSION_STORE: redis.url, SESSION_STORE_TIMEOUT_MS: 500 })
  t.equal(await readyStatus(untrusted), 503, 'a certificate of an unknown CA is refused')
  const app = await build(t, { SESSION_STORE: redis.url, SESSION_STORE_CA_FILE: ca.caFile })
  t.equal(await readyStatus(app), 200, 'the private CA is trusted')
  const res = await upload(app)
  t.equal(res.statusCode, 200)
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: res.json().data.sessionId, dni: '12345678', format: 'base64' } })
  t.equal(preview.statusCode, 200)
})

test('an evicting maxmemory-policy: not ready and uploads refused, logged at connect; healed by noeviction, accepted by SESSION_STORE_ALLOW_EVICTION', async (t) => {
  const redis = await startRedis(t, undefined, { config: ['maxmemory-policy allkeys-lru'] })
  const { app, lines } = await loggedApp(t, { SESSION_STORE: redis.url })
  t.ok(lines.some((line) => line.level === 40 && line.msg.includes('maxmemory-policy is allkeys-lru')), 'the policy is logged at connect')
  t.equal(await readyStatus(app), 503)
  const refused = await upload(app)
  t.equal(refused.statusCode, 503, 'an upload whose session could vanish is refused')
  t.equal(refused.headers['retry-after'], '2')
  t.ok(await faults(app, 'eviction_policy') >= 2, 'counted as eviction_policy')

  const admin = new Redis(redis.url)
  t.teardown(() => { admin.disconnect() })
  await admin.config('SET', 'maxmemory-policy', 'noeviction')
  t.equal(await readyStatus(app), 200, 'noeviction: ready again, with no restart')
  const stored = await upload(app)
  t.equal(stored.statusCode, 200)

  await admin.config('SET', 'maxmemory-policy', 'volatile-ttl')
  t.equal(await readyStatus(app), 503, 'every volatile-* policy evicts sessions too: they all have a TTL')
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: stored.json().data.sessionId, dni: '12345678', format: 'base64' } })
  t.equal(preview.statusCode, 200, 'a session already stored still previews')
  const allowed = await loggedApp(t, { SESSION_STORE: redis.url, SESSION_STORE_ALLOW_EVICTION: 'true' })
  t.equal(await readyStatus(allowed.app), 200, 'the operator accepted eviction')
  t.equal((await upload(allowed.app)).statusCode, 200)
  t.ok(allowed.lines.some((line) => line.level === 40 && line.msg.includes('maxmemory-policy is volatile-ttl')), 'still logged')
})

test('the policy read by a user without CONFIG: INFO memory; unreadable: not ready unless eviction is accepted', async (t) => {
  const redis = await startRedis(t, undefined, {
    config: ['maxmemory-policy volatile-lru', documentedAclUser('s3creto'), 'user sininfo on >s3creto ~contratos:* +@all -@dangerous', 'user default off']
  })
  const documented = await build(t, { SESSION_STORE: `redis://contratos:s3creto@127.0.0.1:${redis.port}` })
  t.equal(await readyStatus(documented), 503, 'volatile-lru read from INFO memory')
  t.ok(await faults(documented, 'eviction_policy') >= 1)
  const { app, lines } = await loggedApp(t, { SESSION_STORE: `redis://sininfo:s3creto@127.0.0.1:${redis.port}` })
  t.equal(await readyStatus(app), 503, 'a policy nobody can read is taken as evicting')
  t.ok(lines.some((line) => line.level === 40 && line.msg.includes('maxmemory-policy cannot be read')), 'and logged so')
  const accepted = await build(t, { SESSION_STORE: `redis://sininfo:s3creto@127.0.0.1:${redis.port}`, SESSION_STORE_ALLOW_EVICTION: 'true' })
  t.equal(await readyStatus(accepted), 200)
})
