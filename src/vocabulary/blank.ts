/**
 * Text that shows nothing (docs/import.md, "Invisible characters"): a value made only of these is
 * empty, whatever route or file it came from, so a required field says so instead of printing a blank.
 */

/**
 * Characters that draw nothing or only space: Unicode `White_Space` (U+0085, U+00A0, U+2000-U+200A,
 * U+3000…), `Default_Ignorable_Code_Point` (U+200B, U+FEFF, the Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0, variation selectors…), and U+2800 BRAILLE PATTERN BLANK, which is in neither set
 * but is drawn as an empty cell.
 */
const BLANK_CHARACTERS = '\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\u2800'
const ALL_BLANK = new RegExp(`^[${BLANK_CHARACTERS}]*$`, 'u')

/** True for a text made only of blank characters (or none). */
export function isBlankText (text: string): boolean {
  return ALL_BLANK.test(text)
}

/**
 * `text` trimmed (String.trim), or empty when it holds only blank characters. Only a value made of
 * them is emptied: one inside or at the end of a value is left to the rules (U+0085 is also a C1
 * control, which cross-field-rules.ts refuses).
 */
export function trimBlank (text: string): string {
  return isBlankText(text) ? '' : text.trim()
}
