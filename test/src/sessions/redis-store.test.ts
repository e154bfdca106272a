import { test } from 'tap'
import { RedisSessionStore, SESSION_INDEX_KEY, SESSION_KEY_PREFIX } from '../../../src/sessions/redis-store.js'
import { SessionStoreUnavailableError } from '../../../src/errors.js'
import { freePort, startRedis } from '../../support/processes.js'
import { sampleEmployee } from '../../support/helper.js'
import type { Employee } from '../../../schemas/employee.js'
import { sessionStoreContract } from './store-contract.js'

const employees = [sampleEmployee() as unknown as Employee]

test('the Redis store keeps the session store contract (a real redis-server)', async (t) => {
  const redis = await startRedis(t)
  sessionStoreContract(t, async (t, { ttlMs, maxSessions, maxPerOwner }) => {
    const store = new RedisSessionStore(redis.url, { ttlMs, maxSessions, maxPerOwner })
    t.teardown(async () => { await store.close() })
    t.equal(await store.connected(10_000), true)
    await store.client.flushall() // each case starts from an empty server
    return store
  })
})

test('one key per session, expiring by TTL, and an index of the live ids', async (t) => {
  const redis = await startRedis(t)
  const store = new RedisSessionStore(redis.url, { ttlMs: 60_000, maxSessions: 10 })
  t.teardown(async () => { await store.close() })
  await store.connected(10_000)
  const id = await store.create(employees)
  const ttl = await store.client.pttl(SESSION_KEY_PREFIX + id)
  t.ok(ttl > 0 && ttl <= 60_000, `the key expires by itself (PTTL ${ttl})`)
  t.same(JSON.parse(await store.client.get(SESSION_KEY_PREFIX + id) ?? 'null'), { employees })
  t.same(await store.client.zrange(SESSION_INDEX_KEY, '0', '-1'), [id])
})

test('Redis unreachable: every call fails fast as a 503 error; when Redis comes, so does the store, with no restart', async (t) => {
  const port = await freePort()
  const states: string[] = []
  const store = new RedisSessionStore(`redis://127.0.0.1:${port}`, { ttlMs: 60_000, maxSessions: 10, timeoutMs: 500, onStateChange: (state) => states.push(state) })
  t.teardown(async () => { await store.close() })
  t.equal(await store.connected(300), false, 'nothing listens: start-up goes on without it')
  await t.rejects(store.create(employees), SessionStoreUnavailableError)
  await t.rejects(store.get('00000000-0000-4000-8000-000000000000'), SessionStoreUnavailableError)
  await t.rejects(store.count(), SessionStoreUnavailableError)
  await t.rejects(store.check(), SessionStoreUnavailableError)
  t.equal(await store.get('not-a-uuid'), undefined, 'a malformed id never reaches Redis')

  const redis = await startRedis(t, port) // Redis arrives on the address the store was given
  t.equal(await store.connected(15_000), true, 'connected by itself')
  const id = await store.create(employees)
  t.same(await store.get(id), employees)
  await redis.stop()
  await t.rejects(store.create(employees), SessionStoreUnavailableError, 'Redis stopped: 503 again')
  await redis.start()
  t.equal(await store.connected(15_000), true, 'reconnected by itself')
  t.match(await store.create(employees), /-/, 'sessions are stored again')
  t.same(states, ['down', 'up', 'down', 'up'], 'each change told once')
})
