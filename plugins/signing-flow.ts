/**
 * `app.signingFlow`: the worker's electronic signature as the routes call it (docs/signing-flow.md;
 * DOCUMENT-REQUIREMENTS §39). HR's invitations (each contract's issued documents rendered again from
 * the record the registry holds and checked against the SHA-256 recorded at issue, so the worker signs
 * exactly what was issued), the worker's steps through the invitation's token (identity, one-time
 * code, the `__Host-firma` session, the documents, sign or decline), the evidence and the signed
 * files. The state and its locks are src/registry/signing.ts's, the rules src/signing/flow/rules.ts's;
 * the sealing engine is `app.sealer` (src/signing/types.ts), decorated by its own plugin.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { AppError, MailUnavailableError, RequestValidationError, ServiceBusyError, type ErrorCode } from '../src/errors.js'
import { REGISTRY_MESSAGES, SIGNING_MAIL, SIGNING_MESSAGES, SIGNING_PAGE_MESSAGES } from '../schemas/messages.js'
import {
  RECEIPT_KIND, SigningRefusal, type EmailChange, type EvidenceEvent, type InvitationSubject, type TokenInvitation
} from '../src/registry/signing.js'
import type { DeclineChoice } from '../src/registry/signing-tables.js'
import { notInvitable } from '../src/registry/contract-rules.js'
import type { RegistryDb } from '../src/registry/tables.js'
import { isoDate } from '../src/registry/tables.js'
import {
  addressRecentlyChanged, domainOf, employerDomains, invitationExpiry, maskEmail, newCode, newSecret,
  sha256Hex, typedBirthDate
} from '../src/signing/flow/rules.js'
import type { ConsentAnswer, DocumentSealer, SignedDocumentKind } from '../src/signing/types.js'
import { OPTIONAL_PURPOSES, type OptionalPurpose } from '../src/documents/optional-purposes.js'
import { drawReceipt, type ReceiptStep } from '../src/signing/receipt.js'
import { todayInLima } from '../src/vocabulary/dates.js'
import type { ImportedEmployee } from '../schemas/employee.js'
import type { AddendumRequest } from '../schemas/addendum.js'

/** The worker's session cookie (§39): host-only, Secure, HttpOnly, SameSite=Strict. */
export const SESSION_COOKIE = '__Host-firma'

/** Who and where a step comes from, read once from the request. */
export interface StepRequest {
  ip: string
  userAgent: string
  requestId: string
  /** The identity's subject (AUTH_MODE=oidc), for HR's steps. */
  by?: string
  /** The session id of the `__Host-firma` cookie, when it is well formed. */
  session?: string
  origin?: string
}

/** A file answered as a download. */
export interface SigningFile { bytes: Uint8Array, sha256: string, dni: string }

/** The routes' view of the flow. */
export interface SigningFlow {
  /** The step's context from the request (cookie, Origin, address, agent). */
  context: (request: FastifyRequest) => StepRequest
  /** `Set-Cookie` of a new session, or of its end (`undefined`). */
  sessionCookie: (id: string | undefined) => string
  setEmail: (dni: string, email: string, step: StepRequest) => Promise<{ dni: string, email: string, changes: Array<Omit<EmailChange, 'setAt'> & { setAt: string }> }>
  /** @param audit called with each contract's worker, refused ones included */
  invite: (contractIds: readonly string[], step: StepRequest, audit: (dnis: string[]) => void) => Promise<unknown[]>
  list: (status: string | undefined) => Promise<Array<{ dni: string } & Record<string, unknown>>>
  revoke: (id: string, step: StepRequest) => Promise<{ dni: string }>
  /** HR's resend of the signed copy's mail (queued). @throws AppError 404, 409 (not signed) */
  resendCopy: (id: string, step: StepRequest) => Promise<{ dni: string }>
  state: (token: string, step: StepRequest) => Promise<Record<string, unknown>>
  identity: (token: string, body: { dni: string, birthDate: string }, step: StepRequest) => Promise<{
    email: string,
    codeSent: boolean
  }>
  /** @returns the answer, and the new session's id when the code opened one */
  code: (token: string, body: { code?: string }, step: StepRequest) => Promise<{
    session?: string,
    data: { session: boolean, codeSent: boolean }
  }>
  document: (token: string, kind: string, step: StepRequest) => Promise<SigningFile>
  sign: (token: string, body: {
    consents: Array<{ purpose: string, accepted: boolean }>,
    documents: Record<string, string>
  }, step: StepRequest) => Promise<Record<string, unknown>>
  signedCopy: (token: string, kind: string, step: StepRequest) => Promise<SigningFile>
  decline: (token: string, body: { choice: DeclineChoice, reason?: string }, step: StepRequest) => Promise<{ status: 'declined', choice: DeclineChoice }>
  evidence: (contractId: string) => Promise<{ dni: string, data: Record<string, unknown> }>
  signedPdf: (contractId: string, kind: string, step: StepRequest) => Promise<SigningFile>
  /**
   * The constancia de firma electrónica of a contract or adenda, as sealed once at signing; each read a `downloaded`
   * event. @throws AppError 404 (unknown contract, or not signed electronically)
   */
  receipt: (contractId: string, step: StepRequest) => Promise<SigningFile>
}

