/**
 * Reads uploads in a few child processes (worker.ts): parsing a large workbook takes from tens of
 * ms to about a second (scripts/measure-import.ts), which must not stall health checks and other
 * requests, and a hostile file must never end the service. Worker threads could not promise that:
 * a thread that reached its heap cap while a zlib stream was half made took the whole process down
 * with a native abort (docs/import.md). A child process that dies is only an exit code here.
 *
 * Each child has a heap cap and each read a deadline; a file that exhausts either (or crashes the
 * child in any other way) is refused as corrupt and the child is replaced at once. Reads wait in a
 * bounded line; one whose client has gone is dropped from it (or its child stopped, if it had
 * started). An idle child exits after `idleMs`, giving its memory back.
 */
import { fork, type ChildProcess } from 'node:child_process'
import type { Socket } from 'node:net'
import { setPriority } from 'node:os'
import { cpuCount } from '../cpus.js'
import { cgroupMemoryLimit } from '../cgroup.js'
import type { ImportKind } from './columns.js'
import { CorruptSpreadsheetError, RowsPastLimitError, TooManyRowsError, WorkbookTooLargeError } from './errors.js'
import type { WorkbookCounts } from './bounds.js'
import type { ReadSheet } from './import.js'
import type { ReadResult, ReadTask } from './read.js'
import type { ChildMessage } from './worker.js'
import type { SpreadsheetFormat } from './formats.js'
import type { ZipLimits } from './zip-guard.js'
import { ClientGoneError, ServiceBusyError } from '../errors.js'
import { WORKER_NICE, workerScript } from '../workers.js'

export interface ReaderOptions {
  /** Child processes (default: half the CPUs of src/cpus.ts, at least 1, at most 4). */
  maxProcesses?: number
  /**
   * Reads that may wait for a child (default 16); one more is refused with a 503 rather than
   * queued without bound.
   */
  maxQueue?: number
  /**
   * Deadline of one read, from the moment a child starts it (waiting not included), ms (default
   * 10 000; SPREADSHEET_READ_TIMEOUT_MS): the whole read, so it bounds the CPU one file can take.
   */
  timeoutMs?: number
  /** V8 old-generation cap of each child, MiB (default: readerHeapCapMb under the cgroup's memory limit, else 1024). */
  maxHeapMb?: number
  /** A child with nothing to read exits after this long, ms (default 60 000). */
  idleMs?: number
  /**
   * Reads waiting this long with no progress (no child became ready, started or finished a read)
   * make the reader unhealthy (readiness), ms (default: timeoutMs + 15 000, a deadline and a start).
   */
  stuckMs?: number
  /** Zip guard limits (default ZIP_LIMITS); tests lower them. */
  zipLimits?: ZipLimits
  /** Workbook bounds (default WORKBOOK_LIMITS, bounds.ts); tests change them. */
  workbookLimits?: WorkbookCounts
  /** Parse on the calling thread instead (default false; tests and scripts). */
  inline?: boolean
  /** Told of a child that ended abnormally (it is replaced); default: ignored. */
  onWorkerError?: (error: Error) => void
  /** Told how each read ended (the reads counter); default: ignored. */
  onRead?: (format: SpreadsheetFormat, outcome: ReadOutcome) => void
}

/**
 * How a read ended: parsed, refused as corrupt, too long or too large (bounds.ts), refused as busy
 * (503), dropped because its client left, or failed otherwise.
 */
export type ReadOutcome = 'ok' | 'corrupt' | 'too_many_rows' | 'too_large' | 'busy' | 'client_gone' | 'error'

function outcomeOf (error: unknown): ReadOutcome {
  if (error instanceof CorruptSpreadsheetError) return 'corrupt'
  if (error instanceof TooManyRowsError) return 'too_many_rows'
  if (error instanceof WorkbookTooLargeError) return 'too_large'
  if (error instanceof ServiceBusyError) return 'busy'
  if (error instanceof ClientGoneError) return 'client_gone'
  return 'error'
}

