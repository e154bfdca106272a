/**
 * Upload sessions (D3, D4): the validated employees of one spreadsheet upload, kept as a JSON
 * file under `<TEMP_DIR>/sessions/<uuid>.json` for `ttlMs`, then swept. A session's age is its
 * file's mtime, so a sweep needs no parsing.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Employee } from '../../schemas/employee.js'

/** UUID v4, the only shape of id ever joined to a path (D3). */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export class SessionStore {
  readonly dir: string
  readonly ttlMs: number
  readonly #now: () => number
  #timer: NodeJS.Timeout | undefined

  /**
   * @param tempDir absolute TEMP_DIR; sessions live in its `sessions/` folder
   * @param ttlMs FILE_CLEANUP_TIMEOUT, the lifetime of a session
   * @param now clock in ms since the epoch (tests move it)
   */
  constructor (tempDir: string, ttlMs: number, now: () => number = Date.now) {
    this.dir = join(tempDir, 'sessions')
    this.ttlMs = ttlMs
    this.#now = now
  }

  /** Creates the folder and sweeps what earlier runs left behind (issue 7: swept on start-up). */
  async init (): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    await this.sweep()
  }

  /** Stores the employees of one upload; returns the new session id (UUID v4). */
  async create (employees: readonly Employee[]): Promise<string> {
    const id = randomUUID()
    const path = this.#path(id)
    const json = JSON.stringify({ employees })
    try {
      await writeFile(`${path}.tmp`, json)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      await mkdir(this.dir, { recursive: true }) // the folder was removed under us (a /tmp cleaner, an operator)
      await writeFile(`${path}.tmp`, json)
    }
    await rename(`${path}.tmp`, path) // a reader never sees half a file
    return id
  }

  /** The session's employees, or undefined when the id is malformed, unknown or expired. */
  async get (id: string): Promise<Employee[] | undefined> {
    if (!UUID_V4.test(id)) return undefined
    const path = this.#path(id)
    try {
      const { mtimeMs } = await stat(path)
      if (this.#expired(mtimeMs)) {
        await rm(path, { force: true })
        return undefined
      }
      return (JSON.parse(await readFile(path, 'utf8')) as { employees: Employee[] }).employees
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  /** Deletes expired sessions and stale temporary files; returns how many files it removed. */
  async sweep (): Promise<number> {
    let removed = 0
    const names = await readdir(this.dir).catch(() => [] as string[])
    for (const name of names) {
      const path = join(this.dir, name)
      const info = await stat(path).catch(() => undefined)
      if (info === undefined || !this.#expired(info.mtimeMs)) continue
      await rm(path, { force: true })
      removed++
    }
    return removed
  }

  /** Sweeps every `intervalMs` until stop(); the timer never keeps the process alive. */
  start (intervalMs: number): void {
    this.stop()
    this.#timer = setInterval(() => { this.sweep().catch(() => {}) }, intervalMs).unref()
  }

  stop (): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }

  #expired (mtimeMs: number): boolean {
    return mtimeMs + this.ttlMs <= this.#now()
  }

  #path (id: string): string {
    return join(this.dir, `${id.toLowerCase()}.json`)
  }
}
