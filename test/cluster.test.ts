/**
 * Several instances behind a real load balancer: a redis-server, two built instances
 * (`node dist/app/server.js`) sharing it, and HAProxy in front running deploy/haproxy.cfg, all on
 * free loopback ports and stopped by PID. Sessions follow the upload across instances, a Redis
 * outage keeps everything that needs no session working and heals by itself, and SIGTERM drains
 * an instance under load with no failed request at the client. Counts, not timings, are asserted;
 * the figures are printed as comments.
 */
import { test } from 'tap'
import { Agent } from 'node:http'
import { PRODUCTION_PROFILE, formPayload, sampleEmployee, samplePartTime, sampleSubsidio } from './support/helper.js'
import { fixture, lawfulEmployeeFixture } from './support/spreadsheets.js'
import { startRedis } from './support/processes.js'
import { ensureBuilt, send, startHaproxy, startInstance, until, type Reply } from './support/cluster.js'

/** Requests of the load during which one instance is stopped, and how many run at once. */
const LOAD_REQUESTS = 300
const LOAD_CONCURRENCY = 8
/** Completed requests after which SIGTERM goes to the first instance. */
const SIGTERM_AFTER = 60

test('two instances behind HAProxy share sessions through Redis, survive a Redis outage and drain on SIGTERM', async (t) => {
  ensureBuilt(t)
  const redis = await startRedis(t)
  const common = {
    NODE_ENV: 'production',
    AUTH_MODE: 'none', // production must state it (docs/security.md); auth behind HAProxy is not what this test checks
    EMPLOYER_PROFILE: PRODUCTION_PROFILE, // production refuses the demo employer
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PDF_THREADS: '1',
    SESSION_STORE: redis.url,
    SHUTDOWN_DRAIN_MS: '2000', // ten health-check intervals
    GRACE_DELAY_MS: '30000',
    // Load shedding answers a deliberate 503 when the event loop lags past 1 s, which a machine
    // shared with other work can cause at any time; it is tested on its own (plugins/load-shedding).
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    QUEUE_MAX_WAIT_MS: '0'
  }
  const instances = await Promise.all([1, 2].map(async (n) => await startInstance(t, { ...common, TEMP_DIR: t.testdir({ [`app${n}`]: {} }) })))
  const { lb, servedBy } = await startHaproxy(t, instances)

  await t.test('both instances in rotation, upload then a preview of every employee through HAProxy', async (t) => {
    // both warm (their pools, and the registry opened at start-up), so HAProxy's main backend has them
    for (const instance of instances) {
      await until('ready', 60, async () => (await send(instance.port, 'GET', '/api/health/ready')).status === 200)
    }
    await servedBy(['app1', 'app2'], 60)
    const upload = await lb('POST', '/api/excel/upload', { form: await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }]) })
    t.equal(upload.status, 200)
    const data = JSON.parse(upload.body.toString()).data as { sessionId: string, employees: { dni: string }[], contractIssues: { dni: string }[] }
    const { sessionId } = data
    // the rows whose contract can be made (two of the fixture have no birth date: §26 keeps them out)
    const employees = data.employees.filter(({ dni }) => !data.contractIssues.some((issue) => issue.dni === dni))
    t.ok(employees.length >= 2, `${employees.length} contracts to preview`)
    const servers = new Set<string>()
    // every employee, again until both instances have answered: an instance that turned ready last
    // is still ramping in (slowstart) and gets a small share of the first requests
    for (let round = 0; round < 20 && (round === 0 || servers.size < 2); round++) {
      for (const { dni } of employees) {
        const preview = await lb('POST', '/api/contracts/preview', { json: { sessionId, dni } })
        if (round === 0 || preview.status !== 200) t.equal(preview.status, 200, `${dni} by ${String(preview.headers['x-served-by'])}`)
        if (round === 0) t.equal(preview.headers['content-type'], 'application/pdf')
        servers.add(String(preview.headers['x-served-by']))
      }
    }
    t.same([...servers].sort(), ['app1', 'app2'], 'previews answered by both instances: the session is shared')
  })

  await t.test('Redis stopped: not ready, uploads 503, health and exports 200; started again: uploads 200 by themselves', async (t) => {
    await redis.stop()
    for (const instance of instances) {
      await until('ready 503', 30, async () => (await send(instance.port, 'GET', '/api/health/ready')).status === 503)
      const ready = JSON.parse((await send(instance.port, 'GET', '/api/health/ready')).body.toString())
      t.equal(ready.checks.sessionStore, 'fail', `instance on ${instance.port}: the session store check fails`)
    }
    await servedBy(['app1-live', 'app2-live'], 60) // no instance ready: HAProxy falls back to the live ones
    const upload = await lb('POST', '/api/excel/upload', { form: await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') }]) })
    t.equal(upload.status, 503, 'upload: the service\'s own 503')
    t.equal(upload.headers['retry-after'], '2')
    t.equal(JSON.parse(upload.body.toString()).message, 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.')
    t.equal((await lb('GET', '/api/health')).status, 200, 'health')
    t.equal((await lb('POST', '/api/excel/download-photocheck', { json: [sampleEmployee()] })).status, 200, 'photocheck export')
    t.equal((await lb('POST', '/api/excel/download-lawlife', { json: [sampleEmployee()] })).status, 200, 'Vida Ley export')
    t.equal((await lb('POST', '/api/contracts/preview', { json: sampleSubsidio() })).status, 200, 'record preview')

    await redis.start()
    const recoveredMs = await until('uploads 200 again', 60, async () =>
      (await lb('POST', '/api/excel/upload', { form: await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') }]) })).status === 200)
    await servedBy(['app1', 'app2'], 60)
    t.comment(`Redis back: uploads answered 200 again after ${recoveredMs} ms`)
  })

  await t.test(`SIGTERM to one instance during ${LOAD_REQUESTS} mixed requests: no failed request, exit 0`, async (t) => {
    const upload = await lb('POST', '/api/excel/upload', { form: await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }]) })
    t.equal(upload.status, 200)
    const { sessionId, employees } = JSON.parse(upload.body.toString()).data as { sessionId: string, employees: { dni: string }[] }
    const csv = fixture('empleados.csv')
    const agent = new Agent({ keepAlive: true, maxSockets: LOAD_CONCURRENCY })
    t.teardown(() => agent.destroy())
    const batch = [sampleEmployee({ dni: '40000001' }), sampleSubsidio({ dni: '40000002' }), samplePartTime({ dni: '40000003' })]
    const kinds: (() => Promise<Reply>)[] = [
      async () => await lb('GET', '/api/health', { agent }),
      async () => await lb('POST', '/api/contracts/preview', { json: sampleEmployee(), agent }),
      async () => await lb('POST', '/api/contracts/preview', { json: { sessionId, dni: employees[0].dni, format: 'base64' }, agent }),
      async () => await lb('POST', '/api/contracts/download-zip', { json: batch, agent }),
      async () => await lb('POST', '/api/excel/download-sctr', { json: [sampleEmployee()], agent }),
      async () => await lb('POST', '/api/excel/upload', { form: await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: csv }]), agent })
    ]
    const [stopping, staying] = instances
    const exitedAt = stopping.exited.then(() => Date.now())
    const failures: string[] = []
    const byServer: Record<string, number> = {}
    let next = 0
    let completed = 0
    let signalledAt = 0
    const worker = async () => {
      while (next < LOAD_REQUESTS) {
        const kind = next++ % kinds.length
        try {
          const reply = await kinds[kind]()
          if (reply.status !== 200) failures.push(`kind ${kind}: ${reply.status} ${reply.body.toString().slice(0, 200)}`)
          byServer[String(reply.headers['x-served-by'])] = (byServer[String(reply.headers['x-served-by'])] ?? 0) + 1
        } catch (error) {
          failures.push(`kind ${kind}: ${(error as Error).message}`)
        }
        if (++completed === SIGTERM_AFTER) {
          signalledAt = Date.now()
          stopping.child.kill('SIGTERM')
        }
      }
    }
    const started = Date.now()
    await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker))
    const loadMs = Date.now() - started
    const code = await stopping.exited
    const drainMs = (await exitedAt) - signalledAt
    t.equal(completed, LOAD_REQUESTS)
    t.same(failures, [], 'no request failed at the client')
    t.equal(code, 0, 'the stopped instance exits 0')
    t.notMatch(stopping.output(), /killed by timeout/)
    t.ok(signalledAt > 0, 'the signal went out during the load')
    t.equal(staying.child.exitCode, null, 'the other instance keeps running')
    t.equal((await lb('GET', '/api/health/ready')).status, 200, 'and the service answers through HAProxy')
    t.comment(`cluster load: ${completed} requests through HAProxy in ${loadMs} ms, ${failures.length} failed; by instance ${JSON.stringify(byServer)}; SIGTERM after ${SIGTERM_AFTER}: instance exited ${code} ${drainMs} ms later (SHUTDOWN_DRAIN_MS 2000 included)`)
  })
})