/**
 * The memory plan behind the children's heap cap (docs/production.md, "Memory and the reader's heap
 * cap"), MiB, measured on the 2-core development machine with Node 20: the service process at rest
 * with its modules and templates; what each CPU adds to it (a PDF thread, about 40, and a report
 * thread, about 60); a reader child idle with SheetJS loaded (84 measured); the cap's bounds (a
 * 10 MB .xlsx peaks about 130 MiB above a child's base, docs/import.md).
 */
export const READER_MEMORY_PLAN_MB = { service: 250, perCpu: 100, childBase: 96, minHeap: 128, maxHeap: 1024 } as const

/**
 * The V8 heap cap of each reader child under a memory limit (systemd `MemoryMax=`, a container's
 * limit), MiB: what the limit leaves after the service process (`service + perCpu × cpus`), shared by
 * the children, less each child's own base; at most 1024, at least 128 (below that the limit is too
 * small for these defaults: lower the threads or raise it). So a hostile file meets its child's heap
 * cap, and is refused as corrupt, before the cgroup's OOM killer ends the whole service.
 * @param memoryLimitBytes the cgroup's limit (src/cgroup.ts); undefined: none, the cap is 1024
 * @param processes the reader's child processes; @param cpus the CPUs the pools are sized for (src/cpus.ts)
 */
export function readerHeapCapMb (memoryLimitBytes: number | undefined, processes: number, cpus: number): number {
  const { service, perCpu, childBase, minHeap, maxHeap } = READER_MEMORY_PLAN_MB
  if (memoryLimitBytes === undefined) return maxHeap
  const leftMb = memoryLimitBytes / (1024 * 1024) - service - perCpu * cpus
  return Math.min(maxHeap, Math.max(minHeap, Math.floor(leftMb / Math.max(1, processes) - childBase)))
}

/** Children that die before they are ready, in a row, after which the reader stops starting them. */
const MAX_START_FAILURES = 3
/** What is kept of a child's stderr, to say why it died. */
const STDERR_TAIL_CHARS = 4096
/**
 * Default deadline of one read, ms: a 10 MB workbook reads in about a second (docs/import.md), a
 * hostile one (a 60 MB cell zipped into 61 KB) in 2-11 s.
 */
const DEFAULT_TIMEOUT_MS = 10_000
/** Time a child may take to start (load SheetJS) before a waiting line counts as stuck, ms. */
const START_ALLOWANCE_MS = 15_000

/**
 * Whether a child keeps this process's event loop alive: while it reads, yes; idle, no (its
 * process handle, IPC channel and stderr pipe are all unreferenced), so a script or a test that
 * is done exits without closing the reader.
 */
function holdOpen (child: ChildProcess, hold: boolean): void {
  const handles = [child, child.channel, child.stderr as Socket | null]
  for (const handle of handles) {
    if (hold) handle?.ref()
    else handle?.unref()
  }
}

/** One read, from read() until it settles. */
interface Job {
  task: ReadTask
  resolve: (result: ReadResult) => void
  reject: (error: unknown) => void
  signal: AbortSignal | undefined
  /** Removes the job's abort listener. */
  forget: () => void
}

/** One child and what it is doing. */
interface Child {
  process: ChildProcess
  ready: boolean
  job: Job | undefined
  deadline: NodeJS.Timeout | undefined
  idle: NodeJS.Timeout | undefined
  /** Why the reader killed it (deadline, client gone, idle, close), if it did. */
  killedFor: 'deadline' | 'client' | 'idle' | 'close' | 'send' | undefined
  stderr: string
}

export class SpreadsheetReader {
  readonly #options: Required<Omit<ReaderOptions, 'zipLimits' | 'workbookLimits'>> & Pick<ReaderOptions, 'zipLimits' | 'workbookLimits'>
  readonly #children = new Set<Child>()
  readonly #queue: Job[] = []
  #closed = false
  #startFailures = 0
  /** Settles the warm-up (warm()): set from its start until a child is ready or the reader gives up. */
  #warmed: (() => void) | undefined
  /** Last time a child became ready, started or finished a read (stuck detection), ms since epoch. */
  #lastProgress = Date.now()

