/** Cross-field rules that a JSON Schema cannot state (D10). */
import type { ValidationIssue } from '../errors.js'
import { RULE_MESSAGES } from '../../schemas/messages.js'
import { dayMonthYearKey } from './dates.js'

/**
 * D10: an end date before its start date. Runs on records that already passed the schema.
 * @param prefix the field path prefix, e.g. `body.3` (batch), `body` (preview) or '' (spreadsheet row)
 */
export function crossFieldIssues (record: unknown, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  if (record === null || typeof record !== 'object') return issues
  const { entryDate, endDate, startAddendum, endAddendum } = record as Record<string, unknown>
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  if (typeof entryDate === 'string' && typeof endDate === 'string' && dayMonthYearKey(endDate) < dayMonthYearKey(entryDate)) {
    issues.push({ field: at('endDate'), message: RULE_MESSAGES.endBeforeEntry })
  }
  if (typeof startAddendum === 'string' && typeof endAddendum === 'string' && dayMonthYearKey(endAddendum) < dayMonthYearKey(startAddendum)) {
    issues.push({ field: at('endAddendum'), message: RULE_MESSAGES.endAddendumBeforeStart })
  }
  return issues
}

/** Cross-field issues of every element of a batch, with `body.<index>` paths; none for a non-list. */
export function batchCrossFieldIssues (records: unknown): ValidationIssue[] {
  return Array.isArray(records) ? records.flatMap((record, index) => crossFieldIssues(record, `body.${index}`)) : []
}

const elementIndex = (field: string) => Number(/^body\.(\d+)(\.|$)/.exec(field)?.[1] ?? -1)

/**
 * Schema issues and cross-field issues in one list, so a user sees every problem at once: one
 * item per field (the schema's wins), batch elements in order (`body.<index>` paths).
 */
export function mergeIssues (schemaIssues: readonly ValidationIssue[], ruleIssues: readonly ValidationIssue[]): ValidationIssue[] {
  const taken = new Set(schemaIssues.map((issue) => issue.field))
  const merged = [...schemaIssues, ...ruleIssues.filter((issue) => !taken.has(issue.field))]
  return merged
    .map((issue, position) => ({ issue, position }))
    .sort((a, b) => elementIndex(a.issue.field) - elementIndex(b.issue.field) || a.position - b.position)
    .map(({ issue }) => issue)
}
