/**
 * The constancia de firma electrónica (`GET /api/contracts/{id}/evidence?format=pdf`; docs/signing-flow.md,
 * Evidence; DOCUMENT-REQUIREMENTS §39): drawn once when the worker signs, sealed by the employer's
 * certification signature (the real engine, the demo certificate: pdfsig and qpdf read it), read
 * with pdfjs-dist against the JSON evidence; 404 before signing, roles hr and legal only, every read
 * a `downloaded` event and an audit line; and with a fake engine, that a repeat of the signature
 * draws nothing again.
 */
import { test, type Test } from 'tap'
import { createHash } from 'node:crypto'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { SIGNING_FIELD_MESSAGES, SIGNING_MESSAGES } from '../../../schemas/messages.js'
import { build, pdfPages, sampleEmployee } from '../../support/helper.js'
import { KEYS, scratchDir, writeKeysFile } from '../../support/auth.js'
import { fakeSealer, issueContract, latestCode, pageOrigin, sessionHeader } from '../../support/signing-flow.js'
import { pdfsig, signatureParts } from '../../support/signing.js'

type App = Awaited<ReturnType<typeof build>>
type Headers = Record<string, string>
interface EvidenceEvent { what: string, details: Record<string, unknown>, sha256: string }

const today = todayInLima()
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')
const hr: Headers = { authorization: `Bearer ${KEYS.hr}` }
const legal: Headers = { authorization: `Bearer ${KEYS.legal}` }

/** Issues, invites and signs one worker's contract through the worker's page; the contract's id and the signature's answer. */
async function signed (t: Test, app: App, dni: string, headers: Headers = {}): Promise<{ contractId: string, answer: Record<string, unknown>, token: string, hashes: Record<string, string>, session: Headers }> {
  const entryDate = addDays(today, 20)
  const contractId = await issueContract(app, sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6) }), headers)
  const invitation = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] }, headers })
  t.equal(invitation.statusCode, 201, invitation.body)
  const token = String(invitation.json().data.invitations[0].link).split('/').at(-1) as string
  const post = async (step: string, payload: object, extra: Headers = {}) =>
    await app.inject({ method: 'POST', url: `/api/signing/${token}/${step}`, payload, headers: { ...pageOrigin(app), ...extra } })
  t.equal((await post('identity', { dni, birthDate: '15/03/1990' })).statusCode, 200)
  const code = await post('code', { code: latestCode(app) })
  t.equal(code.statusCode, 200, code.body)
  const session = sessionHeader(code)
  const documents = (await app.inject({ method: 'GET', url: `/api/signing/${token}`, headers: session })).json().data.documents as Array<{ kind: string, sha256: string }>
  const hashes = Object.fromEntries(documents.map((document) => [document.kind, document.sha256]))
  for (const kind of Object.keys(hashes)) {
    t.equal((await app.inject({ method: 'GET', url: `/api/signing/${token}/documents/${kind}`, headers: session })).statusCode, 200)
  }
  const sign = await post('sign', { consents: [], documents: hashes }, session)
  t.equal(sign.statusCode, 200, sign.body)
  return { contractId, answer: sign.json().data, token, hashes, session }
}

const receiptOf = async (app: App, contractId: string, headers: Headers = {}) =>
  await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/evidence?format=pdf`, headers })

const evidenceOf = async (app: App, contractId: string, headers: Headers = {}) =>
  (await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/evidence`, headers })).json().data as { chainValid: boolean, events: EvidenceEvent[] }

