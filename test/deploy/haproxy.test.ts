/**
 * deploy/haproxy.cfg against a stub instance whose readiness answer the test sets: the upload rate
 * limit (429 in the envelope with Retry-After) and the fallback backend, while the session store is
 * down, taking an instance only once its pools are warm and draining it once it began shutting down;
 * /metrics never answered through the public frontend and no X-Served-By naming the instances
 * (docs/security.md); HAProxy's own 503, 502 and 504 in the envelope (deploy/errors/); its log line of
 * the console's return from the identity provider holds no authorization code; and, in front of a
 * real instance, the workers' public frontend, which passes the signing page, its API and the public
 * check only. The service itself behind HAProxy is test/cluster.test.ts.
 */
import { test, type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer, request as httpRequest, type RequestListener, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../../src/paths.js'
import { freePort, program } from '../support/processes.js'
import { HTTP_MESSAGES, SIGNING_PAGE_MESSAGES } from '../../schemas/messages.js'
import { buildApp } from '../../app/app.js'
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { sampleEmployee } from '../support/helper.js'
import { issueContract } from '../support/signing-flow.js'

/**
 * HAProxy with deploy/haproxy.cfg in front of the instance on `appPort` (stopped at teardown): the
 * internal frontend on `lbPort`, the workers' public one on `publicPort`. `env` adds to or replaces
 * the config's variables; CONTRATOS_APP2 is a port where nothing listens unless `env` names one.
 * HAProxy's stdout is piped only with `log` (it logs there), else ignored.
 */
async function haproxyInFront (t: Test, appPort: number, options: { env?: Record<string, string>, log?: boolean } = {}):
Promise<{ lbPort: number, publicPort: number, haproxy: ChildProcess }> {
  const lbPort = await freePort()
  const publicPort = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: {
      PATH: process.env.PATH,
      CONTRATOS_BIND: `127.0.0.1:${lbPort}`,
      CONTRATOS_PUBLIC_BIND: `127.0.0.1:${publicPort}`,
      CONTRATOS_APP1: `127.0.0.1:${appPort}`,
      CONTRATOS_APP2: `127.0.0.1:${await freePort()}`, // down
      ...options.env
    },
    stdio: ['ignore', options.log === true ? 'pipe' : 'ignore', 'ignore']
  })
  t.teardown(() => { haproxy.kill('SIGTERM') })
  return { lbPort, publicPort, haproxy }
}

/** `handler` as a stub instance on a free loopback port (closed at teardown, after `onClose`), HAProxy in front of it. */
async function stubBehindHaproxy (
  t: Test, handler: RequestListener, options: { env?: Record<string, string>, log?: boolean, onClose?: () => void } = {}
): Promise<{ lbPort: number, publicPort: number, haproxy: ChildProcess }> {
  const stub = createServer(handler)
  stub.listen(0, '127.0.0.1')
  await once(stub, 'listening')
  t.teardown(() => { options.onClose?.(); stub.close() })
  return await haproxyInFront(t, (stub.address() as { port: number }).port, options)
}

/** A GET of `path` exactly as written (fetch would resolve its dot segments first): status and body. */
async function rawGet (port: number, path: string): Promise<{ status: number, type: string | undefined, body: string, requestId?: string }> {
  return await new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => { body += chunk })
      response.on('end', () => {
        const requestId = response.headers['x-request-id']
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body, requestId: typeof requestId === 'string' ? requestId : undefined })
      })
    })
    request.on('error', reject)
    request.end()
  })
}

