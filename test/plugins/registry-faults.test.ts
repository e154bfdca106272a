/**
 * The registry's database failing under a running app (plugins/registry.ts, docs/registry.md
 * "Faults"): PostgreSQL backends terminated and SIGKILLed while requests wait on them, a PostgreSQL
 * frozen by SIGSTOP past REGISTRY_QUERY_TIMEOUT_MS, PGlite's folder removed or replaced. Never a
 * crash (an `error` nobody listens to would end this test process) nor a 500: 503 with Retry-After,
 * readiness failing, and the registry back by itself.
 */
import { test, type Test } from 'tap'
import { closeSync, mkdtempSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app/app.js'
import { sampleEmployee } from '../support/helper.js'
import { startPostgres, type PostgresServer } from '../support/postgres.js'

interface LogLine { level: number, msg: string, folder?: string, repeated?: number }

/**
 * An app on test defaults whose log lines are collected, listening on a loopback port (a ZIP cut
 * before its central directory is a reset socket, read as a client reads it), closed at teardown.
 */
async function logged (t: Test, env: Record<string, string | number>): Promise<{ app: FastifyInstance, lines: LogLine[] }> {
  const lines: LogLine[] = []
  const stream = { write: (line: string) => { lines.push(JSON.parse(line) as LogLine) } }
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, ...env },
    logger: { stream, level: 'info' }
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, lines }
}

/** Longest a ZIP of one worker may take here (ms): past every registry deadline these tests set but the first test's. */
const ZIP_MS = 100_000

/**
 * A one-worker ZIP over HTTP: its status, or `cut` when the connection ended before the ZIP's end
 * (the record failed after the first byte: docs/registry.md), with the time it took. A ZIP that
 * has not ended within ZIP_MS fails the test that asked for it, and nothing else.
 */
async function zip (app: FastifyInstance, dni: string): Promise<{ status: number | 'cut', retryAfter?: string | string[], ms: number }> {
  const { port } = app.server.address() as AddressInfo
  const started = Date.now()
  const body = JSON.stringify([sampleEmployee({ dni })])
  return await new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/contracts/download-zip',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: ZIP_MS
    }, (response) => {
      const status = response.statusCode ?? 0
      const retryAfter = response.headers['retry-after']
      response.on('data', () => {})
      response.on('end', () => { resolve({ status: response.complete ? status : 'cut', retryAfter, ms: Date.now() - started }) })
      response.on('error', () => { resolve({ status: 'cut', ms: Date.now() - started }) })
      response.on('close', () => { if (!response.complete) resolve({ status: 'cut', ms: Date.now() - started }) })
    })
    request.on('timeout', () => { request.destroy(new Error(`ZIP of ${dni}: no end within ${ZIP_MS} ms`)) })
    request.on('error', (error) => {
      if (/no end within/.test(error.message)) reject(error)
      else resolve({ status: 'cut', ms: Date.now() - started })
    })
    request.end(body)
  })
}

async function contractsOf (app: FastifyInstance, dni: string) {
  const reply = await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })
  const contracts = reply.statusCode === 200 ? reply.json().data.contracts as unknown[] : []
  return { status: reply.statusCode, retryAfter: reply.headers['retry-after'], contracts }
}

