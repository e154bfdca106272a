/**
 * PGlite's thread dying under a running database (src/registry/pglite-thread.ts): out of memory past
 * REGISTRY_THREAD_HEAP_MB, the way a runaway result would. The process lives on, the statement
 * rejects at once, the database says it is dead, and once abandoned (its folder's lock released) the
 * folder opens again with everything committed before the death: what plugins/registry.ts does at the
 * next use.
 */
import { test } from 'tap'
import { sql } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../../src/registry/database.js'

test('a thread out of memory: the statement rejects, the process lives, the folder opens again with its data', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'contratos-thread-death-'))
  t.teardown(() => { rmSync(dataDir, { recursive: true, force: true }) })
  const location = { kind: 'pglite', dataDir } as const
  const first = await openDatabase(location, { threadHeapMb: 160 })
  await sql`create table probe (v text)`.execute(first.db)
  await sql`insert into probe values ('committed before the death')`.execute(first.db)
  t.equal(first.alive(), true)
  // 600 rows of 1 MB: 600 MB of strings in a 160 MiB heap (room enough to open under coverage's loader)
  const started = Date.now()
  const error = await sql`select repeat('x', 1000000) as v from generate_series(1, 600)`.execute(first.db).then(() => undefined, (error: Error) => error)
  t.match(error, { code: 'ERR_WORKER_OUT_OF_MEMORY' }, 'the statement rejects with the thread\'s end')
  t.ok(Date.now() - started < 30_000, 'at once, not at a deadline')
  t.equal(first.alive(), false, 'the database says it answers nothing more')
  await t.rejects(sql`select 1`.execute(first.db), 'a later statement rejects too, without hanging')
  await first.abandon()

  const again = await openDatabase(location, { threadHeapMb: 160 })
  t.teardown(() => again.close())
  const kept = await sql<{ v: string }>`select v from probe`.execute(again.db)
  t.same(kept.rows, [{ v: 'committed before the death' }], 'what was committed is there')
})
