/**
 * The `history` table (docs/registry.md): the earlier contracts of a worker that HR entered (not
 * issued by the service), which count with the signed ones for the history rules (history-rules.ts;
 * LPCL art. 74, Reglamento art. 16). One query per function, each on the database or a transaction;
 * rows become entries (`DD/MM/YYYY` dates) at toHistoryEntry and entries rows at toHistoryRow.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Insertable, type Selectable } from 'kysely'
import { dayMonthYear, isoDate, type HistoryTable, type RegistryDb } from './tables.js'
import { lastedStatutoryProbation, type WorkerTerm } from './history-rules.js'

/** An earlier contract HR enters (not issued by the service). */
export interface HistoryEntry {
  modality: string
  entryDate: string
  endDate: string
  position: string
  probationMonths?: number
}

/** An entry as the registry holds it. */
export type RecordedHistoryEntry = HistoryEntry & { id: string }

/** The row of an entry HR gave, with a new id. */
export function toHistoryRow (
  dni: string, entry: HistoryEntry, enteredBy: string | undefined
): Insertable<HistoryTable> {
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

/** A row as an entry: `probationMonths` absent when none was entered. */
export function toHistoryEntry (
  row: Pick<Selectable<HistoryTable>, 'id' | 'modality' | 'entry_date' | 'end_date' | 'position' | 'probation_months'>
): RecordedHistoryEntry {
  return {
    id: row.id,
    modality: row.modality,
    entryDate: dayMonthYear(row.entry_date),
    endDate: dayMonthYear(row.end_date),
    position: row.position,
    ...(row.probation_months === null ? {} : { probationMonths: row.probation_months })
  }
}

/**
 * The entries of `given` a worker does not hold yet (the upload's HISTORIAL sheet, docs/import.md): an
 * entry equal to one held (modality, dates, position, probation), or to an earlier one of `given`,
 * is left out, so uploading a file twice records its history once.
 * @param held the entries the workers hold, with their DNI
 * @returns the entries to add, in the order given
 */
export function unheldEntries (
  held: ReadonlyArray<{ dni: string, entry: HistoryEntry }>,
  given: ReadonlyArray<{ dni: string, entries: readonly HistoryEntry[] }>
): Array<{ dni: string, entry: HistoryEntry }> {
  const keyOf = (dni: string, entry: HistoryEntry) => JSON.stringify([
    dni, entry.modality, isoDate(entry.entryDate), isoDate(entry.endDate), entry.position, entry.probationMonths ?? null
  ])
  const seen = new Set(held.map(({ dni, entry }) => keyOf(dni, entry)))
  return given.flatMap(({ dni, entries }) => entries.flatMap((entry) => {
    const key = keyOf(dni, entry)
    if (seen.has(key)) return []
    seen.add(key)
    return [{ dni, entry }]
  }))
}

/** Inserts history rows (toHistoryRow), at least one. */
export async function insertHistory (db: RegistryDb, rows: ReadonlyArray<Insertable<HistoryTable>>): Promise<void> {
  await db.insertInto('history').values([...rows]).execute()
}

/** The worker's entered history, oldest first. */
export async function selectHistory (db: RegistryDb, dni: string): Promise<RecordedHistoryEntry[]> {
  const rows = await db.selectFrom('history').selectAll().where('worker_dni', '=', dni).orderBy('entry_date').execute()
  return rows.map(toHistoryEntry)
}

/** The entries these workers hold, each with its DNI, unordered. */
export async function selectHeldHistory (
  db: RegistryDb, dnis: readonly string[]
): Promise<Array<{ dni: string, entry: RecordedHistoryEntry }>> {
  if (dnis.length === 0) return []
  const rows = await db.selectFrom('history')
    .select(['id', 'worker_dni', 'modality', 'entry_date', 'end_date', 'position', 'probation_months'])
    .where('worker_dni', 'in', dnis).execute()
  return rows.map((row) => ({ dni: row.worker_dni, entry: toHistoryEntry(row) }))
}

/** Deletes the worker's entry `id`. @returns false when the worker has no such entry */
export async function deleteHistoryEntry (db: RegistryDb, dni: string, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('history').where('worker_dni', '=', dni).where('id', '=', id).executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
}

/** Records who deleted the worker's history entry `historyId` (undefined: no identity) and when (now). */
export async function insertHistoryDeletion (
  db: RegistryDb, deletion: { historyId: string, dni: string, deletedBy: string | undefined }
): Promise<void> {
  const { historyId, dni, deletedBy } = deletion
  await db.insertInto('history_deletions').values({ history_id: historyId, worker_dni: dni, deleted_by: deletedBy ?? null }).execute()
}

/** Who deleted which of the worker's history entries, and when (ISO 8601, UTC), oldest first. */
export async function selectHistoryDeletions (
  db: RegistryDb, dni: string
): Promise<Array<{ id: string, deletedBy: string | null, deletedAt: string }>> {
  const rows = await db.selectFrom('history_deletions').select(['history_id', 'deleted_by', 'deleted_at'])
    .where('worker_dni', '=', dni).orderBy('deleted_at').execute()
  return rows.map((row) =>
    ({ id: row.history_id, deletedBy: row.deleted_by, deletedAt: new Date(row.deleted_at).toISOString() }))
}

/** Deletes the entries that ended before `before` (`DD/MM/YYYY`). @returns how many */
export async function deleteHistoryEndedBefore (db: RegistryDb, before: string): Promise<number> {
  const deleted = await db.deleteFrom('history').where('end_date', '<', isoDate(before)).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/**
 * The terms that count for the history rules (history-rules.ts), by DNI, in one statement (one round
 * trip before a batch's first byte): each worker's contracts and adendas that bind on `today`
 * (contract-rules.ts bindingTerm; DOCUMENT-REQUIREMENTS §39): `signed` ones, `issued` ones whose start
 * is `today` or earlier, `ended` ones up to their `ended_on` (a probation served when a contract
 * printed one); and the history HR entered (when it entered probation months, or entered none and
 * the term lasted the statutory three months: LPCL art. 10, DOCUMENT-REQUIREMENTS §36).
 * @param today `DD/MM/YYYY` in Lima
 * @param except a contract left out (the one being marked signed, which the rules add themselves)
 * @returns by DNI; a worker without any is absent
 */
export async function selectWorkerTerms (
  db: RegistryDb, dnis: readonly string[], today: string, except?: string
): Promise<Map<string, WorkerTerm[]>> {
  const terms = new Map<string, WorkerTerm[]>()
  if (dnis.length === 0) return terms
  const rows = await db.selectFrom('contracts')
    .select(['worker_dni', 'modality', 'entry_date', sql<string>`case when status = 'ended' then ended_on else end_date end`.as('end_date'), 'position',
      sql<boolean | null>`kind = 'contract' and probation is not null and probation <> 'sin periodo de prueba'`.as('probation')])
    .where('worker_dni', 'in', dnis)
    .where(({ eb, or, and }) => or([
      eb('status', 'in', ['signed', 'ended']),
      and([eb('status', '=', 'issued'), eb('entry_date', '<=', isoDate(today))])
    ]))
    .where('id', '!=', except ?? '')
    .unionAll((union) => union.selectFrom('history')
      .select(['worker_dni', 'modality', 'entry_date', 'end_date', 'position', sql<boolean | null>`probation_months > 0`.as('probation')])
      .where('worker_dni', 'in', dnis))
    .execute()
  for (const row of rows) {
    terms.set(row.worker_dni, [...(terms.get(row.worker_dni) ?? []), {
      modality: row.modality ?? '',
      entryDate: dayMonthYear(row.entry_date),
      endDate: dayMonthYear(row.end_date),
      position: row.position,
      // §36: an entry without probation months served the statutory three once it lasted them
      probation: row.probation ?? lastedStatutoryProbation(dayMonthYear(row.entry_date), dayMonthYear(row.end_date))
    }])
  }
  return terms
}
