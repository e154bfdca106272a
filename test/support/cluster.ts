/**
 * A cluster of real processes for test/cluster.test.ts and test/cluster-faults.test.ts: built
 * instances (`node dist/app/server.js`) on free loopback ports, HAProxy in front running
 * deploy/haproxy.cfg, and plain HTTP requests to either; every process stopped by its PID at teardown.
 */
import type { Test } from 'tap'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { request, type Agent } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../../src/paths.js'
import { freePort, program } from './processes.js'
import { PRODUCTION_PROFILE } from './samples.js'

export const SERVER = join(PROJECT_ROOT, 'dist', 'app', 'server.js')

/** The environment of a child: ours without tap's loaders and coverage hooks. */
export function childEnv (extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_OPTIONS' || key === 'NODE_V8_COVERAGE' || key.startsWith('TAP') || key.startsWith('_TAPJS')) continue
    env[key] = value
  }
  // each child its own in-memory registry unless the test says otherwise: PGlite's folder is one process's
  return { DATA_DIR: 'memory://', ...env, ...extra }
}

/** Builds dist/ (npm run build) unless it is newer than every source file; `npm test` builds it first. */
export function ensureBuilt (t: Test): void {
  const built = statSync(SERVER, { throwIfNoEntry: false })?.mtimeMs ?? 0
  const newest = Math.max(...['app', 'src', 'plugins', 'routes', 'schemas'].flatMap((dir) =>
    readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' }).map((name) => statSync(join(PROJECT_ROOT, dir, name)).mtimeMs)))
  if (built > newest) return
  t.comment('dist/ is older than the sources: npm run build')
  const result = spawnSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, env: childEnv({}), encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`)
}

export interface Instance { child: ChildProcess, port: number, output: () => string, exited: Promise<number | null> }

/** One built instance on a free loopback port, not waited for; killed at teardown if still running. */
export async function spawnInstance (t: Test, env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const child = spawn(process.execPath, [SERVER], { cwd: PROJECT_ROOT, env: childEnv({ ...env, PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  return { child, port, output: () => output, exited }
}

/** One built instance on a free loopback port, up once its liveness answers; killed at teardown if still running. */
export async function startInstance (t: Test, env: Record<string, string>): Promise<Instance> {
  const instance = await spawnInstance(t, env)
  for (const started = Date.now(); ; await sleep(100)) {
    if (instance.child.exitCode !== null || Date.now() - started > 120_000) {
      throw new Error(`instance on ${instance.port} did not start:\n${instance.output()}`)
    }
    if ((await send(instance.port, 'GET', '/api/health').catch(() => undefined))?.status === 200) break
  }
  return instance
}

export interface Reply { status: number, headers: Record<string, string | string[] | undefined>, body: Buffer }

export interface SendOptions { json?: unknown, form?: { payload: Buffer, headers: Record<string, string> }, agent?: Agent }

/** One HTTP request on loopback; rejects on a network error or after 60 s. */
export async function send (port: number, method: string, path: string, options: SendOptions = {}): Promise<Reply> {
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.form?.payload
  const headers = options.json !== undefined ? { 'content-type': 'application/json' } : options.form?.headers ?? {}
  return await new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: options.agent ?? false,
      timeout: 60_000,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-length': body.length }) }
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Polls `probe` every 100 ms until it returns true; fails after `seconds`. Returns the ms it took. */
export async function until (what: string, seconds: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await probe().catch(() => false))) {
    if (Date.now() - started > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`)
    await sleep(100)
  }
  return Date.now() - started
}

export interface Balancer {
  port: number
  /** One request through HAProxy. */
  lb: (method: string, path: string, options?: SendOptions) => Promise<Reply>
  /** Until HAProxy has routed health requests to each of `servers` (X-Served-By) at least once. */
  servedBy: (servers: string[], seconds: number) => Promise<number>
  /** Until `count` health requests in a row were routed to `servers` only (the others out of rotation). */
  onlyServedBy: (servers: string[], seconds: number, count?: number) => Promise<number>
}

/**
 * HAProxy running deploy/haproxy.cfg in front of `instances` (app1, app2) on a free port, checking
 * every 200 ms, with the upload rate limit out of the way (one client address here; the limit is
 * test/deploy/haproxy.test.ts). Stopped at teardown.
 */
export async function startHaproxy (t: Test, instances: Instance[]): Promise<Balancer> {
  const port = await freePort()
  const haproxy = spawn(program('haproxy'), ['-db', '-f', join(PROJECT_ROOT, 'deploy', 'haproxy.cfg')], {
    env: childEnv({
      CONTRATOS_BIND: `127.0.0.1:${port}`,
      CONTRATOS_PUBLIC_BIND: `127.0.0.1:${await freePort()}`, // the workers' frontend: test/deploy/haproxy.test.ts
      CONTRATOS_APP1: `127.0.0.1:${instances[0].port}`,
      CONTRATOS_APP2: `127.0.0.1:${instances[1].port}`,
      CONTRATOS_CHECK_INTER: '200ms',
      CONTRATOS_UPLOAD_RATE: '100000',
      CONTRATOS_DEBUG_SERVED_BY: '1' // X-Served-By names the instance: off by default (test/deploy/haproxy.test.ts)
    }),
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let errors = ''
  haproxy.stderr?.on('data', (chunk: Buffer) => { errors += chunk.toString() })
  t.teardown(() => { if (haproxy.exitCode === null) haproxy.kill('SIGTERM') })
  const lb = async (method: string, path: string, options: SendOptions = {}) => await send(port, method, path, options)
  const served = async (what: string, seconds: number, probe: (server: string) => boolean) =>
    await until(what, seconds, async () => {
      const reply = await lb('GET', '/api/health')
      return reply.status === 200 && probe(String(reply.headers['x-served-by']))
    }).catch((error: Error) => { throw new Error(`${error.message}\n${errors}`) })
  return {
    port,
    lb,
    servedBy: async (servers, seconds) => {
      const seen = new Set<string>()
      return await served(`HAProxy routes to ${servers.join(', ')}`, seconds, (server) => {
        seen.add(server)
        return servers.every((name) => seen.has(name))
      })
    },
    onlyServedBy: async (servers, seconds, count = 6) => {
      let inRow = 0
      return await served(`HAProxy routes to ${servers.join(', ')} only`, seconds, (server) => {
        inRow = servers.includes(server) ? inRow + 1 : 0
        return inRow >= count
      })
    }
  }
}

/**
 * The environment of a production instance in the cluster tests: the tests' employer profile (production
 * refuses the demo one), warnings only, one thread per pool, and no load shedding (a machine shared
 * with other work can lag the event loop at any time; shedding has its own tests).
 */
export const CLUSTER_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  AUTH_MODE: 'none', // production must state it (docs/security.md); auth is not what the cluster tests check
  EMPLOYER_PROFILE: PRODUCTION_PROFILE,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // a loaded machine's slow statement (PGlite's first start, a 50-employee record) is not these tests' fault
  REGISTRY_QUERY_TIMEOUT_MS: '30000',
  PDF_THREADS: '1',
  REPORT_THREADS: '1',
  SPREADSHEET_PROCESSES: '1',
  SHED_MAX_EVENT_LOOP_DELAY_MS: '0'
}
