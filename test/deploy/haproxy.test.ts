/**
 * deploy/haproxy.cfg against a stub instance whose readiness answer the test sets: the upload rate
 * limit (429 in the envelope with Retry-After) and the fallback backend draining an instance that
 * began shutting down while its session store is down; /metrics never answered through the public
 * frontend and no X-Served-By naming the instances (docs/security.md); its log line of the console's return
 * from the identity provider holds no authorization code. The service itself behind HAProxy is
 * test/cluster.test.ts.
 */
import { test } from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../../src/paths.js'
import { freePort, program } from '../support/processes.js'

test('HAProxy: uploads past CONTRATOS_UPLOAD_RATE get 429; /metrics is 404; the fallback backend drains an instance that is shutting down', async (t) => {
  let running = 'ok'
  const stub = createServer((request, response) => {
    if (request.url === '/api/health/ready') {
      // the session store is down: 503, which the main backend reads as not ready
      response.writeHead(503, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ success: false, checks: { sessionStore: 'fail', running } }))
      return
    }
    request.resume()
    request.on('end', () => { response.writeHead(200, { 'content-type': 'text/plain' }).end('stub') })
  })
  stub.listen(0, '127.0.0.1')
  await once(stub, 'listening')
  t.teardown(() => { stub.close() })
  const appPort = (stub.address() as { port: number }).port
  const lbPort = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: {
      PATH: process.env.PATH,
      CONTRATOS_BIND: `127.0.0.1:${lbPort}`,
      CONTRATOS_APP1: `127.0.0.1:${appPort}`,
      CONTRATOS_APP2: `127.0.0.1:${await freePort()}`, // down
      CONTRATOS_CHECK_INTER: '100ms',
      CONTRATOS_UPLOAD_RATE: '2'
    },
    stdio: 'ignore'
  })
  t.teardown(() => { haproxy.kill('SIGTERM') })
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

test('HAProxy\'s log never holds an authorization code: the console\'s return /app/?code=… is logged by its path', async (t) => {
  const stub = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/plain' }).end('stub') })
  stub.listen(0, '127.0.0.1')
  await once(stub, 'listening')
  t.teardown(() => { stub.close() })
  const appPort = (stub.address() as { port: number }).port
  const lbPort = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: { PATH: process.env.PATH, CONTRATOS_BIND: `127.0.0.1:${lbPort}`, CONTRATOS_APP1: `127.0.0.1:${appPort}`, CONTRATOS_APP2: `127.0.0.1:${appPort}` },
    stdio: ['ignore', 'pipe', 'ignore']
  })
  t.teardown(() => { haproxy.kill('SIGTERM') })
  let log = ''
  haproxy.stdout.on('data', (chunk: Buffer) => { log += chunk.toString() })
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
