/**
 * The `contracts` table (docs/registry.md): every contract and adenda the service issued, with the
 * facts its document printed and its status. One query per function, each on the database or a
 * transaction; rows become domain values (`DD/MM/YYYY` dates, soles as numbers) at the mapping
 * functions below, and domain values rows (ISO dates, soles as `numeric` text) at toContractRow.
 */
import { sql, type Selectable } from 'kysely'
import {
  dayMonthYear, isoDate, recordset, type ContractRow, type ContractsTable, type ContractStatus, type DocumentRow,
  type RegistryDb, type ScanKind
} from './tables.js'
import { DOCUMENT_COLUMNS } from './documents.js'
import { notInvitable, type LiveTerm, type PlannedTerm, type SigningState } from './contract-rules.js'
import type { RecordedForAddendum } from './from-contract.js'
import type { IssuedWorker } from './workers.js'

/** A contract or adenda about to be issued: what its document prints. */
export interface IssuedRecord {
  kind: 'contract' | 'addendum'
  worker: IssuedWorker
  /** An adenda's contract id, when known. */
  contractId?: string
  /**
   * An adenda without `contractId`: the end (`DD/MM/YYYY`) it follows; it is linked to the worker's
   * recorded contract (not superseded) that ends that day, or one of whose adendas does
   * (contract-rules.ts contractExtendedBy), if any.
   */
  extendsEnd?: string
  contractType: string
  modality?: string
  causeId?: string
  /** The term this document covers (an adenda: its extension), `DD/MM/YYYY`. */
  entryDate: string
  endDate: string
  signingDate: string
  workingTime?: unknown
  probation?: string
  /** Soles. */
  salary: number
  position: string
  site?: string
  /** The normalised record the document was drawn from. */
  record: unknown
  /**
   * Its documents: template id, the template's SHA-256 (hex), and `code` when the caller drew it
   * (verificationCode(): printed before this records), else drawn here; `sha256`, the PDF's (hex),
   * when it was rendered before it is recorded (a ZIP records after its documents render).
   */
  documents: Array<{ kind: string, templateId: string, templateSha256: string, code?: string, sha256?: string }>
}

/** Who issued, and in which request. */
export interface IssueContext {
  requestId: string
  /** The identity under AUTH_MODE=oidc (`sub`), else undefined. */
  issuedBy?: string
}

/** What the registry says about one recorded contract or adenda. */
export interface RecordedContract {
  id: string
  kind: 'contract' | 'addendum'
  type: string
  modality: string | null
  entryDate: string
  endDate: string
  status: ContractStatus
  signedOn: string | null
  /** Who marked it signed (AUTH_MODE=oidc: the identity's subject); null when unmarked or without authentication. */
  signedBy: string | null
  /** `paper` or `electronic` once signed. */
  signedVia: 'paper' | 'electronic' | null
  /** The day an `ended` one ended, before its printed end. */
  endedOn: string | null
  /** The day the worker's copy was handed over, and how (DOCUMENT-REQUIREMENTS §39). */
  copyDeliveredOn: string | null
  copyDeliveredVia: string | null
  /** The kinds of its current scans (a paper mark without any: "firmado sin escaneo"). */
  scans: ScanKind[]
}

const CONTRACT_COLUMNS = [
  'id', 'kind', 'worker_dni', 'contract_id', 'contract_type', 'modality', 'cause_id', 'entry_date', 'end_date',
  'signing_date', 'working_time', 'probation', 'salary', 'position', 'site', 'status', 'superseded_by', 'record',
  'request_id', 'issued_by'
] as const satisfies ReadonlyArray<keyof ContractRow>

const RECORDED_COLUMNS = [
  'contracts.id', 'contracts.kind', 'contracts.contract_type', 'contracts.modality', 'contracts.entry_date', 'contracts.end_date',
  'contracts.status', 'contracts.signed_on', 'contracts.signed_by', 'contracts.signed_via', 'contracts.ended_on',
  'contracts.copy_delivered_on', 'contracts.copy_delivered_via'
] as const
/** The kinds of a contract's current scans, as a JSON array. */
export const SCAN_KINDS = sql<ScanKind[]>`coalesce((select json_agg(s.kind order by s.kind) from contract_scans s
  where s.contract_id = contracts.id and s.undone_at is null), '[]'::json)`.as('scans')
const LIVE_TERM_COLUMNS = [
  'id', 'worker_dni', 'kind', 'contract_id', 'cause_id', 'entry_date', 'end_date', 'status', 'ended_on', 'issued_at'
] as const

