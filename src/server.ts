/**
 * Starts the service on HOST:PORT. SIGTERM/SIGINT close it gracefully: no new connections,
 * in-flight requests (a ZIP being streamed) finish within GRACE_DELAY_MS, then exit 0; a second
 * signal or the delay running out forces exit 1.
 */
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'

/** How long in-flight requests get to finish after a shutdown signal (ms). */
export const GRACE_DELAY_MS = Number(process.env.GRACE_DELAY_MS ?? 10_000)

async function main (): Promise<void> {
  let app
  try {
    app = await buildApp({ logger: true }) // level: LOG_LEVEL, applied by plugins/config.ts once .env is read
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  }
  closeWithGrace({ delay: GRACE_DELAY_MS }, async ({ signal, err }) => {
    if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error')
    else app.log.info({ signal }, 'closing: finishing in-flight requests')
    await app.close()
  })
  await app.listen({ port: app.config.PORT, host: app.config.HOST })
}

await main()
