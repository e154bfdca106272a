/**
 * The admission gate of the document routes (src/admission.ts): weights, the limit, the line and
 * its bound, the deadline at the door and in line, a client gone while in line. The clock is the
 * test's own where an estimate is asserted; the routes through a real server are
 * test/plugins/admission.test.ts.
 */
import { test } from 'tap'
import { AdmissionGate, batchWeight } from '../../src/admission.js'
import { recordsInBody } from '../../src/employees/normalize.js'
import { ClientGoneError, ServiceBusyError } from '../../src/errors.js'

/** Settles on the next turns of the event loop: what a grant or a refusal already did shows. */
const settled = async () => await new Promise((resolve) => setImmediate(resolve))

/** Follows a promise without awaiting it: 'pending', 'admitted' or the error it rejected with. */
function watch (promise: Promise<unknown>): { state: unknown } {
  const watched: { state: unknown } = { state: 'pending' }
  promise.then(() => { watched.state = 'admitted' }, (error: unknown) => { watched.state = error })
  return watched
}

test('weights: a preview or one record is 1, a batch (3 + records) / 4; the records of the D2 body shapes', async (t) => {
  t.equal(batchWeight(1), 1)
  t.equal(batchWeight(50), 13.25)
  t.equal(batchWeight(0), 1, 'an empty list weighs as one (validation refuses it)')
  t.equal(recordsInBody([1, 2, 3]), 3)
  t.equal(recordsInBody({ employees: [1, 2] }), 2)
  t.equal(recordsInBody({ body: [1, 2, 3, 4] }), 4)
  t.equal(recordsInBody({ name: 'Rosa' }), 1)
  t.equal(recordsInBody(null), 1)
})

test('within the limit at once; beyond it in line, first come first served; a full line is a 503 with Retry-After', async (t) => {
  const gate = new AdmissionGate({ limit: 4, maxQueue: 2, maxWaitMs: 0 })
  const zip = await gate.admit(3)
  const preview = await gate.admit(1)
  t.same(gate.stats.inUse, 4, 'a 3 and a 1 fill the limit of 4')
  const secondZip = watch(gate.admit(3))
  const secondPreview = watch(gate.admit(1))
  t.equal(gate.stats.queued, 2)
  await t.rejects(gate.admit(1), new ServiceBusyError(2), 'the line of 2 is full: refused at once, Retry-After at least 2 s')

  preview.release()
  await settled()
  t.equal(secondZip.state, 'pending', 'room for 1: the ZIP at the head needs 3')
  t.equal(secondPreview.state, 'pending', 'and the preview behind it does not overtake it')
  zip.release()
  zip.release() // idempotent
  await settled()
  t.equal(secondZip.state, 'admitted')
  t.equal(secondPreview.state, 'admitted', 'both fit now')
  t.same(gate.stats, { inUse: 4, queued: 0, holdMs: gate.stats.holdMs })
})

test('a request heavier than the limit takes the whole of it, alone', async (t) => {
  const gate = new AdmissionGate({ limit: 4, maxQueue: 2, maxWaitMs: 0 })
  const big = await gate.admit(13.25)
  t.equal(gate.stats.inUse, 4)
  const next = watch(gate.admit(1))
  await settled()
  t.equal(next.state, 'pending')
  big.release()
  await settled()
  t.equal(next.state, 'admitted')
})

test('the door: a request expected to wait past maxWaitMs is refused at once, Retry-After the expected wait', async (t) => {
  let now = 0
  const gate = new AdmissionGate({ limit: 2, maxQueue: 10, maxWaitMs: 5000, now: () => now })
  t.equal(gate.expectedWaitMs(1), 0, 'idle: no wait')
  // two previews held 4 s each: the gate frees 2 previews' room every 4 s
  const first = [await gate.admit(1), await gate.admit(1)]
  now += 4000
  for (const admission of first) admission.release()
  t.equal(gate.stats.holdMs, 4000)
  const held = [await gate.admit(1), await gate.admit(1)]
  t.equal(gate.expectedWaitMs(1), 2000, 'one preview beyond the limit: half of a hold time')
  const waiting = watch(gate.admit(1))
  const alsoWaiting = watch(gate.admit(1))
  t.equal(gate.expectedWaitMs(1), 6000, 'three beyond it')
  await t.rejects(gate.admit(1), new ServiceBusyError(6), 'past 5 s: refused at the door')
  t.equal(gate.stats.queued, 2, 'never in line')

  now += 1000
  for (const admission of held) admission.release()
  await settled()
  t.equal(waiting.state, 'admitted')
  t.equal(alsoWaiting.state, 'admitted')
})

test('in line past maxWaitMs: refused with 503, and whoever was behind it goes on', async (t) => {
  const gate = new AdmissionGate({ limit: 4, maxQueue: 10, maxWaitMs: 30 })
  const held = await gate.admit(3)
  const zip = gate.admit(4) // needs the whole limit: waits for `held`
  const preview = watch(gate.admit(1)) // fits beside `held`, but the ZIP is ahead of it
  await settled()
  t.equal(preview.state, 'pending')
  await t.rejects(zip, ServiceBusyError, 'the deadline passed in line')
  await settled()
  t.equal(preview.state, 'admitted', 'the ZIP gone, the preview fits')
  held.release()
})

test('a client gone while in line leaves it (499, nobody reads it); the room it never had stays free', async (t) => {
  const gate = new AdmissionGate({ limit: 1, maxQueue: 5, maxWaitMs: 0 })
  const held = await gate.admit(1)
  const controller = new AbortController()
  const gone = gate.admit(1, controller.signal)
  const next = watch(gate.admit(1))
  controller.abort()
  await t.rejects(gone, ClientGoneError)
  t.equal(gate.stats.queued, 1)
  await t.rejects(gate.admit(1, controller.signal), ClientGoneError, 'already gone: not even in line')
  held.release()
  await settled()
  t.equal(next.state, 'admitted')
  t.equal(gate.stats.inUse, 1)
})
