/**
 * `npm run bench:faults`: the fault scenarios of docs/reliability.md, each a few seconds against one built
 * instance in production mode on loopback, printed as one line each (status counts, latencies,
 * log lines). BENCH_ROOT points at another checkout's built tree (`npm ci && npm run build` there)
 * to measure it the same way, e.g. 090b53d for the "before" figures (docs/reliability.md):
 * variables that tree does not know are ignored by it. BENCH_FAULTS picks scenarios by name
 * (comma-separated). The TEMP_DIR scenarios mount a tmpfs and the sizing one a mount namespace
 * (`unshare`) and a cgroup v1 CPU quota: they need root and are skipped otherwise.
 */
import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, rmdirSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { connect, createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { PROJECT_ROOT } from '../src/paths.js'
import { quantile } from './lib.js'
import { sampleEmployee, samplePartTime, sampleSubsidio } from '../test/support/samples.js'

const ROOT = process.env.BENCH_ROOT ?? PROJECT_ROOT
const ONLY = process.env.BENCH_FAULTS?.split(',')
const CSV = readFileSync(join(PROJECT_ROOT, 'test/fixtures/empleados.csv'))
const BOUNDARY = '----contratos-bench-faults'
const UPLOAD = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="excel"; filename="empleados.csv"\r\nContent-Type: text/csv\r\n\r\n`),
  CSV,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
])
const UPLOAD_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }
const IS_ROOT = process.getuid?.() === 0
/** Length of each saturation run, s. */
const SATURATION_SECONDS = 20

async function freePort (): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

interface Reply { status: number, ms: number, body: string }

/** One request on loopback; status 0 on a network error. */
async function send (port: number, method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Reply> {
  const started = performance.now()
  return await new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, timeout: 60_000, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }))
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
    req.end(body)
  })
}

const upload = async (port: number) => await send(port, 'POST', '/api/excel/upload', UPLOAD, UPLOAD_HEADERS)
const ready = async (port: number) => (await send(port, 'GET', '/api/health/ready')).status

interface Instance { port: number, child: ChildProcess, output: () => string, stop: () => Promise<void> }

/**
 * Starts ROOT's dist/app/server.js in production mode; resolves once health answers, or with the
 * exit code when it stops first. `wrap` runs it under another command (unshare).
 */
async function start (env: Record<string, string>, wrap: string[] = []): Promise<Instance | { exitCode: number | null, output: string }> {
  const port = await freePort()
  const server = join(ROOT, 'dist/app/server.js')
  const [command, ...args] = wrap.length > 0 ? [...wrap, process.execPath, server] : [process.execPath, server]
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      AUTH_MODE: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      EMPLOYER_PROFILE: join(ROOT, 'test/fixtures/employer-profile.json'),
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0', // the load generator shares the 2 cores: no load shedding
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  for (const started = Date.now(); ; await sleep(100)) {
    if (child.exitCode !== null) return { exitCode: child.exitCode, output }
    if (Date.now() - started > 60_000) throw new Error(`no start in 60 s:\n${output}`)
    if ((await send(port, 'GET', '/api/health')).status === 200) break
  }
  return {
    port,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    }
  }
}

async function started (env: Record<string, string>, wrap: string[] = []): Promise<Instance> {
  const instance = await start(env, wrap)
  if (!('port' in instance)) throw new Error(`exited ${instance.exitCode}:\n${instance.output}`)
  return instance
}

/** `concurrency` uploads at a time for `seconds`: status counts, e.g. `200×12 500×30`. */
async function uploads (port: number, seconds: number, concurrency = 4): Promise<{ counts: Record<number, number>, ms: number[] }> {
  const counts: Record<number, number> = {}
  const ms: number[] = []
  const until = Date.now() + seconds * 1000
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      const reply = await upload(port)
      counts[reply.status] = (counts[reply.status] ?? 0) + 1
      ms.push(reply.ms)
    }
  }))
  return { counts, ms }
}

const show = (counts: Record<number, number>) => Object.entries(counts).map(([status, count]) => `${count} × ${status}`).join(', ')
/** Log lines of the instance that mention the session store. */
const storeLogLines = (instance: Instance) => instance.output().split('\n').filter((line) => /session store/i.test(line)).length

/** A tmpfs of `bytes` on a fresh folder; undefined without the right to mount. */
function tmpfs (bytes: number): { dir: string, remount: (mode: 'ro' | 'rw') => void, fill: () => string, unmount: () => void } | undefined {
  if (!IS_ROOT) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'contratos-faults-'))
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir]).status !== 0) {
    rmSync(dir, { recursive: true })
    return undefined
  }
  return {
    dir,
    remount: (mode) => { spawnSync('mount', ['-o', `remount,${mode}`, dir]) },
    fill: () => {
      const path = join(dir, 'filler')
      const fd = openSync(path, 'w')
      try {
        for (;;) writeSync(fd, Buffer.alloc(1024))
      } catch {} finally { closeSync(fd) }
      return path
    },
    unmount: () => {
      spawnSync('umount', ['-l', dir])
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** Until `probe` is true (every 100 ms, at most `seconds`): ms it took, or undefined. */
async function until (seconds: number, probe: () => Promise<boolean>): Promise<number | undefined> {
  const begun = Date.now()
  while (Date.now() - begun < seconds * 1000) {
    if (await probe()) return Date.now() - begun
    await sleep(100)
  }
  return undefined
}

const healed = (ms: number | undefined, seconds: number) => ms === undefined ? `not healed in ${seconds} s` : `healed ${ms} ms after the fix`

/** A redis-server on a free port (no persistence); `args` added. */
async function redisServer (args: string[] = []): Promise<{ port: number, child: ChildProcess, stop: () => Promise<void> }> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'contratos-faults-redis-'))
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...args], { stdio: 'ignore' })
  await until(10, async () => (await redisCommand(port, 'PING')).startsWith('+PONG'))
  return {
    port,
    child,
    stop: async () => {
      child.kill('SIGCONT')
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** One inline Redis command; its first reply line ('' on error or after a second). */
async function redisCommand (port: number, command: string): Promise<string> {
  return await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    const finish = (answer: string) => { socket.destroy(); resolve(answer) }
    socket.setTimeout(1000, () => { finish('') })
    socket.once('error', () => { finish('') })
    socket.once('connect', () => { socket.write(`${command}\r\n`) })
    socket.once('data', (data: Buffer) => { finish(data.toString()) })
  })
}

/** `count` lawful records of the three kinds for the production profile the instances load (test/fixtures). */
function batch (count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => [sampleEmployee, sampleSubsidio, samplePartTime][i % 3]({ dni: String(42000000 + i) }))
}

const scratchDirs: string[] = []
/** A fresh TEMP_DIR, removed when the script ends. */
function scratch (): string {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-faults-'))
  scratchDirs.push(dir)
  return dir
}

const SMALL = { SESSION_MAX: '8', MAX_EMPLOYEES: '50', ADDENDUM_BATCH_MAX: '50' } // 400 KiB of room needed on a 512 KiB tmpfs

const scenarios: Record<string, () => Promise<string>> = {
  'full TEMP_DIR': async () => {
    const fs = tmpfs(512 * 1024)
    if (fs === undefined) return 'skipped: needs root to mount a tmpfs'
    const instance = await started({ ...SMALL, TEMP_DIR: fs.dir }).catch((error: Error) => { fs.unmount(); throw error })
    try {
      for (let i = 0; i < 2; i++) await upload(instance.port) // sessions the full disk may evict
      const filler = fs.fill()
      const readyStatus = await ready(instance.port)
      const { counts } = await uploads(instance.port, 3)
      const logs = storeLogLines(instance)
      rmSync(filler)
      const ms = await until(10, async () => (await ready(instance.port)) === 200 && (await upload(instance.port)).status === 200)
      return `ready ${readyStatus}; uploads for 3 s: ${show(counts)}; ${logs} log lines; ${healed(ms, 10)}`
    } finally {
      await instance.stop()
      fs.unmount()
    }
  },
  'read-only TEMP_DIR': async () => {
    const fs = tmpfs(512 * 1024)
    if (fs === undefined) return 'skipped: needs root to mount a tmpfs'
    const instance = await started({ ...SMALL, TEMP_DIR: fs.dir }).catch((error: Error) => { fs.unmount(); throw error })
    try {
      await upload(instance.port)
      fs.remount('ro')
      const readyStatus = await ready(instance.port)
      const { counts } = await uploads(instance.port, 3)
      const logs = storeLogLines(instance)
      fs.remount('rw')
      const ms = await until(10, async () => (await ready(instance.port)) === 200 && (await upload(instance.port)).status === 200)
      return `ready ${readyStatus}; uploads for 3 s: ${show(counts)}; ${logs} log lines; ${healed(ms, 10)}`
    } finally {
      await instance.stop()
      fs.unmount()
    }
  },
  'TEMP_DIR smaller than SESSION_MAX sessions': async () => {
    const fs = tmpfs(256 * 1024)
    if (fs === undefined) return 'skipped: needs root to mount a tmpfs'
    try {
      const instance = await start({ TEMP_DIR: fs.dir }) // SESSION_MAX 1 000, MAX_EMPLOYEES 1 000
      if (!('port' in instance)) {
        const line = instance.output.split('\n').find((text) => text.includes('TEMP_DIR=')) ?? instance.output
        return `start-up refused (exit ${instance.exitCode}): ${line.replace(/^.*(TEMP_DIR=\S+)/, '$1').slice(0, 160)}`
      }
      try {
        const { counts } = await uploads(instance.port, 3)
        return `started; uploads for 3 s: ${show(counts)}; then ready ${await ready(instance.port)}; ${storeLogLines(instance)} log lines`
      } finally {
        await instance.stop()
      }
    } finally {
      fs.unmount()
    }
  },
  'Redis a read-only replica': async () => {
    const primary = await redisServer()
    const replica = await redisServer(['--replicaof', '127.0.0.1', String(primary.port)])
    await until(10, async () => (await redisCommand(replica.port, 'INFO replication')).includes('master_link_status:up'))
    const instance = await started({ TEMP_DIR: scratch(), SESSION_STORE: `redis://127.0.0.1:${replica.port}` })
      .catch(async (error: Error) => { await replica.stop(); await primary.stop(); throw error })
    try {
      const readyStatus = await ready(instance.port)
      const { counts } = await uploads(instance.port, 2)
      const logs = storeLogLines(instance)
      await redisCommand(replica.port, 'REPLICAOF NO ONE')
      const ms = await until(10, async () => (await ready(instance.port)) === 200 && (await upload(instance.port)).status === 200)
      return `ready ${readyStatus}; uploads for 2 s: ${show(counts)}; ${logs} log lines; ${healed(ms, 10)} (REPLICAOF NO ONE)`
    } finally {
      await instance.stop()
      await replica.stop()
      await primary.stop()
    }
  },
  'frozen Redis (SIGSTOP)': async () => {
    const redis = await redisServer()
    const instance = await started({ TEMP_DIR: scratch(), SESSION_STORE: `redis://127.0.0.1:${redis.port}` })
      .catch(async (error: Error) => { await redis.stop(); throw error })
    try {
      await upload(instance.port)
      redis.child.kill('SIGSTOP')
      const replies: Reply[] = []
      for (let i = 0; i < 5; i++) replies.push(await upload(instance.port))
      const rest = replies.slice(1).map((reply) => reply.ms)
      const logs = storeLogLines(instance)
      redis.child.kill('SIGCONT')
      const ms = await until(10, async () => (await upload(instance.port)).status === 200)
      return `5 uploads one after another: ${show(countOf(replies))}; first ${replies[0].ms.toFixed(0)} ms, ` +
        `next four ${Math.min(...rest).toFixed(0)}-${Math.max(...rest).toFixed(0)} ms; ${logs} log lines; ${healed(ms, 10)} (SIGCONT)`
    } finally {
      await instance.stop()
      await redis.stop()
    }
  },
  'Redis outage with READY_REQUIRES_SESSION_STORE=false': async () => {
    const instance = await started({ TEMP_DIR: scratch(), SESSION_STORE: `redis://127.0.0.1:${await freePort()}`, READY_REQUIRES_SESSION_STORE: 'false' })
    try {
      return `Redis down: ready ${await ready(instance.port)}, upload ${(await upload(instance.port)).status}, health ${(await send(instance.port, 'GET', '/api/health')).status}`
    } finally {
      await instance.stop()
    }
  },
  saturation: async () => await saturation({}),
  'saturation with QUEUE_MAX_WAIT_MS=1000': async () => await saturation({ QUEUE_MAX_WAIT_MS: '1000' }),
  'sizing under a 0.5-CPU quota': async () => {
    if (!IS_ROOT || spawnSync('unshare', ['-m', 'true']).status !== 0) return 'skipped: needs root and unshare'
    const threads = async (quota: boolean) => {
      // cpu.max as a container's cgroup namespace shows it, in a private mount namespace; the real
      // quota from a cgroup v1 CPU controller where the host has one
      const group = '/sys/fs/cgroup/cpu/contratos-bench-faults'
      const realQuota = quota && existsSync('/sys/fs/cgroup/cpu/cgroup.procs')
      if (realQuota) {
        mkdirSync(group, { recursive: true })
        writeFileSync(join(group, 'cpu.cfs_period_us'), '100000')
        writeFileSync(join(group, 'cpu.cfs_quota_us'), '50000')
      }
      const script = [
        realQuota ? `echo $$ > ${group}/cgroup.procs` : ':',
        quota ? 'mount -t tmpfs tmpfs /sys/fs/cgroup && printf "50000 100000\\n" > /sys/fs/cgroup/cpu.max' : ':',
        'exec "$@"'
      ].join(' && ')
      const instance = await started({ TEMP_DIR: scratch() }, ['unshare', '-m', 'sh', '-c', script, 'sh'])
      try {
        // every pool busy once: a 50-employee ZIP, an export and an upload, twice at once
        const employees = JSON.stringify(batch(50))
        await Promise.all([0, 1].map(async () => await Promise.all([
          send(instance.port, 'POST', '/api/contracts/download-zip', employees, { 'content-type': 'application/json' }),
          send(instance.port, 'POST', '/api/excel/download-sctr', employees, { 'content-type': 'application/json' }),
          upload(instance.port)
        ])))
        const pid = instance.child.pid // unshare and sh exec the server: the same process
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length
        return { threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1]), children }
      } finally {
        await instance.stop()
        if (realQuota) await sleep(200).then(() => { try { rmdirSync(group) } catch {} })
      }
    }
    const free = await threads(false)
    const limited = await threads(true)
    return `after every pool has worked once (2 at a time): no quota ${free.threads} threads + ${free.children} child processes, ` +
      `under a 0.5-CPU quota ${limited.threads} threads + ${limited.children} child processes`
  },
  'stalled upload': async () => {
    const instance = await started({ TEMP_DIR: scratch() })
    try {
      const socket = connect({ host: '127.0.0.1', port: instance.port })
      await once(socket, 'connect')
      socket.write(`POST /api/excel/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${UPLOAD.length + 100_000}\r\n\r\n`)
      socket.write(UPLOAD.subarray(0, 200)) // then nothing more
      socket.resume()
      const begun = Date.now()
      const closed = await Promise.race([once(socket, 'close').then(() => true), sleep(25_000).then(() => false)])
      socket.destroy()
      await sleep(200) // the log line's write
      const logged = /upload stalled/.test(instance.output()) ? ', logged with its reqId' : ''
      return closed ? `connection closed by the server after ${((Date.now() - begun) / 1000).toFixed(1)} s${logged}` : 'still open after 25 s (the measurement stops there)'
    } finally {
      await instance.stop()
    }
  }
}

