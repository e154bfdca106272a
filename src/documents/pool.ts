/**
 * The PDF worker pool (generation never runs on the event loop): piscina threads sized to the
 * cores, each holding the compiled templates, and a bounded queue, so that overload is refused
 * (ServiceBusyError, 503) instead of queued without bound. The worker file: src/workers.ts.
 */
import { cpuCount } from '../cpus.js'
import { setTimeout as delay } from 'node:timers/promises'
import { Piscina } from 'piscina'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import { ServiceBusyError } from '../errors.js'
import { asBusyError, workerScript } from '../workers.js'
import type { EngineData } from './engine-data.js'
import { CONTRACT_DOCUMENT, type TemplateId } from './fields.js'
import type { PdfTask, WorkerDocument, WorkerEmployeeResult } from './worker.js'
import { checkDeadline, expectedWaitMs } from '../queue-deadline.js'

const WORKER = workerScript(import.meta.url)

/**
 * Employees per documentsBatch() task in the contracts ZIP (after the first task, which has one so
 * that the first entry goes out at once): fewer messages between threads, less idle time in the workers.
 */
export const EMPLOYEES_PER_ZIP_TASK = 4

/** Young-generation cap of each PDF worker, MB. */
const YOUNG_GENERATION_MB = 4

export interface PoolOptions {
  /** Worker threads; 0 = one per CPU (src/cpus.ts: the cgroup quota, else the cores). */
  threads: number
  /** Tasks (a preview, an adenda, or a few employees of a ZIP) waiting for a thread before new work is refused. */
  maxQueue: number
  /** Called when a worker dies between tasks (piscina replaces it); without it 'error' would crash the process. */
  onWorkerError?: (error: Error) => void
  /** Called with the templates of the PDFs each successful task rendered (the documents counter). */
  onRendered?: (templates: readonly TemplateId[]) => void
  /** QUEUE_MAX_WAIT_MS: a new request expected to wait longer for a thread is refused (503); 0 = no deadline. */
  maxWaitMs?: number
}

/**
 * One document of a ZIP in two parts: the template's bytes (the pool's own copy, shared by every
 * document of that template, never copied) and this document's update; `crc32` is the whole's.
 */
export interface DocumentParts {
  template: TemplateId
  parts: [template: Uint8Array, update: Uint8Array]
  crc32: number
}

/** The three documents of one employee, for the ZIP. */
export interface EmployeeDocumentParts { contract: DocumentParts, consent: DocumentParts, annex: DocumentParts }

/** The bytes of a document given in parts (a copy). */
export function wholeDocument (document: DocumentParts): Uint8Array {
  return Buffer.concat(document.parts)
}

/** What the pool holds right now (read-only; tests and bench/aborts.ts check that nothing is left behind). */
export interface PoolStats {
  /** Tasks handed to the threads and not settled yet (running + queued). */
  pending: number
  /** Of those, tasks waiting for a thread. */
  queued: number
  /** Tasks settled since start. */
  completed: number
}

export class ContractPool {
  readonly threads: number
  readonly maxQueue: number
  readonly #data: EngineData
  readonly #onWorkerError: (error: Error) => void
  readonly #onRendered: (templates: readonly TemplateId[]) => void
  #piscina: Piscina | undefined
  #closed = false
  #pending = 0
  readonly #maxWaitMs: number
  /** Set only while whenFree() hands a task over: an admitted ZIP's tasks are never refused by the deadline. */
  #admitted = false

  constructor (data: EngineData, options: PoolOptions) {
    this.threads = options.threads > 0 ? options.threads : cpuCount()
    this.maxQueue = options.maxQueue
    this.#maxWaitMs = options.maxWaitMs ?? 0
    this.#data = data
    this.#onWorkerError = options.onWorkerError ?? (() => {})
    this.#onRendered = options.onRendered ?? (() => {})
  }

