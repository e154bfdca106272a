/**
 * The contract registry through the app (docs/registry.md): download-zip records what it issues
 * before the first byte, a reprint supersedes an issued contract, a signed one blocks an overlap
 * (409), history is entered once, and a database that does not answer is a 503 for issuing only.
 * The tests that read only their own workers (by DNI) share the file's app (sharedApp); the ones
 * that read or delete across workers (expiring, retention) or need other settings build their own.
 */
import { test } from 'tap'
import { createServer } from 'node:net'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { ISSUED_PER_STATEMENT } from '../../../src/registry/registry.js'
import { PGliteThread } from '../../../src/registry/pglite-thread.js'
import { verificationCode } from '../../../src/registry/verification-codes.js'
import { BATCH_MESSAGES, MESSAGES, PRINTABLE_MESSAGES, REGISTRY_MESSAGES, RULE_MESSAGES, SUPLENCIA_MESSAGES } from '../../../schemas/messages.js'
import { build, pdfText, sampleAddendum, sampleEmployee, sharedApp, zipEntries } from '../../support/helper.js'
import { sampleSubsidio, sampleTerm } from '../../support/samples.js'

const contractsOf = async (app: Awaited<ReturnType<typeof build>>, dni: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })
  return res.json().data.contracts as Array<{ id: string, kind: string, status: string, entryDate: string, endDate: string, modality: string | null, signedOn: string | null }>
}

test('download-zip records each contract; a reprint supersedes it; a signed one refuses an overlap with 409', async (t) => {
  const app = await sharedApp()
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

  // a superseded contract cannot be marked signed (409 naming the reprint); the current one can, not in the future
  const superseded = await app.inject({ method: 'POST', url: `/api/contracts/${recorded[0].id}/signed`, payload: { signingDate: todayInLima() } })
  t.equal(superseded.statusCode, 409)
  t.equal(superseded.json().message, REGISTRY_MESSAGES.supersededByReprint(recorded[1].id, recorded[1].entryDate, recorded[1].endDate))
  t.same(superseded.json().data, { reprint: { id: recorded[1].id, entryDate: recorded[1].entryDate, endDate: recorded[1].endDate } })
  const unknown = await app.inject({ method: 'POST', url: '/api/contracts/00000000-0000-4000-8000-000000000000/signed', payload: { signingDate: todayInLima() } })
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().success, false)
  const future = await app.inject({ method: 'POST', url: `/api/contracts/${recorded[1].id}/signed`, payload: { signingDate: addDays(todayInLima(), 1) } })
  t.equal(future.statusCode, 400)
  t.match(future.json().errors, [{ field: 'body.signingDate' }])
  const mark = async (signingDate: string) =>
    await app.inject({ method: 'POST', url: `/api/contracts/${recorded[1].id}/signed`, payload: { signingDate } })
  const early = await mark(addDays(todayInLima(), -1))
  t.equal(early.statusCode, 400, 'not before the day the document printed as its signing date')
  t.match(early.json().errors, [{ field: 'body.signingDate', message: `fecha de suscripción que el documento imprime (${todayInLima()})` }])
  const signed = await mark(todayInLima())
  t.equal(signed.statusCode, 200)
  t.match(signed.json().data.contract, { id: recorded[1].id, status: 'signed', signedOn: todayInLima() })
  t.equal((await mark(todayInLima())).statusCode, 200, 'marked again on the same day: nothing changes')
  const rewritten = await mark(addDays(todayInLima(), -1))
  t.equal(rewritten.statusCode, 409, 'the recorded signing date is never rewritten')
  t.match(rewritten.json().message, `ya está marcado como firmado el ${todayInLima()}`)

  // a contract over the signed one's dates is refused before any byte, naming its dates
  const overlap = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  t.equal(overlap.statusCode, 409)
  t.equal(overlap.headers['content-type'], 'application/json; charset=utf-8')
  t.match(overlap.json().message, `del ${employee.entryDate as string} al ${employee.endDate as string}`)
  t.equal((await contractsOf(app, '40111222')).length, 2, 'the refused request recorded nothing')

  // other workers are not affected; a client that never marks anything signed is never refused
  const other = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40111333' })] })
  t.equal(other.statusCode, 200)
  const again = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40111333' })] })
  t.equal(again.statusCode, 200)
  t.same((await contractsOf(app, '40111333')).map((contract) => contract.status), ['superseded', 'issued'])

  // one request with the same worker twice over overlapping dates would issue a void document: the later is refused
  const twice = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40111555' }), sampleEmployee({ dni: '40111555' })] })
  t.equal(twice.statusCode, 400)
  const term = sampleEmployee({ dni: '40111555' })
  t.same(twice.json().errors, [{
    field: 'body.1.dni',
    message: BATCH_MESSAGES.overlappingDuplicate('40111555', 1, `del ${term.entryDate as string} al ${term.endDate as string}`,
      2, `del ${term.entryDate as string} al ${term.endDate as string}`)
  }], 'the message names both rows that collide, with their terms')
  t.match(twice.json().errors[0].message, /^Los registros 1 y 2 de esta lista son de la misma persona/)
  t.same(await contractsOf(app, '40111555'), [], 'nothing recorded')
  const earlier = sampleEmployee({ dni: '40111555' })
  const next = addDays(earlier.endDate as string, 1)
  const successive = sampleEmployee({ dni: '40111555', entryDate: next, endDate: termEnd(next, 3) })
  const both = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [earlier, successive] })
  t.equal(both.statusCode, 200, both.body)
  t.equal((await zipEntries(both.rawPayload)).filter((entry) => entry.name.endsWith(' (2).pdf')).length, 3, 'successive terms: two contracts, the second named (2) (D18)')

  // a preview records nothing
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni: '40111444' }) })
  t.equal(preview.statusCode, 200)
  t.same(await contractsOf(app, '40111444'), [])
})

