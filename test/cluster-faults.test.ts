/**
 * TEMP_DIR faults under a real cluster (docs/reliability.md): two built instances in production mode with the
 * file session store, behind HAProxy running deploy/haproxy.cfg. A TEMP_DIR that fills up or turns
 * read-only takes its instance out of rotation at the next check, its uploads answer 503 with
 * Retry-After, and it comes back with no restart; a TEMP_DIR without room for SESSION_MAX sessions
 * stops start-up. Statuses are asserted, never timings. Redis faults and deadlines:
 * test/cluster-redis-faults.test.ts; the healthy cluster, a Redis outage and SIGTERM: test/cluster.test.ts.
 */
import { test, type Test } from 'tap'
import { chmodSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { formPayload, sampleEmployee } from './support/helper.js'
import { lawfulEmployeeFixture } from './support/spreadsheets.js'
import { tinyFilesystem } from './support/processes.js'
import { CLUSTER_ENV, ensureBuilt, send, spawnInstance, startHaproxy, startInstance, until, type Reply } from './support/cluster.js'

const UNAVAILABLE = 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.'
/** Sessions of five employees at most, three of them: 15 KiB of room needed on the tiny filesystems. */
const SMALL = { SESSION_MAX: '3', MAX_EMPLOYEES: '5', BATCH_MAX: '5', ADDENDUM_BATCH_MAX: '5' }

async function uploadForm () {
  return { form: await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }]) }
}

const json = (reply: Reply) => JSON.parse(reply.body.toString()) as { message: string, checks?: Record<string, string> }

/** A TEMP_DIR that can be broken and healed under a running instance. */
interface BreakableDir { dir: string, how: string, fault: string, breakIt: () => void | Promise<void>, heal: () => void | Promise<void> }

/**
 * A TEMP_DIR on its own tmpfs that fills up (`full`) or is remounted read-only, where the machine
 * allows mounting (root with CAP_SYS_ADMIN, as CI); else a folder made read-only with chmod, which
 * only holds for a user other than root (root writes through mode bits); else undefined.
 */
function breakableDir (t: Test, kind: 'full' | 'read-only'): BreakableDir | undefined {
  const fs = tinyFilesystem(t, 256 * 1024)
  if (fs !== undefined && kind === 'full') {
    let filler: string | undefined
    return {
      dir: fs.dir,
      how: 'a 256 KiB tmpfs filled by a file',
      fault: 'ENOSPC',
      breakIt: () => { filler = fs.fill() },
      heal: () => { if (filler !== undefined) rmSync(filler) }
    }
  }
  if (fs !== undefined) {
    return { dir: fs.dir, how: 'a tmpfs remounted read-only', fault: 'EROFS', breakIt: async () => { await fs.readOnly(true) }, heal: async () => { await fs.readOnly(false) } }
  }
  if (process.getuid?.() === 0) return undefined
  const dir = t.testdir({ sessions: {} })
  const mode = (bits: number) => { for (const path of [dir, join(dir, 'sessions')]) chmodSync(path, bits) }
  return { dir, how: 'a folder made read-only with chmod', fault: 'EACCES', breakIt: () => { mode(0o500) }, heal: () => { mode(0o700) } }
}

test('TEMP_DIR full or read-only under a cluster: out of rotation at the next check, uploads 503, healed without restart', async (t) => {
  ensureBuilt(t)
  const dirs = [breakableDir(t, 'full'), breakableDir(t, 'read-only')]
  if (dirs[0] === undefined || dirs[1] === undefined) {
    t.plan(0, 'skip: running as root on a machine that refuses `mount -t tmpfs` (and root ignores a chmod)')
    return
  }
  const [first, second] = dirs as BreakableDir[]
  t.comment(`app1: ${first.how}; app2: ${second.how}`)
  const refused = spawnInstance(t, { ...CLUSTER_ENV, TEMP_DIR: first.dir }) // SESSION_MAX 1 000 by default
  const instances = await Promise.all([first, second].map(async ({ dir }) =>
    await startInstance(t, { ...CLUSTER_ENV, ...SMALL, SESSION_STORE: 'file', TEMP_DIR: dir })))
  const [app1, app2] = instances
  const { lb, servedBy, onlyServedBy } = await startHaproxy(t, instances)

  await t.test('a TEMP_DIR without room for SESSION_MAX sessions stops start-up, naming the variables', async (t) => {
    const instance = await refused
    t.not(await instance.exited, 0, 'exits with an error')
    t.match(instance.output(), /TEMP_DIR=\S+ tiene [\d.]+ MiB libres y SESSION_MAX=1000 sesiones/)
  })

  await t.test(`app1's TEMP_DIR broken (${first.fault}): ready 503 at once, uploads 503, HAProxy routes to app2`, async (t) => {
    await servedBy(['app1', 'app2'], 60)
    await first.breakIt()
    const ready = await send(app1.port, 'GET', '/api/health/ready')
    t.equal(ready.status, 503, 'the first readiness check after the fault fails: its probe writes')
    t.equal(json(ready).checks?.sessionStore, 'fail')
    const upload = await send(app1.port, 'POST', '/api/excel/upload', await uploadForm())
    t.equal(upload.status, 503, 'an upload: 503, never 500')
    t.equal(upload.headers['retry-after'], '2')
    t.equal(json(upload).message, UNAVAILABLE)
    await onlyServedBy(['app2'], 60)
    const routed = await lb('POST', '/api/excel/upload', await uploadForm())
    t.equal(routed.status, 200, 'uploads through HAProxy still succeed')
    t.equal(routed.headers['x-served-by'], 'app2')
    t.match(app1.output(), new RegExp(`"reason":"${first.fault}".*session store fault`), 'the fault is logged with its cause')
  })

  await t.test(`app2's TEMP_DIR broken too (${second.fault}): no instance ready, HAProxy's live backend answers the service's 503`, async (t) => {
    await second.breakIt()
    t.equal((await send(app2.port, 'GET', '/api/health/ready')).status, 503)
    const direct = await send(app2.port, 'POST', '/api/excel/upload', await uploadForm())
    t.equal(direct.status, 503)
    t.equal(direct.headers['retry-after'], '2')
    await servedBy(['app1-live', 'app2-live'], 60)
    const upload = await lb('POST', '/api/excel/upload', await uploadForm())
    t.equal(upload.status, 503, 'an upload through HAProxy: 503')
    t.equal(upload.headers['retry-after'], '2')
    t.equal(json(upload).message, UNAVAILABLE)
    t.equal((await lb('POST', '/api/excel/download-photocheck', { json: [sampleEmployee()] })).status, 200, 'what needs no session still works')
  })

  await t.test('both TEMP_DIRs healed: ready 200, both back in rotation, uploads 200, same processes', async (t) => {
    await first.heal()
    await second.heal()
    for (const instance of instances) t.equal((await send(instance.port, 'GET', '/api/health/ready')).status, 200)
    await servedBy(['app1', 'app2'], 60)
    await until('uploads through HAProxy answer 200', 60, async () => (await lb('POST', '/api/excel/upload', await uploadForm())).status === 200)
    for (const instance of instances) {
      t.equal((await send(instance.port, 'POST', '/api/excel/upload', await uploadForm())).status, 200, `instance on ${instance.port}`)
      t.equal(instance.child.exitCode, null, 'never restarted')
    }
  })
})
