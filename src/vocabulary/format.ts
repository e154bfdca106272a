/**
 * How contract values print: dates as `DD/MM/YYYY` and in words, salary as `S/ 1,500.00`, full
 * names, and the whitespace clean-up every drawn value gets.
 */
import { parseDayMonthYear } from './dates.js'

/** Month names as documents write them, January first. */
export const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

/** `01/12/2026` → `1 de diciembre de 2026`; the input unchanged when it is not a real date. */
export function dateInWords (dayMonthYear: string): string {
  const date = parseDayMonthYear(dayMonthYear)
  if (date === undefined) return dayMonthYear
  return `${date.day} de ${MONTHS[date.month - 1]} de ${date.year}`
}

/** Soles with thousands separators and two decimals: 1500 → `S/ 1,500.00`. */
export function formatSoles (amount: number): string {
  const [units, cents] = Math.abs(amount).toFixed(2).split('.')
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${amount < 0 ? '-' : ''}S/ ${grouped}.${cents}`
}

/** Name, then father's and mother's surnames, single-spaced (the order Peruvian documents use). */
export function fullName (person: { name: string, lastNameFather: string, lastNameMother: string }): string {
  return cleanText(`${person.name} ${person.lastNameFather} ${person.lastNameMother}`)
}

// C0/C1 controls, line and paragraph separators, and runs of whitespace become one space.
const CONTROLS_AND_SPACES = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu // eslint-disable-line no-control-regex

/** Characters that draw nothing (U+00AD soft hyphen, zero-width spaces…), as normalize.ts removes at input. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

/**
 * A value as it is drawn on one logical line: NFC, invisible format characters removed (a soft
 * hyphen would print as `-`, also from the employer profile: docs/documents.md), controls and line
 * breaks as single spaces, trimmed.
 */
export function cleanText (value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(CONTROLS_AND_SPACES, ' ').trim()
}

/** Text as it is compared, not printed: accents and case dropped, runs of whitespace as one space, trimmed. */
export function foldText (text: string): string {
  let folded = FOLDED.get(text)
  if (folded === undefined) {
    // plain ASCII has no accents to drop: only case and spaces (most of what the rules compare)
    const decomposed = PLAIN_ASCII.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '')
    folded = decomposed.toLowerCase().replace(/\s+/g, ' ').trim()
    if (text.length <= 200) {
      if (FOLDED.size >= 4096) FOLDED.clear()
      FOLDED.set(text, folded)
    }
  }
  return folded
}

/**
 * foldText's recent answers for short texts (day names, modalities, schedules, sites: the same few
 * recur in every record), at most 4,096 (about 1 MB), started over when full.
 */
const FOLDED = new Map<string, string>()

/** Text of printable ASCII only (no combining marks, nothing NFD would change). */
const PLAIN_ASCII = /^[\x20-\x7e]*$/
