import { test } from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib'
import { writeUpdate } from '../../../src/pdf/update.js'
import { qpdfCheck } from '../../support/helper.js'
import { engineData } from './engine-fixture.js'

/** qpdf's view of one object of a PDF (`--show-object`). */
function showObject (bytes: Uint8Array, objectNumber: number, generation = 0): string {
  const file = join(mkdtempSync(join(tmpdir(), 'contratos-update-')), 'doc.pdf')
  writeFileSync(file, bytes)
  return execFileSync('qpdf', [`--show-object=${objectNumber},${generation}`, file], { encoding: 'latin1' })
}

test('an update adds objects of any generation, long streams compressed and short ones not, and readers resolve them all', async (t) => {
  const template = (await engineData()).templates.anexo
  const n = template.size
  const bytes = writeUpdate(template, {
    dicts: [
      { objectNumber: n, generation: 0, body: '<< /Marca (empaquetado) >>' },
      { objectNumber: n + 1, generation: 2, body: '<< /Marca (generacion 2) >>' }
    ],
    streams: [
      { objectNumber: n + 2, content: 'q\n' },
      { objectNumber: n + 3, content: 'BT /F1 9 Tf (contenido comprimido del documento) Tj ET\n'.repeat(100) }
    ],
    raw: [{ objectNumber: n + 4, generation: 0, parts: ['<< /Marca (tal cual) >>'] }]
  })
  await qpdfCheck(bytes)
  t.match(showObject(bytes, n), '/Marca (empaquetado)')
  t.match(showObject(bytes, n + 1, 2), '/Marca (generacion 2)')
  t.match(showObject(bytes, n + 4), '/Marca (tal cual)')
  t.match(showObject(bytes, n + 3), '/Filter /FlateDecode')
  t.notMatch(showObject(bytes, n + 2), '/Filter')
  // pdf-lib reads the objects from the update too, over the template's
  const doc = await PDFDocument.load(bytes)
  t.equal(doc.context.lookup(PDFRef.of(n + 1, 2), PDFDict).get(PDFName.of('Marca'))?.toString(), '(generacion 2)')
  t.equal(doc.getPageCount(), 3, 'the template is still whole')
  t.equal(doc.context.trailerInfo.Root?.toString(), template.trailer.match(/\/Root (\d+ \d+ R)/)?.[1])
})

test('many different dictionaries: every document is still right once the cache of object streams is full', async (t) => {
  const template = (await engineData()).templates.anexo
  for (let i = 0; i < 70; i++) {
    const bytes = writeUpdate(template, { dicts: [{ objectNumber: template.size, generation: 0, body: `<< /Numero ${i} >>` }], streams: [] })
    if (i % 10 === 0 || i === 69) {
      const doc = await PDFDocument.load(bytes)
      t.equal(doc.context.lookup(PDFRef.of(template.size), PDFDict).get(PDFName.of('Numero'))?.toString(), PDFNumber.of(i).toString(), `document ${i}`)
    }
  }
})

test('the update alone is exactly what follows the template in the document (the ZIP joins them)', async (t) => {
  const template = (await engineData()).templates['contrato-planilla']
  const objects = { dicts: [{ objectNumber: template.size, generation: 0, body: '<< /Marca (solo la actualización) >>' }], streams: [{ objectNumber: template.size + 1, content: 'q\n' }] }
  const whole = writeUpdate(template, objects)
  const update = writeUpdate(template, objects, 'update')
  t.equal(update.byteLength, whole.byteLength - template.base.byteLength)
  t.equal(update.buffer.byteLength, update.byteLength, 'its own ArrayBuffer (transferable)')
  t.ok(Buffer.from(whole.subarray(0, template.base.length)).equals(Buffer.from(template.base)), 'the document starts with the template')
  t.ok(Buffer.from(whole.subarray(template.base.length)).equals(Buffer.from(update)), 'and goes on with the update')
  await qpdfCheck(Buffer.concat([template.base, update]))
})
