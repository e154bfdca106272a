/**
 * Upload sessions (D3, D4): the validated employees of one spreadsheet upload, kept for the
 * preview for `ttlMs` (FILE_CLEANUP_TIMEOUT), at most `maxSessions` of them (SESSION_MAX; one more
 * evicts the oldest, which then reads as expired: 404, D3). Two stores keep that one contract
 * (SESSION_STORE): FileSessionStore here, one JSON file per session under TEMP_DIR, for a single
 * instance; RedisSessionStore (redis-store.ts), shared by every instance behind a load balancer.
 */
import { randomUUID } from 'node:crypto'
import { chmod, mkdir, readFile, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ImportedEmployee } from '../../schemas/employee.js'
import { SessionStoreUnavailableError } from '../errors.js'
import { isOutOfSpace, isStoreFault } from './faults.js'

/** UUID v4, the only shape of id ever joined to a path or a key (D3). */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/**
 * Disk a session may take per employee, bytes: a stored employee measures about 510 bytes as JSON
 * (test/fixtures/empleados.xlsx); twice that leaves room for long names, addresses and positions.
 */
export const SESSION_BYTES_PER_EMPLOYEE = 1024

/** Free space under `dir` for an unprivileged writer, bytes. */
export async function freeBytes (dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir)
  return bavail * bsize
}

/**
 * Free space under `dir` plus what the sessions already stored there take (they are reused or
 * swept), bytes: the room the file store has for sessions.
 */
export async function sessionRoomBytes (dir: string): Promise<number> {
  let stored = 0
  const sessions = join(dir, 'sessions')
  for (const name of await readdir(sessions).catch(() => [] as string[])) {
    stored += (await stat(join(sessions, name)).catch(() => ({ size: 0 }))).size
  }
  return await freeBytes(dir) + stored
}

/** Size of the readiness probe file, bytes: a block or more, as a small session needs. */
export const PROBE_SIZE = 4096
const PROBE_BYTES = Buffer.alloc(PROBE_SIZE, 0x20)
/** Sessions hold workers' personal data (Ley 29733): only the service's user reads them (docs/security.md). */
const DIR_MODE = 0o700
const FILE_MODE = 0o600

/** A session as stored: the upload's employees and who made it (absent with AUTH_MODE=none). */
export interface StoredSession { employees: ImportedEmployee[], owner?: string }

/** What the routes need of a session store, whichever SESSION_STORE chose. */
export interface SessionStore {
  /**
   * Stores the employees of one upload, evicting the oldest session past maxSessions, and the
   * owner's oldest past maxPerOwner (never another owner's for that quota: docs/security.md).
   * @param owner who made it (`user:<sub>`, `key:<label>`); undefined with AUTH_MODE=none
   * @returns the new id (UUID v4)
   * @throws SessionStoreUnavailableError (503) when a shared store does not answer
   */
  create: (employees: readonly ImportedEmployee[], owner?: string) => Promise<string>
  /**
   * The session's employees, or undefined when the id is malformed, unknown, evicted or expired,
   * or belongs to another owner than `owner` (the same answer: docs/security.md, "Owned sessions").
   * @throws SessionStoreUnavailableError (503) when a shared store does not answer
   */
  get: (id: string, owner?: string) => Promise<ImportedEmployee[] | undefined>
  /** Sessions stored now (the `contratos_sessions` gauge). @throws when the store does not answer */
  count: () => Promise<number>
  /**
   * Resolves when the store can take a session now (readiness): it writes and removes a probe, so
   * it fails as an upload would. Rejects with the store's error otherwise.
   */
  check: () => Promise<void>
  /** Stops timers and connections; the store is not used afterwards. */
  close: () => Promise<void>
}

/**
 * One JSON file per session under `<TEMP_DIR>/sessions/<uuid>.json`, swept after `ttlMs`. A
 * session's age is its file's mtime, so a sweep needs no parsing. Eviction rather than refusing
 * uploads: a session only serves the preview of an upload whose reply already holds every
 * employee, while a refusal would let a burst of uploads block imports for a whole TTL. One
 * process per TEMP_DIR: the count is kept in memory, rebuilt from the folder at start-up.
 */
