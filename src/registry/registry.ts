/**
 * The contract registry (docs/registry.md; LPCL art. 74; DOCUMENT-REQUIREMENTS §32): every contract
 * and adenda the service issues, with the facts its document printed and each document's
 * verification code; the status HR marks (`issued` → `signed`, or `superseded` by a corrected
 * reprint); and the earlier contracts HR enters once. Plain data in and out, no Fastify: the plugin
 * (plugins/registry.ts) gives it to the routes as `app.registry`.
 *
 * Dates cross this boundary as `DD/MM/YYYY` (Lima's calendar dates, src/vocabulary/dates.ts) and
 * are stored as SQL dates; amounts are soles.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely'
import {
  dayMonthYear, isoDate, recordset,
  type ContractRow, type ContractsTable, type HistoryTable, type RegistryDb, type RegistryTables
} from './tables.js'
import type { LinkedContract, WorkerTerm } from './history-rules.js'
import {
  extendableByWorker, longestEnd, planIssue, signedOverlap, signingOutcome,
  type ExtendableContract, type LiveTerm, type PlannedTerm
} from './contract-rules.js'
import { CauseRegistry } from './causes.js'
import { verificationCode } from './verification-codes.js'
import { DOCUMENT_COLUMNS, selectDocumentCheck, toDocumentRow, updatePdfHashes, type DocumentCheck } from './documents.js'

/** A contract or adenda about to be issued: what its document prints. */
export interface IssuedRecord {
  kind: 'contract' | 'addendum'
  worker: {
    dni: string, names: string, lastNameFather: string, lastNameMother: string, sex?: string, birthDate?: string
  }
  /** An adenda's contract id, when known. */
  contractId?: string
  /**
   * An adenda without `contractId`: the end (`DD/MM/YYYY`) it follows; it is linked to the worker's
   * recorded contract (not superseded) that ends that day, or one of whose adendas does
   * (contractExtendedBy), if any.
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
  /** The documents drawn from it: template id and the template's SHA-256 (hex). */
  /** Its documents; `code` when the caller drew it (verificationCode(): printed while this records), else here. */
  documents: Array<{ kind: string, templateId: string, templateSha256: string, code?: string }>
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
  status: 'issued' | 'signed' | 'superseded'
  signedOn: string | null
}

/** A contract whose term (with its adendas) ends soon: `GET /api/contracts/expiring`. */
export interface ExpiringContract {
  id: string
  dni: string
  /** The worker's names as recorded. */
  worker: string
  type: string
  modality: string | null
  causeId: string | null
  site: string | null
  position: string
  entryDate: string
  /** The last day of the contract or of its last adenda. */
  endDate: string
  /** Adendas recorded for it. */
  addenda: number
  status: 'issued' | 'signed'
  /** The worker's first entry of any recorded contract or entered history (the art. 74 count starts there). */
  firstEntryDate: string
  /**
   * The latest end an adenda could reach: the modality's maximum from this contract's start and
   * art. 74's five years from the first entry, whichever comes first (gaps between contracts counted
   * as time worked, so never later than the law allows); null for a modality without a fixed maximum.
   */
  longestEnd: string | null
}

/** An earlier contract HR enters (not issued by the service). */
export interface HistoryEntry {
  modality: string
  entryDate: string
  endDate: string
  position: string
  probationMonths?: number
}

/**
 * A refusal the registry's state causes: the routes answer 409 (`conflict`: overlaps a signed
 * contract; `signedOn`: already marked signed on another day, `date`), 404 (`missing`) or 400
 * (`beforeSigning`: a signing date before the one the document printed, `date`).
 */
export class RegistryRefusal extends Error {
  readonly reason: 'conflict' | 'missing' | 'signedOn' | 'beforeSigning'
  readonly other?: { id: string, entryDate: string, endDate: string }
  /** `DD/MM/YYYY`: the day already marked (`signedOn`), or the signing date printed (`beforeSigning`). */
  readonly date?: string
  constructor (
    reason: RegistryRefusal['reason'], other?: { id: string, entryDate: string, endDate: string }, date?: string
  ) {
    super(reason === 'conflict' ? 'overlaps a signed contract' : reason === 'missing' ? 'no such contract' : `signing date: ${reason}`)
    this.name = 'RegistryRefusal'
    this.reason = reason
    this.other = other
    this.date = date
  }
}

