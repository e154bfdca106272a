/**
 * `npm run bench:profile-registry`: what the registry costs per 50-employee ZIP, without the server
 * or the PDFs. In this process: the registry opened as the service opens it (PGlite in a fresh
 * folder, in its thread; `DATABASE_URL`'s PostgreSQL; or, with `PROFILE_POSTGRES=1`, Debian's server
 * started here, whose processes' CPU is counted too), then PROFILE_RUNS (100) times, after 5
 * warm-ups, what a W50 ZIP asks of it: the read before the first byte (Registry.issueState, which the
 * history rules and the overlap check read) and the record before the central directory, with
 * the documents' SHA-256 (Registry.recordIssued). The same 50 workers each time, as
 * bench/profile-zip.ts sends them: each ZIP supersedes the one before (their contracts start after
 * today). Prints per ZIP the CPU of the registry's thread (`registry`, named by src/workers.ts) and
 * of the main thread (/proc, 10 ms ticks: run enough ZIPs), the statements sent (Kysely's, besides
 * `begin` and `commit`) and, on PGlite, the messages to its thread and the bytes of their parameters.
 * Linux only (/proc). From source (tsx): `npx tsx bench/profile-registry.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KyselyPlugin } from 'kysely'
import { openDatabase, type DatabaseLocation } from '../src/registry/database.js'
import { PGliteThread } from '../src/registry/pglite-thread.js'
import { Registry } from '../src/registry/registry.js'
import { loadEmployerProfile } from '../src/employer/profile.js'
import { contractFacts, issuedContract, type TemplateHashes } from '../src/issuing/issued-records.js'
import { historyQuery } from '../src/issuing/history-check.js'
import { TEMPLATE_IDS } from '../src/documents/fields.js'
import { todayInLima } from '../src/vocabulary/dates.js'
import { PROJECT_ROOT } from '../src/paths.js'
import type { ImportedEmployee } from '../schemas/employee.js'
import { mixedEmployees } from './lib.js'
import type { Test } from 'tap'
import { startPostgres, type PostgresServer } from '../test/support/postgres.js'

const RUNS = Number(process.env.PROFILE_RUNS ?? 100)
const WARM_UPS = 5

/** CPU time (user + system, ms) of this process's threads, by thread id, with their names (Linux /proc). */
function threadCpuMs (): Map<number, { name: string, ms: number }> {
  const threads = new Map<number, { name: string, ms: number }>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()
      threads.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 })
    } catch {} // a thread that ended meanwhile
  }
  return threads
}

/** CPU time (user + system, ms) of these processes together (Linux /proc); a process gone meanwhile counts nothing. */
function processesCpuMs (pids: readonly number[]): number {
  let ms = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ms += (Number(fields[11]) + Number(fields[12])) * 10
    } catch {}
  }
  return ms
}

async function main (): Promise<void> {
  const teardowns: Array<() => unknown> = []
  try {
    await profile(teardowns)
  } finally {
    for (const teardown of teardowns.reverse()) await teardown()
  }
}

