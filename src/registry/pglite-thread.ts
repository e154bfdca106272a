/**
 * The embedded registry database in a thread of its own (src/registry/worker.ts, a one-thread
 * piscina pool): PGlite runs PostgreSQL as WebAssembly, whose every statement (and its start: initdb,
 * or loading a folder, for seconds) is CPU that would otherwise hold the event loop: health checks,
 * the first bytes of a ZIP, every other request. Each statement is a task sent to the thread and its
 * rows the answer; pgliteThreadDialect() is the Kysely dialect over it (Kysely's documented Driver
 * interface), with the same SQL as on a PostgreSQL server.
 */
import { Piscina } from 'piscina'
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings
} from 'kysely'
import { workerScript } from '../workers.js'
import { remainingMs, RegistryTimeoutError, within } from './deadline.js'
import type { RegistryAnswer, RegistryTask, RegistryWorkerData } from './worker.js'

/** A statement's result, as PGlite's `query` gives it. */
export interface ThreadQueryResult { rows: unknown[], affectedRows?: number }

/** A database error as the thread sent it: its message, and PostgreSQL's fields (`code`, `detail`, ...). */
export class DatabaseThreadError extends Error {
  /** PostgreSQL's SQLSTATE, e.g. `23505`, when the database raised it. */
  code?: string
  constructor (fields: Record<string, unknown>) {
    super(typeof fields.message === 'string' ? fields.message : 'registry database thread error')
    Object.assign(this, fields)
    this.name = 'DatabaseThreadError'
  }
}

const WORKER = workerScript(import.meta.url)

/** PGlite in a worker thread: a folder's database, or one in memory (from a migrated image, if given). */
export class PGliteThread {
  readonly #pool: Piscina<RegistryTask, RegistryAnswer>
  #ended: Error | undefined
  /** Resolves once the database is open in the thread; rejects when it cannot be opened. */
  readonly ready: Promise<void>

  /**
   * @param location a folder's database, or one in memory (from a migrated image, if given)
   * @param heapMb the thread's JavaScript heap limit, MiB: past it the thread ends (ERR_WORKER_OUT_OF_MEMORY),
   *   never the process; unset: Node's default
   */
  constructor (location: { dataDir: string } | { image?: ArrayBuffer }, heapMb?: number) {
    const workerData: RegistryWorkerData = 'dataDir' in location ? { dataDir: location.dataDir } : { image: location.image }
    // the image is copied into the thread, not moved: the process starts every later in-memory database from it
    this.#pool = new Piscina<RegistryTask, RegistryAnswer>({
      filename: WORKER.filename,
      execArgv: WORKER.execArgv,
      workerData,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      ...(heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heapMb } })
    })
    // a thread that ended (crashed, out of memory) took the database with it: nothing more is answered
    this.#pool.on('error', (error: Error) => { this.#ended ??= error })
    this.ready = this.#run({ ping: true }).then(() => {})
    this.ready.catch(() => {}) // seen by whoever awaits it; never an unhandled rejection
  }

  /** Whether the thread has ended: a database that will answer nothing more (open it again). */
  get ended (): boolean {
    return this.#ended !== undefined
  }

  async #run (task: RegistryTask): Promise<RegistryAnswer> {
    if (this.#ended !== undefined) throw this.#ended
    let answer: RegistryAnswer
    try {
      answer = await this.#pool.run(task)
    } catch (error) {
      // the worker answers every database error as data: a rejection is the thread's end (piscina
      // would start a fresh thread, whose database is not this one)
      this.#ended ??= error as Error
      throw error
    }
    if (!(answer instanceof ArrayBuffer) && 'error' in answer) throw new DatabaseThreadError(answer.error)
    return answer
  }

  /**
   * Runs one statement with its parameters ($1, $2, ...).
   * @throws DatabaseThreadError as PostgreSQL raised it; the thread's end as an Error
   */
  async query (sql: string, params: readonly unknown[] = []): Promise<ThreadQueryResult> {
    return await this.#run({ sql, params: [...params] }) as ThreadQueryResult
  }

  /** The data directory as an uncompressed tar (about 40 MB for a fresh database). */
  async dump (): Promise<ArrayBuffer> {
    return await this.#run({ dump: true }) as ArrayBuffer
  }

  /** Shuts PostgreSQL down cleanly (a folder's data is complete on disk), then ends the thread. */
  async close (): Promise<void> {
    try {
      if (this.#ended === undefined) await this.#run({ close: true })
    } catch {} // a database that never opened, or a thread that ended: nothing to shut down
    await this.#destroy()
  }

  /**
   * Ends the thread without shutting PostgreSQL down: nothing more is written (its folder was lost
   * or replaced, or the app closes while it is still opening); what is under way rejects.
   */
  async abandon (): Promise<void> {
    this.#ended ??= new Error('registry database abandoned')
    await this.#destroy()
  }

  #destroyed: Promise<void> | undefined
  async #destroy (): Promise<void> {
    this.#destroyed ??= this.#pool.destroy()
    await this.#destroyed
  }
}

