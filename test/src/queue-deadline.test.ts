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

test('previews queued past QUEUE_MAX_WAIT_MS answer 503 with Retry-After before any work; the rest render', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, QUEUE_MAX_WAIT_MS: 1 })
  const preview = async () => await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal((await preview()).statusCode, 200, 'one render measures the task time')
  const replies = await Promise.all(Array.from({ length: 12 }, preview))
  const refused = replies.filter((reply) => reply.statusCode === 503)
  const rendered = replies.filter((reply) => reply.statusCode === 200)
  t.equal(refused.length + rendered.length, 12, 'nothing but 200 and 503')
  t.ok(refused.length > 0, `some refused (${refused.length})`)
  t.ok(rendered.length >= 2, 'the first on the thread and the first queued render')
  t.match(refused[0].headers['retry-after'], /^\d+$/, 'Retry-After: the expected wait in whole seconds')
  t.ok(Number(refused[0].headers['retry-after']) >= 2, 'at least 2')
  t.same(refused[0].json(), { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.', data: null })
  t.equal(app.pdfPool.stats.completed, 1 + rendered.length, 'a refused preview never reached a thread')
})

test('with the default deadline (5 s) the same burst renders whole', async (t) => {
  const app = await build(t, { PDF_THREADS: 1 })
  const preview = async () => await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  for (let i = 0; i < 3; i++) await preview() // the median task time: the thread's cold first render is not the norm
  const replies = await Promise.all(Array.from({ length: 12 }, preview))
  t.same(replies.map((reply) => reply.statusCode), Array(12).fill(200))
})

test('past the deadline the document routes answer 503 before validating the body; a ZIP admitted holds its work ahead', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, QUEUE_MAX_WAIT_MS: 1000 })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })).statusCode, 200, 'a task time measured')
  const invalid = [sampleEmployee({ dni: 'abc' })]
  const zip = async () => await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: invalid })
  t.equal((await zip()).statusCode, 400, 'idle: the body is validated and refused')

  const admitted = app.pdfPool.reserve(100_000) // as a very large ZIP admitted a moment ago
  const late = await zip()
  t.equal(late.statusCode, 503, 'the same body is not even read: the work ahead exceeds QUEUE_MAX_WAIT_MS')
  t.ok(Number(late.headers['retry-after']) >= 2)
  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: {} })
  t.equal(preview.statusCode, 503, 'so is an adenda preview')

  admitted.release()
  t.equal((await zip()).statusCode, 400, 'released: validated again')
})
