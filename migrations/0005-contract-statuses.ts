/**
 * What is known to be signed (docs/registry.md "Statuses"; DOCUMENT-REQUIREMENTS §39; LPCL art. 72):
 * a contract or adenda may also be `withdrawn` (never signed, never worked) or `ended` (before its
 * printed end, `ended_on`); a signature says how it was made (`signed_via`: `paper` or `electronic`)
 * and when the worker's copy was handed over (`copy_delivered_on`, `copy_delivered_via`). Every
 * change of status is a row of `contract_events`, append-only, from which the status is rebuilt;
 * the scans of paper signatures live in `contract_scans` (every instance sees them), each with its
 * SHA-256. The marks made before this migration were the JSON form (paper, no scan): they take
 * `signed_via = 'paper'`, their copy delivered on the signing day (§30), and one event each, as do
 * the reprints' supersessions.
 */
import { sql, type Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  // 0001 declared the status check on the column: PostgreSQL named it contracts_status_check
  await sql`alter table contracts drop constraint contracts_status_check`.execute(db)
  await db.schema.alterTable('contracts')
    .addCheckConstraint('contracts_status_check', sql`status in ('issued', 'signed', 'withdrawn', 'ended', 'superseded')`).execute()
  await db.schema.alterTable('contracts')
    .addColumn('signed_via', 'text', (column) => column.check(sql`signed_via in ('paper', 'electronic')`))
    .addColumn('ended_on', 'date')
    .addColumn('copy_delivered_on', 'date')
    .addColumn('copy_delivered_via', 'text')
    .execute()
  await db.schema.createIndex('contracts_status').on('contracts').columns(['status', 'entry_date']).execute()
  await db.schema.createTable('contract_events')
    .addColumn('seq', 'bigserial', (column) => column.primaryKey())
    .addColumn('contract_id', 'text', (column) => column.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('what', 'text', (column) => column.notNull()
      .check(sql`what in ('signed', 'scan', 'unsigned', 'withdrawn', 'ended', 'superseded', 'copy')`))
    .addColumn('details', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reason', 'text')
    .addColumn('by', 'text')
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('request_id', 'text')
    .execute()
  await db.schema.createIndex('contract_events_contract').on('contract_events').columns(['contract_id', 'seq']).execute()
  await db.schema.createTable('contract_scans')
    .addColumn('seq', 'bigserial', (column) => column.primaryKey())
    .addColumn('contract_id', 'text', (column) => column.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull()
      .check(sql`kind in ('file', 'contrato', 'tratamiento-datos', 'anexo', 'adenda', 'cargo')`))
    .addColumn('media_type', 'text', (column) => column.notNull().check(sql`media_type in ('application/pdf', 'image/jpeg', 'image/png')`))
    .addColumn('bytes', 'bytea', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // a paper mark undone by counsel keeps its scans, no longer current
    .addColumn('undone_at', 'timestamptz')
    .execute()
  await sql`create unique index contract_scans_current on contract_scans (contract_id, kind) where undone_at is null`.execute(db)
  await sql`update contracts set signed_via = 'paper', copy_delivered_on = signed_on, copy_delivered_via = 'paper'
    where status = 'signed'`.execute(db)
  await sql`insert into contract_events (contract_id, what, details, by, at)
    select id, 'signed', jsonb_build_object('signingDate', signed_on::text, 'signedVia', 'paper'), signed_by, coalesce(signed_at, now())
    from contracts where status = 'signed' order by signed_at, id`.execute(db)
  await sql`insert into contract_events (contract_id, what, details)
    select id, 'superseded', jsonb_build_object('by', superseded_by) from contracts where status = 'superseded' order by issued_at, id`.execute(db)
}

export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_scans').execute()
  await db.schema.dropTable('contract_events').execute()
  await db.schema.dropIndex('contracts_status').execute()
  for (const column of ['copy_delivered_via', 'copy_delivered_on', 'ended_on', 'signed_via']) {
    await db.schema.alterTable('contracts').dropColumn(column).execute()
  }
  await sql`alter table contracts drop constraint contracts_status_check`.execute(db)
  await db.schema.alterTable('contracts')
    .addCheckConstraint('contracts_status_check', sql`status in ('issued', 'signed', 'superseded')`).execute()
}
