import { test } from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp, SERVER_TIMEOUTS } from '../../app/app.js'

function blockEventLoop (ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) { /* a starved event loop, as a runaway handler would cause */ }
}

test('a lagging event loop sheds requests with 503 and Retry-After, but not health', async (t) => {
  const app = await buildApp({
    env: { TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: '50' },
    extend: async (instance) => { instance.get('/test/ping', async () => ({ pong: true })) }
  })
  t.teardown(() => app.close())
  let calm = 0
  for (let attempt = 0; attempt < 50 && calm !== 200; attempt++) {
    calm = (await app.inject({ method: 'GET', url: '/test/ping' })).statusCode
    if (calm !== 200) await sleep(100) // start-up (worker pools) may lag the loop on a busy machine
  }
  t.equal(calm, 200, 'answers once the loop is calm')

  let shed
  for (let attempt = 0; attempt < 10 && shed === undefined; attempt++) {
    blockEventLoop(400)
    await sleep(20) // the overdue sample has just recorded the lag
    const res = await app.inject({ method: 'GET', url: '/test/ping' })
    if (res.statusCode === 503) shed = res
  }
  t.ok(shed, 'a request was shed')
  t.equal(shed?.headers['retry-after'], '2')
  t.same(shed?.json(), { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.', data: null })
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200, 'health is never shed')
})

test('start-up is not lag: a start that held the loop longer than the threshold sheds none of the first requests', async (t) => {
  const app = await buildApp({
    env: { TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: '50' },
    extend: async (instance) => {
      blockEventLoop(400) // templates compiled, schemas built, modules loaded: a slow start on a busy machine
      instance.get('/test/ping', async () => ({ pong: true }))
    }
  })
  t.teardown(() => app.close())
  const first = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/test/ping' })))
  t.same(first.map((res) => res.statusCode), [200, 200, 200, 200, 200], 'the first requests after start are served')
})

test('server timeouts are set deliberately on the HTTP server', async (t) => {
  const app = await buildApp({ env: { TEMP_DIR: t.testdir({}) } })
  t.teardown(() => app.close())
  t.equal(app.server.headersTimeout, SERVER_TIMEOUTS.headersTimeoutMs)
  t.equal(app.server.requestTimeout, SERVER_TIMEOUTS.requestTimeoutMs)
  t.equal(app.server.keepAliveTimeout, SERVER_TIMEOUTS.keepAliveTimeoutMs)
  t.equal(app.server.timeout, SERVER_TIMEOUTS.connectionTimeoutMs)
})
