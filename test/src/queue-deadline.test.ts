import { test } from 'tap'
import { checkDeadline, expectedWaitMs } from '../../src/queue-deadline.js'
import { ServiceBusyError } from '../../src/errors.js'
import { build, sampleEmployee } from '../support/helper.js'

test('expected wait: the tasks ahead shared by the threads, each the median task time; none measured yet: 0', async (t) => {
  t.equal(expectedWaitMs(8, 2, 500), 2000)
  t.equal(expectedWaitMs(0, 2, 500), 0, 'nothing waiting')
  t.equal(expectedWaitMs(8, 2, Number.NaN), 0, 'no task completed yet')
  t.equal(expectedWaitMs(3, 0, 100), 300, 'at least one thread')
})

test('a wait past the deadline is a 503 with the wait as Retry-After; within it, or no deadline, passes', async (t) => {
  t.throws(() => { checkDeadline(7200, 5000) }, new ServiceBusyError(8))
  t.throws(() => { checkDeadline(5001, 5000) }, new ServiceBusyError(6))
  t.throws(() => { checkDeadline(1, 0.5) }, new ServiceBusyError(2), 'at least 2 s')
  t.doesNotThrow(() => { checkDeadline(5000, 5000) })
  t.doesNotThrow(() => { checkDeadline(1e9, 0) }, '0: off')
})

test('exports queued past QUEUE_MAX_WAIT_MS for the report thread answer 503 with Retry-After before any work; the rest are built', async (t) => {
  const app = await build(t, { REPORT_THREADS: 1, QUEUE_MAX_WAIT_MS: 1 })
  const sctr = async () => await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload: [sampleEmployee()] })
  t.equal((await sctr()).statusCode, 200, 'one workbook measures the task time')
  const replies = await Promise.all(Array.from({ length: 12 }, sctr))
  const refused = replies.filter((reply) => reply.statusCode === 503)
  const built = replies.filter((reply) => reply.statusCode === 200)
  t.equal(refused.length + built.length, 12, 'nothing but 200 and 503')
  t.ok(refused.length > 0, `some refused (${refused.length})`)
  t.ok(built.length >= 2, 'the first on the thread and the first queued are built')
  t.match(refused[0].headers['retry-after'], /^\d+$/, 'Retry-After: the expected wait in whole seconds')
  t.ok(Number(refused[0].headers['retry-after']) >= 2, 'at least 2')
  t.same(refused[0].json(), { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.', data: null })
})

test('with the default deadline (5 s) the same burst is built whole', async (t) => {
  const app = await build(t, { REPORT_THREADS: 1, QUEUE_MAX_WAIT_MS: 5000 })
  const sctr = async () => await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload: [sampleEmployee()] })
  for (let i = 0; i < 3; i++) await sctr() // the median task time: the thread's cold first workbook is not the norm
  const replies = await Promise.all(Array.from({ length: 12 }, sctr))
  t.same(replies.map((reply) => reply.statusCode), Array(12).fill(200))
})
