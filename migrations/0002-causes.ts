/**
 * The causes counsel reviews (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21; LPCL arts. 53-63,
 * 67, 72, 77 d): each objective cause a contract or adenda may print, with its modality, sites, text,
 * period and the days and hours it justifies, and its review: `proposed` (HR proposed it, never
 * printed), `approved` (counsel approved it: printed), `retired` (no longer printed; contracts that
 * printed it keep its id). The employer profile's causes seed it as approved. Every write takes the
 * next `causes_revision`, so an instance learns that its catalogue is stale from one `max(revision)`.
 */
import { sql, type Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  await sql`create sequence causes_revision`.execute(db)
  await db.schema.createTable('causes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('modality', 'text', (column) => column.notNull())
    .addColumn('sites', 'jsonb', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('period_from', 'date', (column) => column.notNull())
    .addColumn('period_to', 'date', (column) => column.notNull())
    .addColumn('justifies', 'jsonb')
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('proposed', 'approved', 'retired')`))
    .addColumn('proposed_by', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('retired_by', 'text')
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('revision', 'bigint', (column) => column.notNull().defaultTo(sql`nextval('causes_revision')`))
    .addCheckConstraint('causes_period', sql`period_to >= period_from`)
    .execute()
  await db.schema.createIndex('causes_status').on('causes').column('status').execute()
}

export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('causes').execute()
  await sql`drop sequence causes_revision`.execute(db)
}
