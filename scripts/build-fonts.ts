/**
 * Builds the fonts embedded in the documents from DejaVu (Debian package fonts-dejavu-core;
 * Bitstream Vera licence, assets/fonts/DejaVuSans-LICENSE.txt), all without hinting and layout
 * tables, which a PDF does not use and which made up half of each embedded subset:
 * assets/fonts/*-WinAnsi.ttf: DejaVu Sans Condensed, regular and bold, only the glyphs of
 * WinAnsiEncoding, so that each embeds whole in about 12 KB and its (3,1) cmap maps every WinAnsi
 * character (src/pdf/embedded-font.ts). The Unicode fallback assets/fonts/DejaVuSans.ttf stays the
 * original: fontkit's per-document subsets of a harfbuzz-unhinted copy lost glyphs in poppler.
 * Run with `npm run make:fonts` (needs the Debian fonts) and commit the result; CI never runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import subsetFont from 'subset-font'
import { winAnsiCharacters } from '../src/pdf/winansi.js'
import { assetPath } from '../src/paths.js'

const SOURCE_DIR = '/usr/share/fonts/truetype/dejavu'
const FONT_FILES = [
  ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-WinAnsi.ttf'],
  ['DejaVuSansCondensed-Bold.ttf', 'DejaVuSansCondensed-Bold-WinAnsi.ttf']
] as const

/** Hinting and layout tables off (they made up half of each embedded subset): a PDF viewer neither shapes nor hints our text. */
export const UNHINTED = {
  targetFormat: 'truetype',
  noHinting: true,
  keepFeatures: [],
  dropTables: ['GSUB', 'GPOS', 'GDEF', 'kern', 'FFTM', 'gasp', 'DSIG', 'hdmx', 'LTSH', 'VDMX']
} as const

/* c8 ignore start */
async function main (): Promise<void> {
  const text = String.fromCodePoint(...winAnsiCharacters().map(([codePoint]) => codePoint))
  for (const [source, output] of FONT_FILES) {
    const bytes = await subsetFont(readFileSync(`${SOURCE_DIR}/${source}`), text, { ...UNHINTED, keepFeatures: [], dropTables: [...UNHINTED.dropTables] })
    writeFileSync(assetPath('fonts', output), bytes)
    console.log(`assets/fonts/${output}: ${bytes.length} bytes`)
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
/* c8 ignore stop */
