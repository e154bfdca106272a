/**
 * The PDF pool, `app.pdfPool`: it renders every PDF the service makes (the contract, data notice and
 * annex of each employee, and the adendas), never on the event loop: piscina threads sized to the
 * cores, each holding the compiled templates, and a bounded queue, so that overload is refused
 * (ServiceBusyError, 503) instead of queued without bound (src/worker-pool.ts). The worker file:
 * src/workers.ts.
 */
import { setTimeout as delay } from 'node:timers/promises'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import { ServiceBusyError } from '../errors.js'
import { workerScript } from '../workers.js'
import { cpuCount } from '../cpus.js'
import { WorkerPool, type PoolStats } from '../worker-pool.js'
import { ZIP_TUNING } from '../zip/tuning.js'
import { contractEntryNames } from '../zip/names.js'
import type { RecordEntries } from '../zip/documents-zip.js'
import type { EngineData } from './engine-data.js'
import { CONTRACT_DOCUMENT, type TemplateId } from './fields.js'
import type { PdfTask, WorkerAddendum, WorkerDocument, WorkerEmployeeResult } from './worker.js'
import type { DocumentCodes } from './renderer.js'
import type { CauseSnapshot } from '../employer/cause-catalogue.js'

const WORKER = workerScript(import.meta.url)

/**
 * Young-generation cap of each PDF worker, MB. A 50-employee ZIP allocates a few tens of MB per
 * thread: at 4 MB the workers scavenged about six times each per ZIP (23 ms of pauses per ZIP, on two
 * cores with the helper threads), at 32 MB about once (11 ms); `npm run bench` W50 wall 72.9 → 61.1
 * ms, RSS about 60 MB more, and a 1000-employee ZIP still within 50 MB of a 50 one (memory flat in
 * the batch size).
 */
const YOUNG_GENERATION_MB = 32

export interface PoolOptions {
  /** Worker threads; 0 = one per CPU (src/cpus.ts: the cgroup quota, else the cores). */
  threads: number
  /** Tasks (a preview, an adenda, or a few employees of a ZIP) waiting for a thread before new work is refused. */
  maxQueue: number
  /** Called when a worker dies between tasks (piscina replaces it); without it 'error' would crash the process. */
  onWorkerError?: (error: Error) => void
  /** Called with the templates of the PDFs each successful task rendered (the documents counter). */
  onRendered?: (templates: readonly TemplateId[]) => void
  /**
   * The approved causes in force when they are not the profile's own (src/employer/cause-catalogue.ts),
   * read as each task is sent: the threads print from them.
   */
  causes?: () => CauseSnapshot | undefined
}

/**
 * One document of a ZIP in two parts: the template's bytes (the pool's own copy, shared by every
 * document of that template, never copied) and this document's update; `crc32` and `sha256` (hex)
 * are the whole's.
 */
export interface DocumentParts {
  template: TemplateId
  parts: [template: Uint8Array, update: Uint8Array]
  crc32: number
  sha256: string
}

/** The three documents of one employee, for the ZIP. */
export interface EmployeeDocumentParts { contract: DocumentParts, consent: DocumentParts, annex: DocumentParts }

export type { PoolStats }

export class PdfPool {
  readonly threads: number
  readonly maxQueue: number
  readonly #data: EngineData
  readonly #onRendered: (templates: readonly TemplateId[]) => void
  readonly #causes: () => CauseSnapshot | undefined
  readonly #pool: WorkerPool<PdfTask, unknown>