declare module 'fastify' {
  interface FastifyInstance {
    signingFlow: SigningFlow
  }
}

/** The session id a Cookie header carries, or undefined. */
export function sessionFromCookie (header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) {
      const value = pair.slice(at + 1).trim()
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined
    }
  }
  return undefined
}

/** A SigningRefusal as the worker's answer. */
export function refusalError (refusal: SigningRefusal): AppError {
  const answer = (status: number, message: string, code: ErrorCode, data: Record<string, unknown> | null = null,
    retryAfter?: number) => {
    const error = new AppError(status, message, { code, data })
    if (retryAfter !== undefined) Object.assign(error, { retryAfterSeconds: retryAfter })
    return error
  }
  const left = { left: refusal.detail.left }
  switch (refusal.reason) {
    case 'notFound': return answer(404, SIGNING_PAGE_MESSAGES.notFound, 'CONTRATOS_SIGNING_NOT_FOUND')
    case 'expired': return answer(410, SIGNING_PAGE_MESSAGES.expired, 'CONTRATOS_SIGNING_GONE', { status: 'expired' })
    case 'revoked': return answer(410, SIGNING_PAGE_MESSAGES.revoked, 'CONTRATOS_SIGNING_GONE', { status: 'revoked' })
    case 'finished': return answer(410, SIGNING_PAGE_MESSAGES.finished, 'CONTRATOS_SIGNING_GONE', { status: String(refusal.detail.status) })
    case 'locked': return answer(423, SIGNING_PAGE_MESSAGES.locked, 'CONTRATOS_SIGNING_LOCKED')
    case 'wrongIdentity': return answer(401, SIGNING_PAGE_MESSAGES.wrongIdentity, 'CONTRATOS_SIGNING_REFUSED', left)
    case 'wrongCode': return answer(401, SIGNING_PAGE_MESSAGES.wrongCode, 'CONTRATOS_SIGNING_REFUSED', left)
    case 'noCode': return answer(401, SIGNING_PAGE_MESSAGES.noCode, 'CONTRATOS_SIGNING_REFUSED', left)
    case 'noIdentity': return answer(409, SIGNING_PAGE_MESSAGES.noIdentity, 'CONTRATOS_SIGNING_CONFLICT')
    case 'session': return answer(403, SIGNING_PAGE_MESSAGES.session, 'CONTRATOS_SIGNING_REFUSED')
    case 'hashes': return answer(409, SIGNING_PAGE_MESSAGES.hashes, 'CONTRATOS_SIGNING_CONFLICT')
    case 'notIssued': return answer(409, SIGNING_PAGE_MESSAGES.notIssued, 'CONTRATOS_SIGNING_CONFLICT', { status: String(refusal.detail.status) })
    case 'codesPerDay': return answer(429, SIGNING_PAGE_MESSAGES.codesPerDay, 'CONTRATOS_SIGNING_LIMIT', null, 3600)
    case 'codeTooSoon': {
      const seconds = Number(refusal.detail.retryAfter)
      return answer(429, SIGNING_PAGE_MESSAGES.codeTooSoon(seconds), 'CONTRATOS_SIGNING_LIMIT', null, seconds)
    }
  }
}

/** Runs a step, its SigningRefusal answered as such. */
async function step<T> (work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof SigningRefusal) throw refusalError(error)
    throw error
  }
}