test('an adenda ZIP records the adenda, linked to the recorded contract it extends', async (t) => {
  const app = await sharedApp()
  const addendum = sampleAddendum({ documentNumber: '40222333' })
  const res = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [addendum] })
  t.equal(res.statusCode, 200)
  t.match(await contractsOf(app, '40222333'), [{ kind: 'addendum', status: 'issued', entryDate: addendum.startAddendum, endDate: addendum.endAddendum }])
})

test('history HR enters once is stored and returned (201); bad entries are 400s on their field', async (t) => {
  const app = await sharedApp()
  const today = todayInLima()
  const entry = { modality: 'Necesidades del mercado', entryDate: addDays(today, -700), endDate: addDays(today, -400), position: 'Operario de playa', probationMonths: 3 }
  const res = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [entry] })
  t.equal(res.statusCode, 201)
  t.match(res.json().data.history, [{ modality: '58', entryDate: entry.entryDate, endDate: entry.endDate, position: 'Operario de playa', probationMonths: 3 }])

  const bad = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, modality: 'otra', endDate: addDays(today, -800) }] })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().errors, [{ field: 'body.0.modality' }, { field: 'body.0.endDate' }])
  // an earlier contract has begun, and lasted no longer than its modality allows (art. 74)
  const future = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, entryDate: addDays(today, 1), endDate: addDays(today, 30) }] })
  t.match(future.json().errors, [{ field: 'body.0.entryDate', message: `no puede ser posterior a hoy (${today})` }])
  const endless = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, endDate: '31/12/2099' }] })
  t.match(endless.json().errors, [{ field: 'body.0.endDate', message: /no puede durar más de 60 meses/ }])
  t.equal((await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, probationMonths: 13 }] })).json().errors[0].message,
    'Los meses de prueba deben ser un número entero de 0 a 12')

  // an entry made by mistake is deleted by its id; the rest stays
  const second = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [{ ...entry, entryDate: addDays(today, -300), endDate: addDays(today, -200) }] })
  const [kept, mistaken] = second.json().data.history as Array<{ id: string }>
  const deleted = await app.inject({ method: 'DELETE', url: `/api/workers/40333444/history/${mistaken.id}` })
  t.equal(deleted.statusCode, 200)
  t.same(deleted.json().data.history.map((item: { id: string }) => item.id), [kept.id])
  t.equal((await app.inject({ method: 'DELETE', url: `/api/workers/40333444/history/${mistaken.id}` })).statusCode, 404, 'gone')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/workers/40111222/history/${kept.id}` })).statusCode, 404, 'only the worker\'s own entry')
  const empty = await app.inject({ method: 'POST', url: '/api/workers/40333444/history', payload: [] })
  t.equal(empty.statusCode, 400)
  const badDni = await app.inject({ method: 'GET', url: '/api/workers/123/contracts' })
  t.equal(badDni.statusCode, 400)
})

test('a history entry\'s text is checked as a contract\'s: control characters, NUL, invisible-only text and unprintable scripts are 400s on the field, never 503s', async (t) => {
  const app = await sharedApp()
  const today = todayInLima()
  const entry = { modality: '58', entryDate: addDays(today, -700), endDate: addDays(today, -400), position: 'Operario de playa' }
  const post = async (position: string) => await app.inject({ method: 'POST', url: '/api/workers/40333555/history', payload: [entry, { ...entry, position }] })
  const cases: Array<[string, string, string]> = [
    ['Operario\u0000de playa', RULE_MESSAGES.controlCharacter, 'a NUL'],
    ['Operario\u001b[31m de playa', RULE_MESSAGES.controlCharacter, 'an escape sequence'],
    ['Operario \ud800', RULE_MESSAGES.invalidUnicode, 'a lone surrogate'],
    ['\u200b\u202e\u2060', MESSAGES.position.required, 'only invisible characters'],
    ['\u00a0 \u3000', MESSAGES.position.required, 'only blank characters'],
    ['מפעיל', PRINTABLE_MESSAGES.unsupportedScript('hebreo (de derecha a izquierda)'), 'a right-to-left script'],
    ['操作员', PRINTABLE_MESSAGES.unsupportedScript('chino (han)'), 'a script the fonts lack']
  ]
  for (const [position, message, what] of cases) {
    const res = await post(position)
    t.equal(res.statusCode, 400, what)
    t.same(res.json().errors, [{ field: 'body.1.position', message }], `${what}: on the field`)
  }
  t.same(await app.registry.run(async (registry) => await registry.history('40333555')), [], 'nothing recorded')
  // an RTL override or a zero-width space inside a real position is removed, as in a contract's text
  const res = await post('\u202eOperario\u200b de playa ')
  t.equal(res.statusCode, 201)
  t.same((res.json().data.history as Array<{ position: string }>).map((item) => item.position), ['Operario de playa', 'Operario de playa'])
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

test('expiring: contracts ending between today and today + days, without the ones an adenda extends, signed first', async (t) => {
  const app = await build(t)
  const soon = sampleEmployee({ dni: '40444001', ...sampleTerm(1, 3) })
  const later = sampleEmployee({ dni: '40444002', ...sampleTerm(6, 3) })
  const signedSoon = sampleEmployee({ dni: '40444003', ...sampleTerm(1, 5) })
  const extended = sampleEmployee({ dni: '40444004', ...sampleTerm(1, 4) })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [soon, later, signedSoon, extended] })).statusCode, 200)
  const [signedId] = (await contractsOf(app, '40444003')).map((contract) => contract.id)
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${signedId}/signed`, payload: { signingDate: todayInLima() } })).statusCode, 200)
  // the adenda of 40444004: from the day after its end, linked by that end
  const addendum = sampleAddendum({
    documentNumber: '40444004',
    entryDate: extended.entryDate,
    start: extended.entryDate,
    end: extended.endDate,
    startAddendum: addDays(extended.endDate as string, 1),
    endAddendum: termEnd(addDays(extended.endDate as string, 1), 2)
  })
  const adenda = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [addendum] })
  t.equal(adenda.statusCode, 200, adenda.statusCode === 200 ? 'adenda issued' : adenda.body)

  const res = await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=60' })
  t.equal(res.statusCode, 200)
  const { from, to, contracts } = res.json().data
  t.equal(from, todayInLima())
  t.equal(to, addDays(todayInLima(), 60))
  t.same(contracts.map((contract: { dni: string }) => contract.dni), ['40444003', '40444001'], 'signed first; the six-month one and the extended one are not listed')
  t.match(contracts[1], { status: 'issued', modality: '58', endDate: soon.endDate, addenda: 0, firstEntryDate: soon.entryDate, longestEnd: termEnd(soon.entryDate as string, 60) })
  const wider = await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=366' })
  t.match(wider.json().data.contracts.find((contract: { dni: string }) => contract.dni === '40444004'),
    { endDate: addendum.endAddendum, contractEndDate: extended.endDate, addenda: 1, absenceTo: null }, 'the contract\'s own end beside the adenda\'s')
  t.equal((await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=-1' })).statusCode, 400)
})

