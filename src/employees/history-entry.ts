/**
 * An earlier contract HR enters once (`POST /api/workers/{dni}/history`, the upload's HISTORIAL
 * sheet; docs/registry.md): what makes it a real earlier term the history rules can count (LPCL
 * art. 74; DOCUMENT-REQUIREMENTS §32). One check for both ways in.
 */
import { HISTORY_IMPORT_MESSAGES, MESSAGES, PRINTABLE_MESSAGES, REGISTRY_MESSAGES } from '../../schemas/messages.js'
import { trimBlank } from '../vocabulary/blank.js'
import { dayMonthYearKey, isDayMonthYear, termEndWithin } from '../vocabulary/dates.js'
import { MODALITIES, MODALITY_CODES, modalityInWords, parseModality } from '../vocabulary/modality.js'
import { malformedText } from './cross-field-rules.js'
import { withoutInvisible } from './normalize.js'

/** A field of an entry a refusal is on. */
export type HistoryEntryField = 'modality' | 'entryDate' | 'endDate' | 'position'

/**
 * A history entry's text as the registry records it, as a record's text is normalised
 * (normalize.ts): without the characters that draw nothing (soft hyphens, zero-width and bidi
 * controls such as the RTL override), NFC, trimmed; empty when only blank characters were left.
 */
export function historyText (text: string): string {
  return trimBlank(withoutInvisible(text).normalize('NFC'))
}

/**
 * The refusals of one entry, each on its field: a text with a control character (NUL included) or a
 * lone UTF-16 surrogate, as every text of a record (cross-field-rules.ts malformedText); a position
 * made only of characters that show nothing (its required message); a position in a script the
 * documents cannot draw (`unprintableScripts`, src/documents/printable.ts, as a contract's position);
 * a modality the law does not name; an end before the start; a start after today (an earlier
 * contract has begun); a term longer than its modality's maximum (art. 74). Dates not `DD/MM/YYYY`
 * are left to the schema.
 * @param today `DD/MM/YYYY` in Lima
 * @param unprintableScripts the scripts of a text the documents cannot draw, named (none: [])
 */
export function historyEntryIssues (
  entry: { modality?: unknown, entryDate?: unknown, endDate?: unknown, position?: unknown }, today: string,
  unprintableScripts: (text: string) => string[] = () => []
): Array<{ field: HistoryEntryField, message: string }> {
  const issues: Array<{ field: HistoryEntryField, message: string }> = []
  const malformed = (field: 'modality' | 'position') => {
    const value = entry[field]
    const message = typeof value === 'string' ? malformedText(value) : undefined
    if (message !== undefined) issues.push({ field, message })
    return message !== undefined
  }
  const modalityMalformed = malformed('modality')
  if (!malformed('position') && typeof entry.position === 'string') {
    const position = historyText(entry.position)
    const scripts = unprintableScripts(position)
    if (position === '') issues.push({ field: 'position', message: MESSAGES.position.required })
    else if (scripts.length > 0) issues.push({ field: 'position', message: PRINTABLE_MESSAGES.unsupportedScript(scripts.join(', ')) })
  }
  const modality = typeof entry.modality === 'string' ? parseModality(entry.modality) : undefined
  if (typeof entry.modality === 'string' && modality === undefined && !modalityMalformed) {
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
    const { maxMonths } = MODALITIES[modality]
    const last = termEndWithin(entryDate, maxMonths)
    if (last !== undefined && dayMonthYearKey(endDate) > dayMonthYearKey(last)) {
      issues.push({ field: 'endDate', message: REGISTRY_MESSAGES.historyTooLong(modalityInWords(modality), maxMonths, last) })
    }
  }
  return issues
}

/**
 * The entries of `POST /api/workers/{dni}/history` as the registry records them (the modality as
 * its article's code, the position as historyText gives it), or their refusals on
 * `body.<index>.<field>` (historyEntryIssues).
 */
export function enteredHistory<T extends { modality: string, entryDate: string, endDate: string, position: string }> (
  body: readonly T[], today: string, unprintableScripts?: (text: string) => string[]
): { entries: T[], issues: Array<{ field: string, message: string }> } {
  const issues = body.flatMap((entry, index) =>
    historyEntryIssues(entry, today, unprintableScripts).map(({ field, message }) => ({ field: `body.${index}.${field}`, message })))
  const entries = body.map((entry) =>
    ({ ...entry, modality: parseModality(entry.modality) ?? entry.modality, position: historyText(entry.position) }))
  return { entries, issues }
}
