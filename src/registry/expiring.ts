/**
 * The contracts whose term, with their adendas, ends soon (`GET /api/contracts/expiring`,
 * docs/registry.md): the renewals HR must decide before the end (LPCL art. 77 a). One query over the
 * `contracts` and `workers` tables; the worker's first entry and the longest end an adenda could
 * reach are the registry's (workers.ts selectFirstEntries, contract-rules.ts longestEnd).
 */
import { sql } from 'kysely'
import { isDayMonthYear } from '../vocabulary/dates.js'
import { dayMonthYear, isoDate, type RegistryDb } from './tables.js'

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
  /** The last day of the contract itself, before any adenda: its own term runs from entryDate to it. */
  contractEndDate: string
  /** A suplencia's expected end of the absence it covers (its record's FIN DE AUSENCIA), else null. */
  absenceTo: string | null
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

/**
 * Contracts (issued or signed) whose term, with their adendas (neither superseded nor withdrawn; an
 * ended one at its `ended_on`), ends between `from`
 * and `to` (`DD/MM/YYYY`, inclusive), unordered; the worker's first entry and the longest end are
 * the caller's (workers.ts selectFirstEntries, contract-rules.ts longestEnd).
 */
export async function selectExpiring (
  db: RegistryDb, from: string, to: string
): Promise<Array<Omit<ExpiringContract, 'firstEntryDate' | 'longestEnd'>>> {
  const rows = await db.selectFrom('contracts as c')
    .innerJoin('workers as w', 'w.dni', 'c.worker_dni')
    .leftJoin(
      (eb) => eb.selectFrom('contracts').select(['contract_id',
        sql<string>`max(case when status = 'ended' then ended_on else end_date end)`.as('last_end'), sql<number>`count(*)::int`.as('addenda')])
        .where('kind', '=', 'addendum').where('status', 'not in', ['superseded', 'withdrawn']).where('contract_id', 'is not', null)
        .groupBy('contract_id').as('a'),
      (join) => join.onRef('a.contract_id', '=', 'c.id'))
    .select(['c.id', 'c.worker_dni', 'w.names', 'w.last_name_father', 'w.last_name_mother', 'c.contract_type', 'c.modality',
      'c.cause_id', 'c.entry_date', 'c.end_date', 'c.site', 'c.position', 'c.status', 'a.last_end', 'a.addenda',
      sql<string | null>`c.record->>'absenceTo'`.as('absence_to')])
    // an ended or withdrawn contract expires no more; a superseded one is its reprint's
    .where('c.kind', '=', 'contract').where('c.status', 'in', ['issued', 'signed'])
    .where(sql<string>`coalesce(a.last_end, c.end_date)`, '>=', isoDate(from))
    .where(sql<string>`coalesce(a.last_end, c.end_date)`, '<=', isoDate(to))
    .execute()
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
    contractEndDate: dayMonthYear(row.end_date),
    absenceTo: row.contract_type === 'Subsidio' && typeof row.absence_to === 'string' && isDayMonthYear(row.absence_to) ? row.absence_to : null,
    addenda: row.addenda ?? 0,
    status: row.status as 'issued' | 'signed'
  }))
}

/** The order HR reads them in: signed ones first, then by end, the earliest first. */
export function renewalOrder (
  a: Pick<ExpiringContract, 'status' | 'endDate'>, b: Pick<ExpiringContract, 'status' | 'endDate'>
): number {
  return (a.status === b.status ? 0 : a.status === 'signed' ? -1 : 1) || isoDate(a.endDate).localeCompare(isoDate(b.endDate))
}
