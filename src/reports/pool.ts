/**
 * Builds the insurance workbooks (Vida Ley, SCTR) in worker threads: even our own writer
 * (src/reports/xlsx.ts) spends about 1.5 ms of CPU on a 50-row workbook, which on the event loop
 * would delay every other request (health checks, the ZIPs being streamed) by as much per export.
 * The main thread only sends the
 * validated records and receives the bytes (moved, not copied). The line is bounded: past it an
 * export is refused with ServiceBusyError (503 with Retry-After) instead of queued without bound.
 */
import { cpuCount } from '../cpus.js'
import { Piscina } from 'piscina'
import type { LawLifeEmployee, SctrEmployee } from '../../schemas/reports.js'
import { ServiceBusyError } from '../errors.js'
import { asBusyError, workerScript } from '../workers.js'
import { checkDeadline, expectedWaitMs } from '../queue-deadline.js'
import type { ReportTask } from './worker.js'

const WORKER = workerScript(import.meta.url)

export interface ReportPoolOptions {
  /** Worker threads at most (default: one per CPU, src/cpus.ts); one stays started after warm() or the first export. */
  maxThreads?: number
  /** QUEUE_MAX_WAIT_MS: an export expected to wait longer for a thread is refused (503); 0 (default) = no deadline. */
  maxWaitMs?: number
  /** Exports that may wait for a thread (default 64); one more is refused with a 503. */
  maxQueue?: number
  /** Told of a worker lost between tasks (piscina replaces it); without it 'error' would crash the process. */
  onWorkerError?: (error: Error) => void
}

export class ReportPool {
  readonly maxThreads: number
  readonly maxQueue: number
  readonly #onWorkerError: (error: Error) => void
  #piscina: Piscina<ReportTask, unknown> | undefined
  /** Exports running or waiting (piscina's own count misses tasks its balancer queues on a worker). */
  #inFlight = 0
  readonly #maxWaitMs: number

  constructor (options: ReportPoolOptions = {}) {
    this.maxThreads = options.maxThreads ?? cpuCount()
    this.maxQueue = options.maxQueue ?? 64
    this.#maxWaitMs = options.maxWaitMs ?? 0
    this.#onWorkerError = options.onWorkerError ?? (() => {})
  }

  /** Started on first use: an instance that never exports starts no thread. */
  get #pool (): Piscina<ReportTask, unknown> {
    if (this.#piscina === undefined) {
      this.#piscina = new Piscina<ReportTask, unknown>({
        filename: WORKER.filename,
        execArgv: WORKER.execArgv,
        minThreads: 1,
        maxThreads: this.maxThreads,
        idleTimeout: 60_000 // threads past the first retire after a minute without exports
      })
      this.#piscina.on('error', this.#onWorkerError)
    }
    return this.#piscina
  }

  /**
   * Starts the first thread now (before listen), so that the first export finds a warm worker.
   * @returns threads started
   */
  warm (): number {
    return this.#pool.threads.length // creating the pool starts its first thread
  }

  /** Expected wait (ms) of an export handed over now (src/queue-deadline.ts). */
  get expectedWaitMs (): number {
    const pool = this.#piscina
    if (pool === undefined || pool.completed === 0) return 0
    return expectedWaitMs(this.#inFlight - this.maxThreads, this.maxThreads, pool.histogram.runTime.p50)
  }

  /** Threads started now. */
  get threads (): number {
    return this.#piscina?.threads.length ?? 0
  }

  /** Exports running or waiting now (tests and the load scripts check that none is left). */
  get pending (): number {
    return this.#inFlight
  }

  /**
   * The .xlsx bytes of one report (src/reports/law-life.ts, src/reports/sctr.ts), built in a worker.
   * @throws ServiceBusyError when maxThreads + maxQueue exports are already under way
   * @throws whatever the builder throws (a TypeError for a record the schema should have refused)
   */
  async workbook (kind: 'sctr', employees: readonly SctrEmployee[]): Promise<Buffer>
  async workbook (kind: 'lawLife', employees: readonly LawLifeEmployee[]): Promise<Buffer>
  async workbook (kind: 'sctr' | 'lawLife', employees: readonly (SctrEmployee | LawLifeEmployee)[]): Promise<Buffer> {
    if (this.#inFlight >= this.maxThreads + this.maxQueue) throw new ServiceBusyError()
    checkDeadline(this.expectedWaitMs, this.#maxWaitMs)
    this.#inFlight++
    try {
      const bytes = await this.#pool.run({ kind, employees } as ReportTask) as Uint8Array
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    } catch (error) {
      throw asBusyError(error)
    } finally {
      this.#inFlight--
    }
  }

  /** Stops the workers; exports in flight are rejected. */
  async close (): Promise<void> {
    const pool = this.#piscina
    this.#piscina = undefined
    await pool?.destroy()
  }
}
