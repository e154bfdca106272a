/**
 * Writes a PDF compactly: every stream without a filter is Flate-compressed, the other objects
 * (dictionaries, arrays…) are packed into compressed object streams (PDF 32000-1 §7.5.7) and the
 * cross-reference section is a compressed cross-reference stream (§7.5.8). A template shrinks to
 * about half, and so does every document filled from it, since a document is the template's bytes
 * plus a small update (src/pdf/update.ts). Used when the templates are built
 * (scripts/build-templates.ts) and again when one is compiled at start-up (src/pdf/template.ts),
 * so a template made by another tool gets the same treatment.
 */
import { deflateSync } from 'node:zlib'
import { PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib'

/** Streams shorter than this are left as they are: compression would not pay for the filter entry. */
const MIN_STREAM_BYTES = 64

/**
 * Compresses the unfiltered streams of `doc` in place (a stream that already has a filter, such as
 * an image or a compressed font, is left alone) and serialises it with object streams and a
 * cross-reference stream.
 * @returns the PDF bytes (pdf-lib's writer; the document keeps its /Info and /ID)
 */
export async function compactPdf (doc: PDFDocument): Promise<Uint8Array> {
  const filter = PDFName.of('Filter')
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.has(filter)) continue
    const contents = object.getContents()
    if (contents.length < MIN_STREAM_BYTES) continue
    const compressed = deflateSync(contents)
    if (compressed.length >= contents.length) continue
    const dict = object.dict.clone(doc.context)
    dict.set(filter, PDFName.of('FlateDecode'))
    dict.delete(PDFName.of('DecodeParms'))
    doc.context.assign(ref, PDFRawStream.of(dict, compressed))
  }
  return await doc.save({
    useObjectStreams: true,
    updateFieldAppearances: false,
    addDefaultPage: false,
    objectsPerTick: Number.POSITIVE_INFINITY
  })
}
