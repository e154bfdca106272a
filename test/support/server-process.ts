/**
 * The real process for the signal tests (test/server.test.ts, test/server-signals.test.ts):
 * `app/server.ts` from source on a free loopback port, its output kept, killed at teardown.
 */
import type { Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { request, type ClientRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../../src/paths.js'
import { PRODUCTION_PROFILE } from './samples.js'

export interface Server {
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
export async function startServer (t: Test, env: Record<string, string> = {}): Promise<Server> {
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
export async function waitForOutput (server: Server, pattern: RegExp): Promise<void> {
  while (!pattern.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`exited before ${pattern}:\n${server.output()}`)
    await sleep(10)
  }
}

/** A multipart upload that sends its first bytes and then stalls forever (a client that hangs). */
export async function stalledUpload (server: Server): Promise<ClientRequest> {
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
export function connectionRefused (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => { socket.destroy(); resolve(false) })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}
