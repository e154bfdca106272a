/**
 * SIGN50 (bench/run.ts, bench/smoke.ts): workers signing their contracts at once, through HTTP, on a
 * server the bench started, as a phone would (docs/signing-flow.md). HR issues their contracts
 * (`POST /api/contracts/download-zip`) and invites them (`POST /api/signing/invitations`); then every
 * worker at once: the state, the identity, the code read from the newest `.eml` of the demo outbox
 * (no SMTP_URL: `DATA_DIR/outbox/`) addressed to them, the code (the `__Host-firma` cookie), each
 * document, and the signature with the hashes HR issued, sealed by the demo certificate.
 *
 * Every answer is checked (status, the three documents' SHA-256 against the issued ones, the signed
 * answer), so a rule that refuses the bench's workers fails `npm run bench:smoke` naming the step.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { request } from 'node:http'
import { decodeMail } from '../test/support/signing-flow.js'
import { OPTIONAL_PURPOSES } from '../src/documents/optional-purposes.js'
import type { RunningServer } from './lib.js'

/**
 * The server SIGN50 needs beyond the bench's own: outside production, where invitations need OIDC, an
 * SMTP relay and PUBLIC_URL, and the demo certificate may not seal (docs/signing-flow.md, "Mail").
 */
export const SIGN_SERVER_ENV: Record<string, string> = { NODE_ENV: 'development' }

/** The documents a contract's invitation signs. */
const KINDS = ['contrato', 'tratamiento-datos', 'anexo'] as const

/** One worker's signing, timed: the whole of it and the sign POST alone (ms). */
export interface WorkerSigning { dni: string, totalMs: number, signMs: number }

/** What a round gives: each worker's timings, the round's wall (ms) and what went wrong. */
export interface SigningRound { workers: WorkerSigning[], wallMs: number, problems: string[] }

interface Answer { status: number, headers: Record<string, string | string[] | undefined>, body: Buffer }

/** One HTTP request (JSON in and out, headers as given): the answer buffered. */
async function call (url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return await new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
    const sent = request(`${url}${path}`, {
      method,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': payload.length }) }
    }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => { resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }) })
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(payload)
  })
}

