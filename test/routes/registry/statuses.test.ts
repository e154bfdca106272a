/**
 * A contract's statuses through the API (docs/registry.md "Statuses"; DOCUMENT-REQUIREMENTS §39):
 * withdrawn (HR before the start, counsel from it on; never once signed), ended before its printed
 * end (counted up to that day), counsel's undo of a paper mark (never of an electronic signature),
 * each change an event the status is rebuilt from; what counts for art. 74 and the overlap check
 * (a contract started unsigned counts until withdrawn; an ended one up to its end); the audit lines.
 */
import { test, type Test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { HISTORY_MESSAGES, REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { rebuildStatus } from '../../../src/registry/statuses.js'
import { build, sampleEmployee, sharedApp } from '../../support/helper.js'
import { KEYS, scratchDir, writeKeysFile } from '../../support/auth.js'

type App = Awaited<ReturnType<typeof build>>
const today = todayInLima()

interface Listed { id: string, status: string, entryDate: string, endDate: string, signedOn: string | null, signedVia: string | null, endedOn: string | null, copyDeliveredOn: string | null, copyDeliveredVia: string | null }

const contractsOf = async (app: App, dni: string, headers: Record<string, string> = {}) =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts`, headers })).json().data.contracts as Listed[]

const issue = async (app: App, employee: Record<string, unknown>, headers: Record<string, string> = {}) =>
  await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee], headers })

/** Each contract's status, rebuilt from its events, is what its row says. */
async function rebuiltAsRecorded (t: Test, app: App, dni: string, headers: Record<string, string> = {}): Promise<void> {
  for (const contract of await contractsOf(app, dni, headers)) {
    const found = await app.registry.run(async (registry) => await registry.contractEvents(contract.id))
    const rebuilt = rebuildStatus(found?.events ?? [])
    t.same({ status: rebuilt.status, signedOn: rebuilt.signedOn, signedVia: rebuilt.signedVia, endedOn: rebuilt.endedOn, copyDeliveredOn: rebuilt.copyDeliveredOn, copyDeliveredVia: rebuilt.copyDeliveredVia },
      { status: contract.status, signedOn: contract.signedOn, signedVia: contract.signedVia, endedOn: contract.endedOn, copyDeliveredOn: contract.copyDeliveredOn, copyDeliveredVia: contract.copyDeliveredVia },
      `${contract.status} rebuilt from its events`)
  }
}

test('withdrawal: HR before the start, counsel from it on (HR 403), never once signed; undo by counsel only, never electronic; audit lines name the DNI', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const hr = { authorization: `Bearer ${KEYS.hr}` }
  const legal = { authorization: `Bearer ${KEYS.legal}` }
  const dni = '42200001'
  const started = sampleEmployee({ dni, entryDate: today, endDate: termEnd(today, 3) })
  const laterStart = addDays(started.endDate as string, 1)
  const later = sampleEmployee({ dni, entryDate: laterStart, endDate: termEnd(laterStart, 3) })
  for (const employee of [started, later]) t.equal((await issue(app, employee, hr)).statusCode, 200)
  const [now, future] = await contractsOf(app, dni, hr)
  const withdraw = async (id: string, headers: Record<string, string>, reason = 'No se presentó a trabajar') =>
    await app.inject({ method: 'POST', url: `/api/contracts/${id}/withdraw`, payload: { reason }, headers })

  t.equal((await withdraw(now.id, hr, '')).statusCode, 400, 'a reason is required')
  const refused = await withdraw(now.id, hr)
  t.equal(refused.statusCode, 403, 'started today: HR may not take it out of art. 74')
  t.equal(refused.json().message, REGISTRY_MESSAGES.withdrawStartedNeedsLegal(today))
  const byCounsel = await withdraw(now.id, legal)
  t.equal(byCounsel.statusCode, 200)
  t.match(byCounsel.json().data.contract, { id: now.id, status: 'withdrawn' })
  t.equal((await withdraw(now.id, legal)).statusCode, 200, 'again: the same answer')
  const markWithdrawn = await app.inject({ method: 'POST', url: `/api/contracts/${now.id}/signed`, payload: { signingDate: today }, headers: hr })
  t.equal(markWithdrawn.statusCode, 409, 'a withdrawn contract is not signed')
  t.equal(markWithdrawn.json().message, REGISTRY_MESSAGES.statusForbids('withdrawn'))

  // the later one: HR signs it, then may not withdraw it; counsel undoes the mark (HR may not), then HR withdraws it
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${future.id}/signed`, payload: { signingDate: today }, headers: hr })).statusCode, 200)
  const signedRefused = await withdraw(future.id, hr)
  t.equal(signedRefused.statusCode, 409, 'refused once signed')
  t.equal(signedRefused.json().message, REGISTRY_MESSAGES.statusForbids('signed'))
  const undo = async (headers: Record<string, string>) =>
    await app.inject({ method: 'DELETE', url: `/api/contracts/${future.id}/signed`, payload: { reason: 'Se marcó el contrato equivocado' }, headers })
  t.equal((await undo(hr)).statusCode, 403, 'HR does not undo a mark')
  const undone = await undo(legal)
  t.equal(undone.statusCode, 200)
  t.match(undone.json().data.contract, { status: 'issued', signedOn: null, signedVia: null, copyDeliveredOn: null })
  t.equal((await undo(legal)).statusCode, 409, 'nothing left to undo')
  t.equal((await withdraw(future.id, hr)).statusCode, 200, 'not started: HR withdraws it')
  await rebuiltAsRecorded(t, app, dni, hr)
  const events = await app.inject({ method: 'GET', url: `/api/contracts/${future.id}/events`, headers: legal })
  t.match(events.json().data.events, [
    { what: 'signed', by: 'hr-job', reason: null, details: { signedVia: 'paper' } },
    { what: 'unsigned', by: 'legal-job', reason: 'Se marcó el contrato equivocado' },
    { what: 'withdrawn', by: 'hr-job', reason: 'No se presentó a trabajar', requestId: /./ }
  ])

  // an electronic signature is never undone by a DELETE
  const other = '42200002'
  t.equal((await issue(app, sampleEmployee({ dni: other }), hr)).statusCode, 200)
  const [electronic] = await contractsOf(app, other, hr)
  await app.registry.run(async (registry) => await registry.markSigned(electronic.id, today, { via: 'electronic', by: 'firma-electronica' }))
  const kept = await app.inject({ method: 'DELETE', url: `/api/contracts/${electronic.id}/signed`, payload: { reason: 'Por error' }, headers: legal })
  t.equal(kept.statusCode, 409)
  t.equal(kept.json().message, REGISTRY_MESSAGES.electronicNotUndone)
  t.match(await contractsOf(app, other, hr), [{ status: 'signed', signedVia: 'electronic', copyDeliveredVia: 'electronic' }])
  await app.close()

  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) : []
  const changes = lines.filter((line) => line.route === '/api/contracts/:id/withdraw' || (line.method === 'DELETE' && line.route === '/api/contracts/:id/signed'))
  t.same(changes.map((line) => [line.identity, line.status]),
    [['hr-job', 400], ['hr-job', 403], ['legal-job', 200], ['legal-job', 200], ['hr-job', 409], ['hr-job', 403], ['legal-job', 200], ['legal-job', 409], ['hr-job', 200], ['legal-job', 409]])
  t.same(changes.filter((line) => line.status !== 400 && !(line.status === 403 && line.method === 'DELETE')).map((line) => line.dnis),
    [[dni], [dni], [dni], [dni], [dni], [dni], [dni], [other]], 'every change, refused ones included, names the worker (not a 403 of the route\'s role)')
})

