/**
 * WinAnsiEncoding (PDF 32000-1 Annex D), the single-byte encoding of the embedded text font the
 * templates and the fast fill path use. It covers Spanish (accents, ñ, ¿, ¡), `—`, `°`, `€` and the
 * typographic quotes; anything else goes through the Unicode font (src/pdf/unicode-font.ts).
 */

/** [code point, byte] pairs of 0x80-0x9F, the range where WinAnsi differs from Latin-1. */
const HIGH_CODES = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f]
])

/** The WinAnsi byte of a code point, or -1 when WinAnsi has no such character. */
export function winAnsiCode (codePoint: number): number {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint
  return HIGH_CODES.get(codePoint) ?? -1
}

/** Every code point that WinAnsi encodes, with its byte (for building width tables). */
export function winAnsiCharacters (): [codePoint: number, code: number][] {
  const pairs: [number, number][] = []
  for (let cp = 0x20; cp <= 0xff; cp++) if (winAnsiCode(cp) === cp) pairs.push([cp, cp])
  for (const [cp, code] of HIGH_CODES) pairs.push([cp, code])
  return pairs
}

const WIN_ANSI_ONLY = new RegExp(
  String.raw`^[\u0020-\u007e\u00a0-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d` +
  String.raw`\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]*$`
)

/** True when every character of `text` has a WinAnsi byte (the fast path can draw it). */
export function isWinAnsi (text: string): boolean {
  return WIN_ANSI_ONLY.test(text)
}
