/**
 * Graceful shutdown of the real process (app/server.ts): SIGTERM lets an in-flight ZIP
 * finish and exits 0, refusing new connections meanwhile; a second signal forces exit 1 at once.
 * The other signals are test/server-signals.test.ts (two files: each well inside tap's per-file
 * timeout on a loaded machine, where every start of the server takes tens of seconds).
 */
import { test } from 'tap'
import { once } from 'node:events'
import { Agent, request, type IncomingMessage } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from './support/helper.js'
import { connectionRefused, stalledUpload, startServer, waitForOutput } from './support/server-process.js'

/** POSTs a JSON body; resolves with the response once its headers are in. */
function postJson (port: number, path: string, body: unknown, agent?: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, resolve)
    req.on('error', reject)
    req.end(data)
  })
}

test('SIGTERM during a 50-employee ZIP: the ZIP completes whole, new connections are refused, exit 0', async (t) => {
  // a grace delay the ZIP never needs: exit 0 must come from the ZIP ending, not from the delay
  const server = await startServer(t, { GRACE_DELAY_MS: '15000', PDF_THREADS: '2' })
  // like a browser, the client keeps its connection alive after the response (a kept-alive idle
  // connection once held the exit until the delay, which then forced exit 1)
  const agent = new Agent({ keepAlive: true, timeout: 60_000 })
  t.teardown(() => agent.destroy())
  const batch = Array.from({ length: 50 }, (_, index) => [sampleEmployee, samplePartTime, sampleSubsidio][index % 3]({
    dni: String(60000000 + index)
  }))
  const res = await postJson(server.port, '/api/contracts/download-zip', batch, agent)
  t.equal(res.statusCode, 200, 'headers arrived')
  res.pause() // not reading: the ZIP waits on backpressure, so it is surely still in flight
  server.child.kill('SIGTERM')
  await waitForOutput(server, /closing: finishing in-flight requests/)

  let refused = false
  for (let attempt = 0; attempt < 200 && !refused; attempt++) {
    refused = await connectionRefused(server.port)
    if (!refused) await sleep(10)
  }
  t.ok(refused, 'a new connection is refused once closing has started')

  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(chunk))
  res.resume()
  await once(res, 'end')
  const entries = await zipEntries(Buffer.concat(chunks))
  t.equal(entries.filter((entry) => entry.name.endsWith('.pdf')).length, 150, 'all 150 PDFs, CRCs checked by yauzl')
  t.notOk(entries.some((entry) => entry.name === 'errores.txt'), 'no employee failed')
  for (const employee of batch) {
    t.equal(entries.filter((entry) => entry.name.includes(employee.dni as string)).length, 3, `${employee.dni} whole`)
  }
  t.equal(await server.exited, 0, 'exit 0 after the ZIP, not killed by the delay')
  t.notMatch(server.output(), /killed by timeout/)
  const log = server.output()
  const closing = log.indexOf('closing: finishing in-flight requests')
  const written = log.indexOf('contracts ZIP written')
  t.ok(closing >= 0 && written > closing, 'the ZIP was still being written when the signal arrived (log order)')
  t.notMatch(log, /contracts ZIP aborted/)
})

test('a second signal during a long in-flight request forces exit 1 at once', async (t) => {
  const server = await startServer(t, { GRACE_DELAY_MS: '600000' }) // the delay cannot be what ends it
  const upload = await stalledUpload(server)
  server.child.kill('SIGTERM')
  await waitForOutput(server, /closing: finishing in-flight requests/)
  t.equal(server.child.exitCode, null, 'the first signal waits for the stalled upload')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 1, 'the second signal exits 1')
  t.match(server.output(), /second SIGTERM, exiting/)
  upload.destroy()
})
