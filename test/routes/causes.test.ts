/**
 * The causes counsel reviews (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21): HR proposes a
 * cause, which no contract or adenda prints until counsel (role `legal`) approves it; approved, the
 * contract prints its text; retired, it is refused again. Proposals are checked as the employer
 * profile's causes are; only counsel edits, approves and retires; the profile seeds the registry once
 * per id and never over counsel's changes; another instance's change is in force after a refresh.
 */
import { test, type Test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { build, pdfText, sampleAddendum, sampleEmployee } from '../support/helper.js'
import { previewAndZipRefusals, previewedContractText } from '../support/refusals.js'
import { KEYS, scratchDir, writeKeysFile } from '../support/auth.js'
import { CAUSE_MESSAGES, CAUSE_REVIEW_MESSAGES, PRINTABLE_MESSAGES } from '../../schemas/messages.js'
import { CauseCatalogue } from '../../src/employer/cause-catalogue.js'
import { causeById, unprintedStatus } from '../../src/employer/reviewed-causes.js'
import { causeSlug } from '../../src/registry/cause-reviews.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'

const TEXT = 'Incremento temporal e imprevisible de vehículos atendidos en la sede por el festival gastronómico de la temporada de verano ' +
  'instalado en el malecón vecino, mientras dure'
const proposal = (overrides: Record<string, unknown> = {}) => ({
  modality: '58', sites: ['playa larcomar'], text: TEXT, period: { from: '01/01/2026', to: '31/12/2032' }, ...overrides
})
/** The seed cause that fits sampleEmployee() at Playa Larcomar (58). */
const SEED = 'larcomar-remodelacion-vecino'
/** The seeded cause as a message names it: the start of its text (src/employer/reviewed-causes.ts causeInWords). */
const SEED_WORDS = '«Incremento temporal e imprevisible de vehículos atendidos en la sede…»'
// the proposal by its text, never its id; its period tells it from the seed's cause that starts alike (§34, HR's words)
const PROPOSED_WORDS = '«Incremento temporal e imprevisible de vehículos atendidos en la sede…» (del 01/01/2026 al 31/12/2032)'

async function propose (app: FastifyInstance, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return await app.inject({ method: 'POST', url: '/api/causes', payload: body, headers })
}
async function review (app: FastifyInstance, id: string, action: 'approve' | 'retire', headers: Record<string, string> = {}) {
  return await app.inject({ method: 'POST', url: `/api/causes/${id}/${action}`, headers })
}
async function profileCauseIds (app: FastifyInstance): Promise<string[]> {
  return (await app.inject({ method: 'GET', url: '/api/profile' })).json().data.causes.map((cause: { id: string }) => cause.id)
}

test('a proposed cause is refused until approved; approved, the contract prints its text; retired, refused again', async (t) => {
  const app = await build(t)
  const proposed = await propose(app, proposal())
  t.equal(proposed.statusCode, 201, proposed.body)
  const cause = proposed.json().data.cause
  t.match(cause, {
    id: causeSlug(TEXT),
    modality: '58',
    sites: ['Playa Larcomar'],
    text: TEXT,
    period: { from: '01/01/2026', to: '31/12/2032' },
    status: 'proposed',
    proposedBy: null,
    approvedBy: null,
    retiredBy: null
  }, 'the id made from the text, the site as the profile names it, no identity under AUTH_MODE=none')
  t.equal(cause.id, 'incremento-temporal-e-imprevisible-de-vehiculos-atendidos-en')
  t.notOk('justifies' in cause)

  const record = sampleEmployee({ causeId: cause.id })
  t.same(await previewAndZipRefusals(t, app, record), [['causeId', CAUSE_MESSAGES.causeProposed(PROPOSED_WORDS, [SEED_WORDS])]],
    'counsel has not approved it: refused on causeId, naming the approved cause that fits')
  t.notOk((await profileCauseIds(app)).includes(cause.id), 'GET /api/profile publishes approved causes only')
  const addendum = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ causeId: cause.id }) })
  t.equal(addendum.statusCode, 400, 'an adenda is refused too')
  t.match(addendum.json().errors, [{ field: 'body.causeId', message: /^La causa «Incremento temporal e imprevisible de vehículos atendidos en la sede…» \(del 01\/01\/2026 al 31\/12\/2032\) es una propuesta que el asesor legal del empleador aún no ha aprobado/ }])

  const approved = await review(app, cause.id, 'approve')
  t.equal(approved.statusCode, 200, approved.body)
  t.match(approved.json().data.cause, { id: cause.id, status: 'approved', approvedBy: null })
  t.ok(Date.parse(approved.json().data.cause.at) >= Date.parse(cause.at), 'at: when it was approved')
  const printed = await previewedContractText(t, app, record)
  t.match(printed, TEXT.replace(/\s+/g, ' '), 'the contract prints the approved cause\'s text')
  t.ok((await profileCauseIds(app)).includes(cause.id), 'GET /api/profile publishes it now')
  const listed = await app.inject({ method: 'GET', url: '/api/causes?status=approved' })
  t.equal(listed.statusCode, 200)
  t.ok(listed.json().data.causes.some((entry: { id: string }) => entry.id === cause.id))
  t.ok(listed.json().data.causes.some((entry: { id: string, approvedBy: string }) => entry.id === SEED && entry.approvedBy === 'employer-profile'), 'the profile\'s causes, seeded')
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [{ ...record, dni: '40999888' }] })
  t.equal(zip.statusCode, 200, 'issued with it')

  const retired = await review(app, cause.id, 'retire')
  t.equal(retired.statusCode, 200)
  t.match(retired.json().data.cause, { status: 'retired', retiredBy: null, approvedBy: null })
  t.same(await previewAndZipRefusals(t, app, record), [['causeId', CAUSE_MESSAGES.causeRetired(PROPOSED_WORDS, [SEED_WORDS])]], 'retired: no longer printed')
  t.notOk((await profileCauseIds(app)).includes(cause.id))
  const expiring = await app.inject({ method: 'GET', url: '/api/contracts/expiring?days=366' })
  t.ok(expiring.json().data.contracts.some((contract: { dni: string, causeId: string }) => contract.dni === '40999888' && contract.causeId === cause.id),
    'the contract already recorded keeps its cause id')

  const again = await review(app, cause.id, 'retire')
  t.equal(again.statusCode, 409)
  t.equal(again.json().message, CAUSE_REVIEW_MESSAGES.alreadyRetired(cause.id))
  const reapprove = await review(app, cause.id, 'approve')
  t.equal(reapprove.statusCode, 409)
  t.equal(reapprove.json().message, CAUSE_REVIEW_MESSAGES.notProposed(cause.id, 'retired'))
  t.same((await app.inject({ method: 'GET', url: '/api/causes?status=retired' })).json().data.causes.map((entry: { id: string }) => entry.id), [cause.id])
})