test('the constancia with the real engine: the evidence in Spanish, sealed and valid for pdfsig and qpdf, made once, for hr and legal only', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const dni = '44200001'
  const entryDate = addDays(today, 20)
  const unsigned = await issueContract(app, sampleEmployee({ dni: '44200002', email: 'w44200002@correo.pe', entryDate, endDate: termEnd(entryDate, 6) }), hr)
  const before = await receiptOf(app, unsigned, hr)
  t.equal(before.statusCode, 404, 'not signed electronically')
  t.equal(before.json().message, SIGNING_MESSAGES.noReceipt)
  t.equal((await receiptOf(app, '00000000-0000-4000-8000-000000000000', hr)).statusCode, 404, 'no such contract')
  const wrongFormat = await app.inject({ method: 'GET', url: `/api/contracts/${unsigned}/evidence?format=xml`, headers: hr })
  t.equal(wrongFormat.statusCode, 400)
  t.match(wrongFormat.json().errors, [{ field: 'querystring.format', message: SIGNING_FIELD_MESSAGES.format }])

  const { contractId, answer, hashes } = await signed(t, app, dni, hr)
  for (const role of ['exports', 'operator'] as const) {
    t.equal((await receiptOf(app, contractId, { authorization: `Bearer ${KEYS[role]}` })).statusCode, 403, `${role} has no access`)
  }
  t.equal((await receiptOf(app, contractId)).statusCode, 401, 'no credentials')

  const first = await receiptOf(app, contractId, legal)
  t.equal(first.statusCode, 200, first.body.slice(0, 300))
  t.equal(first.headers['content-type'], 'application/pdf')
  t.match(first.headers['content-disposition'], `attachment; filename="${dni}-constancia-firma.pdf"`)
  t.equal(first.headers['x-content-sha256'], sha256(first.rawPayload))
  t.equal(first.headers['content-security-policy'], 'sandbox')
  const second = await receiptOf(app, contractId, hr)
  t.equal(second.statusCode, 200)
  t.ok(second.rawPayload.equals(first.rawPayload), 'a repeat GET answers the same bytes: made once, at signing')

  const evidence = await evidenceOf(app, contractId, hr)
  t.equal(evidence.chainValid, true)
  const signing = evidence.events.find((event) => event.what === 'signed') as EvidenceEvent
  const sealedReceipt = evidence.events.find((event) => event.what === 'receipt-sealed') as EvidenceEvent
  t.match(sealedReceipt.details, { kind: 'constancia', sha256: sha256(first.rawPayload), level: 'PAdES-B-B' }, 'the chain records the constancia sealed')
  t.ok(evidence.events.indexOf(sealedReceipt) > evidence.events.indexOf(signing), 'after the signature')
  t.same(evidence.events.filter((event) => event.what === 'downloaded' && event.details.kind === 'constancia').map((event) => event.details.by), ['legal-job', 'hr-job'], 'each read recorded, with who read it')

  const pages = await pdfPages(first.rawPayload)
  t.equal(pages.length, 1, 'one page for an ordinary signature')
  const text = pages.join('\n').replace(/\s+/g, ' ')
  t.match(text, 'Constancia de firma electrónica')
  t.match(text, 'DEMOSTRACIÓN - SIN VALOR LEGAL', 'the codes went to the outbox: a demonstration')
  t.match(text, `DNI ${dni}`)
  t.match(text, 'Rosa María Quispe Mamani')
  t.match(text, 'ESTACIONAMIENTOS DEMO S.A.C.')
  t.match(text, `RUC ${app.employerProfile.ruc}`)
  t.match(text, `Contrato ${contractId}`)
  t.match(text, `Evidencia N.º ${String(answer.evidenceNumber)}`)
  t.match(text, 'w********@c*****.pe', 'the address masked')
  t.notMatch(text, `w${dni}@correo.pe`, 'never the address itself')
  t.match(text, 'Identidad confirmada: DNI y fecha de nacimiento coinciden con el registro')
  t.match(text, 'Código confirmado: sesión de firma abierta')
  const documents = signing.details.documents as Array<{ kind: string, before: string, after: string }>
  t.equal(documents.length, 3)
  for (const document of documents) {
    t.equal(document.before, hashes[document.kind], `${document.kind}: the issued hash the worker signed`)
    t.match(text, `SHA-256 emitido ${document.before}`, `${document.kind}: before`)
    t.match(text, `SHA-256 firmado ${document.after}`, `${document.kind}: after`)
  }
  t.match(text, `SHA-256 del último evento ${signing.sha256}`, 'the chain\'s head: the signed event')
  t.match(text, 'Finalidades opcionales (numeral 7): a) NO (sin respuesta); b) NO (sin respuesta); c) NO (sin respuesta).', 'the notice\'s purposes, none answered')

  // a private NSS database (pdfsig's default one is shared with whatever else runs on the machine)
  const dir = t.testdir({ 'constancia.pdf': first.rawPayload, nss: {} })
  const file = join(dir, 'constancia.pdf')
  execFileSync('certutil', ['-N', '-d', `sql:${join(dir, 'nss')}`, '--empty-password'])
  const report = pdfsig(file, join(dir, 'nss'))
  t.match(report, 'Signature Field Name: Firma del empleador')
  t.match(report, 'Signature Type: ETSI.CAdES.detached')
  t.match(report, 'Total document signed')
  t.match(report, 'Signature Validation: Signature is Valid.')
  t.match(report, 'DEMOSTRACI', 'the demo certificate says so')
  const { signedBytes, cms } = signatureParts(first.rawPayload)
  writeFileSync(join(dir, 'firma.p7s'), cms)
  writeFileSync(join(dir, 'rango.bin'), signedBytes)
  const verify = spawnSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'firma.p7s'),
    '-content', join(dir, 'rango.bin'), '-noverify', '-out', '/dev/null'], { encoding: 'utf8' })
  t.match(verify.stderr, 'CMS Verification successful', 'openssl: the CMS covers the byte range')
  t.equal(spawnSync('qpdf', ['--check', file], { encoding: 'utf8' }).status, 0, 'qpdf finds no error')
  await app.close()

  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) : []
  const reads = lines.filter((line) => line.route === '/api/contracts/:id/evidence' && line.status === 200)
  t.ok(reads.length >= 3, 'the reads audited')
  t.ok(reads.every((line) => JSON.stringify(line.dnis) === JSON.stringify([dni])), 'each names the worker')
})