test('expiring: a suplencia can be renewed only until the absence it covers is expected to end (art. 61)', async (t) => {
  const app = await build(t)
  const term = sampleTerm(1, 3)
  const absenceTo = termEnd(term.entryDate, 2)
  const suplencia = sampleSubsidio({ dni: '40444005', ...term, probationaryPeriod: '15 días', absenceFrom: term.entryDate, absenceTo })
  const issued = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [suplencia] })
  t.equal(issued.statusCode, 200, issued.statusCode === 200 ? 'suplencia issued' : issued.body)
  const res = await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=60' })
  t.match(res.json().data.contracts, [{ dni: '40444005', modality: '61', contractEndDate: term.endDate, absenceTo, longestEnd: absenceTo }],
    'the absence\'s expected end, not the five years')
})

test('retention: what ended before the limit is deleted with its documents; workers left with nothing go', async (t) => {
  const app = await build(t)
  const worker = { dni: '40555001', names: 'Ana', lastNameFather: 'Ríos', lastNameMother: 'Vega' }
  const record = (entryDate: string, endDate: string) => ({
    kind: 'contract' as const,
    worker,
    contractType: 'Planilla',
    modality: '58',
    entryDate,
    endDate,
    signingDate: entryDate,
    salary: 1500,
    position: 'Operario de playa',
    record: {},
    documents: [{ kind: 'contrato', templateId: 'contrato-planilla', templateSha256: 'x' }]
  })
  const today = todayInLima()
  await app.registry.run(async (registry) => {
    await registry.recordIssued([record(addDays(today, -3000), addDays(today, -2500))], { requestId: 'old' })
    await registry.addHistory(worker, [{ modality: '58', entryDate: addDays(today, -3500), endDate: addDays(today, -3200), position: 'Operario de playa' }])
  })
  const deleted = await app.registry.run(async (registry) => await registry.purgeEndedBefore(addDays(today, -1825)))
  t.same(deleted, { contracts: 1, history: 1, walCleared: true })
  t.same(await contractsOf(app, '40555001'), [])
  // a recent one stays
  await app.registry.run(async (registry) => await registry.recordIssued([record(addDays(today, -100), addDays(today, -10))], { requestId: 'recent' }))
  t.same(await app.registry.run(async (registry) => await registry.purgeEndedBefore(addDays(today, -1825))), { contracts: 0, history: 0, walCleared: false })
  t.equal((await contractsOf(app, '40555001')).length, 1)
})

