/**
 * The thread that runs the embedded registry database (PGlite: PostgreSQL compiled to WebAssembly)
 * off the event loop: a one-thread piscina pool that src/registry/pglite-thread.ts starts. Its
 * workerData says where the data lives (a folder, or memory) and, for memory, an optional migrated
 * image to start from. A task is one statement `{sql, params}`, `{dump: true}` (the data directory
 * as an uncompressed tar), `{close: true}` (PostgreSQL shut down cleanly) or `{ping: true}` (open
 * yet?); the answer is `{rows, affectedRows}`, the tar's bytes (moved, not copied), `{closed: true}`,
 * `{ready: true}` or `{error}` (a database error as data, its
 * PostgreSQL fields, such as `code`, kept: a thrown one would lose them on the way back).
 */
import { workerData } from 'node:worker_threads'
import { move } from 'piscina'
import { PGlite } from '@electric-sql/pglite'
import { nameThread } from '../workers.js'

/** What the thread is told at start. */
export interface RegistryWorkerData {
  /** An absolute folder, or undefined for memory. */
  dataDir?: string
  /** For memory: a migrated data directory (tar) to start from. */
  image?: ArrayBuffer
}

/** A task from the main thread. */
export type RegistryTask = { sql: string, params: unknown[] } | { dump: true } | { close: true } | { ping: true }

/** A task's answer. */
export type RegistryAnswer =
  | { rows: unknown[], affectedRows?: number }
  | ArrayBuffer
  | { closed: true }
  | { ready: true }
  | { error: Record<string, unknown> }

/** PostgreSQL's type id of `date`: read as its text (`YYYY-MM-DD`), never a shifted JavaScript Date. */
const DATE_OID = 1082

/** An error as plain data: what structured cloning keeps of it, PostgreSQL's fields included. */
function plain (error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  return fields
}

nameThread('registry') // its CPU told apart from the PDF workers' (top -H, bench/profile-zip.ts)
const { dataDir, image } = workerData as RegistryWorkerData
const parsers = { [DATE_OID]: (value: string) => value }
/**
 * PGlite's own start parameters; `wal_recycle=off`: a write-ahead log segment no longer needed is
 * unlinked, not renamed for reuse with the deleted rows it holds (src/registry/erasure.ts);
 * `shared_buffers=32MB`, not PostgreSQL's 128 MB, which the server touches whole at start (some 115 MB
 * resident at idle): an embedded registry's tables are a few MB a year and the files it reads stay in
 * the kernel's page cache.
 */
const { defaultStartParams } = PGlite as unknown as { defaultStartParams: string[] }
const startParams = [...defaultStartParams, '-c', 'wal_recycle=off', '-c', 'shared_buffers=32MB']
const database = dataDir !== undefined
  ? new PGlite({ dataDir, parsers, startParams })
  : new PGlite({ parsers, startParams, ...(image === undefined ? {} : { loadDataDir: new Blob([image]) }) })

/** Runs one task on the thread's database (PGlite runs one statement at a time, in arrival order). */
export default async function run (task: RegistryTask): Promise<RegistryAnswer> {
  try {
    await database.waitReady
    if ('ping' in task) return { ready: true }
    if ('close' in task) {
      await database.close()
      return { closed: true }
    }
    if ('dump' in task) {
      return move(await (await database.dumpDataDir('none')).arrayBuffer()) as ArrayBuffer
    }
    const result = await database.query(task.sql, task.params)
    return { rows: result.rows, affectedRows: result.affectedRows }
  } catch (error) {
    return { error: plain(error) }
  }
}
