/**
 * The causes counsel reviews, in the registry (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21;
 * LPCL arts. 53-63, 67, 72, 77 d): HR proposes a cause, counsel (role `legal`) edits the proposal,
 * approves it or retires it; only approved causes print. The employer profile's causes seed the
 * table as approved, once per id: a cause counsel has since edited or retired is never overwritten.
 * Every write takes the next `causes_revision`, the catalogue's version (`revision()`).
 *
 * Plain data, no Fastify; what a cause may say (its modality, sites, period, hours) is checked against
 * the employer profile by the caller (src/employer/causes.ts `causeFindings`), as src/registry
 * imports only the vocabulary. Dates cross as `DD/MM/YYYY`.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { CausesTable, RegistryTables } from './tables.js'
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

/** A refusal the causes' state causes: the routes answer 404 (`missing`) or 409 (the others). */
export class CauseRefusal extends Error {
  readonly reason: 'missing' | 'idTaken' | 'textTaken' | 'status'
  /** The cause in the way: the one holding the id or text, or the one whose status refuses the change. */
  readonly cause?: RegisteredCause
  constructor (reason: CauseRefusal['reason'], cause?: RegisteredCause) {
    super(`cause refused: ${reason}`)
    this.name = 'CauseRefusal'
    this.reason = reason
    this.cause = cause
  }
}

/** `DD/MM/YYYY` → `YYYY-MM-DD`. */
const iso = (date: string) => { const [day, month, year] = date.split('/'); return `${year}-${month}-${day}` }
/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
const dmy = (date: string) => { const [year, month, day] = date.split('-'); return `${day}/${month}/${year}` }

/** A cause's text as two causes are compared: folded, without its closing stop. */
const textKey = (text: string) => foldText(text).replace(/[.;,\s]+$/, '')

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

function registered (row: Selectable<CausesTable>): RegisteredCause {
  return {
    id: row.id,
    modality: row.modality,
    sites: [...row.sites],
    text: row.text,
    period: { from: dmy(row.period_from), to: dmy(row.period_to) },
    ...(row.justifies === null ? {} : { justifies: { ...row.justifies } }),
    status: row.status,
    proposedBy: row.proposed_by,
    approvedBy: row.approved_by,
    retiredBy: row.retired_by,
    at: new Date(row.at).toISOString()
  }
}

const columns = (content: CauseContent) => ({
  modality: content.modality,
  sites: JSON.stringify(content.sites),
  text: content.text,
  period_from: iso(content.period.from),
  period_to: iso(content.period.to),
  justifies: content.justifies === undefined ? null : JSON.stringify(content.justifies)
})

