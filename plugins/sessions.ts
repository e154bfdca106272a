/**
 * The upload session store (D3, D4), chosen by SESSION_STORE: files under TEMP_DIR (swept on
 * start-up and then periodically), or Redis shared by every instance. Either keeps at most
 * SESSION_MAX sessions for FILE_CLEANUP_TIMEOUT. Redis being down does not stop start-up: the
 * routes that need a session answer 503 until it returns (src/sessions/redis-store.ts).
 */
import fp from 'fastify-plugin'
import { FileSessionStore, type SessionStore } from '../src/sessions/store.js'
import { redactUrl } from './config.js'

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore
  }
}

export default fp(async (app) => {
  const { tempDir, FILE_CLEANUP_TIMEOUT: ttlMs, SESSION_MAX: maxSessions, sessionStore } = app.config
  let store: SessionStore
  if (sessionStore.kind === 'redis') {
    const { REDIS_TIMEOUT_MS, RedisSessionStore } = await import('../src/sessions/redis-store.js') // ioredis loads only when used
    const where = redactUrl(sessionStore.url)
    const redis = new RedisSessionStore(sessionStore.url, {
      ttlMs,
      maxSessions,
      onStateChange: (state, err) => {
        if (state === 'up') app.log.info({ sessionStore: where }, 'session store connected')
        else app.log.warn({ sessionStore: where, err }, 'session store unreachable: uploads and session previews answer 503 until it returns')
      }
    })
    // a normal start is connected before it listens; a down Redis does not stop it
    await redis.connected(REDIS_TIMEOUT_MS)
    store = redis
  } else {
    const files = new FileSessionStore(tempDir, ttlMs, maxSessions)
    await files.init()
    files.start(Math.min(ttlMs, 60_000))
    store = files
  }
  app.decorate('sessions', store)
  app.addHook('onClose', async () => { await store.close() })
}, { name: 'sessions', dependencies: ['config'] })
