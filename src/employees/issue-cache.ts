/**
 * The issues of each record, remembered by what decides them: the record kind, the record's JSON
 * and Lima's day (the date rules read today), for one employer profile: when the profile in force
 * changes (counsel approved or retired a cause, src/employer/cause-catalogue.ts), nothing remembered
 * holds. So a record's rules run once however often it comes back: the
 * preview HR opens before the ZIP, the ZIP downloaded again, the nightly export of the same list.
 * A batch whose records were all seen today is checked without running a rule, and the ZIP's first
 * byte does not wait for them. What the documents derive from a record checked here (its modality,
 * reviewed cause and contract document, `derived`) is remembered beside its issues, under the same
 * key and for as long.
 */
import { createHash } from 'node:crypto'
import type { ValidationIssue } from '../errors.js'
import { todayInLima } from '../vocabulary/dates.js'
import type { RecordRules } from './cross-field-rules.js'

/** Records remembered at most (about 100 bytes each when valid); the oldest is forgotten first. */
export const ISSUE_CACHE_ENTRIES = 8192

/** The JSON text of a body's record, or undefined when it has none (nested too deep to write, a cycle). */
function jsonOf (record: unknown): string | undefined {
  try {
    return JSON.stringify(record) ?? 'undefined'
  } catch {
    return undefined
  }
}

/** What is remembered of a record: its issues, and what was derived from it (`derived`), by name. */
interface Entry {
  issues: readonly ValidationIssue[]
  derived?: Map<string, unknown>
}

export class RecordIssueCache {
  readonly maxEntries: number
  #day = ''
  #profile: object | undefined
  /** Insertion order is use order (a hit is moved to the end): the first key is the least recently used. */
  readonly #entries = new Map<string, Entry>()
  /** The key each record object checked by `issues` was found under: `derived` reads it, never hashing again. */
  #keys = new WeakMap<object, string>()
  #hits = 0
  #misses = 0

  constructor (maxEntries = ISSUE_CACHE_ENTRIES) {
    this.maxEntries = maxEntries
  }

  /**
   * The issues of `record` under `rules`, with `prefix` on every field (`body.3`, `body`, or '').
   * @param kind the record kind the rules belong to (src/employees/record-kinds.ts); part of the key
   * @param rules called only when the record is not remembered, and then once per call of `issues`
   *   at most (a batch builds its rules on its first miss)
   */
  issues (kind: string, record: unknown, prefix: string, rules: () => RecordRules): ValidationIssue[] {
    const day = todayInLima()
    if (day !== this.#day) { // the date rules changed with the day: nothing remembered holds
      this.#entries.clear()
      this.#day = day
    }
    const text = jsonOf(record)
    // not JSON a record can be (nested past the stack): checked, never remembered
    if (text === undefined) return rules()(record, prefix)
    const key = createHash('sha256').update(kind).update('\0').update(text).digest('base64')
    let found = this.#entries.get(key)
    if (found === undefined) {
      this.#misses++
      found = { issues: rules()(record, '') }
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string)
    } else {
      this.#hits++
      this.#entries.delete(key)
    }
    this.#entries.set(key, found)
    if (typeof record === 'object' && record !== null) this.#keys.set(record, key)
    return found.issues.map((issue) => ({ ...issue, field: prefix === '' ? issue.field : `${prefix}.${issue.field}` }))
  }

  /**
   * What `compute` derives from `record` (a record object `issues` checked, the same object), remembered
   * under `name` with its issues: computed once per record content, profile and day. A record not
   * checked here, or forgotten since, is computed each time. `compute` must read only what decided the
   * record's key (its fields as checked, the profile, the day): a field changed after the check (the
   * history's probation) must not change its answer.
   */
  derived<T> (record: object, name: string, compute: () => T): T {
    const key = this.#keys.get(record)
    const entry = key === undefined ? undefined : this.#entries.get(key)
    if (entry === undefined) return compute()
    entry.derived ??= new Map()
    if (entry.derived.has(name)) return entry.derived.get(name) as T
    const value = compute()
    entry.derived.set(name, value)
    return value
  }

  /**
   * Forgets every record's issues when `profile` is not the profile they were found under (the
   * causes in force changed); call it before `issues` with the profile the rules will read.
   */
  holdFor (profile: object): void {
    if (profile === this.#profile) return
    if (this.#profile !== undefined) {
      this.#entries.clear()
      this.#keys = new WeakMap()
    }
    this.#profile = profile
  }

  /** Lookups answered from memory and by running the rules, since start (tests, metrics). */
  get stats (): { hits: number, misses: number, entries: number } {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size }
  }
}