test('counsel edits a proposal; an approved cause is not edited; a proposal rejected is retired', async (t) => {
  const app = await build(t)
  const id = 'festival-malecon'
  t.equal((await propose(app, proposal({ id }))).statusCode, 201)
  const edit = await app.inject({
    method: 'PATCH',
    url: `/api/causes/${id}`,
    payload: { text: `${TEXT}, de jueves a domingo`, justifies: { days: 'jueves a domingo', from: '10:00', to: '23:00' } }
  })
  t.equal(edit.statusCode, 200, edit.body)
  t.match(edit.json().data.cause, { id, status: 'proposed', text: `${TEXT}, de jueves a domingo`, justifies: { days: 'jueves a domingo', from: '10:00', to: '23:00' }, modality: '58' })
  const removed = await app.inject({ method: 'PATCH', url: `/api/causes/${id}`, payload: { justifies: null } })
  t.equal(removed.statusCode, 200)
  t.notOk('justifies' in removed.json().data.cause, 'null removes the hours')
  const bad = await app.inject({ method: 'PATCH', url: `/api/causes/${id}`, payload: { sites: ['Playa Mall Aventura'] } })
  t.equal(bad.statusCode, 400, 'an edit is checked as a proposal')
  t.same(bad.json().errors, [{ field: 'body.sites', message: CAUSE_REVIEW_MESSAGES.siteModality('Playa Mall Aventura', '«necesidades del mercado»') }])
  t.same((await app.inject({ method: 'PATCH', url: `/api/causes/${id}`, payload: {} })).json().errors, [{ field: 'body', message: CAUSE_REVIEW_MESSAGES.emptyEdit }])
  t.equal((await app.inject({ method: 'PATCH', url: '/api/causes/no-existe', payload: { text: TEXT } })).statusCode, 404)

  t.equal((await review(app, id, 'approve')).statusCode, 200)
  const late = await app.inject({ method: 'PATCH', url: `/api/causes/${id}`, payload: { text: `${TEXT}, otra redacción` } })
  t.equal(late.statusCode, 409)
  t.equal(late.json().message, CAUSE_REVIEW_MESSAGES.notProposed(id, 'approved'))

  t.equal((await propose(app, proposal({ id: 'rechazada', text: `${TEXT} y del concierto anual` }))).statusCode, 201)
  const rejected = await review(app, 'rechazada', 'retire')
  t.equal(rejected.statusCode, 200, 'counsel rejects a proposal by retiring it')
  t.equal(rejected.json().data.cause.status, 'retired')
})