  /** Templates compiled at start-up, by id. */
  get templates (): string[] {
    return Object.keys(this.#data.templates)
  }

  /** False once close() has begun: no task is accepted any more (readiness). */
  get open (): boolean {
    return !this.#closed
  }

  /** The threads start on first use, or at start-up through ready(). */
  get #pool (): Piscina {
    if (this.#piscina !== undefined) return this.#piscina
    this.#piscina = new Piscina({
      filename: WORKER.filename,
      execArgv: WORKER.execArgv,
      workerData: this.#data,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: this.maxQueue,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      // A task leaves a few hundred KB of garbage; without a cap the young generation of each
      // worker grows through a long batch and stays grown (a 1000-employee ZIP measured about
      // 20 MB more peak RSS than with it), so memory would not stay flat in the batch size.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
    })
    this.#piscina.on('error', this.#onWorkerError)
    return this.#piscina
  }

  /** Starts every thread and waits for each to answer: a broken worker file stops start-up. */
  async ready (): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.#run({ kind: 'ping' })))
  }

  /** Free queue slots: the ZIP route refuses a batch up front (503) when the pool is saturated. */
  get capacity (): number {
    return this.maxQueue - (this.#piscina?.queueSize ?? 0)
  }

  /** Expected wait (ms) of a task handed over now (src/queue-deadline.ts). */
  get expectedWaitMs (): number {
    const pool = this.#piscina
    if (pool === undefined || pool.completed === 0) return 0
    return expectedWaitMs(pool.queueSize, this.threads, pool.histogram.runTime.p50)
  }

  /**
   * Refuses a new request, before any work, when its expected wait exceeds QUEUE_MAX_WAIT_MS (the
   * single-document methods call it; the ZIP route calls it once, up front).
   * @throws ServiceBusyError (503) with Retry-After
   */
  checkDeadline (): void {
    checkDeadline(this.expectedWaitMs, this.#maxWaitMs)
  }

  get stats (): PoolStats {
    return { pending: this.#pending, queued: this.#piscina?.queueSize ?? 0, completed: this.#piscina?.completed ?? 0 }
  }

  /** The contract PDF of one employee (preview). @throws ServiceBusyError when the queue is full */
  async contract (employee: ImportedEmployee): Promise<Uint8Array> {
    const pdf = await this.#run({ kind: 'contract', employee }) as Uint8Array
    this.#onRendered([CONTRACT_DOCUMENT[employee.contractType]]) // by document: the gendered variant is no label
    return pdf
  }

  /**
   * Contract, consent and annex of each employee, for the ZIP, in one task (one message each way
   * however many employees): each document as its template's bytes and its update (only the update
   * comes from the thread). An employee whose documents fail gets an Error in its place; the others
   * are rendered.
   * @throws ServiceBusyError when the queue is full
   */
  async documentsBatch (employees: readonly ImportedEmployee[]): Promise<Array<EmployeeDocumentParts | Error>> {
    const results = await this.#run({ kind: 'documents', employees: [...employees] }) as WorkerEmployeeResult[]
    const parts = (document: WorkerDocument): DocumentParts =>
      ({
        template: document.template,
        parts: [this.#data.templates[document.template].base, document.update],
        crc32: document.crc32
      })
    return results.map((result, index) => {
      if ('error' in result) return new Error(result.error)
      this.#onRendered([CONTRACT_DOCUMENT[employees[index].contractType], 'tratamiento-datos', 'anexo'])
      const [contract, consent, annex] = result.documents
      return { contract: parts(contract), consent: parts(consent), annex: parts(annex) }
    })
  }

  /**
   * The documents of one employee (documentsBatch of one).
   * @throws ServiceBusyError when the queue is full; the render's error
   */
  async documents (employee: ImportedEmployee): Promise<EmployeeDocumentParts> {
    const [result] = await this.documentsBatch([employee])
    if (result instanceof Error) throw result
    return result
  }

  /** The adenda of one addendum record (preview and ZIP). @throws ServiceBusyError when the queue is full */
  async addendum (addendum: AddendumRequest, signingDate: string): Promise<Uint8Array> {
    const pdf = await this.#run({ kind: 'addendum', addendum, signingDate }) as Uint8Array
    this.#onRendered(['adenda'])
    return pdf
  }

  /**
   * `render()` (one of the methods above), waiting and retrying while the queue is full: for a ZIP
   * that was already admitted (its headers are out), slowing down beats losing a record to errores.txt.
   * @throws ServiceBusyError after `attempts` tries; whatever the render throws
   */
  async whenFree<T> (render: () => Promise<T>, signal: AbortSignal, attempts = 200, delayMs = 10): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        let rendering: Promise<T>
        this.#admitted = true // read by #run, synchronously, within render()
        try {
          rendering = render()
        } finally {
          this.#admitted = false
        }
        return await rendering
      } catch (error) {
        if (!(error instanceof ServiceBusyError) || attempt >= attempts || signal.aborted) throw error
        await delay(delayMs)
      }
    }
  }

  async close (): Promise<void> {
    this.#closed = true
    await this.#piscina?.close()
  }

  async #run (task: PdfTask): Promise<unknown> {
    if (!this.#admitted) this.checkDeadline()
    this.#pending++
    try {
      return await this.#pool.run(task)
    } catch (error) {
      throw asBusyError(error)
    } finally {
      this.#pending--
    }
  }
}
