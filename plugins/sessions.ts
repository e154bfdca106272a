/** The upload session store (D3, D4), swept on start-up and then periodically, at most SESSION_MAX sessions. */
import fp from 'fastify-plugin'
import { SessionStore } from '../src/sessions/store.js'

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore
  }
}

export default fp(async (app) => {
  const { tempDir, FILE_CLEANUP_TIMEOUT: ttlMs, SESSION_MAX: maxSessions } = app.config
  const store = new SessionStore(tempDir, ttlMs, maxSessions)
  await store.init()
  store.start(Math.min(ttlMs, 60_000))
  app.decorate('sessions', store)
  app.addHook('onClose', async () => { store.stop() })
}, { name: 'sessions', dependencies: ['config'] })
