/**
 * The overload scenarios of `npm run bench:load`: contract previews and 50-employee contract ZIPs
 * mixed (one arrival in ten a ZIP), offered as an open loop (arrivals that do not wait for answers,
 * as many independent clients do) at 1x, 2x and 3x the capacity measured just before through the
 * same route, straight to one instance and through deploy/haproxy.cfg (its second server down). Prints goodput (documents of the 200s per second, against the
 * capacity), the p99 of the admitted requests by kind beside their unloaded p99, and what the
 * refusals were: the service's JSON 503 with Retry-After, HAProxy's own page, or anything else.
 *
 * The records are the tests' lawful samples (test/support/samples.ts), whose dates follow today.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../src/paths.js'
import { quantile } from './lib.js'
import { sampleEmployee, samplePartTime, sampleSubsidio } from '../test/support/samples.js'
import { freePort, program } from '../test/support/processes.js'

/** Employees of each ZIP of the mix. */
const ZIP_EMPLOYEES = 50
/** Of the arrivals, this share are ZIPs; the others previews. */
const ZIP_SHARE = 0.1
/** QUEUE_MAX_WAIT_MS of the server (its default unless the environment sets it). */
const MAX_WAIT_MS = Number(process.env.QUEUE_MAX_WAIT_MS ?? 5000)
/** How long a client waits for its answer before giving up, ms (HAProxy's `timeout queue` must be below it). */
export const PATIENCE_MS = Number(process.env.LOAD_PATIENCE_MS ?? 30_000)

type Kind = 'preview' | 'zip'

interface Outcome {
  kind: Kind
  /** HTTP status, or 0 when the client gave up or the connection failed. */
  status: number
  ms: number
  /** Documents delivered: 1 for a preview, 3 per employee for a ZIP; 0 unless 200 and whole. */
  documents: number
  /** What a refusal was. */
  refusal?: 'json503' | 'haproxy' | 'other'
}

const TYPES = [sampleEmployee, samplePartTime, sampleSubsidio]
const zipBody = JSON.stringify(Array.from({ length: ZIP_EMPLOYEES }, (_, index) =>
  TYPES[index % 3]({ dni: String(40000000 + index), email: `empleado${index}@example.com` })))
const previewBodies = Array.from({ length: 30 }, (_, index) =>
  JSON.stringify(TYPES[index % 3]({ dni: String(41000000 + index) })))

/** One request of `kind` to `port`; never rejects. */
async function send (port: number, agent: Agent, kind: Kind, index: number): Promise<Outcome> {
  const body = kind === 'zip' ? zipBody : previewBodies[index % previewBodies.length]
  const path = kind === 'zip' ? '/api/contracts/download-zip' : '/api/contracts/preview'
  const started = performance.now()
  return await new Promise((resolve) => {
    const done = (status: number, documents = 0, refusal?: Outcome['refusal']) =>
      resolve({ kind, status, ms: performance.now() - started, documents, refusal })
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      agent,
      signal: AbortSignal.timeout(PATIENCE_MS),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
    }, (res) => {
      // the first bytes and the last 64 KiB only: the client shares the cores with the server
      let head = Buffer.alloc(0)
      let tail = Buffer.alloc(0)
      res.on('data', (chunk: Buffer) => {
        if (head.length < 5) head = Buffer.concat([head, chunk]).subarray(0, 1024)
        tail = Buffer.concat([tail, chunk]).subarray(-65536)
      })
      res.on('error', () => done(0, 0, 'other'))
      res.on('end', () => {
        const status = res.statusCode ?? 0
        const bytes = head.length < 1024 ? head : tail
        if (status === 200) {
          // a whole ZIP ends with its central directory; an errores.txt entry there would be a failure
          const whole = kind === 'preview' ? head.subarray(0, 5).toString() === '%PDF-' : tail.includes('PK\u0005\u0006') && !tail.includes('errores.txt')
          done(status, whole ? (kind === 'zip' ? 3 * ZIP_EMPLOYEES : 1) : 0, whole ? undefined : 'other')
          return
        }
        const type = String(res.headers['content-type'])
        let envelope = false
        try {
          const parsed = JSON.parse(bytes.toString())
          envelope = parsed.success === false && typeof parsed.message === 'string' && parsed.data === null
        } catch {}
        if (status === 503 && envelope && type.startsWith('application/json') && res.headers['retry-after'] !== undefined) {
          done(status, 0, 'json503')
        } else if (type.startsWith('text/html')) {
          done(status, 0, 'haproxy')
        } else {
          done(status, 0, 'other')
        }
      })
    })
    req.on('error', () => done(0, 0, 'other'))
    req.end(body)
  })
}

