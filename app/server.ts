/**
 * Starts the service on HOST:PORT. SIGTERM/SIGINT close it gracefully: readiness turns 503 at
 * once and requests are still served for SHUTDOWN_DRAIN_MS (so a load balancer stops sending
 * new ones), then no new connections, in-flight requests (a ZIP being streamed) finish, exit 0;
 * all within GRACE_DELAY_MS. A second signal or the delay running out forces exit 1.
 *
 * SIGHUP is logged and ignored, from the first line on: close-with-grace would close on it and
 * exit 0, and node's default would end the process by the signal, both of which systemd's
 * `Restart=on-failure` reads as a clean stop, leaving the service down (the units now say
 * `Restart=always` too). Logs go to stdout (journald), so there is nothing to reopen.
 */
import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'

/** Signals close-with-grace must not treat as "stop": SIGHUP is a terminal hang-up or a reload request. */
const IGNORED_SIGNALS = ['SIGHUP'] as const

async function main (): Promise<void> {
  let logIgnored = (signal: NodeJS.Signals): void => { process.stderr.write(`${signal} ignored (starting)\n`) }
  for (const signal of IGNORED_SIGNALS) process.on(signal, (received) => { logIgnored(received) })
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
  const started = app
  logIgnored = (signal) => { started.log.info({ signal }, `${signal} ignored: the service keeps running (SIGTERM stops it)`) }
  closeWithGrace({ delay: app.config.GRACE_DELAY_MS, skip: [...IGNORED_SIGNALS] }, async ({ signal, err }) => {
    if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error')
    app.readiness.beginShutdown() // GET /api/health/ready answers 503 from now on
    const drainMs = err === undefined ? app.config.SHUTDOWN_DRAIN_MS : 0
    if (drainMs > 0) {
      // still serving, so the load balancer sees the instance not ready and sends nothing new
      app.log.info({ signal, drainMs }, 'draining: ready answers 503, requests still served')
      await sleep(drainMs)
    }
    if (err === undefined) app.log.info({ signal }, 'closing: finishing in-flight requests')
    closing = true
    await app.close()
  })
  try {
    await app.listen({ port: app.config.PORT, host: app.config.HOST })
  } catch (error) {
    process.stderr.write(`${listenFailure(error as NodeJS.ErrnoException, app.config.HOST, app.config.PORT)}\n`)
    process.exit(1)
  }
}

/** One Spanish line for a failed listen (docs/configuration.md): the variable to change and how. */
function listenFailure (error: NodeJS.ErrnoException, host: string, port: number): string {
  const code = error.code ?? error.message
  if (code === 'EADDRINUSE') return STARTUP_MESSAGES.portInUse(port, host)
  if (code === 'EACCES') return STARTUP_MESSAGES.portDenied(port)
  if (['ENOTFOUND', 'EADDRNOTAVAIL', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EINVAL'].includes(code)) return STARTUP_MESSAGES.badHost(host, code)
  return STARTUP_MESSAGES.listenFailed(host, port, code)
}

await main()
