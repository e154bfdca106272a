/**
 * The client-side deadline of the registry's work (REGISTRY_QUERY_TIMEOUT_MS, docs/registry.md
 * "Faults"): a request's whole use of the database, from waiting for a connection to its commit,
 * runs under one deadline carried by AsyncLocalStorage, so each statement the drivers send
 * (src/registry/database.ts, src/registry/pglite-thread.ts) knows how long it has left and none
 * is sent once it has passed. What holds the work (a stalled server, a lost network path, a busy
 * PGlite thread) then costs the request the deadline and no more.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** The deadline (epoch ms) of the registry work under way in this async context. */
const deadlines = new AsyncLocalStorage<number>()

/** The registry's work passed its deadline (REGISTRY_QUERY_TIMEOUT_MS): answered as the registry being unavailable. */
export class RegistryTimeoutError extends Error {
  constructor (ms: number) {
    super(`contract registry did not answer within ${ms} ms`)
    this.name = 'RegistryTimeoutError'
  }
}

/**
 * Runs `work` with a deadline `ms` from now: rejects with RegistryTimeoutError once it passes, while
 * the statements `work` still has in flight are dropped by the drivers (remainingMs).
 * @param ms milliseconds; the deadline of an enclosing call, when earlier, stays in force
 * @throws RegistryTimeoutError after `ms` (also when `work` fails once they passed); otherwise what `work` throws
 */
export async function withDeadline<T> (ms: number, work: () => Promise<T>): Promise<T> {
  const outer = deadlines.getStore()
  const at = Math.min(Date.now() + ms, outer ?? Number.POSITIVE_INFINITY)
  const running = deadlines.run(at, work)
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { reject(new RegistryTimeoutError(ms)) }, Math.max(0, at - Date.now()))
  })
  try {
    return await Promise.race([running, expired])
  } catch (error) {
    // work that fails once its deadline has passed failed of it: its statement's own bound dropped
    // the connection, and what followed (a rollback on that connection) may reject first
    if (!(error instanceof RegistryTimeoutError) && Date.now() >= at) throw new RegistryTimeoutError(ms)
    throw error
  } finally {
    clearTimeout(timer)
    running.catch(() => {}) // settled after the deadline: its outcome is nobody's now
  }
}

/**
 * Milliseconds left before the deadline of the work in this async context (0 or less: passed);
 * undefined outside any (opening the database, its migrations).
 */
export function remainingMs (): number | undefined {
  const at = deadlines.getStore()
  return at === undefined ? undefined : at - Date.now()
}

/** Runs `work` outside any deadline: work shared by several requests (opening the database) is no one request's. */
export function withoutDeadline<T> (work: () => T): T {
  return deadlines.exit(work)
}

/**
 * `promise`, or a RegistryTimeoutError after `ms` (then `onTimeout` is called, e.g. to drop the
 * connection the statement holds). `ms` undefined: no bound.
 */
export async function within<T> (promise: Promise<T>, ms: number | undefined, onTimeout = (): void => {}): Promise<T> {
  if (ms === undefined) return await promise
  if (ms <= 0) {
    promise.catch(() => {})
    onTimeout()
    throw new RegistryTimeoutError(0)
  }
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { onTimeout(); reject(new RegistryTimeoutError(ms)) }, ms)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(timer)
    promise.catch(() => {})
  }
}