type Db = RegistryDb

/** The `history` row of an entry HR gave (`DD/MM/YYYY` dates stored as SQL dates). */
function historyRow (dni: string, entry: HistoryEntry, enteredBy: string | undefined): Insertable<HistoryTable> {
  return {
    id: randomUUID(),
    worker_dni: dni,
    modality: entry.modality,
    entry_date: isoDate(entry.entryDate),
    end_date: isoDate(entry.endDate),
    position: entry.position,
    probation_months: entry.probationMonths ?? null,
    entered_by: enteredBy ?? null
  }
}

const CONTRACT_COLUMNS = [
  'id', 'kind', 'worker_dni', 'contract_id', 'contract_type', 'modality', 'cause_id', 'entry_date', 'end_date',
  'signing_date', 'working_time', 'probation', 'salary', 'position', 'site', 'status', 'superseded_by', 'record',
  'request_id', 'issued_by'
] as const satisfies ReadonlyArray<keyof ContractRow>
/** A contract row as the rules see it. */
function toLiveTerm (
  row: Pick<Selectable<ContractsTable>, 'id' | 'worker_dni' | 'kind' | 'contract_id' | 'cause_id' | 'entry_date' | 'end_date' | 'status' | 'issued_at'>
): LiveTerm {
  return {
    id: row.id,
    dni: row.worker_dni,
    kind: row.kind,
    contractId: row.contract_id,
    causeId: row.cause_id,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    status: row.status,
    issuedAt: Number(row.issued_at)
  }
}

