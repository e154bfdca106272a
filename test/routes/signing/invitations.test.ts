/**
 * Invitations to sign (docs/signing-flow.md "Invitations"; DOCUMENT-REQUIREMENTS §39): one per
 * contract with its notice and annex, the token only hashed and its link returned once (demo), each
 * 409 saying why, the expiry rule (Lima dates), the worker's address and each change of it, and the
 * ways an invitation is revoked (HR, a reissue, a withdrawal, a paper mark).
 */
import { test } from 'tap'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { SIGNING_MAIL, SIGNING_MESSAGES } from '../../../schemas/messages.js'
import { limaEndOfDay } from '../../../src/signing/flow/rules.js'
import { build, sampleAddendum, sampleEmployee } from '../../support/helper.js'
import { fakeSealer, issueContract, outboxFiles } from '../../support/signing-flow.js'

const today = todayInLima()
const worker = (dni: string, overrides: Record<string, unknown> = {}) => {
  const entryDate = addDays(today, 20)
  return sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6), ...overrides })
}

test('an invitation: 201 with the masked address, the link once (demo), the token only hashed; the mail as §39 says; listed queued then sent', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const id = await issueContract(app, worker('43100001'))
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [id] } })
  t.equal(invited.statusCode, 201, invited.body)
  const [invitation] = invited.json().data.invitations
  t.match(invitation, { contractId: id, dni: '43100001', email: 'w********@c*****.pe', addressRecentlyChanged: false })
  t.match(invitation.link, /^http:\/\/localhost:\d+\/firmar\/[A-Za-z0-9_-]{43}$/)
  const token = invitation.link.split('/').at(-1)
  // expires 7 days from now: its start is 20 days away
  const expires = new Date(invitation.expiresAt).getTime()
  t.ok(Math.abs(expires - (Date.now() + 7 * 86_400_000)) < 60_000, 'seven days')

  await app.signingMail.drain()
  const files = outboxFiles(app)
  t.equal(files.length, 1, 'one .eml')
  t.equal(files[0].mode, 0o600, 'mode 0600')
  const mail = files[0].text
  const body = mail.split('\r\n\r\n').slice(1).join('\n')
  t.match(mail, SIGNING_MAIL.invitationSubject(app.employerProfile.legalName).replace(/:.*/, ''))
  t.match(mail, 'Firmar en papel sigue disponible')
  t.match(mail, token)
  t.match(mail, 'DEMOSTRACIÓN')
  t.notMatch(body, '43100001', 'no DNI')
  t.notMatch(body, '1500', 'no salary')
  t.notMatch(body, worker('43100001').entryDate as string, 'no dates')
  t.notMatch(body, /<img|https?:\/\/(?!localhost)/i, 'no remote image or other link')
  t.notMatch(mail, /Content-Disposition: attachment/i, 'no attachment')

  const list = await app.inject({ method: 'GET', url: '/api/signing/invitations' })
  t.match(list.json().data.invitations, [{ id: invitation.id, status: 'sent', demo: true, kind: 'contract', worker: 'Rosa María Quispe Mamani' }])
  t.notMatch(list.body, token, 'the token is never listed')
  // the console's 10-second refresh: an unchanged list is a 304 with no body (nothing sent, nothing audited)
  const etag = String(list.headers.etag)
  t.match(etag, /^"[A-Za-z0-9_-]{27}"$/)
  const unchanged = await app.inject({ method: 'GET', url: '/api/signing/invitations', headers: { 'if-none-match': etag } })
  t.equal(unchanged.statusCode, 304)
  t.equal(unchanged.body, '', 'no personal data')
  t.equal(unchanged.headers.etag, etag)
  const other = await app.inject({ method: 'GET', url: '/api/signing/invitations?status=queued', headers: { 'if-none-match': etag } })
  t.equal(other.statusCode, 200, 'another list, another tag')
  t.notMatch(list.body, 'w43100001@', 'the address masked')
  t.equal((await app.inject({ method: 'GET', url: '/api/signing/invitations?status=queued' })).json().data.invitations.length, 0)
  t.equal((await app.inject({ method: 'GET', url: '/api/signing/invitations?status=nada' })).statusCode, 400)
})