test('a proposal the profile cannot print is refused on its field; a taken id or text is a 409', async (t) => {
  const app = await build(t)
  const refused = async (body: Record<string, unknown>) => {
    const res = await propose(app, body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    return res.json().errors.map((issue: { field: string, message: string }) => [issue.field, issue.message])
  }
  const names = ['Playa Larcomar', 'Playa Lince', 'Playa Mall Aventura']
  t.same(await refused(proposal({ modality: '61' })), [['body.modality', CAUSE_REVIEW_MESSAGES.notPrintedModality('«suplencia»')]])
  t.same(await refused(proposal({ sites: ['Playa Sur'] })), [['body.sites', CAUSE_REVIEW_MESSAGES.unknownSite('Playa Sur', names)]])
  t.same(await refused(proposal({ sites: ['Playa Lince'], modality: '57', activityStart: '01/01/2026', period: { from: '01/01/2026', to: '31/12/2028' } })),
    [['body.sites', CAUSE_REVIEW_MESSAGES.siteModality('Playa Lince', '«inicio o incremento de actividad»')]])
  // §34: an art. 57 cause carries its activity's start, and lasts at most 36 calendar months from it
  const opening = { modality: '57', activityStart: '11/02/2024' }
  t.same(await refused(proposal({ modality: '57' })), [['body.activityStart', CAUSE_REVIEW_MESSAGES.activityStartMissing]])
  t.same(await refused(proposal({ ...opening, period: { from: '11/02/2024', to: '11/02/2027' } })),
    [['body.period', CAUSE_REVIEW_MESSAGES.activityTooLong('11/02/2024', '10/02/2027', '11/02/2027')]], 'three years from 11/02/2024 end on 10/02/2027')
  t.same(await refused(proposal({ ...opening, period: { from: '10/02/2024', to: '10/02/2027' } })),
    [['body.period', CAUSE_REVIEW_MESSAGES.periodBeforeActivity('11/02/2024', '10/02/2024')]])
  t.same(await refused(proposal({ ...opening, activityStart: '30/02/2024', period: { from: '11/02/2024', to: '10/02/2027' } })),
    [['body.activityStart', CAUSE_REVIEW_MESSAGES.activityStart.invalid]], 'the schema refuses a date that does not exist')
  const lawful = await propose(app, proposal({ ...opening, id: 'apertura-festival', text: `${TEXT} (apertura)`, period: { from: '11/02/2024', to: '10/02/2027' } }))
  t.equal(lawful.statusCode, 201, lawful.body)
  t.match(lawful.json().data.cause, { modality: '57', activityStart: '11/02/2024', period: { from: '11/02/2024', to: '10/02/2027' } },
    'its neighbour, exactly 36 months, is proposed and keeps its activity start')
  t.same(await refused(proposal({ period: { from: '31/12/2027', to: '01/01/2027' } })), [['body.period', CAUSE_REVIEW_MESSAGES.periodBackwards('31/12/2027', '01/01/2027')]])
  t.same(await refused(proposal({ modality: '67', sites: ['Playa Mall Aventura'], period: { from: '01/12/2026', to: '31/03/2028' } })),
    [['body.period', CAUSE_REVIEW_MESSAGES.seasonTooLong('01/12/2026', '31/03/2028')]])
  t.same(await refused(proposal({ justifies: { days: 'noches', from: '22:00', to: '06:00' } })), [['body.justifies', CAUSE_REVIEW_MESSAGES.justifiesUnreadable('noches', '22:00', '06:00')]])
  t.same(await refused(proposal({ text: 'Demanda alta' })), [['body.text', CAUSE_REVIEW_MESSAGES.text.invalid]])
  t.same(await refused(proposal({ text: `${TEXT}\nsegunda línea` })), [['body.text', CAUSE_REVIEW_MESSAGES.text.invalid]], 'one line: no control characters')
  t.same(await refused(proposal({ text: `${TEXT} (עברית בלבד)` })), [['body.text', PRINTABLE_MESSAGES.unsupportedScript('hebreo (de derecha a izquierda)')]])
  t.same(await refused(proposal({ period: { from: '31/02/2026', to: '31/12/2032' } })), [['body.period.from', CAUSE_REVIEW_MESSAGES.periodFrom.invalid]])
  t.same(await refused(proposal({ id: 'Con Mayúsculas' })), [['body.id', CAUSE_REVIEW_MESSAGES.id.invalid]])
  t.same(await refused({}), [['body.modality', CAUSE_REVIEW_MESSAGES.modality.required], ['body.sites', CAUSE_REVIEW_MESSAGES.sites.required], ['body.text', CAUSE_REVIEW_MESSAGES.text.required], ['body.period', CAUSE_REVIEW_MESSAGES.period.required]])

  const takenId = await propose(app, proposal({ id: SEED }))
  t.equal(takenId.statusCode, 409)
  t.equal(takenId.json().message, CAUSE_REVIEW_MESSAGES.idTaken(SEED, 'approved'))
  const seedText = JSON.parse(readFileSync('assets/employer-profile.json', 'utf8')).causes[0].text as string
  const takenText = await propose(app, proposal({ text: ` ${seedText.toUpperCase()}. ` }))
  t.equal(takenText.statusCode, 409, 'the same need, whatever its case, spacing or closing stop')
  t.equal(takenText.json().message, CAUSE_REVIEW_MESSAGES.textTaken(SEED, 'approved'))
  const seedPeriod = JSON.parse(readFileSync('assets/employer-profile.json', 'utf8')).causes[0].period as { to: string }
  const nextYear = String(Number(seedPeriod.to.slice(6)) + 1)
  const redated = await propose(app, proposal({ id: `${SEED}-${nextYear}`, text: seedText, period: { from: `01/01/${nextYear}`, to: `31/12/${nextYear}` } }))
  t.equal(redated.statusCode, 201, `the same need for a period after the seed's: proposed again (${redated.body})`)
  const overlapping = await propose(app, proposal({ id: `${SEED}-otra`, text: seedText, period: { from: `01/12/${nextYear}`, to: `31/01/${Number(nextYear) + 1}` } }))
  t.equal(overlapping.statusCode, 409, 'a period that overlaps the new one is refused in turn')
  t.equal(overlapping.json().message, CAUSE_REVIEW_MESSAGES.textTaken(`${SEED}-${nextYear}`, 'proposed'))
  t.equal((await app.inject({ method: 'GET', url: '/api/causes?status=otro' })).statusCode, 400)
  t.equal((await review(app, 'no-existe', 'approve')).json().message, CAUSE_REVIEW_MESSAGES.notFound)

  // a proposal whose site the profile no longer has (written before a change of the profile): approving it checks it again
  await app.registry.run(async (registry) => await registry.causes.propose(
    { modality: '58', sites: ['Playa Sur'], text: `${TEXT} en la sede cerrada`, period: { from: '01/01/2026', to: '31/12/2032' } }, 'sede-cerrada', null))
  const stale = await review(app, 'sede-cerrada', 'approve')
  t.equal(stale.statusCode, 400)
  t.same(stale.json().errors, [{ field: 'sites', message: CAUSE_REVIEW_MESSAGES.unknownSite('Playa Sur', names) }])
  t.equal((await app.inject({ method: 'GET', url: '/api/causes?status=proposed' })).json().data.causes[0].status, 'proposed', 'still a proposal')

  // two proposals whose texts start alike: the second id takes a suffix (within 60 characters, cut at a word)
  t.equal((await propose(app, proposal())).json().data.cause.id, 'incremento-temporal-e-imprevisible-de-vehiculos-atendidos-en')
  const second = await propose(app, proposal({ text: `${TEXT}, segunda etapa` }))
  t.equal(second.json().data.cause.id, 'incremento-temporal-e-imprevisible-de-vehiculos-atendidos-2')
})

test('only counsel edits, approves and retires (AUTH_MODE=oidc): HR proposes, approvedBy names the identity, the trail records the cause', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const as = (role: keyof typeof KEYS) => ({ authorization: `Bearer ${KEYS[role]}` })
  const proposed = await propose(app, proposal({ id: 'con-identidad' }), as('hr'))
  t.equal(proposed.statusCode, 201)
  t.equal(proposed.json().data.cause.proposedBy, 'hr-job')
  t.equal((await propose(app, proposal({ id: 'de-exportes' }), as('exports'))).statusCode, 403)
  for (const action of ['approve', 'retire'] as const) {
    const res = await review(app, 'con-identidad', action, as('hr'))
    t.equal(res.statusCode, 403, `hr cannot ${action}`)
    t.equal(res.json().message, 'Su rol no permite esta operación (requiere el rol legal)')
  }
  t.equal((await app.inject({ method: 'PATCH', url: '/api/causes/con-identidad', payload: { text: `${TEXT}.` }, headers: as('hr') })).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url: '/api/causes', headers: as('operator') })).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url: '/api/causes', headers: as('hr') })).statusCode, 200)
  const approved = await review(app, 'con-identidad', 'approve', as('legal'))
  t.equal(approved.statusCode, 200)
  t.match(approved.json().data.cause, { status: 'approved', proposedBy: 'hr-job', approvedBy: 'legal-job' })
  const retired = await review(app, 'con-identidad', 'retire', as('legal'))
  t.match(retired.json().data.cause, { status: 'retired', retiredBy: 'legal-job' })
  await app.close()

  const events = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line)) : []
  const changes = events.filter((event) => event.cause === 'con-identidad')
  t.match(changes, [
    { method: 'POST', route: '/api/causes', identity: 'hr-job', status: 201 },
    { route: '/api/causes/:id/approve', identity: 'legal-job', roles: ['legal'], status: 200 },
    { route: '/api/causes/:id/retire', identity: 'legal-job', status: 200 }
  ], 'each change of a cause is in the trail, with who made it')
  t.ok(events.some((event) => event.route === '/api/causes/:id/approve' && event.status === 403 && event.identity === 'hr-job'), 'a refused approval too')
})

