/**
 * src/audit/trail.ts: lines written in order; a failed write keeps its line and the later ones,
 * in order, and a recovery writes them all; beyond MAX_PENDING_LINES the oldest go, counted. The
 * faults are real: a symbolic link to /dev/full (every write ENOSPC), pointed at a file again.
 */
import { test } from 'tap'
import { once, EventEmitter } from 'node:events'
import { readFileSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { AuditFile, MAX_PENDING_LINES, RETRY_INTERVAL_MS } from '../../../src/audit/trail.js'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').slice(0, -1)

test('a failed write keeps its line and the later ones, and a recovery writes them all in order', async (t) => {
  const dir = t.testdir({})
  const path = join(dir, 'audit.log')
  const file = join(dir, 'real.log')
  symlinkSync('/dev/full', path)
  const failures: unknown[] = []
  const recoveries: Array<[number, number]> = []
  const trail = await AuditFile.open(path, {
    failed: (cause) => { failures.push(cause) },
    recovered: (written, dropped) => { recoveries.push([written, dropped]) }
  })
  t.teardown(() => trail.close())
  t.ok(trail.writable)
  trail.append('{"n":1}\n')
  trail.append('{"n":2}\n')
  await trail.settled()
  t.notOk(trail.writable)
  t.equal(trail.pending, 2)
  t.match(failures, [{ code: 'ENOSPC' }], 'told once')
  trail.append('{"n":3}\n')
  t.equal(await trail.recover(), false, 'still /dev/full')
  t.equal(failures.length, 1, 'a recovery that fails again says nothing more')

  rmSync(path)
  symlinkSync(join(dir, 'no-existe', 'audit.log'), path)
  t.equal(await trail.recover(), false, 'a file that cannot be opened')

  rmSync(path)
  symlinkSync(file, path)
  const [first, second] = await Promise.all([trail.recover(), trail.recover()])
  t.ok(first && second, 'one attempt shared by both callers')
  t.same(recoveries, [[3, 0]])
  t.ok(trail.writable)
  t.same(lines(file), ['{"n":1}', '{"n":2}', '{"n":3}'], 'kept lines, in order')
  trail.append('{"n":4}\n')
  t.equal(await trail.recover(), true, 'writable: true at once')
  await trail.settled()
  t.same(lines(file), ['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}'])
})

test('beyond MAX_PENDING_LINES kept lines, the oldest go and the recovery counts them', async (t) => {
  const dir = t.testdir({})
  const path = join(dir, 'audit.log')
  const file = join(dir, 'real.log')
  symlinkSync('/dev/full', path)
  const recoveries: Array<[number, number]> = []
  const trail = await AuditFile.open(path, { failed: () => {}, recovered: (written, dropped) => { recoveries.push([written, dropped]) } })
  t.teardown(() => trail.close())
  trail.append('{"n":0}\n')
  await trail.settled()
  for (let n = 1; n <= MAX_PENDING_LINES + 4; n++) trail.append(`{"n":${n}}\n`)
  t.equal(trail.pending, MAX_PENDING_LINES)
  rmSync(path)
  symlinkSync(file, path)
  t.ok(await trail.recover())
  t.same(recoveries, [[MAX_PENDING_LINES, 5]])
  const written = lines(file)
  t.equal(written[0], '{"n":5}', 'the five oldest dropped')
  t.equal(written.at(-1), `{"n":${MAX_PENDING_LINES + 4}}`)
})

test('a failing trail tries again by itself, without being asked, and writes its kept lines once it can', async (t) => {
  t.equal(RETRY_INTERVAL_MS, 5_000)
  const dir = t.testdir({})
  const path = join(dir, 'audit.log')
  const file = join(dir, 'real.log')
  symlinkSync('/dev/full', path)
  const events = new EventEmitter()
  const trail = await AuditFile.open(path, {
    failed: () => { events.emit('failed') },
    recovered: (written) => { events.emit('recovered', written) }
  }, 10)
  t.teardown(() => trail.close())
  const failed = once(events, 'failed')
  trail.append('{"n":1}\n')
  await failed
  rmSync(path)
  symlinkSync(file, path)
  const alive = setInterval(() => {}, 1000) // the trail's own timer does not hold the process open
  const [written] = await once(events, 'recovered') as [number]
  clearInterval(alive)
  t.equal(written, 1, 'recovered with nobody asking')
  t.ok(trail.writable)
  t.same(lines(file), ['{"n":1}'])
})
