/**
 * Pure text helpers the console's modules share, importing nothing (so any module may import them
 * without an import cycle): text folded as the service compares names and headers (D12), and a
 * long text cut at a word.
 */

/**
 * Text compared as the service compares names and headers: accents, case and spacing aside
 * (`Dirección ` → `direccion`, D12).
 * @param {string} text
 */
export const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** A header as the service matches it (D12): its folded text. @param {string} text */
export const headerKey = (text) => fold(text)

/**
 * `Incremento temporal e imprevisible de…` cut at a word to about `length` characters.
 * @param {string} text
 * @param {number} [length]
 */
export function shortText (text, length = 70) {
  if (text.length <= length) return text
  const cut = text.slice(0, length)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).replace(/[\s,.;:]+$/, '')}…`
}
