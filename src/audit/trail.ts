/**
 * The audit trail's file (docs/security.md, "Audit trail"): lines appended in order, one at a time,
 * each whole or not at all. A write that fails (a full disk, a quota, a volume gone read-only)
 * keeps that line and every later one in memory, in order, and turns the trail `failing`: the audit
 * plugin then refuses the routes that read personal data (503) until `recover()` (called by the
 * plugin, by readiness, and every RETRY_INTERVAL_MS by the trail itself) has reopened the file and
 * written every kept line. A line cut short by the failure is removed from the file first,
 * so every line of the trail is one whole JSON event.
 */
import { open, type FileHandle } from 'node:fs/promises'

/** Lines kept in memory while the trail fails (events of requests in flight when it failed); beyond, the oldest go. */
export const MAX_PENDING_LINES = 10_000

/** While the trail fails, it tries to reopen by itself this often (ms), besides whenever asked. */
export const RETRY_INTERVAL_MS = 5_000

export interface AuditFileEvents {
  /** The trail turned `failing`: `cause` is the write's error (ENOSPC, EDQUOT, EROFS, EIO…). */
  failed: (cause: unknown) => void
  /** A recovery wrote every kept line: writable again; `dropped` lines were lost beyond MAX_PENDING_LINES. */
  recovered: (written: number, dropped: number) => void
}

export class AuditFile {
  readonly #path: string
  readonly #events: AuditFileEvents
  #handle: FileHandle
  readonly #queue: string[] = []
  #failing = false
  #writing: Promise<void> | undefined
  #recovering: Promise<boolean> | undefined
  /** Lines written since the last failure (what a recovery reports), and lines dropped meanwhile. */
  #written = 0
  #dropped = 0
  readonly #retryMs: number
  #retry: NodeJS.Timeout | undefined
  /** A partial line could not be removed: the next write starts on a new line. */
  #brokenLine = false

  private constructor (path: string, handle: FileHandle, events: AuditFileEvents, retryMs: number) {
    this.#path = path
    this.#handle = handle
    this.#events = events
    this.#retryMs = retryMs
  }

  /**
   * Opens `path` for appending (created 0600); `retryMs`: how often a failing trail tries to
   * reopen by itself (RETRY_INTERVAL_MS).
   * @throws the open's error (ENOENT, EACCES, ENOTDIR…): the caller stops start-up with it
   */
  static async open (path: string, events: AuditFileEvents, retryMs = RETRY_INTERVAL_MS): Promise<AuditFile> {
    return new AuditFile(path, await open(path, 'a', 0o600), events, retryMs)
  }

  /** False from a failed write until a recovery has written every kept line. */
  get writable (): boolean {
    return !this.#failing && this.#recovering === undefined
  }

  /** Lines not yet written (kept while the trail fails). */
  get pending (): number {
    return this.#queue.length
  }

  /** Queues one line (its newline included) and writes it after those before it. */
  append (line: string): void {
    if (this.#failing && this.#queue.length >= MAX_PENDING_LINES) {
      this.#queue.shift()
      this.#dropped++
    }
    this.#queue.push(line)
    if (!this.#failing) this.#write()
  }

  /** Resolves when nothing is being written or recovered (every line so far written, or the trail failing). */
  async settled (): Promise<void> {
    while (this.#writing !== undefined || this.#recovering !== undefined) await (this.#writing ?? this.#recovering)
  }

  /**
   * Whether the trail can be written: true at once when it is not failing (it never waits for the
   * lines being written, so a readiness check under load answers at once); else reopens the file and
   * writes the kept lines, one attempt shared by every caller meanwhile.
   */
  async recover (): Promise<boolean> {
    if (this.#recovering !== undefined) return await this.#recovering
    if (!this.#failing) return true
    if (this.#writing !== undefined) await this.#writing // the failed loop's end: no other starts while failing
    this.#recovering ??= this.#reopen().finally(() => { this.#recovering = undefined })
    return await this.#recovering
  }

  /** Closes the file once the lines being written are settled (a failing trail's kept lines are lost: `pending`). */
  async close (): Promise<void> {
    clearInterval(this.#retry)
    await this.settled()
    await this.#handle.close()
  }

  #write (): void {
    if (this.#writing !== undefined) return
    this.#writing = this.#drain().finally(() => {
      this.#writing = undefined
      if (!this.#failing && this.#queue.length > 0) this.#write() // appended while the loop was ending
    })
  }

  async #drain (): Promise<void> {
    try {
      while (this.#queue.length > 0 && !this.#failing) {
        await this.#writeLine(this.#queue[0])
        this.#queue.shift()
        this.#written++
      }
    } catch (error) {
      this.#failing = true
      this.#written = 0
      if (this.#recovering === undefined) { // a recovery that fails again says nothing
        this.#events.failed(error)
        this.#retry = setInterval(() => { this.recover().catch(() => {}) }, this.#retryMs).unref()
      }
    }
  }

  /** Writes one whole line; on failure, removes what of it reached the file. */
  async #writeLine (line: string): Promise<void> {
    const bytes = Buffer.from(this.#brokenLine ? `\n${line}` : line)
    let offset = 0
    try {
      while (offset < bytes.length) {
        const { bytesWritten } = await this.#handle.write(bytes, offset, bytes.length - offset)
        if (bytesWritten === 0) throw Object.assign(new Error('audit trail: nothing written'), { code: 'EIO' })
        offset += bytesWritten
      }
      this.#brokenLine = false
    } catch (error) {
      if (offset > 0) await this.#cut(offset)
      throw error
    }
  }

  /** Truncates the `length` bytes of a partial line from the end of the file, or marks the line broken. */
  async #cut (length: number): Promise<void> {
    try {
      const { size } = await this.#handle.stat()
      await this.#handle.truncate(size - length)
    /* c8 ignore next 3: a truncate that fails right after a short write (an I/O error) */
    } catch {
      this.#brokenLine = true
    }
  }

  async #reopen (): Promise<boolean> {
    let handle: FileHandle
    try {
      handle = await open(this.#path, 'a', 0o600) // the file may have been moved, or its volume remounted
    } catch {
      return false
    }
    await this.#handle.close().catch(() => {})
    this.#handle = handle
    this.#failing = false
    this.#write()
    await this.#writing
    if (this.#failing) return false
    clearInterval(this.#retry)
    this.#events.recovered(this.#written, this.#dropped)
    this.#dropped = 0
    return true
  }
}
