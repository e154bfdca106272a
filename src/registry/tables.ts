/**
 * The registry's tables as Kysely sees them (migrations/ creates them). Dates are `YYYY-MM-DD`
 * text, amounts `numeric` text in soles (read back exactly), JSON columns objects. The row types
 * of every table, the date conversions at the seam between rows (ISO) and domain values
 * (`DD/MM/YYYY`), and the one-parameter recordset the bulk inserts read from.
 */
import { sql, type ColumnType, type Generated, type Kysely, type Selectable, type Transaction } from 'kysely'

import type { SigningTables } from './signing-tables.js'

type WrittenOnce<T> = ColumnType<T, T | undefined, never>

export interface WorkersTable {
  dni: string
  names: string
  last_name_father: string
  last_name_mother: string
  sex: string | null
  birth_date: string | null
  updated_at: Generated<Date>
}

/**
 * A contract's or adenda's status (docs/registry.md "Statuses"; DOCUMENT-REQUIREMENTS §39): `issued`,
 * `signed`, `withdrawn` (never signed nor worked), `ended` (before its printed end) or `superseded`
 * (by a corrected reprint).
 */
export type ContractStatus = 'issued' | 'signed' | 'withdrawn' | 'ended' | 'superseded'

/** What a row of `contract_events` records (statuses.ts). */
export type ContractEventKind = 'signed' | 'scan' | 'unsigned' | 'withdrawn' | 'ended' | 'superseded' | 'copy'

/** A scan's kind: one PDF of all pages (`file`), one per document, or the worker's receipt of the copy (`cargo`). */
export type ScanKind = 'file' | 'contrato' | 'tratamiento-datos' | 'anexo' | 'adenda' | 'cargo'

/** A contract or an adenda issued by the service, with the facts its document printed. */
export interface ContractsTable {
  id: string
  kind: 'contract' | 'addendum'
  worker_dni: string
  /** An adenda's contract, when known. */
  contract_id: string | null
  contract_type: string
  modality: string | null
  cause_id: string | null
  entry_date: string
  end_date: string
  signing_date: string
  working_time: ColumnType<unknown, string | null, string | null> | null
  probation: string | null
  salary: ColumnType<string, string | number, string | number>
  position: string
  site: string | null
  status: Generated<ContractStatus>
  signed_on: string | null
  /** How it was signed (migration 0005): `paper` or `electronic`; null until signed. */
  signed_via: 'paper' | 'electronic' | null
  /** The day an `ended` contract ended, before its printed end (migration 0005). */
  ended_on: string | null
  /** The day the worker's copy was handed over, and how (DOCUMENT-REQUIREMENTS §39, §30; migration 0005). */
  copy_delivered_on: string | null
  copy_delivered_via: string | null
  /** Who marked it signed (AUTH_MODE=oidc: the identity's subject), and when; null before (migration 0003). */
  signed_by: string | null
  signed_at: Date | null
  superseded_by: string | null
  /** The record as printed (normalised). */
  record: ColumnType<unknown, string, string>
  request_id: string
  issued_by: string | null
  issued_at: WrittenOnce<Generated<Date>>
}

/** One document issued: its verification code, template and hashes. */
export interface DocumentsTable {
  code: string
  contract_id: string
  kind: string
  template_id: string
  template_sha256: string
  pdf_sha256: string | null
  issued_at: Generated<Date>
}

/** An earlier contract HR entered (not issued by the service). */
export interface HistoryTable {
  id: string
  worker_dni: string
  modality: string
  entry_date: string
  end_date: string
  position: string
  probation_months: number | null
  entered_by: string | null
  entered_at: Generated<Date>
}

/** A history entry deleted (entered by mistake): who deleted it and when; its content is erased. */
export interface HistoryDeletionsTable {
  history_id: string
  worker_dni: string
  deleted_by: string | null
  deleted_at: Generated<Date>
}

