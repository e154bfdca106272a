import { test } from 'tap'
import { chmod, mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FileSessionStore, UUID_V4 } from '../../../src/sessions/store.js'
import { sampleEmployee } from '../../support/helper.js'
import type { Employee } from '../../../schemas/employee.js'
import { sessionStoreContract } from './store-contract.js'

const employees = [sampleEmployee() as unknown as Employee]

test('the file store keeps the session store contract', async (t) => {
  sessionStoreContract(t, async (t, { ttlMs, maxSessions, maxPerOwner }) => {
    const store = new FileSessionStore(t.testdir({}), ttlMs, maxSessions, Date.now, maxPerOwner)
    await store.init()
    t.teardown(async () => { await store.close() })
    return store
  })
})

test('a session round-trips its employees under TEMP_DIR/sessions', async (t) => {
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 60_000)
  await store.init()
  const id = await store.create(employees)
  t.match(id, UUID_V4)
  t.same(await store.get(id), employees)
  t.same(await readdir(join(dir, 'sessions')), [`${id}.json`])
})

test('session files are 0600 in a 0700 folder, even a folder an older run left 0755 (docs/security.md)', async (t) => {
  const dir = t.testdir({})
  await mkdir(join(dir, 'sessions'), { mode: 0o755 })
  await chmod(join(dir, 'sessions'), 0o755)
  const store = new FileSessionStore(dir, 60_000)
  await store.init()
  t.teardown(async () => { await store.close() })
  const id = await store.create(employees)
  t.equal((await stat(join(dir, 'sessions'))).mode & 0o777, 0o700)
  t.equal((await stat(join(dir, 'sessions', `${id}.json`))).mode & 0o777, 0o600)
  await rm(join(dir, 'sessions'), { recursive: true })
  const again = await store.create(employees) // the folder removed under the running service is made 0700 again
  t.equal((await stat(join(dir, 'sessions'))).mode & 0o777, 0o700)
  t.equal((await stat(join(dir, 'sessions', `${again}.json`))).mode & 0o777, 0o600)
})

test('an expired session is gone on read, and sweeps remove expired files', async (t) => {
  let now = Date.now()
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 1000, Number.POSITIVE_INFINITY, () => now)
  await store.init()
  const old = await store.create(employees)
  const kept = await store.create(employees)
  const past = new Date(now - 5000)
  await utimes(join(dir, 'sessions', `${old}.json`), past, past)
  await writeFile(join(dir, 'sessions', 'left.tmp'), 'x')
  await utimes(join(dir, 'sessions', 'left.tmp'), past, past)
  t.equal(await store.sweep(), 2)
  t.same(await readdir(join(dir, 'sessions')), [`${kept}.json`])
  now += 2000
  t.equal(await store.get(kept), undefined)
  t.same(await readdir(join(dir, 'sessions')), [])
})

test('start-up sweeps what an earlier run left, and the timer sweeps later', async (t) => {
  const dir = t.testdir({ sessions: { 'a.json': '{}' } })
  const past = new Date(Date.now() - 10_000)
  await utimes(join(dir, 'sessions', 'a.json'), past, past)
  const store = new FileSessionStore(dir, 1000)
  await store.init()
  t.same(await readdir(join(dir, 'sessions')), [])
  await writeFile(join(dir, 'sessions', 'b.json'), '{}')
  await utimes(join(dir, 'sessions', 'b.json'), past, past)
  store.start(10)
  await new Promise((resolve) => setTimeout(resolve, 100))
  store.stop()
  t.same(await readdir(join(dir, 'sessions')), [])
})

test('a session is still created when its folder was removed under the running service', async (t) => {
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 60_000)
  await store.init()
  await rm(join(dir, 'sessions'), { recursive: true })
  const id = await store.create(employees)
  t.same(await store.get(id), employees)
})

