/**
 * The upload session store (D3, D4), chosen by SESSION_STORE: files under TEMP_DIR (swept on
 * start-up and then periodically), or Redis shared by every instance. Either keeps at most
 * SESSION_MAX sessions for FILE_CLEANUP_TIMEOUT. Redis being down does not stop start-up: the
 * routes that need a session answer 503 until it returns (src/sessions/redis-store.ts); nor does
 * a Redis that may evict sessions, logged at connect and refused by readiness and uploads unless
 * SESSION_STORE_ALLOW_EVICTION (docs/production.md, "Redis configuration").
 */
import fp from 'fastify-plugin'
import { FileSessionStore, PROBE_SIZE, SESSION_BYTES_PER_EMPLOYEE, freeBytes, sessionRoomBytes, type SessionStore } from '../src/sessions/store.js'
import { StoreHealth } from '../src/sessions/health.js'
import { SessionStoreUnavailableError } from '../src/errors.js'
import { ConfigError, redactUrl } from './config.js'

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore
    /** Probes and faults of the store: readiness, `contratos_session_store_*` metrics, fault logs. */
    sessionStoreHealth: StoreHealth
  }
}

const MIB = 1024 * 1024

/**
 * Refuses to start when TEMP_DIR cannot hold SESSION_MAX sessions of MAX_EMPLOYEES employees
 * (docs/production.md): such a disk fills up under load and every upload past that point would fail.
 * @throws ConfigError naming both variables and the space needed
 */
async function checkRoom (
  tempDir: string, maxSessions: number, maxEmployees: number, configured: string
): Promise<void> {
  const needBytes = maxSessions * maxEmployees * SESSION_BYTES_PER_EMPLOYEE
  const roomBytes = await sessionRoomBytes(tempDir)
  if (roomBytes >= needBytes) return
  throw new ConfigError(`TEMP_DIR=${configured} tiene ${(roomBytes / MIB).toFixed(1)} MiB libres y SESSION_MAX=${maxSessions} ` +
    `sesiones de hasta MAX_EMPLOYEES=${maxEmployees} empleados necesitan ${(needBytes / MIB).toFixed(1)} MiB ` +
    '(reduzca SESSION_MAX o MAX_EMPLOYEES, o amplíe el disco)')
}

export default fp(async (app) => {
  const { tempDir, FILE_CLEANUP_TIMEOUT: ttlMs, SESSION_MAX: maxSessions, sessionStore } = app.config
  let store: SessionStore
  if (sessionStore.kind === 'redis') {
    const { RedisSessionStore } = await import('../src/sessions/redis-store.js') // ioredis loads only when used
    const where = redactUrl(sessionStore.url)
    const redis = new RedisSessionStore(sessionStore.url, {
      ttlMs,
      maxSessions,
      maxPerOwner: app.config.SESSION_MAX_PER_USER,
      timeoutMs: app.config.SESSION_STORE_TIMEOUT_MS,
      tlsCa: sessionStore.tlsCa,
      allowEviction: app.config.SESSION_STORE_ALLOW_EVICTION,
      onEvictionPolicy: (policy, accepted) => {
        const found = policy === undefined ? 'maxmemory-policy cannot be read (grant +info)' : `maxmemory-policy is ${policy}`
        app.log.warn({ sessionStore: where, maxmemoryPolicy: policy ?? null }, accepted
          ? `session store Redis ${found}: sessions may vanish before they expire (accepted by SESSION_STORE_ALLOW_EVICTION)`
          : `session store Redis ${found}: readiness 503 and uploads refused until it is noeviction (or SESSION_STORE_ALLOW_EVICTION=true)`)
      },
      onBreaker: (state, err) => {
        if (state === 'closed') app.log.info({ sessionStore: where }, 'session store breaker closed: Redis answers again')
        else app.log.warn({ sessionStore: where, err }, 'session store breaker open: Redis timed out; session requests answer 503 at once until a PING answers')
      },
      onStateChange: (state, err) => {
        if (state === 'up') app.log.info({ sessionStore: where }, 'session store connected')
        else app.log.warn({ sessionStore: where, err }, 'session store unreachable: uploads and session previews answer 503 until it returns')
      }
    })
    // a normal start is connected before it listens; a down Redis does not stop it
    await redis.connected(app.config.SESSION_STORE_TIMEOUT_MS)
    store = redis
  } else {
    await checkRoom(tempDir, maxSessions, app.config.MAX_EMPLOYEES, app.config.TEMP_DIR)
    const files = new FileSessionStore(tempDir, ttlMs, maxSessions, Date.now, app.config.SESSION_MAX_PER_USER)
    files.onFolderMade = (created) => {
      app.log.warn({ tempDir, created }, 'session folder was missing (removed under the running service): made again, 0700')
    }
    await files.init()
    files.start(Math.min(ttlMs, 60_000))
    store = files
  }
  app.decorate('sessions', store)
  const where = sessionStore.kind === 'redis' ? redactUrl(sessionStore.url) : 'file'
  // file store: after a fault, up again only with room for one session of MAX_EMPLOYEES (hysteresis:
  // src/sessions/health.ts), so readiness does not flap on a disk at its last blocks
  const recoveryBytes = Math.max(app.config.MAX_EMPLOYEES * SESSION_BYTES_PER_EMPLOYEE, PROBE_SIZE)
  const room = store instanceof FileSessionStore
    ? { measure: async () => await freeBytes(tempDir), bytes: recoveryBytes }
    : undefined
  const health = new StoreHealth(store, {
    fault: (reason) => { app.metrics.sessionStoreErrors.inc({ reason }) },
    log: (reason, err, suppressed) => {
      app.log.warn({ sessionStore: where, reason, err, suppressedFaults: suppressed },
        'session store fault: uploads and session previews answer 503 until it heals (first fault of the minute)')
    },
    recovered: () => { app.log.info({ sessionStore: where }, 'session store works again') }
  }, Date.now, room)
  app.decorate('sessionStoreHealth', health)
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof SessionStoreUnavailableError) health.fault(error)
  })
  app.addHook('onClose', async () => { await store.close() })
}, { name: 'sessions', dependencies: ['config', 'metrics'] })
