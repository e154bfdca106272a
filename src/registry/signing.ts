/**
 * The registry's side of the worker's electronic signature (docs/signing-flow.md; DOCUMENT-REQUIREMENTS
 * §39; migration 0006): the worker's address and its changes, the invitations and the issued bytes
 * they carry, the identity check and one-time codes with their counters, the sessions, the evidence
 * chain and the sealed documents. Every counter changes under the invitation's row lock
 * (`select … for update`), so on one instance or several on one PostgreSQL no two requests both
 * pass a limit. Tokens, codes and session ids arrive here already hashed (SHA-256, hex).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { RegistryDb } from './tables.js'
import { dayMonthYear, isoDate } from './tables.js'
import type { DeclineChoice, InvitationStatus } from './signing-tables.js'
import { lockWorkers } from './workers.js'
import { canonicalJson, chainHash } from './evidence-chain.js'
import { SIGNING_LIMITS, sameHash } from './signing-limits.js'

/** The documents of a contract in the order they are printed and listed: contract, notice, annex (or the adenda). */
const DOCUMENT_ORDER = ['contrato', 'tratamiento-datos', 'anexo', 'adenda']
const byDocumentKind = (a: { kind: string }, b: { kind: string }) =>
  DOCUMENT_ORDER.indexOf(a.kind) - DOCUMENT_ORDER.indexOf(b.kind)

/** One address a worker had: who set it (the identity's subject, or null), when, from where. */
export interface EmailChange { email: string, source: 'upload' | 'api', setBy: string | null, setAt: Date }

/** What an invitation needs of its contract or adenda. */
export interface InvitationSubject {
  id: string
  kind: 'contract' | 'addendum'
  status: string
  dni: string
  entryDate: string
  endDate: string
  signingDate: string
  /** The normalised record its documents were drawn from. */
  record: Record<string, unknown>
  issuedBy: string | null
  issuedAt: Date
  /** Its documents, in issue order: kind, verification code, the issued PDF's SHA-256. */
  documents: Array<{ kind: string, code: string, sha256: string | null }>
  worker: { names: string, lastNameFather: string, lastNameMother: string, birthDate: string | null }
}

/** An invitation as HR lists it. */
export interface ListedInvitation {
  id: string
  contractId: string
  dni: string
  /** the worker's full name as the registry holds it */
  worker: string
  /** what is signed: a contract (with its notice and annex) or an adenda */
  kind: 'contract' | 'addendum'
  /** The address, masked by the route. */
  email: string
  status: InvitationStatus | 'expired'
  declineChoice: DeclineChoice | null
  expiresAt: string
  invitedAt: string
  invitedBy: string | null
  addressRecentlyChanged: boolean
  demo: boolean
}

/** An invitation as its token finds it, with its contract's status now. */
export interface TokenInvitation {
  id: string
  contractId: string
  contractKind: 'contract' | 'addendum'
  contractStatus: string
  dni: string
  email: string
  status: InvitationStatus | 'expired'
  expiresAt: Date
  demo: boolean
  identified: boolean
  documents: Array<{ kind: string, code: string, sha256: string }>
  worker: { name: string, birthDate: string | null }
  answer: unknown
}

/** A step refused by the flow's state: the route answers it (409, 410, 423, 429). */
export type SigningRefusalReason = 'finished' | 'expired' | 'revoked' | 'locked' | 'codeTooSoon' | 'codesPerDay' | 'noIdentity' | 'noCode' |
  'wrongIdentity' | 'wrongCode' | 'hashes' | 'notIssued' | 'session' | 'notFound'

export class SigningRefusal extends Error {
  readonly reason: SigningRefusalReason
  readonly detail: Record<string, unknown>
  constructor (reason: SigningRefusalReason, detail: Record<string, unknown> = {}) {
    super(`signing refused: ${reason}`)
    this.name = 'SigningRefusal'
    this.reason = reason
    this.detail = detail
  }
}

/** One event of a contract's evidence chain, as `GET /api/contracts/{id}/evidence` lists it. */
export interface EvidenceEvent {
  seq: number
  invitationId: string | null
  what: string
  details: Record<string, unknown>
  /** ISO 8601, UTC. */
  at: string
  previousSha256: string | null
  sha256: string
}

/** The kind under which signed_documents keeps a signature's constancia de firma electrónica (one per contract). */
export const RECEIPT_KIND = 'constancia'

/** A file the employer sealed, as signed_documents keeps it. */
export interface SealedFile {
  bytes: Uint8Array
  sha256: string
  level: string
  certificate: object
}

/** What names a signature being made: the token's and the session's SHA-256, and the issued hashes the worker read. */
export interface SignKey { tokenSha256: string, sessionSha256: string | undefined, documents: Record<string, string> }

/** Who and where, recorded with each step's evidence. */
export interface StepContext { ip?: string, userAgent?: string, requestId?: string, by?: string }

const OPEN: InvitationStatus[] = ['queued', 'sent', 'opened']

/**
 * An invitation's status as seen now: an open one past its expiry is `expired`, one whose contract left `issued` is
 * `revoked`.
 */
function effectiveStatus (status: InvitationStatus, expiresAt: Date, contractStatus: string, now = new Date()): InvitationStatus | 'expired' {
  if (!OPEN.includes(status) && status !== 'locked') return status
  if (contractStatus !== 'issued') return 'revoked'
  if (status === 'locked') return 'locked'
  return expiresAt.getTime() <= now.getTime() ? 'expired' : status
}

export class SigningStore {
  readonly #db: RegistryDb
  constructor (db: RegistryDb) {
    this.#db = db
  }

  /** Each address the worker had, oldest first. */
  async emailChanges (dni: string, db: RegistryDb = this.#db): Promise<EmailChange[]> {
    const rows = await db.selectFrom('worker_emails').select(['email', 'source', 'set_by', 'set_at'])
      .where('worker_dni', '=', dni).orderBy('seq').execute()
    return rows.map((row) => ({ email: row.email, source: row.source, setBy: row.set_by, setAt: new Date(row.set_at) }))
  }

