/**
 * The employer's position catalogue (DOCUMENT-REQUIREMENTS §7, §16; LSST art. 35): the annex prints
 * a position's own functions, risks and equipment, from its risk assessment (IPERC), so a contract
 * is made only for a position of the catalogue. A record names it by `positionProfile` (a key), or
 * by a `position` equal to an entry's name or one of its aliases, ignoring case and accents.
 * There is no default entry: a position the catalogue does not know is refused, never given
 * another position's annex.
 */
import type { EmployerProfile, PositionEntry } from '../../schemas/employer-profile.js'
import { foldText } from '../vocabulary/format.js'

/** One entry of the catalogue with its key. */
export interface CataloguePosition {
  key: string
  name: string
  /** The name printed for a woman (DOCUMENT-REQUIREMENTS §26): `feminineName`, else `name`. */
  feminineName: string
  aliases: string[]
  entry: PositionEntry
}

/** The catalogue of one profile, looked up by key or by name. */
export interface PositionCatalogue {
  positions: CataloguePosition[]
  /** The entry with this key (exact), if any. */
  byKey: (key: string) => CataloguePosition | undefined
  /** The entry whose name or an alias equals `position`, ignoring case, accents and spacing. */
  byName: (position: string) => CataloguePosition | undefined
}

const catalogues = new WeakMap<EmployerProfile, PositionCatalogue>()

/** The catalogue of a loaded profile (built once per profile; a loaded profile never changes). */
export function positionCatalogue (profile: EmployerProfile): PositionCatalogue {
  let catalogue = catalogues.get(profile)
  if (catalogue !== undefined) return catalogue
  const positions = Object.entries(profile.positions).map(([key, entry]) => ({
    key, name: entry.name, feminineName: entry.feminineName ?? entry.name, aliases: entry.aliases ?? [], entry
  }))
  const keys = new Map(positions.map((position) => [position.key, position]))
  const names = new Map<string, CataloguePosition>()
  for (const position of positions) {
    for (const name of [position.name, position.feminineName, ...position.aliases]) {
      const folded = foldText(name)
      if (!names.has(folded)) names.set(folded, position)
    }
  }
  catalogue = {
    positions,
    // own keys only: a record's `constructor` is not an entry
    byKey: (key) => keys.get(key),
    byName: (position) => names.get(foldText(position))
  }
  catalogues.set(profile, catalogue)
  return catalogue
}

/**
 * The catalogue entry of a record: by `positionProfile` when given, else by `position`.
 * Undefined when the catalogue has none (the lawful-contract rules refuse such a record).
 */
export function recordPosition (
  record: { position?: string, positionProfile?: string }, profile: EmployerProfile
): CataloguePosition | undefined {
  const catalogue = positionCatalogue(profile)
  if (record.positionProfile !== undefined) return catalogue.byKey(record.positionProfile.trim())
  return record.position === undefined ? undefined : catalogue.byName(record.position)
}

/**
 * The position as a record's documents print it (DOCUMENT-REQUIREMENTS §26): when the record's
 * `position` is a name or alias of its catalogue entry, the entry's form for the worker's sex
 * (`feminineName` for a woman, `name` otherwise); else the record's own title, which names an entry
 * by `positionProfile`. Undefined when the record has no position.
 * @param female whether the worker is a woman (the record's sex, D8)
 */
export function printedPosition (
  record: { position?: string, positionProfile?: string }, profile: EmployerProfile, female: boolean
): string | undefined {
  if (record.position === undefined) return undefined
  const catalogue = positionCatalogue(profile)
  const named = catalogue.byName(record.position)
  const entry = record.positionProfile === undefined ? named : catalogue.byKey(record.positionProfile.trim())
  if (named === undefined || entry === undefined || named.key !== entry.key) return record.position
  return female ? named.feminineName : named.name
}

/**
 * Start-up problems of the catalogue: a name or alias shared by two entries would make a record's
 * position ambiguous. One line per problem, naming the keys.
 */
export function catalogueProblems (profile: EmployerProfile): string[] {
  const owners = new Map<string, string>()
  const problems: string[] = []
  for (const [key, entry] of Object.entries(profile.positions)) {
    const names = [entry.name, entry.feminineName ?? entry.name, ...(entry.aliases ?? [])]
    for (const name of new Set(names.map(foldText))) {
      const owner = owners.get(name)
      if (owner !== undefined) problems.push(`positions.${key}: el nombre "${name}" ya es de positions.${owner}`)
      else owners.set(name, key)
    }
  }
  return problems
}
