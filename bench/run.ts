/**
 * `npm run bench`: starts the built server on loopback and measures the contract and export
 * endpoints; prints a table and writes JSON to bench/results-<time>.json. Each figure is printed
 * beside the floor it is measured against (bench/floors.ts) and its target. Timings are medians
 * of one run (the machines are noisy: compare runs, not single numbers); nothing here is asserted
 * by tests.
 *
 *   W50   one download-zip of 50 mixed employees: first byte, wall, PDFs/s (median of RUNS after warm-up)
 *   A80   one addendum download-zip of 80 records (ADDENDUM_BATCH_MAX): first byte, wall, PDFs/s (same)
 *   W1    preview of one employee at concurrency 1 and 8: p50/p99
 *   C4    four W50 at once: aggregate PDFs/s; GET /api/health p50/p99 meanwhile; peak RSS
 *   C8    eight W50 at once: peak RSS; the registry's time per ZIP (contratos_registry_seconds) against the ZIP's
 *   PG    W50, C4 and C8 again with the registry on PostgreSQL: BENCH_DATABASE_URL, or Debian's server
 *         started here (test/support/postgres.ts); skipped without either
 *   W1000 one download-zip of 1000 employees on a server with BATCH_MAX=1000: wall against 25x
 *         the W50 median, peak RSS against the same server's peak during W50s
 *   EXP   SCTR, Vida Ley (50 employees) and photocheck at concurrency 8: 2xx req/s, p99, health
 *         p99 meanwhile; the server's longest event-loop stall during exports, one at a time and at c=8
 *   BASE  a naive single-threaded pdf-lib loop (load, fill, flatten, save per document) on the
 *         same templates: our PDFs/s divided by its PDFs/s
 *   SIGN50 50 workers sign at once through the page's API (bench/signing.ts) on a server of its own
 *         (no SMTP_URL: codes read from the demo outbox's .eml files; the demo certificate), after a
 *         warm-up round of BENCH_SIGN_WARM_UP (20) workers: p50/p99 of each worker's whole signing and
 *         of the sign POST alone, signatures/s. `BENCH_ONLY=SIGN50` runs this one alone
 *
 * The records are the tests' lawful samples (bench/workloads.ts, bench/lib.ts), dated from today in
 * Lima; `npm run bench:smoke` sends each workload once and checks its answer (CI runs it).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { median, peakSampler, quantile, signers, startServer, timedRequest, type RunningServer, type Timing } from './lib.js'
import { BENCH_SERVER_ENV, PDFS_PER_EMPLOYEE, SIGNERS_SEED, workloads, type Workload, type WorkloadName } from './workloads.js'
import { signingRound } from './signing.js'
import { builderFloors, measureFloors } from './floors.js'
import { naiveBaseline } from './naive-baseline.js'
import { PROJECT_ROOT } from '../src/paths.js'
import type { Test } from 'tap'
import { startPostgres } from '../test/support/postgres.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 11)
/**
 * Requests sent before a figure is measured: a service that runs for hours is measured warm (its
 * JIT has compiled the hot paths; three warm-ups left W50 about twice its steady time).
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20)
const MB = 1024 * 1024
const EXPORT_SECONDS = 5
const SERVER_ENV = BENCH_SERVER_ENV
/** Workers of SIGN50's warm-up round (their own DNIs), signing at once before the measured 50. */
const SIGN_WARM_UP = Number(process.env.BENCH_SIGN_WARM_UP ?? 20)

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')

async function downloadZip (url: string, records: unknown[], path = '/api/contracts/download-zip'): Promise<Timing> {
  const timing = await timedRequest(url, path, records)
  if (timing.status !== 200) throw new Error(`${path} answered ${timing.status}`)
  return timing
}

