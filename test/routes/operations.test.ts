/**
 * What operators get (D22): readiness, Prometheus metrics and request ids, on the file session
 * store (the Redis store: test/plugins/sessions-redis.test.ts; several instances: test/cluster.test.ts).
 */
import { test } from 'tap'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { rm, writeFile } from 'node:fs/promises'
import { buildApp } from '../../app/app.js'
import { build, failDocumentsOf, formPayload, sampleEmployee, samplePartTime, sampleSubsidio } from '../support/helper.js'
import { fixture } from '../support/spreadsheets.js'
import type { FileSessionStore } from '../../src/sessions/store.js'

const ALL_OK = {
  templates: 'ok', pdfPool: 'ok', spreadsheetReader: 'ok', sessionStore: 'ok', auditTrail: 'ok', identityProvider: 'ok', registry: 'ok', warm: 'ok', running: 'ok'
}

/** `name{labels} value` lines of a Prometheus text exposition, by series. */
function series (text: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    found.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return found
}

test('ready: 200 with every check, 503 naming the one that fails, and from the moment shutdown begins', async (t) => {
  const app = await build(t)
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { success: true, checks: ALL_OK })

  const sessionsDir = (app.sessions as FileSessionStore).dir
  await rm(sessionsDir, { recursive: true })
  await writeFile(sessionsDir, 'a file where the sessions folder was')
  const broken = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(broken.statusCode, 503)
  t.same(broken.json(), { success: false, message: 'El servicio no está listo para recibir solicitudes', data: null, checks: { ...ALL_OK, sessionStore: 'fail' } })
  await rm(sessionsDir)
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200, 'ready again once the store works')

  app.readiness.beginShutdown()
  const closing = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(closing.statusCode, 503)
  t.same(closing.json().checks, { ...ALL_OK, running: 'fail' })
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200, 'liveness is unchanged: the process is alive')
  t.same(Object.keys(health.json()).sort(), ['message', 'path', 'success', 'timestamp'], 'health keeps exactly the spec payload')
})

test('ready fails once the app closes: the pools are closed and shutdown has begun', async (t) => {
  const app = await build(t)
  await app.close()
  const checks = await app.readiness.checks()
  t.same(checks, { ...ALL_OK, pdfPool: 'fail', spreadsheetReader: 'fail', registry: 'fail', running: 'fail' })
})

test('outside tests ready is 503 (warm: fail) until the first report thread answered and the reader\'s first child is ready', async (t) => {
  let held = true
  const app = await build(t, { NODE_ENV: 'production', PDF_THREADS: 1, REPORT_THREADS: 1, SPREADSHEET_PROCESSES: 1 }, async (instance) => {
    // a reader child slow to start (a throttled CPU): it warms for as long as the test holds it, then as it really does
    const reader = instance.spreadsheetReader
    const warming = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(reader), 'warming')?.get
    Object.defineProperty(reader, 'warming', { get: () => held || warming?.call(reader) === true })
  })
  const cold = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(cold.statusCode, 503, 'not ready while a pool warms')
  t.same(cold.json().checks, { ...ALL_OK, warm: 'fail' })
  held = false
  let status = 0
  for (let attempt = 0; attempt < 1200 && status !== 200; attempt++) {
    status = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode
    if (status !== 200) await sleep(50)
  }
  t.equal(status, 200, 'ready once warm')
  t.equal(app.spreadsheetReader.stats.children, 1, 'the reader\'s child is up')
  t.equal(app.reportPool.threads, 1, 'the report thread is up')
  t.equal(app.reportPool.warming || app.spreadsheetReader.warming, false)
})

test('X-Request-Id: every request gets the service\'s own id; a caller\'s well-formed one is logged apart, never used as it', async (t) => {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString())); done() } })
  const app = await buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0 }, logger: { level: 'info', stream } })
  t.teardown(() => app.close())
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
  const callerId = 'lb-7f3a.9_Z-01'
  const cases = [
    { method: 'GET' as const, url: '/api/health', status: 200 },
    { method: 'GET' as const, url: '/api/no-existe', status: 404 },
    { method: 'POST' as const, url: '/api/excel/download-photocheck', payload: [{ dni: 'x' }], status: 400 },
    { method: 'GET' as const, url: '/api/%zz', status: 400 } // answered before routing (frameworkErrors)
  ]
  const ids = new Set<string>()
  for (const { status, ...request } of cases) {
    const res = await app.inject({ ...request, headers: { 'x-request-id': callerId } })
    t.equal(res.statusCode, status, request.url)
    const id = String(res.headers['x-request-id'])
    t.match(id, uuid, `${request.url}: the service's own id in X-Request-Id, not the caller's`)
    ids.add(id)
    const tagged = lines.filter((line) => line.reqId === id)
    if (request.url !== '/api/%zz') { // answered before routing: Fastify logs no request lines for it
      t.ok(tagged.some((line) => line.msg === 'incoming request') && tagged.some((line) => line.msg === 'request completed'), `${request.url}: its lines carry it as reqId`)
      t.ok(tagged.every((line) => line.clientRequestId === callerId), `${request.url}: and the caller's id apart, as clientRequestId`)
    }
  }
  t.equal(ids.size, cases.length, 'one id per request, though the caller sent the same one each time')
  t.notOk(lines.some((line) => line.reqId === callerId), 'the caller\'s id is never a request id')

  for (const bad of ['a'.repeat(65), 'con espacio', '<script>', 'ñandú', 'a/b', 'x;y=1']) {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } })
    t.match(res.headers['x-request-id'], uuid, `${JSON.stringify(bad)}: an id of the service`)
    t.notOk(JSON.stringify(lines).includes(bad), `${JSON.stringify(bad)} never logged`)
  }
  const first = (await app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']
  const second = (await app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']
  t.match(first, uuid, 'none sent: one is generated')
  t.not(first, second)
  await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a'.repeat(64) } })
  t.ok(lines.some((line) => line.clientRequestId === 'a'.repeat(64)), '64 characters is the limit')
  t.notOk(lines.some((line) => line.clientRequestId === 'a'.repeat(65)))
})

