/**
 * Upload sessions in Redis (SESSION_STORE=redis://…), shared by every instance behind a load
 * balancer: an upload answered by one instance previews on any other. The same contract as the
 * file store (store.ts, D3, D4): one key per session, `contratos:session:<uuid>` holding
 * `{"employees": [...]}` and expiring by itself after `ttlMs` (FILE_CLEANUP_TIMEOUT); a sorted
 * set `contratos:sessions` orders them by creation (Redis server time) so that one more than
 * `maxSessions` (SESSION_MAX) evicts the oldest and the count is cheap. Both steps run in one Lua
 * script, atomic across instances. A single Redis server (or a primary behind a proxy that keeps its
 * address); neither Sentinel nor Redis Cluster is supported.
 *
 * Redis going away never hangs a request: commands are not queued while disconnected and each
 * gets `timeoutMs`, so a request that needs a session fails fast with SessionStoreUnavailableError
 * (503 + Retry-After) while everything else keeps working; the client reconnects on its own (at
 * most a second between tries) and the store works again as soon as Redis answers. A Redis that
 * keeps the connection but stops answering (SIGSTOP, swap) opens a circuit breaker after one
 * timeout: calls fail at once until a background PING answers.
 *
 * Sessions must not be evicted to make room (docs/production.md): the server's `maxmemory-policy`
 * is read at each connection and at each probe, and unless it is `noeviction` (or the operator
 * accepted eviction, SESSION_STORE_ALLOW_EVICTION) the probe fails and uploads are refused with a
 * 503, as for any other store fault. The failed commands' arguments (a password in `HELLO … AUTH`,
 * the employees of a session) never leave this module: errors carry the command's name only.
 */
import { createHash, randomUUID } from 'node:crypto'
import { Redis, type RedisOptions } from 'ioredis'
import type { ImportedEmployee } from '../../schemas/employee.js'
import { SessionStoreUnavailableError } from '../errors.js'
import { UUID_V4, type SessionStore, type StoredSession } from './store.js'
import { storeFaultReason } from './faults.js'

/** Key of one session; the id is always a lower-case UUID v4 (D3). */
export const SESSION_KEY_PREFIX = 'contratos:session:'
/** Sorted set of the live session ids, scored by creation time (ms, Redis clock). */
export const SESSION_INDEX_KEY = 'contratos:sessions'
/** Counter that orders sessions created within the same millisecond. */
const SEQUENCE_KEY = 'contratos:sessions:seq'
/** Followed by the SHA-256 of an owner: that owner's session ids by age (SESSION_MAX_PER_USER). */
export const OWNER_INDEX_PREFIX = 'contratos:owner:'

/** Prefix of the readiness probe keys, and their lifetime (ms): they expire by themselves. */
export const PROBE_KEY_PREFIX = 'contratos:probe:'
const PROBE_TTL_MS = 10_000

/** Default per-command and connect timeout, ms: a request that needs a session waits at most this long. */
export const REDIS_TIMEOUT_MS = 2000

/** The eviction policy before it has been read on the current connection. */
const UNKNOWN = Symbol('unknown policy')

/**
 * KEYS: index, sequence, session key, and the owner's index when there is an owner (AUTH_MODE=oidc;
 * never an empty key, which an ACL key pattern would refuse). ARGV: id, JSON, ttl ms, max sessions,
 * key prefix, max per owner. Drops expired ids from the index, stores the session with its TTL,
 * indexes it and evicts the oldest past the caps, deleting their keys. Reads the clock with TIME.
 */
const CREATE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
local seq = redis.call('INCR', KEYS[2]) % 1000
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
redis.call('SET', KEYS[3], ARGV[2], 'PX', ttl)
redis.call('ZADD', KEYS[1], now + seq / 1000, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
if KEYS[4] then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - ttl)
  for _, old in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
    if redis.call('EXISTS', ARGV[5] .. old) == 0 then redis.call('ZREM', KEYS[4], old) end
  end
  redis.call('ZADD', KEYS[4], now + seq / 1000, ARGV[1])
  redis.call('PEXPIRE', KEYS[4], ttl)
  local mine = redis.call('ZCARD', KEYS[4]) - tonumber(ARGV[6])
  if mine > 0 then
    local evicted = redis.call('ZRANGE', KEYS[4], 0, mine - 1)
    redis.call('ZREMRANGEBYRANK', KEYS[4], 0, mine - 1)
    for _, old in ipairs(evicted) do
      redis.call('DEL', ARGV[5] .. old)
      redis.call('ZREM', KEYS[1], old)
    end
  end
end
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if over > 0 then
  local evicted = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
  for _, old in ipairs(evicted) do redis.call('DEL', ARGV[5] .. old) end
end
return 1
`

/** KEYS: index. ARGV: ttl ms. Drops expired ids, answers how many are left. */
const COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZCARD', KEYS[1])
`