test('HAProxy: uploads past CONTRATOS_UPLOAD_RATE get 429; /metrics is 404; the fallback backend takes a live instance once warm and drains it when shutting down', async (t) => {
  let running = 'ok'
  let warm = 'fail'
  const { lbPort } = await stubBehindHaproxy(t, (request, response) => {
    if (request.url === '/api/health/ready') {
      // the session store is down: 503, which the main backend reads as not ready; the checks in
      // the order the service writes them (routes/health.ts)
      response.writeHead(503, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ success: false, checks: { templates: 'ok', pdfPool: 'ok', spreadsheetReader: 'ok', sessionStore: 'fail', warm, running } }))
      return
    }
    request.resume()
    request.on('end', () => { response.writeHead(200, { 'content-type': 'text/plain' }).end('stub') })
  }, {
    env: { CONTRATOS_CHECK_INTER: '100ms', CONTRATOS_UPLOAD_RATE: '2' }
  })
  const send = async (method: string, path: string) => {
    const response = await fetch(`http://127.0.0.1:${lbPort}${path}`, { method, body: method === 'POST' ? 'x' : undefined })
    return { status: response.status, servedBy: response.headers.get('x-served-by'), retryAfter: response.headers.get('retry-after'), body: await response.text() }
  }
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await check().catch(() => false)) return
      await sleep(100)
    }
    throw new Error(`HAProxy never got to: ${what}`)
  }

  // a cold instance (its pools still warming) gets nothing, from either backend
  await until('HAProxy has checked the instance', async () => (await send('GET', '/api/health')).status === 503)
  await sleep(1000) // ten checks
  t.equal((await send('GET', '/api/health')).status, 503, 'a cold instance is not served to, even with no other')
  warm = 'ok'
  // only the live backend can answer 200: the main one has no ready instance
  await until('the live backend serves', async () => (await send('GET', '/api/health')).body === 'stub')
  t.equal((await send('GET', '/api/health')).servedBy, null, 'no X-Served-By unless CONTRATOS_DEBUG_SERVED_BY=1')
  for (const path of ['/metrics', '/metrics?format=text', '/metrics/']) {
    const metrics = await send('GET', path)
    t.equal(metrics.status, 404, `${path}: answered by HAProxy, never the instance`)
    t.same(JSON.parse(metrics.body), { success: false, message: 'Ruta no encontrada', data: null })
  }
  t.equal((await send('POST', '/api/excel/upload')).status, 200)
  t.equal((await send('POST', '/api/addendum/upload')).status, 200)
  const limited = await send('POST', '/api/excel/upload')
  t.equal(limited.status, 429, 'the third upload within 10 s')
  t.equal(limited.retryAfter, '10')
  t.same(JSON.parse(limited.body), { success: false, message: 'Demasiadas cargas. Intenta nuevamente en unos segundos.', data: null })
  t.equal((await send('GET', '/api/health')).status, 200, 'other routes are not limited')

  running = 'fail' // SIGTERM: ready says so while the instance still serves (SHUTDOWN_DRAIN_MS)
  await until('the stopping instance leaves the live backend', async () => (await send('GET', '/api/health')).status === 503)
  t.pass('drained: HAProxy sends it nothing new')
})

test('HAProxy\'s own 503 (its queue timed out), 502 and 504 are the JSON envelope with Retry-After, never its HTML page', async (t) => {
  // every errorfile: a whole HTTP/1.0 answer whose Content-Length is its body's, the envelope with a text of schemas/messages.ts
  for (const [status, message] of [[503, HTTP_MESSAGES.busy], [502, HTTP_MESSAGES.proxyBadGateway], [504, HTTP_MESSAGES.proxyTimeout]] as const) {
    const file = readFileSync(join(PROJECT_ROOT, 'deploy', 'errors', `${status}.http`))
    const split = file.indexOf('\r\n\r\n')
    const [statusLine, ...headers] = file.subarray(0, split).toString('latin1').split('\r\n')
    const body = file.subarray(split + 4)
    t.match(statusLine, new RegExp(`^HTTP/1\\.0 ${status} `), `${status}.http`)
    const header = (name: string) => headers.find((line) => line.toLowerCase().startsWith(`${name}:`))?.split(':')[1].trim()
    t.equal(header('content-type'), 'application/json; charset=utf-8')
    t.equal(Number(header('content-length')), body.length, 'Content-Length in bytes')
    t.match(header('retry-after'), /^\d+$/)
    t.same(JSON.parse(body.toString('utf8')), { success: false, message, data: null })
  }

  // an instance that holds the first request and drops the connection of /drop without answering
  const held: ServerResponse[] = []
  const { lbPort } = await stubBehindHaproxy(t, (request, response) => {
    if (request.url === '/api/health/ready') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, checks: { running: 'ok' } }))
      return
    }
    if (request.url === '/drop') { request.socket.destroy(); return }
    held.push(response)
  }, {
    env: { CONTRATOS_CHECK_INTER: '100ms', CONTRATOS_MAXCONN: '1' }, // one request at a time: the next waits in HAProxy's queue
    onClose: () => { for (const response of held) response.end() }
  })
  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${lbPort}${path}`)
    return { status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), body: await response.text() }
  }
  for (let attempt = 0; (await get('/api/health/ready').catch(() => undefined))?.status !== 200; attempt++) {
    if (attempt > 100) throw new Error('HAProxy never routed to the stub')
    await sleep(100)
  }
  await sleep(500) // app2's first checks fail: out of rotation

  const holding = fetch(`http://127.0.0.1:${lbPort}/hold`).catch(() => undefined) // takes the one connection
  for (let attempt = 0; held.length === 0; attempt++) {
    if (attempt > 100) throw new Error('the first request never reached the stub')
    await sleep(50)
  }
  const queued = await get('/queued')
  t.equal(queued.status, 503, 'the second waited out `timeout queue`')
  t.equal(queued.type, 'application/json; charset=utf-8')
  t.equal(queued.retryAfter, '5')
  t.same(JSON.parse(queued.body), { success: false, message: HTTP_MESSAGES.busy, data: null })
  held.shift()?.end('ok')
  await holding

  const dropped = await get('/drop')
  t.equal(dropped.status, 502, 'no answer, even after the retries')
  t.equal(dropped.type, 'application/json; charset=utf-8')
  t.match(dropped.retryAfter, /^\d+$/)
  t.same(JSON.parse(dropped.body), { success: false, message: HTTP_MESSAGES.proxyBadGateway, data: null })
})