test('a logged URL never holds an authorization code: the console\'s return /app/?code=… is redacted', async (t) => {
  const lines: string[] = []
  const stream = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done() } })
  const app = await buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0 }, logger: { level: 'info', stream } })
  t.teardown(() => app.close())
  const code = 'Xq7-codigo-de-autorizacion-9f2'
  const state = 'estado-aleatorio-51c'
  const res = await app.inject({ method: 'GET', url: `/app/?code=${code}&state=${state}&iss=http%3A%2F%2F127.0.0.1` })
  t.equal(res.statusCode, 200)
  await app.inject({ method: 'GET', url: `/app/?Code=${code}&access_token=${code}&%63ode=${code}&%zz=1` })
  const logged = lines.join('')
  t.notOk(logged.includes(code), 'the code is in no log line')
  t.notOk(logged.includes(state), 'nor the state')
  const urls = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((line) => line.req?.url ?? [])
  t.same(urls, [
    '/app/?code=[redacted]&state=[redacted]&iss=http%3A%2F%2F127.0.0.1',
    '/app/?Code=[redacted]&access_token=[redacted]&%63ode=[redacted]&%zz=1'
  ], 'the rest of the URL is logged as it came')
})

test('/metrics: the operator series after real work, labels from route patterns only, never request data', async (t) => {
  const app = await build(t, {}, failDocumentsOf('22223333'))
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleSubsidio() })
  t.equal(preview.statusCode, 200)
  const batch = [samplePartTime({ dni: '11112222' }), sampleEmployee({ dni: '22223333', name: 'Luis' }), sampleEmployee({ dni: '33334444', name: 'Zoila' })]
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: batch })
  t.equal(zip.statusCode, 200)
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...(await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') }])) })
  t.equal(upload.statusCode, 200)
  const corrupt = await app.inject({ method: 'POST', url: '/api/excel/upload', ...(await formPayload([{ name: 'roto.xlsx', bytes: 'no es un zip' }])) })
  t.equal(corrupt.statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: '/api/contracts/99999999' })).statusCode, 404)

  const res = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
  const text = res.body
  const values = series(text)
  t.equal(values.get('contratos_pdf_documents_total{template="contrato-subsidio"}'), 1, 'the preview')
  t.equal(values.get('contratos_pdf_documents_total{template="contrato-part-time"}'), 1, 'the ZIP: one Part Time contract')
  t.equal(values.get('contratos_pdf_documents_total{template="contrato-planilla"}'), 1, 'one Planilla contract (the other failed)')
  t.equal(values.get('contratos_pdf_documents_total{template="tratamiento-datos"}'), 2)
  t.equal(values.get('contratos_pdf_documents_total{template="anexo"}'), 2)
  t.equal(values.get('contratos_zip_failed_employees_total'), 1, 'D19: the employee in errores.txt')
  t.equal(values.get('contratos_spreadsheet_reads_total{format="csv",outcome="ok"}'), 1)
  t.equal(values.get('contratos_spreadsheet_reads_total{format="xlsx",outcome="corrupt"}'), 1)
  t.equal(values.get('contratos_sessions{store="file"}'), 1, 'the upload\'s session')
  t.equal(values.get('contratos_pdf_queue_depth'), 0)
  t.equal(values.get('http_request_duration_seconds_count{method="POST",route="/api/contracts/download-zip",status_code="200"}'), 1)
  t.equal(values.get('http_request_duration_seconds_count{method="POST",route="/api/excel/upload",status_code="400"}'), 1)
  t.equal(values.get('http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'), 1, 'an unknown URL is not a label')
  t.ok(values.has('process_resident_memory_bytes') && values.has('nodejs_eventloop_lag_seconds'), 'default process metrics')
  for (const secret of ['99999999', '11112222', '22223333', 'Luis', 'Zoila', 'Quispe', 'empleados.csv', 'plantilla ilegible']) {
    // as a token of its own: a sample value such as 0.0299999999 is no DNI
    const token = new RegExp(`(?<![\\w.])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`)
    t.notOk(token.test(text), `${secret} never appears`)
  }
})

test('/metrics counts shed requests, and METRICS=false turns the route off', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 1 })
  const refused = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee(), sampleSubsidio()] })
  t.equal(refused.statusCode, 503, 'a saturated pool refuses the ZIP up front')
  const values = series((await app.inject({ method: 'GET', url: '/metrics' })).body)
  t.equal(values.get('contratos_requests_shed_total{route="/api/contracts/download-zip"}'), 1)

  const off = await build(t, { METRICS: 'false' })
  const res = await off.inject({ method: 'GET', url: '/metrics' })
  t.equal(res.statusCode, 404)
  t.equal(res.json().message, 'Ruta no encontrada: GET /metrics')
})
