/**
 * deploy/haproxy.cfg against a stub instance whose readiness answer the test sets: the upload rate
 * limit (429 in the envelope with Retry-After) and the fallback backend, while the session store is
 * down, taking an instance only once its pools are warm and draining it once it began shutting down;
 * /metrics never answered through the public frontend and no X-Served-By naming the instances
 * (docs/security.md); HAProxy's own 503, 502 and 504 in the envelope (deploy/errors/); its log line of
 * the console's return from the identity provider holds no authorization code. The service itself
 * behind HAProxy is test/cluster.test.ts.
 */
import { test, type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer, type RequestListener, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../../src/paths.js'
import { freePort, program } from '../support/processes.js'
import { HTTP_MESSAGES } from '../../schemas/messages.js'

/**
 * `handler` as a stub instance on a free loopback port (closed at teardown, after `onClose`) and
 * HAProxy with deploy/haproxy.cfg in front of it (stopped at teardown). `env` adds to or replaces
 * the config's variables; CONTRATOS_APP2 is a port where nothing listens unless `env` names one.
 * HAProxy's stdout is piped only with `log` (it logs there), else ignored.
 */
async function stubBehindHaproxy (
  t: Test, handler: RequestListener, options: { env?: Record<string, string>, log?: boolean, onClose?: () => void } = {}
): Promise<{ lbPort: number, haproxy: ChildProcess }> {
  const stub = createServer(handler)
  stub.listen(0, '127.0.0.1')
  await once(stub, 'listening')
  t.teardown(() => { options.onClose?.(); stub.close() })
  const appPort = (stub.address() as { port: number }).port
  const lbPort = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: {
      PATH: process.env.PATH,
      CONTRATOS_BIND: `127.0.0.1:${lbPort}`,
      CONTRATOS_APP1: `127.0.0.1:${appPort}`,
      CONTRATOS_APP2: `127.0.0.1:${await freePort()}`, // down
      ...options.env
    },
    stdio: ['ignore', options.log === true ? 'pipe' : 'ignore', 'ignore']
  })
  t.teardown(() => { haproxy.kill('SIGTERM') })
  return { lbPort, haproxy }
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