/** The next kind of the mix (a fixed sequence, so that every run sends the same requests). */
function kindAt (index: number): Kind {
  return (index * ZIP_SHARE) % 1 < ZIP_SHARE - 1e-9 ? 'zip' : 'preview'
}

/** Documents of one arrival of the mix, on average. */
const DOCUMENTS_PER_ARRIVAL = ZIP_SHARE * 3 * ZIP_EMPLOYEES + (1 - ZIP_SHARE)

/** `clients` clients each sending the mix one request after another for `seconds`. */
async function closedLoop (port: number, clients: number, seconds: number): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true })
  const outcomes: Outcome[] = []
  const end = performance.now() + seconds * 1000
  let next = 0
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const index = next++
      outcomes.push(await send(port, agent, kindAt(index), index))
    }
  }))
  agent.destroy()
  return outcomes
}

/**
 * Arrivals at `perSecond` (Poisson: exponential gaps, a fixed seed) for `seconds`, each sent at
 * once on its own connection if need be; resolves when every answer is in or its client gave up.
 */
async function openLoop (port: number, perSecond: number, seconds: number): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  let seed = 12345
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return (seed + 0.5) / 2147483648 }
  const pending: Promise<Outcome>[] = []
  const started = performance.now()
  let due = 0
  for (let index = 0; due < seconds * 1000; index++) {
    const wait = started + due - performance.now()
    if (wait > 1) await sleep(wait)
    pending.push(send(port, agent, kindAt(index), index))
    due += -Math.log(random()) * 1000 / perSecond
  }
  const outcomes = await Promise.all(pending)
  agent.destroy()
  return outcomes
}

interface Summary { goodput: number, documentsPerSecond: number, p99: Record<Kind, number>, ok: Record<Kind, number>, refusals: Record<string, number> }

function summarize (outcomes: Outcome[], seconds: number): Summary {
  const documents = outcomes.reduce((sum, outcome) => sum + outcome.documents, 0)
  const p99 = { preview: Number.NaN, zip: Number.NaN }
  const ok = { preview: 0, zip: 0 }
  for (const kind of ['preview', 'zip'] as const) {
    const admitted = outcomes.filter((outcome) => outcome.kind === kind && outcome.documents > 0)
    ok[kind] = admitted.length
    p99[kind] = quantile(admitted.map((outcome) => outcome.ms), 0.99)
  }
  const refusals: Record<string, number> = {}
  for (const outcome of outcomes) {
    if (outcome.documents > 0) continue
    const key = outcome.status === 0 ? 'gave up' : `${outcome.refusal ?? 'other'} ${outcome.status}`
    refusals[key] = (refusals[key] ?? 0) + 1
  }
  return { goodput: Number.NaN, documentsPerSecond: documents / seconds, p99, ok, refusals }
}

