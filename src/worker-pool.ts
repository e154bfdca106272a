/**
 * The bounded worker-thread pool the two thread pools are built on (src/documents/pdf-pool.ts renders
 * PDFs, src/reports/pool.ts builds the export workbooks): one way to start threads, one line limit,
 * one busy answer and one way to close. The upload reader is not one of them: it forks child
 * processes (src/spreadsheets/reader.ts), which a hostile file can kill without taking the service.
 *
 * - Start-up: threads start on the first task, or before it with warm() (outside tests the plugins
 *   warm one report thread and every PDF thread before listen); `minThreads` of them stay, the
 *   others retire after `idleTimeoutMs` without work.
 * - Line limit and busy answer: at most `maxThreads + maxQueue` tasks are under way (running or
 *   waiting), counted here, since piscina's own queue count misses the tasks its balancer queues on
 *   a worker; one more is refused at once with ServiceBusyError (503 with Retry-After) instead of
 *   queued without bound, where its caller's deadline could run out.
 * - Deadline (QUEUE_MAX_WAIT_MS, the report pool): a new task is refused when the tasks waiting
 *   for a thread would keep the threads busy longer than `maxWaitMs`. The PDF pool has none: the
 *   document routes bound their wait before they reach it (src/admission.ts).
 * - Closing: close() lets every task already taken finish, those still waiting for a thread too
 *   (piscina's own close() would reject them), then stops the threads; `open` is false from then
 *   on (readiness). A task given after close() began starts new threads.
 */
import { Piscina } from 'piscina'
import type { ResourceLimits, Transferable } from 'node:worker_threads'
import { ServiceBusyError } from './errors.js'
import { checkDeadline, expectedWaitMs } from './queue-deadline.js'

export interface WorkerPoolOptions {
  /** The worker file and its threads' Node options (src/workers.ts workerScript); without options, the process's. */
  worker: { filename: string, execArgv?: string[] }
  /** Threads kept once started, and at most. */
  minThreads: number
  maxThreads: number
  /** Tasks that may wait for a thread; one more than `maxThreads + maxQueue` under way is refused (503). */
  maxQueue: number
  /** A thread above `minThreads` retires after this long without work, ms; default never. */
  idleTimeoutMs?: number
  /** Given to every thread at its start (the compiled templates of the PDF workers). */
  workerData?: unknown
  /** V8 heap limits of each thread. */
  resourceLimits?: ResourceLimits
  /** Told of a worker lost between tasks (piscina replaces it); without it 'error' would crash the process. */
  onWorkerError?: (error: Error) => void
  /** QUEUE_MAX_WAIT_MS: a task expected to wait longer for a thread is refused (503, src/queue-deadline.ts). */
  maxWaitMs?: number
}

/** What the pool holds right now (read-only; tests and bench/aborts.ts check that nothing is left behind). */
export interface PoolStats {
  /** Tasks taken and not settled yet (running + waiting). */
  pending: number
  /** Of those, tasks waiting for a thread. */
  queued: number
  /** Tasks settled since the threads started. */
  completed: number
}

/** How long the median task time read from piscina's histogram is used before it is read again, ms. */
export const MEDIAN_REFRESH_MS = 250

export class WorkerPool<Task, Result> {
  readonly minThreads: number
  readonly maxThreads: number
  readonly maxQueue: number
  readonly #options: WorkerPoolOptions
  #piscina: Piscina<Task, Result> | undefined
  #closed = false
  #inFlight = 0
  /** The median task time last read (ms) and when (performance.now()). */
  #median = { ms: 0, at: Number.NEGATIVE_INFINITY }
  /** Set by warm(): at least one thread stays started. */
  #warm = false
  /** The tasks taken and not settled, for close() to wait for. */
  readonly #tasks = new Set<Promise<unknown>>()

