/**
 * Font metrics the layout needs, as plain data that can cross into worker threads: advance
 * widths in 1/1000 em and the vertical extent (ascent above and descent below the baseline).
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib'
import { winAnsiCharacters } from './winansi.js'

export interface FontMetrics {
  /** Advance width of each WinAnsi byte (Helvetica) in 1/1000 em; 0 for unused bytes. */
  widths: number[]
  /** Above the baseline, 1/1000 em (positive). */
  ascent: number
  /** Below the baseline, 1/1000 em (negative). */
  descent: number
}

/** Helvetica's widths indexed by WinAnsi byte, read from pdf-lib's copy of the standard AFM metrics. */
export function helveticaMetrics (): FontMetrics {
  const font = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0])
  const widths = new Array<number>(256).fill(0)
  for (const [codePoint, code] of winAnsiCharacters()) widths[code] = font.widthOfTextAtSize(String.fromCodePoint(codePoint), 1000)
  return { widths, ascent: 718, descent: -207 } // Helvetica AFM ascender/descender
}
