/**
 * An earlier contract HR enters once (`POST /api/workers/{dni}/history`, the upload's HISTORIAL
 * sheet; docs/registry.md): what makes it a real earlier term the history rules can count (LPCL
 * art. 74; DOCUMENT-REQUIREMENTS §32). One check for both ways in.
 */
import { HISTORY_IMPORT_MESSAGES, REGISTRY_MESSAGES } from '../../schemas/messages.js'
import { dayMonthYearKey, isDayMonthYear, termEndWithin } from '../vocabulary/dates.js'
import { MODALITIES, MODALITY_CODES, parseModality } from '../vocabulary/modality.js'

/**
 * The refusals of one entry, each on its field (`modality`, `entryDate`, `endDate`): a modality the
 * law does not name; an end before the start; a start after today (an earlier contract has begun);
 * a term longer than its modality's maximum (art. 74). Dates not `DD/MM/YYYY` are left to the schema.
 * @param today `DD/MM/YYYY` in Lima
 */
export function historyEntryIssues (
  entry: { modality?: unknown, entryDate?: unknown, endDate?: unknown }, today: string
): Array<{ field: 'modality' | 'entryDate' | 'endDate', message: string }> {
  const issues: Array<{ field: 'modality' | 'entryDate' | 'endDate', message: string }> = []
  const modality = typeof entry.modality === 'string' ? parseModality(entry.modality) : undefined
  if (typeof entry.modality === 'string' && modality === undefined) {
    issues.push({ field: 'modality', message: HISTORY_IMPORT_MESSAGES.modality(MODALITY_CODES) })
  }
  const { entryDate, endDate } = entry
  if (typeof entryDate !== 'string' || !isDayMonthYear(entryDate)) return issues
  if (dayMonthYearKey(entryDate) > dayMonthYearKey(today)) {
    issues.push({ field: 'entryDate', message: REGISTRY_MESSAGES.historyNotBegun(today) })
  }
  if (typeof endDate !== 'string' || !isDayMonthYear(endDate)) return issues
  if (dayMonthYearKey(endDate) < dayMonthYearKey(entryDate)) {
    issues.push({ field: 'endDate', message: REGISTRY_MESSAGES.historyEndBeforeEntry })
  } else if (modality !== undefined) {
    const { maxMonths, name } = MODALITIES[modality]
    const last = termEndWithin(entryDate, maxMonths)
    if (last !== undefined && dayMonthYearKey(endDate) > dayMonthYearKey(last)) {
      issues.push({ field: 'endDate', message: REGISTRY_MESSAGES.historyTooLong(`${modality} (${name})`, maxMonths, last) })
    }
  }
  return issues
}