test('expiresAt: 23:59 Lima of the start date when it comes before seven days', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const entryDate = addDays(today, 2)
  const id = await issueContract(app, worker('43100002', { entryDate, endDate: termEnd(entryDate, 6) }))
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [id] } })
  t.equal(invited.statusCode, 201, invited.body)
  t.equal(invited.json().data.invitations[0].expiresAt, limaEndOfDay(entryDate).toISOString())
  t.match(invited.json().data.invitations[0].expiresAt, /T04:59:00\.000Z$/, '23:59 in Lima is 04:59 UTC the next day')
})

test('409s saying why: an employer address, another worker\'s, a contract started or not issued; nothing recorded', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const invite = async (contractIds: string[]) => await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds } })
  // the demo profile's ARCO address is at example.com: an employer's domain
  const employers = await issueContract(app, worker('43100003', { email: 'rosa@example.com' }))
  const refused = await invite([employers])
  t.equal(refused.statusCode, 409)
  t.equal(refused.json().message, SIGNING_MESSAGES.employerDomain('example.com'))
  t.same(refused.json().data, { contractId: employers, address: true }, 'a new address fixes it')
  t.equal((await app.inject({ method: 'GET', url: '/api/signing/invitations' })).json().data.invitations.length, 0, 'nothing recorded')

  // PUT the address of another worker
  const mine = await issueContract(app, worker('43100004'))
  const theirs = await issueContract(app, worker('43100005'))
  t.equal((await invite([mine])).statusCode, 201)
  t.equal((await app.inject({ method: 'PUT', url: '/api/workers/43100005/email', payload: { email: 'W43100004@correo.pe' } })).statusCode, 200)
  const another = await invite([theirs])
  t.equal(another.statusCode, 409)
  t.equal(another.json().message, SIGNING_MESSAGES.anotherWorker)
  t.same(another.json().data, { contractId: theirs, address: true })

  // GET /api/contracts marks a row `invitable` by the rule this route applies (the console's button)
  const listedAs = async (dni: string) => ((await app.inject({ method: 'GET', url: `/api/contracts?dni=${dni}` }))
    .json().data.contracts as Array<{ started: boolean, invitable: boolean }>).map(({ started, invitable }) => ({ started, invitable }))
  // a contract starting today may still be signed on its start day
  const startsToday = await issueContract(app, worker('43100006', { entryDate: today, endDate: termEnd(today, 6) }))
  t.same(await listedAs('43100006'), [{ started: true, invitable: true }], 'started today, still invitable')
  t.equal((await invite([startsToday])).statusCode, 201)

  const paper = await issueContract(app, worker('43100007'))
  t.same(await listedAs('43100007'), [{ started: false, invitable: true }])
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${paper}/signed`, payload: { signingDate: today } })).statusCode, 200)
  t.same(await listedAs('43100007'), [{ started: false, invitable: false }], 'signed: no longer invitable')
  const signed = await invite([paper])
  t.equal(signed.statusCode, 409)
  t.equal(signed.json().message, SIGNING_MESSAGES.notIssued('signed'))
  t.same(signed.json().data, { contractId: paper }, 'no address to fix')

  t.equal((await invite(['00000000-0000-4000-8000-000000000000'])).statusCode, 404)
  t.equal((await invite([])).statusCode, 400)
})

test('the worker\'s address: PUT records each change (who, when); one changed within 7 days is flagged; 404 for an unknown worker', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const id = await issueContract(app, worker('43100008'))
  t.equal((await app.inject({ method: 'PUT', url: '/api/workers/49999999/email', payload: { email: 'x@correo.pe' } })).statusCode, 404)
  t.equal((await app.inject({ method: 'PUT', url: '/api/workers/43100008/email', payload: { email: 'no es correo' } })).statusCode, 400)
  const put = await app.inject({ method: 'PUT', url: '/api/workers/43100008/email', payload: { email: 'nueva@correo.pe' } })
  t.equal(put.statusCode, 200)
  t.match(put.json().data.changes, [{ email: 'w43100008@correo.pe', source: 'upload' }, { email: 'nueva@correo.pe', source: 'api', setBy: null }])
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [id] } })
  t.equal(invited.statusCode, 201, invited.body)
  t.match(invited.json().data.invitations[0], { email: 'n****@c*****.pe', addressRecentlyChanged: true }, 'the PUT replaced the upload\'s address today')
  const changes = await app.registry.run(async (registry) => await registry.signing.emailChanges('43100008'))
  t.same(changes.map((change) => [change.email, change.source]), [['w43100008@correo.pe', 'upload'], ['nueva@correo.pe', 'api']],
    'the upload\'s address recorded as the first, the PUT as a change')
})

test('revoked by HR, by a reissue, by a withdrawal and by a paper mark; DELETE twice is a 409', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const invite = async (contractId: string) =>
    (await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })).json().data.invitations[0]
  const statusOf = async (id: string) =>
    ((await app.inject({ method: 'GET', url: '/api/signing/invitations' })).json().data.invitations as Array<{ id: string, status: string }>).find((row) => row.id === id)?.status

  const byHr = await invite(await issueContract(app, worker('43100009')))
  t.equal((await app.inject({ method: 'DELETE', url: `/api/signing/invitations/${byHr.id as string}` })).statusCode, 200)
  t.equal(await statusOf(byHr.id), 'revoked')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/signing/invitations/${byHr.id as string}` })).statusCode, 409)

  const contract = await issueContract(app, worker('43100010'))
  const first = await invite(contract)
  const second = await invite(contract)
  t.equal(await statusOf(first.id), 'revoked', 'a new invitation of the same contract revokes the first')
  t.equal(await statusOf(second.id), 'queued')

  const withdrawn = await issueContract(app, worker('43100011'))
  const third = await invite(withdrawn)
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${withdrawn}/withdraw`, payload: { reason: 'No se presentó' } })).statusCode, 200)
  t.equal(await statusOf(third.id), 'revoked')

  const paper = await issueContract(app, worker('43100012'))
  const fourth = await invite(paper)
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${paper}/signed`, payload: { signingDate: today } })).statusCode, 200)
  t.equal(await statusOf(fourth.id), 'revoked')

  // a corrected reprint supersedes the contract: its invitation is revoked
  const reprinted = worker('43100013')
  const fifth = await invite(await issueContract(app, reprinted))
  await issueContract(app, { ...reprinted, salary: 1600, salaryInWords: undefined })
  t.equal(await statusOf(fifth.id), 'revoked')
  t.equal((await app.inject({ method: 'DELETE', url: '/api/signing/invitations/00000000-0000-4000-8000-000000000000' })).statusCode, 404)
})