/**
 * A repeat of /sign found under the lock: carries the first answer out of the rolled-back
 * transaction (an AppError, so `app.registry.run` passes it on rather than reading a fault of the
 * database); caught by sign() and never answered as an error.
 */
class FirstAnswer extends AppError {
  readonly answer: unknown
  constructor (answer: unknown) {
    super(200, 'repeat')
    this.answer = answer
  }
}

/** The worker's name as the stamp and the constancia print it: names, then both last names. */
function workerName (subject: InvitationSubject): string {
  return [subject.worker.names, subject.worker.lastNameFather, subject.worker.lastNameMother].filter((part) => part !== '').join(' ')
}

/** An evidence event as the constancia lists it: its time, and the details it prints (the address masked). */
function receiptStep (event: EvidenceEvent): ReceiptStep {
  const details = event.details
  const text = (value: unknown) => typeof value === 'string' ? value : undefined
  const to = text(details.to)
  return {
    what: event.what,
    at: new Date(event.at),
    details: {
      kind: text(details.kind),
      failures: typeof details.failures === 'number' ? details.failures : undefined,
      to: to === undefined ? undefined : maskEmail(to),
      ip: text(details.ip)
    }
  }
}

/**
 * A 409 of an invitation HR cannot send, naming the contract; `address` when the worker's address is
 * the reason (none, the employer's, another worker's), which a new address (`PUT /api/workers/{dni}/email`) fixes.
 */
const cannotInvite = (message: string, contractId: string, address = false) =>
  new AppError(409, message, { code: 'CONTRATOS_SIGNING_CONFLICT', data: address ? { contractId, address } : { contractId } })

/** The optional purposes a worker is asked (the data notice's numeral 7), none for an adenda alone. */
function purposesOf (invitation: { documents: ReadonlyArray<{ kind: string }> }): readonly OptionalPurpose[] {
  return invitation.documents.some((document) => document.kind === 'tratamiento-datos') ? OPTIONAL_PURPOSES : []
}

/**
 * The worker's answers as the notice's purposes, in its order: each purpose once, an unanswered one
 * recorded as such and never as a consent (Ley 29733 art. 13.5: consent is express; DOCUMENT-REQUIREMENTS §6).
 * @throws RequestValidationError 400 for a purpose the notice does not print, or one answered twice
 */
export function consentAnswers (purposes: readonly OptionalPurpose[],
  answers: ReadonlyArray<{ purpose: string, accepted: boolean }>): ConsentAnswer[] {
  answers.forEach((answer, index) => {
    const field = `body.consents.${index}.purpose`
    if (!purposes.some((purpose) => purpose.id === answer.purpose)) {
      throw new RequestValidationError(SIGNING_PAGE_MESSAGES.unknownPurpose,
        [{ field, message: SIGNING_PAGE_MESSAGES.unknownPurpose }])
    }
    if (answers.findIndex((other) => other.purpose === answer.purpose) !== index) {
      throw new RequestValidationError(SIGNING_PAGE_MESSAGES.repeatedPurpose,
        [{ field, message: SIGNING_PAGE_MESSAGES.repeatedPurpose }])
    }
  })
  return purposes.map((purpose) => {
    const answer = answers.find((candidate) => candidate.purpose === purpose.id)
    const { id, letter, text } = purpose
    return { purpose: id, letter, text, answered: answer !== undefined, accepted: answer?.accepted === true }
  })
}

