/**
 * Builds the report workbooks (Vida Ley, SCTR, the photocheck's .xlsx) in worker threads: even our own writer
 * (src/reports/xlsx.ts) spends about 1.5 ms of CPU on a 50-row workbook, which on the event loop
 * would delay every other request (health checks, the ZIPs being streamed) by as much per export.
 * The main thread only sends the
 * validated records and receives the bytes (moved, not copied). The line is bounded: past it an
 * export is refused with ServiceBusyError (503 with Retry-After) instead of queued without bound.
 */
import type { LawLifeEmployee, PhotocheckEmployee, SctrEmployee } from '../../schemas/reports.js'
import { workerScript } from '../workers.js'
import { cpuCount } from '../cpus.js'
import { WorkerPool } from '../worker-pool.js'
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
  readonly #pool: WorkerPool<ReportTask, Uint8Array>
  readonly #onWorkerError: (error: Error) => void
  #warming = false

  constructor (options: ReportPoolOptions = {}) {
    this.maxThreads = options.maxThreads ?? cpuCount()
    this.maxQueue = options.maxQueue ?? 64
    this.#onWorkerError = options.onWorkerError ?? (() => {})
    // Threads start on first use, or the first at warm() (plugins/report-pool.ts: before listen, outside tests).
    this.#pool = new WorkerPool({
      worker: WORKER,
      minThreads: 1,
      maxThreads: this.maxThreads,
      maxQueue: this.maxQueue,
      idleTimeoutMs: 60_000, // threads past the first retire after a minute without exports
      maxWaitMs: options.maxWaitMs,
      onWorkerError: options.onWorkerError
    })
  }

  /**
   * Starts the first thread now (at start-up, plugins/report-pool.ts) and has it answer, its modules
   * loaded, so that the first export finds a warm worker; `warming` until then (readiness). A thread
   * that fails to answer is told to onWorkerError; the next export starts another.
   */
  async warm (): Promise<void> {
    this.#pool.warm()
    this.#warming = true
    try {
      await this.#pool.run({ kind: 'ping' })
    } catch (error) {
      this.#onWorkerError(error as Error)
    } finally {
      this.#warming = false
    }
  }

  /** Whether warm() has begun and its thread has not answered yet (readiness: not ready while warming). */
  get warming (): boolean {
    return this.#warming
  }

  /** Threads started now. */
  get threads (): number {
    return this.#pool.threads
  }

  /** Exports running or waiting now (tests and the load scripts check that none is left). */
  get pending (): number {
    return this.#pool.stats.pending
  }

  /**
   * The .xlsx bytes of one report (src/reports/law-life.ts, sctr.ts, photocheck.ts), built in a worker.
   * @throws ServiceBusyError when maxThreads + maxQueue exports are already under way
   * @throws whatever the builder throws (a TypeError for a record the schema should have refused)
   */
  async workbook (kind: 'sctr', employees: readonly SctrEmployee[]): Promise<Buffer>
  async workbook (kind: 'lawLife', employees: readonly LawLifeEmployee[]): Promise<Buffer>
  async workbook (kind: 'photocheck', employees: readonly PhotocheckEmployee[]): Promise<Buffer>
  async workbook (kind: ReportTask['kind'], employees: readonly (SctrEmployee | LawLifeEmployee | PhotocheckEmployee)[]): Promise<Buffer> {
    const bytes = await this.#pool.run({ kind, employees } as ReportTask)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  /** Lets the exports under way finish, then stops the workers; the next export starts them again. */
  async close (): Promise<void> {
    await this.#pool.close()
  }
}