/**
 * 32 connections asking for 50-employee ZIPs and 4 for previews for 20 s, health probed every
 * 50 ms: p99 of each and their status counts.
 */
async function saturation (env: Record<string, string>): Promise<string> {
  const instance = await started({ TEMP_DIR: scratch(), ...env })
  try {
    const zip = JSON.stringify(batch(50))
    const preview = JSON.stringify(sampleEmployee())
    for (const [path, body] of [['/api/contracts/download-zip', zip], ['/api/contracts/preview', preview]]) {
      const check = await send(instance.port, 'POST', path, body, { 'content-type': 'application/json' })
      if (check.status !== 200) throw new Error(`${path}: ${check.status} ${check.body.slice(0, 300)}`)
    }
    const health: number[] = []
    const state = { probing: true }
    const probe = (async () => {
      while (state.probing) {
        health.push((await send(instance.port, 'GET', '/api/health')).ms)
        await sleep(50)
      }
    })()
    const run = async (path: string, body: string, connections: number) => await autocannon({
      url: `http://127.0.0.1:${instance.port}${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: SATURATION_SECONDS, timeout: 30
    })
    const [zips, previews] = await Promise.all([run('/api/contracts/download-zip', zip, 32), run('/api/contracts/preview', preview, 4)])
    state.probing = false
    await probe
    const codes = (result: autocannon.Result) => Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${(stat as { count: number }).count} × ${code}`).join(', ')
    return `${SATURATION_SECONDS} s, 32 ZIP (50 employees) + 4 preview connections: ZIP p99 ${zips.latency.p99} ms (${codes(zips)}); ` +
      `preview p99 ${previews.latency.p99} ms (${codes(previews)}); health p99 ${quantile(health, 0.99).toFixed(0)} ms (${health.length} probes)`
  } finally {
    await instance.stop()
  }
}

function countOf (replies: Reply[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1
  return counts
}

console.log(`fault scenarios against ${ROOT}`)
for (const [name, scenario] of Object.entries(scenarios)) {
  if (ONLY !== undefined && !ONLY.includes(name)) continue
  const begun = Date.now()
  const result = await scenario().catch((error: Error) => `failed: ${error.message}`)
  console.log(`- ${name}: ${result} [${((Date.now() - begun) / 1000).toFixed(0)} s]`)
}
for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true })