async function until (what: string, seconds: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`)
    await sleep(100)
  }
  return Date.now() - started
}

/** A superuser connection to the test server, for the faults; its own errors (a restart) are expected. */
async function admin (t: Test, postgres: PostgresServer): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: postgres.url })
  client.on('error', () => {})
  await client.connect()
  t.teardown(async () => { await client.end().catch(() => {}) })
  return client
}

/** PIDs of the backends serving the app (every client of the `contratos` database but `except`). */
async function appBackends (client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = $2', ['contratos', 'client backend'])
  return rows.map((row) => row.pid)
}

/** Requests that keep the registry busy (the list of a worker's contracts) until stopped; their statuses. */
function background (app: FastifyInstance, dni: string): { stop: () => Promise<number[]> } {
  const statuses: number[] = []
  const state = { running: true }
  const loop = (async () => {
    while (state.running) {
      statuses.push((await contractsOf(app, dni)).status)
      await sleep(20)
    }
  })()
  return { stop: async () => { state.running = false; await loop; return statuses } }
}

// each test bounded below the file's 300 s: one that hangs fails alone, and the file's coverage is kept
const BOUND = { timeout: 120_000 }

test('PostgreSQL backends terminated and SIGKILLed while requests wait on them: 503 + Retry-After, no 500, no crash, healed by itself', BOUND, async (t) => {
  const postgres = await startPostgres(t)
  // a deadline longer than the test's waits: the 503s here must be the dead backends', not the deadline's
  const { app, lines } = await logged(t, { DATABASE_URL: postgres.url, REGISTRY_QUERY_TIMEOUT_MS: 120_000 })
  const dni = '42000001'
  t.equal((await zip(app, dni)).status, 200, 'the registry answers')
  const holder = await admin(t, postgres)

  for (const fault of ['pg_terminate_backend', 'SIGKILL'] as const) {
    await t.test(fault, async (t) => {
      const linesBefore = lines.length
      const busy = background(app, dni)
      // the worker's row locked by another session: the ZIP's transaction waits on it, its client checked out
      await holder.query('begin')
      await holder.query('select * from workers where dni = $1 for update', [dni])
      const waiting = zip(app, dni)
      await until('the ZIP waits on the lock', 90, async () => (await holder.query(
        'select 1 from pg_stat_activity where datname = $1 and wait_event_type = $2', ['contratos', 'Lock'])).rowCount === 1)
        .catch(async (error: Error) => {
          const outcome = await Promise.race([waiting, sleep(10).then(() => 'still waiting')])
          throw new Error(`${error.message}; the ZIP: ${JSON.stringify(outcome)}; last log lines: ${JSON.stringify(lines.slice(-3))}`)
        })
      const backends = await appBackends(holder)
      t.ok(backends.length >= 1, `${backends.length} backends of the app`)
      if (fault === 'pg_terminate_backend') {
        for (const pid of backends) await holder.query('select pg_terminate_backend($1)', [pid])
      } else {
        // the postmaster then restarts every backend, ours too: one it already ended is gone (ESRCH)
        for (const pid of backends) { try { process.kill(pid, 'SIGKILL') } catch (error) { if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error } }
      }
      // its headers went out before the record (docs/registry.md): the ZIP is cut before its central directory
      const answer = await waiting
      t.equal(answer.status, 'cut', 'the ZIP whose backend died while it recorded is cut, never whole')
      await holder.query('rollback').catch(() => {})
      const healedMs = await until('issuing 200 again', 60, async () => (await zip(app, dni)).status === 200)
      t.comment(`${fault}: issuing 200 again ${healedMs} ms later`)
      const statuses = await busy.stop()
      t.notOk(statuses.some((status) => status !== 200 && status !== 503), `requests meanwhile: ${statuses.filter((s) => s === 200).length} × 200, ` +
        `${statuses.filter((s) => s === 503).length} × 503, none else`)
      t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200, 'ready again')
      const errors = lines.slice(linesBefore).filter((line) => line.level >= 50)
      t.ok(errors.length <= 1, `one error line for the fault, however many connections and requests it failed: ${errors.map((line) => line.msg).join(' | ')}`)
      // a dead pooled connection fails no request by itself: a warning, paced on its own (the SIGKILL's within the minute is counted)
      if (fault === 'pg_terminate_backend') {
        t.ok(lines.slice(linesBefore).some((line) => line.level === 40 && line.msg.startsWith('contract registry connection failed')), 'the dropped connection warned')
      }
    })
  }
  // the SIGKILL restarted the server: the holder's connection died with it
  t.notOk(lines.some((line) => line.level >= 50 && /uncaught|unhandled/i.test(line.msg)), 'no uncaught error logged')
})

test('PostgreSQL frozen (SIGSTOP) past the deadline: registry requests 503 within the deadline + 1 s, previews 200; SIGCONT heals', BOUND, async (t) => {
  const postgres = await startPostgres(t)
  const deadlineMs = 2000
  const { app } = await logged(t, { DATABASE_URL: postgres.url, REGISTRY_QUERY_TIMEOUT_MS: deadlineMs })
  t.equal((await zip(app, '42000100')).status, 200)
  const frozen = postgres.pids()
  const thaw = () => { for (const pid of frozen) { try { process.kill(pid, 'SIGCONT') } catch {} } }
  t.teardown(thaw)
  for (const pid of frozen) process.kill(pid, 'SIGSTOP')
  const dnis = ['42000101', '42000102', '42000103', '42000104']
  // twice: once on the pool's open connections, once on new ones the frozen postmaster never answers
  for (const round of [1, 2]) {
    const started = Date.now()
    const [zips, lists, preview, ready] = await Promise.all([
      Promise.all(dnis.map(async (dni) => await zip(app, dni))),
      Promise.all(dnis.map(async (dni) => {
        const begun = Date.now()
        return { ...await contractsOf(app, dni), ms: Date.now() - begun }
      })),
      app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() }),
      app.inject({ method: 'GET', url: '/api/health/ready' })
    ])
    for (const answer of [...zips, ...lists]) {
      t.equal(answer.status, 503, `round ${round}: 503 (${answer.ms} ms)`)
      t.equal(answer.retryAfter, '2')
      t.ok(answer.ms <= deadlineMs + 1000, `round ${round}: answered within the deadline + 1 s (${answer.ms} ms)`)
    }
    t.comment(`round ${round}: slowest registry answer ${Math.max(...[...zips, ...lists].map((answer) => answer.ms))} ms, all in ${Date.now() - started} ms`)
    t.equal(preview.statusCode, 200, 'a preview does not wait for the registry')
    t.equal(ready.statusCode, 503, 'not ready')
  }
  thaw()
  const healedMs = await until('issuing 200 again', 30, async () => (await zip(app, '42000105')).status === 200)
  t.comment(`issuing 200 again ${healedMs} ms after SIGCONT`)
  for (const dni of dnis) {
    t.same((await contractsOf(app, dni)).contracts, [], `the ZIP answered 503 for ${dni} recorded nothing`)
  }
})

test('PostgreSQL\'s disk full: issuing 503 + Retry-After, previews 200, no crash; space freed: issuing 200 by itself', {
  ...BOUND,
  skip: process.getuid?.() === 0 ? false : 'needs root to mount a tmpfs for the server\'s data'
}, async (t) => {
  const disk = mkdtempSync(join(tmpdir(), 'contratos-pg-disk-'))
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128m,mode=0700', 'tmpfs', disk]).status !== 0) {
    rmSync(disk, { recursive: true, force: true })
    t.pass('skipped: mount refused (a container without the right to mount)')
    return
  }
  // unmounted after the server stopped (teardowns run in reverse order)
  t.teardown(() => { spawnSync('umount', ['-l', disk]); rmSync(disk, { recursive: true, force: true }) })
  const postgres = await startPostgres(t, { dir: disk })
  const { app, lines } = await logged(t, { DATABASE_URL: postgres.url })
  t.equal((await zip(app, '42000400')).status, 200, 'the registry answers')
  const filler = join(disk, 'filler')
  const fd = openSync(filler, 'w')
  try {
    for (;;) writeSync(fd, Buffer.alloc(64 * 1024))
  } catch {} finally { closeSync(fd) }
  // what fits in the pages and WAL segment already allocated is still written: ZIPs until a table must grow
  // (the ZIP's record is written after its documents, so a refused record cuts the ZIP: docs/registry.md)
  const statuses: Array<number | 'cut'> = []
  const dniOf = (i: number) => String(42_001_000 + i)
  const refused = () => statuses.filter((status) => status !== 200).length
  for (let i = 0; i < 300 && refused() < 3; i++) {
    const answer = await zip(app, dniOf(i))
    statuses.push(answer.status)
    if (answer.status === 503) t.equal(answer.retryAfter, '2', 'a 503 carries Retry-After')
  }
  t.equal(refused(), 3, `a full disk refuses the record once a table must grow (after ${statuses.findIndex((status) => status !== 200)} ZIPs): ${statuses.slice(-3).join(' ')}`)
  t.notOk(statuses.some((status) => status !== 200 && status !== 503 && status !== 'cut'), 'never another status')
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })).statusCode, 200, 'previews go on')
  rmSync(filler)
  const healedMs = await until('issuing 200 again', 60, async () => (await zip(app, '42000420')).status === 200)
  t.comment(`issuing 200 again ${healedMs} ms after the space was freed`)
  const wrong = []
  for (const [i, status] of statuses.entries()) {
    const recorded = (await contractsOf(app, dniOf(i))).contracts.length
    if (recorded !== (status === 200 ? 1 : 0)) wrong.push(`${dniOf(i)}: ${status}, ${recorded} recorded`)
  }
  t.same(wrong, [], `each whole ZIP recorded once, each 503 or cut one nothing (${statuses.length} ZIPs)`)
  t.notOk(lines.some((line) => line.level >= 50 && /uncaught|unhandled/i.test(line.msg)), 'no uncaught error logged')
})

test('PGlite\'s folder removed, or replaced, under a running app: not ready and issuing 503 at once, logged once', BOUND, async (t) => {
  for (const how of ['removed', 'replaced'] as const) {
    await t.test(how, async (t) => {
      const parent = mkdtempSync(join(tmpdir(), 'contratos-registry-folder-'))
      t.teardown(() => { rmSync(parent, { recursive: true, force: true }) })
      const dataDir = join(parent, 'registry')
      const { app, lines } = await logged(t, { DATA_DIR: dataDir })
      // PGlite's first start in a new folder (initdb) may take longer than a request waits on a busy machine
      await until('the registry opens', 120, async () => (await app.readiness.checks()).registry === 'ok')
      t.equal((await zip(app, '42000200')).status, 200)
      t.equal((await app.readiness.checks()).registry, 'ok')
      if (how === 'removed') rmSync(dataDir, { recursive: true, force: true })
      else {
        renameSync(dataDir, join(parent, 'moved'))
        mkdirSync(dataDir, { mode: 0o700 })
      }
      t.equal((await app.readiness.checks()).registry, 'fail', 'the next readiness check fails')
      for (const dni of ['42000201', '42000202', '42000203']) {
        const answer = await zip(app, dni)
        t.equal(answer.status, 503, 'issuing answers 503')
        t.equal(answer.retryAfter, '2')
      }
      t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })).statusCode, 200, 'previews go on')
      t.equal((await app.readiness.checks()).registry, 'fail', 'and stays so')
      const reported = lines.filter((line) => line.msg.includes('DATA_DIR was removed or replaced'))
      t.equal(reported.length, 1, 'logged once, not per request')
      t.equal(reported[0]?.folder, how === 'removed' ? 'missing' : 'replaced')
      t.equal(reported[0]?.level, 50)
    })
  }
})

test('a database that cannot be reached: its retries are logged once a minute, not once each', BOUND, async (t) => {
  const { app, lines } = await logged(t, { DATABASE_URL: 'postgres://contratos:secreto@127.0.0.1:1/contratos' })
  for (let attempt = 0; attempt < 4; attempt++) {
    t.equal((await zip(app, '42000300')).status, 503)
    await sleep(1100) // a failed open is tried again after a second
  }
  const errors = lines.filter((line) => line.level >= 50)
  t.equal(errors.length, 1, `one error line for ${4} failed opens: ${errors.map((line) => line.msg).join(' | ')}`)
  t.notOk(JSON.stringify(lines).includes('secreto'), 'no line carries the password')
})
