/**
 * The causes counsel reviews, in the registry (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21;
 * LPCL arts. 53-63, 67, 72, 77 d): HR proposes a cause, counsel (role `legal`) edits the proposal,
 * approves it or retires it; only approved causes print. The employer profile's causes seed the
 * table as approved, once per id: a cause counsel has since edited or retired is never overwritten.
 * Every write takes the next `causes_revision`, the catalogue's version (`revision()`).
 *
 * The `causes` table's queries are one per function, each on the database or a transaction; rows
 * become causes at toRegisteredCause and causes columns at toCauseColumns. The review's rules on
 * plain values (causeSlug, sameCauseText, sameCauseContent, freeCauseId) need no database.
 * What a cause may say (its modality, sites, period, hours) is checked against the employer profile
 * by the caller (src/employer/reviewed-causes.ts `causeFindings`), as src/registry imports only the
 * vocabulary. Dates cross as `DD/MM/YYYY`.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import { dayMonthYear, isoDate, type CausesTable, type RegistryDb, type RegistryTables } from './tables.js'
import { foldText } from '../vocabulary/format.js'

/** A cause's review: `proposed` is never printed, `approved` is, `retired` no longer is. */
export const CAUSE_STATUSES = ['proposed', 'approved', 'retired'] as const
export type CauseStatus = typeof CAUSE_STATUSES[number]

/** What a cause says: as the profile's `causes[i]` (schemas/employer-profile.ts). */
export interface CauseContent {
  modality: string
  sites: string[]
  text: string
  period: { from: string, to: string }
  /** Art. 57: the day its activity began (DOCUMENT-REQUIREMENTS §34). */
  activityStart?: string
  justifies?: { days: string, from: string, to: string }
}

/** A cause as the registry answers it (`GET /api/causes`). */
export interface RegisteredCause extends CauseContent {
  id: string
  status: CauseStatus
  /** Who proposed it (the identity's subject), `employer-profile` for a seeded one; null without identity. */
  proposedBy: string | null
  /** Who approved it; `employer-profile` for a seeded one; null while proposed or without identity. */
  approvedBy: string | null
  /** Who retired it; null unless retired (or without identity). */
  retiredBy: string | null
  /** When it took its status (ISO 8601). */
  at: string
}

/** Who proposed and approved the causes that come from the employer profile. */
export const PROFILE_AUTHOR = 'employer-profile'

/** A refusal the causes' state causes: plugins/errors.ts answers 404 (`missing`) or 409 (the others). */
export class CauseRefusal extends Error {
  /** `status`: the cause is not a proposal (to edit or approve it); `retired`: it is retired already (to retire it). */
  readonly reason: 'missing' | 'idTaken' | 'textTaken' | 'status' | 'retired'
  /** The cause in the way: the one holding the id or text, or the one whose status refuses the change. */
  readonly cause?: RegisteredCause
  constructor (reason: CauseRefusal['reason'], cause?: RegisteredCause) {
    super(`cause refused: ${reason}`)
    this.name = 'CauseRefusal'
    this.reason = reason
    this.cause = cause
  }
}

/** Lower-case ASCII words of `text` joined by hyphens, at most `max` characters, cut at a word. */
export function causeSlug (text: string, max = 60): string {
  const words = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    if (next.length > max) break
    slug = next
  }
  return slug === '' ? 'causa' : slug
}

/** The id of a new cause given none: causeSlug of its text, with `-2`, `-3`… when taken (at most 60 characters). */
export function freeCauseId (text: string, taken: ReadonlySet<string>): string {
  const base = causeSlug(text)
  let chosen = base
  for (let suffix = 2; taken.has(chosen); suffix++) {
    chosen = `${base.slice(0, 60 - String(suffix).length - 1).replace(/-+$/, '')}-${suffix}`
  }
  return chosen
}

/** Whether two causes' texts say the same: case, accents and a closing stop aside. */
export function sameCauseText (a: string, b: string): boolean {
  const key = (text: string) => foldText(text).replace(/[.;,\s]+$/, '')
  return key(a) === key(b)
}

/**
 * Whether two periods (`DD/MM/YYYY`, both days in them) share a day: the same need (sameCauseText) may
 * be recorded again only for a period that does not overlap (a season that comes back every year).
 */
export function periodsOverlap (a: CauseContent['period'], b: CauseContent['period']): boolean {
  return isoDate(a.from) <= isoDate(b.to) && isoDate(b.from) <= isoDate(a.to)
}

/** Whether another cause (not retired) already says the same need for a period that overlaps `content`'s. */
function sameNeed (cause: RegisteredCause, content: CauseContent): boolean {
  return cause.status !== 'retired' && sameCauseText(cause.text, content.text) && periodsOverlap(cause.period, content.period)
}

