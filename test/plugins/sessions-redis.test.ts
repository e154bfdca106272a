/**
 * SESSION_STORE=redis://… through the routes, with a real redis-server: sessions shared between
 * apps, and Redis going away and coming back under a running app.
 */
import { test } from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { build, formPayload, sampleEmployee, samplePartTime, sampleSubsidio } from '../support/helper.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../support/spreadsheets.js'
import { freePort, startRedis } from '../support/processes.js'
import { Redis } from 'ioredis'
import { buildApp } from '../../app/app.js'
import type { RedisSessionStore } from '../../src/sessions/redis-store.js'
import type { FastifyInstance } from 'fastify'

/** A sheet of three lawful contracts and one that is not (a start in the past), made as HR makes it. */
async function upload (app: FastifyInstance) {
  const rows = [EMPLOYEE_HEADERS, ...[
    sampleEmployee(), samplePartTime({ dni: '22223333' }), sampleSubsidio(), sampleEmployee({ dni: '33334444', entryDate: '01/03/2020', endDate: '31/12/2020' })
  ].map((record) => employeeCells(record))]
  return await app.inject({ method: 'POST', url: '/api/excel/upload', ...(await formPayload([{ name: 'empleados.xlsx', bytes: workbook([rows]) }])) })
}

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
    const lawful = employee.dni !== '33334444'
    t.equal(preview.statusCode, lawful ? 200 : 400, employee.dni)
    if (lawful) t.equal(preview.json().data.dni, employee.dni)
  }
  t.same(contractIssues.map((issue: { row: number }) => issue.row), [5], 'the past start, listed')
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
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, SESSION_STORE: redis.url, SESSION_STORE_TIMEOUT_MS: 300 },
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
