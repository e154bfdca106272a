/**
 * The registry's client-side deadline (src/registry/deadline.ts) through both drivers of
 * src/registry/database.ts: PGlite's thread and node-postgres on a real PostgreSQL. A statement past
 * its deadline is answered RegistryTimeoutError at the deadline, its transaction is not committed,
 * and the database answers the next user.
 */
import { test, type Test } from 'tap'
import { sql } from 'kysely'
import '../../support/helper.js' // the migrated in-memory image: a PGlite database in half a second
import { openDatabase, type RegistryDatabase } from '../../../src/registry/database.js'
import { RegistryTimeoutError, withDeadline } from '../../../src/registry/deadline.js'
import { startPostgres } from '../../support/postgres.js'

/** Runs `work` and says how long it took to settle (ms) and how. */
async function timed (work: () => Promise<unknown>): Promise<{ ms: number, error?: unknown }> {
  const started = Date.now()
  try {
    await work()
    return { ms: Date.now() - started }
  } catch (error) {
    return { ms: Date.now() - started, error }
  }
}

async function deadlineChecks (t: Test, open: RegistryDatabase): Promise<void> {
  const { db } = open
  await sql`create table if not exists deadline_probe (n int)`.execute(db)

  const slow = await timed(async () => await withDeadline(500, async () => await sql`select pg_sleep(2)`.execute(db)))
  t.type(slow.error, RegistryTimeoutError, 'a statement past the deadline is a RegistryTimeoutError')
  t.ok(slow.ms >= 450 && slow.ms < 1500, `answered at the deadline (${slow.ms} ms), not when the statement ended`)

  const transaction = await timed(async () => await withDeadline(500, async () => await db.transaction().execute(async (trx) => {
    await sql`insert into deadline_probe values (1)`.execute(trx)
    await sql`select pg_sleep(2)`.execute(trx)
  })))
  t.type(transaction.error, RegistryTimeoutError)
  t.ok(transaction.ms < 1500, `a transaction too (${transaction.ms} ms)`)

  // the database answers the next user, and the timed-out transaction was never committed
  const after = await withDeadline(5000, async () => await sql<{ n: number }>`select count(*)::int as n from deadline_probe`.execute(db))
  t.same(after.rows, [{ n: 0 }], 'the insert of the transaction that passed its deadline is not there')
  const committed = await withDeadline(5000, async () => await db.transaction().execute(async (trx) => {
    await sql`insert into deadline_probe values (2)`.execute(trx)
    return await sql<{ n: number }>`select count(*)::int as n from deadline_probe`.execute(trx)
  }))
  t.same(committed.rows, [{ n: 1 }], 'a transaction afterwards commits normally')

  const late = await timed(async () => await withDeadline(1, async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    await sql`insert into deadline_probe values (3)`.execute(db)
  }))
  t.type(late.error, RegistryTimeoutError)
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.same((await sql<{ n: number }>`select count(*)::int as n from deadline_probe where n = 3`.execute(db)).rows, [{ n: 0 }],
    'work that reaches the database after its deadline sends nothing')
}

test('PGlite: a statement past its deadline answers at the deadline; the thread goes on serving', async (t) => {
  const open = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
  t.teardown(() => open.close())
  await deadlineChecks(t, open)
})

test('PostgreSQL: the deadline drops the connection; statement_timeout and idle_in_transaction_session_timeout are set', async (t) => {
  const postgres = await startPostgres(t)
  const open = await openDatabase({ kind: 'postgres', url: postgres.url }, { queryTimeoutMs: 1000 })
  t.teardown(() => open.close())
  const settings = await sql<{ statement: string, idle: string }>`select current_setting('statement_timeout') as statement,
    current_setting('idle_in_transaction_session_timeout') as idle`.execute(open.db)
  t.same(settings.rows, [{ statement: '1s', idle: '2s' }], 'the server bounds a statement and an abandoned transaction itself')
  await deadlineChecks(t, open)
  // outside any request's deadline (migrations, the opening) a statement still gets REGISTRY_QUERY_TIMEOUT_MS
  const unbounded = await timed(async () => await sql`select pg_sleep(3)`.execute(open.db))
  t.ok(unbounded.error !== undefined && unbounded.ms < 2000, `a statement outside a deadline is bounded too (${unbounded.ms} ms)`)
})
