/**
 * The registry's database (docs/registry.md): PostgreSQL through Kysely, one SQL dialect for both
 * places it lives. With a `postgres://` URL, a server every instance shares (node-postgres pool; TLS
 * as the URL's `sslmode` says); otherwise PGlite, PostgreSQL compiled to WebAssembly, embedded in a
 * folder (created mode 0700: it holds personal data, Ley 29733) or in memory (`memory://`), run in a
 * thread of its own (src/registry/pglite-thread.ts) so its CPU never holds the event loop.
 * Migrations (migrations/) are applied on open. SQL `date`s come back as `YYYY-MM-DD` text on both,
 * never as a JavaScript Date shifted by the host's time zone.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Kysely, Migrator, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import { PGliteThread, pgliteThreadDialect } from './pglite-thread.js'
import { remainingMs, RegistryTimeoutError, within } from './deadline.js'
import { MIGRATIONS } from '../../migrations/index.js'
import type { RegistryTables } from './tables.js'

/** PostgreSQL's type id of `date`: read as its text (PGlite's thread does the same, src/registry/worker.ts). */
const DATE_OID = 1082

/** Where the registry lives: a PostgreSQL URL, or PGlite's folder (`memory://` for none). */
export type DatabaseLocation = { kind: 'postgres', url: string } | { kind: 'pglite', dataDir: string }

/** An open registry database. */
export interface RegistryDatabase {
  db: Kysely<RegistryTables>
  location: DatabaseLocation['kind']
  /** False once the database can answer nothing more (PGlite's thread ended): open it again. */
  alive: () => boolean
  /**
   * PGlite in a folder: `missing` once DATA_DIR's folder is gone, `replaced` once another folder
   * (another inode) stands at its path; undefined while it is the one opened, and elsewhere.
   */
  folderLost: () => 'missing' | 'replaced' | undefined
  close: () => Promise<void>
  /** Ends the database without writing anything more (PGlite's thread stopped, no shutdown): its folder was lost. */
  abandon: () => Promise<void>
}

/** What openDatabase is told. */
export interface OpenOptions {
  /** How long a PostgreSQL connection may take (ms); default 5000. */
  connectTimeoutMs?: number
  /**
   * PostgreSQL: `statement_timeout` and, doubled, `idle_in_transaction_session_timeout` of each
   * connection (ms), and the client-side bound of a statement sent outside a request's deadline
   * (src/registry/deadline.ts); default 5000.
   */
  queryTimeoutMs?: number
  /** PGlite: its thread's JavaScript heap limit, MiB (past it the thread ends, not the process); default Node's. */
  threadHeapMb?: number
  /** Told of every error a PostgreSQL connection emits (its socket closed, its backend terminated): never thrown. */
  onConnectionError?: (error: Error) => void
  /** Told when a PGlite folder's lock is lost while open (see lockFolder). */
  onLockLost?: (error: Error) => void
  /**
   * Cuts an open under way short where that is safe: PGlite in memory, or a folder that already held
   * a database (PostgreSQL recovers from an open cut short as from a crash; never a first initdb).
   * The open then rejects. For the app closing during a slow first start (app/server.ts).
   */
  signal?: AbortSignal
}

/**
 * Opens the database and applies every pending migration.
 * @throws FolderInUseError while another process holds a PGlite folder; the driver's error when the
 *   server cannot be reached or a migration fails
 */
