/**
 * Redis faults and deadlines under a real cluster (docs/reliability.md): a redis-server and two built
 * instances in production mode behind HAProxy running deploy/haproxy.cfg. A frozen redis-server
 * (SIGSTOP) costs one timeout, then 503s that never reach it, and heals after SIGCONT; a ZIP
 * expected to wait past QUEUE_MAX_WAIT_MS (1 ms here) behind ZIPs under way is refused with 503 and
 * Retry-After. Statuses and counters are asserted, never timings. TEMP_DIR faults:
 * test/cluster-faults.test.ts.
 */
import { test } from 'tap'
import { request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { formPayload, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from './support/helper.js'
import { lawfulEmployeeFixture } from './support/spreadsheets.js'
import { startRedis } from './support/processes.js'
import { CLUSTER_ENV, ensureBuilt, send, startHaproxy, startInstance, until, type Reply } from './support/cluster.js'

const UNAVAILABLE = 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.'
const BUSY = 'El servicio está ocupado. Intenta nuevamente en unos segundos.'

async function uploadForm () {
  return { form: await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }]) }
}

const json = (reply: Reply) => JSON.parse(reply.body.toString()) as { message: string }

/** `contratos_session_store_errors_total{reason}` of one instance. */
async function storeErrors (port: number, reason: string): Promise<number> {
  const text = (await send(port, 'GET', '/metrics')).body.toString()
  return Number(new RegExp(`^contratos_session_store_errors_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
}

test('a frozen Redis under a cluster opens the breakers, later 503s never reach it; SIGCONT heals. A queue past its deadline: 503', async (t) => {
  ensureBuilt(t)
  const redis = await startRedis(t)
  const instances = await Promise.all([1, 2].map(async () => await startInstance(t, {
    ...CLUSTER_ENV,
    TEMP_DIR: t.testdir({}),
    SESSION_STORE: redis.url,
    SESSION_STORE_TIMEOUT_MS: '500',
    // 1 ms: any task waiting for the one PDF thread is past the deadline once a task has been timed;
    // the estimate itself is test/src/queue-deadline.test.ts
    QUEUE_MAX_WAIT_MS: '1'
  })))
  const [app1] = instances
  const { lb, servedBy } = await startHaproxy(t, instances)

  await t.test('SIGSTOP: one timeout opens the breaker, the next uploads 503 without waiting on Redis; SIGCONT: 200 again', async (t) => {
    await servedBy(['app1', 'app2'], 60)
    t.equal((await lb('POST', '/api/excel/upload', await uploadForm())).status, 200)
    redis.signal('SIGSTOP')
    t.teardown(() => { redis.signal('SIGCONT') })
    await until('app1 answers 503 to uploads', 30, async () => (await send(app1.port, 'POST', '/api/excel/upload', await uploadForm())).status === 503)
    // a command sent before the breaker opened (HAProxy's readiness checks probe the store too) may
    // still time out up to SESSION_STORE_TIMEOUT_MS later: count from when none can be left
    await sleep(1500)
    const timeouts = await storeErrors(app1.port, 'timeout')
    t.ok(timeouts >= 1, 'a command timed out')
    const open = await storeErrors(app1.port, 'circuit_open')
    for (let i = 0; i < 3; i++) {
      const upload = await send(app1.port, 'POST', '/api/excel/upload', await uploadForm())
      t.equal(upload.status, 503)
      t.equal(upload.headers['retry-after'], '2')
      t.equal(json(upload).message, UNAVAILABLE)
    }
    t.ok(await storeErrors(app1.port, 'circuit_open') >= open + 3, 'refused by the open breaker')
    t.equal(await storeErrors(app1.port, 'timeout'), timeouts, 'no further command waited out the timeout')
    t.equal((await send(app1.port, 'GET', '/api/health/ready')).status, 503, 'not ready')
    t.match(app1.output(), /session store breaker open/, 'the opening is logged')
    await servedBy(['app1-live', 'app2-live'], 60)
    t.equal((await lb('GET', '/api/health')).status, 200)

    redis.signal('SIGCONT')
    await until('uploads through HAProxy answer 200', 60, async () => (await lb('POST', '/api/excel/upload', await uploadForm())).status === 200)
    await servedBy(['app1', 'app2'], 60)
    t.equal((await send(app1.port, 'POST', '/api/excel/upload', await uploadForm())).status, 200, 'app1 healed by itself')
  })

  await t.test('a ZIP expected to wait past QUEUE_MAX_WAIT_MS: 503 with Retry-After before any work; the running ones whole', async (t) => {
    for (const instance of instances) { // a timed task on each: the estimate starts from the median
      t.equal((await send(instance.port, 'POST', '/api/contracts/preview', { json: sampleEmployee() })).status, 200)
    }
    const batch = (count: number) => Array.from({ length: count }, (_, i) =>
      [sampleEmployee, sampleSubsidio, samplePartTime][i % 3]({ dni: String(41000000 + i) }))
    // a 48-employee ZIP under way on each instance: its headers are out, its tasks wait for the one thread
    const running = await Promise.all(instances.map(async (instance) => await streaming(instance.port, '/api/contracts/download-zip', batch(48))))
    const refused = await lb('POST', '/api/contracts/download-zip', { json: batch(3) })
    t.equal(refused.status, 503, 'the next ZIP through HAProxy is refused, whichever instance it reaches')
    t.ok(Number(refused.headers['retry-after']) >= 2, 'with Retry-After')
    t.equal(json(refused).message, BUSY)
    for (const zip of running) {
      t.equal(zip.status, 200)
      t.equal((await zipEntries(await zip.body)).length, 144, 'the ZIPs under way hold every document')
    }
    await until('a ZIP alone answers 200 again', 60, async () => (await lb('POST', '/api/contracts/download-zip', { json: batch(3) })).status === 200)
  })
})

/** A JSON POST whose status resolves with the response headers, its body read on in the background. */
async function streaming (port: number, path: string, body: unknown): Promise<{ status: number, body: Promise<Buffer> }> {
  const payload = Buffer.from(JSON.stringify(body))
  return await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { 'content-type': 'application/json', 'content-length': payload.length } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      resolve({ status: res.statusCode ?? 0, body: new Promise((resolve, reject) => { res.on('end', () => resolve(Buffer.concat(chunks))); res.on('error', reject) }) })
    })
    req.on('error', reject)
    req.end(payload)
  })
}