/** A row as the rules see it (contract-rules.ts). */
export function toLiveTerm (row: Pick<Selectable<ContractsTable>, typeof LIVE_TERM_COLUMNS[number]>): LiveTerm {
  return {
    id: row.id,
    dni: row.worker_dni,
    kind: row.kind,
    contractId: row.contract_id,
    causeId: row.cause_id,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    status: row.status,
    endedOn: row.ended_on === null ? null : dayMonthYear(row.ended_on),
    issuedAt: Number(row.issued_at)
  }
}

/** A row as the routes answer it. */
export function toRecordedContract (
  row: Pick<Selectable<ContractsTable>, 'id' | 'kind' | 'contract_type' | 'modality' | 'entry_date' | 'end_date' | 'status' |
    'signed_on' | 'signed_by' | 'signed_via' | 'ended_on' | 'copy_delivered_on' | 'copy_delivered_via'> & { scans: ScanKind[] }
): RecordedContract {
  const day = (value: string | null) => value === null ? null : dayMonthYear(value)
  return {
    id: row.id,
    kind: row.kind,
    type: row.contract_type,
    modality: row.modality,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    status: row.status,
    signedOn: day(row.signed_on),
    signedBy: row.signed_by,
    signedVia: row.signed_via,
    endedOn: day(row.ended_on),
    copyDeliveredOn: day(row.copy_delivered_on),
    copyDeliveredVia: row.copy_delivered_via,
    scans: row.scans
  }
}

/** The row of a record being issued, as contract-rules.ts planIssue planned it (soles with two decimals). */
export function toContractRow (record: IssuedRecord, term: PlannedTerm, context: IssueContext): ContractRow {
  return {
    id: term.id,
    kind: record.kind,
    worker_dni: record.worker.dni,
    contract_id: term.contractId ?? null,
    contract_type: record.contractType,
    modality: record.modality ?? null,
    cause_id: record.causeId ?? null,
    entry_date: isoDate(record.entryDate),
    end_date: isoDate(record.endDate),
    signing_date: isoDate(record.signingDate),
    working_time: record.workingTime ?? null,
    probation: record.probation ?? null,
    salary: record.salary.toFixed(2),
    position: record.position,
    site: record.site ?? null,
    status: term.supersededBy === undefined ? 'issued' : 'superseded',
    superseded_by: term.supersededBy ?? null,
    record: record.record,
    request_id: context.requestId,
    issued_by: context.issuedBy ?? null
  }
}

/** A live contract's or adenda's statuses (not superseded nor withdrawn): the index `contracts_live`'s (0007). */
export const LIVE_STATUSES = ['issued', 'signed', 'ended'] as const satisfies readonly ContractStatus[]

/** The recorded contracts and adendas of these workers, not superseded nor withdrawn, newest first (`issued_at`). */
export async function selectLiveTerms (db: RegistryDb, dnis: readonly string[]): Promise<LiveTerm[]> {
  if (dnis.length === 0) return []
  const rows = await db.selectFrom('contracts').select(LIVE_TERM_COLUMNS)
    .where('worker_dni', 'in', dnis).where('status', 'in', LIVE_STATUSES).orderBy('issued_at', 'desc').execute()
  return rows.map(toLiveTerm)
}

/**
 * Inserts a request's contracts and their documents and supersedes the earlier contracts they
 * reprint, each supersession an event of the contract superseded (`superseded`, `{by}`:
 * contract-events.ts), in one statement (the documents' references to the new contracts are checked
 * at its end; the rows travel as one JSON parameter each, tables.ts recordset).
 * @param superseded recorded contracts and the id of the new one that supersedes each
 * @param context who issued them, in which request: their events' `by` and `request_id`
 */
export async function insertIssued (
  db: RegistryDb, contracts: readonly ContractRow[], documents: readonly DocumentRow[],
  superseded: ReadonlyArray<{ id: string, by: string }>, context: IssueContext
): Promise<void> {
  const byId = JSON.stringify(Object.fromEntries(superseded.map(({ id, by }) => [id, by])))
  const write = db
    .with('issued', (cte) => cte.insertInto('contracts').columns(CONTRACT_COLUMNS)
      .expression(recordset(cte, 'contracts', contracts).select(CONTRACT_COLUMNS)))
    .with('reprinted', (cte) => cte.updateTable('contracts')
      .set({ status: 'superseded', superseded_by: sql<string>`${byId}::jsonb ->> ${sql.ref('contracts.id')}` })
      .where((eb) => superseded.length > 0 ? eb('id', 'in', superseded.map(({ id }) => id)) : eb.lit(false))
      .returning(['id', 'superseded_by']))
    .with('reprint_events', (cte) => cte.insertInto('contract_events').columns(['contract_id', 'what', 'details', 'by', 'request_id'])
      .expression((eb) => eb.selectFrom('reprinted').select([
        'reprinted.id', sql<'superseded'>`'superseded'`.as('what'), sql<string>`jsonb_build_object('by', reprinted.superseded_by)`.as('details'),
        sql<string | null>`${context.issuedBy ?? null}::text`.as('by'), sql<string>`${context.requestId}::text`.as('request_id')
      ])))
  await write.insertInto('documents').columns(DOCUMENT_COLUMNS)
    .expression(recordset(db, 'documents', documents).select(DOCUMENT_COLUMNS)).execute()
}