test('at most maxSessions are kept: one more evicts the oldest, file and all', async (t) => {
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 60_000, 3)
  await store.init()
  const ids: string[] = []
  for (let i = 0; i < 5; i++) ids.push(await store.create(employees))
  t.equal(store.size, 3)
  t.same((await readdir(join(dir, 'sessions'))).sort(), ids.slice(2).map((id) => `${id}.json`).sort(), 'the three newest files only')
  t.equal(await store.get(ids[0]), undefined, 'the oldest is gone')
  t.equal(await store.get(ids[1]), undefined)
  t.same(await store.get(ids[4]), employees, 'the newest is there')
})

test('concurrent creates never leave more than maxSessions files', async (t) => {
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 60_000, 2)
  await store.init()
  const ids = await Promise.all(Array.from({ length: 20 }, () => store.create(employees)))
  t.equal(store.size, 2)
  const files = await readdir(join(dir, 'sessions'))
  t.equal(files.length, 2, 'no orphan of a create evicted while it was writing')
  t.notOk(files.some((name) => name.endsWith('.tmp')))
  const readable = (await Promise.all(ids.map((id) => store.get(id)))).filter((found) => found !== undefined)
  t.equal(readable.length, 2)
})

test('start-up counts what an earlier run left, oldest first, and evicts past the cap', async (t) => {
  const dir = t.testdir({})
  const earlier = new FileSessionStore(dir, 60_000)
  await earlier.init()
  const ids: string[] = []
  for (let i = 0; i < 4; i++) {
    const id = await earlier.create(employees)
    const at = new Date(Date.now() - (10 - i) * 1000) // created one second apart, oldest first
    await utimes(join(dir, 'sessions', `${id}.json`), at, at)
    ids.push(id)
  }
  await writeFile(join(dir, 'sessions', 'nota.txt'), 'not a session')
  const store = new FileSessionStore(dir, 60_000, 2)
  await store.init()
  t.equal(store.size, 2)
  t.same((await readdir(join(dir, 'sessions'))).sort(), [...ids.slice(2).map((id) => `${id}.json`), 'nota.txt'].sort(), 'the two newest kept; other files are not sessions')
  await store.create(employees)
  t.equal(await store.get(ids[2]), undefined, 'the oldest survivor goes next')
})

test('a create that cannot write leaves no count and no file behind', async (t) => {
  const dir = t.testdir({})
  const store = new FileSessionStore(dir, 60_000, 2)
  await store.init()
  await rm(join(dir, 'sessions'), { recursive: true })
  await writeFile(join(dir, 'sessions'), 'a file where the folder was')
  // a store fault (503, src/sessions/faults.ts), never a 500
  await t.rejects(store.create(employees), { name: 'SessionStoreUnavailableError', cause: { code: 'ENOTDIR' } })
  t.equal(store.size, 0)
  await t.rejects(store.check(), 'and readiness says so')
})

test('after a restart each owner\'s sessions are counted again: the quota still evicts that owner\'s oldest', async (t) => {
  const dir = t.testdir({})
  const before = new FileSessionStore(dir, 60_000, 100, Date.now, 2)
  await before.init()
  const first = await before.create(employees, 'user:ana')
  await utimes(join(dir, 'sessions', `${first}.json`), new Date(Date.now() - 2000), new Date(Date.now() - 2000))
  const second = await before.create(employees, 'user:ana')
  const other = await before.create(employees, 'key:nocturno')
  await before.close()
  const after = new FileSessionStore(dir, 60_000, 100, Date.now, 2)
  await after.init()
  t.teardown(async () => { await after.close() })
  const third = await after.create(employees, 'user:ana')
  t.equal(await after.get(first, 'user:ana'), undefined, 'ana\'s oldest, from before the restart, evicted')
  t.same(await after.get(second, 'user:ana'), employees)
  t.same(await after.get(third, 'user:ana'), employees)
  t.same(await after.get(other, 'key:nocturno'), employees, 'the other owner\'s session stays')
})