test('an adenda built from the recorded contract repeats its values and passes every adenda rule', async (t) => {
  const app = await sharedApp()
  const employee = sampleEmployee({ dni: '40666001' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  const [contract] = await contractsOf(app, '40666001')
  const startAddendum = addDays(employee.endDate as string, 1)
  const body = { contractId: contract.id, endAddendum: termEnd(startAddendum, 3), causeUpdate: 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año' }
  const res = await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: body })
  t.equal(res.statusCode, 200, res.body)
  const { addendum } = res.json().data
  t.match(addendum, {
    contractId: contract.id,
    documentNumber: '40666001',
    worker: 'Rosa María Quispe Mamani',
    division: 'Playa Larcomar',
    entryDate: employee.entryDate,
    start: employee.entryDate,
    end: employee.endDate,
    startAddendum,
    endAddendum: body.endAddendum,
    salary: 1500,
    originalSalary: 1500,
    modality: '58',
    causeId: 'larcomar-remodelacion-vecino',
    position: employee.position,
    sex: 'F',
    birthDate: employee.birthDate,
    causeUpdate: body.causeUpdate
  }, 'the contract\'s values, none retyped')
  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: addendum })
  t.equal(preview.statusCode, 200, 'the existing adenda preview takes it')
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [addendum] })
  t.equal(zip.statusCode, 200)
  t.match(await contractsOf(app, '40666001'), [{ kind: 'contract' }, { kind: 'addendum', entryDate: startAddendum, endDate: body.endAddendum }])

  // a lower salary is the adenda rules' refusal; an unknown contract a 404
  const lower = await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: { ...body, salary: 1400 } })
  t.equal(lower.statusCode, 400)
  t.ok(lower.json().errors.some((issue: { field: string }) => issue.field === 'body.salary'), 'refused on salary')
  const unknown = await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: { ...body, contractId: '00000000-0000-4000-8000-000000000000' } })
  t.equal(unknown.statusCode, 404)
})

