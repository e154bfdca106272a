/**
 * Signals to the real process (app/server.ts) besides a ZIP in flight (test/server.test.ts):
 * GRACE_DELAY_MS forces exit 1 when a request never ends, SIGINT with nothing in flight exits 0
 * and releases the port, SIGHUP is logged and ignored.
 */
import { test } from 'tap'
import { once } from 'node:events'
import { request, type IncomingMessage } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { connectionRefused, stalledUpload, startServer, waitForOutput } from './support/server-process.js'

test('one signal and a request that never finishes: GRACE_DELAY_MS forces exit 1', async (t) => {
  const server = await startServer(t, { GRACE_DELAY_MS: '500' })
  const upload = await stalledUpload(server)
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 1, 'killed by the grace delay')
  t.match(server.output(), /killed by timeout \(500ms\)/)
  upload.destroy()
})

test('SIGINT with nothing in flight exits 0 at once and the port is released', async (t) => {
  const server = await startServer(t)
  const health = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port: server.port, path: '/api/health', agent: false }, resolve).on('error', reject).end()
  })
  t.equal(health.statusCode, 200)
  health.resume()
  await once(health, 'end')
  server.child.kill('SIGINT')
  t.equal(await server.exited, 0)
  t.ok(await connectionRefused(server.port), 'nothing listens any more')
})

test('SIGHUP does not stop the service (systemd would read exit 0 as done): it is logged and ignored; SIGTERM still exits 0', async (t) => {
  const server = await startServer(t)
  const readiness = async (): Promise<number> => {
    const health = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port: server.port, path: '/api/health/ready', agent: false }, resolve).on('error', reject).end()
    })
    health.resume()
    await once(health, 'end')
    return health.statusCode ?? 0
  }
  // ready first (its pools warm after listen: the `warm` check), so that a 503 after SIGHUP would be the signal's
  let status = 0
  for (let attempt = 0; attempt < 600 && status !== 200; attempt++) {
    status = await readiness()
    if (status !== 200) await sleep(50)
  }
  t.equal(status, 200, 'ready before the signal')
  server.child.kill('SIGHUP')
  await waitForOutput(server, /SIGHUP ignored/)
  await sleep(200) // a close would have begun by now
  t.equal(server.child.exitCode, null, 'still running')
  t.notMatch(server.output(), /closing|draining/, 'no shutdown began')
  t.equal(await readiness(), 200, 'still ready')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
})