async function profile (teardowns: Array<() => unknown>): Promise<void> {
  let url = process.env.DATABASE_URL
  /** PROFILE_POSTGRES=1: Debian's PostgreSQL started here (test/support/postgres.ts), its processes' CPU counted. */
  let server: PostgresServer | undefined
  if (process.env.PROFILE_POSTGRES === '1') {
    server = await startPostgres({ teardown: (fn: () => unknown) => { teardowns.push(fn) } } as unknown as Test)
    url = server.url
  }
  const folder = await mkdtemp(join(tmpdir(), 'contratos-registry-bench-'))
  const location: DatabaseLocation = url === undefined ? { kind: 'pglite', dataDir: join(folder, 'data') } : { kind: 'postgres', url }
  let statements = 0
  let parameterBytes = 0
  let messages = 0
  /** PROFILE_STATEMENTS=1: the registry thread's CPU (ms) by statement, its first characters the key. */
  const byStatement = new Map<string, number>()
  // PGlite: each message to its thread counted (begin and commit included) with its parameters' bytes
  const query = PGliteThread.prototype.query
  PGliteThread.prototype.query = async function (this: PGliteThread, text: string, params: readonly unknown[] = []) {
    parameterBytes += params.reduce<number>((sum, value) => sum + (typeof value === 'string' ? Buffer.byteLength(value) : 8), 0)
    messages++
    if (process.env.PROFILE_STATEMENTS !== '1') return await query.call(this, text, params)
    const cpu = () => [...threadCpuMs().values()].filter(({ name }) => name === 'registry').reduce((sum, { ms }) => sum + ms, 0)
    const before = cpu()
    try {
      return await query.call(this, text, params)
    } finally {
      const key = text.replace(/\s+/g, ' ').slice(0, 60)
      byStatement.set(key, (byStatement.get(key) ?? 0) + cpu() - before)
    }
  }
  const open = await openDatabase(location)
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => { statements++; return node },
    transformResult: async ({ result }) => result
  }
  const registry = new Registry(open.db.withPlugin(counter))
  const profile = await loadEmployerProfile(join(PROJECT_ROOT, 'test/fixtures/employer-profile.json'))
  const employees = mixedEmployees(50) as unknown as ImportedEmployee[]
  const sha256 = Object.fromEntries(TEMPLATE_IDS.map((id) => [id, 'a'.repeat(64)])) as TemplateHashes
  const today = todayInLima()
  const facts = employees.map((employee) => contractFacts(employee, profile))

  /** One ZIP's work on the registry: the read before its first byte, the record before its directory. */
  async function zip (): Promise<void> {
    const records = employees.map((employee, index) => issuedContract(employee, facts[index], profile, sha256, today))
    const query = historyQuery(employees, 'contract', profile)
    // one read before the first byte: the history rules' and the overlap check's (plugins/registry.ts checkHistory)
    const state = await registry.issueState(query.dnis, query.contractIds, today)
    await registry.checkIssue(records, today, state)
    const hashed = records.map((record) => ({ ...record, documents: record.documents.map((document) => ({ ...document, sha256: 'b'.repeat(64) })) }))
    await registry.recordIssued(hashed, { requestId: 'bench' })
  }

  try {
    for (let i = 0; i < WARM_UPS; i++) await zip()
    statements = 0
    parameterBytes = 0
    messages = 0
    byStatement.clear()
    const before = threadCpuMs()
    const serverBefore = server === undefined ? 0 : processesCpuMs(server.pids())
    const started = performance.now()
    const from = process.hrtime.bigint() / 1000n
    for (let i = 0; i < RUNS; i++) await zip()
    const wall = performance.now() - started
    // the measured window in CLOCK_MONOTONIC µs, the clock of `--cpu-prof`'s samples (to read a thread's profile)
    if (process.env.PROFILE_WINDOW === '1') console.log(`window ${from} ${process.hrtime.bigint() / 1000n}`)
    const after = threadCpuMs()
    const serverMs = server === undefined ? 0 : processesCpuMs(server.pids()) - serverBefore
    const spent = new Map<string, number>()
    for (const [tid, { name, ms }] of after) {
      const key = tid === process.pid ? 'main' : name
      spent.set(key, (spent.get(key) ?? 0) + ms - (before.get(tid)?.ms ?? 0))
    }
    const per = (ms: number) => (ms / RUNS).toFixed(2)
    console.log(`${location.kind}: ${RUNS} W50 ZIPs' registry work (after ${WARM_UPS} warm-ups), wall ${per(wall)} ms per ZIP`)
    if (server !== undefined) spent.set('postgres (its processes)', serverMs)
    console.log(`CPU per ZIP (/proc, 10 ms ticks): ${[...spent].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${per(ms)} ms`).join(', ')}`)
    console.log(`statements per ZIP (Kysely's, besides begin/commit): ${(statements / RUNS).toFixed(1)}` +
      (location.kind === 'pglite' ? `; messages to PGlite's thread: ${(messages / RUNS).toFixed(1)}, their parameters ${Math.round(parameterBytes / RUNS)} bytes` : ''))
    for (const [key, ms] of [...byStatement].sort((a, b) => b[1] - a[1])) console.log(`  ${per(ms).padStart(6)} ms  ${key}`)
  } finally {
    await open.close()
    await rm(folder, { recursive: true, force: true })
  }
}

await main()
