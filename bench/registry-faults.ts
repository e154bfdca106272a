/**
 * `npm run bench:registry-faults`: the registry's fault table (docs/reliability.md "The registry's
 * database"). Two built production instances on one PostgreSQL (Debian's, started here; its data on a
 * 256 MiB tmpfs when we may mount one, for the full-disk case) behind HAProxy running
 * deploy/haproxy.cfg, under a steady load: LOAD_CLIENTS clients each sending ZIPs of one worker (a new
 * DNI every request) and one client sending previews. Each scenario injects one fault for a few
 * seconds under that load, then lifts it, and prints one row: answers by status (ZIPs, then previews),
 * the slowest answer, 500s, instance exits, records lost (a ZIP answered 200 whose worker has no
 * recorded contract) or doubled (a worker with more than one), and how long issuing took to heal.
 * BENCH_FAULTS picks scenarios by name (comma-separated). REGISTRY_QUERY_TIMEOUT_MS is the default
 * (5000 ms): the frozen-server row shows every answer within it + 1 s.
 */
import type { Test } from 'tap'
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { CLUSTER_ENV, ensureBuilt, startHaproxy, startInstance, type Balancer, type Instance, type Reply } from '../test/support/cluster.js'
import { startPostgres, type PostgresServer } from '../test/support/postgres.js'
import { sampleEmployee } from '../test/support/samples.js'
import { HTTP_MESSAGES, REGISTRY_MESSAGES } from '../schemas/messages.js'

const ONLY = process.env.BENCH_FAULTS?.split(',')
/** Clients sending ZIPs at once, each one request at a time. */
const LOAD_CLIENTS = 4
/** The deadline the instances run with, ms (the service's default). */
const DEADLINE_MS = 5000
const IS_ROOT = process.getuid?.() === 0
/** A 503's reason, by its envelope's message. */
const REASONS = new Map<string, string>([[REGISTRY_MESSAGES.unavailable, 'registry'], [HTTP_MESSAGES.busy, 'busy']])

/** What tap's `t` gives the support helpers: teardowns, run here in reverse order at the end. */
const teardowns: Array<() => unknown> = []
const harness = { teardown: (fn: () => unknown) => { teardowns.push(fn) }, comment: (...args: unknown[]) => { console.log('#', ...args) }, testdir: () => mkdtempSync(join(tmpdir(), 'contratos-rf-')) } as unknown as Test

let nextDni = 60_000_000 + Math.floor(Math.random() * 1_000_000) * 10
/** DNIs of ZIPs answered 200, and of those answered otherwise, for the records check. */
const answered = { ok: new Set<string>(), refused: new Set<string>() }

interface Tally { zips: Map<string, number>, previews: Map<string, number>, slowestMs: number, retryAfterMissing: number }

/** Runs the load until `stop` resolves; tallies every answer. */
async function load (lb: Balancer, stop: Promise<void>): Promise<Tally> {
  const tally: Tally = { zips: new Map(), previews: new Map(), slowestMs: 0, retryAfterMissing: 0 }
  const state = { running: true }
  stop.then(() => { state.running = false }, () => {})
  // an answer by its status, a 503 by its reason too
  const count = (map: Map<string, number>, reply: Reply | undefined) => {
    const reason = reply?.status === 503 ? REASONS.get((JSON.parse(reply.body.toString()) as { message?: string }).message ?? '') ?? 'other' : undefined
    const label = reply === undefined ? 'cut' : `${reply.status}${reason === undefined ? '' : ` ${reason}`}`
    map.set(label, (map.get(label) ?? 0) + 1)
  }
  const zipClient = async () => {
    while (state.running) {
      const dni = String(nextDni++)
      const started = performance.now()
      const reply = await lb.lb('POST', '/api/contracts/download-zip', { json: [sampleEmployee({ dni })] }).catch(() => undefined)
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started)
      const status = reply?.status ?? 0
      count(tally.zips, reply)
      if (status === 503 && reply?.headers['retry-after'] === undefined) tally.retryAfterMissing++
      ;(status === 200 ? answered.ok : answered.refused).add(dni)
      if (status !== 200) await sleep(100) // a client that was told to retry does not hammer
    }
  }
  const previewClient = async () => {
    while (state.running) {
      const reply = await lb.lb('POST', '/api/contracts/preview', { json: sampleEmployee({ dni: '69999999' }) }).catch(() => undefined)
      count(tally.previews, reply)
      await sleep(50)
    }
  }
  await Promise.all([...Array.from({ length: LOAD_CLIENTS }, zipClient), previewClient()])
  return tally
}

const show = (map: Map<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b)).map(([label, n]) => `${n}×${label}`).join(', ')

/** ms until a ZIP through HAProxy answers 200 again (at most 60 s). */
async function healing (lb: Balancer): Promise<string> {
  const started = Date.now()
  while (Date.now() - started < 60_000) {
    const dni = String(nextDni++)
    const reply = await lb.lb('POST', '/api/contracts/download-zip', { json: [sampleEmployee({ dni })] }).catch(() => undefined)
    ;(reply?.status === 200 ? answered.ok : answered.refused).add(dni)
    if (reply?.status === 200) return `${Date.now() - started} ms`
    await sleep(200)
  }
  return 'not within 60 s'
}

