/**
 * Reads uploads in a small worker pool (piscina): parsing a large workbook takes from tens of ms
 * to about a second (scripts/measure-import.ts), which must not stall health checks and other
 * requests. Each worker has a heap cap and each read a deadline; a file that exhausts either is
 * refused as corrupt and the worker is replaced, so a hostile file costs one worker, never the
 * process. The pool's start-up, line limit, busy answer and closing: src/worker-pool.ts.
 */
import { MessageChannel } from 'node:worker_threads'
import type { ImportKind } from './columns.js'
import { CorruptSpreadsheetError, RowsPastLimitError, TooManyRowsError } from './errors.js'
import type { ReadSheet } from './import.js'
import type { ReadResult, ReadTask } from './read.js'
import type { SpreadsheetFormat } from './formats.js'
import type { ZipLimits } from './zip-guard.js'
import { ServiceBusyError } from '../errors.js'
import { FROM_SOURCE, UNDER_TSX, workerScript } from '../workers.js'
import { WorkerPool } from '../worker-pool.js'
import { cpuCount } from '../cpus.js'

export interface ReaderOptions {
  /** Worker threads (default: half the CPUs of src/cpus.ts, at least 1, at most 4). */
  maxThreads?: number
  /**
   * Reads that may wait for a worker (default 16); one more is refused with a 503 rather than
   * queued without bound, where its deadline could run out and read as a corrupt file.
   */
  maxQueue?: number
  /** Deadline of one read, from the moment a worker starts it (waiting not included), ms (default 30 000). */
  timeoutMs?: number
  /** V8 old-generation cap of each worker, MB (default 1024). */
  maxHeapMb?: number
  /** Zip guard limits (default ZIP_LIMITS); tests lower them. */
  zipLimits?: ZipLimits
  /**
   * Parse on the calling thread instead (default: only when running from TypeScript source
   * under tsx, `npm run dev`, where the worker's SheetJS import fails: see src/workers.ts).
   */
  inline?: boolean
  /** Told of a worker that failed outside a read (it is replaced); default: ignored. */
  onWorkerError?: (error: Error) => void
  /** Told how each read ended (the reads counter); default: ignored. */
  onRead?: (format: SpreadsheetFormat, outcome: ReadOutcome) => void
}

/** How a read ended: parsed, refused as corrupt or too long, refused as busy (503), or failed otherwise. */
export type ReadOutcome = 'ok' | 'corrupt' | 'too_many_rows' | 'busy' | 'error'

function outcomeOf (error: unknown): ReadOutcome {
  if (error instanceof CorruptSpreadsheetError) return 'corrupt'
  if (error instanceof TooManyRowsError) return 'too_many_rows'
  if (error instanceof ServiceBusyError) return 'busy'
  return 'error'
}

/** The worker file; it inherits the parent's loader (no tsx options: see src/workers.ts). */
const WORKER = workerScript(import.meta.url).filename

/** A worker that died of its heap cap, or a read past its deadline. */
function isResourceFailure (error: unknown): boolean {
  const { code, name } = error as { code?: string, name?: string }
  return code === 'ERR_WORKER_OUT_OF_MEMORY' || name === 'AbortError'
}

export class SpreadsheetReader {
  readonly #options: Required<Omit<ReaderOptions, 'zipLimits'>> & Pick<ReaderOptions, 'zipLimits'>
  readonly #pool: WorkerPool<ReadTask, ReadResult>

  constructor (options: ReaderOptions = {}) {
    this.#options = {
      maxThreads: options.maxThreads ?? Math.min(4, Math.max(1, Math.floor(cpuCount() / 2))),
      maxQueue: options.maxQueue ?? 16,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxHeapMb: options.maxHeapMb ?? 1024,
      zipLimits: options.zipLimits,
      inline: options.inline ?? (FROM_SOURCE && UNDER_TSX),
      onWorkerError: options.onWorkerError ?? (() => {}),
      onRead: options.onRead ?? (() => {})
    }
    // Started on first use, so an app that never imports starts no thread.
    this.#pool = new WorkerPool({
      worker: { filename: WORKER },
      minThreads: 0,
      maxThreads: this.#options.maxThreads,
      maxQueue: this.#options.maxQueue,
      idleTimeoutMs: 5 * 60_000, // a cold worker costs ~0.2 s; HR re-uploads a corrected file within minutes
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb },
      onWorkerError: this.#options.onWorkerError
    })
  }

  /**
   * Starts one thread now (before listen) and keeps it (the others retire when idle), so that the
   * first upload finds a warm worker. Nothing when reads run inline.
   */
  warm (): void {
    if (!this.#options.inline) this.#pool.warm()
  }

  /** Threads at most. */
  get maxThreads (): number {
    return this.#options.maxThreads
  }

  /** False once close() has begun (readiness). */
  get open (): boolean {
    return this.#pool.open
  }

  /**
   * Reads the first sheet of an upload into rows of the kind's columns (read.ts, in a worker).
   * @param maxRows D5 batch limit of the endpoint
   * @throws CorruptSpreadsheetError (400) bytes that do not match the format, zip guard, parse
   *   failure, heap cap or deadline
   * @throws TooManyRowsError (400) more than maxRows data rows
   * @throws RowsPastLimitError (400) a workbook cell past lastAllowedRow(maxRows)
   * @throws ServiceBusyError (503) when maxThreads + maxQueue reads are already under way
   */
  async read (bytes: Uint8Array, format: SpreadsheetFormat, kind: ImportKind, maxRows: number): Promise<ReadSheet> {
    try {
      const sheet = await this.#read(bytes, format, kind, maxRows)
      this.#options.onRead(format, 'ok')
      return sheet
    } catch (error) {
      this.#options.onRead(format, outcomeOf(error))
      throw error
    }
  }

  async #read (bytes: Uint8Array, format: SpreadsheetFormat, kind: ImportKind, maxRows: number): Promise<ReadSheet> {
    const task: ReadTask = { bytes, format, kind, maxRows, zipLimits: this.#options.zipLimits }
    let result: ReadResult
    try {
      result = this.#options.inline
        ? await (await import('./read.js')).readSpreadsheet(task) // SheetJS loads only where parsing happens
        : await this.#runWithDeadline(task)
    } catch (error) {
      if (isResourceFailure(error)) throw new CorruptSpreadsheetError(`worker: ${(error as Error).message}`)
      throw error
    }
    if (result.status === 'corrupt') throw new CorruptSpreadsheetError(result.reason)
    if (result.status === 'tooManyRows') throw new TooManyRowsError(maxRows)
    if (result.status === 'rowsPastLimit') throw new RowsPastLimitError(result.lastRow, result.allowed)
    return result
  }

  /**
   * Runs a read in a worker with a deadline that starts when a worker takes it (the worker says
   * so on `started`), so time spent waiting behind other uploads never counts against it.
   */
  async #runWithDeadline (task: ReadTask): Promise<ReadResult> {
    const controller = new AbortController()
    const { port1, port2 } = new MessageChannel()
    let deadline: NodeJS.Timeout | undefined
    port1.once('message', () => { deadline = setTimeout(() => controller.abort(), this.#options.timeoutMs) })
    try {
      const options = { signal: controller.signal, transferList: [port2] }
      return await this.#pool.run({ ...task, started: port2 }, options)
    } finally {
      clearTimeout(deadline)
      port1.close()
    }
  }

  /** Lets the reads under way finish (each has its deadline), then stops the workers. */
  async close (): Promise<void> {
    await this.#pool.close()
  }
}