  /**
   * Sets the worker's address (`PUT /api/workers/{dni}/email`), recorded as a change (who, when);
   * the same address again records nothing.
   * @returns the worker's addresses, oldest first; undefined for a worker the registry does not know
   */
  async setEmail (dni: string, email: string, by: string | undefined,
    requestId: string | undefined): Promise<EmailChange[] | undefined> {
    return await this.#db.transaction().execute(async (trx) => {
      const known = await trx.selectFrom('workers').select('dni').where('dni', '=', dni).forUpdate().executeTakeFirst()
      if (known === undefined) return undefined
      let changes = await this.emailChanges(dni, trx)
      if (changes.length === 0) {
        // the address the upload gave (the latest issued record's CORREO) is the first, as it was set
        const issued = await trx.selectFrom('contracts').select(['record', 'issued_by', 'issued_at']).where('worker_dni', '=', dni)
          .orderBy('issued_at', 'desc').limit(1).executeTakeFirst()
        const record = issued === undefined ? undefined : (typeof issued.record === 'string' ? JSON.parse(issued.record) : issued.record) as { email?: unknown }
        if (issued !== undefined && typeof record?.email === 'string' && record.email.includes('@')) {
          await trx.insertInto('worker_emails').values({
            worker_dni: dni, email: record.email.trim(), source: 'upload', set_by: issued.issued_by, set_at: new Date(issued.issued_at as unknown as string)
          } as never).execute()
          changes = await this.emailChanges(dni, trx)
        }
      }
      if (changes.at(-1)?.email !== email) {
        await trx.insertInto('worker_emails').values({ worker_dni: dni, email, source: 'api', set_by: by ?? null, request_id: requestId ?? null }).execute()
      }
      return await this.emailChanges(dni, trx)
    })
  }

  /** A contract or adenda as an invitation needs it; undefined for an unknown id. */
  async subject (contractId: string): Promise<InvitationSubject | undefined> {
    const row = await this.#db.selectFrom('contracts as c').innerJoin('workers as w', 'w.dni', 'c.worker_dni')
      .select(['c.id', 'c.kind', 'c.status', 'c.worker_dni', 'c.entry_date', 'c.end_date', 'c.signing_date', 'c.record', 'c.issued_by', 'c.issued_at',
        'w.names', 'w.last_name_father', 'w.last_name_mother', 'w.birth_date'])
      .where('c.id', '=', contractId).executeTakeFirst()
    if (row === undefined) return undefined
    const documents = await this.#db.selectFrom('documents').select(['kind', 'code', 'pdf_sha256'])
      .where('contract_id', '=', contractId).orderBy('issued_at').orderBy('code').execute()
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      dni: row.worker_dni,
      entryDate: dayMonthYear(String(row.entry_date).slice(0, 10)),
      endDate: dayMonthYear(String(row.end_date).slice(0, 10)),
      signingDate: dayMonthYear(String(row.signing_date).slice(0, 10)),
      record: (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as Record<string, unknown>,
      issuedBy: row.issued_by,
      issuedAt: new Date(row.issued_at as unknown as string),
      documents: documents.map((document) => ({
        kind: document.kind,
        code: document.code,
        sha256: document.pdf_sha256
      }))
        .sort(byDocumentKind),
      worker: {
        names: row.names,
        lastNameFather: row.last_name_father,
        lastNameMother: row.last_name_mother,
        birthDate: row.birth_date === null ? null : dayMonthYear(String(row.birth_date).slice(0, 10))
      }
    }
  }

  /** Whether `email` is the current address of a worker other than `dni` (case-insensitive). */
  async addressOfAnother (email: string, dni: string): Promise<boolean> {
    const rows = await sql<{ worker_dni: string }>`select distinct on (worker_dni) worker_dni, email from worker_emails
      where worker_dni <> ${dni} and worker_dni in (select worker_dni from worker_emails where lower(email) = lower(${email}))
      order by worker_dni, seq desc`.execute(this.#db)
    return (rows.rows as Array<{
      worker_dni: string,
      email: string
    }>).some((row) => row.email.toLowerCase() === email.toLowerCase())
  }

  /**
   * Records an invitation under its worker's row lock: the contract read again (still `issued`),
   * the upload's address recorded as a change when it differs from the last one, the contract's
   * earlier open invitations revoked (a reissue), the issued bytes kept, the invitation's mail
   * queued and its evidence appended.
   * @returns the invitation's id, or the refusal `notIssued` when the contract changed meanwhile
   */
  async createInvitation (input: {
    subject: InvitationSubject
    email: string
    uploadEmail?: string
    tokenSha256: string
    expiresAt: Date
    demo: boolean
    addressRecentlyChanged: (changes: EmailChange[]) => boolean
    documents: Array<{ kind: string, code: string, bytes: Uint8Array, sha256: string }>
    mail: { to: string, subject: string, text: string }
    context: StepContext
  }): Promise<{ id: string, addressRecentlyChanged: boolean }> {
    const { subject, context } = input
    return await this.#db.transaction().execute(async (trx) => {
      await lockWorkers(trx, [subject.dni])
      const now = await trx.selectFrom('contracts').select('status').where('id', '=', subject.id).executeTakeFirst()
      if (now?.status !== 'issued') throw new SigningRefusal('notIssued', { status: now?.status })
      const id = randomUUID()
      const open = await trx.updateTable('signing_invitations').set({ status: 'revoked', revoked_reason: 'reissued', finished_at: new Date() })
        .where('contract_id', '=', subject.id).where('status', 'in', [...OPEN, 'locked']).returning('id').execute()
      for (const revoked of open) {
        await this.#appendEvidence(trx, subject.id, revoked.id, 'revoked', { reason: 'reissued', by: context.by ?? null, replacedBy: id })
      }
      const changes = await this.emailChanges(subject.dni, trx)
      const recordsUpload = input.uploadEmail !== undefined && (changes.length === 0 ||
        (changes.at(-1)?.email !== input.uploadEmail &&
          (changes.at(-1)?.setAt.getTime() ?? 0) < subject.issuedAt.getTime()))
      if (recordsUpload) {
        await trx.insertInto('worker_emails').values({
          worker_dni: subject.dni, email: input.uploadEmail as string, source: 'upload', set_by: subject.issuedBy, set_at: subject.issuedAt
        } as never).execute()
      }
      const all = await this.emailChanges(subject.dni, trx)
      const flagged = input.addressRecentlyChanged(all)
      await trx.insertInto('signing_invitations').values({
        id,
        contract_id: subject.id,
        worker_dni: subject.dni,
        email: input.email,
        token_sha256: input.tokenSha256,
        expires_at: input.expiresAt,
        demo: input.demo,
        address_recently_changed: flagged,
        invited_by: context.by ?? null,
        decline_choice: null,
        decline_reason: null,
        revoked_reason: null,
        sent_at: null,
        opened_at: null,
        identified_at: null,
        finished_at: null,
        answer: null
      }).execute()
      await trx.insertInto('signing_documents').values(input.documents.map((document) =>
        ({
          invitation_id: id,
          kind: document.kind,
          code: document.code,
          bytes: document.bytes,
          sha256: document.sha256
        }))).execute()
      await trx.insertInto('mail_outbox').values({
        invitation_id: id,
        kind: 'invitation',
        to_address: input.mail.to,
        subject: input.mail.subject,
        text: input.mail.text,
        attachments: null,
        claimed_until: null,
        sent_at: null,
        relay_reply: null,
        last_error: null
      }).execute()
      const current = all.at(-1)
      await this.#appendEvidence(trx, subject.id, id, 'invited', {
        by: context.by ?? null,
        requestId: context.requestId ?? null,
        email: input.email,
        addressSetBy: current?.setBy ?? null,
        addressSetAt: current?.setAt.toISOString() ?? null,
        addressSource: current?.source ?? null,
        addressRecentlyChanged: flagged,
        expiresAt: input.expiresAt.toISOString(),
        documents: input.documents.map((document) => ({
          kind: document.kind,
          code: document.code,
          sha256: document.sha256
        })),
        demo: input.demo
      })
      return { id, addressRecentlyChanged: flagged }
    })
  }

  /** Invitations, newest first, by status as seen now (`expired`, `revoked` included). */
  async listInvitations (status?: string, limit = 200): Promise<ListedInvitation[]> {
    const rows = await this.#db.selectFrom('signing_invitations as i').innerJoin('contracts as c', 'c.id', 'i.contract_id')
      .innerJoin('workers as w', 'w.dni', 'i.worker_dni')
      .select(['i.id', 'i.contract_id', 'i.worker_dni', 'i.email', 'i.status', 'i.decline_choice', 'i.expires_at', 'i.invited_at', 'i.invited_by',
        'i.address_recently_changed', 'i.demo', 'c.status as contract_status', 'c.kind', 'w.names', 'w.last_name_father', 'w.last_name_mother'])
      .orderBy('i.invited_at', 'desc').limit(status === undefined ? limit : 5000).execute()
    const listed = rows.map((row) => ({
      id: row.id,
      contractId: row.contract_id,
      dni: row.worker_dni,
      worker: [row.names, row.last_name_father, row.last_name_mother].filter((part) => part !== '').join(' '),
      kind: row.kind,
      email: row.email,
      status: effectiveStatus(row.status, new Date(row.expires_at), row.contract_status),
      declineChoice: row.decline_choice,
      expiresAt: new Date(row.expires_at).toISOString(),
      invitedAt: new Date(row.invited_at).toISOString(),
      invitedBy: row.invited_by,
      addressRecentlyChanged: row.address_recently_changed,
      demo: row.demo
    }))
    const chosen = status === undefined
      ? listed
      : listed.filter((row) => row.status === status || row.declineChoice === status)
    return chosen.slice(0, limit)
  }

  /**
   * Revokes an open invitation (`DELETE /api/signing/invitations/{id}`), its sessions ended.
   * @returns its worker's DNI and whether it was open; undefined for an unknown id
   */
  async revoke (id: string, context: StepContext): Promise<{ dni: string, revoked: boolean } | undefined> {
    return await this.#db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('signing_invitations').select(['contract_id', 'worker_dni', 'status']).where('id', '=', id).forUpdate().executeTakeFirst()
      if (row === undefined) return undefined
      if (![...OPEN, 'locked'].includes(row.status)) return { dni: row.worker_dni, revoked: false }
      await trx.updateTable('signing_invitations').set({ status: 'revoked', revoked_reason: 'withdrawn-by-hr', finished_at: new Date() }).where('id', '=', id).execute()
      await trx.updateTable('signing_sessions').set({ ended_at: new Date() }).where('invitation_id', '=', id).where('ended_at', 'is', null).execute()
      await this.#appendEvidence(trx, row.contract_id, id, 'revoked', { reason: 'withdrawn-by-hr', by: context.by ?? null, requestId: context.requestId ?? null })
      return { dni: row.worker_dni, revoked: true }
    })
  }

  /** An invitation by its token's SHA-256, as seen now; undefined for a token never issued. */
  async byToken (tokenSha256: string, db: RegistryDb = this.#db): Promise<TokenInvitation | undefined> {
    const row = await db.selectFrom('signing_invitations as i').innerJoin('contracts as c', 'c.id', 'i.contract_id')
      .innerJoin('workers as w', 'w.dni', 'i.worker_dni')
      .select(['i.id', 'i.contract_id', 'i.worker_dni', 'i.email', 'i.status', 'i.expires_at', 'i.demo', 'i.identified_at', 'i.answer',
        'c.status as contract_status', 'c.kind as contract_kind', 'w.names', 'w.last_name_father', 'w.last_name_mother', 'w.birth_date'])
      .where('i.token_sha256', '=', tokenSha256).executeTakeFirst()
    if (row === undefined) return undefined
    const documents = await db.selectFrom('signing_documents').select(['kind', 'code', 'sha256']).where('invitation_id', '=', row.id).execute()
    return {
      id: row.id,
      contractId: row.contract_id,
      contractKind: row.contract_kind,
      contractStatus: row.contract_status,
      dni: row.worker_dni,
      email: row.email,
      status: effectiveStatus(row.status, new Date(row.expires_at), row.contract_status),
      expiresAt: new Date(row.expires_at),
      demo: row.demo,
      identified: row.identified_at !== null,
      documents: documents.sort(byDocumentKind),
      worker: {
        name: [row.names, row.last_name_father, row.last_name_mother].filter((part) => part !== '').join(' '),
        birthDate: row.birth_date === null ? null : dayMonthYear(String(row.birth_date).slice(0, 10))
      },
      answer: row.answer
    }
  }

  /** The invitation locked and read again; refuses one no longer open. */
  async #openLocked (trx: RegistryDb, tokenSha256: string, allowFinished = false): Promise<TokenInvitation> {
    const id = await trx.selectFrom('signing_invitations').select('id').where('token_sha256', '=', tokenSha256).forUpdate().executeTakeFirst()
    if (id === undefined) throw new SigningRefusal('notFound')
    const found = await this.byToken(tokenSha256, trx) as TokenInvitation
    if (allowFinished) return found
    if (found.status === 'expired') throw new SigningRefusal('expired')
    if (found.status === 'revoked') throw new SigningRefusal('revoked')
    if (found.status === 'locked') throw new SigningRefusal('locked')
    if (!OPEN.includes(found.status)) throw new SigningRefusal('finished', { status: found.status })
    return found
  }

  /**
   * The identity step: the DNI and birth date typed (already checked by the caller: `matches`), one
   * answer for any mismatch; the SIGNING_LIMITS.identityFailures-th failure locks the invitation.
   * @returns the invitation (identified) on a match
   * @throws SigningRefusal `wrongIdentity` (with `left`), `locked`, `expired`, `revoked`, `finished`, `notFound`
   */
  async identify (tokenSha256: string, matches: (invitation: TokenInvitation) => boolean,
    context: StepContext): Promise<TokenInvitation> {
    const outcome = await this.#db.transaction().execute(async (trx) => {
      const invitation = await this.#openLocked(trx, tokenSha256)
      const now = new Date()
      if (!matches(invitation)) {
        const updated = await trx.updateTable('signing_invitations')
          .set((eb) => ({ identity_failures: eb('identity_failures', '+', 1), opened_at: eb.fn.coalesce('opened_at', sql<Date>`now()`) }))
          .where('id', '=', invitation.id).returning('identity_failures').executeTakeFirstOrThrow()
        const locks = updated.identity_failures >= SIGNING_LIMITS.identityFailures
        if (locks) await trx.updateTable('signing_invitations').set({ status: 'locked' }).where('id', '=', invitation.id).execute()
        await this.#appendEvidence(trx, invitation.contractId, invitation.id, locks ? 'identity-locked' : 'identity-failed',
          { failures: updated.identity_failures, ip: context.ip ?? null, userAgent: context.userAgent ?? null })
        return { refusal: new SigningRefusal(locks ? 'locked' : 'wrongIdentity', { left: Math.max(0, SIGNING_LIMITS.identityFailures - updated.identity_failures) }) }
      }
      await trx.updateTable('signing_invitations').set({ status: 'opened', identified_at: now, opened_at: sql<Date>`coalesce(opened_at, now())` as never })
        .where('id', '=', invitation.id).execute()
      await this.#appendEvidence(trx, invitation.contractId, invitation.id, 'identity-confirmed', { ip: context.ip ?? null, userAgent: context.userAgent ?? null })
      return { invitation: { ...invitation, identified: true, status: 'opened' as const } }
    })
    // the failure is committed (counted) before it is answered
    if ('refusal' in outcome) throw outcome.refusal
    return outcome.invitation
  }

  /**
   * May a new code be sent now (identified; one a minute, SIGNING_LIMITS.codesPerDay in 24 h)? Read
   * without writing: the code is recorded only once the relay took its mail (recordCode checks again).
   * @throws SigningRefusal `noIdentity`, `codeTooSoon` (`retryAfter`, s), `codesPerDay`, or the invitation's state
   */
  async codeAllowed (tokenSha256: string): Promise<TokenInvitation> {
    return await this.#db.transaction().execute(async (trx) => {
      const invitation = await this.#openLocked(trx, tokenSha256)
      await this.#checkCodeLimits(trx, invitation)
      return invitation
    })
  }

  async #checkCodeLimits (trx: RegistryDb, invitation: TokenInvitation): Promise<void> {
    if (!invitation.identified) throw new SigningRefusal('noIdentity')
    const recent = await sql<{ count: string, last: Date | null }>`select count(*) as count, max(created_at) as last from signing_codes
      where invitation_id = ${invitation.id} and created_at > now() - interval '24 hours'`.execute(trx)
    const { count, last } = recent.rows[0]
    if (Number(count) >= SIGNING_LIMITS.codesPerDay) throw new SigningRefusal('codesPerDay')
    const since = last === null ? Infinity : Date.now() - new Date(last).getTime()
    if (since < SIGNING_LIMITS.codeIntervalMs) throw new SigningRefusal('codeTooSoon', { retryAfter: Math.ceil((SIGNING_LIMITS.codeIntervalMs - since) / 1000) })
  }

  /**
   * Records a code its mail carried (the relay accepted it, or its .eml was written), under the
   * invitation's lock and its limits checked again; every earlier code no longer valid.
   * @throws SigningRefusal as codeAllowed
   */
  async recordCode (tokenSha256: string, codeSha256: string,
    context: StepContext & { relayReply?: string }): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const invitation = await this.#openLocked(trx, tokenSha256)
      await this.#checkCodeLimits(trx, invitation)
      await trx.updateTable('signing_codes').set({ used_at: new Date() }).where('invitation_id', '=', invitation.id).where('used_at', 'is', null).execute()
      await trx.insertInto('signing_codes').values({
        invitation_id: invitation.id,
        code_sha256: codeSha256,
        expires_at: new Date(Date.now() + SIGNING_LIMITS.codeTtlMs),
        used_at: null
      }).execute()
      await this.#appendEvidence(trx, invitation.contractId, invitation.id, 'code-sent',
        {
          to: invitation.email,
          relayReply: context.relayReply ?? null,
          ip: context.ip ?? null,
          userAgent: context.userAgent ?? null
        })
    })
  }

  /**
   * Checks a typed code against the latest one (valid SIGNING_LIMITS.codeTtlMs, once); a wrong one
   * counts, the SIGNING_LIMITS.codeFailures-th locks. A right one opens a session (`sessionSha256`).
   * @throws SigningRefusal `wrongCode` (`left`), `noCode` (none valid: expired, used or never sent), `locked`, or the
   *   invitation's state
   */
  async checkCode (tokenSha256: string, codeSha256: string, sessionSha256: string,
    context: StepContext): Promise<void> {
    const refusal = await this.#db.transaction().execute(async (trx) => {
      const invitation = await this.#openLocked(trx, tokenSha256)
      if (!invitation.identified) return new SigningRefusal('noIdentity')
      const latest = await trx.selectFrom('signing_codes').select(['seq', 'code_sha256', 'expires_at', 'used_at'])
        .where('invitation_id', '=', invitation.id).orderBy('seq', 'desc').limit(1).executeTakeFirst()
      const valid = latest !== undefined && latest.used_at === null &&
        new Date(latest.expires_at).getTime() > Date.now()
      if (valid && sameHash(latest.code_sha256, codeSha256)) {
        await trx.updateTable('signing_codes').set({ used_at: new Date() }).where('seq', '=', latest.seq).execute()
        await trx.updateTable('signing_sessions').set({ ended_at: new Date() }).where('invitation_id', '=', invitation.id).where('ended_at', 'is', null).execute()
        await trx.insertInto('signing_sessions').values({ id_sha256: sessionSha256, invitation_id: invitation.id, ended_at: null }).execute()
        await this.#appendEvidence(trx, invitation.contractId, invitation.id, 'code-confirmed', { ip: context.ip ?? null, userAgent: context.userAgent ?? null })
        return undefined
      }
      const updated = await trx.updateTable('signing_invitations').set((eb) => ({ code_failures: eb('code_failures', '+', 1) }))
        .where('id', '=', invitation.id).returning('code_failures').executeTakeFirstOrThrow()
      const locks = updated.code_failures >= SIGNING_LIMITS.codeFailures
      if (locks) await trx.updateTable('signing_invitations').set({ status: 'locked' }).where('id', '=', invitation.id).execute()
      await this.#appendEvidence(trx, invitation.contractId, invitation.id, locks ? 'code-locked' : 'code-failed',
        {
          failures: updated.code_failures,
          stale: !valid,
          ip: context.ip ?? null,
          userAgent: context.userAgent ?? null
        })
      if (locks) return new SigningRefusal('locked')
      return new SigningRefusal(valid ? 'wrongCode' : 'noCode', { left: SIGNING_LIMITS.codeFailures - updated.code_failures })
    })
    if (refusal !== undefined) throw refusal
  }

  /**
   * Whether `sessionSha256` is a live session of the token's invitation (SIGNING_LIMITS: idle and
   * maximum age); a live one is touched.
   */
  async liveSession (tokenSha256: string, sessionSha256: string | undefined, db: RegistryDb = this.#db,
    touch = true): Promise<boolean> {
    if (sessionSha256 === undefined) return false
    const row = await db.selectFrom('signing_sessions as s').innerJoin('signing_invitations as i', 'i.id', 's.invitation_id')
      .select(['s.created_at', 's.last_seen_at', 's.ended_at', 'i.token_sha256'])
      .where('s.id_sha256', '=', sessionSha256).executeTakeFirst()
    if (row === undefined || row.ended_at !== null || row.token_sha256 !== tokenSha256) return false
    const now = Date.now()
    if (now - new Date(row.last_seen_at).getTime() > SIGNING_LIMITS.sessionIdleMs) return false
    if (now - new Date(row.created_at).getTime() > SIGNING_LIMITS.sessionMaxMs) return false
    if (touch) await db.updateTable('signing_sessions').set({ last_seen_at: new Date() }).where('id_sha256', '=', sessionSha256).execute()
    return true
  }

  /**
   * Whether `sessionSha256` is the session that signed the token's invitation, ended by the signature
   * no more than SIGNING_LIMITS.sessionIdleMs ago: the page offers the signed copies then (§39).
   */
  async copySession (tokenSha256: string, sessionSha256: string): Promise<boolean> {
    const row = await this.#db.selectFrom('signing_sessions as s').innerJoin('signing_invitations as i', 'i.id', 's.invitation_id')
      .select(['s.ended_at', 'i.token_sha256', 'i.status', 'i.finished_at'])
      .where('s.id_sha256', '=', sessionSha256).executeTakeFirst()
    if (row === undefined || row.token_sha256 !== tokenSha256 || row.status !== 'signed' || row.ended_at === null || row.finished_at === null) return false
    return new Date(row.ended_at).getTime() === new Date(row.finished_at).getTime() &&
      Date.now() - new Date(row.ended_at).getTime() <= SIGNING_LIMITS.sessionIdleMs
  }

  /** An invitation's issued document of `kind` (bytes and SHA-256), or undefined. */
  async issuedDocument (invitationId: string, kind: string): Promise<{
    bytes: Uint8Array,
    sha256: string,
    code: string
  } | undefined> {
    const row = await this.#db.selectFrom('signing_documents').select(['bytes', 'sha256', 'code'])
      .where('invitation_id', '=', invitationId).where('kind', '=', kind).executeTakeFirst()
    return row === undefined ? undefined : { bytes: new Uint8Array(row.bytes), sha256: row.sha256, code: row.code }
  }

  /**
   * The signing step, first part (a read, no lock): the invitation still open, the session live,
   * `documents` the issued hashes; then the issued documents and the evidence number their stamps
   * print (`read`: the invitation as the caller just read it by its token, not read again). The
   * caller seals them outside any transaction (an RFC 3161 authority's wait never holds
   * the registry) and records them with signUnderLock.
   * @returns `repeat` with the first answer when the invitation was already signed
   * @throws SigningRefusal `session`, `hashes`, `notIssued`, or the invitation's state
   */
  async signable (input: SignKey, read?: TokenInvitation): Promise<{ repeat: unknown } | {
    invitation: TokenInvitation,
    issued: Array<{ kind: string, code: string, bytes: Uint8Array, sha256: string }>,
    evidenceNumber: string
  }> {
    const invitation = read ?? await this.byToken(input.tokenSha256)
    if (invitation === undefined) throw new SigningRefusal('notFound')
    const first = await this.#checkSignable(this.#db, invitation, input)
    if (first !== undefined) return first
    const bytes = await this.#db.selectFrom('signing_documents').select(['kind', 'code', 'bytes', 'sha256']).where('invitation_id', '=', invitation.id).execute()
    const issued = invitation.documents.map((document) => {
      const row = bytes.find((candidate) => candidate.kind === document.kind)
      if (row === undefined) throw new SigningRefusal('hashes')
      return { kind: row.kind, code: row.code, bytes: new Uint8Array(row.bytes), sha256: row.sha256 }
    })
    const last = await this.#lastEvidence(this.#db, invitation.contractId)
    const evidenceNumber = `${invitation.contractId.slice(0, 8).toUpperCase()}-${Number(last?.seq ?? 0) + 1}`
    return { invitation, issued, evidenceNumber }
  }

  /**
   * Refuses an invitation that cannot be signed now, or gives its first answer (`repeat`) when it was.
   * @throws SigningRefusal as signable
   */
  async #checkSignable (db: RegistryDb, invitation: TokenInvitation,
    input: SignKey): Promise<{ repeat: unknown } | undefined> {
    if (invitation.status === 'signed' && invitation.answer !== null) return { repeat: invitation.answer }
    if (invitation.status === 'expired') throw new SigningRefusal('expired')
    if (invitation.status === 'revoked') throw new SigningRefusal(invitation.contractStatus === 'issued' ? 'revoked' : 'notIssued', { status: invitation.contractStatus })
    if (invitation.status === 'locked') throw new SigningRefusal('locked')
    if (!OPEN.includes(invitation.status as InvitationStatus)) throw new SigningRefusal('finished', { status: invitation.status })
    if (!await this.liveSession(input.tokenSha256, input.sessionSha256, db)) throw new SigningRefusal('session')
    const given = Object.entries(input.documents)
    const issued = invitation.documents
    const matches = given.length === issued.length && issued.every((document) => {
      const hash = input.documents[document.kind]
      return typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash) && sameHash(hash, document.sha256)
    })
    if (!matches) throw new SigningRefusal('hashes', { expected: issued.map((document) => document.kind) })
    return undefined
  }

  /**
   * The signing step, last part, under the worker's row lock (Registry.markSigned calls it before
   * marking the contract signed): the invitation locked and checked again as signable did, then the
   * sealed files, the outcome, the `signed` evidence and the copy's mail recorded. The constancia
   * comes after the commit (receiptPlan, keepReceipt).
   * @returns the answer to keep (a repeat gets it), or `repeat` with the first one
   * @throws SigningRefusal as signable
   */
  async signUnderLock (trx: RegistryDb, input: SignKey & {
    evidenceNumber: string
    answer: Record<string, unknown>
    sealed: Array<SealedFile & { kind: string, issuedSha256: string }>
    copyMail: { to: string, subject: string, text: string }
    consents: unknown
    context: StepContext
  }): Promise<{ answer: unknown, repeat: boolean }> {
    const invitation = await this.#openLocked(trx, input.tokenSha256, true)
    const first = await this.#checkSignable(trx, invitation, input)
    if (first !== undefined) return { answer: first.repeat, repeat: true }
    const { answer, sealed, copyMail, evidenceNumber } = input
    // the instant the stamps print, the answer gives and the public check shows
    const signedAt = typeof answer.signedAt === 'string' ? new Date(answer.signedAt) : new Date()
    for (const document of sealed) {
      await trx.insertInto('signed_documents').values({
        contract_id: invitation.contractId,
        kind: document.kind,
        invitation_id: invitation.id,
        bytes: document.bytes,
        sha256: document.sha256,
        issued_sha256: document.issuedSha256,
        level: document.level,
        certificate: JSON.stringify(document.certificate),
        signed_at: signedAt
      }).execute()
    }
    await trx.updateTable('signing_invitations').set({ status: 'signed', finished_at: signedAt, answer: JSON.stringify(answer) }).where('id', '=', invitation.id).execute()
    await trx.updateTable('signing_sessions').set({ ended_at: signedAt }).where('invitation_id', '=', invitation.id).where('ended_at', 'is', null).execute()
    await this.#appendEvidence(trx, invitation.contractId, invitation.id, 'signed', {
      evidenceNumber,
      ip: input.context.ip ?? null,
      userAgent: input.context.userAgent ?? null,
      consents: input.consents ?? [],
      documents: sealed.map((document) => ({
        kind: document.kind,
        before: document.issuedSha256,
        after: document.sha256,
        level: document.level
      })),
      demo: invitation.demo
    }, signedAt)
    await trx.insertInto('mail_outbox').values({
      invitation_id: invitation.id,
      kind: 'copy',
      to_address: copyMail.to,
      subject: copyMail.subject,
      text: copyMail.text,
      attachments: JSON.stringify(sealed.map((document) => ({ kind: document.kind, sha256: document.sha256 }))),
      claimed_until: null,
      sent_at: null,
      relay_reply: null,
      last_error: null
    }).execute()
    return { answer, repeat: false }
  }

  /**
   * What the constancia de firma electrónica of a contract's electronic signature is drawn from, all
   * read from the evidence: the signed invitation, its events up to its `signed` event (oldest first),
   * that event's SHA-256 (the chain's head it prints) and the issued documents' codes. Undefined when
   * the contract was not signed electronically or its constancia is already kept.
   */
  async receiptPlan (contractId: string): Promise<{
    invitationId: string,
    email: string,
    dni: string,
    demo: boolean,
    events: EvidenceEvent[],
    signed: EvidenceEvent,
    codes: Record<string, string>
  } | undefined> {
    if (await this.#hasReceipt(this.#db, contractId)) return undefined
    const { events } = await this.evidence(contractId)
    const signed = events.find((event) => event.what === 'signed' && event.invitationId !== null)
    if (signed === undefined) return undefined
    const invitation = await this.#db.selectFrom('signing_invitations').select(['id', 'email', 'worker_dni', 'demo'])
      .where('id', '=', signed.invitationId as string).executeTakeFirstOrThrow()
    const codes = await this.#db.selectFrom('signing_documents').select(['kind', 'code']).where('invitation_id', '=', invitation.id).execute()
    return {
      invitationId: invitation.id,
      email: invitation.email,
      dni: invitation.worker_dni,
      demo: invitation.demo,
      events: events.filter((event) => event.invitationId === invitation.id && event.seq <= signed.seq),
      signed,
      codes: Object.fromEntries(codes.map((row) => [row.kind, row.code]))
    }
  }

  async #hasReceipt (db: RegistryDb, contractId: string): Promise<boolean> {
    return await db.selectFrom('signed_documents').select('kind').where('contract_id', '=', contractId)
      .where('kind', '=', RECEIPT_KIND).executeTakeFirst() !== undefined
  }

  /**
   * Keeps a signature's sealed constancia (signed_documents, kind RECEIPT_KIND; its `issued_sha256`
   * the unsealed record's) and chains a `receipt-sealed` event, once: under the invitation's row lock,
   * a second one (two requests that drew it at once) is dropped.
   * @returns whether this one was kept
   */
  async keepReceipt (contractId: string, invitationId: string,
    record: SealedFile & { unsealedSha256: string }, signedAt: Date): Promise<boolean> {
    return await this.#db.transaction().execute(async (trx) => {
      await trx.selectFrom('signing_invitations').select('id').where('id', '=', invitationId).forUpdate().executeTakeFirstOrThrow()
      if (await this.#hasReceipt(trx, contractId)) return false
      await trx.insertInto('signed_documents').values({
        contract_id: contractId,
        kind: RECEIPT_KIND,
        invitation_id: invitationId,
        bytes: record.bytes,
        sha256: record.sha256,
        issued_sha256: record.unsealedSha256,
        level: record.level,
        certificate: JSON.stringify(record.certificate),
        signed_at: signedAt
      }).execute()
      await this.#appendEvidence(trx, contractId, invitationId, 'receipt-sealed', {
        kind: RECEIPT_KIND,
        unsealedSha256: record.unsealedSha256,
        sha256: record.sha256,
        level: record.level
      })
      return true
    })
  }

  /**
   * The worker declines (`paper` needs no code, the others a live session): recorded with its
   * reason, the sessions ended; `not-my-address` queues HR's alert (`alert`).
   * @throws SigningRefusal `session`, or the invitation's state
   */
  async decline (tokenSha256: string, sessionSha256: string | undefined, choice: DeclineChoice,
    reason: string | undefined,
    alert: { to: string, subject: string, text: string } | undefined, context: StepContext): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const invitation = await this.#openLocked(trx, tokenSha256)
      if (choice === 'disagree' && !await this.liveSession(tokenSha256, sessionSha256, trx)) throw new SigningRefusal('session')
      if (choice === 'not-my-address' && !invitation.identified) throw new SigningRefusal('noIdentity')
      const now = new Date()
      await trx.updateTable('signing_invitations').set({ status: 'declined', decline_choice: choice, decline_reason: reason ?? null, finished_at: now })
        .where('id', '=', invitation.id).execute()
      await trx.updateTable('signing_sessions').set({ ended_at: now }).where('invitation_id', '=', invitation.id).where('ended_at', 'is', null).execute()
      if (alert !== undefined) {
        await trx.insertInto('mail_outbox').values({
          invitation_id: invitation.id,
          kind: 'alert',
          to_address: alert.to,
          subject: alert.subject,
          text: alert.text,
          attachments: null,
          claimed_until: null,
          sent_at: null,
          relay_reply: null,
          last_error: null
        }).execute()
      }
      await this.#appendEvidence(trx, invitation.contractId, invitation.id, 'declined',
        { choice, reason: reason ?? null, ip: context.ip ?? null, userAgent: context.userAgent ?? null })
    })
  }

  /** Records a download of a document (issued or signed) from the worker's page or by HR. */
  async recordDownload (contractId: string, invitationId: string | null, details: Record<string,
    unknown>): Promise<void> {
    await this.#db.transaction().execute(async (trx) => { await this.#appendEvidence(trx, contractId, invitationId, 'downloaded', details) })
  }

  /** A sealed document of a contract, or undefined. */
  async signedDocument (contractId: string, kind: string): Promise<{
    bytes: Uint8Array,
    sha256: string,
    level: string,
    signedAt: Date
  } | undefined> {
    const row = await this.#db.selectFrom('signed_documents').select(['bytes', 'sha256', 'level', 'signed_at'])
      .where('contract_id', '=', contractId).where('kind', '=', kind).executeTakeFirst()
    return row === undefined
      ? undefined
      : {
          bytes: new Uint8Array(row.bytes),
          sha256: row.sha256,
          level: row.level,
          signedAt: new Date(row.signed_at)
        }
  }

  /** The sealed document whose issued document has verification code `code`: its SHA-256 and when it was signed. */
  async signedByCode (code: string): Promise<{ sha256: string, signedAt: string } | undefined> {
    const row = await this.#db.selectFrom('documents as d')
      .innerJoin('signed_documents as s', (join) => join.onRef('s.contract_id', '=', 'd.contract_id').onRef('s.kind', '=', 'd.kind'))
      .select(['s.sha256', 's.signed_at']).where('d.code', '=', code).executeTakeFirst()
    return row === undefined ? undefined : { sha256: row.sha256, signedAt: new Date(row.signed_at).toISOString() }
  }

  /** A contract's evidence, oldest first, and whether each event's hash and link to the one before hold. */
  async evidence (contractId: string,
    db: RegistryDb = this.#db): Promise<{ events: EvidenceEvent[], chainValid: boolean }> {
    const rows = await db.selectFrom('signing_evidence').select(['seq', 'invitation_id', 'what', 'details', 'at', 'previous_sha256', 'sha256'])
      .where('contract_id', '=', contractId).orderBy('seq').execute()
    let previous: string | null = null
    let chainValid = true
    const events = rows.map((row) => {
      const at = new Date(row.at).toISOString()
      const expected = chainHash({
        contractId,
        invitationId: row.invitation_id,
        what: row.what,
        details: row.details,
        at
      }, previous)
      if (row.previous_sha256 !== previous || row.sha256 !== expected) chainValid = false
      previous = row.sha256
      return {
        seq: Number(row.seq),
        invitationId: row.invitation_id,
        what: row.what,
        details: row.details,
        at,
        previousSha256: row.previous_sha256,
        sha256: row.sha256
      }
    })
    return { events, chainValid }
  }

  async #lastEvidence (db: RegistryDb, contractId: string): Promise<{ seq: string, sha256: string } | undefined> {
    return await db.selectFrom('signing_evidence').select(['seq', 'sha256']).where('contract_id', '=', contractId)
      .orderBy('seq', 'desc').limit(1).executeTakeFirst()
  }

  /**
   * Appends one event to the contract's evidence, chained by the previous one's SHA-256
   * (evidence.ts chainHash), under a transaction-scoped advisory lock on the contract: two writers
   * never chain to the same event.
   */
  async #appendEvidence (trx: RegistryDb, contractId: string, invitationId: string | null, what: string,
    details: Record<string, unknown>, at = new Date()): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`evidence:${contractId}`}))`.execute(trx)
    const previous = (await this.#lastEvidence(trx, contractId))?.sha256 ?? null
    const when = new Date(Math.floor(at.getTime()))
    const plain = JSON.parse(canonicalJson(details)) as Record<string, unknown>
    const sha256 = chainHash({ contractId, invitationId, what, details: plain, at: when.toISOString() }, previous)
    await trx.insertInto('signing_evidence').values({
      contract_id: contractId,
      invitation_id: invitationId,
      what,
      details: JSON.stringify(plain),
      at: when,
      previous_sha256: previous,
      sha256
    }).execute()
  }

  /** Appends one event outside a step (mails sent, copies delivered), in its own transaction. */
  async appendEvidence (contractId: string, invitationId: string | null, what: string, details: Record<string,
    unknown>): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#appendEvidence(trx, contractId, invitationId,
        what, details)
    })
  }

  /**
   * Claims the oldest mail due (`for update skip locked`, then a claim of `leaseMs`): one instance
   * sends each mail, whichever instances run the sender.
   */
  async claimMail (leaseMs: number): Promise<{
    id: string,
    invitationId: string | null,
    kind: string,
    to: string,
    subject: string,
    text: string,
    attachments: unknown,
    attempts: number,
    createdAt: Date
  } | undefined> {
    return await this.#db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('mail_outbox').selectAll().where('status', '=', 'queued').where('next_attempt_at', '<=', new Date())
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', new Date())]))
        .orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst()
      if (row === undefined) return undefined
      await trx.updateTable('mail_outbox').set({ claimed_until: new Date(Date.now() + leaseMs) }).where('id', '=', row.id).execute()
      return {
        id: row.id,
        invitationId: row.invitation_id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        attachments: row.attachments,
        attempts: row.attempts,
        createdAt: new Date(row.created_at)
      }
    })
  }

  /** A claimed mail accepted by the relay (its reply: proof of sending); an invitation's becomes `sent`. */
  async mailSent (id: string, relayReply: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('mail_outbox').set({ status: 'sent', sent_at: new Date(), relay_reply: relayReply, claimed_until: null })
        .where('id', '=', id).returning(['invitation_id', 'kind', 'to_address']).executeTakeFirstOrThrow()
      if (row.invitation_id === null) return
      const invitation = await trx.selectFrom('signing_invitations').select(['contract_id', 'status']).where('id', '=', row.invitation_id).forUpdate().executeTakeFirst()
      if (invitation === undefined) return
      if (row.kind === 'invitation' && invitation.status === 'queued') {
        await trx.updateTable('signing_invitations').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.invitation_id).execute()
      }
      await this.#appendEvidence(trx, invitation.contract_id, row.invitation_id, 'mail-sent', { kind: row.kind, to: row.to_address, relayReply })
    })
  }

  /**
   * A claimed mail the relay refused or never answered: tried again after `retryMs`, given up after `giveUpMs` from
   * its queuing.
   */
  async mailFailed (id: string, error: string, retryMs: number, giveUpMs: number): Promise<void> {
    await this.#db.updateTable('mail_outbox').set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      claimed_until: null,
      next_attempt_at: new Date(Date.now() + retryMs),
      status: sql<'queued' | 'failed'>`case when created_at < ${new Date(Date.now() - giveUpMs)} then 'failed' else 'queued' end`
    })).where('id', '=', id).execute()
  }

  /**
   * Queues the signed copy's mail again (HR's resend, §39: while the files are kept), with its evidence.
   * @param mail builds the mail from the invitation's address, the worker's DNI and each signed file
   * @returns the worker's DNI; `notSigned` for an invitation not signed; undefined for an unknown id
   */
  async queueCopy (
    id: string,
    mail: (email: string, files: Array<{ kind: string, sha256: string, code: string }>) =>
    { subject: string, text: string },
    context: StepContext
  ): Promise<{ dni: string } | 'notSigned' | undefined> {
    return await this.#db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('signing_invitations').select(['contract_id', 'worker_dni', 'email', 'status'])
        .where('id', '=', id).forUpdate().executeTakeFirst()
      if (row === undefined) return undefined
      if (row.status !== 'signed') return 'notSigned'
      const files = (await this.signedFiles(id, trx)).map(({ kind, sha256, code }) => ({ kind, sha256, code }))
      const { subject, text } = mail(row.email, files)
      await trx.insertInto('mail_outbox').values({
        invitation_id: id,
        kind: 'copy',
        to_address: row.email,
        subject,
        text,
        attachments: JSON.stringify(files.map(({ kind, sha256 }) => ({ kind, sha256 }))),
        claimed_until: null,
        sent_at: null,
        relay_reply: null,
        last_error: null
      }).execute()
      await this.#appendEvidence(trx, row.contract_id, id, 'copy-queued', { by: context.by ?? null, requestId: context.requestId ?? null })
      return { dni: row.worker_dni }
    })
  }

  /** The sealed files a copy's mail attaches. */
  async signedFiles (invitationId: string, db: RegistryDb = this.#db): Promise<Array<{
    kind: string,
    bytes: Uint8Array,
    sha256: string,
    code: string
  }>> {
    const rows = await db.selectFrom('signed_documents as s')
      .innerJoin('signing_documents as d', (join) => join.onRef('d.invitation_id', '=', 's.invitation_id').onRef('d.kind', '=', 's.kind'))
      .select(['s.kind', 's.bytes', 's.sha256', 'd.code']).where('s.invitation_id', '=', invitationId).execute()
    return rows.map((row) => ({ kind: row.kind, bytes: new Uint8Array(row.bytes), sha256: row.sha256, code: row.code }))
  }

  /** The outbox rows of an invitation (tests, the console): kind, status, when sent and the relay's reply. */
  async mails (invitationId: string): Promise<Array<{
    id: string,
    kind: string,
    status: string,
    attempts: number,
    relayReply: string | null,
    text: string,
    subject: string
  }>> {
    const rows = await this.#db.selectFrom('mail_outbox').select(['id', 'kind', 'status', 'attempts', 'relay_reply', 'text', 'subject'])
      .where('invitation_id', '=', invitationId).orderBy('id').execute()
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      relayReply: row.relay_reply,
      text: row.text,
      subject: row.subject
    }))
  }

  /** The invitations whose expiry passed (their .eml files are deleted). */
  async expiredInvitationIds (): Promise<string[]> {
    const rows = await this.#db.selectFrom('signing_invitations').select('id').where('expires_at', '<', new Date()).execute()
    return rows.map((row) => row.id)
  }

  /** `DD/MM/YYYY` today as a date column value. */
  static iso (date: string): string {
    return isoDate(date)
  }
}