/** HAProxy running deploy/haproxy.cfg in front of the instance on `appPort` (its second server a closed port, down). */
async function startHaproxy (appPort: number): Promise<{ port: number, stop: () => Promise<void> }> {
  const port = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: {
      PATH: process.env.PATH,
      CONTRATOS_BIND: `127.0.0.1:${port}`,
      CONTRATOS_PUBLIC_BIND: `127.0.0.1:${await freePort()}`, // the workers' frontend, unused here
      CONTRATOS_APP1: `127.0.0.1:${appPort}`,
      CONTRATOS_APP2: `127.0.0.1:${await freePort()}`, // nothing listens: the check takes it out
      CONTRATOS_CHECK_INTER: '200ms'
    },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const agent = new Agent({ keepAlive: false })
  for (let attempt = 0; ; attempt++) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}`)
    const reply = await send(port, agent, 'preview', 0)
    if (reply.status === 200) break
    if (attempt > 100) throw new Error('HAProxy never answered a preview')
    await sleep(100)
  }
  await sleep(1500) // app2's checks fail: out of rotation
  return {
    port,
    stop: async () => {
      haproxy.kill('SIGTERM')
      if (haproxy.exitCode === null) await once(haproxy, 'exit')
    }
  }
}

const ms = (value: number) => Number.isNaN(value) ? '-' : value.toFixed(0)

/**
 * Measures the instance on `appPort` (already started): unloaded p99 (one client, straight), then
 * for each route (straight, then through HAProxy) its capacity (a closed loop of
 * LOAD_CAPACITY_CLIENTS, 16) and the open loop at 1x, 2x, 3x of it, printed as a table.
 */
export async function overloadScenarios (appPort: number, seconds: number): Promise<void> {
  const clients = Number(process.env.LOAD_CAPACITY_CLIENTS ?? 16)
  await closedLoop(appPort, 2, 2) // warm-up
  const unloaded = summarize(await closedLoop(appPort, 1, seconds), seconds)
  const bound = { preview: 2 * unloaded.p99.preview + MAX_WAIT_MS, zip: 2 * unloaded.p99.zip + MAX_WAIT_MS }
  console.log(`\nmix: ${Math.round(ZIP_SHARE * 100)} % ${ZIP_EMPLOYEES}-employee ZIPs, the rest previews; client patience ${PATIENCE_MS} ms`)
  console.log(`unloaded (1 client): p99 preview ${ms(unloaded.p99.preview)} ms, ZIP ${ms(unloaded.p99.zip)} ms; ` +
    `bound on the admitted p99 (2x unloaded + QUEUE_MAX_WAIT_MS): preview ${ms(bound.preview)} ms, ZIP ${ms(bound.zip)} ms`)
  const lines: string[] = ['route     load  goodput  documents/s  200s (preview/zip)  p99 preview  p99 zip  within bound  refusals']
  const run = async (route: string, port: number) => {
    const capacity = summarize(await closedLoop(port, clients, seconds), seconds)
    const arrivals = capacity.documentsPerSecond / DOCUMENTS_PER_ARRIVAL
    console.log(`${route}: capacity (${clients} clients, closed loop) ${capacity.documentsPerSecond.toFixed(0)} documents/s ` +
      `(${arrivals.toFixed(1)} requests/s), refusals ${JSON.stringify(capacity.refusals)}`)
    for (const factor of [1, 2, 3]) {
      await sleep(2000) // let the work of the last run drain
      const summary = summarize(await openLoop(port, factor * arrivals, seconds), seconds)
      const goodput = summary.documentsPerSecond / capacity.documentsPerSecond
      const line = `${route.padEnd(8)}  ${factor}x   ${(goodput * 100).toFixed(0).padStart(5)} %  ${summary.documentsPerSecond.toFixed(0).padStart(11)}  ` +
        `${`${summary.ok.preview}/${summary.ok.zip}`.padStart(18)}  ${ms(summary.p99.preview).padStart(8)} ms  ${ms(summary.p99.zip).padStart(5)} ms  ` +
        `${(summary.p99.preview <= bound.preview && summary.p99.zip <= bound.zip ? 'yes' : 'no').padStart(12)}  ${JSON.stringify(summary.refusals)}`
      console.log(line)
      lines.push(line)
    }
  }
  await run('straight', appPort)
  const haproxy = await startHaproxy(appPort)
  try {
    await run('haproxy', haproxy.port)
  } finally {
    await haproxy.stop()
  }
  console.log(`\n${lines.join('\n')}`)
}
