/**
 * Builds the two fonts embedded in every document (assets/fonts/*-WinAnsi.ttf) from DejaVu Sans
 * Condensed (Debian package fonts-dejavu-core; Bitstream Vera licence, assets/fonts/DejaVuSans-LICENSE.txt):
 * only the glyphs of WinAnsiEncoding, without hinting and without layout tables, so that each
 * embeds in about 12 KB and its (3,1) cmap still maps every WinAnsi character. Run with
 * `npm run fonts` (needs the Debian fonts) and commit the result; CI never runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import subsetFont from 'subset-font'
import { winAnsiCharacters } from '../src/pdf/winansi.js'
import { assetPath } from '../src/paths.js'

const SOURCE_DIR = '/usr/share/fonts/truetype/dejavu'
export const FONT_FILES = [
  ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-WinAnsi.ttf'],
  ['DejaVuSansCondensed-Bold.ttf', 'DejaVuSansCondensed-Bold-WinAnsi.ttf']
] as const

/* c8 ignore start */
async function main (): Promise<void> {
  const text = String.fromCodePoint(...winAnsiCharacters().map(([codePoint]) => codePoint))
  for (const [source, output] of FONT_FILES) {
    const bytes = await subsetFont(readFileSync(`${SOURCE_DIR}/${source}`), text, {
      targetFormat: 'truetype',
      noHinting: true,
      keepFeatures: [],
      dropTables: ['GSUB', 'GPOS', 'GDEF', 'kern', 'FFTM', 'gasp', 'DSIG', 'hdmx', 'LTSH', 'VDMX']
    })
    writeFileSync(assetPath('fonts', output), bytes)
    console.log(`assets/fonts/${output}: ${bytes.length} bytes`)
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
/* c8 ignore stop */
