/**
 * What a batch of records being checked or issued reads of the registry, in one statement
 * (docs/registry.md: one read before a ZIP's first byte): its workers' live contracts and adendas
 * (`issued`, `signed`, `ended`: the partial index `contracts_live`, migration 0007), the contracts its
 * adendas name by id, and the history HR entered for its workers. From those rows, plain functions
 * give both what the history rules count (history-rules.ts; LPCL art. 74, Reglamento art. 16) and
 * what planIssue's overlap check reads (contract-rules.ts; DOCUMENT-REQUIREMENTS §32, §39), so the
 * 400s and the 409s of a ZIP come from the same read.
 */
import { sql } from 'kysely'
import { dayMonthYear, type ContractStatus, type RegistryDb } from './tables.js'
import { lastedStatutoryProbation, type LinkedContract, type WorkerTerm } from './history-rules.js'
import { bindingTerm, type LiveTerm } from './contract-rules.js'
import { LIVE_STATUSES } from './contracts.js'

/** What the registry held for a batch when it was read (Registry.issueState). */
export interface IssueState {
  /** `DD/MM/YYYY` in Lima: the day the terms were judged on. */
  today: string
  /** The workers read: a record of another worker needs a read of its own. */
  dnis: ReadonlySet<string>
  /** Their live contracts and adendas, newest first (`issuedAt`): planIssue's `recorded`. */
  live: LiveTerm[]
  /** By DNI, the terms the history rules count (selectWorkerTerms's); a worker without any is absent. */
  terms: Map<string, WorkerTerm[]>
  /** The recorded contracts (not adendas; issued or signed) among the ids asked for, by id. */
  linked: Map<string, LinkedContract>
}

/** One row of selectIssueRows: a live contract or adenda (`id` set), or an entered history term (`id` null). */
interface IssueRow {
  id: string | null
  worker_dni: string
  kind: 'contract' | 'addendum' | null
  contract_id: string | null
  cause_id: string | null
  entry_date: string
  end_date: string
  status: ContractStatus | null
  ended_on: string | null
  issued_at: Date | null
  modality: string | null
  position: string
  site: string | null
  probation: boolean | null
}

/**
 * The rows of an IssueState, in one statement: the live contracts and adendas of `dnis` and those
 * among `contractIds` (whatever their worker), and the entered history of `dnis`.
 */
async function selectIssueRows (
  db: RegistryDb, dnis: readonly string[], contractIds: readonly string[]
): Promise<IssueRow[]> {
  const contracts = db.selectFrom('contracts').select([
    'id', 'worker_dni', 'kind', 'contract_id', 'cause_id', 'entry_date', 'end_date', 'status', 'ended_on', 'issued_at',
    'modality', 'position', 'site',
    sql<boolean | null>`kind = 'contract' and probation is not null and probation <> 'sin periodo de prueba'`.as('probation')
  ]).where('status', 'in', LIVE_STATUSES).where((eb) => eb.or([
    ...(dnis.length === 0 ? [] : [eb('worker_dni', 'in', dnis)]),
    ...(contractIds.length === 0 ? [] : [eb('id', 'in', contractIds)])
  ])).$castTo<IssueRow>()
  if (dnis.length === 0) return await contracts.execute()
  return await contracts.unionAll(db.selectFrom('history').select([
    sql<string | null>`null::text`.as('id'), 'worker_dni', sql<'contract' | 'addendum' | null>`null::text`.as('kind'),
    sql<string | null>`null::text`.as('contract_id'), sql<string | null>`null::text`.as('cause_id'), 'entry_date', 'end_date',
    sql<ContractStatus | null>`null::text`.as('status'), sql<string | null>`null::date`.as('ended_on'),
    sql<Date | null>`null::timestamptz`.as('issued_at'), 'modality', 'position', sql<string | null>`null::text`.as('site'),
    sql<boolean | null>`probation_months > 0`.as('probation')
  ]).where('worker_dni', 'in', dnis).$castTo<IssueRow>()).execute()
}

/**
 * What the registry holds for a batch of records (IssueState), read in one statement.
 * @param dnis the records' workers
 * @param contractIds the recorded contracts the batch's adendas name (`contractId`)
 * @param today `DD/MM/YYYY` in Lima: the day a contract binds (bindingTerm)
 */
export async function readIssueState (
  db: RegistryDb, dnis: readonly string[], contractIds: readonly string[], today: string
): Promise<IssueState> {
  const workers = new Set(dnis)
  const ids = [...new Set(contractIds)]
  const rows = workers.size === 0 && ids.length === 0 ? [] : await selectIssueRows(db, [...workers], ids)
  return issueState(rows, workers, new Set(ids), today)
}

/** The IssueState of selectIssueRows's rows. */
function issueState (
  rows: readonly IssueRow[], dnis: ReadonlySet<string>, ids: ReadonlySet<string>, today: string
): IssueState {
  const live: LiveTerm[] = []
  const terms = new Map<string, WorkerTerm[]>()
  const linked = new Map<string, LinkedContract>()
  const addTerm = (dni: string, term: WorkerTerm) => {
    const list = terms.get(dni)
    if (list === undefined) terms.set(dni, [term])
    else list.push(term)
  }
  for (const row of rows) {
    if (row.id === null) {
      // an entered term: §36, one without probation months served the statutory three once it lasted them
      const entryDate = dayMonthYear(row.entry_date)
      const endDate = dayMonthYear(row.end_date)
      addTerm(row.worker_dni, {
        modality: row.modality ?? '',
        entryDate,
        endDate,
        position: row.position,
        probation: row.probation ?? lastedStatutoryProbation(entryDate, endDate)
      })
      continue
    }
    const term: LiveTerm = {
      id: row.id,
      dni: row.worker_dni,
      kind: row.kind ?? 'contract',
      contractId: row.contract_id,
      causeId: row.cause_id,
      entryDate: dayMonthYear(row.entry_date),
      endDate: dayMonthYear(row.end_date),
      status: row.status ?? 'issued',
      endedOn: row.ended_on === null ? null : dayMonthYear(row.ended_on),
      issuedAt: Number(row.issued_at)
    }
    if (ids.has(term.id) && term.kind === 'contract' && (term.status === 'issued' || term.status === 'signed')) {
      linked.set(term.id, { workerDni: term.dni, modality: row.modality, causeId: row.cause_id, site: row.site })
    }
    if (!dnis.has(term.dni)) continue
    live.push(term)
    // what binds the worker on `today` counts (signed; issued and started; ended, up to its end)
    const binding = bindingTerm(term, today)
    if (binding !== undefined) {
      addTerm(term.dni, {
        modality: row.modality ?? '',
        entryDate: binding.entryDate,
        endDate: binding.endDate,
        position: row.position,
        probation: row.probation ?? false
      })
    }
  }
  live.sort((a, b) => b.issuedAt - a.issuedAt)
  return { today, dnis, live, terms, linked }
}

/** Whether `state` was read on `today` for every worker of `dnis`: planIssue may read it instead of the registry. */
export function coversIssue (
  state: IssueState | undefined, dnis: Iterable<string>, today: string
): state is IssueState {
  if (state === undefined || state.today !== today) return false
  for (const dni of dnis) if (!state.dnis.has(dni)) return false
  return true
}
