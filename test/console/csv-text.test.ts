/**
 * The console decodes a CSV as the service does (console/js/csv-text.js against
 * src/spreadsheets/csv.ts), byte for byte: the files HR makes (UTF-8 with and without BOM, Excel's
 * Windows-1252, a UTF-8 file with one pasted Windows-1252 field, UTF-16 either way with an unpaired
 * surrogate, a `sep=;` line) and a few thousand random byte strings of separators, ASCII and the
 * bytes that make the encodings differ. Runs in Node: the module has no browser dependency.
 */
import t from 'tap'
import { csvBody, decodeCsv as consoleDecode, encodeCsv } from '../../console/js/csv-text.js'
import { decodeCsv, prepareCsv } from '../../src/spreadsheets/csv.js'

const utf16 = (text: string, littleEndian: boolean) => {
  const le = Buffer.from(text, 'utf16le')
  return Buffer.concat([Buffer.from(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]), littleEndian ? le : Buffer.from(le).swap16()])
}

const FILES: Record<string, Uint8Array> = {
  'UTF-8': Buffer.from('NOMBRE,CARGO\r\nMaría,Técnico\r\n'),
  'UTF-8 with BOM, ;': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('NOMBRE;CARGO\r\nMaría;Técnico\r\n')]),
  'Windows-1252': Buffer.from('NOMBRE,CARGO\r\nMar\xeda,T\xe9cnico\r\n', 'latin1'),
  'UTF-8 with one Windows-1252 field': Buffer.concat([Buffer.from('NOMBRE,CARGO\r\nMaría,'), Buffer.from('T\xe9cnico', 'latin1'), Buffer.from('\r\nJosé,Cajero\r\n')]),
  'UTF-16LE with an unpaired surrogate': utf16('NOMBRE\tDIRECCIÓN\r\nMaría\tAv. \ud800 1\r\n', true),
  'UTF-16BE, odd length': Buffer.concat([utf16('NOMBRE,CARGO\nMaría,😀\n', false), Buffer.from([0x41])]),
  'sep= line': Buffer.from('sep=;\r\nNOMBRE,APELLIDO;CARGO\r\nAna,Q;Cajera\r\n'),
  binary: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])
}

t.test('the files HR makes decode to the same text, delimiter and body', async (t) => {
  for (const [name, bytes] of Object.entries(FILES)) {
    const text = decodeCsv(bytes)
    t.equal(consoleDecode(bytes), text, name)
    if (text === undefined) continue
    const service = prepareCsv(text)
    const { body, delimiter } = csvBody(text)
    t.equal(delimiter, service.delimiter, `${name}: delimiter`)
    t.ok(body.startsWith(service.body), `${name}: the body the service parses (less its blank tail)`)
  }
  t.equal(consoleDecode(FILES['UTF-8 with one Windows-1252 field']), 'NOMBRE,CARGO\r\nMaría,Técnico\r\nJosé,Cajero\r\n', 'María stays María')
  t.match(consoleDecode(FILES['UTF-16LE with an unpaired surrogate']), /Av\. \ud800 1/, 'the surrogate kept, for the service to refuse')
})

t.test('random bytes: the same text as the service, every time', async (t) => {
  const alphabet = [0x2c, 0x3b, 0x09, 0x0d, 0x0a, 0x22, 0x41, 0x20, 0xc3, 0xa9, 0xed, 0xe9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xfe, 0xbf, 0xc0, 0x80, 0xef, 0xbb]
  let seed = 20_261_127
  const next = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed }
  let differ = 0
  for (let run = 0; run < 3000; run++) {
    const bytes = Uint8Array.from({ length: 1 + (next() % 40) }, () => alphabet[next() % alphabet.length])
    if (consoleDecode(bytes) !== decodeCsv(bytes)) {
      differ++
      if (differ < 5) t.fail(`differs on ${Buffer.from(bytes).toString('hex')}`)
    }
  }
  t.equal(differ, 0)
})

t.test('written back: UTF-8, or UTF-16LE when a cell holds an unpaired surrogate; the service reads either as written', async (t) => {
  for (const text of ['NOMBRE\r\nMaría 😀\r\n', 'NOMBRE\r\nAv. \ud800 1\r\n', 'A\r\n\udfff']) {
    t.equal(decodeCsv(encodeCsv(text)), text, JSON.stringify(text))
  }
  t.same(Array.from(encodeCsv('A').subarray(0, 1)), [0x41], 'UTF-8 without BOM otherwise')
})