/** Statements that end a transaction the thread's one connection holds: sent whatever the deadline. */
const ROLLBACK = /^\s*rollback\b/i

/** The one connection to the thread: its statements, in order. */
class ThreadConnection implements DatabaseConnection {
  readonly thread: PGliteThread
  constructor (thread: PGliteThread) {
    this.thread = thread
  }

  /**
   * Runs one statement, bounded by the deadline of the work under way (src/registry/deadline.ts):
   * none is sent once it passed, and one still unanswered when it passes is left to finish in the
   * thread (one statement at a time: the next waits for it) while its caller gets
   * RegistryTimeoutError. A rollback is always sent, so the connection is never handed on inside a
   * transaction.
   */
  async executeQuery<R> (compiled: CompiledQuery): Promise<QueryResult<R>> {
    const left = ROLLBACK.test(compiled.sql) ? undefined : remainingMs()
    if (left !== undefined && left <= 0) throw new RegistryTimeoutError(0)
    const { rows, affectedRows } = await within(this.thread.query(compiled.sql, compiled.parameters), left)
    const changed = affectedRows === undefined || affectedRows === 0 ? {} : { numAffectedRows: BigInt(affectedRows) }
    return { rows: rows as R[], ...changed }
  }

  async * streamQuery<R> (compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled)
  }
}

/**
 * Hands out the thread's single connection to one user at a time (a transaction holds it from
 * `begin` to `commit`); the others wait their turn, first come first served.
 */
class ThreadDriver implements Driver {
  readonly thread: PGliteThread
  readonly #connection: ThreadConnection
  #busy = false
  readonly #waiting: Array<() => void> = []

  constructor (thread: PGliteThread) {
    this.thread = thread
    this.#connection = new ThreadConnection(thread)
  }

  async init (): Promise<void> {
    await this.thread.ready
  }

  async acquireConnection (): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => { this.#waiting.push(resolve) })
    this.#busy = true
    const left = remainingMs()
    if (left !== undefined && left <= 0) {
      // its turn came after its deadline (its caller already answered): handed straight on
      await this.releaseConnection()
      throw new RegistryTimeoutError(0)
    }
    return this.#connection
  }

  async releaseConnection (): Promise<void> {
    const next = this.#waiting.shift()
    if (next === undefined) this.#busy = false
    else next() // still busy: handed straight to the next in line
  }

  async beginTransaction (connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel === undefined ? '' : ` isolation level ${settings.isolationLevel}`
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`))
  }

  async commitTransaction (connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction (connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy (): Promise<void> {
    await this.thread.close()
  }
}

/** Kysely's PostgreSQL dialect over a PGliteThread. */
export function pgliteThreadDialect (thread: PGliteThread): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ThreadDriver(thread),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db)
  }
}
