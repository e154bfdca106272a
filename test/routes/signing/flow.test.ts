/**
 * The worker's steps (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39) on the real app with a fake
 * sealing engine: the page and its headers (a GET changes nothing), identity, code, the `__Host-firma`
 * session, reading, signing (the issued hashes only, a repeat answered as the first), the signed
 * copies, the evidence chain and the public check; and the attacks: wrong identities, wrong codes
 * at once, a replayed or expired code, too many codes, another worker's token, a planted cookie,
 * signing after a paper mark, declining without a code.
 */
import { test, type Test } from 'tap'
import { createHash, randomBytes } from 'node:crypto'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { SIGNING_PAGE_MESSAGES } from '../../../schemas/messages.js'
import { OPTIONAL_PURPOSES } from '../../../src/documents/optional-purposes.js'
import { build, pdfText, sampleEmployee } from '../../support/helper.js'
import { spawnSync } from 'node:child_process'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { SIGNING_PAGE_CSP } from '../../../routes/signing-page.js'
import { fakeSealer, issueContract, latestCode, outboxFiles, pageOrigin, sessionHeader, type SealCall } from '../../support/signing-flow.js'

type App = Awaited<ReturnType<typeof build>>
const today = todayInLima()
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

const worker = (dni: string) => {
  const entryDate = addDays(today, 20)
  return sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6) })
}

/** Issues and invites one worker: the contract's id, the invitation's id and its token. */
async function invited (app: App, dni: string): Promise<{ contractId: string, id: string, token: string }> {
  const contractId = await issueContract(app, worker(dni))
  const reply = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
  const invitation = reply.json().data.invitations[0]
  return { contractId, id: invitation.id, token: String(invitation.link).split('/').at(-1) as string }
}

const post = async (app: App, token: string, step: string, payload: object, headers: Record<string, string> = {}) =>
  await app.inject({ method: 'POST', url: `/api/signing/${token}/${step}`, payload, headers: { ...pageOrigin(app), ...headers } })

/** Identity and code: the session's Cookie header. */
async function session (t: Test, app: App, token: string): Promise<Record<string, string>> {
  const identity = await post(app, token, 'identity', { dni: await dniOf(app, token), birthDate: '15/03/1990' })
  t.equal(identity.statusCode, 200, identity.body)
  const code = await post(app, token, 'code', { code: latestCode(app) })
  t.equal(code.statusCode, 200, code.body)
  return sessionHeader(code)
}

const dnis = new Map<string, string>()
async function dniOf (_app: App, token: string): Promise<string> {
  return dnis.get(token) as string
}

