/**
 * `npm run bench`: starts the built server on loopback and measures the contract and
 * export endpoints; prints a table and writes JSON to bench/results-<time>.json. Timings are
 * medians and ratios from one run (the machines are noisy); nothing here is asserted by tests.
 *
 *   W50  one download-zip of 50 mixed employees: first byte, wall, PDFs/s (median of RUNS after warm-up)
 *   A80  one addendum download-zip of 80 records (ADDENDUM_BATCH_MAX): first byte, wall, PDFs/s (same)
 *   W1   preview of one employee at concurrency 1 and 8: p50/p99
 *   C4   four W50 at once: aggregate PDFs/s; GET /api/health p50/p99 meanwhile; peak RSS
 *   C8   eight W50 at once: peak RSS
 *   EXP  SCTR, Law Life (50 employees) and photocheck at concurrency 8: req/s, p99
 *   BASE a naive single-threaded pdf-lib loop (load, fill, flatten, save per document) on the same
 *        templates: our PDFs/s divided by its PDFs/s
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { addenda, median, mixedEmployees, peakSampler, quantile, startServer, timedRequest, type Timing } from './lib.js'
import { naiveBaseline } from './naive-baseline.js'
import { PROJECT_ROOT } from '../src/paths.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const PDFS_PER_EMPLOYEE = 3
const MB = 1024 * 1024

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')

async function downloadZip (url: string, employees: unknown[], path = '/api/contracts/download-zip'): Promise<Timing> {
  const timing = await timedRequest(url, path, employees)
  if (timing.status !== 200) throw new Error(`${path} answered ${timing.status}`)
  return timing
}

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

async function cannon (url: string, path: string, body: unknown, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${url}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: seconds
  })
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }
}

async function main (): Promise<void> {
  const server = await startServer()
  const employees = mixedEmployees(50)
  const results: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS, node: process.version }
  try {
    // warm-up: workers start, templates parsed, JIT warm
    for (let i = 0; i < 3; i++) await downloadZip(server.url, employees)

    const single: Timing[] = []
    for (let i = 0; i < RUNS; i++) single.push(await downloadZip(server.url, employees))
    const w50Wall = median(single.map((t) => t.totalMs))
    const w50 = {
      ttfbMs: median(single.map((t) => t.ttfbMs)),
      wallMs: w50Wall,
      pdfsPerSec: (employees.length * PDFS_PER_EMPLOYEE) / (w50Wall / 1000),
      zipBytes: single[0].bytes
    }
    results.W50 = w50

    const addendumBatch = addenda(80)
    for (let i = 0; i < 2; i++) await downloadZip(server.url, addendumBatch, '/api/addendum/download-zip')
    const adendas: Timing[] = []
    for (let i = 0; i < RUNS; i++) adendas.push(await downloadZip(server.url, addendumBatch, '/api/addendum/download-zip'))
    const a80Wall = median(adendas.map((t) => t.totalMs))
    results.A80 = {
      ttfbMs: median(adendas.map((t) => t.ttfbMs)),
      wallMs: a80Wall,
      pdfsPerSec: addendumBatch.length / (a80Wall / 1000),
      zipBytes: adendas[0].bytes
    }

    const one = mixedEmployees(3)[2] // a Subsidio: the longest contract
    const w1c1 = await cannon(server.url, '/api/contracts/preview', one, 1, 5)
    const w1c8 = await cannon(server.url, '/api/contracts/preview', one, 8, 5)
    results.W1 = { c1: w1c1, c8: w1c8 }

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
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 8 }, () => downloadZip(server.url, employees)))
    results.C8 = { peakRssMB: c8Rss.stop() / MB }

    results.exports = {
      sctr: await cannon(server.url, '/api/excel/download-sctr', employees, 8, 5),
      lawLife: await cannon(server.url, '/api/excel/download-lawlife', employees, 8, 5),
      photocheck: await cannon(server.url, '/api/excel/download-photocheck', employees, 8, 5)
    }
  } finally {
    await server.stop()
  }

  const baseline = await naiveBaseline(employees)
  results.baseline = baseline
  const ours = (results.W50 as { pdfsPerSec: number }).pdfsPerSec
  results.ratio = ours / baseline.pdfsPerSec

  const w = results.W50 as Record<string, number>
  const a80 = results.A80 as Record<string, number>
  const c4 = results.C4 as Record<string, number>
  const w1 = results.W1 as Record<string, Record<string, number>>
  const ex = results.exports as Record<string, Record<string, number>>
  const rows: [string, string][] = [
    ['W50 first byte (median)', `${fmt(w.ttfbMs)} ms`],
    ['W50 wall (median)', `${fmt(w.wallMs)} ms`],
    ['W50 PDFs/s', fmt(w.pdfsPerSec, 0)],
    ['W50 ZIP size', `${fmt(w.zipBytes / 1024, 0)} KB`],
    ['A80 adendas first byte (median)', `${fmt(a80.ttfbMs)} ms`],
    ['A80 adendas wall (median)', `${fmt(a80.wallMs)} ms`],
    ['A80 adendas PDFs/s', fmt(a80.pdfsPerSec, 0)],
    ['A80 ZIP size', `${fmt(a80.zipBytes / 1024, 0)} KB`],
    ['W1 preview c=1 p50 / p99', `${fmt(w1.c1.p50)} / ${fmt(w1.c1.p99)} ms`],
    ['W1 preview c=8 p50 / p99', `${fmt(w1.c8.p50)} / ${fmt(w1.c8.p99)} ms`],
    ['C4 aggregate PDFs/s', fmt(c4.pdfsPerSec, 0)],
    ['C4 health p50 / p99', `${fmt(c4.healthP50Ms)} / ${fmt(c4.healthP99Ms)} ms (${c4.healthSamples} samples)`],
    ['C4 peak RSS', `${fmt(c4.peakRssMB, 0)} MB`],
    ['C8 (8 x W50) peak RSS', `${fmt((results.C8 as Record<string, number>).peakRssMB, 0)} MB`],
    ['SCTR c=8 req/s, p99', `${fmt(ex.sctr.reqPerSec, 0)}, ${fmt(ex.sctr.p99)} ms (non-2xx ${ex.sctr.non2xx})`],
    ['Law Life c=8 req/s, p99', `${fmt(ex.lawLife.reqPerSec, 0)}, ${fmt(ex.lawLife.p99)} ms (non-2xx ${ex.lawLife.non2xx})`],
    ['Photocheck c=8 req/s, p99', `${fmt(ex.photocheck.reqPerSec, 0)}, ${fmt(ex.photocheck.p99)} ms (non-2xx ${ex.photocheck.non2xx})`],
    ['Naive pdf-lib baseline PDFs/s', fmt(baseline.pdfsPerSec, 0)],
    ['W50 PDFs/s / baseline', `${fmt(results.ratio as number, 1)}x`]
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`\ncontratos benchmark (${RUNS} runs, ${new Date().toISOString()})`)
  for (const [key, value] of rows) console.log(`${key.padEnd(width)}  ${value}`)
  const file = join(PROJECT_ROOT, 'bench', `results-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.log(`\nJSON: ${file}`)
}

await main()
