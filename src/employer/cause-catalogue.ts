/**
 * The causes in force on this instance (DOCUMENT-REQUIREMENTS §21; docs/registry.md "Causes"): the
 * employer profile as the record rules, the documents and `GET /api/profile` read it, with the
 * causes counsel approved in the registry in place of the profile's own. Held in memory so that no
 * record waits for the database: the registry plugin loads it when the registry opens, after every
 * change made through the API, and whenever a periodic look at the registry's revision finds it
 * stale (another instance changed a cause).
 *
 * Until the registry has been read (not opened yet, or unreachable at start-up) the profile's own
 * causes are in force: they are the registry's seed, so previews keep working. Once read, the last
 * catalogue read stays in force while the registry does not answer.
 */
import type { EmployerProfile, ProfileCause } from '../../schemas/employer-profile.js'
import { causeFindings, withCauses, type CauseFinding, type UnprintedCause } from './reviewed-causes.js'

/** A cause as the registry holds it: what it says and its review. */
export interface CatalogueEntry extends ProfileCause {
  status: 'proposed' | 'approved' | 'retired'
}

/** The approved causes, as the PDF threads receive them with a task (src/documents/worker.ts). */
export interface CauseSnapshot {
  /** The registry's revision they were read at. */
  version: string
  causes: ProfileCause[]
}

/** What a load left out: an approved cause the profile can no longer print (a site it no longer has). */
export interface LeftOutCause { id: string, findings: CauseFinding[] }

const contentOf = (cause: ProfileCause): ProfileCause => ({
  id: cause.id,
  modality: cause.modality,
  sites: [...cause.sites],
  text: cause.text,
  period: { from: cause.period.from, to: cause.period.to },
  ...(cause.activityStart === undefined ? {} : { activityStart: cause.activityStart }),
  ...(cause.justifies === undefined
    ? {}
    : { justifies: { days: cause.justifies.days, from: cause.justifies.from, to: cause.justifies.to } })
})

/** What a catalogue prints and knows, as one comparable text. */
const fingerprint = (approved: readonly ProfileCause[], others: ReadonlyMap<string, UnprintedCause>) =>
  JSON.stringify([approved.map(contentOf), [...others].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)])

export class CauseCatalogue {
  /** The profile checked at start-up, whose causes seed the registry. */
  readonly seed: EmployerProfile
  #profile: EmployerProfile
  #version: string | undefined
  #snapshot: CauseSnapshot | undefined
  #fingerprint: string

  constructor (seed: EmployerProfile) {
    this.seed = seed
    this.#profile = seed
    this.#fingerprint = fingerprint(seed.causes ?? [], new Map())
  }

  /** The profile with the causes in force: what every rule and document of this instance reads. */
  get profile (): EmployerProfile {
    return this.#profile
  }

  /** The registry's revision last loaded; undefined while the profile's own causes are in force. */
  get version (): string | undefined {
    return this.#version
  }

  /** The approved causes for the PDF threads; undefined when they are the profile's own (the threads hold those). */
  get snapshot (): CauseSnapshot | undefined {
    return this.#snapshot
  }

  /**
   * Puts the registry's causes, read at `version`, in force. An approved cause the profile cannot
   * print (causeFindings: a site removed from the profile since) is left out and reported.
   * @returns whether what this instance prints or says changed, and what was left out
   */
  load (version: string, entries: readonly CatalogueEntry[]): { changed: boolean, leftOut: LeftOutCause[] } {
    if (version === this.#version) return { changed: false, leftOut: [] }
    const leftOut: LeftOutCause[] = []
    const approved: ProfileCause[] = []
    const others = new Map<string, UnprintedCause>()
    for (const entry of entries) {
      if (entry.status !== 'approved') {
        others.set(entry.id, { status: entry.status, text: entry.text, period: entry.period })
        continue
      }
      const findings = causeFindings(this.seed, entry)
      if (findings.length > 0) leftOut.push({ id: entry.id, findings })
      else approved.push(contentOf(entry))
    }
    // the profile's order first (its messages list causes so), then the registry's by id
    const seedOrder = new Map((this.seed.causes ?? []).map((cause, index) => [cause.id, index]))
    const rank = (cause: ProfileCause) => seedOrder.get(cause.id) ?? Number.MAX_SAFE_INTEGER
    approved.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    this.#version = version
    const next = fingerprint(approved, others)
    if (next === this.#fingerprint) return { changed: false, leftOut }
    this.#fingerprint = next
    const asSeed = fingerprint(approved, new Map()) === fingerprint(this.seed.causes ?? [], new Map())
    const inForce = asSeed ? this.seed.causes ?? [] : approved
    this.#profile = asSeed && others.size === 0 ? this.seed : withCauses(this.seed, inForce, others)
    this.#snapshot = asSeed ? undefined : { version, causes: approved }
    return { changed: true, leftOut }
  }
}
