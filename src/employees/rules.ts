/** Cross-field rules that a JSON Schema cannot state (D10). */
import type { ValidationIssue } from '../errors.js'
import { RULE_MESSAGES } from '../../schemas/messages.js'
import { dayMonthYearKey } from './dates.js'

/**
 * D10: an end date before its start date. Runs on records that already passed the schema.
 * @param prefix the field path prefix, e.g. `body.3` (batch), `body` (preview) or '' (spreadsheet row)
 */
export function crossFieldIssues (record: { entryDate?: string, endDate?: string, startAddendum?: string, endAddendum?: string }, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  if (record.entryDate !== undefined && record.endDate !== undefined && dayMonthYearKey(record.endDate) < dayMonthYearKey(record.entryDate)) {
    issues.push({ field: at('endDate'), message: RULE_MESSAGES.endBeforeEntry })
  }
  if (record.startAddendum !== undefined && record.endAddendum !== undefined && dayMonthYearKey(record.endAddendum) < dayMonthYearKey(record.startAddendum)) {
    issues.push({ field: at('endAddendum'), message: RULE_MESSAGES.endAddendumBeforeStart })
  }
  return issues
}

/** Cross-field issues of every element of a validated batch, with `body.<index>` paths. */
export function batchCrossFieldIssues (records: readonly object[]): ValidationIssue[] {
  return records.flatMap((record, index) => crossFieldIssues(record, `body.${index}`))
}