/** Whether two causes say the same (modality, sites, text, period and hours). */
export function sameCauseContent (a: CauseContent, b: CauseContent): boolean {
  const hours = (cause: CauseContent) =>
    cause.justifies === undefined ? null : [cause.justifies.days, cause.justifies.from, cause.justifies.to]
  const said = (cause: CauseContent) => JSON.stringify([
    cause.modality, cause.sites, cause.text, cause.period.from, cause.period.to,
    cause.activityStart ?? null, hours(cause)
  ])
  return said(a) === said(b)
}

/** A row as the registry answers it. */
export function toRegisteredCause (row: Selectable<CausesTable>): RegisteredCause {
  return {
    id: row.id,
    modality: row.modality,
    sites: [...row.sites],
    text: row.text,
    period: { from: dayMonthYear(row.period_from), to: dayMonthYear(row.period_to) },
    ...(row.activity_start === null ? {} : { activityStart: dayMonthYear(row.activity_start) }),
    ...(row.justifies === null ? {} : { justifies: { ...row.justifies } }),
    status: row.status,
    proposedBy: row.proposed_by,
    approvedBy: row.approved_by,
    retiredBy: row.retired_by,
    at: new Date(row.at).toISOString()
  }
}

/** The columns of what a cause says (JSON columns as text, ISO dates). */
export function toCauseColumns (content: CauseContent) {
  return {
    modality: content.modality,
    sites: JSON.stringify(content.sites),
    text: content.text,
    period_from: isoDate(content.period.from),
    period_to: isoDate(content.period.to),
    activity_start: content.activityStart === undefined ? null : isoDate(content.activityStart),
    justifies: content.justifies === undefined ? null : JSON.stringify(content.justifies)
  }
}

const nextRevision = sql<string>`nextval('causes_revision')`

/** Inserts the profile's causes as approved, each only when the table has no cause of its id. */
export async function insertSeedCauses (
  db: RegistryDb, causes: ReadonlyArray<CauseContent & { id: string }>
): Promise<void> {
  await db.insertInto('causes').values(causes.map((cause) => ({
    id: cause.id,
    ...toCauseColumns(cause),
    status: 'approved' as const,
    proposed_by: PROFILE_AUTHOR,
    approved_by: PROFILE_AUTHOR
  }))).onConflict((conflict) => conflict.column('id').doNothing()).execute()
}

/** Every cause, or those of one status, by id. */
export async function selectCauses (db: RegistryDb, status?: CauseStatus): Promise<RegisteredCause[]> {
  let query = db.selectFrom('causes').selectAll()
  if (status !== undefined) query = query.where('status', '=', status)
  return (await query.orderBy('id').execute()).map(toRegisteredCause)
}

/** The cause of this id, if any. */
export async function selectCause (db: RegistryDb, id: string): Promise<RegisteredCause | undefined> {
  const row = await db.selectFrom('causes').selectAll().where('id', '=', id).executeTakeFirst()
  return row === undefined ? undefined : toRegisteredCause(row)
}

