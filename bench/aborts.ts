/**
 * `npm run test:aborts`: rounds of 100 download-zip requests abandoned at random points
 * (half a body sent, before the headers, at the headers, mid-stream) against the app built in this
 * process and listening on loopback, so that the process can be looked into afterwards. After each
 * round: the PDF pool's pending and queued tasks, open connections, `process.getActiveResourcesInfo()`,
 * RSS and main-thread heap (after gc), and whether a normal 50-employee ZIP is complete. The first
 * round warms up (worker heaps, allocator); a leak shows as growth round after round. Exits 1 if
 * anything is left behind.
 *
 * Options (environment): ABORTS per round (100), ABORTS_ROUNDS (3), ABORTS_PARALLEL (8),
 * ABORTS_SEED (random), PDF_THREADS (2).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../app/app.js'
import { ABORT_POINTS, activeResources, completeZip, fireAbortedZips, seededRandom, settle } from '../test/support/client-aborts.js'

const COUNT = Number(process.env.ABORTS ?? 100)
const ROUNDS = Number(process.env.ABORTS_ROUNDS ?? 3)
const PARALLEL = Number(process.env.ABORTS_PARALLEL ?? 8)
const SEED = Number(process.env.ABORTS_SEED ?? Math.floor(Math.random() * 2 ** 31))

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('run with node --expose-gc (npm run test:aborts does)')

const mb = (bytes: number) => Number((bytes / 1048576).toFixed(1))

/** Memory in MB after two full collections of the main thread (worker heaps collect on their own). */
async function settledMemory (): Promise<{ rss: number, heapUsed: number, external: number }> {
  for (let i = 0; i < 2; i++) {
    gc?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const { rss, heapUsed, external } = process.memoryUsage()
  return { rss: mb(rss), heapUsed: mb(heapUsed), external: mb(external) }
}

const tempDir = await mkdtemp(join(tmpdir(), 'contratos-aborts-'))
const app = await buildApp({
  env: { NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: 'test/fixtures/employer-profile.json', LOG_LEVEL: 'silent', TEMP_DIR: tempDir, PDF_THREADS: process.env.PDF_THREADS ?? 2, SHED_MAX_EVENT_LOOP_DELAY_MS: 0 }
})
await app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.server.address() as AddressInfo

// warm up: threads, JIT, the ZIP writer; then the baseline
for (let i = 0; i < 3; i++) await completeZip(port)
const baseline = { memoryMb: await settledMemory(), activeResources: activeResources(), pool: app.pdfPool.stats }
console.log(JSON.stringify({ seed: SEED, abortsPerRound: COUNT, rounds: ROUNDS, parallel: PARALLEL, pdfThreads: app.pdfPool.threads, baseline }))

const random = seededRandom(SEED)
let clean = true
for (let round = 1; round <= ROUNDS; round++) {
  const started = performance.now()
  const outcomes = await fireAbortedZips(port, { count: COUNT, parallel: PARALLEL, maxBatch: 50, random })
  const left = await settle(app)
  const settledMs = performance.now() - started
  const memoryMb = await settledMemory()
  const resources = activeResources()
  const zip = await completeZip(port)
  const abortedByPoint = Object.fromEntries(ABORT_POINTS.map((point) => [point, outcomes.filter((o) => o.point === point && o.aborted).length]))
  console.log(JSON.stringify({
    round,
    abortedByPoint,
    completedBeforeTheirAbortPoint: outcomes.filter((o) => !o.aborted).length,
    headersSeen: outcomes.filter((o) => o.status !== undefined).length,
    non200: outcomes.filter((o) => o.status !== undefined && o.status !== 200).length,
    settledMs: Math.round(settledMs),
    pool: left.pool,
    openConnections: left.connections,
    activeResources: resources,
    memoryMb,
    rssGrowthFromBaselineMb: mb((memoryMb.rss - baseline.memoryMb.rss) * 1048576),
    zipAfterwards: { status: zip.status, entries: zip.names.length, errores: zip.names.includes('errores.txt') }
  }))
  clean &&= left.pool.pending === 0 && left.pool.queued === 0 && left.connections === 0 && zip.names.length === 150 && !zip.names.includes('errores.txt')
}

await app.close()
await rm(tempDir, { recursive: true, force: true })
console.log(clean ? 'clean: nothing left behind after any round' : 'NOT CLEAN: see the rounds above')
process.exit(clean ? 0 : 1)