/** The row of a record being issued, as planIssue planned it. */
function toContractRow (record: IssuedRecord, term: PlannedTerm, context: IssueContext): ContractRow {
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

/** The registry over one open database. */
export class Registry {
  readonly #db: Kysely<RegistryTables>
  constructor (db: Kysely<RegistryTables>) {
    this.#db = db
  }

  /** The causes counsel reviews (src/registry/causes.ts). */
  get causes (): CauseRegistry {
    return new CauseRegistry(this.#db)
  }

  /**
   * Records a request's contracts and adendas in one transaction: upserts each worker, supersedes
   * the worker's earlier contracts that are only `issued` and overlap the new term (a corrected
   * reprint), and gives each document a verification code.
   * @returns per record, in order, its id and its documents' codes
   * @throws RegistryRefusal (`conflict`) when a record overlaps a `signed` contract of its worker;
   *   nothing of the request is recorded then
   */
  async recordIssued (
    records: readonly IssuedRecord[], context: IssueContext
  ): Promise<Array<{ id: string, codes: string[] }>> {
    if (records.length === 0) return []
    // three statements for the whole request, whatever its size: the ZIP's first byte waits for them
    return await this.#db.transaction().execute(async (trx) => {
      const workers = new Map(records.map(({ worker }) => [worker.dni, worker])) // the last record's data per DNI
      const dnis = [...workers.keys()].sort()
      // the upsert locks each worker's row, in DNI order: one writer per worker at a time (two
      // instances on one PostgreSQL included), never two waiting on each other
      await trx.insertInto('workers').values(dnis.map((dni) => workers.get(dni) as IssuedRecord['worker']).map((worker) => ({
        dni: worker.dni,
        names: worker.names,
        last_name_father: worker.lastNameFather,
        last_name_mother: worker.lastNameMother,
        sex: worker.sex ?? null,
        birth_date: worker.birthDate === undefined ? null : isoDate(worker.birthDate)
      }))).onConflict((conflict) => conflict.column('dni').doUpdateSet((update) => ({
        names: update.ref('excluded.names'),
        last_name_father: update.ref('excluded.last_name_father'),
        last_name_mother: update.ref('excluded.last_name_mother'),
        sex: sql`coalesce(excluded.sex, workers.sex)`,
        birth_date: sql`coalesce(excluded.birth_date, workers.birth_date)`,
        updated_at: sql`now()`
      }))).execute()
      const plan = planIssue(records, await liveTerms(trx, dnis), randomUUID)
      if ('conflict' in plan) {
        const { id, entryDate, endDate } = plan.conflict
        throw new RegistryRefusal('conflict', { id, entryDate, endDate })
      }
      const codes = records.map((record) => record.documents.map((document) => document.code ?? verificationCode()))
      const contracts = plan.planned.map((term, index) => toContractRow(records[index], term, context))
      const documents = plan.planned.flatMap((term, index) =>
        records[index].documents.map((document, at) => toDocumentRow(term.id, codes[index][at], document)))
      const superseded = plan.superseded
      // the contracts, the documents and the reprints of earlier requests, in one statement (the
      // documents' references to the new contracts are checked at its end)
      const byId = JSON.stringify(Object.fromEntries(superseded.map(({ id, by }) => [id, by])))
      const write = trx
        .with('issued', (db) => db.insertInto('contracts').columns(CONTRACT_COLUMNS)
          .expression(recordset(db, 'contracts', contracts).select(CONTRACT_COLUMNS)))
        .with('reprinted', (db) => db.updateTable('contracts')
          .set({ status: 'superseded', superseded_by: sql<string>`${byId}::jsonb ->> ${sql.ref('contracts.id')}` })
          .where((eb) => superseded.length > 0 ? eb('id', 'in', superseded.map(({ id }) => id)) : eb.lit(false)))
      await write.insertInto('documents').columns(DOCUMENT_COLUMNS)
        .expression(recordset(trx, 'documents', documents).select(DOCUMENT_COLUMNS)).execute()
      return plan.planned.map((term, index) => ({ id: term.id, codes: codes[index] }))
    })
  }

  /**
   * Records the SHA-256 of documents already recorded, once they are rendered (docs/registry.md): one
   * statement for the batch; a code already hashed keeps its hash, an unknown one is skipped.
   * @param hashes code (`XXXX-XXXX`) and SHA-256 (hex) of each PDF
   * @returns how many documents took their hash
   */
  async recordHashes (hashes: ReadonlyArray<{ code: string, sha256: string }>): Promise<number> {
    if (hashes.length === 0) return 0
    return await updatePdfHashes(this.#db, hashes)
  }

  /**
   * A document by its verification code (`XXXX-XXXX`, parseVerificationCode), as its public check shows it.
   * @returns undefined for a code the registry does not hold (never issued, or deleted with its contract)
   */
  async documentByCode (code: string): Promise<DocumentCheck | undefined> {
    return await selectDocumentCheck(this.#db, code)
  }

  /**
   * Marks a recorded contract or adenda `signed` on `signedOn` (`DD/MM/YYYY`); marking it again on
   * the same day changes nothing.
   * @throws RegistryRefusal `missing` for an unknown (or superseded) id; `conflict` when another
   *   signed contract of the worker overlaps it (two concurrent marks: one wins, the worker's row lock);
   *   `signedOn` when it is already marked signed on another day; `beforeSigning` when `signedOn` is
   *   before the signing date its document printed
   */
  async markSigned (id: string, signedOn: string): Promise<RecordedContract> {
    return await this.#db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('contracts')
        .select(['worker_dni', 'kind', 'entry_date', 'end_date', 'status', 'signing_date', 'signed_on'])
        .where('id', '=', id).executeTakeFirst()
      const outcome = signingOutcome(found === undefined
        ? undefined
        : {
            status: found.status,
            signedOn: found.signed_on === null ? null : dayMonthYear(found.signed_on),
            signingDate: dayMonthYear(found.signing_date)
          }, signedOn)
      if (typeof outcome === 'object') {
        throw new RegistryRefusal(outcome.refusal, undefined, 'date' in outcome ? outcome.date : undefined)
      }
      if (outcome === 'sign' && found !== undefined) {
        await trx.selectFrom('workers').select('dni').where('dni', '=', found.worker_dni).forUpdate().execute()
        const term = {
          kind: found.kind,
          worker: { dni: found.worker_dni },
          entryDate: dayMonthYear(found.entry_date),
          endDate: dayMonthYear(found.end_date)
        }
        const other = signedOverlap(await liveTerms(trx, [found.worker_dni]), term, id)
        if (other !== undefined) {
          throw new RegistryRefusal('conflict', { id: other.id, entryDate: other.entryDate, endDate: other.endDate })
        }
        await trx.updateTable('contracts').set({ status: 'signed', signed_on: isoDate(signedOn) }).where('id', '=', id).execute()
      }
      return await contractById(trx, id) as RecordedContract
    })
  }

  /** The worker's recorded contracts and adendas, oldest first (superseded ones included, so marked). */
  async workerContracts (dni: string): Promise<RecordedContract[]> {
    const rows = await this.#db.selectFrom('contracts')
      .select(['id', 'kind', 'contract_type', 'modality', 'entry_date', 'end_date', 'status', 'signed_on'])
      .where('worker_dni', '=', dni).orderBy('entry_date').orderBy('issued_at').execute()
    return rows.map(recorded)
  }

  /**
   * Adds earlier contracts of a worker that the service did not issue. The worker must be known by
   * name, so a first entry comes with them.
   * @returns the worker's whole entered history, oldest first
   */
  async addHistory (
    worker: { dni: string, names?: string, lastNameFather?: string, lastNameMother?: string },
    entries: readonly HistoryEntry[], enteredBy?: string
  ): Promise<Array<HistoryEntry & { id: string }>> {
    return await this.#db.transaction().execute(async (trx) => {
      await trx.insertInto('workers').values({
        dni: worker.dni,
        names: worker.names ?? '',
        last_name_father: worker.lastNameFather ?? '',
        last_name_mother: worker.lastNameMother ?? ''
      }).onConflict((conflict) => conflict.column('dni').doNothing()).execute()
      await trx.insertInto('history').values(entries.map((entry) => historyRow(worker.dni, entry, enteredBy))).execute()
      return await this.history(worker.dni, trx)
    })
  }

  /**
   * The DNIs of `dnis` the registry knows by name (a worker row with names): whose history may be
   * entered without them (the upload's HISTORIAL sheet, docs/import.md).
   */
  async namedWorkers (dnis: readonly string[]): Promise<Set<string>> {
    if (dnis.length === 0) return new Set()
    const rows = await this.#db.selectFrom('workers').select('dni')
      .where('dni', 'in', [...new Set(dnis)]).where('names', '<>', '').execute()
    return new Set(rows.map((row) => row.dni))
  }

  /**
   * Adds several workers' earlier contracts in one transaction (the upload's HISTORIAL sheet,
   * docs/import.md): each worker is created with the names given, or given them when the registry
   * has none (names the service printed are kept); an entry equal to one the worker already has
   * (modality, dates, position, probation) is not added again, so uploading a file twice records
   * its history once. Rows of the workers are locked in DNI order, as recordIssued locks them.
   * @returns the entries added (those already held not counted)
   */
  async addHistories (
    workers: ReadonlyArray<{
      worker: { dni: string, names?: string, lastNameFather?: string, lastNameMother?: string }
      entries: readonly HistoryEntry[]
    }>, enteredBy?: string
  ): Promise<number> {
    if (workers.length === 0) return 0
    return await this.#db.transaction().execute(async (trx) => {
      const dnis = [...new Set(workers.map(({ worker }) => worker.dni))].sort()
      await trx.insertInto('workers').values(workers.map(({ worker }) => ({
        dni: worker.dni,
        names: worker.names ?? '',
        last_name_father: worker.lastNameFather ?? '',
        last_name_mother: worker.lastNameMother ?? ''
      }))).onConflict((conflict) => conflict.column('dni').doUpdateSet((update) => ({
        names: update.ref('excluded.names'),
        last_name_father: update.ref('excluded.last_name_father'),
        last_name_mother: update.ref('excluded.last_name_mother'),
        updated_at: sql`now()`
      })).where('workers.names', '=', '').where('excluded.names', '<>', '')).execute()
      await trx.selectFrom('workers').select('dni').where('dni', 'in', dnis).orderBy('dni').forUpdate().execute()
      const held = await trx.selectFrom('history')
        .select(['worker_dni', 'modality', 'entry_date', 'end_date', 'position', 'probation_months'])
        .where('worker_dni', 'in', dnis).execute()
      type Key = [dni: string, modality: string, entry: string, end: string, position: string, probation: number | null]
      const keyOf = (...key: Key) => JSON.stringify(key)
      const seen = new Set(held.map((row) => keyOf(row.worker_dni, row.modality, isoDate(dayMonthYear(row.entry_date)),
        isoDate(dayMonthYear(row.end_date)), row.position, row.probation_months)))
      const rows = workers.flatMap(({ worker, entries }) => entries.flatMap((entry) => {
        const key = keyOf(worker.dni, entry.modality, isoDate(entry.entryDate), isoDate(entry.endDate), entry.position,
          entry.probationMonths ?? null)
        if (seen.has(key)) return []
        seen.add(key)
        return [historyRow(worker.dni, entry, enteredBy)]
      }))
      if (rows.length > 0) await trx.insertInto('history').values(rows).execute()
      return rows.length
    })
  }

  /** The worker's entered history, oldest first. */
  /**
   * Deletes one entry of a worker's history (entered by mistake).
   * @returns the worker's remaining history, oldest first; undefined when the worker has no entry `id`
   */
  async deleteHistory (dni: string, id: string): Promise<Array<HistoryEntry & { id: string }> | undefined> {
    return await this.#db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('history').where('worker_dni', '=', dni).where('id', '=', id).executeTakeFirst()
      if (Number(deleted.numDeletedRows) === 0) return undefined
      return await this.history(dni, trx)
    })
  }

  async history (dni: string, db: Db = this.#db): Promise<Array<HistoryEntry & { id: string }>> {
    const rows = await db.selectFrom('history').selectAll().where('worker_dni', '=', dni).orderBy('entry_date').execute()
    return rows.map((row) => ({
      id: row.id,
      modality: row.modality,
      entryDate: dayMonthYear(row.entry_date),
      endDate: dayMonthYear(row.end_date),
      position: row.position,
      ...(row.probation_months === null ? {} : { probationMonths: row.probation_months })
    }))
  }

  /**
   * Contracts whose term, with their adendas, ends between `from` and `to` (`DD/MM/YYYY`,
   * inclusive): the renewals HR must decide before the end (LPCL art. 77 a: a contract worked past its
   * end without a written adenda becomes indefinite). Signed ones first, then by end date.
   */
  async expiring (from: string, to: string): Promise<ExpiringContract[]> {
    const rows = await this.#db.selectFrom('contracts as c')
      .innerJoin('workers as w', 'w.dni', 'c.worker_dni')
      .leftJoin(
        (eb) => eb.selectFrom('contracts').select(['contract_id', sql<string>`max(end_date)`.as('last_end'), sql<number>`count(*)::int`.as('addenda')])
          .where('kind', '=', 'addendum').where('status', '!=', 'superseded').where('contract_id', 'is not', null)
          .groupBy('contract_id').as('a'),
        (join) => join.onRef('a.contract_id', '=', 'c.id'))
      .select(['c.id', 'c.worker_dni', 'w.names', 'w.last_name_father', 'w.last_name_mother', 'c.contract_type', 'c.modality',
        'c.cause_id', 'c.entry_date', 'c.end_date', 'c.site', 'c.position', 'c.status', 'a.last_end', 'a.addenda'])
      .where('c.kind', '=', 'contract').where('c.status', '!=', 'superseded')
      .where(sql<string>`coalesce(a.last_end, c.end_date)`, '>=', isoDate(from))
      .where(sql<string>`coalesce(a.last_end, c.end_date)`, '<=', isoDate(to))
      .execute()
    const firstEntries = new Map<string, string>()
    const workers = [...new Set(rows.map((row) => row.worker_dni))]
    if (workers.length > 0) {
      const firsts = await this.#db.selectFrom(
        (eb) => eb.selectFrom('contracts').select(['worker_dni', 'entry_date']).where('kind', '=', 'contract')
          .where('status', '!=', 'superseded').where('worker_dni', 'in', workers)
          .unionAll(eb.selectFrom('history').select(['worker_dni', 'entry_date']).where('worker_dni', 'in', workers)).as('t'))
        .select(['worker_dni', sql<string>`min(entry_date)`.as('first')]).groupBy('worker_dni').execute()
      for (const row of firsts) firstEntries.set(row.worker_dni, row.first)
    }
    return rows.map((row) => ({
      id: row.id,
      dni: row.worker_dni,
      worker: [row.names, row.last_name_father, row.last_name_mother].filter((part) => part !== '').join(' '),
      type: row.contract_type,
      modality: row.modality,
      causeId: row.cause_id,
      site: row.site,
      position: row.position,
      entryDate: dayMonthYear(row.entry_date),
      endDate: dayMonthYear(row.last_end ?? row.end_date),
      addenda: row.addenda ?? 0,
      status: row.status as 'issued' | 'signed',
      firstEntryDate: dayMonthYear(firstEntries.get(row.worker_dni) ?? row.entry_date),
      longestEnd: longestEnd(
        row.modality, dayMonthYear(row.entry_date), dayMonthYear(firstEntries.get(row.worker_dni) ?? row.entry_date)
      )
    })).sort((a, b) => (a.status === b.status ? 0 : a.status === 'signed' ? -1 : 1) ||
      isoDate(a.endDate).localeCompare(isoDate(b.endDate)))
  }

  /**
   * The recorded contracts of these workers that an adenda may extend (not superseded), each with
   * the ends an adenda of it starts after: what an adendas sheet's row names by DNI and FECHA FIN
   * (contractExtendedBy), so that neither the contract nor the cause it printed is asked of HR again
   * (DOCUMENT-REQUIREMENTS §21, §28).
   * @returns by DNI, newest contract first
   */
  async extendableContracts (dnis: readonly string[]): Promise<Map<string, ExtendableContract[]>> {
    if (dnis.length === 0) return new Map()
    return extendableByWorker(await liveTerms(this.#db, [...new Set(dnis)]))
  }

  /**
   * Deletes what the registry keeps beyond its retention (Ley 29733 art. 8; docs/registry.md):
   * contracts and adendas whose term ended before `before` (`DD/MM/YYYY`) with their documents,
   * entered history that ended before it, and workers left with nothing.
   * @returns how many contracts and history entries were deleted
   */
  async purgeEndedBefore (before: string): Promise<{ contracts: number, history: number }> {
    const limit = isoDate(before)
    return await this.#db.transaction().execute(async (trx) => {
      // adendas first (they reference their contract), then contracts no live adenda extends
      const addenda = await trx.deleteFrom('contracts').where('kind', '=', 'addendum').where('end_date', '<', limit).executeTakeFirst()
      const contracts = await trx.deleteFrom('contracts').where('kind', '=', 'contract').where('end_date', '<', limit)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contracts as a').select('a.id').whereRef('a.contract_id', '=', 'contracts.id'))))
        .executeTakeFirst()
      const history = await trx.deleteFrom('history').where('end_date', '<', limit).executeTakeFirst()
      await trx.deleteFrom('workers')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contracts').select('id').whereRef('contracts.worker_dni', '=', 'workers.dni'))))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('history').select('id').whereRef('history.worker_dni', '=', 'workers.dni'))))
        .execute()
      return {
        contracts: Number(addenda.numDeletedRows) + Number(contracts.numDeletedRows),
        history: Number(history.numDeletedRows)
      }
    })
  }

  /**
   * The terms that count for the history rules (history-rules.ts), by DNI: each worker's `signed`
   * contracts and adendas and the history HR entered. Workers without any are absent.
   */
  async workerTerms (dnis: readonly string[]): Promise<Map<string, WorkerTerm[]>> {
    const terms = new Map<string, WorkerTerm[]>()
    if (dnis.length === 0) return terms
    const unique = [...new Set(dnis)]
    // one statement for both (one round trip before the batch's first byte)
    const rows = await this.#db.selectFrom('contracts')
      .select(['worker_dni', 'modality', 'entry_date', 'end_date', 'position',
        sql<boolean>`kind = 'contract' and probation is not null and probation <> 'sin periodo de prueba'`.as('probation')])
      .where('worker_dni', 'in', unique).where('status', '=', 'signed')
      .unionAll((db) => db.selectFrom('history')
        .select(['worker_dni', 'modality', 'entry_date', 'end_date', 'position', sql<boolean>`coalesce(probation_months, 0) > 0`.as('probation')])
        .where('worker_dni', 'in', unique))
      .execute()
    for (const row of rows) {
      terms.set(row.worker_dni, [...(terms.get(row.worker_dni) ?? []), {
        modality: row.modality ?? '',
        entryDate: dayMonthYear(row.entry_date),
        endDate: dayMonthYear(row.end_date),
        position: row.position,
        probation: row.probation
      }])
    }
    return terms
  }

  /**
   * A recorded contract as an adenda is built from it: the record its documents were drawn from, its
   * term and signing date, and the end and salary in force: its last adenda's when it has any (the
   * one with the latest end), else its own.
   * @returns undefined for an unknown id, an adenda's id or a superseded contract
   */
  async contractForAddendum (id: string): Promise<{
    record: Record<string, unknown>,
    entryDate: string,
    endDate: string,
    signingDate: string,
    salary: number,
    lastEnd: string,
    firstEntryDate: string
  } | undefined> {
    const row = await this.#db.selectFrom('contracts').selectAll().where('id', '=', id).where('kind', '=', 'contract')
      .where('status', '!=', 'superseded').executeTakeFirst()
    if (row === undefined) return undefined
    // the last adenda (the latest end) holds the end and the salary in force (art. 30 b compares with it)
    const last = await this.#db.selectFrom('contracts').select(['end_date as end', 'salary'])
      .where('contract_id', '=', id).where('kind', '=', 'addendum').where('status', '!=', 'superseded')
      .orderBy('end_date', 'desc').orderBy('issued_at', 'desc').limit(1).executeTakeFirst()
    const first = await this.#db.selectFrom(
      (eb) => eb.selectFrom('contracts').select('entry_date').where('worker_dni', '=', row.worker_dni).where('kind', '=', 'contract')
        .where('status', '!=', 'superseded')
        .unionAll(eb.selectFrom('history').select('entry_date').where('worker_dni', '=', row.worker_dni)).as('t'))
      .select(sql<string>`min(entry_date)`.as('first')).executeTakeFirst()
    return {
      record: row.record as Record<string, unknown>,
      entryDate: dayMonthYear(row.entry_date),
      endDate: dayMonthYear(row.end_date),
      signingDate: dayMonthYear(row.signing_date),
      salary: Number(last?.salary ?? row.salary),
      lastEnd: dayMonthYear(last?.end ?? row.end_date),
      firstEntryDate: dayMonthYear(first?.first ?? row.entry_date)
    }
  }

  /**
   * The recorded contracts (not adendas, not superseded) among `ids`, for the adendas that name them
   * (history-rules.ts linkedContractIssues).
   * @returns by id; an id the registry does not hold so is absent
   */
  async contractsByIds (ids: readonly string[]): Promise<Map<string, LinkedContract>> {
    if (ids.length === 0) return new Map()
    const rows = await this.#db.selectFrom('contracts').select(['id', 'worker_dni', 'modality', 'cause_id', 'site'])
      .where('id', 'in', [...new Set(ids)]).where('kind', '=', 'contract').where('status', '!=', 'superseded').execute()
    return new Map(rows.map((row) =>
      [row.id, { workerDni: row.worker_dni, modality: row.modality, causeId: row.cause_id, site: row.site }]))
  }

  /** One round trip: resolves when the database answers. */
  async ping (): Promise<void> {
    await sql`select 1`.execute(this.#db)
  }
}