/** An objective cause and counsel's review of it (DOCUMENT-REQUIREMENTS §21). */
export interface CausesTable {
  id: string
  /** The modality as proposed or as the profile writes it (`58`, or its name). */
  modality: string
  /** The sites' names. */
  sites: ColumnType<string[], string, string>
  text: string
  period_from: string
  period_to: string
  /** Art. 57: the day the cause's activity began (migration 0004; DOCUMENT-REQUIREMENTS §34). */
  activity_start: string | null
  justifies: ColumnType<{ days: string, from: string, to: string } | null, string | null, string | null>
  status: 'proposed' | 'approved' | 'retired'
  proposed_by: string | null
  approved_by: string | null
  retired_by: string | null
  /** When it took its status. */
  at: Generated<Date>
  /** The `causes_revision` of its last write. */
  revision: ColumnType<string, string | undefined, string | undefined>
}

/** One change of a contract's status, append-only (migration 0005): the status is rebuilt from them (statuses.ts). */
export interface ContractEventsTable {
  seq: Generated<string>
  contract_id: string
  what: ContractEventKind
  /** What it set: `signingDate`, `signedVia`, `endedOn`, `by` (the reprint), `sha256` (scans), `copyDeliveredOn`… */
  details: ColumnType<Record<string, unknown>, string, never>
  reason: string | null
  by: string | null
  at: Generated<Date>
  request_id: string | null
}

/** The scan of a paper signature (migration 0005): its bytes, type checked by its bytes, SHA-256, who and when. */
export interface ContractScansTable {
  seq: Generated<string>
  contract_id: string
  kind: ScanKind
  media_type: 'application/pdf' | 'image/jpeg' | 'image/png'
  bytes: Uint8Array
  size: number
  sha256: string
  uploaded_by: string | null
  uploaded_at: Generated<Date>
  /** When counsel undid the mark it went with; null while current. */
  undone_at: Date | null
}

/** Every table, the signature's (migration 0006, signing-tables.ts) included. */
export interface RegistryTables extends SigningTables {
  workers: WorkersTable
  contracts: ContractsTable
  documents: DocumentsTable
  history: HistoryTable
  history_deletions: HistoryDeletionsTable
  causes: CausesTable
  contract_events: ContractEventsTable
  contract_scans: ContractScansTable
}

/** What every query of the registry runs on: the database, or a transaction open on it. */
export type RegistryDb = Kysely<RegistryTables> | Transaction<RegistryTables>

/** A contract or adenda row as the registry writes it (JSON columns as values, not text). */
export type ContractRow = Omit<Selectable<ContractsTable>, 'working_time' | 'record' | 'signed_on' | 'signed_by' | 'signed_at' | 'issued_at' |
  'signed_via' | 'ended_on' | 'copy_delivered_on' | 'copy_delivered_via'> &
  { working_time: unknown, record: unknown }
/** A document row as the registry writes it, with its PDF's hash once rendered (the ZIP records after rendering). */
export type DocumentRow = Pick<Selectable<DocumentsTable>, 'code' | 'contract_id' | 'kind' | 'template_id' | 'template_sha256' | 'pdf_sha256'>

/** `DD/MM/YYYY` → `YYYY-MM-DD`. */
export function isoDate (date: string): string {
  const [day, month, year] = date.split('/')
  return `${year}-${month}-${day}`
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
export function dayMonthYear (date: string): string {
  const [year, month, day] = date.split('-')
  return `${day}/${month}/${year}`
}

/**
 * `rows` as a set of `table`'s rows (PostgreSQL's `json_populate_recordset` over the table's row
 * type) to insert from: one parameter however many rows (a statement takes at most 65,535), one
 * text the database parses instead of a parameter bound per cell. A column a row leaves out is null.
 */
export function recordset<T extends 'contracts' | 'documents'> (
  db: Pick<RegistryDb, 'selectFrom'>, table: T, rows: ReadonlyArray<T extends 'contracts' ? ContractRow : DocumentRow>
) {
  return (db as RegistryDb).selectFrom(sql<Selectable<RegistryTables[T]>>`json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)})`.as('r'))
}
