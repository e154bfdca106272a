import { test } from 'tap'
import { readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SessionStore, UUID_V4 } from '../../src/sessions/store.js'
import { sampleEmployee } from '../helper.js'
import type { Employee } from '../../schemas/employee.js'

const employees = [sampleEmployee() as unknown as Employee]

test('a session round-trips its employees under TEMP_DIR/sessions', async (t) => {
  const dir = t.testdir({})
  const store = new SessionStore(dir, 60_000)
  await store.init()
  const id = await store.create(employees)
  t.match(id, UUID_V4)
  t.same(await store.get(id), employees)
  t.same(await readdir(join(dir, 'sessions')), [`${id}.json`])
})

test('unknown, malformed and path-like ids read as no session without touching the filesystem', async (t) => {
  const store = new SessionStore(t.testdir({}), 60_000)
  await store.init()
  for (const id of ['00000000-0000-4000-8000-000000000000', '../../etc/passwd', '/etc/passwd', 'abc\u0000', '']) {
    t.equal(await store.get(id), undefined, JSON.stringify(id))
  }
})

test('an expired session is gone on read, and sweeps remove expired files', async (t) => {
  let now = Date.now()
  const dir = t.testdir({})
  const store = new SessionStore(dir, 1000, () => now)
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
  const store = new SessionStore(dir, 1000)
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
  const store = new SessionStore(dir, 60_000)
  await store.init()
  await rm(join(dir, 'sessions'), { recursive: true })
  const id = await store.create(employees)
  t.same(await store.get(id), employees)
})