export async function openDatabase (location: DatabaseLocation, options: OpenOptions = {}): Promise<RegistryDatabase> {
  if (location.kind === 'pglite') {
    if (location.dataDir === 'memory://') return await openInMemory(options.signal, options.threadHeapMb)
    const dataDir = resolve(location.dataDir)
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    chmodSync(dataDir, 0o700)
    const opened = statSync(dataDir)
    const folderLost = (): 'missing' | 'replaced' | undefined => {
      const now = statSync(dataDir, { throwIfNoEntry: false })
      if (now === undefined || !now.isDirectory()) return 'missing'
      return now.ino === opened.ino && now.dev === opened.dev ? undefined : 'replaced'
    }
    const initialised = existsSync(join(dataDir, 'PG_VERSION'))
    const release = await lockFolder(dataDir, options.onLockLost ?? (() => {}))
    try {
      if (!initialised) {
        // a first start: initdb and the migrations in a thread of their own, ended before the one that
        // serves starts. PGlite's initdb runs in a WebAssembly instance of its own, whose memory (some
        // 250 MB resident) the thread otherwise keeps for as long as it lives.
        await (await openThread(new PGliteThread({ dataDir }, options.threadHeapMb))).close()
      }
      const thread = new PGliteThread({ dataDir }, options.threadHeapMb)
      const open = await openThread(thread, options.signal)
      return {
        ...open,
        folderLost,
        close: async () => { await open.close(); await release() },
        abandon: async () => { await open.abandon(); await release() }
      }
    } catch (error) {
      await release()
      throw error
    }
  }
  const queryTimeoutMs = options.queryTimeoutMs ?? 5000
  const pool = new pg.Pool({
    connectionString: location.url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    max: 10,
    // the server's own bounds: a statement, and a transaction left open by a client that stalled
    statement_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: 2 * queryTimeoutMs,
    // a network path that drops without a reset is found by the kernel, not only by a deadline
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser }
  })
  const onError = options.onConnectionError ?? (() => {})
  // node-postgres emits `error` on an idle client (through the pool) and on a checked-out one (on the
  // client itself: the pool listens only while it is idle) when its socket closes or its backend is
  // terminated; an `error` nobody listens to ends the process. The client is dropped (pg-pool
  // removes a client that is no longer queryable) and the next use connects again.
  pool.on('error', (error) => { onError(error) })
  pool.on('connect', (client) => { client.on('error', (error) => { onError(error) }) })
  const dialect = new PostgresDialect({ pool: new DeadlinePool(pool, queryTimeoutMs) })
  return await migrated(new Kysely<RegistryTables>({ dialect }), 'postgres', () => true)
}

/**
 * Kysely's PostgresPool over node-postgres's, with the deadline of src/registry/deadline.ts: a
 * connection obtained after the work's deadline is handed back unused, no statement is sent past it,
 * and a statement still unanswered when it passes drops its connection (released with an error:
 * pg-pool ends it), so a stalled server holds no request longer than its deadline. Outside any
 * deadline a statement gets `queryTimeoutMs`.
 */
class DeadlinePool implements PostgresPool {
  readonly #pool: pg.Pool
  readonly #queryTimeoutMs: number
  constructor (pool: pg.Pool, queryTimeoutMs: number) {
    this.#pool = pool
    this.#queryTimeoutMs = queryTimeoutMs
  }