const nextRevision = sql<string>`nextval('causes_revision')`

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
    await this.#db.insertInto('causes').values(causes.map((cause) => ({
      id: cause.id,
      ...columns(cause),
      status: 'approved' as const,
      proposed_by: PROFILE_AUTHOR,
      approved_by: PROFILE_AUTHOR
    }))).onConflict((conflict) => conflict.column('id').doNothing()).execute()
    const stored = new Map((await this.list()).map((cause) => [cause.id, cause]))
    return causes.filter((cause) => {
      const found = stored.get(cause.id)
      return found === undefined || found.status !== 'approved' || !sameContent(found, cause)
    }).map((cause) => cause.id)
  }

  /** Every cause, or those of one status, by id. */
  async list (status?: CauseStatus): Promise<RegisteredCause[]> {
    let query = this.#db.selectFrom('causes').selectAll()
    if (status !== undefined) query = query.where('status', '=', status)
    return (await query.orderBy('id').execute()).map(registered)
  }

  /** The cause of this id, if any. */
  async get (id: string): Promise<RegisteredCause | undefined> {
    const row = await this.#db.selectFrom('causes').selectAll().where('id', '=', id).executeTakeFirst()
    return row === undefined ? undefined : registered(row)
  }

  /** The catalogue's version: the last revision written ('0' for an empty table). Changes with every write. */
  async revision (): Promise<string> {
    const row = await this.#db.selectFrom('causes').select(sql<string>`coalesce(max(revision), 0)::text`.as('revision')).executeTakeFirst()
    return row?.revision ?? '0'
  }

  /**
   * Records HR's proposal. Without `id`, one is made from the text (causeSlug), with `-2`, `-3`…
   * when taken.
   * @throws CauseRefusal `idTaken` for a given id that exists; `textTaken` when another cause that is
   *   not retired says the same (case, accents and a closing stop aside)
   */
  async propose (content: CauseContent, id: string | undefined, proposedBy: string | null): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      // one proposal at a time (several instances included): the id and text checks hold until commit
      await sql`lock table causes in share row exclusive mode`.execute(trx)
      const all = (await trx.selectFrom('causes').selectAll().execute()).map(registered)
      const same = all.find((cause) => cause.status !== 'retired' && textKey(cause.text) === textKey(content.text))
      if (same !== undefined) throw new CauseRefusal('textTaken', same)
      const taken = new Set(all.map((cause) => cause.id))
      let chosen = id
      if (chosen !== undefined) {
        if (taken.has(chosen)) throw new CauseRefusal('idTaken', all.find((cause) => cause.id === chosen))
      } else {
        const base = causeSlug(content.text)
        chosen = base
        for (let suffix = 2; taken.has(chosen); suffix++) {
          chosen = `${base.slice(0, 60 - String(suffix).length - 1).replace(/-+$/, '')}-${suffix}`
        }
      }
      const row = await trx.insertInto('causes').values({
        id: chosen, ...columns(content), status: 'proposed', proposed_by: proposedBy
      }).returningAll().executeTakeFirstOrThrow()
      return registered(row)
    })
  }

  /**
   * Changes a proposal (counsel's edit): `content` replaces what it says.
   * @throws CauseRefusal `missing`; `status` when it is no longer a proposal; `textTaken` as propose
   */
  async edit (id: string, content: CauseContent): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      await sql`lock table causes in share row exclusive mode`.execute(trx)
      const found = await this.#locked(trx, id)
      if (found.status !== 'proposed') throw new CauseRefusal('status', found)
      const others = (await trx.selectFrom('causes').selectAll().where('id', '!=', id).where('status', '!=', 'retired').execute()).map(registered)
      const same = others.find((cause) => textKey(cause.text) === textKey(content.text))
      if (same !== undefined) throw new CauseRefusal('textTaken', same)
      const row = await trx.updateTable('causes').set({ ...columns(content), revision: nextRevision })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      return registered(row)
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
      const found = await this.#locked(trx, id)
      if (found.status !== 'proposed') throw new CauseRefusal('status', found)
      check(found)
      const row = await trx.updateTable('causes').set({ status: 'approved', approved_by: approvedBy, at: sql`now()`, revision: nextRevision })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      return registered(row)
    })
  }

  /**
   * Retires a cause (an approved one, or a proposal counsel rejects): never printed again; the
   * contracts that printed it keep its id.
   * @throws CauseRefusal `missing`; `status` when it is retired already
   */
  async retire (id: string, retiredBy: string | null): Promise<RegisteredCause> {
    return await this.#db.transaction().execute(async (trx) => {
      const found = await this.#locked(trx, id)
      if (found.status === 'retired') throw new CauseRefusal('status', found)
      const row = await trx.updateTable('causes').set({ status: 'retired', retired_by: retiredBy, at: sql`now()`, revision: nextRevision })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      return registered(row)
    })
  }

  async #locked (trx: Kysely<RegistryTables>, id: string): Promise<RegisteredCause> {
    const row = await trx.selectFrom('causes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
    if (row === undefined) throw new CauseRefusal('missing')
    return registered(row)
  }
}

/** Whether two causes say the same (modality, sites, text, period and hours). */
function sameContent (a: CauseContent, b: CauseContent): boolean {
  const hours = (cause: CauseContent) =>
    cause.justifies === undefined ? null : [cause.justifies.days, cause.justifies.from, cause.justifies.to]
  return JSON.stringify([a.modality, a.sites, a.text, a.period.from, a.period.to, hours(a)]) ===
    JSON.stringify([b.modality, b.sites, b.text, b.period.from, b.period.to, hours(b)])
}