/** The recorded contracts and adendas of these workers that are not superseded, newest first. */
async function liveTerms (db: Db, dnis: readonly string[]): Promise<LiveTerm[]> {
  const rows = await db.selectFrom('contracts')
    .select(['id', 'worker_dni', 'kind', 'contract_id', 'cause_id', 'entry_date', 'end_date', 'status', 'issued_at'])
    .where('worker_dni', 'in', dnis).where('status', '!=', 'superseded').orderBy('issued_at', 'desc').execute()
  return rows.map(toLiveTerm)
}

async function contractById (db: Db, id: string): Promise<RecordedContract | undefined> {
  const row = await db.selectFrom('contracts')
    .select(['id', 'kind', 'contract_type', 'modality', 'entry_date', 'end_date', 'status', 'signed_on'])
    .where('id', '=', id).executeTakeFirst()
  return row === undefined ? undefined : recorded(row)
}

function recorded (row: {
  id: string,
  kind: 'contract' | 'addendum',
  contract_type: string,
  modality: string | null,
  entry_date: string,
  end_date: string,
  status: 'issued' | 'signed' | 'superseded',
  signed_on: string | null
}): RecordedContract {
  return {
    id: row.id,
    kind: row.kind,
    type: row.contract_type,
    modality: row.modality,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    status: row.status,
    signedOn: row.signed_on === null ? null : dayMonthYear(row.signed_on)
  }
}
