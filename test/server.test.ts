/**
 * Graceful shutdown of the real process (app/server.ts): SIGTERM lets an in-flight ZIP
 * finish and exits 0, refusing new connections meanwhile; a second signal, or GRACE_DELAY_MS
 * running out with a request that never ends, forces a non-zero exit.
 */
import { test, type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../src/paths.js'
import { PRODUCTION_PROFILE, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from './support/helper.js'

interface Server {
  child: ChildProcess
  port: number
  /** Everything the process wrote so far (pino JSON lines on stdout, close-with-grace on stderr). */
  output: () => string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

/**
 * How the server runs from source: under tap with tap's own TypeScript loader (tap follows child
 * processes for coverage, and reads every line of code that tsx compiled as covered),
 * otherwise with tsx as `npm run dev` does.
 */
const LOADER = process.execArgv.some((arg) => arg.includes('@tapjs/typescript')) ? process.execArgv : ['--import', 'tsx']

/**
 * A production instance without load shedding, a queue deadline or a short registry deadline: on a
 * busy machine a cold instance's first ZIP was a 503 (both are right in production and tested on their own); these
 * tests are about signals. One PDF thread (the server starts its threads before it listens, each
 * at a cost); the ZIP test asks for two.
 */
const SIGNAL_TEST_ENV = {
  NODE_ENV: 'production', AUTH_MODE: 'none', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', PDF_THREADS: '1', SHED_MAX_EVENT_LOOP_DELAY_MS: '0', QUEUE_MAX_WAIT_MS: '0', DATA_DIR: 'memory://', REGISTRY_QUERY_TIMEOUT_MS: '60000'
}

/** Starts `node <loader> app/server.ts` on 127.0.0.1 with a free port (read from its log). */
async function startServer (t: Test, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [...LOADER, 'app/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...SIGNAL_TEST_ENV, EMPLOYER_PROFILE: PRODUCTION_PROFILE, TEMP_DIR: t.testdir({}), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const port = await new Promise<number>((resolve, reject) => {
    const look = () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
      if (match !== null) {
        child.stdout?.off('data', look)
        resolve(Number(match[1]))
      }
    }
    child.stdout?.on('data', look)
    exited.then((code) => reject(new Error(`server exited ${code} before listening:\n${output}`)))
  })
  return { child, port, output: () => output, exited }
}

/** Resolves when the server's output matches `pattern`. */
async function waitForOutput (server: Server, pattern: RegExp): Promise<void> {
  while (!pattern.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`exited before ${pattern}:\n${server.output()}`)
    await sleep(10)
  }
}

/** POSTs a JSON body; resolves with the response once its headers are in. */
function postJson (port: number, path: string, body: unknown, agent?: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, resolve)
    req.on('error', reject)
    req.end(data)
  })
}

/** A multipart upload that sends its first bytes and then stalls forever (a client that hangs). */
async function stalledUpload (server: Server): Promise<ClientRequest> {
  const req = request({
    host: '127.0.0.1',
    port: server.port,
    path: '/api/excel/upload',
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=Pausa', 'content-length': 1024 * 1024 }
  })
  req.on('error', () => {}) // the server going away resets it
  req.write('--Pausa\r\nContent-Disposition: form-data; name="excel"; filename="lento.csv"\r\nContent-Type: text/csv\r\n\r\nNOMBRE,DNI\r\n')
  await waitForOutput(server, /"url":"\/api\/excel\/upload"/) // the request is in the server (logged as incoming)
  return req
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => { socket.destroy(); resolve(false) })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
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
