/**
 * A history entry's checks without the app (src/employees/history-entry.ts): its text is checked as
 * a contract record's (control characters, lone surrogates, invisible-only text, unprintable
 * scripts), its position recorded as a record's text is normalised, its dates and modality as before.
 */
import { test } from 'tap'
import { enteredHistory, historyEntryIssues, historyText } from '../../../src/employees/history-entry.js'
import { HISTORY_IMPORT_MESSAGES, MESSAGES, PRINTABLE_MESSAGES, RULE_MESSAGES } from '../../../schemas/messages.js'
import { MODALITY_CODES } from '../../../src/vocabulary/modality.js'

const today = '15/06/2026'
const entry = { modality: '58', entryDate: '01/01/2025', endDate: '31/12/2025', position: 'Operario de playa' }

test('a position with a control character, a lone surrogate, nothing visible or an unprintable script is refused on the field', async (t) => {
  t.same(historyEntryIssues(entry, today), [])
  t.same(historyEntryIssues({ ...entry, position: 'Op\u0000erario' }, today), [{ field: 'position', message: RULE_MESSAGES.controlCharacter }], 'a NUL')
  t.same(historyEntryIssues({ ...entry, position: 'Op\u0085' }, today), [{ field: 'position', message: RULE_MESSAGES.controlCharacter }], 'a C1 control')
  t.same(historyEntryIssues({ ...entry, position: 'Op\udc00' }, today), [{ field: 'position', message: RULE_MESSAGES.invalidUnicode }])
  t.same(historyEntryIssues({ ...entry, position: '\u200b\u202e \u2800' }, today), [{ field: 'position', message: MESSAGES.position.required }])
  const scripts = (text: string) => (/\p{Script=Arabic}/u.test(text) ? ['árabe (de derecha a izquierda)'] : [])
  t.same(historyEntryIssues({ ...entry, position: 'عامل' }, today, scripts),
    [{ field: 'position', message: PRINTABLE_MESSAGES.unsupportedScript('árabe (de derecha a izquierda)') }])
  t.same(historyEntryIssues({ ...entry, position: 'Tab\tand line\nfeed' }, today), [], 'tab and line feed are text')
  t.same(historyEntryIssues({ ...entry, modality: '5\u00008' }, today), [{ field: 'modality', message: RULE_MESSAGES.controlCharacter }],
    'a modality with a control character: that message alone')
  t.same(historyEntryIssues({ ...entry, modality: 'otra' }, today), [{ field: 'modality', message: HISTORY_IMPORT_MESSAGES.modality(MODALITY_CODES) }])
})

test('the recorded position: without invisible characters, NFC, trimmed; the modality as its code; issues under body.<i>', async (t) => {
  t.equal(historyText(' \u202eOpe\u200brario\u00ad de playa\u2060 '), 'Operario de playa')
  t.equal(historyText('Cajero\u0301'), 'Cajeró', 'NFC')
  t.equal(historyText('\u200b\u3000'), '')
  const { entries, issues } = enteredHistory([{ ...entry, modality: 'Necesidades del mercado', position: '\u202eCajera ' }, { ...entry, position: 'x\u0007' }], today)
  t.same(entries[0], { ...entry, modality: '58', position: 'Cajera' })
  t.same(issues, [{ field: 'body.1.position', message: RULE_MESSAGES.controlCharacter }])
})