const evidenceOf = async (app: App, contractId: string) =>
  (await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/evidence` })).json().data as { chainValid: boolean, events: Array<{ what: string, details: Record<string, unknown> }> }

test('a worker signs: the page, identity, code, session, reading, signing once, the copies, the evidence and the public check', async (t) => {
  const calls: SealCall[] = []
  const app = await build(t, {}, fakeSealer(calls))
  const { contractId, token } = await invited(app, '44100001')
  dnis.set(token, '44100001')
  await app.signingMail.drain()

  // the page: the same for any token, headers as §39 says; a GET changes nothing
  const before = await evidenceOf(app, contractId)
  const page = await app.inject({ method: 'GET', url: `/firmar/${token}` })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-security-policy'], /^default-src 'none'; script-src 'self'/)
  t.equal(page.headers['referrer-policy'], 'no-referrer')
  t.equal(page.headers['cache-control'], 'no-store')
  t.match(page.body, '<html lang="es">')
  t.match(page.body, 'name="viewport" content="width=device-width')
  t.notMatch(page.body, /https?:\/\//, 'nothing third-party')
  t.equal((await app.inject({ method: 'GET', url: `/firmar/${'x'.repeat(43)}` })).body, page.body, 'the page says nothing of the token')
  const script = await app.inject({ method: 'GET', url: '/firmar/static/firmar.js' })
  t.equal(script.statusCode, 200)
  t.match(script.headers['content-type'], 'javascript')
  t.notOk(script.headers['content-encoding'], 'as it is to a client that asks for no encoding')
  // pdf.js reaches a phone compressed as its browser accepts: brotli, else gzip; the same bytes once decoded
  const worker = (encoding?: string) => app.inject({ method: 'GET', url: '/firmar/static/pdf.worker.min.mjs', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } })
  const plain = await worker()
  const [br, gz] = await Promise.all([worker('gzip, deflate, br'), worker('gzip, deflate')])
  t.same([br.headers['content-encoding'], gz.headers['content-encoding']], ['br', 'gzip'])
  for (const reply of [plain, br, gz]) {
    t.match(reply.headers.vary, /(^|, )Accept-Encoding$/)
    t.equal(reply.headers['cache-control'], 'public, max-age=86400')
    t.equal(reply.headers['content-security-policy'], SIGNING_PAGE_CSP)
  }
  t.ok(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), 'brotli decodes to the file')
  t.ok(gunzipSync(gz.rawPayload).equals(plain.rawPayload), 'gzip decodes to the file')
  t.ok(br.rawPayload.length < plain.rawPayload.length / 3, `${plain.rawPayload.length} bytes sent as ${br.rawPayload.length}`)
  const state = await app.inject({ method: 'GET', url: `/api/signing/${token}` })
  t.match(state.json().data, { status: 'sent', email: 'w********@c*****.pe', session: false, documents: [{ kind: 'contrato' }, { kind: 'tratamiento-datos' }, { kind: 'anexo' }] })
  t.same(state.json().data.purposes, OPTIONAL_PURPOSES.map(({ id, letter, text }) => ({ id, letter, text })), 'the notice\'s three optional purposes')
  t.equal(state.json().data.purposes.length, 3)
  t.notOk(state.json().data.documents[0].sha256, 'no hashes before the session')
  t.same(await evidenceOf(app, contractId), before, 'the GETs recorded nothing')

  // identity: from the page's origin only
  t.equal((await app.inject({ method: 'POST', url: `/api/signing/${token}/identity`, payload: { dni: '44100001', birthDate: '15/03/1990' } })).statusCode, 403, 'no Origin')
  t.equal((await post(app, token, 'identity', { dni: '44100001', birthDate: '15/03/1990' }, { origin: 'https://evil.example' })).statusCode, 403)
  const identity = await post(app, token, 'identity', { dni: '44100001', birthDate: '1990-03-15' })
  t.equal(identity.statusCode, 200, identity.body)
  t.same(identity.json().data, { email: 'w********@c*****.pe', codeSent: true })
  const codeMail = outboxFiles(app).at(-1)?.text ?? ''
  t.match(codeMail, /Subject: Su código para firmar\r\n/)
  t.notMatch(/Subject: (.*)\r\n/.exec(codeMail)?.[1] ?? '', /\d/, 'the code is not in the subject')
  t.match(codeMail, 'No lo comparta con nadie, tampoco con Recursos Humanos')

  const code = await post(app, token, 'code', { code: latestCode(app) })
  t.equal(code.statusCode, 200, code.body)
  const cookie = String(code.headers['set-cookie'])
  t.match(cookie, /^__Host-firma=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict/)
  const headers = sessionHeader(code)
  t.equal((await post(app, token, 'code', { code: latestCode(app) })).statusCode, 401, 'a code serves once')

  // reading: the issued documents, their hashes those the registry recorded at issue
  const open = (await app.inject({ method: 'GET', url: `/api/signing/${token}`, headers })).json().data
  t.equal(open.session, true)
  const documents = open.documents as Array<{ kind: string, code: string, sha256: string }>
  t.same(documents.map((document) => document.kind), ['contrato', 'tratamiento-datos', 'anexo'])
  for (const document of documents) {
    const pdf = await app.inject({ method: 'GET', url: `/api/signing/${token}/documents/${document.kind}`, headers })
    t.equal(pdf.statusCode, 200)
    t.equal(pdf.headers['x-content-sha256'], document.sha256)
    t.equal(sha256(pdf.rawPayload), document.sha256)
    t.match(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-')
    const check = await app.inject({ method: 'GET', url: `/api/documents/${document.code}` })
    t.equal(check.json().data.document.sha256, document.sha256, `${document.kind}: the hash recorded at issue`)
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/signing/${token}/documents/contrato` })).statusCode, 403, 'no session, no document')
  // the purposes asked are those the notice the worker reads prints, word for word
  const notice = await app.inject({ method: 'GET', url: `/api/signing/${token}/documents/tratamiento-datos`, headers })
  const noticeText = (await pdfText(notice.rawPayload)).replace(/\s+/g, ' ')
  for (const purpose of open.purposes as Array<{ letter: string, text: string }>) {
    t.ok(noticeText.includes(`${purpose.letter}) ${purpose.text}`), `the notice prints ${purpose.letter})`)
  }

  // signing: only the issued hashes
  const hashes = Object.fromEntries(documents.map((document) => [document.kind, document.sha256]))
  const wrong = await post(app, token, 'sign', { consents: [], documents: { ...hashes, anexo: '0'.repeat(64) } }, headers)
  t.equal(wrong.statusCode, 409)
  t.equal(wrong.json().message, SIGNING_PAGE_MESSAGES.hashes)
  t.equal((await post(app, token, 'sign', { consents: [], documents: { contrato: hashes.contrato } }, headers)).statusCode, 409, 'every document')
  const unknown = await post(app, token, 'sign', { consents: [{ purpose: 'marketing', accepted: true }], documents: hashes }, headers)
  t.equal(unknown.statusCode, 400, 'a purpose the notice does not print')
  t.equal(unknown.json().message, SIGNING_PAGE_MESSAGES.unknownPurpose)
  t.match(unknown.json().errors, [{ field: 'body.consents.0.purpose' }])
  const twice = await post(app, token, 'sign', { consents: [{ purpose: 'imagen', accepted: true }, { purpose: 'imagen', accepted: false }], documents: hashes }, headers)
  t.equal(twice.statusCode, 400, 'a purpose answered twice')
  t.equal(twice.json().message, SIGNING_PAGE_MESSAGES.repeatedPurpose)
  t.equal(calls.length, 0, 'nothing sealed for a refused answer')
  const consents = [{ purpose: 'beneficios-terceros', accepted: false }, { purpose: 'imagen', accepted: true }]
  const signed = await post(app, token, 'sign', { consents, documents: hashes }, headers)
  t.equal(signed.statusCode, 200, signed.body)
  const answer = signed.json().data
  t.match(answer, { signed: true, contractId, demo: true, documents: [{ kind: 'contrato', issuedSha256: hashes.contrato, level: 'PAdES-B-B' }, { kind: 'tratamiento-datos' }, { kind: 'anexo' }] })
  t.same(calls.map((call) => [call.kind, call.issuedSha256]), documents.map((document) => [document.kind, document.sha256]), 'the sealer got the issued bytes')
  t.match(calls[0].signature, { name: 'Rosa María Quispe Mamani', dni: '44100001', evidenceNumber: answer.evidenceNumber })
  const answered = [
    { purpose: 'imagen', letter: 'a', answered: true, accepted: true },
    { purpose: 'biometria', letter: 'b', answered: false, accepted: false },
    { purpose: 'beneficios-terceros', letter: 'c', answered: true, accepted: false }
  ]
  t.match(calls[1].signature, { consents: answered }, 'the notice is sealed with every purpose, in its order, an unanswered one no consent')
  t.equal(calls[0].signature.consents, undefined, 'the contract carries no consents')
  const again = await post(app, token, 'sign', { consents: [], documents: hashes }, headers)
  t.equal(again.statusCode, 200)
  t.same(again.json().data, answer, 'a repeat gets the first answer')
  t.equal(calls.length, 3, 'sealed once')

  const contract = (await app.inject({ method: 'GET', url: '/api/workers/44100001/contracts' })).json().data.contracts[0]
  t.match(contract, { id: contractId, status: 'signed', signedVia: 'electronic', signedOn: today, copyDeliveredVia: 'electronic', copyDeliveredOn: today })

  // the copies: on the page (that session), for HR, and by mail
  for (const document of answer.documents as Array<{ kind: string, sha256: string }>) {
    const copy = await app.inject({ method: 'GET', url: `/api/signing/${token}/signed/${document.kind}`, headers })
    t.equal(copy.statusCode, 200)
    t.equal(sha256(copy.rawPayload), document.sha256)
    const forHr = await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=${document.kind}` })
    t.equal(forHr.statusCode, 200)
    t.equal(forHr.headers['x-content-sha256'], document.sha256)
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/signing/${token}/signed/contrato` })).statusCode, 403, 'no session, no copy')
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=adenda` })).statusCode, 404)
  const check = (await app.inject({ method: 'GET', url: `/api/documents/${documents[0].code}` })).json().data.document
  t.match(check, { sha256: hashes.contrato, signedSha256: answer.documents[0].sha256, signedAt: answer.signedAt, status: 'signed' })
  await app.signingMail.drain()
  const copyMail = outboxFiles(app).find((file) => file.text.includes('Content-Disposition: attachment'))?.text ?? ''
  t.match(copyMail, 'filename=contrato.pdf')
  t.match(copyMail, answer.documents[0].sha256)

  const invitationId = (await app.inject({ method: 'GET', url: '/api/signing/invitations?status=signed' })).json().data.invitations[0].id
  const resent = await app.inject({ method: 'POST', url: `/api/signing/invitations/${String(invitationId)}/copy` })
  t.equal(resent.statusCode, 202, 'HR resends the copy')
  await app.signingMail.drain()
  t.equal(outboxFiles(app).filter((file) => file.text.includes('Content-Disposition: attachment')).length, 2, 'a second copy mailed')

  const evidence = await evidenceOf(app, contractId)
  t.equal(evidence.chainValid, true)
  const whats = evidence.events.map((event) => event.what)
  for (const what of ['invited', 'mail-sent', 'identity-confirmed', 'code-sent', 'code-confirmed', 'downloaded', 'signed', 'copy-queued']) {
    t.ok(whats.includes(what), what)
  }
  const signing = evidence.events.find((event) => event.what === 'signed')
  t.match(signing?.details, { evidenceNumber: answer.evidenceNumber, ip: '127.0.0.1', demo: true, consents: answered, documents: [{ kind: 'contrato', before: hashes.contrato, after: answer.documents[0].sha256 }] })
  const list = (await app.inject({ method: 'GET', url: '/api/signing/invitations?status=signed' })).json().data.invitations
  t.equal(list.length, 1)
  const unsigned = await invited(app, '44100011')
  t.equal((await app.inject({ method: 'POST', url: `/api/signing/invitations/${unsigned.id}/copy` })).statusCode, 409, 'no copy before signing')
})

test('5 wrong identities lock, with one answer for any mismatch; 10 wrong codes at once lock exactly at the tenth', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const first = await invited(app, '44100002')
  const answers = []
  for (const body of [{ dni: '44100003', birthDate: '15/03/1990' }, { dni: '44100002', birthDate: '16/03/1990' }, { dni: '44100002', birthDate: 'ayer' }, { dni: '', birthDate: '' }]) {
    const reply = await post(app, first.token, 'identity', body)
    t.equal(reply.statusCode, 401)
    answers.push(reply.json().message)
  }
  t.same(new Set(answers), new Set([SIGNING_PAGE_MESSAGES.wrongIdentity]), 'one answer whatever was wrong')
  const fifth = await post(app, first.token, 'identity', { dni: '44100002', birthDate: '01/01/1990' })
  t.equal(fifth.statusCode, 423)
  t.equal((await post(app, first.token, 'identity', { dni: '44100002', birthDate: '15/03/1990' })).statusCode, 423, 'locked, the right one too')
  const listed = (await app.inject({ method: 'GET', url: '/api/signing/invitations?status=locked' })).json().data.invitations
  t.match(listed, [{ id: first.id }])

  const second = await invited(app, '44100004')
  t.equal((await post(app, second.token, 'identity', { dni: '44100004', birthDate: '15/03/1990' })).statusCode, 200)
  const right = latestCode(app)
  const wrongCode = right === '000000' ? '111111' : '000000'
  const replies = await Promise.all(Array.from({ length: 14 }, async () => await post(app, second.token, 'code', { code: wrongCode })))
  const statuses = replies.map((reply) => reply.statusCode).sort()
  t.equal(statuses.filter((status) => status === 401).length, 9, 'nine wrong answers')
  t.equal(statuses.filter((status) => status === 423).length, 5, 'the tenth locks; the rest find it locked')
  t.equal((await post(app, second.token, 'code', { code: right })).statusCode, 423, 'the right code no longer opens it')
})

test('codes: one a minute, only the latest, 10 minutes; a planted cookie and another worker\'s session open nothing', async (t) => {
  const app = await build(t, {}, fakeSealer())
  const mine = await invited(app, '44100005')
  const theirs = await invited(app, '44100006')
  t.equal((await post(app, mine.token, 'code', { resend: true })).statusCode, 409, 'no code before the identity')
  t.equal((await post(app, mine.token, 'identity', { dni: '44100005', birthDate: '15/03/1990' })).statusCode, 200)
  const first = latestCode(app)
  const tooSoon = await post(app, mine.token, 'code', { resend: true })
  t.equal(tooSoon.statusCode, 429)
  t.ok(Number(tooSoon.headers['retry-after']) > 0 && Number(tooSoon.headers['retry-after']) <= 60, 'Retry-After')

  // ten minutes later the code is no longer valid
  const now = Date.now
  t.teardown(() => { Date.now = now })
  Date.now = () => now() + 11 * 60_000
  const expired = await post(app, mine.token, 'code', { code: first })
  t.equal(expired.statusCode, 401)
  t.equal(expired.json().message, SIGNING_PAGE_MESSAGES.noCode)
  // a new code (a minute passed): the first no longer serves
  t.equal((await post(app, mine.token, 'code', { resend: true })).statusCode, 200)
  const second = latestCode(app)
  t.not(second, first)
  if (first !== second) t.equal((await post(app, mine.token, 'code', { code: first })).statusCode, 401, 'only the latest')
  const opened = await post(app, mine.token, 'code', { code: second })
  t.equal(opened.statusCode, 200)
  Date.now = now
  const headers = sessionHeader(opened)

  const hashes = Object.fromEntries(((await app.inject({ method: 'GET', url: `/api/signing/${mine.token}`, headers })).json().data.documents as Array<{ kind: string, sha256: string }>)
    .map((document) => [document.kind, document.sha256]))
  const planted = { cookie: `__Host-firma=${randomBytes(32).toString('base64url')}` }
  t.equal((await post(app, mine.token, 'sign', { consents: [], documents: hashes }, planted)).statusCode, 403, 'a planted cookie')
  t.equal((await post(app, mine.token, 'sign', { consents: [], documents: hashes })).statusCode, 403, 'no cookie')
  t.equal((await post(app, theirs.token, 'sign', { consents: [], documents: hashes }, headers)).statusCode, 403, 'my session on another worker\'s token')
  t.equal((await app.inject({ method: 'GET', url: `/api/signing/${theirs.token}/documents/contrato`, headers })).statusCode, 403)
  t.equal((await post(app, mine.token, 'sign', { consents: [], documents: hashes }, headers)).statusCode, 200, 'my session on my token, every purpose unanswered')
  t.equal((await app.inject({ method: 'GET', url: `/api/signing/${'A'.repeat(43)}` })).statusCode, 404, 'a token never issued')
})

test('signing after a paper mark or a reprint is refused; declining on paper needs no code; not-my-address alerts HR', async (t) => {
  const app = await build(t, { MAIL_FROM: 'RR. HH. <rrhh@empresa-demo.pe>' }, fakeSealer())
  const paper = await invited(app, '44100007')
  dnis.set(paper.token, '44100007')
  const headers = await session(t, app, paper.token)
  const hashes = Object.fromEntries(((await app.inject({ method: 'GET', url: `/api/signing/${paper.token}`, headers })).json().data.documents as Array<{ kind: string, sha256: string }>)
    .map((document) => [document.kind, document.sha256]))
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${paper.contractId}/signed`, payload: { signingDate: today } })).statusCode, 200)
  const late = await post(app, paper.token, 'sign', { consents: [], documents: hashes }, headers)
  t.equal(late.statusCode, 409)
  t.equal(late.json().message, SIGNING_PAGE_MESSAGES.notIssued)

  const reprinted = worker('44100008')
  const reprint = await invited(app, '44100008')
  dnis.set(reprint.token, '44100008')
  const reprintSession = await session(t, app, reprint.token)
  const reprintHashes = Object.fromEntries(((await app.inject({ method: 'GET', url: `/api/signing/${reprint.token}`, headers: reprintSession })).json().data.documents as Array<{ kind: string, sha256: string }>)
    .map((document) => [document.kind, document.sha256]))
  await issueContract(app, { ...reprinted, salary: 1700, salaryInWords: undefined })
  t.equal((await post(app, reprint.token, 'sign', { consents: [], documents: reprintHashes }, reprintSession)).statusCode, 409, 'after a reprint')

  const onPaper = await invited(app, '44100009')
  const declined = await post(app, onPaper.token, 'decline', { choice: 'paper' })
  t.equal(declined.statusCode, 200)
  t.match(declined.json().data, { status: 'declined', choice: 'paper' })
  t.match((await app.inject({ method: 'GET', url: '/api/signing/invitations?status=paper' })).json().data.invitations, [{ id: onPaper.id, status: 'declined', declineChoice: 'paper' }])
  t.equal((await post(app, onPaper.token, 'identity', { dni: '44100009', birthDate: '15/03/1990' })).statusCode, 410, 'finished')
  t.equal((await post(app, onPaper.token, 'decline', { choice: 'bad' })).statusCode, 400)

  const notMine = await invited(app, '44100010')
  t.equal((await post(app, notMine.token, 'decline', { choice: 'not-my-address' })).statusCode, 409, 'after the identity only')
  t.equal((await post(app, notMine.token, 'identity', { dni: '44100010', birthDate: '15/03/1990' })).statusCode, 200)
  t.equal((await post(app, notMine.token, 'decline', { choice: 'not-my-address' })).statusCode, 200)
  await app.signingMail.drain()
  const alert = outboxFiles(app).find((file) => file.text.includes('To: rrhh@empresa-demo.pe'))
  t.ok(alert, 'HR alerted')
  t.match(alert?.text ?? '', '44100010')
})

