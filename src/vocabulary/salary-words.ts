/**
 * Amounts in Spanish words, the way Peruvian HR writes them in a contract beside the figure:
 * `MIL QUINIENTOS Y 00/100 SOLES`. A contract whose figure and words disagree is ambiguous where
 * it matters most (DOCUMENT-REQUIREMENTS §9), so the service writes the words itself when they are
 * absent and checks them when they are given (D22).
 *
 * The form written by {@link amountInWords}:
 * - the whole soles in upper-case words with their accents, then `Y`, the céntimos as two digits
 *   over 100, then `SOLES`: `VEINTIÚN Y 50/100 SOLES`, `CERO Y 01/100 SOLES`;
 * - `UN` (never `UNO`) before the currency and before `MIL`/`MILLÓN`/`MILLONES`: `UN Y 00/100 SOLES`,
 *   `VEINTIÚN MIL`, `TREINTA Y UN MILLONES`;
 * - `MIL` alone for one thousand (not `UN MIL`), `CIEN` for exactly one hundred and `CIENTO` before
 *   more (`CIENTO UN`), `UN MILLÓN` and `DOS MILLONES`, with no `DE` before the currency.
 * {@link readAmountInWords} reads this form and the variants people type (see there).
 */

const UNITS = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE']
const TEENS = ['DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE']
const TWENTIES = ['VEINTE', 'VEINTIÚN', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE']
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA']
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS']

/** The smallest and largest amounts {@link amountInWords} writes, in soles. */
export const AMOUNT_IN_WORDS_RANGE = { min: 0.01, max: 999_999_999.99 } as const

/** 1..999 in words, apocopated (`UN`, `VEINTIÚN`): every use here precedes a noun. */
function belowThousand (n: number): string {
  if (n === 100) return 'CIEN'
  const words: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds > 0) words.push(HUNDREDS[hundreds])
  if (rest >= 30) {
    const unit = rest % 10
    words.push(unit === 0 ? TENS[Math.floor(rest / 10)] : `${TENS[Math.floor(rest / 10)]} Y ${UNITS[unit]}`)
  } else if (rest >= 20) {
    words.push(TWENTIES[rest - 20])
  } else if (rest >= 10) {
    words.push(TEENS[rest - 10])
  } else if (rest > 0) {
    words.push(UNITS[rest])
  }
  return words.join(' ')
}

/** A whole number of soles, 0..999 999 999, in words (`CERO` for 0). */
function wholeInWords (n: number): string {
  if (n === 0) return 'CERO'
  const millions = Math.floor(n / 1_000_000)
  const thousands = Math.floor((n % 1_000_000) / 1000)
  const units = n % 1000
  const words: string[] = []
  if (millions === 1) words.push('UN MILLÓN')
  else if (millions > 1) words.push(`${belowThousand(millions)} MILLONES`)
  if (thousands === 1) words.push('MIL')
  else if (thousands > 1) words.push(`${belowThousand(thousands)} MIL`)
  if (units > 0) words.push(belowThousand(units))
  return words.join(' ')
}

/**
 * An amount in soles in the words HR writes in a contract: 1500 → `MIL QUINIENTOS Y 00/100 SOLES`,
 * 21.5 → `VEINTIÚN Y 50/100 SOLES`, 1000000 → `UN MILLÓN Y 00/100 SOLES` (the form is described at
 * the top of this module).
 * @param amount soles; rounded to the nearest céntimo (half away from zero) before writing
 * @throws RangeError when the rounded amount is not a finite number from 0.01 to 999 999 999.99
 */
export function amountInWords (amount: number): string {
  const cents = toCents(amount)
  if (cents === undefined || cents < 1 || cents > 99_999_999_999) {
    throw new RangeError(`amountInWords: ${amount} is outside ${AMOUNT_IN_WORDS_RANGE.min}..${AMOUNT_IN_WORDS_RANGE.max} soles`)
  }
  const whole = Math.floor(cents / 100)
  return `${wholeInWords(whole)} Y ${String(cents % 100).padStart(2, '0')}/100 SOLES`
}

/** Soles → whole céntimos, rounded half away from zero through the decimal text (1.005 → 101). */
function toCents (amount: number): number | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount >= 1e12) return undefined
  const [whole, fraction] = amount.toFixed(10).split('.') // ten decimals: 1.00499…98 → 1.0050000000
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2))
  return fraction[2] >= '5' ? cents + 1 : cents
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