/** The backends serving the `contratos` database (not the postmaster's own processes). */
async function backendPids (admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = 'contratos' and pid <> pg_backend_pid()")
  return rows.map((row) => row.pid)
}

interface Setting { postgres: PostgresServer, instances: Instance[], lb: Balancer, disk?: string }

/** Each scenario: `fault` starts it under load and resolves when it is lifted. */
const scenarios: Record<string, (setting: Setting) => Promise<void>> = {
  'no fault (10 s)': async () => { await sleep(10_000) },
  'every backend terminated (pg_terminate_backend), 5 times 1 s apart': async ({ postgres }) => {
    for (let i = 0; i < 5; i++) {
      const admin = new pg.Client({ connectionString: postgres.url.replace(/\/contratos$/, '/postgres') })
      await admin.connect()
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'contratos'")
      await admin.end()
      await sleep(1000)
    }
  },
  'one backend SIGKILLed (the OOM killer: PostgreSQL restarts every backend)': async ({ postgres }) => {
    await sleep(1000)
    const admin = new pg.Client({ connectionString: postgres.url.replace(/\/contratos$/, '/postgres') })
    await admin.connect()
    const [pid] = await backendPids(admin)
    await admin.end()
    if (pid !== undefined) process.kill(pid, 'SIGKILL')
    await sleep(4000)
  },
  'PostgreSQL frozen 30 s (SIGSTOP)': async ({ postgres }) => {
    const pids = postgres.pids()
    for (const pid of pids) process.kill(pid, 'SIGSTOP')
    await sleep(30_000)
    for (const pid of pids) process.kill(pid, 'SIGCONT')
  },
  'PostgreSQL stopped 5 s': async ({ postgres }) => {
    await postgres.stop()
    await sleep(5000)
    await postgres.start()
  },
  'PostgreSQL\'s disk full 8 s': async ({ disk }) => {
    if (disk === undefined) throw new Error('skipped: needs root to mount a tmpfs')
    const filler = join(disk, 'filler')
    const fd = openSync(filler, 'w')
    try {
      for (;;) writeSync(fd, Buffer.alloc(64 * 1024))
    } catch {} finally { closeSync(fd) }
    await sleep(8000)
    rmSync(filler)
  }
}

ensureBuilt(harness)
let disk: string | undefined
if (IS_ROOT) {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-pgdisk-'))
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256m,mode=0700', 'tmpfs', dir]).status === 0) {
    disk = dir
    teardowns.push(() => { spawnSync('umount', ['-l', dir]); rmSync(dir, { recursive: true, force: true }) })
  }
}
try {
  const postgres = await startPostgres(harness, { dir: disk })
  const env = { ...CLUSTER_ENV, DATABASE_URL: postgres.url, REGISTRY_QUERY_TIMEOUT_MS: String(DEADLINE_MS) }
  const instances = await Promise.all([1, 2].map(async () => await startInstance(harness, env)))
  const lb = await startHaproxy(harness, instances)
  await lb.servedBy(['app1', 'app2'], 60)
  const exits = instances.map(() => 0)
  instances.forEach((instance, i) => { instance.exited.then(() => { exits[i]++ }, () => {}) })
  console.log(`registry faults: 2 instances, PostgreSQL on ${disk === undefined ? 'a folder' : 'a 256 MiB tmpfs'}, ${LOAD_CLIENTS} ZIP clients + 1 preview client, deadline ${DEADLINE_MS} ms`)
  console.log('scenario | ZIPs | previews | slowest | 503 without Retry-After | exits | healed in')
  for (const [name, fault] of Object.entries(scenarios)) {
    if (ONLY !== undefined && !ONLY.some((part) => name.includes(part))) continue
    let lift: () => void = () => {}
    const stop = new Promise<void>((resolve) => { lift = resolve })
    const running = load(lb, stop)
    await sleep(2000)
    const outcome = await fault({ postgres, instances, lb, disk }).then(() => undefined, (error: Error) => error.message)
    await sleep(2000)
    lift()
    const tally = await running
    const healed = await healing(lb)
    console.log(outcome !== undefined
      ? `${name} | ${outcome}`
      : `${name} | ${show(tally.zips)} | ${show(tally.previews)} | ${Math.round(tally.slowestMs)} ms | ${tally.retryAfterMissing} | ${exits.reduce((a, b) => a + b)} | ${healed}`)
  }
  // the records: every ZIP answered 200 recorded once; a refused one recorded at most once
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  const { rows } = await client.query<{ worker_dni: string, n: string }>('select worker_dni, count(*) as n from contracts group by worker_dni')
  await client.end()
  const recorded = new Map(rows.map((row) => [row.worker_dni, Number(row.n)]))
  const lost = [...answered.ok].filter((dni) => !recorded.has(dni)).length
  const doubled = [...recorded.values()].filter((n) => n > 1).length
  const refusedButRecorded = [...answered.refused].filter((dni) => recorded.has(dni)).length
  console.log(`records: ${answered.ok.size} ZIPs answered 200, ${lost} lost, ${doubled} workers doubled; ${answered.refused.size} refused or cut, ${refusedButRecorded} of them recorded`)
  console.log(`instance exits: ${exits.join(', ')}; 500s in the instances' logs: ${instances.map((instance) => (instance.output().match(/"statusCode":500/g) ?? []).length).join(', ')}`)
} finally {
  for (const teardown of teardowns.reverse()) await teardown()
}