/** The worker (DNI) of a recorded contract or adenda, which never changes; undefined for an unknown id. */
export async function selectContractWorker (db: RegistryDb, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('contracts').select('worker_dni').where('id', '=', id).executeTakeFirst()
  return row?.worker_dni
}

/**
 * What marking a contract or adenda signed reads of it (`DD/MM/YYYY` dates), with the reprint that
 * superseded it; undefined for an unknown id. Read under the worker's row lock (workers.ts lockWorkers).
 */
export async function selectSigningState (db: RegistryDb, id: string): Promise<SigningState | undefined> {
  const row = await db.selectFrom('contracts')
    .leftJoin('contracts as reprint', 'reprint.id', 'contracts.superseded_by')
    .select([
      'contracts.worker_dni', 'contracts.kind', 'contracts.entry_date', 'contracts.end_date', 'contracts.status',
      'contracts.signing_date', 'contracts.signed_on', 'contracts.signed_via', 'contracts.ended_on', 'contracts.copy_delivered_on',
      'contracts.modality', 'contracts.position',
      sql<boolean>`contracts.probation is not null and contracts.probation <> 'sin periodo de prueba'`.as('probation'),
      'reprint.id as reprint_id', 'reprint.entry_date as reprint_entry', 'reprint.end_date as reprint_end'
    ])
    .where('contracts.id', '=', id).executeTakeFirst()
  if (row === undefined) return undefined
  return {
    kind: row.kind,
    worker: { dni: row.worker_dni },
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    status: row.status,
    signingDate: dayMonthYear(row.signing_date),
    signedOn: row.signed_on === null ? null : dayMonthYear(row.signed_on),
    signedVia: row.signed_via,
    endedOn: row.ended_on === null ? null : dayMonthYear(row.ended_on),
    copyDeliveredOn: row.copy_delivered_on === null ? null : dayMonthYear(row.copy_delivered_on),
    supersededBy: row.reprint_id === null || row.reprint_entry === null || row.reprint_end === null
      ? null
      : { id: row.reprint_id, entryDate: dayMonthYear(row.reprint_entry), endDate: dayMonthYear(row.reprint_end) },
    modality: row.modality,
    position: row.position,
    probation: row.probation
  }
}

/**
 * Marks a contract or adenda `signed` on `signedOn` (`DD/MM/YYYY`) by `signedBy`, `via` paper or
 * electronically, its copy delivered on `copyDeliveredOn`, only while it is `issued` (a reprint or
 * another mark that came first leaves it as it is).
 * @returns whether it was marked
 */