export class FileSessionStore implements SessionStore {
  readonly dir: string
  readonly ttlMs: number
  readonly maxSessions: number
  readonly #now: () => number
  #timer: NodeJS.Timeout | undefined
  /** Ids of the stored sessions, oldest first (a Set keeps insertion order). */
  readonly #ids = new Set<string>()
  /** SESSION_MAX_PER_USER: sessions one owner keeps at most. */
  readonly maxPerOwner: number
  /** Owner of each stored session that has one, and each owner's sessions, oldest first. */
  readonly #ownerOf = new Map<string, string>()
  readonly #byOwner = new Map<string, Set<string>>()
  /**
   * Told when the sessions folder had been removed under the running service (a /tmp cleaner, an
   * operator) and was made again, with the first folder made (TEMP_DIR itself when it was removed).
   */
  onFolderMade: ((path: string) => void) | undefined

  /**
   * @param tempDir absolute TEMP_DIR; sessions live in its `sessions/` folder
   * @param ttlMs FILE_CLEANUP_TIMEOUT, the lifetime of a session
   * @param maxSessions SESSION_MAX, sessions kept at most
   * @param now clock in ms since the epoch (tests move it)
   */
  constructor (
    tempDir: string, ttlMs: number, maxSessions = Number.POSITIVE_INFINITY, now: () => number = Date.now,
    maxPerOwner = Number.POSITIVE_INFINITY
  ) {
    this.dir = join(tempDir, 'sessions')
    this.ttlMs = ttlMs
    this.maxSessions = maxSessions
    this.maxPerOwner = maxPerOwner
    this.#now = now
  }

