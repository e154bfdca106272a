import { test } from 'tap'
import { Redis } from 'ioredis'
import {
  EvictionPolicyError, PROBE_KEY_PREFIX, RedisSessionStore, SESSION_INDEX_KEY, SESSION_KEY_PREFIX, readEvictionPolicy
} from '../../../src/sessions/redis-store.js'
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

test('the readiness probe runs the session script and a GET on keys of its own: sessions untouched, its keys expire', async (t) => {
  const redis = await startRedis(t)
  const store = new RedisSessionStore(redis.url, { ttlMs: 60_000, maxSessions: 10 })
  t.teardown(async () => { await store.close() })
  await store.connected(10_000)
  const id = await store.create(employees)
  const commands: string[] = []
  const monitor = await store.client.monitor() // a connection of its own
  t.teardown(() => { monitor.disconnect() })
  monitor.on('monitor', (_time: string, args: string[]) => { commands.push(args.join(' ').toLowerCase()) })
  for (let i = 0; i < 3; i++) await store.check()
  await store.client.echo('probes done') // MONITOR lines come in order: once this one is seen, so were the probes'
  for (let attempt = 0; !commands.includes('echo probes done') && attempt < 200; attempt++) await new Promise((resolve) => setTimeout(resolve, 10))
  const names = commands.map((command) => command.split(' ')[0])
  t.ok(names.includes('evalsha') || names.includes('eval'), 'the session script, as an upload')
  for (const command of ['time', 'incr', 'set', 'zadd', 'exists', 'del', 'get', 'info']) t.ok(names.includes(command), `${command}, as an upload or a preview`)
  t.same(await store.client.zrange(SESSION_INDEX_KEY, '0', '-1'), [id], 'the sessions index holds the real session only')
  t.equal(await store.count(), 1)
  const probeKeys = await store.client.keys(`${PROBE_KEY_PREFIX}*`)
  t.equal(probeKeys.filter((key) => key.includes(':session:')).length, 1, 'each probe evicted the one before')
  for (const key of probeKeys) {
    const ttl = await store.client.pttl(key)
    t.ok(ttl > 0 && ttl <= 10_000, `${key} expires by itself (PTTL ${ttl})`)
  }
})

test('readEvictionPolicy: INFO memory, else CONFIG GET, else undefined; a connection fault is thrown', async (t) => {
  const redis = await startRedis(t, undefined, {
    config: [
      'maxmemory-policy allkeys-lfu',
      'user sininfo on >clave ~* +@all -info',
      'user nada on >clave ~* +@all -info -config'
    ]
  })
  const client = async (user?: string) => {
    const url = `redis://${user === undefined ? '' : `${user}:clave@`}127.0.0.1:${redis.port}`
    const connection = new Redis(url, { enableOfflineQueue: false, lazyConnect: true })
    t.teardown(() => { connection.disconnect() })
    await connection.connect()
    return connection
  }
  t.equal(await readEvictionPolicy(await client()), 'allkeys-lfu', 'from INFO memory')
  t.equal(await readEvictionPolicy(await client('sininfo')), 'allkeys-lfu', 'INFO refused: from CONFIG GET')
  const neither = await client('nada')
  t.equal(await readEvictionPolicy(neither), undefined, 'both refused: unreadable')
  neither.disconnect()
  await t.rejects(readEvictionPolicy(neither), /Stream isn't writeable|Connection is closed/, 'a connection fault is no refusal')
})

test('an evicting policy: told once at connect, uploads refused as a store fault, accepted with allowEviction', async (t) => {
  const redis = await startRedis(t, undefined, { config: ['maxmemory-policy volatile-lru'] })
  const told: Array<[string | undefined, boolean]> = []
  const store = new RedisSessionStore(redis.url, { ttlMs: 60_000, maxSessions: 10, onEvictionPolicy: (policy, accepted) => told.push([policy, accepted]) })
  t.teardown(async () => { await store.close() })
  t.equal(await store.connected(10_000), true)
  t.same(told, [['volatile-lru', false]], 'told at connect, before start-up goes on')
  const refused = await store.create(employees).catch((error: SessionStoreUnavailableError) => error)
  t.type(refused, SessionStoreUnavailableError)
  t.type((refused as SessionStoreUnavailableError).cause, EvictionPolicyError)
  t.equal(((refused as SessionStoreUnavailableError).cause as EvictionPolicyError).policy, 'volatile-lru')
  await t.rejects(store.check(), SessionStoreUnavailableError)
  t.equal(await store.count(), 0, 'nothing was stored')

  const accepting = new RedisSessionStore(redis.url, { ttlMs: 60_000, maxSessions: 10, allowEviction: true, onEvictionPolicy: (policy, accepted) => told.push([policy, accepted]) })
  t.teardown(async () => { await accepting.close() })
  await accepting.connected(10_000)
  t.same(told.at(-1), ['volatile-lru', true], 'told, as accepted')
  await accepting.check()
  t.match(await accepting.create(employees), /-/)
})

test('a failed command\'s arguments never leave the store: neither a refused password nor a session\'s employees', async (t) => {
  const redis = await startRedis(t, undefined, {
    config: ['user sinscripts on >clave ~contratos:* +@read +@write +@connection +time +info', 'user default off']
  })
  const errors: Error[] = []
  const wrong = new RedisSessionStore(`redis://sinscripts:clave-secreta-xyz@127.0.0.1:${redis.port}`, {
    ttlMs: 60_000, maxSessions: 10, onStateChange: (_state, error) => { if (error !== undefined) errors.push(error) }
  })
  t.teardown(async () => { await wrong.close() })
  t.equal(await wrong.connected(1000), false)
  for (let attempt = 0; errors.length === 0 && attempt < 100; attempt++) await new Promise((resolve) => setTimeout(resolve, 20))
  t.match(errors[0]?.message, /^WRONGPASS/)
  t.same((errors[0] as Error & { command?: unknown }).command, { name: 'hello' }, 'the HELLO … AUTH command, by name only')
  t.notMatch(JSON.stringify(errors[0]), /clave-secreta-xyz/)

  const store = new RedisSessionStore(`redis://sinscripts:clave@127.0.0.1:${redis.port}`, { ttlMs: 60_000, maxSessions: 10 })
  t.teardown(async () => { await store.close() })
  t.equal(await store.connected(10_000), true)
  const refused = await store.create(employees).catch((error: SessionStoreUnavailableError) => error) as SessionStoreUnavailableError
  t.match((refused.cause as Error).message, /^NOPERM/)
  t.match((refused.cause as { command?: unknown }).command, { name: /^eval/ })
  t.notMatch(JSON.stringify(refused.cause), employees[0].dni, 'no employee data in the error')
})
