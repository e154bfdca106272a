/**
 * The fonts embedded in every document (DOCUMENT-REQUIREMENTS §10: a substituted font spaced the
 * letters out in one reader). DejaVu Sans Condensed, regular and bold, cut down to the glyphs of
 * WinAnsiEncoding without hinting (scripts/build-fonts.ts), embedded whole as simple TrueType fonts
 * with /WinAnsiEncoding: text stays one byte per character, as with a standard font, and every
 * viewer and printer draws the same glyphs. The templates draw their static text with them
 * (scripts/build-templates.ts) and the fill engine draws values with the regular one, reusing the
 * template's copy when it has one (src/pdf/template.ts). Values outside WinAnsi still fall back to
 * the embedded Unicode subset (src/pdf/unicode-font.ts).
 */
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import fontkit from '@pdf-lib/fontkit'
import type { PDFContext, PDFRef } from 'pdf-lib'
import { winAnsiCharacters } from './winansi.js'
import { assetPath } from '../paths.js'
import type { FontMetrics } from './font-metrics.js'

/** A font ready to embed: plain data, structured-cloneable into the PDF workers. */
export interface WinAnsiFont extends FontMetrics {
  /** `/BaseFont`: a six-letter tag of the file's hash + the PostScript name, e.g. `QWERTY+DejaVuSansCondensed`. */
  baseFont: string
  /** The TrueType file, deflated, and its length before deflating. */
  file: Uint8Array
  length1: number
  bbox: [number, number, number, number]
  capHeight: number
  italicAngle: number
}

/** The embedded fonts' files in assets/fonts/. */
export const EMBEDDED_FONT_FILES = {
  regular: 'DejaVuSansCondensed-WinAnsi.ttf',
  bold: 'DejaVuSansCondensed-Bold-WinAnsi.ttf'
} as const

const cache = new Map<string, WinAnsiFont>()

/**
 * Reads one of the WinAnsi fonts and its metrics (widths by WinAnsi byte, 1/1000 em).
 * @throws Error when the file is missing or lacks a glyph of WinAnsi (then rebuild it: `npm run make:fonts`)
 */
export function loadWinAnsiFont (style: keyof typeof EMBEDDED_FONT_FILES): WinAnsiFont {
  const path = assetPath('fonts', EMBEDDED_FONT_FILES[style])
  const cached = cache.get(path)
  if (cached !== undefined) return cached
  const bytes = readFileSync(path)
  const font = fontkit.create(bytes)
  const scale = 1000 / font.unitsPerEm
  const widths = new Array<number>(256).fill(0)
  for (const [codePoint, code] of winAnsiCharacters()) {
    const glyph = font.glyphForCodePoint(codePoint)
    if (glyph.id === 0 && codePoint !== 0xa0 && codePoint !== 0xad) throw new Error(`${path}: falta el glifo U+${codePoint.toString(16)}`)
    widths[code] = Math.round(glyph.advanceWidth * scale)
  }
  const tag = createHash('sha1').update(bytes).digest().subarray(0, 6).reduce((text, byte) => text + String.fromCharCode(65 + (byte % 26)), '')
  const loaded: WinAnsiFont = {
    widths,
    ascent: Math.round(font.ascent * scale),
    descent: Math.round(font.descent * scale),
    baseFont: `${tag}+${font.postscriptName}`,
    file: deflateSync(bytes, { level: 9 }),
    length1: bytes.length,
    bbox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((value) => Math.round(value * scale)) as WinAnsiFont['bbox'],
    capHeight: Math.round((Number.isFinite(font.capHeight) ? font.capHeight : font.ascent) * scale),
    italicAngle: font.italicAngle
  }
  cache.set(path, loaded)
  return loaded
}

/** First and last WinAnsi byte in /Widths. */
export const FIRST_CHAR = 32
export const LAST_CHAR = 255

/**
 * Registers the font's dictionary and descriptor in a pdf-lib document, pointing at `fontFile` (the
 * font file's reference, registered by the caller, whole or cut down): the same objects as
 * winAnsiFontObjects, for documents pdf-lib writes (the templates, the constancia).
 * @returns the font dictionary's reference, the one pages name
 */
export function registerWinAnsiFont (context: PDFContext, font: WinAnsiFont, fontFile: PDFRef): PDFRef {
  const descriptor = context.register(context.obj({
    Type: 'FontDescriptor',
    FontName: font.baseFont,
    Flags: 32,
    FontBBox: font.bbox,
    ItalicAngle: font.italicAngle,
    Ascent: font.ascent,
    Descent: font.descent,
    CapHeight: font.capHeight,
    StemV: 80,
    FontFile2: fontFile
  }))
  return context.register(context.obj({
    Type: 'Font',
    Subtype: 'TrueType',
    BaseFont: font.baseFont,
    FirstChar: FIRST_CHAR,
    LastChar: LAST_CHAR,
    Widths: font.widths.slice(FIRST_CHAR, LAST_CHAR + 1),
    Encoding: 'WinAnsiEncoding',
    FontDescriptor: descriptor
  }))
}

/**
 * The font's three PDF objects, as text: font dictionary (`first`, the one pages reference),
 * descriptor (`first + 1`) and font file (`first + 2`, its bytes in the middle part).
 */
export function winAnsiFontObjects (
  font: WinAnsiFont, first: number
): { objectNumber: number, parts: (string | Uint8Array)[] }[] {
  const widths = font.widths.slice(FIRST_CHAR, LAST_CHAR + 1).join(' ')
  return [
    { objectNumber: first, parts: [`<< /Type /Font /Subtype /TrueType /BaseFont /${font.baseFont} /FirstChar ${FIRST_CHAR} /LastChar ${LAST_CHAR} /Widths [${widths}] /Encoding /WinAnsiEncoding /FontDescriptor ${first + 1} 0 R >>`] },
    { objectNumber: first + 1, parts: [`<< /Type /FontDescriptor /FontName /${font.baseFont} /Flags 32 /FontBBox [${font.bbox.join(' ')}] /ItalicAngle ${font.italicAngle} /Ascent ${font.ascent} /Descent ${font.descent} /CapHeight ${font.capHeight} /StemV 80 /FontFile2 ${first + 2} 0 R >>`] },
    { objectNumber: first + 2, parts: [`<< /Length ${font.file.length} /Length1 ${font.length1} /Filter /FlateDecode >>\nstream\n`, font.file, '\nendstream'] }
  ]
}
