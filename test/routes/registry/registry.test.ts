/**
 * The contract registry through the app (docs/registry.md): download-zip records what it issues
 * before the first byte, a reprint supersedes an issued contract, a signed one blocks an overlap
 * (409), history is entered once, and a database that does not answer is a 503 for issuing only.
 */
import { test } from 'tap'
import { createServer } from 'node:net'
import { addDays, todayInLima } from '../../../src/vocabulary/dates.js'
import { build, sampleAddendum, sampleEmployee, zipEntries } from '../../support/helper.js'

const contractsOf = async (app: Awaited<ReturnType<typeof build>>, dni: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })
  return res.json().data.contracts as Array<{ id: string, kind: string, status: string, entryDate: string, endDate: string, modality: string | null, signedOn: string | null }>
}

test('download-zip records each contract; a reprint supersedes it; a signed one refuses an overlap with 409', async (t) => {
  const app = await build(t)
  const employee = sampleEmployee({ dni: '40111222' })
  t.same(await contractsOf(app, '40111222'), [], 'nothing recorded before the first ZIP')

  const first = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  t.equal(first.statusCode, 200)
  t.equal(Object.keys(await zipEntries(first.rawPayload)).length, 3)
  let recorded = await contractsOf(app, '40111222')
  t.match(recorded, [{ kind: 'contract', status: 'issued', entryDate: employee.entryDate, endDate: employee.endDate, modality: '58', signedOn: null }])

  // a corrected reprint (the same worker, overlapping dates) supersedes the issued one
  const reprint = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [{ ...employee, salary: 1600, salaryInWords: undefined }] })
  t.equal(reprint.statusCode, 200)
  recorded = await contractsOf(app, '40111222')
  t.same(recorded.map((contract) => contract.status), ['superseded', 'issued'])

  // a superseded contract cannot be marked signed; the current one can, not in the future
  const superseded = await app.inject({ method: 'POST', url: `/api/contracts/${recorded[0].id}/signed`, payload: { signingDate: todayInLima() } })
  t.equal(superseded.statusCode, 404)
  t.equal(superseded.json().success, false)
  const future = await app.inject({ method: 'POST', url: `/api/contracts/${recorded[1].id}/signed`, payload: { signingDate: addDays(todayInLima(), 1) } })
  t.equal(future.statusCode, 400)
  t.match(future.json().errors, [{ field: 'body.signingDate' }])
  const signed = await app.inject({ method: 'POST', url: `/api/contracts/${recorded[1].id}/signed`, payload: { signingDate: todayInLima() } })
  t.equal(signed.statusCode, 200)
  t.match(signed.json().data.contract, { id: recorded[1].id, status: 'signed', signedOn: todayInLima() })

  // a contract over the signed one's dates is refused before any byte, naming its dates
  const overlap = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  t.equal(overlap.statusCode, 409)
  t.equal(overlap.headers['content-type'], 'application/json; charset=utf-8')
  t.match(overlap.json().message, `del ${employee.entryDate as string} al ${employee.endDate as string}`)
  t.equal((await contractsOf(app, '40111222')).length, 2, 'the refused request recorded nothing')

  // other workers are not affected; a client that never marks anything signed is never refused
  const other = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40111333' }), sampleEmployee({ dni: '40111333' })] })
  t.equal(other.statusCode, 200)
  t.same((await contractsOf(app, '40111333')).map((contract) => contract.status), ['superseded', 'issued'])

  // a preview records nothing
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni: '40111444' }) })
  t.equal(preview.statusCode, 200)
  t.same(await contractsOf(app, '40111444'), [])
})

test('an adenda ZIP records the adenda, linked to the recorded contract it extends', async (t) => {
  const app = await build(t)
  const addendum = sampleAddendum({ documentNumber: '40222333' })
  const res = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [addendum] })
  t.equal(res.statusCode, 200)
  t.match(await contractsOf(app, '40222333'), [{ kind: 'addendum', status: 'issued', entryDate: addendum.startAddendum, endDate: addendum.endAddendum }])
})

test('history HR enters once is stored and returned (201); bad entries are 400s on their field', async (t) => {
  const app = await build(t)
  const today = todayInLima()
  const entry = { modality: 'Necesidades del mercado', entryDate: addDays(today, -700), endDate: addDays(today, -400), position: 'Operario de playa', probationMonths: 3 }
  const res = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [entry] })
  t.equal(res.statusCode, 201)
  t.match(res.json().data.history, [{ modality: '58', entryDate: entry.entryDate, endDate: entry.endDate, position: 'Operario de playa', probationMonths: 3 }])

  const bad = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, modality: 'otra', endDate: addDays(today, -800) }] })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().errors, [{ field: 'body.0.modality' }, { field: 'body.0.endDate' }])
  const empty = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [] })
  t.equal(empty.statusCode, 400)
  const badDni = await app.inject({ method: 'GET', url: '/api/workers/123/contracts' })
  t.equal(badDni.statusCode, 400)
})

test('a database that does not answer: issuing is a 503 with Retry-After, previews work, readiness names it', async (t) => {
  // a port that takes connections and never answers, then a closed one
  const silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  t.teardown(() => silent.close())
  const port = (silent.address() as { port: number }).port
  const app = await build(t, { DATABASE_URL: `postgres://contratos:x@127.0.0.1:${port}/contratos?connect_timeout=1` })
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
  t.equal(zip.statusCode, 503)
  t.ok(Number(zip.headers['retry-after']) >= 1)
  t.match(zip.json(), { success: false, message: /registro de contratos/ })
  const list = await app.inject({ method: 'GET', url: '/api/workers/12345678/contracts' })
  t.equal(list.statusCode, 503)
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal(preview.statusCode, 200)
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' })
  t.equal(ready.statusCode, 503)
  t.match(JSON.stringify(ready.json()), /"registry":"fail"/)
})
