import { test } from 'tap'
import { MAX_NAME_BYTES, asciiFileName, contentDisposition, contractFileName, contractFolder, safeFileName } from '../../../src/zip/names.js'

test('safe file names have no separators, no .., no controls, nothing Windows refuses (D18)', async (t) => {
  t.equal(safeFileName('../x'), '-x')
  t.equal(safeFileName('..\\..\\boot.ini'), '-.-boot.ini')
  t.equal(safeFileName('a/b'), 'a-b')
  t.equal(safeFileName('Jefe\r\nde\tturno\u200b'), 'Jefe de turno')
  t.equal(safeFileName('a<b>c:d"e|f?g*h'), 'a_b_c_d_e_f_g_h')
  t.equal(safeFileName(' ..oculto.. '), 'oculto')
  t.equal(safeFileName('...'), 'documento')
  t.equal(safeFileName('✓ Supervisor'), '✓ Supervisor')
  t.equal(Array.from(safeFileName('ñ'.repeat(300))).length, 120)
  t.equal(safeFileName('a\ud800b\udfffc'), 'a b c', 'lone surrogates (a 500 "URI malformed" in Content-Disposition before)')
  t.equal(safeFileName('\u{1F600} ok'), '\u{1F600} ok', 'a surrogate pair is one character and stays')
  t.doesNotThrow(() => contentDisposition('inline', safeFileName('x\udc00.pdf')))
})

test('entry folders and contract file names follow the spec', async (t) => {
  t.equal(contractFolder('Planilla'), 'planilla')
  t.equal(contractFolder('Part Time'), 'parttime')
  t.equal(contractFolder('Subsidio'), 'subsidio')
  t.equal(contractFileName({ dni: '12345678', position: 'Operario / Cajero' }), '12345678-Operario - Cajero.pdf')
})

test('Content-Disposition: ASCII filename always, filename* for non-ASCII (RFC 6266/5987)', async (t) => {
  t.equal(contentDisposition('attachment', 'contratos-01-12-2026.zip'), 'attachment; filename="contratos-01-12-2026.zip"')
  t.equal(contentDisposition('inline', '1-Técnico ✓ (A).pdf'), "inline; filename=\"1-Tecnico _ (A).pdf\"; filename*=UTF-8''1-T%C3%A9cnico%20%E2%9C%93%20%28A%29.pdf")
  t.equal(asciiFileName('Ñandú'), 'Nandu')
})

test('file names stay within 255 UTF-8 bytes with their extension, cut between characters (docs/import.md)', async (t) => {
  for (const char of ['收', '\u{1F697}', 'ñ', 'a']) {
    const name = contractFileName({ dni: '12345678', position: char.repeat(100) })
    t.ok(Buffer.byteLength(name) <= 255, `${char}: ${Buffer.byteLength(name)} bytes`)
    t.ok(name.endsWith('.pdf'))
    t.notMatch(name, /\ufffd/, 'no character cut in half')
    t.equal(Buffer.from(name).toString('utf8'), name, 'round-trips through UTF-8')
  }
  t.equal(Buffer.byteLength(safeFileName('\u{1F697}'.repeat(100))), MAX_NAME_BYTES, '60 emoji of 4 bytes')
  t.equal(Buffer.byteLength(safeFileName('收'.repeat(100))), 240, '80 CJK characters of 3 bytes')
})
