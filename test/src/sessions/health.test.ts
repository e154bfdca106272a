import { test } from 'tap'
import { FAULT_LOG_INTERVAL_MS, PROBE_FRESH_MS, StoreHealth } from '../../../src/sessions/health.js'
import { isOutOfSpace, isStoreFault, storeFaultReason } from '../../../src/sessions/faults.js'
import { SessionStoreUnavailableError } from '../../../src/errors.js'
import { CircuitOpenError, EvictionPolicyError } from '../../../src/sessions/redis-store.js'

const fsError = (code: string) => Object.assign(new Error(`${code}: failed`), { code })

test('store faults are named by a fixed set of reasons; anything else is not a fault', async (t) => {
  for (const code of ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'ENOTDIR']) t.equal(storeFaultReason(fsError(code)), code)
  t.equal(storeFaultReason(new Error("READONLY You can't write against a read only replica.")), 'READONLY')
  t.equal(storeFaultReason(new Error("OOM command not allowed when used memory > 'maxmemory'.")), 'OOM')
  t.equal(storeFaultReason(new Error('NOPERM this user has no permissions to run the \'set\' command')), 'NOPERM')
  t.equal(storeFaultReason(new Error('Command timed out')), 'timeout')
  t.equal(storeFaultReason(new CircuitOpenError()), 'circuit_open')
  t.equal(storeFaultReason(new EvictionPolicyError('allkeys-lru')), 'eviction_policy')
  t.equal(storeFaultReason(new EvictionPolicyError(undefined)), 'eviction_policy', 'an unreadable policy too')
  t.equal(storeFaultReason(fsError('ECONNREFUSED')), 'unreachable')
  t.equal(storeFaultReason(new Error("Stream isn't writeable and enableOfflineQueue options is false")), 'unreachable')
  t.equal(storeFaultReason(new TypeError('x is undefined')), 'other')
  t.equal(storeFaultReason(undefined), 'other')
  t.notOk(isStoreFault(fsError('ENOENT')), 'a missing file is not a store fault')
  t.ok(isStoreFault(fsError('EROFS')))
  t.ok(isOutOfSpace(fsError('EDQUOT')))
  t.notOk(isOutOfSpace(fsError('EROFS')))
})

test('health: the first fault of each minute is logged with its cause, every fault counted, recovery told once', async (t) => {
  let now = 1_000_000
  let failing: Error | undefined = fsError('ENOSPC')
  const counted: string[] = []
  const logged: [string, number][] = []
  let recovered = 0
  const health = new StoreHealth({ check: async () => { if (failing !== undefined) throw failing } }, {
    fault: (reason) => counted.push(reason),
    log: (reason, _cause, suppressed) => logged.push([reason, suppressed]),
    recovered: () => { recovered++ }
  }, () => now)
  t.equal(health.up, true, 'up until a probe says otherwise')
  t.equal(await health.probe(), false)
  t.equal(health.up, false)
  health.fault(new SessionStoreUnavailableError(fsError('EROFS')))
  now += FAULT_LOG_INTERVAL_MS - 1
  t.equal(await health.probe(), false)
  t.same(logged, [['ENOSPC', 0]], 'one line in the first minute')
  t.same(counted, ['ENOSPC', 'EROFS', 'ENOSPC'], 'the cause of a 503 error is unwrapped')
  now += 1
  await health.probe()
  t.same(logged, [['ENOSPC', 0], ['ENOSPC', 2]], 'the next minute logs again, with how many went unlogged')
  failing = undefined
  now += 1
  t.equal(await health.fresh(), false, 'a fresh probe result is reused')
  now += PROBE_FRESH_MS
  t.equal(await health.fresh(), true, 'a stale one is probed again')
  t.equal(await health.probe(), true)
  t.equal(recovered, 1, 'recovery told once')
})

test('health holds its state after a fault until the store has room to recover: probes that pass on a nearly full disk do not flap it', async (t) => {
  let failing = false
  let room = 4096
  let recovered = 0
  const health = new StoreHealth({ check: async () => { if (failing) throw fsError('ENOSPC') } }, {
    fault: () => {},
    log: () => {},
    recovered: () => { recovered++ }
  }, () => 0, { measure: async () => room, bytes: 1024 * 1024 })
  t.equal(await health.probe(), true, 'no fault yet: up, however little room there is')
  const polls: boolean[] = []
  for (let poll = 0; poll < 50; poll++) {
    failing = poll % 7 === 3 // 7 of 50 probes meet ENOSPC, as on a disk at its last blocks
    polls.push(await health.probe())
  }
  t.same(polls.slice(0, 3), [true, true, true])
  t.same(polls.slice(3), Array(47).fill(false), 'held down from the first fault')
  t.equal(health.up, false)
  room = 1024 * 1024
  t.equal(await health.probe(), true, 'room for a whole session: up again')
  t.equal(recovered, 1)
  room = 0
  t.equal(await health.probe(), true, 'once up, little room alone does not take it down: only a fault does')
})