test('an adenda: its one document rendered again identical; no address until HR gives one (409 saying so)', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const dni = '43100020'
  // a contract issued first gives the registry the worker's birth date
  await issueContract(app, worker(dni))
  const adenda = sampleAddendum({ documentNumber: dni })
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [adenda] })
  t.equal(zip.statusCode, 200, zip.body.slice(0, 300))
  const recorded = (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })).json().data.contracts as Array<{ id: string, kind: string }>
  const addendum = recorded.find((contract) => contract.kind === 'addendum')
  t.ok(addendum, 'the adenda is recorded')
  const invite = async () => await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [addendum?.id] } })
  const noEmail = await invite()
  t.equal(noEmail.statusCode, 409)
  t.equal(noEmail.json().message, SIGNING_MESSAGES.noEmail(dni), 'an adenda\'s record has no address')
  t.equal((await app.inject({ method: 'PUT', url: `/api/workers/${dni}/email`, payload: { email: 'adenda@correo.pe' } })).statusCode, 200)
  const invited = await invite()
  t.equal(invited.statusCode, 201, invited.body)
  const [invitation] = invited.json().data.invitations
  // the adenda starts in 11 days: the day before it is past the seven days
  t.ok(Math.abs(new Date(invitation.expiresAt).getTime() - (Date.now() + 7 * 86_400_000)) < 60_000)
  const token = String(invitation.link).split('/').at(-1) as string
  const state = (await app.inject({ method: 'GET', url: `/api/signing/${token}` })).json().data
  t.same(state.documents, [{ kind: 'adenda' }])
})
