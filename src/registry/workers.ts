/**
 * The `workers` table (docs/registry.md): one row per DNI, the names the service last printed (or HR
 * entered with an earlier contract). Its row is also the lock that lets one writer at a time change
 * a worker's contracts or history (two instances on one PostgreSQL included): every transaction
 * takes the rows of its workers in DNI order, so two never wait on each other. One query per
 * function, each on the database or a transaction; dates cross as `DD/MM/YYYY`.
 */
import { sql } from 'kysely'
import { dayMonthYear, isoDate, type RegistryDb } from './tables.js'

/** A worker as a contract prints it (`birthDate` `DD/MM/YYYY`). */
export interface IssuedWorker {
  dni: string
  names: string
  lastNameFather: string
  lastNameMother: string
  sex?: string
  birthDate?: string
}

/** A worker as HR names it with an earlier contract: the names may be missing (a worker the registry knows). */
export interface NamedWorker {
  dni: string
  names?: string
  lastNameFather?: string
  lastNameMother?: string
}

/**
 * Upserts the workers of a request being issued, which locks each one's row: the last data given
 * per DNI, in DNI order; a sex or birth date not given keeps the recorded one. A row whose data did
 * not change is locked but not rewritten (PostgreSQL locks every conflicting row of `on conflict do
 * update … where`, updated or not): a reprint writes no new version of its workers.
 * @returns the DNIs, sorted
 */
export async function upsertIssuedWorkers (db: RegistryDb, workers: readonly IssuedWorker[]): Promise<string[]> {
  const byDni = new Map(workers.map((worker) => [worker.dni, worker]))
  const dnis = [...byDni.keys()].sort()
  await db.insertInto('workers').values(dnis.map((dni) => byDni.get(dni) as IssuedWorker).map((worker) => ({
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
  })).where(sql<boolean>`(excluded.names, excluded.last_name_father, excluded.last_name_mother,
    coalesce(excluded.sex, workers.sex), coalesce(excluded.birth_date, workers.birth_date))
    is distinct from (workers.names, workers.last_name_father, workers.last_name_mother, workers.sex, workers.birth_date)`)).execute()
  return dnis
}

/** Creates the worker (names missing: empty) unless the registry has it; a worker it has is left as it is. */
export async function insertWorkerIfAbsent (db: RegistryDb, worker: NamedWorker): Promise<void> {
  await db.insertInto('workers').values({
    dni: worker.dni,
    names: worker.names ?? '',
    last_name_father: worker.lastNameFather ?? '',
    last_name_mother: worker.lastNameMother ?? ''
  }).onConflict((conflict) => conflict.column('dni').doNothing()).execute()
}

/**
 * Creates each worker with the names given, or gives them to a worker the registry has without
 * names; names the registry has (the service printed them) are kept.
 */
export async function upsertWorkerNames (db: RegistryDb, workers: readonly NamedWorker[]): Promise<void> {
  await db.insertInto('workers').values(workers.map((worker) => ({
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
}

/** Locks these workers' rows (`for update`, in DNI order) until the transaction ends. */
export async function lockWorkers (db: RegistryDb, dnis: readonly string[]): Promise<void> {
  if (dnis.length === 0) return
  await db.selectFrom('workers').select('dni').where('dni', 'in', dnis).orderBy('dni').forUpdate().execute()
}

/** The DNIs among `dnis` the registry knows by name (a row with names). */
export async function selectNamedWorkers (db: RegistryDb, dnis: readonly string[]): Promise<Set<string>> {
  if (dnis.length === 0) return new Set()
  const rows = await db.selectFrom('workers').select('dni').where('dni', 'in', dnis).where('names', '<>', '').execute()
  return new Set(rows.map((row) => row.dni))
}

/**
 * Each worker's first entry (`DD/MM/YYYY`): the earliest start of its recorded contracts (not adendas,
 * not superseded) and of its entered history, where LPCL art. 74's five years start.
 * @returns by DNI; a worker with neither is absent
 */
export async function selectFirstEntries (db: RegistryDb, dnis: readonly string[]): Promise<Map<string, string>> {
  if (dnis.length === 0) return new Map()
  const rows = await db.selectFrom(
    (eb) => eb.selectFrom('contracts').select(['worker_dni', 'entry_date']).where('kind', '=', 'contract')
      .where('status', '!=', 'superseded').where('worker_dni', 'in', dnis)
      .unionAll(eb.selectFrom('history').select(['worker_dni', 'entry_date']).where('worker_dni', 'in', dnis)).as('t'))
    .select(['worker_dni', sql<string>`min(entry_date)`.as('first')]).groupBy('worker_dni').execute()
  return new Map(rows.map((row) => [row.worker_dni, dayMonthYear(row.first)]))
}

/**
 * Deletes the workers left with no contract and no history (after the retention's purge), with their
 * history deletions (`on delete cascade`). @returns how many
 */
export async function deleteWorkersWithNothing (db: RegistryDb): Promise<number> {
  const result = await db.deleteFrom('workers')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contracts').select('id').whereRef('contracts.worker_dni', '=', 'workers.dni'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('history').select('id').whereRef('history.worker_dni', '=', 'workers.dni'))))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