  async connect (): Promise<PostgresPoolClient> {
    const connecting = this.#pool.connect()
    let client: pg.PoolClient
    try {
      client = await within(connecting, remainingMs())
    } catch (error) {
      // a connection that comes after the deadline goes back to the pool unused
      if (error instanceof RegistryTimeoutError) connecting.then((late) => { late.release() }, () => {})
      throw error
    }
    const left = remainingMs()
    if (left !== undefined && left <= 0) {
      client.release()
      throw new RegistryTimeoutError(0)
    }
    return new DeadlineClient(client, this.#queryTimeoutMs)
  }

  async end (): Promise<void> {
    await this.#pool.end()
  }
}

/** One checkout of a node-postgres client (DeadlinePool). */
class DeadlineClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient
  readonly #queryTimeoutMs: number
  #released = false
  #broken = false
  constructor (client: pg.PoolClient, queryTimeoutMs: number) {
    this.#client = client
    this.#queryTimeoutMs = queryTimeoutMs
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>
  query (): never
  async query<R> (sql?: string, parameters?: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    if (typeof sql !== 'string') throw new Error('cursors are not used by the registry')
    if (this.#broken) throw new Error('contract registry connection dropped at its deadline')
    const sent = this.#client.query(sql, [...(parameters ?? [])]) as unknown as Promise<PostgresQueryResult<R>>
    return await within(sent, remainingMs() ?? this.#queryTimeoutMs, () => { this.#drop() })
  }

  /** Ends the connection (its statement never answered in time): the pool replaces it. */
  #drop (): void {
    this.#broken = true
    this.release(true)
  }

  release (destroy?: boolean): void {
    if (this.#released) return
    this.#released = true
    this.#client.release(destroy === true || this.#broken ? new Error('contract registry connection dropped') : undefined)
  }
}

/** `db` with every pending migration applied; destroyed when one fails. */
async function migrated (db: Kysely<RegistryTables>, kind: DatabaseLocation['kind'], alive: () => boolean): Promise<RegistryDatabase> {
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    const { error } = await migrator.migrateToLatest()
    if (error !== undefined) throw error
  } catch (error) {
    await db.destroy()
    throw error
  }
  const close = async () => { await db.destroy() }
  return { db, location: kind, alive, folderLost: () => undefined, close, abandon: close }
}

/** PGlite's database in `thread`, migrated; `signal` abandons the thread while it opens. */
async function openThread (thread: PGliteThread, signal?: AbortSignal): Promise<RegistryDatabase> {
  const abandon = () => { thread.abandon().catch(() => {}) }
  if (signal?.aborted === true) abandon()
  signal?.addEventListener('abort', abandon, { once: true })
  try {
    const open = await migrated(new Kysely<RegistryTables>({ dialect: pgliteThreadDialect(thread) }), 'pglite', () => !thread.ended)
    return { ...open, abandon: async () => { await thread.abandon() } }
  } finally {
    signal?.removeEventListener('abort', abandon)
  }
}

/**
 * A freshly migrated in-memory database as a PGlite data-directory image (uncompressed tar, about
 * 40 MB): every later `memory://` database starts from a copy of it (about 0.5 s) instead of running
 * initdb and the migrations again (about 3 s of CPU). Made by the process's first one, or given by
 * useMemoryImage. Tests open one per app.
 */
let migratedImage: Promise<ArrayBuffer> | undefined

/**
 * Starts later `memory://` databases from `image`, one that memoryImage() gave for the same
 * migrations and PGlite version (test/support/helper.ts keeps one on disk for the test files).
 */
export function useMemoryImage (image: ArrayBuffer): void {
  migratedImage = Promise.resolve(image)
}

/** The image `memory://` databases start from, once one has been made or given; undefined before. */
export async function memoryImage (): Promise<ArrayBuffer | undefined> {
  return await migratedImage?.catch(() => undefined)
}

/** A `memory://` PGlite database, empty and migrated. */
async function openInMemory (signal?: AbortSignal, heapMb?: number): Promise<RegistryDatabase> {
  const image = await memoryImage()
  if (image !== undefined) return await openThread(new PGliteThread({ image }, heapMb), signal)
  const thread = new PGliteThread({}, heapMb)
  const open = await openThread(thread, signal)
  // taken before the database is handed out, so the image holds the schema and nothing else
  migratedImage = thread.dump()
  await migratedImage.catch(() => {})
  return open
}

/** ms after which a folder's lock whose holder stopped refreshing it (a killed process) is taken over. */
export const LOCK_STALE_MS = 30_000

/**
 * Takes `dataDir` for this process: PGlite is one process's database, and two on one folder would
 * corrupt it. The lock (proper-lockfile: a `.lock` folder beside it, refreshed every 10 s) is taken
 * over once its holder has not refreshed it for LOCK_STALE_MS (a crash): a restart right after a
 * crash waits that long, not ready, then opens by itself.
 * @returns what releases it
 * @throws FolderInUseError while another live process holds it
 */
async function lockFolder (dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  try {
    const release = await lockfile.lock(dataDir, {
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 3,
      realpath: false,
      // the lock lost (its folder removed, a clock jump): no longer sure to be alone on the folder
      onCompromised: onLost
    })
    return async () => { await release().catch(() => {}) }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new FolderInUseError(dataDir)
    throw error
  }
}

/** Another process holds the PGlite folder (DATA_DIR): one instance per folder (docs/registry.md). */
export class FolderInUseError extends Error {
  constructor (dataDir: string) {
    super(`${dataDir} is in use by another process: one instance per DATA_DIR; several instances share a PostgreSQL server (DATABASE_URL)`)
    this.name = 'FolderInUseError'
  }
}

/** One round trip to the database: resolves when it answers, rejects otherwise. */
export async function pingDatabase (db: Kysely<RegistryTables>): Promise<void> {
  await sql`select 1`.execute(db)
}
