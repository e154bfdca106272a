/**
 * The session store's health as operators see it (docs/production.md): readiness probes the real write path
 * (SessionStore.check), requests report the faults they meet, and both feed one state: `up`, a
 * count of faults by reason, and a log line for the first fault of each minute with its cause
 * (the rest of that minute are counted, not logged, so a full disk cannot flood the logs).
 *
 * The state has hysteresis where the store can measure its room (the file store): one fault takes
 * it down at once, but it comes back only when a probe passes *and* there is room for a whole
 * session. On a disk at its last blocks a 4 KiB probe passes or fails with what other writers do
 * meanwhile, and readiness flapped with it (7 of 50 polls); now it holds 503 until the disk has room.
 */
import type { SessionStore } from './store.js'
import { storeFaultReason, type StoreFaultReason } from './faults.js'
import { SessionStoreUnavailableError } from '../errors.js'

/** At most one fault log line per this many ms. */
export const FAULT_LOG_INTERVAL_MS = 60_000

/** A probe result is reused for this long (ms) by the metrics scrape, so scrapes add no load. */
export const PROBE_FRESH_MS = 5_000

export interface StoreHealthEvents {
  /** Every fault, for the `contratos_session_store_errors_total{reason}` counter. */
  fault: (reason: StoreFaultReason) => void
  /** The first fault of a minute: `suppressed` faults were counted but not logged since the last line. */
  log: (reason: StoreFaultReason, cause: unknown, suppressed: number) => void
  /** A probe succeeded after faults: the store works again. */
  recovered: () => void
}

/** The room a store needs before it reads as up again after a fault (hysteresis). */
export interface RoomToRecover {
  /** Bytes the store has room for now (the file store: free space under TEMP_DIR). */
  measure: () => Promise<number>
  /** Room needed, bytes: one session of MAX_EMPLOYEES employees. */
  bytes: number
}

export class StoreHealth {
  readonly #store: Pick<SessionStore, 'check'>
  readonly #events: StoreHealthEvents
  readonly #now: () => number
  readonly #room: RoomToRecover | undefined
  #up: boolean | undefined
  #probedAt = Number.NEGATIVE_INFINITY
  #loggedAt = Number.NEGATIVE_INFINITY
  #suppressed = 0

  /**
   * @param store whose check() writes and removes a probe
   * @param events told of faults (metrics, logs) and of recovery
   * @param now clock in ms (tests move it)
   * @param room when given, a store that is down comes back only with this much room (hysteresis)
   */
  constructor (store: Pick<SessionStore, 'check'>, events: StoreHealthEvents, now: () => number = Date.now, room?: RoomToRecover) {
    this.#store = store
    this.#events = events
    this.#now = now
    this.#room = room
  }

  /** False after a fault until a probe succeeds; true before the first probe. */
  get up (): boolean {
    return this.#up ?? true
  }

  /**
   * Probes the store now; records and returns whether it can take a session. After a fault, a probe
   * that passes counts only once there is room for a whole session (RoomToRecover): until then the
   * store stays down, and nothing more is counted or logged.
   */
  async probe (): Promise<boolean> {
    this.#probedAt = this.#now()
    try {
      await this.#store.check()
    } catch (error) {
      this.fault(error)
      return false
    }
    if (this.#up === false && !await this.#roomToRecover()) return false
    if (this.#up === false) this.#events.recovered()
    this.#up = true
    return true
  }

  /** Whether the store has the room RoomToRecover asks (true without one; false when it cannot be measured). */
  async #roomToRecover (): Promise<boolean> {
    if (this.#room === undefined) return true
    const room = await this.#room.measure().catch(() => 0)
    return room >= this.#room.bytes
  }

  /** The last probe's result when younger than PROBE_FRESH_MS, else a new probe's. */
  async fresh (): Promise<boolean> {
    if (this.#now() - this.#probedAt < PROBE_FRESH_MS) return this.up
    return await this.probe()
  }

  /** Records a fault met by a probe or a request (the cause of a SessionStoreUnavailableError is unwrapped). */
  fault (error: unknown): void {
    const cause = error instanceof SessionStoreUnavailableError ? error.cause : error
    const reason = storeFaultReason(cause)
    this.#up = false
    this.#events.fault(reason)
    const now = this.#now()
    if (now - this.#loggedAt < FAULT_LOG_INTERVAL_MS) {
      this.#suppressed++
      return
    }
    this.#events.log(reason, cause, this.#suppressed)
    this.#loggedAt = now
    this.#suppressed = 0
  }
}
