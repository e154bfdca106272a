/**
 * Processing deadlines (QUEUE_MAX_WAIT_MS, docs/production.md): a request whose expected wait for a PDF or
 * report thread exceeds the limit is refused with 503 and Retry-After before any work, instead of
 * queueing until its client or proxy gives up (at saturation a ZIP's p99 reached 11 s and health
 * 3.6 s with no 503). The wait is estimated from the tasks ahead of it and the median task time the
 * pool measured so far (piscina's run-time histogram: the median, so that a worker's cold first task
 * does not count as the norm); before any task has completed it is 0.
 */
import { RETRY_AFTER_SECONDS, ServiceBusyError } from './errors.js'

/**
 * Expected wait of a task handed over now, ms: the tasks waiting ahead of it shared by the threads,
 * each taking the typical (median) task time.
 * @param waiting tasks queued for a thread (not running)
 * @param threads threads of the pool (at least 1)
 * @param taskMs median run time of a task so far, ms (NaN or 0 when none completed)
 */
export function expectedWaitMs (waiting: number, threads: number, taskMs: number): number {
  if (waiting <= 0 || !(taskMs > 0)) return 0
  return waiting * taskMs / Math.max(1, threads)
}

/**
 * Refuses a new request whose expected wait exceeds `maxWaitMs` (0: no deadline).
 * @throws ServiceBusyError (503) with Retry-After of the expected wait in whole seconds, at least RETRY_AFTER_SECONDS
 */
export function checkDeadline (waitMs: number, maxWaitMs: number): void {
  if (maxWaitMs <= 0 || waitMs <= maxWaitMs) return
  throw new ServiceBusyError(Math.max(RETRY_AFTER_SECONDS, Math.ceil(waitMs / 1000)))
}
