/**
 * The registry's database (docs/registry.md): PostgreSQL through Kysely, one SQL dialect for both
 * places it lives. With a `postgres://` URL, a server every instance shares (node-postgres pool; TLS
 * as the URL's `sslmode` says); otherwise PGlite, PostgreSQL compiled to WebAssembly, embedded in a
 * folder (created mode 0700: it holds personal data, Ley 29733) or in memory (`memory://`).
 * Migrations (migrations/) are applied on open. SQL `date`s come back as `YYYY-MM-DD` text on both,
 * never as a JavaScript Date shifted by the host's time zone.
 */
import { chmodSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely'
import { PGlite } from '@electric-sql/pglite'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { MIGRATIONS } from '../../migrations/index.js'
import type { RegistryTables } from './tables.js'

/** PostgreSQL's type id of `date`: read as its text. */
const DATE_OID = 1082

/** Where the registry lives: a PostgreSQL URL, or PGlite's folder (`memory://` for none). */
export type DatabaseLocation = { kind: 'postgres', url: string } | { kind: 'pglite', dataDir: string }

/** An open registry database. */
export interface RegistryDatabase {
  db: Kysely<RegistryTables>
  location: DatabaseLocation['kind']
  close: () => Promise<void>
}

/**
 * Opens the database and applies every pending migration.
 * @param options.connectTimeoutMs how long a PostgreSQL connection may take (ms)
 * @throws the driver's error when the server cannot be reached or a migration fails
 */
export async function openDatabase (
  location: DatabaseLocation, options: { connectTimeoutMs?: number } = {}
): Promise<RegistryDatabase> {
  let dialect: Dialect
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      max: 10,
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser }
    })
    // an idle client's error (the server restarted) is not the process's: the next query reconnects
    pool.on('error', () => {})
    dialect = new PostgresDialect({ pool })
  } else {
    let dataDir: string | undefined
    if (location.dataDir !== 'memory://') {
      dataDir = resolve(location.dataDir)
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      chmodSync(dataDir, 0o700)
    }
    const parsers = { [DATE_OID]: (value: string) => value }
    if (dataDir === undefined) return await openInMemory(parsers)
    dialect = new PGliteDialect(new PGlite({ dataDir, parsers }))
  }
  return await migrated(new Kysely<RegistryTables>({ dialect }), location.kind)
}

/** `db` with every pending migration applied; destroyed when one fails. */
async function migrated (db: Kysely<RegistryTables>, kind: DatabaseLocation['kind']): Promise<RegistryDatabase> {
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    const { error } = await migrator.migrateToLatest()
    if (error !== undefined) throw error
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, location: kind, close: async () => { await db.destroy() } }
}

/**
 * A freshly migrated in-memory database as a PGlite data-directory image (uncompressed tar, about
 * 40 MB): every later `memory://` database starts from a copy of it (about 0.5 s) instead of running
 * initdb and the migrations again (about 3 s of CPU). Made by the process's first one, or given by
 * useMemoryImage. Tests open one per app.
 */
let migratedImage: Promise<Blob> | undefined

/**
 * Starts later `memory://` databases from `image`, one that memoryImage() gave for the same
 * migrations and PGlite version (test/support/helper.ts keeps one on disk for the test files).
 */
export function useMemoryImage (image: Blob): void {
  migratedImage = Promise.resolve(image)
}

/** The image `memory://` databases start from, once one has been made or given; undefined before. */
export async function memoryImage (): Promise<Blob | undefined> {
  return await migratedImage?.catch(() => undefined)
}

/** A `memory://` PGlite database, empty and migrated. */
async function openInMemory (parsers: Record<number, (value: string) => unknown>): Promise<RegistryDatabase> {
  const image = migratedImage === undefined ? undefined : await migratedImage.catch(() => undefined)
  if (image !== undefined) {
    return await migrated(new Kysely<RegistryTables>({ dialect: new PGliteDialect(new PGlite({ loadDataDir: image, parsers })) }), 'pglite')
  }
  const client = new PGlite({ parsers })
  const open = await migrated(new Kysely<RegistryTables>({ dialect: new PGliteDialect(client) }), 'pglite')
  // taken before the database is handed out, so the image holds the schema and nothing else
  migratedImage = client.dumpDataDir('none')
  await migratedImage.catch(() => {})
  return open
}

/** One round trip to the database: resolves when it answers, rejects otherwise. */
export async function pingDatabase (db: Kysely<RegistryTables>): Promise<void> {
  await sql`select 1`.execute(db)
}
