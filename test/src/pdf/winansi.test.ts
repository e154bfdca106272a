import { test } from 'tap'
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib'
import { isWinAnsi, winAnsiCode, winAnsiCharacters } from '../../../src/pdf/winansi.js'
import { loadWinAnsiFont } from '../../../src/pdf/embedded-font.js'

const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0])

/** pdf-lib's own WinAnsi encoder, as an independent reference: it throws on characters it cannot encode. */
function pdfLibCanEncode (char: string): boolean {
  try {
    helvetica.encodeText(char)
    return true
  } catch {
    return false
  }
}

test('our WinAnsi table agrees with pdf-lib for every printable BMP character up to U+2200', async (t) => {
  const disagreements: string[] = []
  for (let cp = 0x20; cp < 0x2200; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue
    const char = String.fromCodePoint(cp)
    const ours = winAnsiCode(cp) >= 0
    if (ours !== pdfLibCanEncode(char) || ours !== isWinAnsi(char)) disagreements.push(cp.toString(16))
  }
  t.same(disagreements, [])
})

test('Spanish text, dashes and degrees are WinAnsi; check marks and ő are not', async (t) => {
  t.ok(isWinAnsi('Ñandú — N.° 5 ¿Sí? “comillas” €'))
  t.notOk(isWinAnsi('✓'))
  t.notOk(isWinAnsi('Erdős'))
  t.equal(winAnsiCode(0x2014), 0x97)
  t.equal(winAnsiCode(0x2713), -1)
})

test('the embedded text font has a width for every WinAnsi character', async (t) => {
  const { widths } = loadWinAnsiFont('regular')
  t.ok(widths[0x20] > 200 && widths[0x20] < 400, 'space')
  t.ok(widths[0x57] > widths[0x69] * 2, 'W wider than i')
  t.ok(winAnsiCharacters().every(([, code]) => widths[code] > 0))
})
