/**
 * The behaviour every session store keeps (D3, D4, SESSION_MAX), run against the file store and
 * the Redis store alike (file-store.test.ts, redis-store.test.ts).
 */
import type { Test } from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { UUID_V4, type SessionStore } from '../../../src/sessions/store.js'
import { sampleEmployee } from '../../support/helper.js'
import type { Employee } from '../../../schemas/employee.js'

/** Makes an empty store with these limits, closed by the caller's teardown. */
export type MakeStore = (t: Test, limits: { ttlMs: number, maxSessions: number, maxPerOwner?: number }) => Promise<SessionStore>

const employees = [sampleEmployee() as unknown as Employee, sampleEmployee({ dni: '87654321', name: 'Rosa' }) as unknown as Employee]

export function sessionStoreContract (t: Test, make: MakeStore): void {
  t.test('a session round-trips its employees and is counted', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 10 })
    await store.check()
    const id = await store.create(employees)
    t.match(id, UUID_V4)
    t.same(await store.get(id), employees)
    t.same(await store.get(id.toUpperCase()), employees, 'the id is not case-sensitive')
    t.equal(await store.count(), 1)
  })

  t.test('an owned session reads only for its owner; anyone else gets the answer of an unknown id (docs/security.md)', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 10 })
    const id = await store.create(employees, 'user:ana')
    t.same(await store.get(id, 'user:ana'), employees)
    t.equal(await store.get(id, 'user:beto'), undefined, 'another identity')
    t.equal(await store.get(id, 'key:ana'), undefined, 'a key labelled as the user')
    t.equal(await store.get(id), undefined, 'no identity')
    const shared = await store.create(employees) // AUTH_MODE=none
    t.same(await store.get(shared), employees)
    t.equal(await store.get(shared, 'user:ana'), undefined)
  })

  t.test('the per-owner quota evicts that owner\'s oldest, never another\'s', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 100, maxPerOwner: 2 })
    const ana = [await store.create(employees, 'user:ana'), await store.create(employees, 'user:ana')]
    const beto: string[] = []
    for (let i = 0; i < 5; i++) beto.push(await store.create(employees, 'user:beto'))
    for (const id of ana) t.same(await store.get(id, 'user:ana'), employees, 'ana keeps both of hers')
    t.same((await Promise.all(beto.map(async (id) => await store.get(id, 'user:beto')))).map((found) => found !== undefined),
      [false, false, false, true, true], 'beto keeps his two newest')
    t.equal(await store.count(), 4)
    ana.push(await store.create(employees, 'user:ana'))
    t.equal(await store.get(ana[0], 'user:ana'), undefined, 'ana\'s third evicts her oldest')
    t.equal(await store.count(), 4)
  })

  t.test('unknown, malformed and path-like ids read as no session', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 10 })
    for (const id of ['00000000-0000-4000-8000-000000000000', '../../etc/passwd', '/etc/passwd', 'abc\u0000', '', '*', 'contratos:sessions']) {
      t.equal(await store.get(id), undefined, JSON.stringify(id))
    }
  })

  t.test('a session is gone once its lifetime has passed', async (t) => {
    const ttlMs = 1000
    const store = await make(t, { ttlMs, maxSessions: 10 })
    const id = await store.create(employees)
    await sleep(ttlMs + 300)
    t.equal(await store.get(id), undefined)
    t.equal(await store.count(), 0, 'and no longer counted')
  })

  t.test('at most maxSessions are kept: one more evicts the oldest, which then reads as gone', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 3 })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await store.create(employees))
    t.equal(await store.count(), 3)
    t.equal(await store.get(ids[0]), undefined, 'the oldest is gone')
    t.equal(await store.get(ids[1]), undefined)
    for (const id of ids.slice(2)) t.same(await store.get(id), employees, 'the three newest are there')
  })

  t.test('concurrent creates never keep more than maxSessions', async (t) => {
    const store = await make(t, { ttlMs: 60_000, maxSessions: 2 })
    const ids = await Promise.all(Array.from({ length: 20 }, async () => await store.create(employees)))
    t.equal(new Set(ids).size, 20, 'every create got its own id')
    t.equal(await store.count(), 2)
    const readable = (await Promise.all(ids.map(async (id) => await store.get(id)))).filter((found) => found !== undefined)
    t.equal(readable.length, 2)
  })
}