  /**
   * Creates the folder, sweeps what earlier runs left behind (disk use stays bounded across restarts), then
   * counts the sessions left, oldest first, evicting any beyond maxSessions.
   */
  async init (): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE })
    await chmod(this.dir, DIR_MODE) // a folder left by an older version may be 0755
    await this.sweep()
    const found: { id: string, mtimeMs: number, owner: string | undefined }[] = []
    for (const name of await readdir(this.dir)) {
      const id = name.slice(0, -'.json'.length)
      if (!name.endsWith('.json') || !UUID_V4.test(id)) continue
      const info = await stat(join(this.dir, name)).catch(() => undefined)
      const owner = await readFile(join(this.dir, name), 'utf8').then((json) => (JSON.parse(json) as StoredSession).owner).catch(() => undefined)
      if (info !== undefined) found.push({ id, mtimeMs: info.mtimeMs, owner })
    }
    for (const { id, owner } of found.sort((a, b) => a.mtimeMs - b.mtimeMs)) this.#remember(id, owner)
    await this.#evictOverflow()
  }

  /** Sessions currently stored. */
  get size (): number {
    return this.#ids.size
  }

  async count (): Promise<number> {
    return this.#ids.size
  }

  /**
   * Writes and removes a probe file in the sessions folder (made again if missing), so that a
   * full disk (ENOSPC), a read-only mount (EROFS) or lost permissions fail here as they would fail
   * an upload. Rejects with the filesystem error.
   */
  async check (): Promise<void> {
    await this.#makeFolder()
    const probe = join(this.dir, `.probe-${randomUUID()}`)
    try {
      await writeFile(probe, PROBE_BYTES)
    } finally {
      await rm(probe, { force: true }).catch(() => {})
    }
  }

  async close (): Promise<void> {
    this.stop()
  }

  /**
   * Stores the employees of one upload, evicting the oldest session past maxSessions; returns the
   * new id (UUID v4). A full disk or quota (ENOSPC, EDQUOT) evicts the oldest other session and
   * retries once (docs/production.md, "Store faults are 503, never 500").
   * @throws SessionStoreUnavailableError (503) on a store fault (faults.ts): full, read-only, denied
   */
  async create (employees: readonly ImportedEmployee[], owner?: string): Promise<string> {
    const id = randomUUID()
    const path = this.#path(id)
    this.#remember(id, owner) // counted at once, so concurrent creates cannot overshoot the cap
    try {
      await this.#evictOverflow(owner)
      const json = JSON.stringify({ employees, owner })
      try {
        await this.#write(path, json)
      } catch (error) {
        if (!isOutOfSpace(error) || !await this.#evictOldest(id)) throw error
        await this.#write(path, json)
      }
      // evicted by a later create while this one was being written: nothing must stay on disk
      if (!this.#ids.has(id)) await rm(path, { force: true })
    } catch (error) {
      this.#forget(id)
      await rm(`${path}.tmp`, { force: true }).catch(() => {})
      throw isStoreFault(error) ? new SessionStoreUnavailableError(error) : error
    }
    return id
  }

  /** Writes a session through a temporary file, so that a reader never sees half of one. */
  async #write (path: string, json: string): Promise<void> {
    try {
      await writeFile(`${path}.tmp`, json, { mode: FILE_MODE })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      // the folder was removed under us (a /tmp cleaner, an operator)
      await this.#makeFolder()
      await writeFile(`${path}.tmp`, json, { mode: FILE_MODE })
    }
    await rename(`${path}.tmp`, path)
  }

  /**
   * Makes the sessions folder (and TEMP_DIR, 0700 both) when it is missing, and tells onFolderMade.
   * @throws ENOTDIR (a store fault) when a file stands where a folder should be
   */
  async #makeFolder (): Promise<void> {
    let made: string | undefined
    try {
      made = await mkdir(this.dir, { recursive: true, mode: DIR_MODE })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${this.dir}'`), { code: 'ENOTDIR', path: this.dir })
    }
    if (made !== undefined) this.onFolderMade?.(made)
  }

  /** Frees room by removing the oldest session other than `keep`; false when there is none. */
  async #evictOldest (keep: string): Promise<boolean> {
    await rm(`${this.#path(keep)}.tmp`, { force: true }) // the partial write holds blocks too
    for (const id of this.#ids) {
      if (id === keep) continue
      this.#forget(id)
      await rm(this.#path(id), { force: true })
      return true
    }
    return false
  }

  /** Removes `owner`'s oldest sessions past maxPerOwner, then the oldest while more than maxSessions are counted. */
  async #evictOverflow (owner?: string): Promise<void> {
    const evicted: string[] = []
    const owned = owner === undefined ? undefined : this.#byOwner.get(owner)
    for (const id of owned ?? []) {
      if (owned !== undefined && owned.size - evicted.length <= this.maxPerOwner) break
      evicted.push(id)
    }
    for (const id of evicted) this.#forget(id)
    for (const id of this.#ids) {
      if (this.#ids.size <= this.maxSessions) break
      this.#forget(id)
      evicted.push(id)
    }
    await Promise.all(evicted.map((id) => rm(this.#path(id), { force: true })))
  }

  /** The session's employees, or undefined when the id is malformed, unknown or expired. */
  async get (id: string, owner?: string): Promise<ImportedEmployee[] | undefined> {
    if (!UUID_V4.test(id)) return undefined
    const path = this.#path(id)
    try {
      const { mtimeMs } = await stat(path)
      if (this.#expired(mtimeMs)) {
        this.#forget(id.toLowerCase())
        await rm(path, { force: true })
        return undefined
      }
      const session = JSON.parse(await readFile(path, 'utf8')) as StoredSession
      return (session.owner ?? null) === (owner ?? null) ? session.employees : undefined
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined // never stored, swept or evicted
      throw isStoreFault(error) ? new SessionStoreUnavailableError(error) : error
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
      if (name.endsWith('.json')) this.#forget(name.slice(0, -'.json'.length))
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

  #remember (id: string, owner: string | undefined): void {
    this.#ids.add(id)
    if (owner === undefined) return
    this.#ownerOf.set(id, owner)
    const owned = this.#byOwner.get(owner) ?? new Set<string>()
    owned.add(id)
    this.#byOwner.set(owner, owned)
  }

  #forget (id: string): void {
    this.#ids.delete(id)
    const owner = this.#ownerOf.get(id)
    if (owner === undefined) return
    this.#ownerOf.delete(id)
    const owned = this.#byOwner.get(owner)
    owned?.delete(id)
    if (owned?.size === 0) this.#byOwner.delete(owner)
  }

  #expired (mtimeMs: number): boolean {
    return mtimeMs + this.ttlMs <= this.#now()
  }

  #path (id: string): string {
    return join(this.dir, `${id.toLowerCase()}.json`)
  }
}