test('an adenda that names its contract extends it as issued: same worker, modality, cause and site; the next one starts from the last adenda', async (t) => {
  const app = await sharedApp()
  const employee = sampleEmployee({ dni: '40666101' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee, sampleEmployee({ dni: '40666102' })] })).statusCode, 200)
  const [contract] = await contractsOf(app, '40666101')
  const [otherWorkers] = await contractsOf(app, '40666102')
  const causeUpdate = 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año'
  const fromContract = async (body: Record<string, unknown>) =>
    await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: { contractId: contract.id, causeUpdate, ...body } })
  const first = await fromContract({ endAddendum: termEnd(addDays(employee.endDate as string, 1), 3), salary: 1700 })
  t.equal(first.statusCode, 200, first.body)
  const raised = first.json().data.addendum
  t.equal((await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [raised] })).statusCode, 200)

  // the second adenda follows the first: its end, and the salary now in force (art. 30 b compares with it)
  const second = await fromContract({ endAddendum: termEnd(addDays(raised.endAddendum, 1), 3) })
  t.equal(second.statusCode, 200, second.body)
  t.match(second.json().data.addendum, { end: raised.endAddendum, startAddendum: addDays(raised.endAddendum, 1), salary: 1700, originalSalary: 1700 })
  const lower = await fromContract({ endAddendum: termEnd(addDays(raised.endAddendum, 1), 3), salary: 1600 })
  t.equal(lower.statusCode, 400)
  t.ok(lower.json().errors.some((issue: { field: string }) => issue.field === 'body.salary'), 'below the salary in force: refused on salary')
  const agreed = await fromContract({ endAddendum: termEnd(addDays(raised.endAddendum, 1), 3), salary: 1600, salaryReductionAgreed: true })
  t.equal(agreed.statusCode, 200, 'a reduction the worker expressly agreed is lawful, and the adenda says so')
  t.match(agreed.json().data.addendum, { salary: 1600, originalSalary: 1700, salaryReductionAgreed: true })

  // what the recorded contract fixed cannot change in the adenda that names it
  const next = second.json().data.addendum
  const refusal = async (changes: Record<string, unknown>, field: string, says: RegExp) => {
    const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: { ...next, ...changes } })
    t.equal(res.statusCode, 400, `${field}: ${res.body}`)
    const issue = (res.json().errors as Array<{ field: string, message: string }>).find((item) => item.field === `body.${field}`)
    t.match(issue?.message, says, `refused on ${field}`)
  }
  await refusal({ division: 'Playa Mall Aventura' }, 'division', /es de la sede Playa Larcomar/)
  await refusal({ contractId: otherWorkers.id }, 'contractId', /es de otra persona/)
  await refusal({ contractId: '00000000-0000-4000-8000-000000000000' }, 'contractId', /no está en el registro/)
  const adenda = (await contractsOf(app, '40666101')).find((entry) => entry.kind === 'addendum')
  await refusal({ contractId: adenda?.id }, 'contractId', /no está en el registro/) // an adenda is extended through its contract
  const withoutSchedule = Object.fromEntries(Object.entries(next).filter(([field]) => !['workDays', 'workSchedule', 'workingTime'].includes(field)))
  const otherModality = await app.inject({
    method: 'POST', url: '/api/addendum/preview', payload: { ...withoutSchedule, modality: '57', causeId: 'larcomar-servicio-nocturno' }
  })
  t.equal(otherModality.statusCode, 400)
  t.match(otherModality.json().errors, [{ field: 'body.modality', message: /modalidad «necesidades del mercado» y debe mantenerla/ }], 'another modality and its cause: refused')
  t.equal((await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: { ...next, division: 'Operaciones' } })).statusCode, 200,
    'a division that is no site of the employer is an area: printed')

  // a modality the sheet named by its legal name is recorded by its code
  const byName = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [{ ...next, modality: 'necesidades del mercado' }] })
  t.equal(byName.statusCode, 200, byName.body)
  t.same((await contractsOf(app, '40666101')).filter((entry) => entry.kind === 'addendum').map((entry) => entry.modality), ['58', '58'])
})

