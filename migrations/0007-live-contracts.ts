/**
 * The index of a worker's live contracts and adendas (`issued`, `signed`, `ended`: those the rules
 * read, docs/registry.md "What counts"): the ZIP's read before its first byte and its check again
 * under the workers' locks (src/registry/issue-state.ts, contracts.ts selectLiveTerms) read only
 * those rows, however many corrected reprints (`superseded`) and withdrawn ones a worker has.
 * Without it they walked every version of the worker's contracts through `contracts_worker`.
 */
import { sql, type Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('contracts_live').on('contracts').column('worker_dni')
    .where(sql<boolean>`status in ('issued', 'signed', 'ended')`).execute()
}

export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_live').execute()
}