test('the profile seeds the registry once per id and never over counsel\'s changes', async (t) => {
  const dataDir = join(scratchDir(t), 'data') // build() makes its testdir anew: the registry's folder lives apart
  const causeIds = (JSON.parse(readFileSync('assets/employer-profile.json', 'utf8')).causes as Array<{ id: string }>).map((cause) => cause.id)
  const first = await build(t, { DATA_DIR: dataDir })
  const seeded = (await first.inject({ method: 'GET', url: '/api/causes' })).json().data.causes
  t.same(seeded.map((cause: { id: string }) => cause.id).sort(), [...causeIds].sort(), 'each profile cause, approved')
  t.ok(seeded.every((cause: { status: string, proposedBy: string }) => cause.status === 'approved' && cause.proposedBy === 'employer-profile'))
  t.equal((await review(first, SEED, 'retire')).statusCode, 200, 'counsel retires a profile cause')
  t.equal((await first.inject({ method: 'POST', url: '/api/causes', payload: proposal({ id: 'propuesta-guardada' }) })).statusCode, 201)
  await first.close()

  const second = await build(t, { DATA_DIR: dataDir })
  const after = (await second.inject({ method: 'GET', url: '/api/causes' })).json().data.causes
  t.equal(after.length, causeIds.length + 1, 'no cause seeded twice')
  t.match(after.find((cause: { id: string }) => cause.id === SEED), { status: 'retired' }, 'the retired profile cause stays retired')
  t.match(after.find((cause: { id: string }) => cause.id === 'propuesta-guardada'), { status: 'proposed' })
  const refused = await second.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ causeId: SEED }) })
  t.equal(refused.statusCode, 400)
  t.same(refused.json().errors, [{ field: 'body.causeId', message: CAUSE_MESSAGES.causeRetired(SEED_WORDS, []) }], 'a restart keeps counsel\'s retirement in force')
})

