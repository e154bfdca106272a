/**
 * Stalled uploads (docs/production.md): a request body that stops arriving for UPLOAD_STALL_TIMEOUT_MS (15 s
 * by default) closes its connection, with a log line carrying the request id. Without it a stalled
 * upload held its connection and its place in the upload line until the server's request timeout
 * and idle timeout ran out (about 143 s measured behind HAProxy). The socket's idle timeout is
 * lowered only while the body is arriving: once it is complete the server's own idle timeout comes
 * back, so reading the spreadsheet (up to 30 s in a worker, no traffic) is never cut.
 */
import { Socket } from 'node:net'
import fp from 'fastify-plugin'

export default fp(async (app) => {
  const stallMs = app.config.UPLOAD_STALL_TIMEOUT_MS
  if (stallMs === 0) return
  app.addHook('onRequest', async (request) => {
    const raw = request.raw
    if (raw.complete || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return
    const socket = raw.socket
    if (!(socket instanceof Socket)) return // an injected request (tests) has no connection to cut
    const started = Date.now()
    const onTimeout = (): void => {
      request.log.warn({ stalledMs: stallMs, elapsedMs: Date.now() - started, bytesReceived: socket.bytesRead },
        'upload stalled: no body bytes for UPLOAD_STALL_TIMEOUT_MS, connection closed')
      socket.destroy()
    }
    const restore = (): void => {
      socket.off('timeout', onTimeout)
      if (!socket.destroyed) socket.setTimeout(app.server.timeout) // the server's idle timeout (connectionTimeout)
    }
    socket.setTimeout(stallMs)
    socket.once('timeout', onTimeout)
    raw.once('end', restore)
    raw.once('close', restore)
  })
}, { name: 'stalled-uploads', dependencies: ['config'] })
