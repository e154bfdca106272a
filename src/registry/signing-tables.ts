/**
 * The tables of the worker's electronic signature (migration 0006; docs/signing-flow.md;
 * DOCUMENT-REQUIREMENTS §39) as Kysely sees them. Tokens, codes and session ids are never stored:
 * only their SHA-256 (hex).
 */
import type { ColumnType, Generated } from 'kysely'

/** An invitation's status: `declined` carries its choice (`paper`, `disagree`, `not-my-address`). */
export type InvitationStatus = 'queued' | 'sent' | 'opened' | 'signed' | 'declined' | 'revoked' | 'locked'

/** How a worker declined: on paper, disagreeing, or the address is not theirs. */
export type DeclineChoice = 'paper' | 'disagree' | 'not-my-address'

/** The worker's address and each change of it (who set it, when, from the upload or the API). */
export interface WorkerEmailsTable {
  seq: Generated<string>
  worker_dni: string
  email: string
  source: 'upload' | 'api'
  set_by: string | null
  set_at: ColumnType<Date, Date | undefined, never>
  request_id: string | null
}

export interface SigningInvitationsTable {
  id: string
  contract_id: string
  worker_dni: string
  email: string
  token_sha256: string
  status: ColumnType<InvitationStatus, InvitationStatus | undefined, InvitationStatus>
  decline_choice: DeclineChoice | null
  decline_reason: string | null
  revoked_reason: string | null
  expires_at: Date
  demo: boolean
  address_recently_changed: boolean
  invited_by: string | null
  invited_at: Generated<Date>
  sent_at: Date | null
  opened_at: Date | null
  identified_at: Date | null
  identity_failures: Generated<number>
  code_failures: Generated<number>
  finished_at: Date | null
  answer: ColumnType<unknown, string | null, string | null> | null
}

/** The issued bytes of an invitation's documents, taken at invitation. */
export interface SigningDocumentsTable {
  invitation_id: string
  kind: string
  /** The document's verification code. */
  code: string
  bytes: Uint8Array
  sha256: string
}

export interface SigningCodesTable {
  seq: Generated<string>
  invitation_id: string
  code_sha256: string
  created_at: Generated<Date>
  expires_at: Date
  used_at: Date | null
}

export interface SigningSessionsTable {
  id_sha256: string
  invitation_id: string
  created_at: Generated<Date>
  last_seen_at: Generated<Date>
  ended_at: Date | null
}

export interface SigningEvidenceTable {
  seq: Generated<string>
  contract_id: string
  invitation_id: string | null
  what: string
  details: ColumnType<Record<string, unknown>, string, never>
  at: Date
  previous_sha256: string | null
  sha256: string
}

export interface MailOutboxTable {
  id: Generated<string>
  invitation_id: string | null
  kind: 'invitation' | 'code' | 'copy' | 'alert'
  to_address: string
  subject: string
  text: string
  /** `[{filename, sha256}]` of files read from signed_documents when sent; null for none. */
  attachments: ColumnType<unknown, string | null, string | null> | null
  status: ColumnType<'queued' | 'sent' | 'failed', 'queued' | 'sent' | 'failed' | undefined, 'queued' | 'sent' | 'failed'>
  attempts: Generated<number>
  created_at: Generated<Date>
  next_attempt_at: Generated<Date>
  claimed_until: Date | null
  sent_at: Date | null
  relay_reply: string | null
  last_error: string | null
}

export interface SignedDocumentsTable {
  contract_id: string
  kind: string
  invitation_id: string
  bytes: Uint8Array
  sha256: string
  issued_sha256: string
  level: string
  certificate: ColumnType<Record<string, unknown>, string, never>
  signed_at: Date
}

export interface SigningTables {
  worker_emails: WorkerEmailsTable
  signing_invitations: SigningInvitationsTable
  signing_documents: SigningDocumentsTable
  signing_codes: SigningCodesTable
  signing_sessions: SigningSessionsTable
  signing_evidence: SigningEvidenceTable
  mail_outbox: MailOutboxTable
  signed_documents: SignedDocumentsTable
}