/** The cause of this id, its row locked until the transaction ends. @throws CauseRefusal `missing` */
export async function selectCauseForUpdate (db: RegistryDb, id: string): Promise<RegisteredCause> {
  const row = await db.selectFrom('causes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (row === undefined) throw new CauseRefusal('missing')
  return toRegisteredCause(row)
}

/** The last revision written, as text ('0' for an empty table). */
export async function selectRevision (db: RegistryDb): Promise<string> {
  const row = await db.selectFrom('causes').select(sql<string>`coalesce(max(revision), 0)::text`.as('revision')).executeTakeFirst()
  return row?.revision ?? '0'
}

/** Locks the table against other writers (one proposal or edit at a time, several instances included) until commit. */
export async function lockCauses (db: RegistryDb): Promise<void> {
  await sql`lock table causes in share row exclusive mode`.execute(db)
}

/** Inserts a proposal. */
export async function insertProposal (
  db: RegistryDb, id: string, content: CauseContent, proposedBy: string | null
): Promise<RegisteredCause> {
  const row = await db.insertInto('causes').values({ id, ...toCauseColumns(content), status: 'proposed', proposed_by: proposedBy })
    .returningAll().executeTakeFirstOrThrow()
  return toRegisteredCause(row)
}

/** Replaces what the cause of this id says. */
export async function updateCauseContent (db: RegistryDb, id: string, content: CauseContent): Promise<RegisteredCause> {
  const row = await db.updateTable('causes').set({ ...toCauseColumns(content), revision: nextRevision })
    .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
  return toRegisteredCause(row)
}

/** Gives the cause of this id its new status (`approved` or `retired`), by whom, now. */
export async function updateCauseStatus (
  db: RegistryDb, id: string, status: 'approved' | 'retired', by: string | null
): Promise<RegisteredCause> {
  const who = status === 'approved' ? { approved_by: by } : { retired_by: by }
  const row = await db.updateTable('causes').set({ status, ...who, at: sql`now()`, revision: nextRevision })
    .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
  return toRegisteredCause(row)
}

/** The causes of one open registry database. */
export class CauseRegistry {
  readonly #db: Kysely<RegistryTables>
  constructor (db: Kysely<RegistryTables>) {
    this.#db = db
  }

  /**
   * Seeds the profile's causes as approved, each only when the table has no cause of its id.
   * @returns the ids whose registered cause says something else than the profile (counsel edited
   *   it here, or the profile changed since): the registry's is the one in force
   */
  async seed (causes: ReadonlyArray<CauseContent & { id: string }>): Promise<string[]> {
    if (causes.length === 0) return []
    await insertSeedCauses(this.#db, causes)
    const stored = new Map((await this.list()).map((cause) => [cause.id, cause]))
    return causes.filter((cause) => {
      const found = stored.get(cause.id)
      return found === undefined || found.status !== 'approved' || !sameCauseContent(found, cause)
    }).map((cause) => cause.id)
  }

  /** Every cause, or those of one status, by id. */
  async list (status?: CauseStatus): Promise<RegisteredCause[]> {
    return await selectCauses(this.#db, status)
  }

  /** The cause of this id, if any. */
  async get (id: string): Promise<RegisteredCause | undefined> {
    return await selectCause(this.#db, id)
  }

  /** The catalogue's version: the last revision written ('0' for an empty table). Changes with every write. */
  async revision (): Promise<string> {
    return await selectRevision(this.#db)
  }

  /**
   * Records HR's proposal. Without `id`, one is made from the text (freeCauseId).
   * @throws CauseRefusal `idTaken` for a given id that exists; `textTaken` when another cause that is
   *   not retired says the same (sameCauseText) for a period that overlaps (periodsOverlap)
   */
  async propose (content: CauseContent, id: string | undefined, proposedBy: string | null): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      // one proposal at a time (several instances included): the id and text checks hold until commit
      await lockCauses(trx)
      const all = await selectCauses(trx)
      const same = all.find((cause) => sameNeed(cause, content))
      if (same !== undefined) throw new CauseRefusal('textTaken', same)
      const taken = new Set(all.map((cause) => cause.id))
      if (id !== undefined && taken.has(id)) throw new CauseRefusal('idTaken', all.find((cause) => cause.id === id))
      return await insertProposal(trx, id ?? freeCauseId(content.text, taken), content, proposedBy)
    })
  }

  /**
   * Changes a proposal (counsel's edit): what `revise` makes of it replaces what it says.
   * @param revise the proposal as it stands → its new content; throws to refuse, inside the transaction
   * @throws CauseRefusal `missing`; `status` when it is no longer a proposal; `textTaken` as propose
   */
  async edit (id: string, revise: (found: RegisteredCause) => CauseContent): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      await lockCauses(trx)
      const found = await selectCauseForUpdate(trx, id)
      if (found.status !== 'proposed') throw new CauseRefusal('status', found)
      const content = revise(found)
      const same = (await selectCauses(trx)).find((cause) => cause.id !== id && sameNeed(cause, content))
      if (same !== undefined) throw new CauseRefusal('textTaken', same)
      return await updateCauseContent(trx, id, content)
    })
  }

  /**
   * Approves a proposal: printed from now on.
   * @param check what the proposal says is still lawful for the profile (its sites may have changed):
   *   throws to refuse, inside the transaction
   * @throws CauseRefusal `missing`; `status` when it is not a proposal
   */
  async approve (
    id: string, approvedBy: string | null, check: (cause: RegisteredCause) => void = () => {}
  ): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      const found = await selectCauseForUpdate(trx, id)
      if (found.status !== 'proposed') throw new CauseRefusal('status', found)
      check(found)
      return await updateCauseStatus(trx, id, 'approved', approvedBy)
    })
  }

  /**
   * Retires a cause (an approved one, or a proposal counsel rejects): never printed again; the
   * contracts that printed it keep its id.
   * @throws CauseRefusal `missing`; `status` when it is retired already
   */
  async retire (id: string, retiredBy: string | null): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      const found = await selectCauseForUpdate(trx, id)
      if (found.status === 'retired') throw new CauseRefusal('retired', found)
      return await updateCauseStatus(trx, id, 'retired', retiredBy)
    })
  }
}
