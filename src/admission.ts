/**
 * Admission control of the document routes (docs/production.md, "Overload"): a limit on the work
 * admitted at once, a short FIFO line of requests waiting for room, and a deadline on that line
 * (QUEUE_MAX_WAIT_MS). A request that cannot get room within the deadline is refused at the door
 * with ServiceBusyError (503 + Retry-After), before its body is validated or anything rendered,
 * rather than queued until its client or proxy gives up.
 *
 * Why here and not in the PDF pool: the pool's own deadline (src/worker-pool.ts) sees only tasks
 * waiting for a thread, while under overload most of the time goes on the event loop (reading and
 * validating bodies, writing ZIPs, the HTTP of every request), where the pool never queues: a
 * request waited seconds and the pool's expected wait stayed near zero. The gate measures the
 * whole: how long admitted work holds its room, from admission to the end of its reply.
 *
 * Work is counted in units of one preview (one record, one document); a batch of `n` records
 * weighs `batchWeight(n)`, from the measured cost of a request and of a record (below).
 */
import { ClientGoneError, RETRY_AFTER_SECONDS, ServiceBusyError } from './errors.js'

/**
 * Fixed cost of a request (HTTP, hooks, the reply) in records' worth of work: measured on the
 * built server, a preview took 12 ms and a contracts ZIP 13 ms plus 3.5 ms a record, one at a time.
 */
const REQUEST_COST_RECORDS = 3

/** Retry-After never says more than this, s (an estimate that far out is no promise). */
const MAX_RETRY_AFTER_SECONDS = 60

/** Weight of each new hold-time sample in the running mean (by releases: about the last 20). */
const HOLD_DECAY = 0.95

/**
 * Work of a request of `records` records, in previews: (3 + records) / 4, so a preview or a
 * one-record ZIP weighs 1 and a 50-employee ZIP 13.25.
 */
export function batchWeight (records: number): number {
  return (REQUEST_COST_RECORDS + Math.max(1, records)) / (REQUEST_COST_RECORDS + 1)
}

export interface AdmissionOptions {
  /** Work admitted at once, in previews (a heavier request takes the whole of it at most). */
  limit: number
  /** Requests that may wait for room; one more is refused at once. */
  maxQueue: number
  /** QUEUE_MAX_WAIT_MS: the longest a request may wait for room, ms; 0 = no deadline. */
  maxWaitMs: number
  /** The clock, ms (tests give their own). */
  now?: () => number
}

/** Room held by an admitted request. */
export interface Admission {
  /** The request ended (answered, failed or abandoned): its room goes to the next in line. Idempotent. */
  release: () => void
}

/** What the gate holds now. */
export interface AdmissionStats {
  /** Work admitted and not released, in previews. */
  inUse: number
  /** Requests waiting for room. */
  queued: number
  /** Mean time admitted work held its room lately, ms per request weighted by work (NaN before any release). */
  holdMs: number
}

interface Waiter {
  weight: number
  /** Leaves the line holding its room. */
  grant: () => void
}

export class AdmissionGate {
  readonly limit: number
  readonly maxQueue: number
  readonly maxWaitMs: number
  readonly #now: () => number
  #inUse = 0
  readonly #line: Waiter[] = []
  #queuedWeight = 0
  /** Decayed sums of weight × hold time and of weight, over recent releases. */
  #heldWeightMs = 0
  #heldWeight = 0

  constructor (options: AdmissionOptions) {
    this.limit = Math.max(1, options.limit)
    this.maxQueue = Math.max(0, options.maxQueue)
    this.maxWaitMs = Math.max(0, options.maxWaitMs)
    this.#now = options.now ?? (() => performance.now())
  }

  get stats (): AdmissionStats {
    return { inUse: this.#inUse, queued: this.#line.length, holdMs: this.#heldWeightMs / this.#heldWeight }
  }

  /**
   * Expected wait (ms) for room of a request of `weight` arriving now: the work beyond the limit
   * (admitted, waiting ahead, and its own) freed at the rate admitted work has lately been freed
   * (Little's law: `limit` previews held `holdMs` each); 0 when it fits now or before any release.
   */
  expectedWaitMs (weight: number): number {
    const beyond = this.#inUse + this.#queuedWeight + this.#clamp(weight) - this.limit
    const holdMs = this.stats.holdMs
    if (beyond <= 0 || !(holdMs > 0)) return 0
    return beyond * holdMs / this.limit
  }

  /**
   * Admits a request of `weight` previews (capped at the limit): at once when it fits and nobody
   * waits, else in line for at most `maxWaitMs`.
   * @param signal the client went away: leaves the line
   * @throws ServiceBusyError (503, Retry-After the expected wait in whole seconds, 2 to 60) when the
   *   line is full, when the expected wait exceeds `maxWaitMs` (refused at the door), or when
   *   `maxWaitMs` passes in line
   * @throws ClientGoneError (499) when `signal` aborts while in line
   */
  async admit (weight: number, signal?: AbortSignal): Promise<Admission> {
    const units = this.#clamp(weight)
    if (this.#line.length === 0 && this.#inUse + units <= this.limit) return this.#hold(units)
    if (this.#line.length >= this.maxQueue) throw this.#busy(units)
    if (this.maxWaitMs > 0 && this.expectedWaitMs(units) > this.maxWaitMs) throw this.#busy(units)
    if (signal?.aborted === true) throw new ClientGoneError()
    return await new Promise<Admission>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      /** Out of the line; false if it had already left. */
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', abandoned)
        const index = this.#line.indexOf(waiter)
        if (index < 0) return false
        this.#line.splice(index, 1)
        this.#queuedWeight -= units
        return true
      }
      /** Left without room: whoever was behind it may fit now. */
      const refuse = (error: () => unknown) => {
        if (!leave()) return
        reject(error())
        this.#admitWaiting()
      }
      const abandoned = () => { refuse(() => new ClientGoneError()) }
      const waiter: Waiter = {
        weight: units,
        grant: () => {
          leave()
          resolve(this.#hold(units))
        }
      }
      this.#line.push(waiter)
      this.#queuedWeight += units
      signal?.addEventListener('abort', abandoned, { once: true })
      if (this.maxWaitMs > 0) {
        timer = setTimeout(() => { refuse(() => this.#busy(units)) }, this.maxWaitMs)
      }
    })
  }

  #clamp (weight: number): number {
    return Math.min(this.limit, Math.max(Number.isFinite(weight) ? weight : this.limit, 1e-3))
  }

  #hold (units: number): Admission {
    this.#inUse += units
    const admittedAt = this.#now()
    let held = true
    return {
      release: () => {
        if (!held) return
        held = false
        this.#inUse -= units
        this.#heldWeightMs = this.#heldWeightMs * HOLD_DECAY + units * (this.#now() - admittedAt)
        this.#heldWeight = this.#heldWeight * HOLD_DECAY + units
        this.#admitWaiting()
      }
    }
  }

  /** Admits from the head of the line while the head fits (first come, first served). */
  #admitWaiting (): void {
    while (this.#line.length > 0 && this.#inUse + this.#line[0].weight <= this.limit) this.#line[0].grant()
  }

  #busy (units: number): ServiceBusyError {
    const seconds = Math.ceil(this.expectedWaitMs(units) / 1000)
    return new ServiceBusyError(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(RETRY_AFTER_SECONDS, seconds)))
  }
}
