/**
 * Client aborts, bounded for `npm test`: 20 download-zips abandoned at random points
 * leave no pending PDF work and no open connection, and the next ZIP is complete. The long run
 * with a memory and handle report is `npm run test:aborts` (bench/aborts.ts).
 */
import { test } from 'tap'
import type { AddressInfo } from 'node:net'
import { build } from './support/helper.js'
import { ABORT_POINTS, completeZip, fireAbortedZips, seededRandom, settle } from './support/client-aborts.js'

const SEED = Number(process.env.ABORTS_SEED ?? 7)

test('20 download-zips aborted at random points leave no pending work; the next ZIP is complete', async (t) => {
  const app = await build(t, { PDF_THREADS: 2 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  t.equal((await completeZip(port, 3)).names.length, 9, 'warm: a small ZIP first')

  const outcomes = await fireAbortedZips(port, { count: 20, parallel: 5, maxBatch: 50, random: seededRandom(SEED) })
  t.equal(outcomes.length, 20)
  t.comment(`seed ${SEED}: ` + ABORT_POINTS.map((point) => `${point} ${outcomes.filter((o) => o.point === point && o.aborted).length}`).join(', ') +
    `; ${outcomes.filter((o) => !o.aborted).length} completed before their abort point`)
  t.ok(outcomes.filter((outcome) => outcome.aborted).length >= 10, 'most of them were really abandoned')
  t.ok(outcomes.every((outcome) => outcome.status === undefined || outcome.status === 200), 'no error answered to any that got headers')

  const left = await settle(app)
  t.equal(left.pool.pending, 0, 'no PDF task pending')
  t.equal(left.pool.queued, 0, 'nothing queued for a thread')
  t.equal(left.connections, 0, 'no connection left open')

  const after = await completeZip(port)
  t.equal(after.status, 200)
  t.equal(after.names.length, 150, 'a 50-employee ZIP afterwards holds all 150 PDFs')
  t.notOk(after.names.includes('errores.txt'))
  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200)
})
