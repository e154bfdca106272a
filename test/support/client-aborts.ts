/**
 * Clients that give up on a ZIP, shared by test/aborts.test.ts (20 aborts in `npm test`)
 * and bench/aborts.ts (`npm run test:aborts`, 100 and a report): download-zip requests aborted at
 * random points, from half a body sent to the middle of the stream, then what the process holds
 * once they have settled.
 */
import { request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import type { PoolStats } from '../../src/documents/pdf-pool.js'
import { sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from './helper.js'

/** Where a client gives up. */
export const ABORT_POINTS = ['mid-body', 'before-headers', 'at-headers', 'mid-stream'] as const
export type AbortPoint = typeof ABORT_POINTS[number]

/** How one aborted request went, seen from the client. */
export interface AbortOutcome {
  point: AbortPoint
  employees: number
  /** Status if the headers arrived before the abort. */
  status?: number
  /** Body bytes read before the abort. */
  bytes: number
  /** False when the reply was complete before the chosen point came (a small ZIP, a fast 400). */
  aborted: boolean
}

/** Roughly what one employee adds to a ZIP (three PDFs, stored). */
const ZIP_BYTES_PER_EMPLOYEE = 24_000

/** A small seeded PRNG (mulberry32), so a run can be repeated with its seed. */
export function seededRandom (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` valid employees of the three contract types with distinct DNIs. */
export function employees (count: number, first = 0): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const dni = String(50000000 + first + i)
    if (i % 3 === 0) return sampleEmployee({ dni })
    if (i % 3 === 1) return samplePartTime({ dni, contractType: 'Part Time' })
    return sampleSubsidio({ dni })
  })
}

/**
 * One download-zip that the client abandons at `point`: half its body sent, right after the body,
 * as the headers arrive, or after `streamBytes` bytes of the ZIP. Resolves once the socket is gone.
 */
export function abortedZip (port: number, batchSize: number, point: AbortPoint, streamBytes: number, delayMs: number): Promise<AbortOutcome> {
  const body = Buffer.from(JSON.stringify(employees(batchSize)))
  const outcome: AbortOutcome = { point, employees: batchSize, bytes: 0, aborted: false }
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/contracts/download-zip', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } })
    let ended = false
    const giveUp = () => {
      if (ended) return
      outcome.aborted = true
      req.destroy()
    }
    req.on('close', () => resolve(outcome))
    req.on('error', () => {}) // the abort itself
    req.on('response', (res) => {
      outcome.status = res.statusCode
      res.on('error', () => {})
      res.on('end', () => { ended = true })
      if (point === 'at-headers') return giveUp()
      res.on('data', (chunk: Buffer) => {
        outcome.bytes += chunk.length
        if (point === 'mid-stream' && outcome.bytes >= streamBytes) giveUp()
      })
    })
    if (point === 'mid-body') {
      req.write(body.subarray(0, Math.floor(body.length / 2)))
      setTimeout(giveUp, delayMs)
      return
    }
    req.end(body)
    if (point === 'before-headers') setTimeout(() => { if (outcome.status === undefined) giveUp() }, delayMs)
  })
}

/**
 * Fires `count` aborted ZIPs, `parallel` at a time, each with a random batch size (1..maxBatch),
 * abort point, stream offset (within the ZIP: about 25 KB per employee) and delay (0-20 ms).
 */
export async function fireAbortedZips (port: number, options: { count: number, parallel: number, maxBatch: number, random: () => number }): Promise<AbortOutcome[]> {
  const { count, parallel, maxBatch, random } = options
  const outcomes: AbortOutcome[] = []
  let next = 0
  const lane = async () => {
    while (next < count) {
      next++
      const point = ABORT_POINTS[Math.floor(random() * ABORT_POINTS.length)]
      const batchSize = 1 + Math.floor(random() * maxBatch)
      outcomes.push(await abortedZip(port, batchSize, point, Math.floor(random() * batchSize * ZIP_BYTES_PER_EMPLOYEE), Math.floor(random() * 20)))
    }
  }
  await Promise.all(Array.from({ length: parallel }, lane))
  return outcomes
}

/** What the service still holds: PDF pool work and open server connections. */
export interface Leftovers { pool: PoolStats, connections: number }

function leftovers (app: FastifyInstance): Promise<Leftovers> {
  return new Promise((resolve, reject) => {
    app.server.getConnections((error, connections) => {
      if (error !== null) reject(error)
      else resolve({ pool: app.pdfPool.stats, connections })
    })
  })
}

/**
 * Waits until the pool has no pending task and the server no open connection, polling every
 * 20 ms for at most `attempts` times; returns what was left at the end (zeros when settled).
 */
export async function settle (app: FastifyInstance, attempts = 1500): Promise<Leftovers> {
  let left = await leftovers(app)
  for (let attempt = 0; attempt < attempts && (left.pool.pending > 0 || left.connections > 0); attempt++) {
    await sleep(20)
    left = await leftovers(app)
  }
  return left
}

/** Active handles and requests of the process by type (`process.getActiveResourcesInfo()`), sorted. */
export function activeResources (): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const type of process.getActiveResourcesInfo().sort()) counts[type] = (counts[type] ?? 0) + 1
  return counts
}

/** A normal 50-employee ZIP through the listening app: the names of its entries (yauzl). */
export async function completeZip (port: number, size = 50): Promise<{ status: number, names: string[] }> {
  const body = Buffer.from(JSON.stringify(employees(size, 1000)))
  const { status, bytes } = await new Promise<{ status: number, bytes: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/contracts/download-zip', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
  return { status, names: status === 200 ? (await zipEntries(bytes)).map((entry) => entry.name) : [] }
}
