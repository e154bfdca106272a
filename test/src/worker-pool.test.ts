/**
 * The bounded pool under the three worker pools (src/worker-pool.ts), with a tiny worker of its own
 * (test/support/echo-worker.mjs): how far the line goes, the busy answer, closing and starting again.
 */
import { test } from 'tap'
import { fileURLToPath } from 'node:url'
import { WorkerPool } from '../../src/worker-pool.js'
import { ServiceBusyError } from '../../src/errors.js'

interface EchoTask { value: number, waitMs?: number, fail?: string }
const worker = { filename: fileURLToPath(new URL('../support/echo-worker.mjs', import.meta.url)) }

function pool (maxThreads: number, maxQueue: number): WorkerPool<EchoTask, number> {
  return new WorkerPool<EchoTask, number>({ worker, minThreads: 0, maxThreads, maxQueue })
}

test('past maxThreads + maxQueue tasks under way, one more is refused at once with ServiceBusyError', async (t) => {
  const echo = pool(1, 2)
  t.teardown(() => echo.close())
  t.equal(echo.capacity, 2, 'an idle pool can take maxQueue tasks beyond its threads')
  const taken = [1, 2, 3].map(async (value) => await echo.run({ value, waitMs: 200 }))
  t.same(echo.stats.pending, 3)
  t.equal(echo.capacity, 0, 'one running, two waiting: the line is full')
  await t.rejects(echo.run({ value: 4 }), ServiceBusyError)
  t.same(await Promise.all(taken), [1, 2, 3], 'what was taken is done')
  t.equal(echo.stats.pending, 0)
  t.equal(await echo.run({ value: 5 }), 5, 'served again once the line has room')
})

test('an error in the worker reaches the caller and frees its place in the line', async (t) => {
  const echo = pool(1, 0)
  t.teardown(() => echo.close())
  await t.rejects(echo.run({ value: 1, fail: 'roto' }), { message: 'roto' })
  t.equal(echo.stats.pending, 0)
  t.equal(await echo.run({ value: 2 }), 2)
})

test('close() lets the tasks taken finish, turns open false, and a later task starts the threads again', async (t) => {
  const echo = pool(2, 4)
  t.teardown(() => echo.close())
  t.equal(echo.open, true)
  const running = echo.run({ value: 7, waitMs: 100 })
  const closing = echo.close()
  t.equal(echo.open, false, 'closed as soon as close() begins (readiness)')
  t.equal(await running, 7, 'the task already taken finished')
  await closing
  t.equal(await echo.run({ value: 8 }), 8)
  t.equal(echo.open, true, 'open again once a task started the threads')
})

test('the deadline counts the tasks waiting for a thread: past maxWaitMs the next task is refused before any work', async (t) => {
  const echo = new WorkerPool<EchoTask, number>({ worker, minThreads: 0, maxThreads: 1, maxQueue: 100, maxWaitMs: 50 })
  t.teardown(() => echo.close())
  for (let value = 0; value < 3; value++) await echo.run({ value, waitMs: 100 }) // a median task time of 100 ms or more
  t.equal(echo.expectedWaitMs, 0, 'nothing under way, nothing ahead')
  t.doesNotThrow(() => { echo.checkDeadline() }, 'idle: no wait')

  const taken = [1, 2].map(async (value) => await echo.run({ value, waitMs: 100 }))
  t.ok(echo.expectedWaitMs > 50, `one task waits for the one thread (${echo.expectedWaitMs} ms)`)
  await t.rejects(echo.run({ value: 3 }), ServiceBusyError, 'the next task is refused')
  t.same(await Promise.all(taken), [1, 2], 'those taken both ran')
  t.equal(echo.expectedWaitMs, 0, 'nothing ahead any more')
  t.equal(await echo.run({ value: 4 }), 4, 'served again')
})