export async function updateSigned (
  db: RegistryDb, id: string, mark: { signedOn: string, signedBy: string | null, via: 'paper' | 'electronic', copyDeliveredOn: string }
): Promise<boolean> {
  const result = await db.updateTable('contracts')
    .set({
      status: 'signed',
      signed_on: isoDate(mark.signedOn),
      signed_by: mark.signedBy,
      signed_at: sql<Date>`now()`,
      signed_via: mark.via,
      copy_delivered_on: isoDate(mark.copyDeliveredOn),
      copy_delivered_via: mark.via
    })
    .where('id', '=', id).where('status', '=', 'issued').executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Sets a contract's status row from `from` (statuses.ts): `withdrawn`, `ended` (with `endedOn`),
 * back to `issued` (counsel's undo of a paper mark: the signature's fields and the copy's cleared),
 * or only the copy's delivery (`copyDeliveredOn`, the status unchanged).
 * @returns whether the row was in `from` and changed
 */
export async function updateStatus (
  db: RegistryDb, id: string, from: ContractStatus,
  change: { to: 'withdrawn' } | { to: 'ended', endedOn: string } | { to: 'issued' } | { to: 'signed', copyDeliveredOn: string }
): Promise<boolean> {
  const query = db.updateTable('contracts').where('id', '=', id).where('status', '=', from)
  const set = change.to === 'ended'
    ? query.set({ status: 'ended', ended_on: isoDate(change.endedOn) })
    : change.to === 'issued'
      ? query.set({
        status: 'issued', signed_on: null, signed_by: null, signed_at: null, signed_via: null, copy_delivered_on: null, copy_delivered_via: null
      })
      : change.to === 'signed'
        ? query.set({ copy_delivered_on: isoDate(change.copyDeliveredOn) })
        : query.set({ status: 'withdrawn' })
  const result = await set.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A recorded contract or adenda by id, whatever its status. */
export async function selectRecordedContract (db: RegistryDb, id: string): Promise<RecordedContract | undefined> {
  const row = await db.selectFrom('contracts').select([...RECORDED_COLUMNS, SCAN_KINDS]).where('id', '=', id).executeTakeFirst()
  return row === undefined ? undefined : toRecordedContract(row)
}

/** The worker's recorded contracts and adendas, oldest first (by entry, then by issue), superseded ones included. */
export async function selectWorkerContracts (db: RegistryDb, dni: string): Promise<RecordedContract[]> {
  const rows = await db.selectFrom('contracts').select([...RECORDED_COLUMNS, SCAN_KINDS])
    .where('worker_dni', '=', dni).orderBy('entry_date').orderBy('issued_at').execute()
  return rows.map(toRecordedContract)
}

/** A row of `GET /api/contracts`: a recorded contract with its worker. */
export interface ListedContract extends RecordedContract {
  dni: string
  /** The worker's names as recorded. */
  worker: string
  /** Whether its start is today or earlier (Lima). */
  started: boolean
  /**
   * Whether it may be invited to sign electronically today by status and start date (notInvitable,
   * §39); the worker's address is checked when inviting.
   */
  invitable: boolean
}

/** What `GET /api/contracts` filters on; `after` is the last row of the page before (the cursor). */
export interface ContractFilter {
  status?: ContractStatus
  /** true: started on `today` or earlier; false: not started. */
  started?: boolean
  dni?: string
  /** true: with a current scan; false: without one ("firmado sin escaneo" with `status: signed`). */
  scanned?: boolean
  /** `DD/MM/YYYY` in Lima. */
  today: string
  limit: number
  after?: { entryDate: string, id: string }
}

/**
 * Recorded contracts and adendas by `filter`, by start date (so the started ones come first), then
 * by id: keyset pages of `limit` after `filter.after`.
 */
export async function selectListedContracts (db: RegistryDb, filter: ContractFilter): Promise<ListedContract[]> {
  const today = isoDate(filter.today)
  let query = db.selectFrom('contracts').innerJoin('workers as w', 'w.dni', 'contracts.worker_dni')
    .select([...RECORDED_COLUMNS, SCAN_KINDS, 'contracts.worker_dni', 'w.names', 'w.last_name_father', 'w.last_name_mother'])
  if (filter.status !== undefined) query = query.where('contracts.status', '=', filter.status)
  if (filter.dni !== undefined) query = query.where('contracts.worker_dni', '=', filter.dni)
  if (filter.started !== undefined) query = query.where('contracts.entry_date', filter.started ? '<=' : '>', today)
  if (filter.scanned !== undefined) {
    const current = sql<boolean>`exists (select 1 from contract_scans s where s.contract_id = contracts.id and s.undone_at is null)`
    query = query.where(filter.scanned ? current : sql<boolean>`not ${current}`)
  }
  if (filter.after !== undefined) {
    const { entryDate, id } = filter.after
    query = query.where(({ eb, or, and }) => or([
      eb('contracts.entry_date', '>', isoDate(entryDate)),
      and([eb('contracts.entry_date', '=', isoDate(entryDate)), eb('contracts.id', '>', id)])
    ]))
  }
  const rows = await query.orderBy('contracts.entry_date').orderBy('contracts.id').limit(filter.limit).execute()
  return rows.map((row) => {
    const recorded = toRecordedContract(row)
    return {
      ...recorded,
      dni: row.worker_dni,
      worker: [row.names, row.last_name_father, row.last_name_mother].filter((part) => part !== '').join(' '),
      started: row.entry_date <= today,
      invitable: notInvitable(recorded, filter.today) === undefined
    }
  })
}

/**
 * The workers among `dnis` with a contract or adenda `issued` (not signed, withdrawn nor ended) whose
 * start is `today` or earlier: it binds them unsigned (DOCUMENT-REQUIREMENTS §39), which an upload warns of.
 * @returns by DNI, the earliest such term (`DD/MM/YYYY`)
 */
export async function selectStartedUnsigned (
  db: RegistryDb, dnis: readonly string[], today: string
): Promise<Map<string, { id: string, entryDate: string, endDate: string }>> {
  if (dnis.length === 0) return new Map()
  const rows = await db.selectFrom('contracts').select(['id', 'worker_dni', 'entry_date', 'end_date'])
    .where('worker_dni', 'in', dnis).where('status', '=', 'issued').where('entry_date', '<=', isoDate(today))
    .orderBy('entry_date', 'desc').execute()
  return new Map(rows.map((row) =>
    [row.worker_dni, { id: row.id, entryDate: dayMonthYear(row.entry_date), endDate: dayMonthYear(row.end_date) }]))
}

/**
 * A recorded contract (not an adenda; issued or signed) as an adenda is built from it (salary in
 * soles); the end in force and the first entry are the caller's. Undefined for any other id.
 */
export async function selectContractForAddendum (
  db: RegistryDb, id: string
): Promise<Omit<RecordedForAddendum, 'lastEnd' | 'firstEntryDate'> & { dni: string } | undefined> {
  const row = await db.selectFrom('contracts').selectAll().where('id', '=', id).where('kind', '=', 'contract')
    .where('status', 'in', ['issued', 'signed']).executeTakeFirst()
  if (row === undefined) return undefined
  return {
    dni: row.worker_dni,
    record: row.record as Record<string, unknown>,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    signingDate: dayMonthYear(row.signing_date),
    salary: Number(row.salary)
  }
}

/**
 * The last adenda (neither superseded nor withdrawn) of a contract: the latest end, the latest issued among equal ends.
 * It holds the end and the salary in force (soles; LPCL art. 30 b compares a new salary with it).
 */
export async function selectLastAddendum (
  db: RegistryDb, contractId: string
): Promise<{ endDate: string, salary: number } | undefined> {
  const row = await db.selectFrom('contracts').select(['end_date', 'salary'])
    .where('contract_id', '=', contractId).where('kind', '=', 'addendum').where('status', 'not in', ['superseded', 'withdrawn'])
    .orderBy('end_date', 'desc').orderBy('issued_at', 'desc').limit(1).executeTakeFirst()
  return row === undefined ? undefined : { endDate: dayMonthYear(row.end_date), salary: Number(row.salary) }
}

/**
 * selectContractForAddendum and selectLastAddendum for many contracts in two queries (an adendas
 * sheet's rows): by id, each with the end and salary of its last adenda when it has one.
 * @returns an unknown id, an adenda's or a superseded contract's is absent
 */
export async function selectContractsForAddenda (
  db: RegistryDb, ids: readonly string[]
): Promise<Map<string, Omit<RecordedForAddendum, 'lastEnd' | 'firstEntryDate'> & { dni: string, last?: { endDate: string, salary: number } }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('contracts').selectAll().where('id', 'in', ids).where('kind', '=', 'contract')
    .where('status', 'in', ['issued', 'signed']).execute()
  const addenda = await db.selectFrom('contracts').select(['contract_id', 'end_date', 'salary'])
    .where('contract_id', 'in', ids).where('kind', '=', 'addendum').where('status', 'not in', ['superseded', 'withdrawn'])
    .orderBy('end_date', 'desc').orderBy('issued_at', 'desc').execute()
  const last = new Map<string, { endDate: string, salary: number }>()
  for (const row of addenda) {
    if (row.contract_id !== null && !last.has(row.contract_id)) {
      last.set(row.contract_id, { endDate: dayMonthYear(row.end_date), salary: Number(row.salary) })
    }
  }
  return new Map(rows.map((row) => [row.id, {
    dni: row.worker_dni,
    // the modality and the reviewed cause the service judged and printed (a record may have named neither)
    record: {
      ...row.record as Record<string, unknown>,
      ...(row.modality === null ? {} : { modality: row.modality }),
      ...(row.cause_id === null ? {} : { causeId: row.cause_id })
    },
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    signingDate: dayMonthYear(row.signing_date),
    salary: Number(row.salary),
    last: last.get(row.id)
  }]))
}

/** Deletes the adendas whose term ended before `before` (`DD/MM/YYYY`). @returns how many */
export async function deleteAddendaEndedBefore (db: RegistryDb, before: string): Promise<number> {
  const result = await db.deleteFrom('contracts').where('kind', '=', 'addendum').where('end_date', '<', isoDate(before))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Deletes the contracts whose term ended before `before` (`DD/MM/YYYY`) that no adenda left references.
 * @returns how many
 */
export async function deleteContractsEndedBefore (db: RegistryDb, before: string): Promise<number> {
  const result = await db.deleteFrom('contracts').where('kind', '=', 'contract').where('end_date', '<', isoDate(before))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('contracts as a').select('a.id').whereRef('a.contract_id', '=', 'contracts.id'))))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
