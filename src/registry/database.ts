/**
 * The registry's database (docs/registry.md): PostgreSQL through Kysely, one SQL dialect for both
 * places it lives. With a `postgres://` URL, a server every instance shares (node-postgres pool; TLS
 * as the URL's `sslmode` says); otherwise PGlite, PostgreSQL compiled to WebAssembly, embedded in a
 * folder (created mode 0700: it holds personal data, Ley 29733) or in memory (`memory://`), run in a
 * thread of its own (src/registry/pglite-thread.ts) so its CPU never holds the event loop.
 * Migrations (migrations/) are applied on open. SQL `date`s come back as `YYYY-MM-DD` text on both,
 * never as a JavaScript Date shifted by the host's time zone.
 */
import { chmodSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import { PGliteThread, pgliteThreadDialect } from './pglite-thread.js'
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
  close: () => Promise<void>
}

/**
 * Opens the database and applies every pending migration.
 * @param options.connectTimeoutMs how long a PostgreSQL connection may take (ms)
 * @param options.onLockLost told when a PGlite folder's lock is lost while open (see lockFolder)
 * @throws FolderInUseError while another process holds a PGlite folder; the driver's error when the
 *   server cannot be reached or a migration fails
 */
export async function openDatabase (
  location: DatabaseLocation, options: { connectTimeoutMs?: number, onLockLost?: (error: Error) => void } = {}
): Promise<RegistryDatabase> {
  if (location.kind === 'pglite') {
    if (location.dataDir === 'memory://') return await openInMemory()
    const dataDir = resolve(location.dataDir)
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    chmodSync(dataDir, 0o700)
    const release = await lockFolder(dataDir, options.onLockLost ?? (() => {}))
    try {
      const open = await openThread(new PGliteThread({ dataDir }))
      return { ...open, close: async () => { await open.close(); await release() } }
    } catch (error) {
      await release()
      throw error
    }
  }
  const pool = new pg.Pool({
    connectionString: location.url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    max: 10,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser }
  })
  // an idle client's error (the server restarted) is not the process's: the next query reconnects
  pool.on('error', () => {})
  return await migrated(new Kysely<RegistryTables>({ dialect: new PostgresDialect({ pool }) }), 'postgres', () => true)
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
  return { db, location: kind, alive, close: async () => { await db.destroy() } }
}

/** PGlite's database in `thread`, migrated. */
async function openThread (thread: PGliteThread): Promise<RegistryDatabase> {
  return await migrated(new Kysely<RegistryTables>({ dialect: pgliteThreadDialect(thread) }), 'pglite', () => !thread.ended)
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
async function openInMemory (): Promise<RegistryDatabase> {
  const image = await memoryImage()
  if (image !== undefined) return await openThread(new PGliteThread({ image }))
  const thread = new PGliteThread({})
  const open = await openThread(thread)
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