/** Words (lower case, no accents) worth 1..29, and the tens that may take `y <unit>`. */
const SMALL_WORDS = new Map<string, number>([
  ['un', 1], ['uno', 1], ['una', 1], ['dos', 2], ['tres', 3], ['cuatro', 4], ['cinco', 5], ['seis', 6],
  ['siete', 7], ['ocho', 8], ['nueve', 9], ['diez', 10], ['once', 11], ['doce', 12], ['trece', 13],
  ['catorce', 14], ['quince', 15], ['dieciseis', 16], ['diecisiete', 17], ['dieciocho', 18], ['diecinueve', 19],
  ['veinte', 20], ['veintiun', 21], ['veintiuno', 21], ['veintiuna', 21], ['veintidos', 22], ['veintitres', 23],
  ['veinticuatro', 24], ['veinticinco', 25], ['veintiseis', 26], ['veintisiete', 27], ['veintiocho', 28], ['veintinueve', 29]
])
const TENS_WORDS = new Map<string, number>([
  ['diez', 10], ['veinte', 20], ['treinta', 30], ['cuarenta', 40], ['cincuenta', 50], ['sesenta', 60],
  ['setenta', 70], ['ochenta', 80], ['noventa', 90]
])
const HUNDREDS_WORDS = new Map<string, number>([
  ['ciento', 100], ['doscientos', 200], ['trescientos', 300], ['cuatrocientos', 400], ['quinientos', 500],
  ['seiscientos', 600], ['setecientos', 700], ['ochocientos', 800], ['novecientos', 900],
  ['doscientas', 200], ['trescientas', 300], ['cuatrocientas', 400], ['quinientas', 500],
  ['seiscientas', 600], ['setecientas', 700], ['ochocientas', 800], ['novecientas', 900]
])
const UNIT_MAX = 9

/** Reads 1..999 from `tokens` at `start`; the value and the next index, or undefined. */
function readBelowThousand (tokens: readonly string[], start: number): { value: number, next: number } | undefined {
  let i = start
  let value = 0
  if (tokens[i] === 'cien') return { value: 100, next: i + 1 }
  const hundreds = HUNDREDS_WORDS.get(tokens[i])
  if (hundreds !== undefined) {
    value = hundreds
    i++
  }
  const tens = TENS_WORDS.get(tokens[i])
  const unitAfterY = tokens[i + 1] === 'y' ? SMALL_WORDS.get(tokens[i + 2]) : undefined
  if (tens !== undefined && unitAfterY !== undefined && unitAfterY <= UNIT_MAX) {
    // `treinta y uno`, and the old spellings `diez y seis`, `veinte y uno`
    return { value: value + tens + unitAfterY, next: i + 3 }
  }
  const small = SMALL_WORDS.get(tokens[i]) ?? tens
  if (small !== undefined) return { value: value + small, next: i + 1 }
  // `ciento` needs something after it in its group; `quinientos` stands alone
  if (hundreds === undefined || value === 100) return undefined
  return { value, next: i }
}

/** Reads a whole number 0..999 999 999 spelt by all of `tokens`, or undefined. */
function readWhole (tokens: readonly string[]): number | undefined {
  if (tokens.length === 1 && tokens[0] === 'cero') return 0
  let i = 0
  let total = 0
  let group = readBelowThousand(tokens, i)
  if (group !== undefined && (tokens[group.next] === 'millon' || tokens[group.next] === 'millones')) {
    total += group.value * 1_000_000
    i = group.next + 1
    group = readBelowThousand(tokens, i)
  }
  if (tokens[i] === 'mil') { // `mil` alone is one thousand
    total += 1000
    i++
    group = readBelowThousand(tokens, i)
  } else if (group !== undefined && tokens[group.next] === 'mil') {
    total += group.value * 1000
    i = group.next + 1
    group = readBelowThousand(tokens, i)
  }
  if (group !== undefined) {
    total += group.value
    i = group.next
  }
  return i === tokens.length && i > 0 ? total : undefined
}

const CURRENCY = /(?:^|\s)(?:nuevos\s+)?sol(?:es)?$/
const FRACTION = /^(.*?)\s+(?:y|con)\s+(\d{1,2})\s*\/\s*100(?:\s+(?:nuevos\s+)?sol(?:es)?)?$/
const CENTIMOS_IN_WORDS = /^(.*?)\s+(?:y|con)\s+([a-z ]+?)\s+centimos?$/

/**
 * The amount that a text in Spanish words states, or undefined when it is not an amount in words.
 * Tolerant of how people type it: any case, with or without accents and extra spaces or a final
 * period, `Y 50/100` or `CON 50/100`, the céntimos before or after `SOLES`, `SOLES` or `NUEVOS
 * SOLES` or no currency at all, `UN MIL`, `VEINTIUNO`, old spellings such as `DIEZ Y SEIS`, and
 * céntimos in words (`... SOLES CON CINCUENTA CÉNTIMOS`). Figures alone (`1500`) are not words.
 * @returns soles with at most two decimals (0 when the text says `CERO Y 00/100`)
 */
export function readAmountInWords (text: string): number | undefined {
  if (typeof text !== 'string') return undefined
  let words = text
    .normalize('NFD').replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[()[\].,;:*-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  let cents = 0
  const fraction = FRACTION.exec(words)
  if (fraction !== null) {
    words = fraction[1]
    cents = Number(fraction[2])
  } else {
    const centimos = CENTIMOS_IN_WORDS.exec(words)
    if (centimos !== null) {
      const spelt = readWhole(centimos[2].split(' '))
      if (spelt === undefined || spelt > 99) return undefined
      words = centimos[1]
      cents = spelt
    }
  }
  words = words.replace(CURRENCY, '').trim()
  if (words === '' || !/^[a-z ]+$/.test(words)) return undefined
  const whole = readWhole(words.split(' '))
  if (whole === undefined) return undefined
  return (whole * 100 + cents) / 100
}