/** The answer's `data`, or an error naming the step, its status and the start of its body. */
function data (step: string, answer: Answer, status = 200): Record<string, unknown> {
  if (answer.status !== status) throw new Error(`${step}: ${answer.status} ${answer.body.subarray(0, 300).toString()}`)
  return (JSON.parse(answer.body.toString()) as { data: Record<string, unknown> }).data
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** An invited worker: what the page learns from the link, and what the worker knows. */
interface Invited { invitationId: string, token: string, dni: string, birthDate: string, email: string }

/**
 * Issues the workers' contracts and invites them all in one request (HR's side, untimed).
 * @param employees records with `dni`, `birthDate` (DD/MM/YYYY) and `email` not of the employer's domains
 * @throws naming the step that did not answer as expected
 */
export async function inviteWorkers (server: RunningServer, employees: ReadonlyArray<Record<string, unknown>>): Promise<Invited[]> {
  const zip = await call(server.url, 'POST', '/api/contracts/download-zip', employees)
  if (zip.status !== 200) throw new Error(`download-zip: ${zip.status} ${zip.body.subarray(0, 300).toString()}`)
  const wanted = new Map(employees.map((employee) => [String(employee.dni), employee]))
  const contractIds = new Map<string, string>()
  let cursor: string | undefined
  do {
    const page = data('GET /api/contracts', await call(server.url, 'GET', `/api/contracts?status=issued&limit=200${cursor === undefined ? '' : `&cursor=${cursor}`}`))
    for (const contract of page.contracts as Array<{ id: string, dni: string }>) {
      if (wanted.has(contract.dni)) contractIds.set(contract.dni, contract.id)
    }
    cursor = (page.nextCursor ?? undefined) as string | undefined
  } while (cursor !== undefined && contractIds.size < wanted.size)
  if (contractIds.size !== wanted.size) throw new Error(`${contractIds.size} issued contracts found, ${wanted.size} expected`)
  const invited = data('POST /api/signing/invitations', await call(server.url, 'POST', '/api/signing/invitations',
    { contractIds: [...contractIds.values()] }), 201)
  const dniOf = new Map([...contractIds].map(([dni, id]) => [id, dni]))
  return (invited.invitations as Array<{ id: string, contractId: string, link: string | null }>).map((invitation) => {
    if (invitation.link === null) throw new Error('the invitation carries no link: is SMTP_URL set?')
    const employee = wanted.get(dniOf.get(invitation.contractId) ?? '') as Record<string, unknown>
    return {
      invitationId: invitation.id,
      token: invitation.link.split('/').at(-1) as string,
      dni: String(employee.dni),
      birthDate: String(employee.birthDate),
      email: String(employee.email)
    }
  })
}

/**
 * The six-digit code of the newest `.eml` of the demo outbox addressed to `email` (its files are named
 * by the invitation's id first, then the time: src/signing/flow/mail.ts).
 * @throws when there is none
 */
async function codeFromOutbox (outbox: string, invitationId: string, email: string): Promise<string> {
  const names = (await readdir(outbox)).filter((name) => name.startsWith(`${invitationId}-`))
    .sort((a, b) => Number(b.split('-').at(-2)) - Number(a.split('-').at(-2)))
  for (const name of names) {
    const mail = decodeMail(await readFile(join(outbox, name), 'latin1'))
    const code = /Su código es: (\d{6})/.exec(mail)?.[1]
    if (code !== undefined && new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\\r?$`, 'mi').test(mail)) return code
  }
  throw new Error(`no code mailed to ${email} in ${outbox}`)
}

/**
 * One worker's whole signing on the page's API, timed; answers the first two purposes (SÍ to one,
 * NO to the other) and leaves the third unanswered.
 * @throws naming the step that did not answer as expected
 */
async function signAsWorker (server: RunningServer, outbox: string, worker: Invited): Promise<WorkerSigning> {
  const origin = { origin: new URL(`http://localhost:${server.port}`).origin }
  const api = `/api/signing/${worker.token}`
  const started = performance.now()
  const state = data('state', await call(server.url, 'GET', api))
  if ((state.purposes as unknown[]).length !== OPTIONAL_PURPOSES.length) throw new Error(`state: ${(state.purposes as unknown[]).length} purposes`)
  data('identity', await call(server.url, 'POST', `${api}/identity`, { dni: worker.dni, birthDate: worker.birthDate }, origin))
  const code = await codeFromOutbox(outbox, worker.invitationId, worker.email)
  const opened = await call(server.url, 'POST', `${api}/code`, { code }, origin)
  data('code', opened)
  const cookie = String(opened.headers['set-cookie'] ?? '').split(';')[0]
  if (!cookie.startsWith('__Host-firma=')) throw new Error('code: no session cookie')
  const session = { ...origin, cookie }
  const documents = data('state (session)', await call(server.url, 'GET', api, undefined, session)).documents as Array<{ kind: string, sha256: string }>
  if (documents.map((document) => document.kind).join() !== KINDS.join()) throw new Error(`state: documents ${documents.map((document) => document.kind).join()}`)
  for (const document of documents) {
    const pdf = await call(server.url, 'GET', `${api}/documents/${document.kind}`, undefined, session)
    if (pdf.status !== 200 || sha256(pdf.body) !== document.sha256) throw new Error(`${document.kind}: ${pdf.status}, not the issued bytes`)
  }
  const hashes = Object.fromEntries(documents.map((document) => [document.kind, document.sha256]))
  const consents = [{ purpose: OPTIONAL_PURPOSES[0].id, accepted: true }, { purpose: OPTIONAL_PURPOSES[1].id, accepted: false }]
  const signStarted = performance.now()
  const signed = data('sign', await call(server.url, 'POST', `${api}/sign`, { consents, documents: hashes }, session))
  const done = performance.now()
  const sealed = signed.documents as Array<{ kind: string, issuedSha256: string, sha256: string }>
  if (signed.signed !== true || sealed.length !== KINDS.length || sealed.some((document) => document.issuedSha256 !== hashes[document.kind] || document.sha256 === document.issuedSha256)) {
    throw new Error(`sign: ${JSON.stringify(signed).slice(0, 300)}`)
  }
  return { dni: worker.dni, totalMs: done - started, signMs: done - signStarted }
}

/** Issues and invites `employees` (new DNIs for this server), then has every one of them sign at once. */
export async function signingRound (server: RunningServer, employees: ReadonlyArray<Record<string, unknown>>): Promise<SigningRound> {
  const invited = await inviteWorkers(server, employees)
  const outbox = join(server.dataDir, 'outbox')
  const started = performance.now()
  const outcomes = await Promise.allSettled(invited.map(async (worker) => await signAsWorker(server, outbox, worker)))
  const wallMs = performance.now() - started
  const workers = outcomes.flatMap((outcome) => outcome.status === 'fulfilled' ? [outcome.value] : [])
  const problems = outcomes.flatMap((outcome, index) => outcome.status === 'rejected' ? [`${invited[index].dni}: ${(outcome.reason as Error).message}`] : [])
  return { workers, wallMs, problems }
}
