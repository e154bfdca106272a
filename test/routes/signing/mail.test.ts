/**
 * The signing flow's mail (docs/signing-flow.md "Mail"; DOCUMENT-REQUIREMENTS §39) through a real
 * SMTP relay (smtp-server): an invitation is `queued` until the relay takes its mail, whose reply is
 * kept; the code goes at once; a relay that is down answers 503 with Retry-After and counts nothing;
 * one sender per mail even when several drain at once. And no token in a log line.
 */
import { test, type Test } from 'tap'
import { Writable } from 'node:stream'
import { SMTPServer } from 'smtp-server'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { SIGNING_PAGE_MESSAGES } from '../../../schemas/messages.js'
import { build, sampleEmployee } from '../../support/helper.js'
import { decodeMail, fakeSealer, issueContract, pageOrigin, sessionHeader } from '../../support/signing-flow.js'

const today = todayInLima()
const worker = (dni: string) => {
  const entryDate = addDays(today, 20)
  return sampleEmployee({ dni, email: `w${dni}@correo.pe`, entryDate, endDate: termEnd(entryDate, 6) })
}

/** A relay on a free port that keeps every message; `down` refuses every recipient. */
async function relay (t: Test) {
  const messages: Array<{ to: string[], raw: string }> = []
  const state = { down: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo (_address, _session, callback) {
      callback(state.down ? Object.assign(new Error('relay down'), { responseCode: 451 }) : undefined)
    },
    onData (stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: decodeMail(Buffer.concat(chunks).toString('latin1')) })
        callback(null, 'queued as TEST123')
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(async () => { await new Promise<void>((resolve) => server.close(() => resolve())) })
  const port = (server.server.address() as { port: number }).port
  return { messages, state, url: `smtp://127.0.0.1:${port}` }
}

test('through the relay: queued until it takes the mail (its reply kept), the code at once, a relay down is a 503 that counts nothing', async (t) => {
  const smtp = await relay(t)
  const app = await build(t, { SMTP_URL: smtp.url, MAIL_FROM: 'RR. HH. <rrhh@empresa-demo.pe>', PUBLIC_URL: 'https://firmas.empresa-demo.pe' }, fakeSealer())
  const contractId = await issueContract(app, worker('45100001'))
  smtp.state.down = true
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
  t.equal(invited.statusCode, 201)
  const invitation = invited.json().data.invitations[0]
  t.equal(invitation.link, null, 'with a relay the link is never returned')
  await app.signingMail.drain()
  const statusOf = async () => (await app.inject({ method: 'GET', url: '/api/signing/invitations' })).json().data.invitations[0].status
  t.equal(await statusOf(), 'queued', 'queued while the relay refuses')
  const [queued] = await app.registry.run(async (registry) => await registry.signing.mails(invitation.id))
  t.match(queued, { kind: 'invitation', status: 'queued', relayReply: null, attempts: 1 })

  smtp.state.down = false
  // the failed one waits its retry: make it due now
  await app.registry.run(async (registry) => { await registry.signing.mailFailed(queued.id, 'test', 0, 86_400_000) })
  // several senders at once: each mail goes once
  await Promise.all([app.signingMail.drain(), app.signingMail.drain(), app.signingMail.drain()])
  t.equal(await statusOf(), 'sent')
  t.equal(smtp.messages.length, 1, 'sent once')
  const [sent] = await app.registry.run(async (registry) => await registry.signing.mails(invitation.id))
  t.match(sent, { status: 'sent', relayReply: /^250 .*queued as TEST123/ }, 'the relay\'s reply kept as proof of sending')
  const mail = smtp.messages[0].raw
  t.same(smtp.messages[0].to, ['w45100001@correo.pe'])
  t.match(mail, 'From: "RR. HH." <rrhh@empresa-demo.pe>')
  const link = /https:\/\/firmas\.empresa-demo\.pe\/firmar\/([A-Za-z0-9_-]{43})/.exec(mail)
  t.ok(link, 'the link in the mail')
  t.notMatch(mail, 'DEMOSTRACIÓN', 'not a demo')
  const token = link?.[1] as string

  // the code: at once, or a 503 with Retry-After that counts nothing
  const origin = pageOrigin(app)
  t.equal(origin.origin, 'https://firmas.empresa-demo.pe')
  smtp.state.down = true
  const down = await app.inject({ method: 'POST', url: `/api/signing/${token}/identity`, payload: { dni: '45100001', birthDate: '15/03/1990' }, headers: origin })
  t.equal(down.statusCode, 503)
  t.equal(down.json().message, SIGNING_PAGE_MESSAGES.mailDown)
  t.ok(Number(down.headers['retry-after']) > 0, 'Retry-After')
  smtp.state.down = false
  const resend = await app.inject({ method: 'POST', url: `/api/signing/${token}/code`, payload: { resend: true }, headers: origin })
  t.equal(resend.statusCode, 200, 'nothing was counted: no minute to wait')
  const codeMail = smtp.messages.at(-1)?.raw ?? ''
  t.match(codeMail, 'No lo comparta con nadie, tampoco con Recursos Humanos')
  const code = /Su código es: (\d{6})/.exec(codeMail)?.[1] as string
  const opened = await app.inject({ method: 'POST', url: `/api/signing/${token}/code`, payload: { code }, headers: origin })
  t.equal(opened.statusCode, 200)
  t.match(sessionHeader(opened).cookie, /^__Host-firma=.{43}$/)
  const evidence = (await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/evidence` })).json().data
  t.equal(evidence.events.filter((event: { what: string }) => event.what === 'code-sent').length, 1, 'one code counted')
  t.equal(evidence.chainValid, true)
})

test('production refuses the demo (no SMTP_URL) and invitations without AUTH_MODE=oidc', async (t) => {
  const app = await build(t, { NODE_ENV: 'production' }, fakeSealer())
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: ['00000000-0000-4000-8000-000000000000'] } })
  t.equal(invited.statusCode, 409)
})

test('no token in a log line: /firmar/[redacted] and /api/signing/[redacted]', async (t) => {
  const lines: string[] = []
  const stream = new Writable({ write (chunk: Buffer, _encoding, callback) { lines.push(chunk.toString()); callback() } })
  const { buildApp } = await import('../../../app/app.js')
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), DATA_DIR: 'memory://', SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, REGISTRY_QUERY_TIMEOUT_MS: 60_000 },
    logger: { level: 'info', stream },
    extend: fakeSealer()
  })
  t.teardown(() => app.close())
  const contractId = await issueContract(app, worker('45100002'))
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
  const token = String(invited.json().data.invitations[0].link).split('/').at(-1) as string
  await app.inject({ method: 'GET', url: `/firmar/${token}` })
  await app.inject({ method: 'GET', url: `/api/signing/${token}` })
  await app.inject({ method: 'POST', url: `/api/signing/${token}/identity`, payload: { dni: '45100002', birthDate: '01/01/1990' }, headers: pageOrigin(app) })
  await app.signingMail.drain()
  const log = lines.join('')
  t.notMatch(log, token, 'the token never logged')
  t.match(log, '"url":"/firmar/[redacted]"')
  t.match(log, '"url":"/api/signing/[redacted]/identity"')
  t.match(log, '"url":"/api/signing/invitations"', 'the invitations route is no token')
})