  constructor (options: WorkerPoolOptions) {
    this.minThreads = options.minThreads
    this.maxThreads = Math.max(1, options.maxThreads)
    this.maxQueue = options.maxQueue
    this.#options = options
  }

  /** False once close() has begun, until a task starts the threads again (readiness). */
  get open (): boolean {
    return !this.#closed
  }

  /** Tasks that can still be given before the line is full: `maxQueue` when no task waits. */
  get capacity (): number {
    return this.maxQueue - Math.max(0, this.#inFlight - this.maxThreads)
  }

  /**
   * Expected wait (ms) of a task given now: the tasks taken beyond the threads shared by the
   * threads, times the median task time piscina measured (src/queue-deadline.ts); 0 before any
   * task completed.
   */
  get expectedWaitMs (): number {
    const pool = this.#piscina
    const ahead = this.#inFlight - this.maxThreads
    if (pool === undefined || pool.completed === 0 || ahead <= 0) return 0
    // piscina's summary computes every statistic of the histogram: read at most every MEDIAN_REFRESH_MS
    const now = performance.now()
    if (now - this.#median.at >= MEDIAN_REFRESH_MS) this.#median = { ms: pool.histogram.runTime.p50, at: now }
    return expectedWaitMs(ahead, this.maxThreads, this.#median.ms)
  }

  /** @throws ServiceBusyError (503 with Retry-After) when the expected wait exceeds `maxWaitMs` */
  checkDeadline (): void {
    checkDeadline(this.expectedWaitMs, this.#options.maxWaitMs ?? 0)
  }

  /** Starts the threads now (at least one, kept) before listen, so the first task finds a warm worker; returns them. */
  warm (): number {
    this.#warm = true
    return this.#workers().threads.length
  }

  /** Threads started now. */
  get threads (): number {
    return this.#piscina?.threads.length ?? 0
  }

  get stats (): PoolStats {
    return { pending: this.#inFlight, queued: this.#piscina?.queueSize ?? 0, completed: this.#piscina?.completed ?? 0 }
  }

  /**
   * Runs one task in a thread.
   * @param options.signal aborts the task (its promise rejects with an AbortError)
   * @param options.transferList moved to the thread rather than copied
   * @throws ServiceBusyError (503) when `maxThreads + maxQueue` tasks are already under way, or
   *   the expected wait exceeds `maxWaitMs`
   * @throws whatever the task throws in the thread
   */
  async run (
    task: Task, options: { signal?: AbortSignal, transferList?: Transferable[] } = {}
  ): Promise<Result> {
    if (this.#inFlight >= this.maxThreads + this.maxQueue) throw new ServiceBusyError()
    this.checkDeadline()
    const running = this.#workers().run(task, { signal: options.signal, transferList: options.transferList })
    this.#inFlight++
    this.#tasks.add(running)
    try {
      return await running
    } finally {
      this.#inFlight--
      this.#tasks.delete(running)
    }
  }

  /** Lets every task already taken finish (or fail), then stops the threads. */
  async close (): Promise<void> {
    this.#closed = true
    const workers = this.#piscina
    this.#piscina = undefined
    await Promise.allSettled([...this.#tasks])
    await workers?.destroy()
  }

  #workers (): Piscina<Task, Result> {
    if (this.#piscina !== undefined) return this.#piscina
    this.#closed = false
    const { worker, idleTimeoutMs, workerData, resourceLimits, onWorkerError } = this.#options
    this.#piscina = new Piscina<Task, Result>({
      filename: worker.filename,
      execArgv: worker.execArgv, // absent: the thread inherits the process's options (its loader)
      minThreads: Math.min(Math.max(this.minThreads, this.#warm ? 1 : 0), this.maxThreads),
      maxThreads: this.maxThreads,
      idleTimeout: idleTimeoutMs ?? Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      workerData,
      resourceLimits
    })
    this.#piscina.on('error', onWorkerError ?? (() => {}))
    return this.#piscina
  }
}