export default fp(async (app) => {
  const sealer = (): DocumentSealer | undefined => (app as unknown as { sealer?: DocumentSealer }).sealer
  const run = app.registry.run
  const signing = async <T>(work: (store: import('../src/registry/signing.js').SigningStore) => Promise<T>): Promise<T> =>
    await run(async (registry) => await step(async () => await work(registry.signing)))

  /** The POSTs of the worker's page come from the service's own origin (§39): a page elsewhere cannot drive them. */
  const checkOrigin = (context: StepRequest): void => {
    if (context.origin !== new URL(app.signingMail.publicUrl).origin) {
      throw new AppError(403, SIGNING_PAGE_MESSAGES.origin, { code: 'CONTRATOS_SIGNING_REFUSED' })
    }
  }
  const hashOf = (value: string | undefined) => value === undefined ? undefined : sha256Hex(value)

  /**
   * The issued documents of a contract or adenda, rendered again from the record the registry holds
   * with the codes it printed, and checked against the SHA-256 recorded at issue.
   * @throws AppError 409 when a document was never recorded with its hash, or renders otherwise now
   */
  async function issuedDocuments (subject: InvitationSubject): Promise<Array<{
    kind: string,
    code: string,
    bytes: Uint8Array,
    sha256: string
  }>> {
    if (subject.documents.length === 0 || subject.documents.some((document) => document.sha256 === null)) {
      throw cannotInvite(SIGNING_MESSAGES.notRecorded, subject.id)
    }
    let rendered: Uint8Array[]
    if (subject.kind === 'contract') {
      const record = { ...subject.record, signingDate: subject.signingDate } as unknown as ImportedEmployee
      const codes = subject.documents.map((document) => document.code) as unknown as readonly [string, string, string]
      const [parts] = await app.pdfPool.documentsBatch([record], [codes])
      if (parts instanceof Error) throw cannotInvite(SIGNING_MESSAGES.renderedDiffers, subject.id)
      rendered = [parts.contract, parts.consent, parts.annex]
        .map((document) => new Uint8Array(Buffer.concat(document.parts.map((part) => Buffer.from(part)))))
    } else {
      const { pdf } = await app.pdfPool.issuedAddendum(subject.record as unknown as AddendumRequest,
        subject.signingDate, subject.documents[0].code)
      rendered = [pdf]
    }
    return subject.documents.map((document, index) => {
      const bytes = rendered[index]
      const sha256 = bytes === undefined ? '' : sha256Hex(bytes)
      if (sha256 !== document.sha256) throw cannotInvite(SIGNING_MESSAGES.renderedDiffers, subject.id)
      return { kind: document.kind, code: document.code, bytes, sha256 }
    })
  }

  /**
   * What an invitation needs, checked (§39): the contract invitable, the address the worker's own. @throws AppError
   * 404, 409
   */
  async function plan (contractId: string, audit: (dnis: string[]) => void, domains: Set<string>) {
    const subject = await run(async (registry) => await registry.signing.subject(contractId))
    if (subject === undefined) throw new AppError(404, SIGNING_MESSAGES.contractNotFound(contractId), { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    audit([subject.dni])
    const why = notInvitable(subject, todayInLima())
    if (why === 'status') throw cannotInvite(SIGNING_MESSAGES.notIssued(subject.status), contractId)
    if (why === 'started') throw cannotInvite(SIGNING_MESSAGES.started(subject.entryDate), contractId)
    if (why === 'contractEnded') throw cannotInvite(SIGNING_MESSAGES.contractEnded(subject.entryDate), contractId)
    const changes = await run(async (registry) => await registry.signing.emailChanges(subject.dni))
    const uploadEmail = typeof subject.record.email === 'string' && subject.record.email.includes('@') ? subject.record.email.trim() : undefined
    const latest = changes.at(-1)
    // the latest address: a PUT after the issue, else the upload's (CORREO) of this contract's record
    const putAfterIssue = latest !== undefined &&
      (uploadEmail === undefined || latest.setAt.getTime() >= subject.issuedAt.getTime())
    const email = putAfterIssue ? latest.email : uploadEmail
    if (email === undefined) throw cannotInvite(SIGNING_MESSAGES.noEmail(subject.dni), contractId, true)
    if (domains.has(domainOf(email))) {
      throw cannotInvite(SIGNING_MESSAGES.employerDomain(domainOf(email)), contractId, true)
    }
    if (await run(async (registry) => await registry.signing.addressOfAnother(email, subject.dni))) {
      throw cannotInvite(SIGNING_MESSAGES.anotherWorker, contractId, true)
    }
    if (subject.worker.birthDate === null) throw cannotInvite(SIGNING_MESSAGES.noBirthDate(subject.dni), contractId)
    return { subject, email, uploadEmail, documents: await issuedDocuments(subject) }
  }

  async function invite (contractIds: readonly string[], context: StepRequest,
    audit: (dnis: string[]) => void): Promise<unknown[]> {
    const mail = app.signingMail
    if (app.config.NODE_ENV === 'production' && (app.config.authMode !== 'oidc' || mail.demo || app.config.PUBLIC_URL === undefined)) {
      throw new AppError(409, SIGNING_MESSAGES.productionNeeds, { code: 'CONTRATOS_SIGNING_CONFLICT' })
    }
    const domains = employerDomains(app.config.MAIL_FROM, app.employerProfile as never)
    // every contract checked before any invitation is made: a refusal records nothing
    const planned = []
    for (const contractId of contractIds) planned.push(await plan(contractId, audit, domains))
    const employer = app.employerProfile.legalName
    const invitations = []
    for (const { subject, email, uploadEmail, documents } of planned) {
      const token = newSecret()
      const link = `${mail.publicUrl}/firmar/${token}`
      const expiresAt = invitationExpiry(new Date(), subject.kind, subject.entryDate,
        app.config.SIGNING_INVITATION_DAYS)
      const created = await signing(async (store) => await store.createInvitation({
        subject,
        email,
        uploadEmail,
        tokenSha256: sha256Hex(token),
        expiresAt,
        demo: mail.demo,
        addressRecentlyChanged: (changes) => addressRecentlyChanged(changes, context.by, new Date()),
        documents,
        mail: {
          to: email,
          subject: SIGNING_MAIL.invitationSubject(employer),
          text: SIGNING_MAIL.invitationText(employer, link, mail.demo)
        },
        context
      }))
      invitations.push({
        id: created.id,
        contractId: subject.id,
        dni: subject.dni,
        email: maskEmail(email),
        expiresAt: expiresAt.toISOString(),
        link: mail.demo ? link : null,
        addressRecentlyChanged: created.addressRecentlyChanged
      })
    }
    // the queue is sent at once when it can be (the sender also runs every few seconds)
    mail.kick()
    return invitations
  }

  const invitationOf = async (token: string): Promise<TokenInvitation> => {
    const found = await run(async (registry) => await registry.signing.byToken(sha256Hex(token)))
    if (found === undefined) throw refusalError(new SigningRefusal('notFound'))
    return found
  }

  /**
   * Sends a new code (limits checked, then recorded once the relay took it). @throws MailUnavailableError (503,
   * nothing counted), AppError
   */
  async function sendCode (token: string, context: StepRequest): Promise<void> {
    const tokenSha256 = sha256Hex(token)
    const invitation = await signing(async (store) => await store.codeAllowed(tokenSha256))
    const code = newCode()
    let relayReply: string
    try {
      relayReply = await app.signingMail.send({
        to: invitation.email,
        subject: SIGNING_MAIL.codeSubject,
        text: SIGNING_MAIL.codeText(code,
          invitation.demo),
        tag: invitation.id
      })
    } catch (error) {
      app.log.warn({ err: error }, 'signing: the relay did not take the code\'s mail')
      throw new MailUnavailableError(SIGNING_PAGE_MESSAGES.mailDown, error)
    }
    await signing(async (store) => { await store.recordCode(tokenSha256, sha256Hex(code), { ...context, relayReply }) })
  }

  /**
   * The worker signs (§39 item 3), in three parts so that no transaction waits on the sealer or its
   * time-stamp authority: a read (SigningStore.signable: still open, the session live, the issued
   * hashes), the three documents sealed at once outside the registry, then one transaction under the
   * worker's lock (markSigned → signUnderLock) that checks again and records. The constancia follows
   * (makeReceipt). A repeat, found in the read or under the lock, gets the first answer.
   * @throws AppError (409, 410, 423 from SigningRefusal), ServiceBusyError (503: no sealer, a seal failed)
   */
  async function sign (token: string, body: {
    consents: Array<{ purpose: string, accepted: boolean }>,
    documents: Record<string, string>
  }, context: StepRequest) {
    checkOrigin(context)
    const found = await invitationOf(token)
    if (found.status === 'signed' && found.answer !== null) return found.answer as Record<string, unknown>
    const consents = consentAnswers(purposesOf(found), body.consents)
    const engine = sealer()
    if (engine === undefined) throw new ServiceBusyError()
    const key = { tokenSha256: sha256Hex(token), sessionSha256: hashOf(context.session), documents: body.documents }
    const plan = await signing(async (store) => await store.signable(key, found))
    if ('repeat' in plan) return plan.repeat as Record<string, unknown>
    const { invitation, issued, evidenceNumber } = plan
    const subject = await run(async (registry) => await registry.signing.subject(found.contractId)) as InvitationSubject
    const name = workerName(subject)
    const signedAt = new Date()
    const sealed = await Promise.all(issued.map(async (document) => {
      const evidence = {
        evidenceNumber,
        contractId: invitation.contractId,
        invitationId: invitation.id,
        document: { kind: document.kind, code: document.code, issuedSha256: document.sha256 },
        identity: 'dni-y-fecha-de-nacimiento',
        oneTimeCode: { to: maskEmail(invitation.email) },
        signedAt: signedAt.toISOString(),
        ip: context.ip,
        userAgent: context.userAgent,
        demo: invitation.demo
      }
      try {
        const result = await engine.seal(document.bytes, document.kind as SignedDocumentKind, {
          name,
          dni: invitation.dni,
          signedAt,
          evidenceNumber,
          printedSigningDate: isoDate(subject.signingDate),
          consents: document.kind === 'tratamiento-datos' ? consents : undefined,
          evidence
        })
        const { bytes, sha256, level, certificate } = result
        return { kind: document.kind, bytes, sha256, issuedSha256: document.sha256, level, certificate }
      } catch (error) {
        app.log.warn({ err: error }, 'signing: the sealer failed')
        throw new ServiceBusyError()
      }
    }))
    const files = sealed.map((document) =>
      SIGNING_MAIL.copyLine(document.kind, issued.find((item) => item.kind === document.kind)?.code ?? '', document.sha256))
    let answer: Record<string, unknown> = {
      signed: true,
      contractId: invitation.contractId,
      signedAt: signedAt.toISOString(),
      evidenceNumber,
      demo: invitation.demo,
      documents: sealed.map((document) => ({
        kind: document.kind,
        sha256: document.sha256,
        issuedSha256: document.issuedSha256,
        level: document.level
      }))
    }
    try {
      await run(async (registry) => await step(async () => await registry.markSigned(found.contractId, todayInLima(), {
        via: 'electronic',
        requestId: context.requestId,
        underLock: async (trx: RegistryDb) => {
          const outcome = await registry.signing.signUnderLock(trx, {
            ...key,
            evidenceNumber,
            answer,
            sealed,
            copyMail: {
              to: invitation.email,
              subject: SIGNING_MAIL.copySubject(app.employerProfile.legalName),
              text: SIGNING_MAIL.copyText(files, invitation.demo)
            },
            consents,
            context
          })
          if (outcome.repeat) throw new FirstAnswer(outcome.answer)
          answer = outcome.answer as Record<string, unknown>
        }
      })))
    } catch (error) {
      if (error instanceof FirstAnswer) return error.answer as Record<string, unknown>
      throw error
    }
    app.signingMail.kick()
    // the signature is recorded: a constancia not made now (the sealer or the registry down) is made at its first read
    await makeReceipt(found.contractId).catch((error: unknown) => { app.log.warn({ err: error }, 'signing: the constancia was not made; its first read makes it') })
    return answer
  }

  /**
   * Draws the constancia de firma electrónica of a contract's electronic signature from its evidence
   * (SigningStore.receiptPlan), seals it outside any transaction, and keeps it once (keepReceipt).
   * Nothing to do when the contract was not signed electronically or its constancia is kept.
   * @throws ServiceBusyError (503) when there is no sealer or the seal failed; the registry's errors
   */
  async function makeReceipt (contractId: string): Promise<void> {
    const plan = await run(async (registry) => await registry.signing.receiptPlan(contractId))
    if (plan === undefined) return
    const engine = sealer()
    if (engine === undefined) throw new ServiceBusyError()
    const subject = await run(async (registry) => await registry.signing.subject(contractId)) as InvitationSubject
    const name = workerName(subject)
    const signed = plan.signed.details as {
      evidenceNumber: string,
      ip: string | null,
      userAgent: string | null,
      consents: ConsentAnswer[],
      documents: Array<{ kind: string, before: string, after: string, level: string }>
    }
    const signedAt = new Date(plan.signed.at)
    const drawn = await drawReceipt({
      employer: { legalName: app.employerProfile.legalName, ruc: app.employerProfile.ruc },
      worker: { name, dni: plan.dni },
      contract: { id: contractId, kind: subject.kind },
      evidenceNumber: signed.evidenceNumber,
      signedAt,
      ip: signed.ip ?? '',
      userAgent: signed.userAgent ?? '',
      codeTo: maskEmail(plan.email),
      steps: plan.events.map(receiptStep),
      documents: signed.documents.map((document) => ({ ...document, code: plan.codes[document.kind] ?? '' })),
      consents: signed.consents,
      chainHead: plan.signed.sha256,
      demo: plan.demo
    }, { unicodeFontPath: app.pdfPool.engineData.unicodeFontPath })
    let record
    try {
      record = { ...await engine.sealRecord(drawn), unsealedSha256: sha256Hex(drawn) }
    } catch (error) {
      app.log.warn({ err: error }, 'signing: the sealer failed on the constancia')
      throw new ServiceBusyError()
    }
    await run(async (registry) => await registry.signing.keepReceipt(contractId, plan.invitationId, record, signedAt))
  }

  /**
   * A file the employer sealed for a contract (a signed document, or the constancia: `kind`), its read
   * recorded as a `downloaded` event. @throws AppError 404 for an unknown contract, or `missing` when
   * the registry keeps no such file
   */
  async function keptFile (
    contractId: string, kind: string, missing: string, context: StepRequest
  ): Promise<SigningFile> {
    const dni = await run(async (registry) => await registry.contractWorker(contractId))
    if (dni === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
    const file = await run(async (registry) => await registry.signing.signedDocument(contractId, kind))
    if (file === undefined) throw new AppError(404, missing, { code: 'CONTRATOS_SIGNING_NOT_FOUND', data: { dni } })
    await run(async (registry) => {
      await registry.signing.recordDownload(contractId, null,
        { kind, sha256: file.sha256, signed: true, by: context.by ?? null })
    })
    return { bytes: file.bytes, sha256: file.sha256, dni }
  }

  const flow: SigningFlow = {
    context: (request) => ({
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      requestId: request.id,
      by: request.identity?.subject,
      session: sessionFromCookie(request.headers.cookie),
      origin: request.headers.origin
    }),
    sessionCookie: (id) => id === undefined
      ? `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`
      : `${SESSION_COOKIE}=${id}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=3600`,
    async setEmail (dni, email, context) {
      const changes = await run(async (registry) => await registry.signing.setEmail(dni, email.trim(), context.by,
        context.requestId))
      if (changes === undefined) throw new AppError(404, SIGNING_MESSAGES.workerNotFound(dni), { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
      return {
        dni,
        email: email.trim(),
        changes: changes.map((change) => ({
          ...change,
          setAt: change.setAt.toISOString()
        }))
      }
    },
    invite,
    async list (status) {
      const listed = await run(async (registry) => await registry.signing.listInvitations(status))
      return listed.map((invitation) => ({ ...invitation, email: maskEmail(invitation.email) }))
    },
    async revoke (id, context) {
      const outcome = await run(async (registry) => await registry.signing.revoke(id, context))
      if (outcome === undefined) throw new AppError(404, SIGNING_MESSAGES.invitationNotFound, { code: 'CONTRATOS_SIGNING_NOT_FOUND' })
      if (!outcome.revoked) throw new AppError(409, SIGNING_MESSAGES.notRevoked, { code: 'CONTRATOS_SIGNING_CONFLICT', data: { dni: outcome.dni } })
      return { dni: outcome.dni }
    },
    async resendCopy (id, context) {
      const employer = app.employerProfile.legalName
      const outcome = await run(async (registry) => await registry.signing.queueCopy(id, (_email, files) => ({
        subject: SIGNING_MAIL.copySubject(employer),
        text: SIGNING_MAIL.copyText(
          files.map((file) => SIGNING_MAIL.copyLine(file.kind, file.code, file.sha256)), app.signingMail.demo
        )
      }), context))
      if (outcome === undefined) throw new AppError(404, SIGNING_MESSAGES.invitationNotFound, { code: 'CONTRATOS_SIGNING_NOT_FOUND' })
      if (outcome === 'notSigned') throw new AppError(409, SIGNING_MESSAGES.copyNotSigned, { code: 'CONTRATOS_SIGNING_CONFLICT' })
      app.signingMail.kick()
      return outcome
    },
    async state (token, context) {
      const invitation = await invitationOf(token)
      // read only: a GET changes nothing, not even the session's idle time
      const live = await run(async (registry) => await registry.signing.liveSession(sha256Hex(token),
        hashOf(context.session), undefined, false))
      return {
        status: invitation.status,
        email: maskEmail(invitation.email),
        expiresAt: invitation.expiresAt.toISOString(),
        demo: invitation.demo,
        identified: invitation.identified,
        session: live,
        documents: live ? invitation.documents : invitation.documents.map((document) => ({ kind: document.kind })),
        purposes: purposesOf(invitation).map(({ id, letter, text }) => ({ id, letter, text })),
        answer: invitation.status === 'signed' ? invitation.answer : null
      }
    },
    async identity (token, body, context) {
      checkOrigin(context)
      const dni = body.dni.trim()
      const birthDate = typedBirthDate(body.birthDate)
      const invitation = await signing(async (store) => await store.identify(sha256Hex(token),
        (found) => found.dni === dni && birthDate !== undefined && found.worker.birthDate === birthDate, context))
      await sendCode(token, context)
      return { email: maskEmail(invitation.email), codeSent: true }
    },
    async code (token, body, context) {
      checkOrigin(context)
      if (body.code === undefined) {
        await sendCode(token, context)
        return { data: { session: false, codeSent: true } }
      }
      const session = newSecret()
      const code = body.code
      await signing(async (store) => {
        await store.checkCode(sha256Hex(token), sha256Hex(code), sha256Hex(session),
          context)
      })
      return { session, data: { session: true, codeSent: false } }
    },
    async document (token, kind, context) {
      const invitation = await invitationOf(token)
      const live = await run(async (registry) => await registry.signing.liveSession(sha256Hex(token),
        hashOf(context.session)))
      if (!live) throw refusalError(new SigningRefusal('session'))
      const document = await run(async (registry) => await registry.signing.issuedDocument(invitation.id, kind))
      if (document === undefined) throw new AppError(404, SIGNING_PAGE_MESSAGES.documentNotFound, { code: 'CONTRATOS_SIGNING_NOT_FOUND' })
      await run(async (registry) => { await registry.signing.recordDownload(invitation.contractId, invitation.id, { kind, sha256: document.sha256, signed: false, by: 'worker', ip: context.ip }) })
      return { bytes: document.bytes, sha256: document.sha256, dni: invitation.dni }
    },
    sign,
    async signedCopy (token, kind, context) {
      const invitation = await invitationOf(token)
      const session = hashOf(context.session)
      const allowed = invitation.status === 'signed' && session !== undefined &&
        await run(async (registry) => await registry.signing.copySession(sha256Hex(token), session))
      if (!allowed) throw refusalError(new SigningRefusal('session'))
      const document = await run(async (registry) => await registry.signing.signedDocument(invitation.contractId, kind))
      if (document === undefined) throw new AppError(404, SIGNING_PAGE_MESSAGES.documentNotFound, { code: 'CONTRATOS_SIGNING_NOT_FOUND' })
      await run(async (registry) => { await registry.signing.recordDownload(invitation.contractId, invitation.id, { kind, sha256: document.sha256, signed: true, by: 'worker', ip: context.ip }) })
      return { bytes: document.bytes, sha256: document.sha256, dni: invitation.dni }
    },
    async decline (token, body, context) {
      checkOrigin(context)
      const invitation = await invitationOf(token)
      const from = /<([^>]+)>/.exec(app.signingMail.from)?.[1] ?? app.signingMail.from
      const alert = body.choice === 'not-my-address'
        ? {
            to: from,
            subject: SIGNING_MAIL.alertSubject,
            text: SIGNING_MAIL.alertText(invitation.dni,
              invitation.contractId)
          }
        : undefined
      await signing(async (store) => {
        await store.decline(sha256Hex(token), hashOf(context.session), body.choice,
          body.reason, alert, context)
      })
      if (alert !== undefined) app.signingMail.kick()
      return { status: 'declined' as const, choice: body.choice }
    },
    async evidence (contractId) {
      const dni = await run(async (registry) => await registry.contractWorker(contractId))
      if (dni === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
      const { events, chainValid } = await run(async (registry) => await registry.signing.evidence(contractId))
      return { dni, data: { contractId, chainValid, events } }
    },
    async signedPdf (contractId, kind, context) {
      return await keptFile(contractId, kind, SIGNING_PAGE_MESSAGES.documentNotFound, context)
    },
    async receipt (contractId, context) {
      await makeReceipt(contractId) // made at signing; again here when the sealer was down then
      return await keptFile(contractId, RECEIPT_KIND, SIGNING_MESSAGES.noReceipt, context)
    }
  }
  app.decorate('signingFlow', flow)
}, { name: 'signing-flow', dependencies: ['registry', 'signing-mail', 'pdf-pool', 'employer-profile'] })
