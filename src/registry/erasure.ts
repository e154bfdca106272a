/**
 * Erasure, not only deletion (Ley 29733 art. 8: the data notice promises cancellation; docs/registry.md
 * "Personal data at rest"): PostgreSQL's DELETE leaves the deleted rows in the table's files (dead
 * tuples, and their index entries) and in the write-ahead log until they are overwritten. After a
 * deletion of personal data the tables it touched are rewritten (`VACUUM FULL`: new files without the
 * dead rows, indexes and TOAST included; the old files are emptied at once and unlinked at the next
 * checkpoint), then the log is moved to a new segment and a checkpoint taken, so the segments that
 * held the deleted rows are no longer needed and are removed (PGlite runs with `wal_recycle=off`,
 * src/registry/worker.ts, so a segment is unlinked instead of renamed for reuse with its content).
 */
import { sql, type Kysely } from 'kysely'
import type { RegistryTables } from './tables.js'

/** SQLSTATE insufficient_privilege: a server role without `pg_checkpoint` or EXECUTE on pg_switch_wal. */
const INSUFFICIENT_PRIVILEGE = '42501'

/**
 * Rewrites `tables` (in this order; each `VACUUM FULL` holds an exclusive lock on its table while it
 * runs, so concurrent queries of it wait) and clears the write-ahead log of what they held: a
 * checkpoint, a switch to a new segment, a checkpoint. Runs outside any transaction (VACUUM cannot
 * run in one), on the database itself.
 * @returns `walCleared`: false when the server refused the checkpoint or the switch (a role without
 *   `pg_checkpoint`, or without EXECUTE on `pg_switch_wal()`): the table files are rewritten, and the
 *   log keeps the rows until PostgreSQL recycles its segments (docs/registry.md says what the operator does)
 * @throws the database's error for anything else (the rows stay deleted; the next deletion rewrites again)
 */
export async function eraseDeleted (
  db: Kysely<RegistryTables>, tables: ReadonlyArray<keyof RegistryTables>
): Promise<{ walCleared: boolean }> {
  for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(db)
  try {
    await sql`checkpoint`.execute(db)
    await sql`select pg_switch_wal()`.execute(db)
    await sql`checkpoint`.execute(db)
  } catch (error) {
    if ((error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) return { walCleared: false }
    throw error
  }
  return { walCleared: true }
}