interface SessionCommands {
  /** The number of keys (3, or 4 with an owner's index), the keys, then ARGV (CREATE_SCRIPT). */
  contratosCreateSession: (keyCount: number, ...keysAndArgs: Array<string | number>) => Promise<number>
  contratosCountSessions: (index: string, ttlMs: number) => Promise<number>
}

/**
 * The cause of a 503 when Redis may evict sessions: its `maxmemory-policy` is not `noeviction` (the
 * `volatile-*` policies evict sessions too: every session key has a TTL), or cannot be read
 * (neither `INFO memory` nor `CONFIG GET` allowed), and SESSION_STORE_ALLOW_EVICTION is off.
 */
export class EvictionPolicyError extends Error {
  readonly code = 'EVICTION_POLICY'
  /** The policy read, or undefined when it could not be read. */
  readonly policy: string | undefined
  constructor (policy: string | undefined) {
    super(policy === undefined
      ? 'Redis maxmemory-policy cannot be read (INFO and CONFIG GET refused): sessions could be evicted'
      : `Redis maxmemory-policy is ${policy}: sessions could be evicted before they expire`)
    this.name = 'EvictionPolicyError'
    this.policy = policy
  }
}

/**
 * Whether a policy read by readEvictionPolicy lets Redis drop sessions before their TTL: any
 * policy but `noeviction`; an unreadable one (undefined) counts as evicting, since nothing says it
 * does not (docs/production.md).
 */
export function evicts (policy: string | undefined): boolean {
  return policy !== 'noeviction'
}

/** True for an error reply of the server (NOPERM, ERR unknown command…), as opposed to a connection fault. */
function isReply (error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError'
}

/**
 * The server's `maxmemory-policy`: from `INFO memory` (the ACL of docs/security.md grants `+info`,
 * and managed services that rename CONFIG keep INFO), else from `CONFIG GET`; undefined when both
 * are refused.
 * @throws the connection's error (down, timeout): only refusals fall through
 */
export async function readEvictionPolicy (client: Pick<Redis, 'call' | 'info'>): Promise<string | undefined> {
  try {
    const policy = /^maxmemory_policy:(\S+)/m.exec(await client.info('memory'))?.[1]
    if (policy !== undefined) return policy
  } catch (error) {
    if (!isReply(error)) throw error
  }
  try {
    const reply = await client.call('CONFIG', 'GET', 'maxmemory-policy') // [name, value]; [] when hidden
    return Array.isArray(reply) && typeof reply[1] === 'string' ? reply[1] : undefined
  } catch (error) {
    if (!isReply(error)) throw error
    return undefined
  }
}

/**
 * Strips the arguments from a failed command that ioredis attached to its error (`err.command`):
 * `HELLO 3 AUTH <user> <password>` and `AUTH` carry the password, a session's script its employees.
 * The name stays, for the logs. Returns the same error.
 */
export function withoutCommandArgs<T> (error: T): T {
  const command = (error as { command?: { name?: unknown } } | null)?.command
  if (command !== undefined && command !== null && typeof command === 'object') {
    (error as { command: unknown }).command = { name: command.name }
  }
  return error
}

export interface RedisStoreOptions {
  /** FILE_CLEANUP_TIMEOUT, the lifetime of a session, ms. */
  ttlMs: number
  /** SESSION_MAX, sessions kept at most. */
  maxSessions: number
  /** SESSION_MAX_PER_USER, sessions one owner keeps at most (default: no limit but maxSessions). */
  maxPerOwner?: number
  /** Connect and per-command timeout, ms (default REDIS_TIMEOUT_MS). */
  timeoutMs?: number
  /** Told when the connection comes up or goes down (logs); each change once. */
  onStateChange?: (state: 'up' | 'down', error?: Error) => void
  /** Told when the circuit breaker opens (a command timed out) or closes (a background PING answered). */
  onBreaker?: (state: 'open' | 'closed', error?: Error) => void
  /** SESSION_STORE_ALLOW_EVICTION: the operator accepts an evicting or unreadable `maxmemory-policy`. */
  allowEviction?: boolean
  /**
   * Told, at each connection, of a policy that evicts or cannot be read (undefined), and whether it
   * was accepted (allowEviction); a `noeviction` server is not told.
   */
  onEvictionPolicy?: (policy: string | undefined, accepted: boolean) => void
  /** SESSION_STORE_CA_FILE: the PEM certificates that a `rediss://` server's certificate must chain to. */
  tlsCa?: string | Buffer
}

/** The cause of a 503 while the breaker is open: no command was sent. */
export class CircuitOpenError extends Error {
  readonly code = 'CIRCUIT_OPEN'
  constructor () {
    super('circuit open: Redis timed out and has not answered a PING since')
    this.name = 'CircuitOpenError'
  }
}

