/**
 * Who changed a record, in the registry itself (docs/registry.md "What is recorded"): who marked a
 * contract or adenda signed and when (`signed_by`, `signed_at`), and each history entry deleted by
 * mistake (`history_deletions`: its id, its worker, who and when; the entry's content is erased,
 * Ley 29733 art. 8). A deletion goes with its worker when retention deletes the worker.
 */
import { sql, type Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('signed_by', 'text').execute()
  await db.schema.alterTable('contracts').addColumn('signed_at', 'timestamptz').execute()
  await db.schema.createTable('history_deletions')
    .addColumn('history_id', 'text', (column) => column.primaryKey())
    .addColumn('worker_dni', 'text', (column) => column.notNull().references('workers.dni').onDelete('cascade'))
    .addColumn('deleted_by', 'text')
    .addColumn('deleted_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('history_deletions_worker').on('history_deletions').column('worker_dni').execute()
}

export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('history_deletions').execute()
  await db.schema.alterTable('contracts').dropColumn('signed_at').execute()
  await db.schema.alterTable('contracts').dropColumn('signed_by').execute()
}
