/**
 * The worker's electronic signature (DOCUMENT-REQUIREMENTS §39; docs/signing-flow.md): the worker's
 * address and each change of it (who, when), the invitations (the token kept only as its SHA-256,
 * the issued documents' bytes and SHA-256 taken at invitation so that signing seals exactly what was
 * issued), the one-time codes (hashed), the signing sessions (id hashed), the evidence chained by the
 * previous event's SHA-256, the mail outbox every instance shares, and the sealed documents with
 * their SHA-256, level and certificate. Every row goes with its contract (or worker) when the
 * retention purge deletes it.
 */
import { sql, type Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('worker_emails')
    .addColumn('seq', 'bigserial', (column) => column.primaryKey())
    .addColumn('worker_dni', 'text', (column) => column.notNull().references('workers.dni').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('upload', 'api')`))
    .addColumn('set_by', 'text')
    .addColumn('set_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('request_id', 'text')
    .execute()
  await db.schema.createIndex('worker_emails_worker').on('worker_emails').columns(['worker_dni', 'seq']).execute()
  await sql`create index worker_emails_address on worker_emails (lower(email))`.execute(db)

  await db.schema.createTable('signing_invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('contract_id', 'text', (column) => column.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('worker_dni', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('token_sha256', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('queued')
      .check(sql`status in ('queued', 'sent', 'opened', 'signed', 'declined', 'revoked', 'locked')`))
    .addColumn('decline_choice', 'text', (column) => column.check(sql`decline_choice in ('paper', 'disagree', 'not-my-address')`))
    .addColumn('decline_reason', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('demo', 'boolean', (column) => column.notNull())
    .addColumn('address_recently_changed', 'boolean', (column) => column.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('invited_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('opened_at', 'timestamptz')
    .addColumn('identified_at', 'timestamptz')
    .addColumn('identity_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('code_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('finished_at', 'timestamptz')
    // the first answer of /sign, repeated to a repeat
    .addColumn('answer', 'jsonb')
    .execute()
  await db.schema.createIndex('signing_invitations_contract').on('signing_invitations').columns(['contract_id']).execute()
  await db.schema.createIndex('signing_invitations_status').on('signing_invitations').columns(['status', 'expires_at']).execute()

  await db.schema.createTable('signing_documents')
    .addColumn('invitation_id', 'text', (column) => column.notNull().references('signing_invitations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('bytes', 'bytea', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('signing_documents_pk', ['invitation_id', 'kind'])
    .execute()

  await db.schema.createTable('signing_codes')
    .addColumn('seq', 'bigserial', (column) => column.primaryKey())
    .addColumn('invitation_id', 'text', (column) => column.notNull().references('signing_invitations.id').onDelete('cascade'))
    .addColumn('code_sha256', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('signing_codes_invitation').on('signing_codes').columns(['invitation_id', 'seq']).execute()

  await db.schema.createTable('signing_sessions')
    .addColumn('id_sha256', 'text', (column) => column.primaryKey())
    .addColumn('invitation_id', 'text', (column) => column.notNull().references('signing_invitations.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute()

  await db.schema.createTable('signing_evidence')
    .addColumn('seq', 'bigserial', (column) => column.primaryKey())
    .addColumn('contract_id', 'text', (column) => column.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('invitation_id', 'text')
    .addColumn('what', 'text', (column) => column.notNull())
    .addColumn('details', 'jsonb', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .addColumn('previous_sha256', 'text')
    .addColumn('sha256', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('signing_evidence_contract').on('signing_evidence').columns(['contract_id', 'seq']).execute()

  await db.schema.createTable('mail_outbox')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('invitation_id', 'text', (column) => column.references('signing_invitations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('invitation', 'code', 'copy', 'alert')`))
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('attachments', 'jsonb')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('relay_reply', 'text')
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute()

  await db.schema.createTable('signed_documents')
    .addColumn('contract_id', 'text', (column) => column.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('invitation_id', 'text', (column) => column.notNull())
    .addColumn('bytes', 'bytea', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('issued_sha256', 'text', (column) => column.notNull())
    .addColumn('level', 'text', (column) => column.notNull())
    .addColumn('certificate', 'jsonb', (column) => column.notNull())
    .addColumn('signed_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('signed_documents_pk', ['contract_id', 'kind'])
    .execute()
}

export async function down (db: Kysely<unknown>): Promise<void> {
  for (const table of ['signed_documents', 'mail_outbox', 'signing_evidence', 'signing_sessions', 'signing_codes', 'signing_documents',
    'signing_invitations', 'worker_emails']) {
    await db.schema.dropTable(table).execute()
  }
}
