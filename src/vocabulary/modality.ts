/**
 * The fixed-term modalities a contract can be made under (LPCL = D.S. 003-97-TR, Título II) and
 * their maximum terms (DOCUMENT-REQUIREMENTS §11, §13, §21): the record's `modality`, or the
 * profile's for its contract type; a Subsidio is always a suplencia (art. 61).
 */

import { foldText } from './format.js'

/** The article numbers of the modalities the service prints. */
export const MODALITY_CODES = ['57', '58', '60', '61', '63', '67'] as const
export type ModalityCode = typeof MODALITY_CODES[number]

/** One modality: its legal name and the longest term one contract may have, in months. */
export interface Modality {
  code: ModalityCode
  /** Legal name, as the LPCL writes it after "contrato… por" / "de". */
  name: string
  /** Longest term of one contract (art. 74 caps every successive total at 60). */
  maxMonths: number
}

/**
 * Arts. 57 (3 years), 58 (5 years), 60 (6 months a year), 61 and 63 (the cause's duration, within
 * art. 74's five years), 67 (temporada: the season's duration, which recurs every year, so within one
 * year; the term is also bounded by its reviewed cause's period, src/employer/reviewed-causes.ts).
 */
export const MODALITIES: Readonly<Record<ModalityCode, Modality>> = {
  57: { code: '57', name: 'inicio o incremento de actividad', maxMonths: 36 },
  58: { code: '58', name: 'necesidades del mercado', maxMonths: 60 },
  60: { code: '60', name: 'ocasional', maxMonths: 6 },
  61: { code: '61', name: 'suplencia', maxMonths: 60 },
  63: { code: '63', name: 'obra determinada o servicio específico', maxMonths: 60 },
  67: { code: '67', name: 'temporada', maxMonths: 12 }
}

/**
 * A modality as a message names it to HR: its legal name in guillemets, `«inicio o incremento de
 * actividad»`, never its article number (the documents cite the article; a message about the record does not).
 */
export function modalityInWords (code: ModalityCode): string {
  return `«${MODALITIES[code].name}»`
}

/** Art. 74: successive modal contracts between the same parties, in months, at most. */
export const MAX_TOTAL_MONTHS = 60

const key = (text: string) => foldText(text.replace(/[-_]/g, ' '))

const BY_KEY = new Map<string, ModalityCode>(MODALITY_CODES.flatMap((code) => [
  [code, code], [`art ${code}`, code], [`articulo ${code}`, code], [key(MODALITIES[code].name), code]
]))

/**
 * A modality from its article number (`57`, `art. 57`) or its legal name (`necesidades del mercado`,
 * `Necesidades-del-Mercado`); case, accents, hyphens and the article's abbreviation dot are ignored.
 * @returns undefined when the text names no modality the service prints
 */
export function parseModality (text: string | number): ModalityCode | undefined {
  return BY_KEY.get(key(String(text)).replace(/^art\.\s*/, 'art '))
}