/**
 * ioredis options for a store that must fail fast and heal by itself (see the module comment);
 * with `tlsCa`, TLS trusts those certificates instead of Node's bundled ones (a private CA,
 * SESSION_STORE_CA_FILE): give it only with a `rediss://` URL.
 */
export function redisClientOptions (timeoutMs: number, tlsCa?: string | Buffer): RedisOptions {
  return {
    ...(tlsCa === undefined ? {} : { tls: { ca: tlsCa } }),
    connectionName: 'contratos',
    enableOfflineQueue: false, // disconnected: a command fails at once instead of waiting
    maxRetriesPerRequest: 0, // a command cut by a disconnection fails instead of being replayed
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: (attempt: number) => Math.min(100 * attempt, 1000) // reconnect forever, at most 1 s apart
  }
}

export class RedisSessionStore implements SessionStore {
  readonly ttlMs: number
  readonly maxSessions: number
  readonly maxPerOwner: number
  readonly client: Redis
  /** Last state told to onStateChange; none before the first connection attempt settles. */
  #state: 'up' | 'down' | undefined
  #closed = false
  /** One probe key per store instance, so that instances never contend on it. */
  readonly #probeKey = `${PROBE_KEY_PREFIX}${randomUUID()}`
  readonly #timeoutMs: number
  readonly #onBreaker: NonNullable<RedisStoreOptions['onBreaker']>
  /** Set while the breaker is open: the background PING loop's timer. */
  #breaker: NodeJS.Timeout | undefined
  readonly #allowEviction: boolean
  /** The `maxmemory-policy` last read (undefined: unreadable), or `unknown` before a read on this connection. */
  #policy: string | undefined | typeof UNKNOWN = UNKNOWN
  /** The read started by the last connection: start-up waits for it (connected()). */
  #policyRead: Promise<void> = Promise.resolve()

  /** Connects to `url` (redis:// or rediss://); resolves at once, connected or not. */
  constructor (url: string, options: RedisStoreOptions) {
    this.ttlMs = options.ttlMs
    this.maxSessions = options.maxSessions
    this.maxPerOwner = options.maxPerOwner ?? options.maxSessions
    const notify = options.onStateChange ?? (() => {})
    this.#timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS
    this.#onBreaker = options.onBreaker ?? (() => {})
    this.#allowEviction = options.allowEviction ?? false
    const onEvictionPolicy = options.onEvictionPolicy ?? (() => {})
    this.client = new Redis(url, redisClientOptions(this.#timeoutMs, options.tlsCa))
    this.client.defineCommand('contratosCreateSession', { lua: CREATE_SCRIPT }) // the key count comes first
    this.client.defineCommand('contratosCountSessions', { numberOfKeys: 1, lua: COUNT_SCRIPT })
    const change = (state: 'up' | 'down', error?: Error): void => {
      if (this.#state !== state && !this.#closed) notify(state, error)
      this.#state = state
    }
    this.client.on('ready', () => {
      change('up')
      this.#policy = UNKNOWN
      this.#policyRead = this.#readPolicy().then((policy) => {
        if (evicts(policy) && !this.#closed) onEvictionPolicy(policy, this.#allowEviction)
      }, () => {}) // a connection lost meanwhile: the next probe or upload reads it
    })
    // a listener also keeps ioredis from printing every failed reconnection
    this.client.on('error', (error: Error) => { change('down', withoutCommandArgs(error)) })
    this.client.on('close', () => { change('down') })
  }

  /**
   * Resolves true once connected and the server's `maxmemory-policy` read (so that start-up logs
   * it), or false after `timeoutMs` without a connection (start-up waits this long at most, then
   * goes on without Redis).
   */
  async connected (timeoutMs: number): Promise<boolean> {
    const ready = await this.#ready(timeoutMs)
    if (ready) await this.#policyRead
    return ready
  }

  async #ready (timeoutMs: number): Promise<boolean> {
    if (this.client.status === 'ready') return true
    return await new Promise((resolve) => {
      const done = (ready: boolean): void => {
        clearTimeout(timer)
        this.client.off('ready', onReady)
        resolve(ready)
      }
      const onReady = (): void => { done(true) }
      const timer = setTimeout(() => { done(false) }, timeoutMs)
      this.client.on('ready', onReady)
    })
  }

  get #commands (): SessionCommands {
    return this.client as unknown as SessionCommands
  }

