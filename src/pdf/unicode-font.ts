/**
 * The font for values that WinAnsi cannot encode (`✓`, `ő`, Cyrillic…): DejaVu Sans, embedded
 * as a subset (only the glyphs a document uses, a few KB) in a Type 0 / CIDFontType2 font with
 * Identity-H encoding and a ToUnicode map, so readers extract the same text that is drawn.
 * Characters DejaVu Sans lacks (CJK, emoji) draw as U+FFFD `�`.
 */
import { readFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { Font, Glyph } from '@pdf-lib/fontkit'

const REPLACEMENT = 0xfffd
const BASE_FONT = 'DejaVuSans'

export interface UnicodeFont {
  font: Font
  /** 1000 / unitsPerEm */
  scale: number
  ascent: number
  descent: number
}

/**
 * `load(key)` once per key for the process's (or worker thread's) life, shared by every caller; a
 * load that fails is not kept, so the next call tries again.
 */
function keptOnce<V> (kept: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  let found = kept.get(key)
  if (found === undefined) {
    kept.set(key, found = load())
    found.catch(() => kept.delete(key))
  }
  return found
}

const files = new Map<string, Promise<Buffer>>()
const parsed = new Map<string, Promise<UnicodeFont>>()

/** The TTF's bytes, read once per process (pdf-lib's embedFont takes bytes: src/signing/receipt.ts). */
export async function readUnicodeFontFile (path: string): Promise<Buffer> {
  return await keptOnce(files, path, async () => await readFile(path))
}

/**
 * The TTF parsed once per process or worker thread, whoever asks first (the renderer, the sealer,
 * the employer profile's check); a failed read is tried again at the next call.
 */
export async function loadUnicodeFont (path: string): Promise<UnicodeFont> {
  return await keptOnce(parsed, path, async () => {
    const { default: fontkit } = await import('@pdf-lib/fontkit') // only when a document needs it
    const font = fontkit.create(await readUnicodeFontFile(path))
    const scale = 1000 / font.unitsPerEm
    return { font, scale, ascent: font.ascent * scale, descent: font.descent * scale }
  })
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0')

/**
 * The glyph `codePoint` is drawn with and the code point it stands for: the font's own glyph, or
 * `�` (U+FFFD) when the font lacks one. The single rule for both drawing (UnicodeSubset) and
 * measuring (src/pdf/fill.ts measureValue), so a measured value is laid out as it will be drawn.
 */
export function drawnGlyph (font: UnicodeFont, codePoint: number): { glyph: Glyph, codePoint: number } {
  const glyph = font.font.glyphForCodePoint(codePoint)
  if (glyph.id !== 0) return { glyph, codePoint }
  return { glyph: font.font.glyphForCodePoint(REPLACEMENT), codePoint: REPLACEMENT }
}

/** Advance (1/1000 em) of the glyph `codePoint` is drawn with (drawnGlyph). */
export function unicodeAdvance (font: UnicodeFont, codePoint: number): number {
  return drawnGlyph(font, codePoint).glyph.advanceWidth * font.scale
}

/** The glyphs one document draws with the Unicode font, renumbered from 1 in the subset. */
export class UnicodeSubset {
  readonly font: UnicodeFont
  readonly #subset
  readonly #byCodePoint = new Map<number, { id: number, advance: number }>()
  /** Subset glyph id → [code point, advance]. */
  readonly #glyphs: [number, number][] = []

  constructor (font: UnicodeFont) {
    this.font = font
    this.#subset = font.font.createSubset()
  }

  /** Subset glyph id and advance (1/1000 em) of a code point; missing glyphs become `�`. */
  glyph (codePoint: number): { id: number, advance: number } {
    let entry = this.#byCodePoint.get(codePoint)
    if (entry === undefined) {
      const { glyph, codePoint: mapped } = drawnGlyph(this.font, codePoint)
      const id = this.#subset.includeGlyph(glyph)
      entry = { id, advance: glyph.advanceWidth * this.font.scale }
      this.#glyphs[id] ??= [mapped, entry.advance]
      this.#byCodePoint.set(codePoint, entry)
    }
    return entry
  }

  /** A hex string operand of 2-byte glyph ids (Identity-H). */
  encode (codePoints: ArrayLike<number>, start: number, end: number): string {
    let text = '<'
    for (let i = start; i < end; i++) text += hex4(this.glyph(codePoints[i]).id)
    return `${text}>`
  }

  /**
   * The font's five objects, numbered from `first`: Type 0 font (referenced from the pages),
   * CIDFont, descriptor, font file, ToUnicode map.
   */
  async objects (first: number): Promise<{ objectNumber: number, parts: (string | Uint8Array)[] }[]> {
    const file = await new Promise<Uint8Array>((resolve) => {
      const chunks: Uint8Array[] = []
      this.#subset.encodeStream().on('data', (chunk) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)))
    })
    const compressed = deflateSync(file)
    const used = this.#glyphs.map((glyph, id) => ({ id, glyph })).filter(({ glyph }) => glyph !== undefined)
    const tag = createHash('sha1').update(used.map(({ glyph }) => glyph[0]).join(',')).digest()
      .subarray(0, 6).reduce((text, byte) => text + String.fromCharCode(65 + (byte % 26)), '')
    const name = `${tag}+${BASE_FONT}`
    const { font, scale, ascent, descent } = this.font
    const bbox = font.bbox
    const widths = used.map(({ id, glyph }) => `${id} [${Math.round(glyph[1])}]`).join(' ')
    const cmapEntries = used.map(({ id, glyph }) => `<${hex4(id)}> <${utf16Hex(glyph[0])}>`)
    const cmapBlocks: string[] = []
    for (let i = 0; i < cmapEntries.length; i += 100) {
      const block = cmapEntries.slice(i, i + 100)
      cmapBlocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`)
    }
    const cmap = [
      '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def', '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
      '1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange', cmapBlocks.join('\n'),
      'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end'
    ].join('\n')
    const [type0, cidFont, descriptor, fontFile, toUnicode] = [first, first + 1, first + 2, first + 3, first + 4]
    const r = (n: number) => Math.round(n)
    const dict = (...entries: string[]) => `<< ${entries.join(' ')} >>`
    return [
      {
        objectNumber: type0,
        parts: [dict(`/Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H`, `/DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R`)]
      },
      {
        objectNumber: cidFont,
        parts: [dict(`/Type /Font /Subtype /CIDFontType2 /BaseFont /${name}`, '/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>',
          `/FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW 1000 /W [${widths}]`)]
      },
      {
        objectNumber: descriptor,
        parts: [dict(`/Type /FontDescriptor /FontName /${name} /Flags 4`,
          `/FontBBox [${r(bbox.minX * scale)} ${r(bbox.minY * scale)} ${r(bbox.maxX * scale)} ${r(bbox.maxY * scale)}]`,
          `/ItalicAngle ${font.italicAngle} /Ascent ${r(ascent)} /Descent ${r(descent)}`,
          `/CapHeight ${r(Number.isFinite(font.capHeight) ? font.capHeight * scale : ascent)} /StemV 80 /FontFile2 ${fontFile} 0 R`)]
      },
      {
        objectNumber: fontFile,
        parts: [`${dict(`/Length ${compressed.length} /Length1 ${file.length} /Filter /FlateDecode`)}\nstream\n`, compressed, '\nendstream']
      },
      { objectNumber: toUnicode, parts: [`<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`] }
    ]
  }
}

function utf16Hex (codePoint: number): string {
  return String.fromCodePoint(codePoint).split('').map((unit) => hex4(unit.charCodeAt(0))).join('')
}
