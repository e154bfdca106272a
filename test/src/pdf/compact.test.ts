import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib'
import { compactPdf } from '../../../src/pdf/compact.js'
import { qpdfCheck } from '../../support/helper.js'

test('unfiltered streams are compressed, dictionaries packed, and the cross-reference is a stream', async (t) => {
  const doc = await PDFDocument.create()
  doc.addPage([200, 200])
  const text = 'BT /F1 9 Tf 10 10 Td (una plantilla hecha por otra herramienta, sin comprimir) Tj ET\n'.repeat(30)
  const refs: Record<string, PDFRef> = {
    text: doc.context.register(doc.context.stream(text, { Marca: 'texto' })),
    tiny: doc.context.register(doc.context.stream('q Q')),
    noise: doc.context.register(doc.context.stream(randomBytes(2000)))
  }
  const bytes = await compactPdf(doc)
  await qpdfCheck(bytes)
  const latin1 = Buffer.from(bytes).toString('latin1')
  t.match(latin1, /\/Type \/XRef/, 'a cross-reference stream')
  t.match(latin1, /\/Type \/ObjStm/, 'an object stream')
  t.notMatch(latin1, /\bxref\b\s+0 \d+/, 'no classic cross-reference table')
  t.notMatch(latin1, 'una plantilla hecha', 'the text stream is not readable in the file')

  const back = await PDFDocument.load(bytes)
  const stream = (name: string) => back.context.lookup(refs[name]) as PDFRawStream
  t.equal(stream('text').dict.get(PDFName.of('Filter'))?.toString(), '/FlateDecode')
  t.equal(stream('text').dict.get(PDFName.of('Marca'))?.toString(), '/texto', 'other entries kept')
  t.equal(inflateSync(stream('text').getContents()).toString('latin1'), text)
  t.notOk(stream('tiny').dict.has(PDFName.of('Filter')), 'a tiny stream is left as it is')
  t.notOk(stream('noise').dict.has(PDFName.of('Filter')), 'a stream that would not shrink is left as it is')
  t.equal(stream('noise').getContents().length, 2000)
})