  constructor (data: EngineData, options: PoolOptions) {
    this.threads = options.threads > 0 ? options.threads : cpuCount()
    this.maxQueue = options.maxQueue
    this.#data = data
    this.#onRendered = options.onRendered ?? (() => {})
    this.#causes = options.causes ?? (() => undefined)
    this.#pool = new WorkerPool({
      worker: WORKER,
      workerData: data,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: options.maxQueue,
      // A task leaves a few hundred KB of garbage; without a cap the young generation of each
      // worker grows through a long batch and stays grown, so memory would not stay flat in the
      // batch size (YOUNG_GENERATION_MB above)
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      onWorkerError: options.onWorkerError
    })
  }

  /** What the threads started with: the compiled templates, the fonts and the employer profile read at start-up. */
  get engineData (): EngineData {
    return this.#data
  }

  /** Templates compiled at start-up, by id. */
  get templates (): string[] {
    return Object.keys(this.#data.templates)
  }

  /** False once close() has begun: no task is accepted any more (readiness). */
  get open (): boolean {
    return this.#pool.open
  }

  /**
   * Starts every thread and waits for each to answer: a broken worker file stops start-up.
   * Otherwise the threads start on first use.
   */
  async ready (): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.#run({ kind: 'ping' })))
  }

  /**
   * Free queue slots: the ZIP route refuses a batch up front (503) when the pool is saturated. (How
   * long requests wait is bounded before they reach the pool: src/admission.ts.)
   */
  get capacity (): number {
    return this.#pool.capacity
  }

  get stats (): PoolStats {
    return this.#pool.stats
  }

  /**
   * The contract PDF of one employee (preview: no verification code).
   * @throws ServiceBusyError when the queue is full
   */
  async contract (employee: ImportedEmployee): Promise<Uint8Array> {
    const pdf = await this.#run({ kind: 'contract', employee }) as Uint8Array
    this.#onRendered([CONTRACT_DOCUMENT[employee.contractType]]) // by document: the gendered variant is no label
    return pdf
  }

  /**
   * The data notice or the annex of one employee as a preview (their footers say "Vista previa": no
   * verification code, nothing recorded), one PDF.
   * @throws Error when its documents fail; ServiceBusyError when the queue is full
   */
  async previewDocument (employee: ImportedEmployee, document: 'tratamiento-datos' | 'anexo'): Promise<Uint8Array> {
    const [result] = await this.documentsBatch([employee])
    if (result instanceof Error) throw result
    return Buffer.concat((document === 'anexo' ? result.annex : result.consent).parts)
  }

  /**
   * Contract, consent and annex of each employee, for the ZIP, in one task (one message each way
   * however many employees): each document as its template's bytes and its update (only the update
   * comes from the thread). An employee whose documents fail gets an Error in its place; the others
   * are rendered.
   * @param codes the verification codes of each employee's documents (the registry's), printed in
   *   their footers; without them the footers say "Vista previa"
   * @throws ServiceBusyError when the queue is full
   */
  async documentsBatch (
    employees: readonly ImportedEmployee[], codes?: readonly DocumentCodes[]
  ): Promise<Array<EmployeeDocumentParts | Error>> {
    const task: PdfTask = { kind: 'documents', employees: [...employees], ...(codes === undefined ? {} : { codes: [...codes] }) }
    const results = await this.#run(task) as WorkerEmployeeResult[]
    const parts = (document: WorkerDocument): DocumentParts =>
      ({
        template: document.template,
        parts: [this.#data.templates[document.template].base, document.update],
        crc32: document.crc32,
        sha256: document.sha256
      })
    return results.map((result, index) => {
      if ('error' in result) return new Error(result.error)
      this.#onRendered([CONTRACT_DOCUMENT[employees[index].contractType], 'tratamiento-datos', 'anexo'])
      const [contract, consent, annex] = result.documents
      return { contract: parts(contract), consent: parts(consent), annex: parts(annex) }
    })
  }

  /**
   * The contracts ZIP's entries of each employee (documentsBatch with the entry names of
   * src/zip/names.ts, D18): contract, consent and annex under the contract type's folder, ready
   * for src/zip/documents-zip.ts, each with its SHA-256; an Error in place of an employee whose
   * documents failed.
   * @param codes as documentsBatch
   * @throws ServiceBusyError when the queue is full
   */
  async zipEntries (
    employees: readonly ImportedEmployee[], codes?: readonly DocumentCodes[]
  ): Promise<RecordEntries[]> {
    return (await this.documentsBatch(employees, codes)).map((documents, index) => {
      if (documents instanceof Error) return documents
      const names = contractEntryNames(employees[index])
      return [documents.contract, documents.consent, documents.annex].map((document, at) =>
        ({ name: names[at], parts: document.parts, crc32: document.crc32, sha256: document.sha256 }))
    })
  }

  /**
   * The adenda of one addendum record, its footer saying it is a preview.
   * @throws ServiceBusyError when the queue is full
   */
  async addendum (addendum: AddendumRequest, signingDate: string): Promise<Uint8Array> {
    const { pdf } = await this.#run({ kind: 'addendum', addendum, signingDate }) as WorkerAddendum
    this.#onRendered(['adenda'])
    return pdf
  }

  /**
   * An issued adenda (the ZIP): `code` (the registry's) in its footer, and the SHA-256 (hex) of its bytes.
   * @throws ServiceBusyError when the queue is full
   */
  async issuedAddendum (
    addendum: AddendumRequest, signingDate: string, code: string
  ): Promise<{ pdf: Uint8Array, sha256: string }> {
    const { pdf, sha256 } = await this.#run({ kind: 'addendum', addendum, signingDate, code }) as WorkerAddendum
    this.#onRendered(['adenda'])
    return { pdf, sha256: sha256 as string }
  }

  /**
   * `render()` (one of the methods above), waiting and retrying while the queue is full: for a ZIP
   * that was already admitted (its headers are out), slowing down beats losing a record to errores.txt.
   * @throws ServiceBusyError after `attempts` tries; whatever the render throws
   */
  async whenFree<T> (
    render: () => Promise<T>,
    signal: AbortSignal,
    attempts: number = ZIP_TUNING.busyRetries,
    delayMs: number = ZIP_TUNING.busyRetryDelayMs
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await render()
      } catch (error) {
        if (!(error instanceof ServiceBusyError) || attempt >= attempts || signal.aborted) throw error
        await delay(delayMs)
      }
    }
  }

  /** Lets the tasks already taken finish, then stops the threads (src/worker-pool.ts). */
  async close (): Promise<void> {
    await this.#pool.close()
  }

  async #run (task: PdfTask): Promise<unknown> {
    const causes = task.kind === 'ping' ? undefined : this.#causes()
    return await this.#pool.run(causes === undefined ? task : { ...task, causes })
  }
}
