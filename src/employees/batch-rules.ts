/**
 * Rules across the records of one batch that issues documents (contracts and adendas, spec endpoint
 * 4 and D22; docs/registry.md): the same worker twice with overlapping terms would issue a document
 * void the moment it is issued (the registry records the later one as a corrected reprint of the
 * earlier, docs/registry.md "supersedes"), so the later record is refused. The same worker with
 * successive terms is two documents (D18 names the second `… (2).pdf`).
 */
import { BATCH_MESSAGES } from '../../schemas/messages.js'
import { dayMonthYearKey, isDayMonthYear } from '../vocabulary/dates.js'
import type { ValidationIssue } from '../errors.js'

const isTerm = (value: unknown): value is string => typeof value === 'string' && isDayMonthYear(value)

/** The fields that name a record's worker and term, by kind of record. */
const TERM_FIELDS = {
  contract: { dni: 'dni', from: 'entryDate', to: 'endDate' },
  addendumDocument: { dni: 'documentNumber', from: 'startAddendum', to: 'endAddendum' }
} as const

/**
 * The records of `records` (in order) whose worker already appears earlier in the batch with a term
 * that overlaps theirs: a refusal on the later record's worker field (`body.<index>.dni` or
 * `.documentNumber`) whose message names both records by their place in the list, with their
 * terms. Records without a readable DNI or term are left to their own rules.
 */
export function overlappingDuplicates (
  records: readonly unknown[], kind: keyof typeof TERM_FIELDS
): ValidationIssue[] {
  const fields = TERM_FIELDS[kind]
  const seen = new Map<string, Array<{ index: number, from: string, to: string }>>()
  const issues: ValidationIssue[] = []
  records.forEach((record, index) => {
    if (record === null || typeof record !== 'object') return
    const { [fields.dni]: dni, [fields.from]: from, [fields.to]: to } = record as Record<string, unknown>
    if (typeof dni !== 'string' || !isTerm(from) || !isTerm(to)) return
    const earlier = seen.get(dni) ?? []
    const overlap = earlier.find((term) =>
      dayMonthYearKey(term.from) <= dayMonthYearKey(to) && dayMonthYearKey(term.to) >= dayMonthYearKey(from))
    if (overlap !== undefined) {
      const message = BATCH_MESSAGES.overlappingDuplicate(dni,
        overlap.index + 1, `del ${overlap.from} al ${overlap.to}`, index + 1, `del ${from} al ${to}`)
      issues.push({ field: `body.${index}.${fields.dni}`, message })
      return
    }
    seen.set(dni, [...earlier, { index, from, to }])
  })
  return issues
}
