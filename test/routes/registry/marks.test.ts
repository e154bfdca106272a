/**
 * `POST /api/contracts/{id}/signed` and the history it changes (docs/registry.md; LPCL art. 74;
 * Reglamento art. 16): a mark applies the history rules as issuing does, counting the signed
 * contracts and the entered history plus the one being marked, so two contracts issued before either
 * is signed cannot both be signed past five years or with a probation repeated in one post; who marked
 * a contract and who deleted a history entry is recorded in the registry, and each such request's
 * audit line names the worker's DNI, refused ones included.
 */
import { test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays, dayMonthYearKey, termEnd, termLength, todayInLima } from '../../../src/vocabulary/dates.js'
import { termsLength } from '../../../src/registry/history-rules.js'
import { HISTORY_MESSAGES, REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { build, sampleEmployee, sharedApp } from '../../support/helper.js'
import { KEYS, scratchDir, writeKeysFile } from '../../support/auth.js'

type App = Awaited<ReturnType<typeof build>>
const today = todayInLima()

const contractsOf = async (app: App, dni: string, headers: Record<string, string> = {}) =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts`, headers })).json().data.contracts as
    Array<{ id: string, status: string, entryDate: string, endDate: string, signedOn: string | null, signedBy: string | null }>

test('two consecutive contracts issued before either is signed: the second mark passing five years is a 409 naming the months', async (t) => {
  const app = await sharedApp()
  const dni = '42100001'
  const history = [{ modality: '58', entryDate: addDays(today, -1745), endDate: addDays(today, -6), position: 'Operario de playa' }]
  t.equal((await app.inject({ method: 'POST', url: `/api/workers/${dni}/history`, payload: history })).statusCode, 201)
  const firstStart = addDays(today, 7)
  const first = sampleEmployee({ dni, entryDate: firstStart, endDate: termEnd(firstStart, 2) })
  const secondStart = addDays(first.endDate as string, 1)
  const second = sampleEmployee({ dni, entryDate: secondStart, endDate: termEnd(secondStart, 2) })
  for (const employee of [first, second]) {
    t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200, 'each passes alone: issued ones do not count')
  }
  const [one, two] = await contractsOf(app, dni)
  const mark = async (id: string) => await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: today } })
  t.equal((await mark(one.id)).statusCode, 200, 'the first fits in the five years')
  const refused = await mark(two.id)
  t.equal(refused.statusCode, 409)
  // §36: calendar months, each term's own; the latest end named is before the second contract's
  const used = termsLength([[history[0].entryDate, history[0].endDate], [one.entryDate, one.endDate]])
  const latest = (/como máximo (\d{2}\/\d{2}\/\d{4})/.exec(refused.json().message) ?? [])[1]
  t.ok(latest !== undefined && dayMonthYearKey(latest) < dayMonthYearKey(two.endDate), 'a latest end before the refused one')
  const left = termLength(two.entryDate, latest)
  const message = HISTORY_MESSAGES.beyondFiveYears(used.months, used.days, left.months, left.days, latest, 60)
  t.equal(refused.json().message, REGISTRY_MESSAGES.signBreaksHistory([message]), 'the months used and left')
  t.same(refused.json().data, { issues: [{ field: 'endDate', message }] })
  t.match(await contractsOf(app, dni), [{ id: one.id, status: 'signed' }, { id: two.id, status: 'issued', signedOn: null }], 'nothing changed')
})

test('two contracts in one post, each printing a probation, issued before either is signed: the second mark is a 409', async (t) => {
  const app = await sharedApp()
  const dni = '42100002'
  const first = sampleEmployee({ dni, probationaryPeriod: '3 meses' })
  const nextStart = addDays(first.endDate as string, 1)
  const second = sampleEmployee({ dni, probationaryPeriod: '3 meses', entryDate: nextStart, endDate: termEnd(nextStart, 6) })
  for (const employee of [first, second]) {
    t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  }
  const [one, two] = await contractsOf(app, dni)
  const mark = async (id: string) => await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: today } })
  t.equal((await mark(one.id)).statusCode, 200)
  const refused = await mark(two.id)
  t.equal(refused.statusCode, 409)
  const message = HISTORY_MESSAGES.probationServed(one.entryDate, one.endDate)
  t.equal(refused.json().message, REGISTRY_MESSAGES.signBreaksHistory([message]))
  t.same(refused.json().data, { issues: [{ field: 'probationaryPeriod', message }] })
  // a worker with no signed history is not affected
  const other = sampleEmployee({ dni: '42100003', probationaryPeriod: '3 meses' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [other] })).statusCode, 200)
  t.equal((await mark((await contractsOf(app, '42100003'))[0].id)).statusCode, 200)
})

test('under AUTH_MODE=oidc the registry records who marked and who deleted; every audit line of them names the DNI', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const headers = { authorization: `Bearer ${KEYS.hr}` }
  const dni = '42100004'
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni })], headers })).statusCode, 200)
  const [contract] = await contractsOf(app, dni, headers)
  t.equal(contract.signedBy, null, 'no one before the mark')
  const mark = async (signingDate: string) =>
    await app.inject({ method: 'POST', url: `/api/contracts/${contract.id}/signed`, payload: { signingDate }, headers })
  t.equal((await mark(addDays(today, 1))).statusCode, 400, 'in the future')
  t.equal((await mark(addDays(today, -1))).statusCode, 400, 'before the printed signing date')
  const signed = await mark(today)
  t.equal(signed.statusCode, 200)
  t.match(signed.json().data.contract, { status: 'signed', signedOn: today, signedBy: 'hr-job' })
  const entry = { modality: '58', entryDate: addDays(today, -400), endDate: addDays(today, -200), position: 'Operario de playa' }
  const added = await app.inject({ method: 'POST', url: `/api/workers/${dni}/history`, payload: [entry], headers })
  const [{ id: entryId }] = added.json().data.history as Array<{ id: string }>
  t.equal((await app.inject({ method: 'DELETE', url: `/api/workers/${dni}/history/${entryId}`, headers })).statusCode, 200)
  const deletions = await app.registry.run(async (registry) => await registry.historyDeletions(dni))
  t.match(deletions, [{ id: entryId, deletedBy: 'hr-job', deletedAt: /^\d{4}-\d\d-\d\dT/ }])
  t.same(await app.registry.run(async (registry) => await registry.history(dni)), [], 'the entry itself is gone')
  await app.close()

  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) : []
  const marks = lines.filter((line) => line.route === '/api/contracts/:id/signed')
  t.same(marks.map((line) => line.status), [400, 400, 200])
  t.same(marks.map((line) => line.dnis), [[dni], [dni], [dni]], 'the mark and each refusal name the worker')
  t.match(lines.filter((line) => line.method === 'DELETE'), [{ identity: 'hr-job', status: 200, dnis: [dni] }])
})
