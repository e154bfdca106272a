/**
 * Probation (periodo de prueba) as records state it: the longest by reason and the
 * parser of the text HR types. The rules that use them are in src/employees/lawful-contract.ts (§14).
 */
import { foldText } from './format.js'

/** Longest probation by its reason (LPCL art. 10): qualified workers 6 months, trust positions 12. */
export const PROBATION_REASONS = { calificado: 6, confianza: 12 } as const

const NUMBER_WORDS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce']

/**
 * Whole months of probation from `3`, `3 meses`, `tres (3) meses`, `un mes`; 0 from `0` or
 * `sin periodo de prueba`. Undefined when the text is none of these.
 */
export function parseProbationMonths (text: string): number | undefined {
  const value = foldText(text).replace(/\.$/, '')
  if (value === 'sin periodo de prueba' || value === 'ninguno' || value === '0') return 0
  const match = /^(?:([a-z]+) )?(?:\((\d{1,2})\)|(\d{1,2}))?(?: ?(?:mes|meses))?$/.exec(value)
  if (match === null || value === '') return undefined
  const [, word, bracketed, plain] = match
  const digits = bracketed ?? plain
  const fromWord = word === undefined ? undefined : (word === 'un' ? 1 : NUMBER_WORDS.indexOf(word))
  if (word !== undefined && (fromWord === undefined || fromWord < 0)) return undefined
  if (digits === undefined) return fromWord
  if (fromWord !== undefined && fromWord !== Number(digits)) return undefined
  return Number(digits)
}
