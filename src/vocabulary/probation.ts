/**
 * Probation (periodo de prueba) as records state it: the longest by reason, the parser of the text
 * HR types (months or days) and how it is printed. The rules that use them are in
 * src/employees/lawful-contract.ts (DOCUMENT-REQUIREMENTS §14, §24).
 */
import { addDays, termEnd } from './dates.js'
import { foldText } from './format.js'

/**
 * Longest probation in months by its reason (LPCL art. 10, as corrected in DOCUMENT-REQUIREMENTS §24):
 * a qualified or a trust (confianza) position 6, a management (dirección) position 12.
 */
export const PROBATION_REASONS = { calificado: 6, confianza: 6, direccion: 12 } as const
export type ProbationReason = keyof typeof PROBATION_REASONS
export const PROBATION_REASON_CODES = Object.keys(PROBATION_REASONS) as ProbationReason[]

/** The statutory probation without a reason, in months (LPCL art. 10). */
export const STATUTORY_PROBATION_MONTHS = 3

/** The reason a record names (`Dirección`, `CONFIANZA`…), or undefined when it is none of the three. */
export function parseProbationReason (text: string): ProbationReason | undefined {
  const key = foldText(text)
  return (PROBATION_REASON_CODES as string[]).includes(key) ? key as ProbationReason : undefined
}

/** A probation: `count` months or days; `count` 0 is none. */
export interface Probation {
  unit: 'months' | 'days'
  count: number
}

const NUMBER_WORDS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
  'trece', 'catorce', 'quince', 'dieciseis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte']
const TENS: Record<string, number> = {
  veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90
}

/** `quince` → 15, `un`/`una` → 1, `treinta` → 30 (folded words up to 20, and the tens); undefined otherwise. */
function wordNumber (word: string): number | undefined {
  if (word === 'un' || word === 'una') return 1
  const index = NUMBER_WORDS.indexOf(word)
  if (index >= 0) return index
  return TENS[word]
}

/**
 * A probation from `3`, `3 meses`, `tres (3) meses`, `un mes`, `15 días`, `quince (15) días`; none
 * from `0`, `ninguno` or `sin periodo de prueba`. A bare number is months. Undefined when the text
 * is none of these.
 */
export function parseProbation (text: string): Probation | undefined {
  const value = foldText(text).replace(/\.$/, '')
  if (value === 'sin periodo de prueba' || value === 'ninguno' || value === '0') return { unit: 'months', count: 0 }
  const match = /^(?:([a-z]+) )?(?:\((\d{1,3})\)|(\d{1,3}))? ?(mes|meses|dia|dias)?$/.exec(value)
  if (match === null || value === '') return undefined
  const [, word, bracketed, plain, unitWord] = match
  const digits = bracketed ?? plain
  const fromWord = word === undefined ? undefined : wordNumber(word)
  if (word !== undefined && fromWord === undefined) return undefined
  if (digits === undefined && fromWord === undefined) return undefined
  if (digits !== undefined && fromWord !== undefined && fromWord !== Number(digits)) return undefined
  const count = digits === undefined ? fromWord as number : Number(digits)
  const unit = unitWord === 'dia' || unitWord === 'dias' ? 'days' : 'months'
  if (unitWord === undefined && word !== undefined && digits === undefined) return undefined // `tres`: of what?
  return { unit, count }
}

/**
 * Whole months of probation from the text (months only; days are not months). Undefined when the
 * text is not a probation in months. Kept for callers that only know months.
 */
export function parseProbationMonths (text: string): number | undefined {
  const probation = parseProbation(text)
  if (probation === undefined) return undefined
  if (probation.count === 0) return 0
  return probation.unit === 'months' ? probation.count : undefined
}

/**
 * The last day of a probation that starts on `start` (`DD/MM/YYYY`): months by the calendar
 * (termEnd), days counting the first one.
 * @throws RangeError as termEnd and addDays
 */
export function probationLastDay (start: string, probation: Probation): string {
  return probation.unit === 'months' ? termEnd(start, probation.count) : addDays(start, probation.count - 1)
}

const PRINTED_NUMBERS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
  'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiún', 'veintidós',
  'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
const PRINTED_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa']

/** 15 → `quince`, 45 → `cuarenta y cinco`, 1 → `un` (before a noun), up to 99; the digits above. */
function printedNumber (count: number): string {
  if (count < 30) return PRINTED_NUMBERS[count]
  if (count < 100) {
    const unit = count % 10
    return `${PRINTED_TENS[Math.floor(count / 10)]}${unit === 0 ? '' : ` y ${PRINTED_NUMBERS[unit]}`}`
  }
  return String(count)
}

/** `quince (15) días`, `un (1) mes`, `tres (3) meses`, as a contract prints a probation (count > 0). */
export function probationInWords (probation: Probation): string {
  const { count, unit } = probation
  const noun = unit === 'days' ? (count === 1 ? 'día' : 'días') : (count === 1 ? 'mes' : 'meses')
  return `${printedNumber(count)} (${count}) ${noun}`
}