test('what counts: a contract started unsigned counts for art. 74 and blocks an overlap (409 naming the ways out); ended early, it counts up to its end and the rehire passes', async (t) => {
  const app = await sharedApp()
  const dni = '42200003'
  const history = [{ modality: '58', entryDate: addDays(today, -1745), endDate: addDays(today, -6), position: 'Operario de playa' }]
  t.equal((await app.inject({ method: 'POST', url: `/api/workers/${dni}/history`, payload: history })).statusCode, 201)
  const first = sampleEmployee({ dni, entryDate: today, endDate: termEnd(today, 2) })
  t.equal((await issue(app, first)).statusCode, 200, 'within the five years with the history')
  const [started] = await contractsOf(app, dni)

  // a rehire after it: the started, unsigned contract counts, so the five years are passed
  const rehireStart = addDays(first.endDate as string, 1)
  const rehire = sampleEmployee({ dni, entryDate: rehireStart, endDate: termEnd(rehireStart, 2) })
  const beyond = await issue(app, rehire)
  t.equal(beyond.statusCode, 400, 'the issued contract started today counts for art. 74')
  // the calendar months used and left are history-rules' (test/src/registry/history-rules.test.ts): here, that it is art. 74's refusal
  const fiveYears = HISTORY_MESSAGES.beyondFiveYears(0, 0, 0, 0, undefined, 60).slice(0, 60)
  t.match(beyond.json().errors, [{ field: 'body.0.endDate', message: fiveYears }])

  // a new contract over its days: refused naming it and the lawful ways out (it is no longer replaced as a reprint)
  const overlapping = sampleEmployee({ dni, entryDate: addDays(today, 1), endDate: termEnd(addDays(today, 1), 1) })
  const conflict = await issue(app, overlapping)
  t.equal(conflict.statusCode, 409)
  t.equal(conflict.json().message, REGISTRY_MESSAGES.overlapsSigned(dni, started.entryDate, started.endDate, 'issued'))
  t.match(conflict.json().message, /retírelo si nunca se trabajó.*registre su término anticipado.*emita una adenda/)
  t.same(conflict.json().data, { contract: { id: started.id, entryDate: started.entryDate, endDate: started.endDate, status: 'issued' } })
  const signOverlap = await app.inject({ method: 'POST', url: `/api/contracts/${started.id}/signed`, payload: { signingDate: today } })
  t.equal(signOverlap.statusCode, 200, 'marking it signed is fine (it ends no overlap)')

  // it ended today: it counts up to today, and the rehire passes
  const end = async (endedOn: string) =>
    await app.inject({ method: 'POST', url: `/api/contracts/${started.id}/ended`, payload: { endedOn, reason: 'Renuncia' } })
  t.match((await end(addDays(today, 1))).json().errors, [{ field: 'body.endedOn', message: REGISTRY_MESSAGES.endedInFuture(today) }])
  t.match((await end(addDays(today, -1))).json().errors, [{ field: 'body.endedOn', message: REGISTRY_MESSAGES.endedBeforeStart(today) }])
  const ended = await end(today)
  t.equal(ended.statusCode, 200)
  t.match(ended.json().data.contract, { status: 'ended', endedOn: today, signedOn: today, signedVia: 'paper' })
  t.equal((await end(today)).statusCode, 200, 'again on the same day: the same answer')
  t.equal((await end(addDays(today, -1))).json().message, REGISTRY_MESSAGES.alreadyEnded(today), 'another day: 409')
  t.equal((await issue(app, rehire)).statusCode, 200, 'a rehire no longer refused')
  t.equal((await issue(app, overlapping)).statusCode, 200, 'nor one from the day after the early end')
  const withdrawEnded = await app.inject({ method: 'POST', url: `/api/contracts/${started.id}/withdraw`, payload: { reason: 'Por error' } })
  t.equal(withdrawEnded.statusCode, 409, 'an ended contract was worked: not withdrawn')
  const expiring = await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=366' })
  t.equal(expiring.statusCode, 200)
  t.notOk((expiring.json().data.contracts as Array<{ id: string }>).some((contract) => contract.id === started.id), 'an ended contract expires no more')
  await rebuiltAsRecorded(t, app, dni)
})

test('a contract whose start has not come never blocks a client that never marks: its reprint replaces it', async (t) => {
  const app = await sharedApp()
  const dni = '42200004'
  const employee = sampleEmployee({ dni })
  t.equal((await issue(app, employee)).statusCode, 200)
  t.equal((await issue(app, { ...employee, salary: 1600, salaryInWords: undefined })).statusCode, 200)
  t.match(await contractsOf(app, dni), [{ status: 'superseded' }, { status: 'issued' }])
  await rebuiltAsRecorded(t, app, dni)
  const [old] = await contractsOf(app, dni)
  const events = await app.registry.run(async (registry) => await registry.contractEvents(old.id))
  t.match(events?.events, [{ what: 'superseded', details: { by: /^[0-9a-f-]{36}$/ }, requestId: /./ }], 'the reprint is an event of the contract it replaced')
})
