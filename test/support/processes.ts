/**
 * Real helper processes for the tests that need them: a free loopback port, and a redis-server
 * (Debian's package; `.ci/run` installs it) started on one and stopped by its PID.
 */
import type { Test } from 'tap'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, createServer, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { setTimeout as sleep } from 'node:timers/promises'

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort (): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** Absolute path of a program from PATH or the sbin folders (haproxy lives in /usr/sbin); fails the test run when missing. */
export function program (name: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
  if (found !== '') return found
  for (const dir of ['/usr/sbin', '/usr/local/sbin', '/sbin']) if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`
  throw new Error(`${name} not found: install the Debian package (.ci/run does)`)
}

/**
 * Whether a PING on 127.0.0.1:port gets +PONG within a second (or NOAUTH, from a server whose
 * default user is off); over TLS when `ca` (PEM) is given.
 */
async function pong (port: number, ca?: Buffer): Promise<boolean> {
  return await new Promise((resolve) => {
    const socket: Socket = ca === undefined ? connect({ host: '127.0.0.1', port }) : tlsConnect({ host: '127.0.0.1', port, ca })
    const finish = (answer: boolean): void => { socket.destroy(); resolve(answer) }
    socket.setTimeout(1000, () => { finish(false) })
    socket.once('error', () => { finish(false) })
    socket.once(ca === undefined ? 'connect' : 'secureConnect', () => { socket.write('PING\r\n') })
    socket.once('data', (data: Buffer) => { finish(/^(\+PONG|-NOAUTH)/.test(data.toString())) })
  })
}

/** PEM files of a private certificate authority and of a server certificate it signed for 127.0.0.1. */
export interface PrivateCa {
  caFile: string
  certFile: string
  keyFile: string
}

/** Makes a throwaway private CA and a server certificate for IP 127.0.0.1 with openssl, removed at teardown. */
export function privateCa (t: Test): PrivateCa {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-ca-')) // not the testdir: startRedis empties that one
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n')
  const openssl = (...args: string[]): void => {
    const run = spawnSync(program('openssl'), args, { cwd: dir, encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr}`)
  }
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=contratos test CA')
  openssl('req', ...key, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1')
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem',
    '-days', '2', '-extfile', 'san.ext')
  return { caFile: join(dir, 'ca.pem'), certFile: join(dir, 'server.pem'), keyFile: join(dir, 'server.key') }
}

export interface RedisServerOptions {
  /** redis.conf lines (an ACL `user …` line, `user default off`), in a file the server reads at start. */
  config?: string[]
  /** TLS only: the port speaks TLS with this CA's server certificate; no plain-text port. */
  tls?: PrivateCa
}

export interface RedisServer {
  port: number
  url: string
  /** Starts redis-server on `port` (again) and resolves once it answers PING. */
  start: () => Promise<void>
  /** SIGTERM to its PID; resolves once the process has exited. */
  stop: () => Promise<void>
  /** Sends `signal` to its PID (SIGSTOP freezes it with its connections open, SIGCONT thaws it). */
  signal: (signal: NodeJS.Signals) => void
}

/**
 * A throwaway redis-server on `port` or a free loopback port (no persistence), stopped at teardown;
 * with `options`, extra redis.conf lines and TLS (then its url is `rediss://`).
 */
export async function startRedis (t: Test, port?: number, options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = program('redis-server')
  port ??= await freePort()
  // a folder of its own, not the test's testdir: a test that calls t.testdir() again would empty it
  // under the server, and a restart would then miss its redis.conf
  const dir = mkdtempSync(join(tmpdir(), 'contratos-redis-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  const conf = join(dir, 'redis.conf')
  writeFileSync(conf, (options.config ?? []).join('\n') + '\n')
  const { tls } = options
  const listen = tls === undefined
    ? ['--port', String(port)]
    : ['--port', '0', '--tls-port', String(port), '--tls-cert-file', tls.certFile, '--tls-key-file', tls.keyFile,
        '--tls-ca-cert-file', tls.caFile, '--tls-auth-clients', 'no']
  const ca = tls === undefined ? undefined : readFileSync(tls.caFile)
  let child: ChildProcess | undefined
  const server: RedisServer = {
    signal: () => {},
    port,
    url: `${tls === undefined ? 'redis' : 'rediss'}://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(binary, [conf, ...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'], { stdio: 'ignore' })
      const running = child
      for (let attempt = 0; !(await pong(port, ca)); attempt++) {
        if (running.exitCode !== null || attempt >= 300) throw new Error(`redis-server did not start on ${port}`)
        await sleep(50)
      }
    },
    stop: async () => {
      const running = child
      child = undefined
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return
      const exited = once(running, 'exit')
      running.kill('SIGTERM')
      await exited
    }
  }
  server.signal = (signal) => { child?.kill(signal) }
  t.teardown(async () => {
    child?.kill('SIGCONT') // a frozen server does not act on SIGTERM
    await server.stop()
  })
  await server.start()
  return server
}

/** A small filesystem of its own (tmpfs), to fill up or turn read-only under a running app. */
export interface TinyFilesystem {
  dir: string
  /** Remounts it read-only (EROFS on every write) or writable again, retrying while the mount is busy (≤ 10 s). */
  readOnly: (on: boolean) => Promise<void>
  /** Writes a filler file until the filesystem is full; returns its path (remove it to free the room). */
  fill: () => string
}

/**
 * Mounts a tmpfs of `sizeBytes` on a fresh test folder, unmounted at teardown; undefined where
 * the machine does not allow mounting (not root, no CAP_SYS_ADMIN), for the caller to skip.
 */
export function tinyFilesystem (t: Test, sizeBytes: number): TinyFilesystem | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-tiny-')) // not a testdir: removed only after unmounting
  const mount = (options: string): boolean =>
    spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' }).status === 0
  if (!mount(`size=${sizeBytes},mode=0700`)) {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  t.teardown(() => {
    spawnSync('umount', ['-l', dir], { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  })
  let filler = 0
  return {
    dir,
    readOnly: async (on) => {
      // Linux refuses a read-only remount while any file on it is open for writing ("mount point is
      // busy"): an app's readiness probe, which HAProxy's checks run every second, holds one for a
      // moment. So a busy remount is tried again for up to 10 s, waiting without blocking the event
      // loop (an app in this process must be able to close its file); any other failure at once.
      const deadline = Date.now() + 10_000
      for (;;) {
        const done = spawnSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir], { encoding: 'utf8' })
        if (done.status === 0) return
        if (!/busy/i.test(done.stderr) || Date.now() > deadline) {
          throw new Error(`could not remount ${dir} ${on ? 'read-only' : 'writable'}: ${done.stderr.trim() || `exit ${String(done.status)}`}`)
        }
        await sleep(50)
      }
    },
    fill: () => {
      const path = `${dir}/filler-${filler++}`
      const fd = openSync(path, 'w')
      const block = Buffer.alloc(1024)
      try {
        for (;;) writeSync(fd, block)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      } finally {
        closeSync(fd)
      }
      return path
    }
  }
}