test('the embedded registry in a folder (DATA_DIR): created 0700, its records outlive a restart, one instance holds it at a time', async (t) => {
  // not in t.testdir(): build() makes that folder afresh for each app
  const parent = mkdtempSync(join(tmpdir(), 'contratos-registry-test-'))
  t.teardown(() => { rmSync(parent, { recursive: true, force: true }) })
  const dataDir = join(parent, 'registry')
  const first = await build(t, { DATA_DIR: dataDir })
  const employee = sampleEmployee({ dni: '40222111' })
  t.equal((await first.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  t.equal(statSync(dataDir).mode & 0o777, 0o700, 'personal data: only the service reads the folder (Ley 29733)')
  await first.close()

  const second = await build(t, { DATA_DIR: dataDir })
  t.match(await contractsOf(second, '40222111'), [{ kind: 'contract', status: 'issued', entryDate: employee.entryDate }], 'recorded before the restart')

  // one process per folder: a second instance on it is not ready and issues nothing (503), until the first is gone
  const third = await build(t, { DATA_DIR: dataDir })
  t.equal((await third.readiness.checks()).registry, 'fail', 'the folder is held by the running instance')
  const refused = await third.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40222112' })] })
  t.equal(refused.statusCode, 503)
  t.ok(Number(refused.headers['retry-after']) > 0, 'with Retry-After')
  await second.close()
  await new Promise((resolve) => setTimeout(resolve, 1100)) // the plugin tries a failed open again after 1 s
  t.equal((await third.readiness.checks()).registry, 'ok', 'the folder free: opened by itself, no restart')
  t.match(await contractsOf(third, '40222111'), [{ kind: 'contract' }])
})

test('a request of more records than a statement takes parameters (65,535) is recorded whole, in one transaction', async (t) => {
  const app = await build(t)
  const today = todayInLima()
  const end = termEnd(today, 6)
  // 4,000 contracts of 20 columns: 80,000 cells, which no statement with a parameter per cell could carry
  const records = Array.from({ length: 4000 }, (_, index) => ({
    kind: 'contract' as const,
    worker: { dni: String(20_000_000 + index), names: 'Ana', lastNameFather: 'Soto', lastNameMother: 'Ruiz' },
    contractType: 'Planilla',
    modality: '57',
    entryDate: today,
    endDate: end,
    signingDate: today,
    workingTime: { days: [{ day: 'lunes', shifts: [{ start: '08:00', end: '16:45' }], breakMinutes: 45 }] },
    salary: 1500,
    position: 'Operario',
    record: { note: `registro ${index}` },
    documents: [{ kind: 'contrato', templateId: 'contrato', templateSha256: '0'.repeat(64) }]
  }))
  const issued = await app.registry.run(async (registry) => await registry.recordIssued(records, { requestId: 'req-4000' }))
  t.equal(issued.length, 4000)
  const last = await app.registry.run(async (registry) => await registry.contractForAddendum(issued[3999].id))
  t.same(last?.record, { note: 'registro 3999' }, 'a JSON column keeps its value (not its text)')
  t.equal(last?.salary, 1500)
  const check = await app.inject({ method: 'GET', url: `/api/documents/${issued[3999].codes[0]}` })
  t.equal(check.statusCode, 200)
  t.equal(check.json().data.document.status, 'issued')
})

test('a ZIP reads the registry once before its first byte, then records in one transaction of three statements', async (t) => {
  const app = await build(t)
  await app.registry.run(async (registry) => { await registry.ping() }) // opened (migrations, causes) before counting
  const sent: string[] = []
  const query = PGliteThread.prototype.query
  PGliteThread.prototype.query = async function (this: PGliteThread, text: string, params?: readonly unknown[]) {
    sent.push(text.replace(/\s+/g, ' ').trim())
    return await query.call(this, text, params)
  }
  t.teardown(() => { PGliteThread.prototype.query = query })
  const term = sampleTerm(3)
  const payload = [sampleEmployee({ dni: '40777001', ...term }), sampleEmployee({ dni: '40777002', ...term })]
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload })
  t.equal(zip.statusCode, 200, zip.statusCode === 200 ? 'ZIP sent' : zip.body)
  const begin = sent.findIndex((text) => /^begin\b/i.test(text))
  t.equal(begin, 1, `one statement before the write: ${sent.slice(0, Math.max(begin, 0)).join(' | ')}`)
  t.match(sent[0], /from "contracts" .* union all .*from "history"/, 'the history rules\' and the overlap check\'s read, in one')
  const write = sent.slice(begin)
  t.equal(write.length, 5, write.join(' | '))
  t.match(write[1], /^insert into "workers"/)
  t.match(write[2], /^select .* from "contracts"/, 'checked again under the workers\' locks')
  t.match(write[3], /^with "issued" as \(insert into "contracts"/)
  t.match(write[4], /^commit\b/)
  t.equal((await contractsOf(app, '40777002')).length, 1)
})

test('a batch written in several statements (ISSUED_PER_STATEMENT records each) is recorded whole or not at all', async (t) => {
  const app = await build(t)
  const today = todayInLima()
  const count = 2 * ISSUED_PER_STATEMENT + 1
  const records = (codeOfLast: string) => Array.from({ length: count }, (_, index) => ({
    kind: 'contract' as const,
    worker: { dni: String(21_000_000 + index), names: 'Ana', lastNameFather: 'Soto', lastNameMother: 'Ruiz' },
    contractType: 'Planilla',
    modality: '57',
    entryDate: today,
    endDate: termEnd(today, 6),
    signingDate: today,
    salary: 1500,
    position: 'Operario',
    record: { note: `registro ${index}` },
    documents: [{
      kind: 'contrato',
      templateId: 'contrato',
      templateSha256: '0'.repeat(64),
      sha256: 'f'.repeat(64),
      code: index === count - 1 ? codeOfLast : verificationCode()
    }]
  }))
  // the last record's code is the first's: the third statement fails, after two were sent
  const clashing = records('')
  clashing[count - 1].documents[0].code = clashing[0].documents[0].code
  await t.rejects(app.registry.run(async (registry) => await registry.recordIssued(clashing, { requestId: 'req-clash' })))
  const first = await app.inject({ method: 'GET', url: `/api/documents/${clashing[0].documents[0].code}` })
  t.equal(first.statusCode, 404, 'the first statements\' records were rolled back with the last')
  const whole = records(verificationCode())
  const issued = await app.registry.run(async (registry) => await registry.recordIssued(whole, { requestId: 'req-whole' }))
  t.equal(issued.length, count)
  for (const at of [0, ISSUED_PER_STATEMENT, count - 1]) {
    const check = await app.inject({ method: 'GET', url: `/api/documents/${issued[at].codes[0]}` })
    t.equal(check.statusCode, 200)
    t.equal(check.json().data.document.sha256, 'f'.repeat(64), 'its document with its SHA-256, whatever its statement')
  }
})

test('§37 the adenda of a recorded suplencia keeps its ground unless HR gives the one it has now, and needs the new absenceTo', async (t) => {
  const app = await sharedApp()
  const term = sampleTerm(2)
  const suplencia = sampleSubsidio({ dni: '40666201', ...term, probationaryPeriod: '15 días' })
  const issued = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [suplencia] })
  t.equal(issued.statusCode, 200, issued.statusCode === 200 ? 'suplencia issued' : issued.body)
  const [contract] = await contractsOf(app, '40666201')
  const endAddendum = termEnd(addDays(term.endDate, 1), 2)
  const causeUpdate = 'La necesidad subsiste porque la persona suplida continúa ausente y su puesto debe seguir cubierto'
  const body = { contractId: contract.id, endAddendum, causeUpdate }
  const without = await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: body })
  t.equal(without.statusCode, 400)
  t.same(without.json().errors.filter((issue: { field: string }) => issue.field === 'body.absenceTo'),
    [{ field: 'body.absenceTo', message: SUPLENCIA_MESSAGES.addendumAbsenceToRequired }], 'the new expected return is required')
  const citt = { kind: 'citt', number: 'A-55501', date: todayInLima() }
  const res = await app.inject({ method: 'POST', url: '/api/addendum/from-contract', payload: { ...body, absenceTo: endAddendum, supportDocument: citt } })
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json().data.addendum, { substitutionGround: 'enfermedad-accidente', absenceTo: endAddendum, supportDocument: citt },
    'the contract\'s ground (descanso médico), HR\'s document and return')
  const changed = await app.inject({
    method: 'POST', url: '/api/addendum/from-contract', payload: { ...body, absenceTo: endAddendum, substitutionGround: 'maternidad' }
  })
  t.equal(changed.statusCode, 200, changed.body)
  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: changed.json().data.addendum })
  t.equal(preview.statusCode, 200)
  t.match((await pdfText(preview.rawPayload)).replace(/\s+/g, ' '), 'Causa actual de la ausencia: La suspensión del vínculo laboral de la persona suplida por el descanso prenatal')
})
