/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package; `.ci/run` installs it) for the
 * registry's tests on a real server: initdb into a temporary folder, `postgres` on a free loopback
 * port with trust authentication for the `contratos` user, stopped at teardown. PostgreSQL refuses to
 * run as root, so under root (CI) both run with the package's `postgres` user's ids.
 */
import type { Test } from 'tap'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, type PrivateCa } from './processes.js'

/** The newest PostgreSQL server binaries under /usr/lib/postgresql/<major>/bin. */
function serverBin (): string {
  const root = '/usr/lib/postgresql'
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : []
  if (majors.length === 0) throw new Error('PostgreSQL server not found: install the Debian package postgresql (.ci/run does)')
  return join(root, majors[0], 'bin')
}

export interface PostgresServer {
  port: number
  /** `postgres://contratos@127.0.0.1:<port>/contratos` */
  url: string
  /** Starts the server (again) and resolves once it takes connections. */
  start: () => Promise<void>
  /** Fast shutdown; resolves once the process has exited. */
  stop: () => Promise<void>
  /** The postmaster's PID and those of its children (backends, background workers), while it runs. */
  pids: () => number[]
}

export interface PostgresOptions {
  /** `ssl=on` with this CA's server certificate for 127.0.0.1 (plain connections still taken). */
  tls?: PrivateCa
  /** An empty folder to initialise the server in (a small tmpfs, to fill its disk); a fresh temporary one by default. */
  dir?: string
}

/** The `postgres` user's ids when we are root (PostgreSQL refuses root), else nothing to change. */
function serverUser (): { uid?: number, gid?: number } {
  if (userInfo().uid !== 0) return {}
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

async function accepting (port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => { resolve(false) })
  })
}

/** Initialises and starts a PostgreSQL server with a `contratos` database, removed at teardown. */
export async function startPostgres (t: Test, options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = serverBin()
  const port = await freePort()
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'contratos-pg-'))
  chmodSync(dir, 0o700)
  const user = serverUser()
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid)
  t.teardown(() => { if (options.dir === undefined) rmSync(dir, { recursive: true, force: true }) })
  const data = join(dir, 'data')
  const initialised = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'contratos', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], { encoding: 'utf8', cwd: dir, ...user })
  if (initialised.status !== 0) throw new Error(`initdb failed: ${initialised.stderr}`)
  const tls: string[] = []
  if (options.tls !== undefined) {
    // the key must be the server user's and private, or postgres refuses to start
    for (const [from, name] of [[options.tls.certFile, 'server.crt'], [options.tls.keyFile, 'server.key']]) {
      copyFileSync(from, join(dir, name))
      chmodSync(join(dir, name), 0o600)
      if (user.uid !== undefined && user.gid !== undefined) chownSync(join(dir, name), user.uid, user.gid)
    }
    tls.push('-c', 'ssl=on', '-c', `ssl_cert_file=${join(dir, 'server.crt')}`, '-c', `ssl_key_file=${join(dir, 'server.key')}`)
  }
  let child: ChildProcess | undefined
  const server: PostgresServer = {
    port,
    url: `postgres://contratos@127.0.0.1:${port}/contratos`,
    start: async () => {
      child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', ...tls], { stdio: 'ignore', cwd: dir, ...user })
      const running = child
      for (let attempt = 0; !(await accepting(port)); attempt++) {
        if (running.exitCode !== null || attempt >= 400) throw new Error(`postgres did not start on ${port}`)
        await sleep(50)
      }
    },
    stop: async () => {
      const running = child
      child = undefined
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return
      const exited = once(running, 'exit')
      running.kill('SIGINT') // fast shutdown: open connections are closed
      // a server that cannot finish its shutdown checkpoint (a full disk) is stopped at once, then killed
      for (const [afterMs, signal] of [[15_000, 'SIGQUIT'], [5_000, 'SIGKILL']] as const) {
        if (await Promise.race([exited.then(() => true), sleep(afterMs).then(() => false)])) return
        running.kill(signal)
      }
      await exited
    },
    pids: () => {
      const pid = child?.pid
      if (pid === undefined) return []
      const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter((line) => line !== '').map(Number)
      return [pid, ...children]
    }
  }
  t.teardown(async () => { await server.stop() })
  await server.start()
  // the database the service uses
  const psql = spawnSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'contratos', '-d', 'postgres', '-c', 'create database contratos'], { encoding: 'utf8' })
  if (psql.status !== 0) throw new Error(`create database failed: ${psql.stderr}`)
  return server
}