test('with a fake engine: the constancia is drawn once and sealed, a repeat of the signature draws nothing again', async (t) => {
  const records: Uint8Array[] = []
  const app = await build(t, {}, fakeSealer([], false, records))
  const { contractId, token, hashes, session } = await signed(t, app, '44200003')
  t.equal(records.length, 1, 'drawn once')
  const again = await app.inject({ method: 'POST', url: `/api/signing/${token}/sign`, payload: { consents: [], documents: hashes }, headers: { ...pageOrigin(app), ...session } })
  t.equal(again.statusCode, 200)
  t.equal(records.length, 1, 'a repeat of the signature draws nothing')
  const receipt = await receiptOf(app, contractId)
  t.equal(receipt.statusCode, 200)
  const unsealed = Buffer.from(records[0])
  t.ok(receipt.rawPayload.subarray(0, unsealed.length).equals(unsealed), 'the sealed file begins with the drawn record')
  const sealedReceipt = (await evidenceOf(app, contractId)).events.find((event) => event.what === 'receipt-sealed')
  t.match(sealedReceipt?.details, { unsealedSha256: sha256(unsealed), sha256: sha256(receipt.rawPayload) })
  t.match((await pdfPages(unsealed)).join(' ').replace(/\s+/g, ' '), 'DNI 44200003')
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=constancia` })).statusCode, 400, 'not a document kind of signed.pdf')
})

test('the sealer failing on the constancia: the signature stands, the constancia is made at its first read', async (t) => {
  const records: Uint8Array[] = []
  const failing = { recordTimes: 2 }
  const app = await build(t, {}, fakeSealer([], failing, records))
  const dni = '44200004'
  const entryDate = addDays(today, 20)
  const contractId = await issueContract(app, sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6) }))
  const invitation = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
  const token = String(invitation.json().data.invitations[0].link).split('/').at(-1) as string
  const post = async (step: string, payload: object, extra: Headers = {}) =>
    await app.inject({ method: 'POST', url: `/api/signing/${token}/${step}`, payload, headers: { ...pageOrigin(app), ...extra } })
  t.equal((await post('identity', { dni, birthDate: '15/03/1990' })).statusCode, 200)
  const session = sessionHeader(await post('code', { code: latestCode(app) }))
  const documents = (await app.inject({ method: 'GET', url: `/api/signing/${token}`, headers: session })).json().data.documents as Array<{ kind: string, sha256: string }>
  const signedReply = await post('sign', { consents: [], documents: Object.fromEntries(documents.map((document) => [document.kind, document.sha256])) }, session)
  t.equal(signedReply.statusCode, 200, 'the signature does not wait on the constancia')
  const contract = (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })).json().data.contracts[0]
  t.match(contract, { id: contractId, status: 'signed', signedVia: 'electronic' })
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/signed.pdf?kind=contrato` })).statusCode, 200, 'the sealed documents kept')
  const before = (await evidenceOf(app, contractId)).events
  t.notOk(before.some((event) => event.what === 'receipt-sealed'), 'no constancia yet')

  const stillDown = await receiptOf(app, contractId)
  t.equal(stillDown.statusCode, 503, 'the sealer still down: 503')
  t.ok(Number(stillDown.headers['retry-after']) > 0, 'Retry-After')
  const made = await receiptOf(app, contractId)
  t.equal(made.statusCode, 200, 'made at the first read the sealer answers')
  t.equal(records.length, 1, 'drawn and sealed once')
  const signedEvent = before.find((event) => event.what === 'signed')
  t.match((await pdfPages(records[0])).join(' ').replace(/\s+/g, ''), (signedEvent?.sha256 ?? 'none').slice(0, 16),
    'it prints the chain up to the signed event, however late it is made')
  const after = await evidenceOf(app, contractId)
  t.equal(after.events.filter((event) => event.what === 'receipt-sealed').length, 1, 'one receipt-sealed event')
  t.ok(after.chainValid)
  t.equal((await receiptOf(app, contractId)).statusCode, 200)
  t.equal(records.length, 1, 'a later read draws nothing again')
})