test('HAProxy\'s log never holds an authorization code: the console\'s return /app/?code=… is logged by its path', async (t) => {
  const { lbPort, haproxy } = await stubBehindHaproxy(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('stub')
  }, { log: true })
  let log = ''
  haproxy.stdout?.on('data', (chunk: Buffer) => { log += chunk.toString() })
  const code = 'Xq7-codigo-de-autorizacion-9f2'
  let status = 0
  for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
    status = await fetch(`http://127.0.0.1:${lbPort}/app/?code=${code}&state=estado-51c`).then((response) => response.status, () => 0)
    if (status !== 200) await sleep(100)
  }
  t.equal(status, 200, 'served through HAProxy')
  for (let attempt = 0; attempt < 100 && !log.includes('"GET /app/ HTTP/1.1"'); attempt++) await sleep(50)
  t.match(log, '"GET /app/ HTTP/1.1"', 'the request is logged by its path')
  t.notOk(log.includes(code) || log.includes('estado-51c'), 'without its query string')
})

test('the workers\' public frontend passes the signing page, its API and the public check to the service, and nothing else', async (t) => {
  const appPort = await freePort()
  const app = await buildApp({
    env: {
      NODE_ENV: 'test',
      TEMP_DIR: t.testdir({}),
      DATA_DIR: 'memory://',
      SHED_MAX_EVENT_LOOP_DELAY_MS: 0,
      QUEUE_MAX_WAIT_MS: 0,
      PDF_THREADS: 1,
      PORT: appPort
    }
  })
  t.teardown(() => app.close())
  await app.listen({ port: appPort, host: '127.0.0.1' })
  const entryDate = addDays(todayInLima(), 20)
  const contractId = await issueContract(app, sampleEmployee({ dni: '46200001', email: 'ana@correo.pe', entryDate, endDate: termEnd(entryDate, 6) }))
  // the contract's verification code, as its footer prints it
  const subject = await app.registry.run(async (registry) => await registry.signing.subject(contractId))
  const code = String(subject?.documents[0].code)
  const { lbPort, publicPort } = await haproxyInFront(t, appPort, { env: { CONTRATOS_CHECK_INTER: '100ms' } })
  for (let attempt = 0; (await rawGet(publicPort, '/firmar/x').catch(() => undefined))?.status !== 200; attempt++) {
    if (attempt > 100) throw new Error('HAProxy never routed to the service')
    await sleep(100)
  }
  const haproxyNotFound = { success: false, message: 'Ruta no encontrada', data: null }

  const page = await rawGet(publicPort, '/firmar/x')
  t.match(page.body, '<html lang="es">', '/firmar/{token}: the service\'s signing page')
  t.equal((await rawGet(publicPort, '/firmar/static/firmar.js')).status, 200, 'its script')
  t.equal((await rawGet(publicPort, '/firmar/static/firmar.css')).status, 200, 'its styles')
  const state = await rawGet(publicPort, `/api/signing/${'A'.repeat(43)}`)
  t.equal(state.status, 404)
  t.equal(JSON.parse(state.body).message, SIGNING_PAGE_MESSAGES.notFound, '/api/signing/{token}: the service answers')
  const check = await rawGet(publicPort, `/api/documents/${code}`)
  t.equal(check.status, 200, `/api/documents/${code}: the public check`)
  t.type(check.requestId, 'string', 'what reaches an instance carries its x-request-id')
  t.equal(JSON.parse(check.body).data.document.code, code)

  for (const path of [
    '/api/contracts', '/api/workers/46200001/contracts', `/api/contracts/${contractId}/evidence`, '/api/signing/invitations',
    '/api/signing/invitations?status=signed', '/api/health', '/api/health/ready', '/app/', '/', '/docs', '/metrics', '/firmar',
    '/firmar/../api/workers/46200001/contracts', '/api/documents/../workers/46200001/contracts',
    '/api/signing/%2e%2e/workers/46200001/contracts', '/firmar/x%2F..%2F..%2Fapi%2Fcontracts'
  ]) {
    const refused = await rawGet(publicPort, path)
    t.equal(refused.status, 404, `${path}: 404`)
    t.same(JSON.parse(refused.body), haproxyNotFound, `${path}: HAProxy's own answer`)
    t.equal(refused.requestId, undefined, `${path}: the service never asked (no x-request-id, which only an instance sets)`)
  }
  const invite = await fetch(`http://127.0.0.1:${publicPort}/api/signing/invitations`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contractIds: [contractId] })
  })
  t.equal(invite.status, 404, 'HR\'s invitations are not public')
  const internal = await rawGet(lbPort, '/api/workers/46200001/contracts')
  t.equal(internal.status, 200, 'the internal frontend still serves HR\'s API')
  t.equal(JSON.parse(internal.body).data.contracts[0].id, contractId)
})