test('another instance\'s change is in force here after the refresh (one query of the revision)', async (t) => {
  const app = await build(t)
  t.equal((await propose(app, proposal({ id: 'de-otra-instancia' }))).statusCode, 201)
  const record = sampleEmployee({ causeId: 'de-otra-instancia' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })).statusCode, 400)
  // another instance approves it: written to the shared database, this instance's catalogue not told
  await app.registry.run(async (registry) => await registry.causes.approve('de-otra-instancia', 'legal-otra-instancia'))
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })).statusCode, 400, 'not in force before the refresh')
  await app.registry.refreshCauses()
  const printed = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
  t.equal(printed.statusCode, 200, 'in force after it')
  t.match((await pdfText(printed.rawPayload)).replace(/\s+/g, ' '), 'festival gastronómico')
  const version = app.causeCatalogue.version
  await app.registry.refreshCauses()
  t.equal(app.causeCatalogue.version, version, 'nothing changed: the catalogue is kept')
})

test('the catalogue: the profile\'s causes until the registry is read, then its approved ones, with why the others are not printed', async (t: Test) => {
  const profile = JSON.parse(readFileSync('assets/employer-profile.json', 'utf8')) as EmployerProfile
  const catalogue = new CauseCatalogue(profile)
  t.equal(catalogue.profile, profile, 'the seed until read')
  t.equal(catalogue.snapshot, undefined)
  const entries = (profile.causes ?? []).map((cause) => ({ ...cause, status: 'approved' as const }))
  t.same(catalogue.load('7', entries), { changed: false, leftOut: [] }, 'the registry holds the seed: nothing changes')
  t.equal(catalogue.profile, profile)
  const extra = { id: 'nueva', modality: '58', sites: ['Playa Lince'], text: TEXT, period: { from: '01/01/2026', to: '31/12/2026' } }
  const gone = { ...extra, id: 'sede-cerrada', sites: ['Playa Sur'] }
  const loaded = catalogue.load('9', [...entries, { ...extra, status: 'approved' }, { ...gone, status: 'approved' }, { ...extra, id: 'pendiente', status: 'proposed' }])
  t.equal(loaded.changed, true)
  t.same(loaded.leftOut.map((entry) => entry.id), ['sede-cerrada'], 'an approved cause the profile cannot print is left out')
  t.ok(causeById(catalogue.profile, 'nueva'))
  t.equal(causeById(catalogue.profile, 'pendiente'), undefined)
  t.equal(unprintedStatus(catalogue.profile, 'pendiente'), 'proposed')
  t.same(catalogue.snapshot?.causes.map((cause) => cause.id), [...(profile.causes ?? []).map((cause) => cause.id), 'nueva'], 'the profile\'s order, then the new ones')
  t.equal(catalogue.snapshot?.version, '9')
  t.same(catalogue.load('9', []), { changed: false, leftOut: [] }, 'the same revision is not read again')
})