test('with the real engine (the demo certificate): the signed contract is the issued one plus the seal, valid for pdfsig and qpdf; the notice\'s stamp gives each purpose\'s answer', async (t) => {
  const app = await build(t)
  const { contractId, token } = await invited(app, '44100009')
  dnis.set(token, '44100009')
  await app.signingMail.drain()
  const headers = await session(t, app, token)
  const issued = new Map<string, Buffer>()
  const hashes: Record<string, string> = {}
  for (const kind of ['contrato', 'tratamiento-datos', 'anexo']) {
    const pdf = await app.inject({ method: 'GET', url: `/api/signing/${token}/documents/${kind}`, headers })
    t.equal(pdf.statusCode, 200)
    issued.set(kind, pdf.rawPayload)
    hashes[kind] = sha256(pdf.rawPayload)
  }
  const consents = [{ purpose: 'imagen', accepted: false }, { purpose: 'biometria', accepted: true }]
  const signed = await post(app, token, 'sign', { consents, documents: hashes }, headers)
  t.equal(signed.statusCode, 200, signed.body)
  const notice = await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=tratamiento-datos` })
  t.equal(notice.statusCode, 200)
  const noticeText = (await pdfText(notice.rawPayload)).replace(/\s+/g, ' ')
  t.match(noticeText, 'Finalidades opcionales (numeral 7): a) NO; b) SÍ; c) NO (sin respuesta).')
  t.ok(noticeText.includes(`c) ${OPTIONAL_PURPOSES[2].text}`), 'the letters are those of the purposes the notice prints')
  const pdf = await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=contrato` })
  t.equal(pdf.statusCode, 200)
  const bytes = pdf.rawPayload
  const original = issued.get('contrato') as Buffer
  t.equal(sha256(bytes.subarray(0, original.length)), hashes.contrato, 'the issued bytes unchanged, the first revision')
  // an NSS database of its own: pdfsig's default one is shared with whatever else runs on the machine
  const dir = t.testdir({ 'firmado.pdf': bytes, nss: {} })
  const file = `${dir}/firmado.pdf`
  spawnSync('certutil', ['-N', '-d', `sql:${dir}/nss`, '--empty-password'])
  const pdfsig = spawnSync('pdfsig', ['-nssdir', `sql:${dir}/nss`, file], { encoding: 'utf8' })
  t.match(pdfsig.stdout, 'Signature Type: ETSI.CAdES.detached')
  t.match(pdfsig.stdout, 'Total document signed')
  t.match(pdfsig.stdout, 'Signature Validation: Signature is Valid.')
  t.match(pdfsig.stdout, 'DEMOSTRACI', 'the demo certificate says so')
  t.equal(spawnSync('qpdf', ['--check', file], { encoding: 'utf8' }).status, 0, 'qpdf finds no error')
  t.match(await pdfText(bytes), /Firmado electrónicamente por/)
})

test('the signing page\'s static files with CORS on: Vary names both Origin and Accept-Encoding (a shared cache keeps them apart)', async (t) => {
  const app = await build(t, { CORS_ORIGINS: 'https://panel.example.pe' })
  const reply = await app.inject({
    method: 'GET', url: '/firmar/static/pdf.min.mjs', headers: { origin: 'https://panel.example.pe', 'accept-encoding': 'gzip' }
  })
  t.equal(reply.statusCode, 200)
  t.equal(reply.headers['content-encoding'], 'gzip')
  t.same(String(reply.headers.vary).split(',').map((name) => name.trim()).sort(), ['Accept-Encoding', 'Origin'])
})
