/**
 * Starts the service on HOST:PORT. SIGTERM/SIGINT close it gracefully: no new connections,
 * in-flight requests (a ZIP being streamed) finish within GRACE_DELAY_MS, then exit 0; a second
 * signal or the delay running out forces exit 1.
 */
import type { ServerResponse } from 'node:http'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'

async function main (): Promise<void> {
  let app
  try {
    app = await buildApp({ logger: true }) // level: LOG_LEVEL, applied by plugins/config.ts once .env is read
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  }
  // Closing closes the idle keep-alive connections once, at its start; a response that ends later
  // (the ZIP that was streaming) leaves its connection idle and open, which would hold the exit
  // until GRACE_DELAY_MS and turn a clean shutdown into exit 1. So close those as they go idle.
  let closing = false
  app.server.on('request', (_request, response: ServerResponse) => {
    response.once('close', () => { if (closing) setImmediate(() => app.server.closeIdleConnections()) })
  })
  closeWithGrace({ delay: app.config.GRACE_DELAY_MS }, async ({ signal, err }) => {
    if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error')
    else app.log.info({ signal }, 'closing: finishing in-flight requests')
    closing = true
    await app.close()
  })
  await app.listen({ port: app.config.PORT, host: app.config.HOST })
}

await main()
