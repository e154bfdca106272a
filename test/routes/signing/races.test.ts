/**
 * Two instances on one PostgreSQL (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39): wrong codes
 * sent at once to both are counted exactly, and lock at the tenth; each queued mail is sent by one
 * instance though both drain at once; a signature sent to both at once is recorded once (each may
 * seal, outside any transaction; one records under the worker's lock), the other answered as the first.
 */
import { createHash } from 'node:crypto'
import { test } from 'tap'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { build, sampleEmployee } from '../../support/helper.js'
import { startPostgres } from '../../support/postgres.js'
import { fakeSealer, issueContract, latestCode, outboxFiles, pageOrigin, sessionHeader, type SealCall } from '../../support/signing-flow.js'

const today = todayInLima()
const worker = (dni: string) => {
  const entryDate = addDays(today, 20)
  return sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6) })
}

test('two instances: wrong codes counted exactly, each mail sent once, one signature recorded of two at once', async (t) => {
  const postgres = await startPostgres(t)
  const calls: SealCall[] = []
  const a = await build(t, { DATABASE_URL: postgres.url }, fakeSealer(calls))
  t.equal((await a.inject({ method: 'GET', url: '/api/signing/invitations' })).statusCode, 200, 'migrated')
  const b = await build(t, { DATABASE_URL: postgres.url }, fakeSealer(calls))
  const apps = [a, b]

  const tokens: string[] = []
  const contractIds: string[] = []
  for (const dni of ['47100001', '47100002', '47100003', '47100004']) {
    const contractId = await issueContract(a, worker(dni))
    contractIds.push(contractId)
    const invited = await a.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
    t.equal(invited.statusCode, 201, invited.body)
    tokens.push(String(String(invited.json().data.invitations[0].link).split('/').at(-1)))
  }
  await Promise.all([a.signingMail.drain(), b.signingMail.drain(), a.signingMail.drain(), b.signingMail.drain()])
  // both instances write the test's one outbox folder
  t.equal(new Set([...outboxFiles(a), ...outboxFiles(b)].map((file) => file.name)).size, 4, 'four invitations, four mails, whichever instance sent them')
  const listed = (await b.inject({ method: 'GET', url: '/api/signing/invitations?status=sent' })).json().data.invitations
  t.equal(listed.length, 4)

  const post = async (index: number, token: string, step: string, payload: object, headers: Record<string, string> = {}) => {
    const app = apps[index % 2]
    return await app.inject({ method: 'POST', url: `/api/signing/${token}/${step}`, payload, headers: { ...pageOrigin(app), ...headers } })
  }
  t.equal((await post(0, tokens[0], 'identity', { dni: '47100001', birthDate: '15/03/1990' })).statusCode, 200)
  const right = latestCode(a)
  const wrong = right === '000000' ? '111111' : '000000'
  const replies = await Promise.all(Array.from({ length: 14 }, async (_, index) => await post(index, tokens[0], 'code', { code: wrong })))
  const statuses = replies.map((reply) => reply.statusCode)
  t.equal(statuses.filter((status) => status === 401).length, 9, 'nine wrong answers across both instances')
  t.equal(statuses.filter((status) => status === 423).length, 5, 'the tenth locks, wherever it arrived')

  t.equal((await post(1, tokens[1], 'identity', { dni: '47100002', birthDate: '15/03/1990' })).statusCode, 200)
  const opened = await post(1, tokens[1], 'code', { code: latestCode(b) })
  t.equal(opened.statusCode, 200)
  const headers = sessionHeader(opened)
  const documents = (await a.inject({ method: 'GET', url: `/api/signing/${tokens[1]}`, headers })).json().data.documents as Array<{ kind: string, sha256: string }>
  const hashes = Object.fromEntries(documents.map((document) => [document.kind, document.sha256]))
  const [first, second] = await Promise.all([0, 1].map(async (index) => await post(index, tokens[1], 'sign', { consents: [], documents: hashes }, headers)))
  t.equal(first.statusCode, 200, first.body)
  t.equal(second.statusCode, 200, second.body)
  t.same(first.json().data, second.json().data, `the same answer: ${first.body} ${second.body}`)
  t.ok(calls.length === 3 || calls.length === 6, `each request sealed the three documents at most once (${calls.length})`)
  const kept = await Promise.all(documents.map(async (document) =>
    await b.inject({ method: 'GET', url: `/api/contracts/${contractIds[1]}/signed.pdf?kind=${document.kind}` })))
  t.same(kept.map((reply) => createHash('sha256').update(reply.rawPayload).digest('hex')),
    (first.json().data.documents as Array<{ sha256: string }>).map((document) => document.sha256), 'the files kept are those of the answer both got')
  const signedEvents = (await a.inject({ method: 'GET', url: `/api/contracts/${contractIds[1]}/evidence` })).json().data.events
    .filter((event: { what: string }) => event.what === 'signed')
  t.equal(signedEvents.length, 1, 'one signed event')
})