  constructor (options: ReaderOptions = {}) {
    const cpus = cpuCount()
    const maxProcesses = options.maxProcesses ?? Math.min(4, Math.max(1, Math.floor(cpus / 2)))
    this.#options = {
      maxProcesses,
      maxQueue: options.maxQueue ?? 16,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxHeapMb: options.maxHeapMb ?? readerHeapCapMb(cgroupMemoryLimit(), maxProcesses, cpus),
      idleMs: options.idleMs ?? 60_000,
      stuckMs: options.stuckMs ?? (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + START_ALLOWANCE_MS,
      zipLimits: options.zipLimits,
      workbookLimits: options.workbookLimits,
      inline: options.inline ?? false,
      onWorkerError: options.onWorkerError ?? (() => {}),
      onRead: options.onRead ?? (() => {})
    }
  }

  /**
   * Starts one child now (at start-up), so that the first upload after a start finds it ready (no
   * cold worker: docs/production.md); it exits after `idleMs` unused, like any other. Resolves once a
   * child is ready, or the reader gave up starting one (then not `healthy`) or closed; `warming` until
   * then (readiness). Nothing inline.
   */
  async warm (): Promise<void> {
    if (this.#options.inline || this.#closed || [...this.#children].some((child) => child.ready)) return
    const warmed = new Promise<void>((resolve) => { this.#warmed = resolve })
    if (this.#children.size === 0) this.#spawn()
    await warmed
  }

  /** Whether warm() waits for its first child to be ready (readiness: not ready while warming). */
  get warming (): boolean {
    return this.#warmed !== undefined
  }

  #endWarmUp (): void {
    this.#warmed?.()
    this.#warmed = undefined
  }

  /** Child processes at most. */
  get maxProcesses (): number {
    return this.#options.maxProcesses
  }

  /** The V8 heap cap of each child, MiB (`--max-old-space-size`). */
  get maxHeapMb (): number {
    return this.#options.maxHeapMb
  }

  /** False once close() has begun (readiness). */
  get open (): boolean {
    return !this.#closed
  }

  /**
   * Whether the reader can serve reads (readiness): open, its children can start, and reads that
   * wait see progress (a child became ready, started or finished a read) at least every
   * `stuckMs`; a line that waits longer than that is stuck.
   */
  get healthy (): boolean {
    if (this.#closed || this.#startFailures >= MAX_START_FAILURES) return false
    if (this.#queue.length === 0) return true
    return Date.now() - this.#lastProgress <= this.#options.stuckMs
  }

  /** Children alive (their process ids) and reads waiting for one (tests, metrics). */
  get stats (): { children: number, pids: number[], waiting: number } {
    const pids = [...this.#children].flatMap((child) => (child.process.pid === undefined ? [] : [child.process.pid]))
    return { children: this.#children.size, pids, waiting: this.#queue.length }
  }

  /**
   * Reads the first sheet of an upload into rows of the kind's columns (read.ts, in a child).
   * @param maxRows D5 batch limit of the endpoint
   * @param signal aborts when the client has gone: the read is dropped (ClientGoneError)
   * @throws CorruptSpreadsheetError (400) bytes that do not match the format, zip guard, parse
   *   failure, heap cap, deadline or any other death of the child
   * @throws TooManyRowsError (400) more than maxRows data rows
   * @throws RowsPastLimitError (400) a workbook cell past lastAllowedRow(maxRows)
   * @throws WorkbookTooLargeError (400) more sheets, shared strings or cells than bounds.ts allows
   * @throws ServiceBusyError (503) when maxProcesses + maxQueue reads are already under way
   * @throws ClientGoneError (499) when `signal` aborted before the read ended
   */
  async read (
    bytes: Uint8Array, format: SpreadsheetFormat, kind: ImportKind, maxRows: number, signal?: AbortSignal
  ): Promise<ReadSheet> {
    try {
      const sheet = await this.#read(bytes, format, kind, maxRows, signal)
      this.#options.onRead(format, 'ok')
      return sheet
    } catch (error) {
      this.#options.onRead(format, outcomeOf(error))
      throw error
    }
  }

  async #read (
    bytes: Uint8Array, format: SpreadsheetFormat, kind: ImportKind, maxRows: number, signal?: AbortSignal
  ): Promise<ReadSheet> {
    const { zipLimits, workbookLimits } = this.#options
    const task: ReadTask = { bytes, format, kind, maxRows, zipLimits, workbookLimits }
    if (signal?.aborted === true) throw new ClientGoneError()
    const result = this.#options.inline
      ? await (await import('./read.js')).readSpreadsheet(task) // SheetJS loads only where parsing happens
      : await this.#inChild(task, signal)
    if (result.status === 'corrupt') throw new CorruptSpreadsheetError(result.reason)
    if (result.status === 'tooManyRows') throw new TooManyRowsError(maxRows, result.rows)
    if (result.status === 'rowsPastLimit') throw new RowsPastLimitError(result.lastRow, result.allowed)
    if (result.status === 'overBounds') throw new WorkbookTooLargeError(result.message)
    return result
  }

  #inChild (task: ReadTask, signal: AbortSignal | undefined): Promise<ReadResult> {
    if (this.#closed) return Promise.reject(new ServiceBusyError())
    const running = [...this.#children].filter((child) => child.job !== undefined).length
    if (running + this.#queue.length >= this.#options.maxProcesses + this.#options.maxQueue) {
      return Promise.reject(new ServiceBusyError())
    }
    return new Promise<ReadResult>((resolve, reject) => {
      const job: Job = { task, resolve, reject, signal, forget: () => {} }
      if (signal !== undefined) {
        const onAbort = (): void => { this.#clientGone(job) }
        signal.addEventListener('abort', onAbort, { once: true })
        job.forget = () => { signal.removeEventListener('abort', onAbort) }
      }
      if (this.#queue.length === 0) this.#lastProgress = Date.now() // a line starts: its wait counts from now
      this.#queue.push(job)
      this.#dispatch()
    })
  }

  /** Settles a job once (its abort listener removed). */
  #settle (job: Job, outcome: { result: ReadResult } | { error: unknown }): void {
    job.forget()
    if ('result' in outcome) job.resolve(outcome.result)
    else job.reject(outcome.error)
  }

  /** The client of `job` has gone: out of the line, or its child stopped if it had started. */
  #clientGone (job: Job): void {
    const at = this.#queue.indexOf(job)
    if (at >= 0) {
      this.#queue.splice(at, 1)
      this.#settle(job, { error: new ClientGoneError() })
      return
    }
    const child = [...this.#children].find((candidate) => candidate.job === job)
    if (child !== undefined) this.#kill(child, 'client')
  }

  /** Hands waiting reads to ready idle children, starting children up to maxProcesses. */
  #dispatch (): void {
    if (this.#closed) return
    for (const child of this.#children) {
      if (this.#queue.length === 0) return
      if (!child.ready || child.job !== undefined) continue
      const job = this.#queue.shift() as Job
      clearTimeout(child.idle)
      child.job = job
      holdOpen(child.process, true)
      child.process.send(job.task, (error) => { if (error !== null) this.#kill(child, 'send') })
    }
    const starting = [...this.#children].filter((child) => !child.ready).length
    const wanted = Math.min(this.#queue.length - starting, this.#options.maxProcesses - this.#children.size)
    if (this.#startFailures >= MAX_START_FAILURES) {
      this.#failQueue(new Error(`spreadsheet reader: ${this.#startFailures} children died before they were ready`))
      return
    }
    for (let i = 0; i < wanted; i++) this.#spawn()
  }

  #failQueue (error: Error): void {
    for (const job of this.#queue.splice(0)) this.#settle(job, { error })
  }

  #spawn (): Child {
    const script = workerScript(import.meta.url)
    const handle = fork(script.filename, [], {
      execArgv: [...script.execArgv, `--max-old-space-size=${this.#options.maxHeapMb}`],
      serialization: 'advanced', // Uint8Array in, plain data out, without JSON
      stdio: ['ignore', 'inherit', 'pipe', 'ipc']
    })
    const child: Child = { process: handle, ready: false, job: undefined, deadline: undefined, idle: undefined, killedFor: undefined, stderr: '' }
    this.#children.add(child)
    try {
      if (handle.pid !== undefined) setPriority(handle.pid, WORKER_NICE) // the event loop first (src/workers.ts)
    } catch {}
    handle.stderr?.setEncoding('utf8')
    handle.stderr?.on('data', (text: string) => { child.stderr = (child.stderr + text).slice(-STDERR_TAIL_CHARS) })
    handle.on('message', (message: ChildMessage) => { this.#onMessage(child, message) })
    let ended = false
    const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error): void => {
      if (ended) return
      ended = true
      this.#onExit(child, code, signal, error)
    }
    handle.once('exit', (code, signal) => { end(code, signal) })
    handle.on('error', (error) => { end(null, null, error) })
    return child
  }

  #onMessage (child: Child, message: ChildMessage): void {
    this.#lastProgress = Date.now()
    if (message.type === 'ready') {
      child.ready = true
      this.#startFailures = 0
      this.#endWarmUp()
      this.#idle(child)
      this.#dispatch()
    } else if (message.type === 'started') {
      child.deadline = setTimeout(() => { this.#kill(child, 'deadline') }, this.#options.timeoutMs)
    } else {
      const job = child.job
      clearTimeout(child.deadline)
      child.job = undefined
      if (job !== undefined) {
        this.#settle(job, message.type === 'result' ? { result: message.result } : { error: new Error(message.message) })
      }
      this.#idle(child)
      this.#dispatch()
    }
  }

  /** A child with no read: unreferenced (it does not hold the process open) and on its idle timer. */
  #idle (child: Child): void {
    if (child.job !== undefined) return
    holdOpen(child.process, false)
    clearTimeout(child.idle)
    child.idle = setTimeout(() => { this.#kill(child, 'idle') }, this.#options.idleMs)
    child.idle.unref()
  }

  #kill (child: Child, reason: NonNullable<Child['killedFor']>): void {
    child.killedFor ??= reason
    child.process.kill('SIGKILL')
  }

  /** Why a child that was reading died, as the corrupt file's `reason` (for the logs). */
  #deathReason (child: Child, code: number | null, signal: NodeJS.Signals | null, error?: Error): string {
    if (child.killedFor === 'deadline') return `worker: read aborted at its ${this.#options.timeoutMs} ms deadline`
    if (/heap out of memory|Reached heap limit/i.test(child.stderr)) {
      return `worker: out of memory (heap cap ${this.#options.maxHeapMb} MB)`
    }
    const last = child.stderr.trim().split('\n').pop() ?? ''
    return `worker: process ended (${error?.message ?? signal ?? `exit code ${code}`})${last === '' ? '' : `: ${last}`}`
  }

  #onExit (child: Child, code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    this.#children.delete(child)
    clearTimeout(child.deadline)
    clearTimeout(child.idle)
    const job = child.job
    child.job = undefined
    const wasReady = child.ready
    const expected = child.killedFor === 'idle' || child.killedFor === 'close'
    if (job !== undefined) {
      this.#settle(job, {
        error: child.killedFor === 'client'
          ? new ClientGoneError()
          : new CorruptSpreadsheetError(this.#deathReason(child, code, signal, error))
      })
    }
    if (this.#closed) return
    if (!wasReady) this.#startFailures++
    if (this.#startFailures >= MAX_START_FAILURES) this.#endWarmUp() // given up: readiness says so through `healthy`
    if (!expected && child.killedFor !== 'client') {
      this.#options.onWorkerError(new Error(this.#deathReason(child, code, signal, error)))
    }
    this.#lastProgress = Date.now()
    // replaced at once: a child that died reading (not one that was idle) is started again even
    // with nothing waiting, so the next upload does not pay for the start
    if (!expected && this.#startFailures < MAX_START_FAILURES && this.#children.size < this.#options.maxProcesses) {
      this.#spawn()
    }
    this.#dispatch()
  }

  /** Stops the children; reads in flight or waiting are refused (503). */
  async close (): Promise<void> {
    this.#closed = true
    this.#endWarmUp()
    this.#failQueue(new ServiceBusyError())
    const exits = [...this.#children].map((child) => new Promise<void>((resolve) => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve()
      child.process.once('exit', () => { resolve() })
      holdOpen(child.process, true) // an idle child is unreferenced: its exit would not be awaited
      this.#kill(child, 'close')
    }))
    for (const child of this.#children) {
      if (child.job !== undefined) this.#settle(child.job, { error: new ServiceBusyError() })
      child.job = undefined
    }
    await Promise.all(exits)
  }
}