/** Probes GET /api/health every 5 ms while `work` runs; returns its result and the latencies (ms). */
async function healthWhile<T> (url: string, work: Promise<T>): Promise<{ result: T, latencies: number[] }> {
  const latencies: number[] = []
  const state = { done: false }
  const probing = (async () => {
    while (!state.done) {
      latencies.push((await timedRequest(url, '/api/health', undefined, 'GET')).totalMs)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const result = await work.finally(() => { state.done = true })
  await probing
  return { result, latencies }
}

/** autocannon for `seconds`; req/s counts 2xx answers only (a shed 503 is fast and would flatter it). */
async function cannon (url: string, path: string, body: unknown, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${url}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: seconds
  })
  return { reqPerSec: result['2xx'] / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }
}

/** `contratos_registry_seconds`' sum (s) and count from the server's /metrics. */
async function registrySeconds (url: string): Promise<{ sum: number, count: number }> {
  const text = await (await fetch(`${url}/metrics`)).text()
  const read = (name: string) => Number(new RegExp(`^contratos_registry_seconds_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN)
  return { sum: read('sum'), count: read('count') }
}

/** W50, C4 and C8 (with the registry's share of a ZIP's time) on `server`: the figures the registry's database moves. */
async function registryBoundFigures (server: RunningServer, employees: Record<string, unknown>[]): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {}
  for (let i = 0; i < WARM_UP; i++) await downloadZip(server.url, employees)

  const single: Timing[] = []
  const w50Rss = peakSampler(server.rssBytes)
  for (let i = 0; i < RUNS; i++) single.push(await downloadZip(server.url, employees))
  const w50Wall = median(single.map((t) => t.totalMs))
  results.W50 = {
    ttfbMs: median(single.map((t) => t.ttfbMs)),
    wallMs: w50Wall,
    pdfsPerSec: (employees.length * PDFS_PER_EMPLOYEE) / (w50Wall / 1000),
    zipBytes: single[0].bytes,
    peakRssMB: w50Rss.stop() / MB
  }
  Object.assign(results, await concurrentFigures(server, employees))
  return results
}

/** C4 (PDFs/s, health meanwhile) and C8 (peak RSS, the registry's time per ZIP against the ZIP's). */
async function concurrentFigures (server: RunningServer, employees: Record<string, unknown>[]): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {}
  const c4Walls: number[] = []
  const c4Health: number[] = []
  const c4Rss = peakSampler(server.rssBytes)
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const { latencies } = await healthWhile(server.url, Promise.all(Array.from({ length: 4 }, () => downloadZip(server.url, employees))))
    c4Walls.push(performance.now() - started)
    c4Health.push(...latencies)
  }
  const c4Wall = median(c4Walls)
  results.C4 = {
    wallMs: c4Wall,
    pdfsPerSec: (4 * employees.length * PDFS_PER_EMPLOYEE) / (c4Wall / 1000),
    healthP50Ms: quantile(c4Health, 0.5),
    healthP99Ms: quantile(c4Health, 0.99),
    healthSamples: c4Health.length,
    peakRssMB: c4Rss.stop() / MB
  }

  const c8Rss = peakSampler(server.rssBytes)
  const before = await registrySeconds(server.url)
  const c8Walls: number[] = []
  for (let i = 0; i < 3; i++) c8Walls.push(...(await Promise.all(Array.from({ length: 8 }, () => downloadZip(server.url, employees)))).map((t) => t.totalMs))
  const after = await registrySeconds(server.url)
  const zipMs = c8Walls.reduce((sum, ms) => sum + ms, 0) / c8Walls.length
  const registryMs = ((after.sum - before.sum) * 1000) / c8Walls.length
  results.C8 = { peakRssMB: c8Rss.stop() / MB, zipMs, registryMsPerZip: registryMs, registryShare: registryMs / zipMs, registryWorkPerZip: (after.count - before.count) / c8Walls.length }
  return results
}

/** The W50 figures, C4, C8, A80, W1 and the exports, on one server at the default BATCH_MAX. */
async function mainServerFigures (server: RunningServer, work: Record<WorkloadName, Workload>): Promise<Record<string, unknown>> {
  const employees = work.W50.body as Record<string, unknown>[]
  const results = await registryBoundFigures(server, employees)

  const addendumBatch = work.A80.body as unknown[]
  for (let i = 0; i < WARM_UP; i++) await downloadZip(server.url, addendumBatch, work.A80.path)
  const addendumTimings: Timing[] = []
  for (let i = 0; i < RUNS; i++) addendumTimings.push(await downloadZip(server.url, addendumBatch, work.A80.path))
  const a80Wall = median(addendumTimings.map((t) => t.totalMs))
  results.A80 = {
    ttfbMs: median(addendumTimings.map((t) => t.ttfbMs)),
    wallMs: a80Wall,
    pdfsPerSec: addendumBatch.length / (a80Wall / 1000),
    zipBytes: addendumTimings[0].bytes
  }

  results.W1 = {
    c1: await cannon(server.url, work.W1.path, work.W1.body, 1, 5),
    c8: await cannon(server.url, work.W1.path, work.W1.body, 8, 5)
  }

  const exportLoad = async ({ path, body }: Workload) => {
    const { result, latencies } = await healthWhile(server.url, cannon(server.url, path, body, 8, EXPORT_SECONDS))
    return { ...result, healthP99Ms: quantile(latencies, 0.99), healthSamples: latencies.length }
  }
  results.exports = {
    sctr: await exportLoad(work.sctr),
    lawLife: await exportLoad(work.lawLife),
    photocheck: await exportLoad(work.photocheck)
  }
  return results
}

/** W1000 on its own server (BATCH_MAX=1000): W50 peak RSS there first, then the 1000-employee ZIP. */
async function w1000Figures (work: Record<WorkloadName, Workload>): Promise<Record<string, number>> {
  const server = await startServer({ ...SERVER_ENV, ...work.W1000.env })
  try {
    const w50 = work.W50.body as unknown[]
    const w1000 = work.W1000.body as unknown[]
    for (let i = 0; i < WARM_UP; i++) await downloadZip(server.url, w50)
    const w50Rss = peakSampler(server.rssBytes)
    for (let i = 0; i < RUNS; i++) await downloadZip(server.url, w50)
    const w50PeakMB = w50Rss.stop() / MB
    const w1000Rss = peakSampler(server.rssBytes)
    const walls: number[] = []
    let bytes = 0
    for (let i = 0; i < 3; i++) {
      const timing = await downloadZip(server.url, w1000)
      walls.push(timing.totalMs)
      bytes = timing.bytes
    }
    return { wallMs: median(walls), zipBytes: bytes, w50PeakRssMB: w50PeakMB, peakRssMB: w1000Rss.stop() / MB }
  } finally {
    await server.stop()
  }
}

/** Event-loop delay of the server during exports, ms: one export at a time (how long one holds the loop) and at concurrency 8. */
interface ExportStall { oneAtATimeMaxMs: number, oneAtATimeP99Ms: number, maxMs: number, p99Ms: number }

/**
 * The server's own event-loop delay while exports run (bench/loop-probe.mjs, preloaded into a server
 * of its own; the clients are this process): one at a time for 2 s, then at concurrency 8 for 2 s.
 */
async function exportStalls (work: Record<WorkloadName, Workload>): Promise<Record<string, ExportStall>> {
  const probeFile = join(await mkdtemp(join(tmpdir(), 'contratos-probe-')), 'loop.json')
  const server = await startServer({ ...SERVER_ENV, LOOP_PROBE_FILE: probeFile }, ['--import', join(PROJECT_ROOT, 'bench/loop-probe.mjs')])
  /** The delays since the previous read (the probe starts over at each signal). */
  const read = async (): Promise<{ maxMs: number, p99Ms: number }> => {
    rmSync(probeFile, { force: true })
    writeFileSync(`${probeFile}.ask`, '')
    for (let i = 0; i < 400 && !existsSync(probeFile); i++) await new Promise((resolve) => setTimeout(resolve, 5))
    return JSON.parse(readFileSync(probeFile, 'utf8')) as { maxMs: number, p99Ms: number }
  }
  const stalls: Record<string, ExportStall> = {}
  try {
    for (const name of ['sctr', 'lawLife', 'photocheck'] as const) {
      const { path, body } = work[name]
      await cannon(server.url, path, body, 1, 1) // warm-up
      await read()
      await cannon(server.url, path, body, 1, 2)
      const one = await read()
      await cannon(server.url, path, body, 8, 2)
      const eight = await read()
      stalls[name] = { oneAtATimeMaxMs: one.maxMs, oneAtATimeP99Ms: one.p99Ms, maxMs: eight.maxMs, p99Ms: eight.p99Ms }
    }
  } finally {
    await server.stop()
  }
  return stalls
}

/** W50, C4 and C8 with the registry on PostgreSQL (BENCH_DATABASE_URL, or Debian's started here); undefined without one. */
async function postgresFigures (employees: Record<string, unknown>[]): Promise<Record<string, unknown> | undefined> {
  const teardowns: Array<() => unknown> = []
  const harness = { teardown: (fn: () => unknown) => { teardowns.push(fn) } } as unknown as Test
  try {
    let url = process.env.BENCH_DATABASE_URL
    if (url === undefined) {
      try {
        url = (await startPostgres(harness)).url
      } catch (error) {
        console.log(`PostgreSQL figures skipped: ${(error as Error).message}`)
        return undefined
      }
    }
    const server = await startServer({ ...SERVER_ENV, DATABASE_URL: url })
    try {
      return await registryBoundFigures(server, employees)
    } finally {
      await server.stop()
    }
  } finally {
    for (const teardown of teardowns.reverse()) await teardown()
  }
}

/**
 * SIGN50 on a server of its own (SIGN_SERVER_ENV): a warm-up round, then the 50 workers at once, each
 * timed from the state's GET to the sign POST's answer. Every answer is checked by the round.
 * @throws when a worker could not sign (the first problem named)
 */
async function sign50Figures (work: Record<WorkloadName, Workload>): Promise<Record<string, number>> {
  const server = await startServer({ ...SERVER_ENV, ...work.SIGN50.env })
  try {
    const checked = async (employees: Record<string, unknown>[]) => {
      const round = await signingRound(server, employees)
      if (round.problems.length > 0) throw new Error(`SIGN50: ${round.problems.length} workers did not sign; first: ${round.problems[0]}`)
      return round
    }
    if (SIGN_WARM_UP > 0) await checked(signers(SIGN_WARM_UP, SIGNERS_SEED + 1000))
    const rssBeforeMB = server.rssBytes() / MB
    const rss = peakSampler(server.rssBytes)
    const round = await checked(work.SIGN50.body as Record<string, unknown>[])
    const totals = round.workers.map((worker) => worker.totalMs)
    const signs = round.workers.map((worker) => worker.signMs)
    return {
      workers: round.workers.length,
      wallMs: round.wallMs,
      p50Ms: quantile(totals, 0.5),
      p99Ms: quantile(totals, 0.99),
      signP50Ms: quantile(signs, 0.5),
      signP99Ms: quantile(signs, 0.99),
      signaturesPerSec: round.workers.length / (round.wallMs / 1000),
      documentsPerSec: (round.workers.length * PDFS_PER_EMPLOYEE) / (round.wallMs / 1000),
      peakRssMB: rss.stop() / MB,
      rssBeforeMB
    }
  } finally {
    await server.stop()
  }
}

/** SIGN50's rows of the table. */
function sign50Rows (sign: Record<string, number>): Array<[string, string, string]> {
  return [
    [`SIGN${sign.workers} a worker's signing p50 / p99`, `${fmt(sign.p50Ms)} / ${fmt(sign.p99Ms)} ms`, 'state, identity, code from the outbox, code, 3 documents, sign; all at once'],
    [`SIGN${sign.workers} sign POST p50 / p99`, `${fmt(sign.signP50Ms)} / ${fmt(sign.signP99Ms)} ms`, 'three documents stamped and sealed (demo certificate, PAdES-B-B)'],
    [`SIGN${sign.workers} signatures/s`, `${fmt(sign.signaturesPerSec, 1)} workers/s = ${fmt(sign.documentsPerSec, 1)} sealed PDFs/s (wall ${fmt(sign.wallMs, 0)} ms)`, ''],
    [`SIGN${sign.workers} peak RSS`, `${fmt(sign.peakRssMB, 0)} MB (${fmt(sign.rssBeforeMB, 0)} MB before the round)`, '']
  ]
}

/** Prints the table and writes the JSON file. */
function report (results: Record<string, unknown>, rows: Array<[string, string, string]>,
  how = `${RUNS} runs after ${WARM_UP} warm-up requests`): void {
  const width = Math.max(...rows.map(([k]) => k.length))
  const valueWidth = Math.max(...rows.map(([, v]) => v.length))
  console.log(`\ncontratos benchmark (${how}, ${new Date().toISOString()})`)
  console.log(`${'figure'.padEnd(width)}  ${'measured'.padEnd(valueWidth)}  floor / target`)
  for (const [key, value, floor] of rows) console.log(`${key.padEnd(width)}  ${value.padEnd(valueWidth)}  ${floor}`)
  const file = join(PROJECT_ROOT, 'bench', `results-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.log(`\nJSON: ${file}`)
}

/** `contratos_registry_seconds` per ZIP at C8 against the ZIP's own time. */
function registryShare (c8: Record<string, number>): string {
  return `${fmt(c8.registryMsPerZip, 2)} ms = ${fmt(100 * c8.registryShare, 1)} % of the ZIP's ${fmt(c8.zipMs)} ms (${fmt(c8.registryWorkPerZip, 1)} registry calls each)`
}

/** The table's rows for the same figures with the registry on PostgreSQL. */
function postgresRows (pg: Record<string, Record<string, number>> | undefined, baselinePdfsPerSec: number, engineC4: number): Array<[string, string, string]> {
  if (pg === undefined) return [['PostgreSQL registry', 'skipped (no BENCH_DATABASE_URL, no Debian server)', '']]
  return [
    ['PostgreSQL: W50 first byte / wall', `${fmt(pg.W50.ttfbMs)} / ${fmt(pg.W50.wallMs)} ms`, '≤ 8 ms first byte'],
    ['PostgreSQL: W50 / naive baseline', `${fmt(pg.W50.pdfsPerSec / baselinePdfsPerSec, 1)}x`, '≥ 55x'],
    ['PostgreSQL: C4 PDFs/s, health p99', `${fmt(pg.C4.pdfsPerSec, 0)} = ${fmt(100 * pg.C4.pdfsPerSec / engineC4, 0)} % of the engine; ${fmt(pg.C4.healthP99Ms)} ms`, '≥ 50 %; p99 ≤ 15 ms'],
    ['PostgreSQL: C8 registry time per ZIP', registryShare(pg.C8), '< 10 % of the ZIP\'s']
  ]
}

async function main (): Promise<void> {
  const work = workloads()
  const employees = work.W50.body as Record<string, unknown>[]
  const results: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS, warmUp: WARM_UP, node: process.version }
  if (process.env.BENCH_ONLY === 'SIGN50') {
    results.SIGN50 = await sign50Figures(work)
    report(results, sign50Rows(results.SIGN50 as Record<string, number>), `SIGN50 alone, after a warm-up round of ${SIGN_WARM_UP} workers`)
    return
  }
  const server = await startServer(SERVER_ENV)
  try {
    Object.assign(results, await mainServerFigures(server, work))
  } finally {
    await server.stop()
  }
  results.postgres = await postgresFigures(employees)
  results.W1000 = await w1000Figures(work)
  const floors = await measureFloors(employees, RUNS)
  const pdfSizes = floors.w50.documents.flatMap((docs) => [docs.contract, docs.consent, docs.annex].map(({ parts }) => parts[0].length + parts[1].length))
  results.floors = {
    engineW50Ms: floors.w50.wallMs,
    enginePdfsPerSec: floors.w50.pdfsPerSec,
    engineC4PdfsPerSec: floors.c4.pdfsPerSec,
    zipWriterW50Ms: floors.zipWriterMs,
    pdfBytesSum: pdfSizes.reduce((sum, size) => sum + size, 0),
    pdfBytesMax: Math.max(...pdfSizes),
    ...await builderFloors(employees, RUNS)
  }
  results.exportStalls = await exportStalls(work)
  results.SIGN50 = await sign50Figures(work)
  const baseline = await naiveBaseline(employees)
  results.baseline = baseline
  const w = results.W50 as Record<string, number>
  results.ratio = w.pdfsPerSec / baseline.pdfsPerSec

  const f = results.floors as Record<string, number>
  const c4 = results.C4 as Record<string, number>
  const c8 = results.C8 as Record<string, number>
  const a80 = results.A80 as Record<string, number>
  const w1 = results.W1 as Record<string, Record<string, number>>
  const w1000 = results.W1000 as Record<string, number>
  const ex = results.exports as Record<string, Record<string, number>>
  const stalls = results.exportStalls as Record<string, Record<string, number>>
  const exportRow = (name: string, key: string, builderMs?: number): [string, string, string] => [
    `${name} c=8 2xx req/s, p99; health p99`,
    `${fmt(ex[key].reqPerSec, 0)}, ${fmt(ex[key].p99)} ms (non-2xx ${ex[key].non2xx}); health p99 ${fmt(ex[key].healthP99Ms)} ms`,
    builderMs === undefined ? 'health p99 ≤ 50 ms' : `builder alone ${fmt(builderMs, 2)} ms on one thread; health p99 ≤ 50 ms`
  ]
  const rows: [string, string, string][] = [
    ['W50 first byte (median)', `${fmt(w.ttfbMs)} ms`, '≤ 8 ms'],
    ['W50 wall (median)', `${fmt(w.wallMs)} ms`, `floors: engine via pool ${fmt(f.engineW50Ms)} ms, ZIP writer ${fmt(f.zipWriterW50Ms)} ms; target ≤ 30 ms`],
    ['W50 PDFs/s', fmt(w.pdfsPerSec, 0), `engine via pool ${fmt(f.enginePdfsPerSec, 0)}`],
    ['W50 PDFs/s / naive baseline', `${fmt(results.ratio as number, 1)}x (baseline ${fmt(baseline.pdfsPerSec, 0)} PDFs/s)`, '≥ 55x'],
    ['W50 ZIP size', `${fmt(w.zipBytes / 1024, 0)} KB`, `sum of its 150 PDFs ${fmt(f.pdfBytesSum / 1024, 0)} KB (largest PDF ${fmt(f.pdfBytesMax / 1024, 1)} KB; ≤ 60 KB)`],
    ['W50 peak RSS', `${fmt(w.peakRssMB, 0)} MB`, ''],
    ['A80 adendas first byte / wall (median)', `${fmt(a80.ttfbMs)} / ${fmt(a80.wallMs)} ms`, ''],
    ['A80 adendas PDFs/s, ZIP size', `${fmt(a80.pdfsPerSec, 0)}, ${fmt(a80.zipBytes / 1024, 0)} KB`, ''],
    ['W1 preview c=1 p50 / p99', `${fmt(w1.c1.p50)} / ${fmt(w1.c1.p99)} ms`, ''],
    ['W1 preview c=8 p50 / p99', `${fmt(w1.c8.p50)} / ${fmt(w1.c8.p99)} ms`, ''],
    ['C4 aggregate PDFs/s', `${fmt(c4.pdfsPerSec, 0)} = ${fmt(100 * c4.pdfsPerSec / f.engineC4PdfsPerSec, 0)} % of the engine`, `engine via pool, 4 batches at once: ${fmt(f.engineC4PdfsPerSec, 0)}; target ≥ 50 %`],
    ['C4 health p50 / p99', `${fmt(c4.healthP50Ms)} / ${fmt(c4.healthP99Ms)} ms (${c4.healthSamples} samples)`, 'p99 ≤ 15 ms'],
    ['C4 peak RSS', `${fmt(c4.peakRssMB, 0)} MB`, ''],
    ['C8 (8 x W50) peak RSS', `${fmt(c8.peakRssMB, 0)} MB`, ''],
    ['C8 registry time per ZIP', registryShare(c8), '< 10 % of the ZIP\'s'],
    ...postgresRows(results.postgres as Record<string, Record<string, number>> | undefined, baseline.pdfsPerSec, f.engineC4PdfsPerSec),
    ['W1000 wall (median of 3)', `${fmt(w1000.wallMs)} ms = ${fmt(w1000.wallMs / w.wallMs, 1)}x W50`, '≤ 25x W50'],
    ['W1000 peak RSS', `${fmt(w1000.peakRssMB, 0)} MB = W50's ${fmt(w1000.w50PeakRssMB, 0)} MB + ${fmt(w1000.peakRssMB - w1000.w50PeakRssMB, 0)} MB`, '≤ W50 + 50 MB'],
    exportRow('SCTR', 'sctr', f.sctrMs),
    exportRow('Vida Ley', 'lawLife', f.lawLifeMs),
    exportRow('Photocheck', 'photocheck'),
    ['Exports: longest loop stall, one at a time', ['sctr', 'lawLife', 'photocheck'].map((key) => `${key} ${fmt(stalls[key].oneAtATimeMaxMs, 2)} ms (p99 ${fmt(stalls[key].oneAtATimeP99Ms, 2)})`).join(', '), '≤ 1 ms held by one export (the server\'s loop; the 1 ms timer adds up to ~1 ms)'],
    ['Exports: longest loop stall, c=8', ['sctr', 'lawLife', 'photocheck'].map((key) => `${key} ${fmt(stalls[key].maxMs, 2)} ms (p99 ${fmt(stalls[key].p99Ms, 2)})`).join(', '), 'several exports\' main-thread work back to back'],
    ...sign50Rows(results.SIGN50 as Record<string, number>)
  ]
  report(results, rows)
}

await main()