  /**
   * Stores a session (CREATE_SCRIPT).
   * @throws SessionStoreUnavailableError on any Redis fault, or with an EvictionPolicyError when the
   * server may evict sessions and the operator has not accepted it (docs/production.md)
   */
  async create (employees: readonly ImportedEmployee[], owner?: string): Promise<string> {
    const id = randomUUID()
    // the owner's index key is hashed: an identity's name never becomes part of a key
    const ownerIndex = owner === undefined ? [] : [OWNER_INDEX_PREFIX + createHash('sha256').update(owner).digest('hex')]
    await this.#call(async () => {
      // read once per connection, and again while it refuses, so that a policy set right heals uploads
      if (this.#policy === UNKNOWN || this.#refusing) await this.#readPolicy()
      this.#refuseEviction()
      const keys = [SESSION_INDEX_KEY, SEQUENCE_KEY, SESSION_KEY_PREFIX + id, ...ownerIndex]
      await this.#commands.contratosCreateSession(keys.length, ...keys, id, JSON.stringify({ employees, owner }),
        this.ttlMs, this.maxSessions, SESSION_KEY_PREFIX, this.maxPerOwner)
    })
    return id
  }

  async get (id: string, owner?: string): Promise<ImportedEmployee[] | undefined> {
    if (!UUID_V4.test(id)) return undefined // never a key built from anything else (D3)
    const json = await this.#call(async () => await this.client.get(SESSION_KEY_PREFIX + id.toLowerCase()))
    if (json === null) return undefined
    const session = JSON.parse(json) as StoredSession
    return (session.owner ?? null) === (owner ?? null) ? session.employees : undefined // another's: as unknown
  }

  async count (): Promise<number> {
    return await this.#call(async () => await this.#commands.contratosCountSessions(SESSION_INDEX_KEY, this.ttlMs))
  }

  /**
   * Runs what an upload and a session preview run: the session script, with an owner, on keys of
   * this instance's own (`contratos:probe:<uuid>:…`, expiring in 10 s, capped at one session so
   * that each probe evicts the previous one), then a GET of the key it wrote; and reads the
   * `maxmemory-policy`. So a read-only replica (READONLY), maxmemory (OOM), an ACL that refuses a
   * command or a key of the script (NOPERM) or an evicting policy fail here as they would fail an
   * upload; a PING or a plain SET would pass.
   * @throws SessionStoreUnavailableError with the Redis error (or an EvictionPolicyError) as its cause
   */
  async check (): Promise<void> {
    const probe = this.#probeKey
    const id = randomUUID()
    const key = `${probe}:session:${id}`
    await this.#call(async () => {
      await this.#commands.contratosCreateSession(4, `${probe}:sessions`, `${probe}:seq`, key, `${probe}:owner`,
        id, '{"employees":[]}', PROBE_TTL_MS, 1, `${probe}:session:`, 1)
      await this.client.get(key)
      await this.#readPolicy()
      this.#refuseEviction()
    })
  }

  /** Reads and keeps the server's `maxmemory-policy` (undefined: unreadable). */
  async #readPolicy (): Promise<string | undefined> {
    const policy = await readEvictionPolicy(this.client)
    this.#policy = policy
    return policy
  }

  /** Whether the policy last read evicts and the operator has not accepted it. */
  get #refusing (): boolean {
    return this.#policy !== UNKNOWN && evicts(this.#policy) && !this.#allowEviction
  }

  /** @throws EvictionPolicyError while #refusing */
  #refuseEviction (): void {
    if (this.#refusing) throw new EvictionPolicyError(this.#policy as string | undefined)
  }

  /** True while the circuit breaker is open: every call fails at once, without reaching Redis. */
  get breakerOpen (): boolean {
    return this.#breaker !== undefined
  }

  async close (): Promise<void> {
    this.#closed = true
    clearTimeout(this.#breaker)
    this.#breaker = undefined
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect())
    else this.client.disconnect()
  }

  /**
   * Runs one Redis call; any Redis failure (down, timeout, refused) becomes a 503. A timeout opens
   * the breaker: a frozen Redis (stopped, swapping, a long blocking command) keeps the connection
   * open, so without it every request would wait the whole timeout.
   */
  async #call<T> (run: () => Promise<T>): Promise<T> {
    if (this.#breaker !== undefined) throw new SessionStoreUnavailableError(new CircuitOpenError())
    try {
      return await run()
    } catch (error) {
      if (storeFaultReason(error) === 'timeout') this.#openBreaker(error as Error)
      throw new SessionStoreUnavailableError(withoutCommandArgs(error))
    }
  }

  /** Opens the breaker and PINGs in the background (each PING bounded by the timeout) until one answers. */
  #openBreaker (error: Error): void {
    if (this.#breaker !== undefined || this.#closed) return
    const retryMs = Math.min(this.#timeoutMs, 1000)
    const ping = (): void => {
      this.client.ping().then(() => {
        this.#breaker = undefined
        if (!this.#closed) this.#onBreaker('closed')
      }, () => {
        if (!this.#closed) this.#breaker = setTimeout(ping, retryMs).unref()
      })
    }
    this.#breaker = setTimeout(ping, retryMs).unref()
    this.#onBreaker('open', error)
  }
}
