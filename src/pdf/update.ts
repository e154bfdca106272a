/**
 * Serialises the incremental update that fills a document (PDF 32000-1 §7.5.6), after the compiled
 * template's bytes, in compressed form to match the compact template (src/pdf/compact.ts):
 * - the rewritten dictionaries (pages, catalog, font) packed into one Flate-compressed object
 *   stream (§7.5.7); they are the same from document to document of a template, so the compressed
 *   stream is kept and reused (a small bounded cache per thread);
 * - the page content streams, Flate-compressed when they are long (MIN_COMPRESSED_BYTES);
 * - objects given already serialised (the Unicode font's) as they are;
 * - a cross-reference stream (§7.5.8), uncompressed (it is a few dozen bytes), whose /Prev points
 *   at the template's cross-reference stream.
 * The result is one fresh ArrayBuffer holding exactly the document, transferable without a copy;
 * or, for the ZIP, only the update (the template's bytes are the same in every document and the
 * main thread already holds them: src/documents/pdf-pool.ts).
 */
import { deflateSync } from 'node:zlib'
import type { CompiledTemplate } from './compiled.js'

/** A dictionary (or any non-stream object) of the update; packed into the object stream when its generation is 0. */
export interface UpdateDict { objectNumber: number, generation: number, body: string }

/**
 * A content stream of the update; `content` is latin1 text (bytes 0-255), whole or in pieces that
 * are written one after the other (joining them first would copy every byte once more).
 */
export interface UpdateStream { objectNumber: number, content: string | readonly string[] }

/** An object serialised by its maker (body parts between `N G obj` and `endobj`). */
export interface RawObject { objectNumber: number, generation: number, parts: (string | Uint8Array)[] }

export interface UpdateObjects {
  dicts: UpdateDict[]
  streams: UpdateStream[]
  raw?: RawObject[]
}

/**
 * Content streams shorter than this are written uncompressed. Deflating costs a fixed ~30 µs or
 * more per stream: for the 1-2 KB a page of values usually takes it doubled the engine's CPU per
 * document (measured 0.27 against 0.15 ms on a loaded 2-core machine) to save about 1.7 KB of a
 * 10 KB PDF, a loss for a ZIP of 150 of them; a page with long values is still compressed.
 */
const MIN_COMPRESSED_BYTES = 4096
/** Compressed object streams kept per thread (a handful per template: with and without the Unicode font). */
const CACHE_LIMIT = 64

interface PackedStream { count: number, first: number, data: Uint8Array, numbers: number[] }
const packedCache = new Map<string, PackedStream>()

/** The object stream of `dicts` (all generation 0), compressed; cached by content. */
function pack (dicts: UpdateDict[]): PackedStream {
  let key = ''
  for (const dict of dicts) key += `${dict.objectNumber}\n${dict.body}\n`
  const cached = packedCache.get(key)
  if (cached !== undefined) return cached
  let header = ''
  let body = ''
  for (const dict of dicts) {
    header += `${dict.objectNumber} ${body.length} `
    body += `${dict.body}\n`
  }
  header += '\n'
  const packed = {
    count: dicts.length,
    first: header.length,
    data: deflateSync(Buffer.from(header + body, 'latin1')),
    numbers: dicts.map((dict) => dict.objectNumber)
  }
  if (packedCache.size >= CACHE_LIMIT) packedCache.clear()
  packedCache.set(key, packed)
  return packed
}

/** Writes one cross-reference stream row: type (1 byte), field 2 (4 bytes), field 3 (2 bytes). */
function row (table: Buffer, at: number, type: number, field2: number, field3: number): void {
  table[at] = type
  table.writeUInt32BE(field2, at + 1)
  table.writeUInt16BE(field3, at + 5)
}

const ROW_BYTES = 7

/** What writeUpdate returns: the whole document, or only the update that follows the template's bytes. */
export type UpdateOutput = 'document' | 'update'

/**
 * The document: `template.base` followed by the update holding `objects`.
 * @param template the compiled template (its bytes end with a line feed; prevXref is its cross-reference
 *   stream's offset)
 * @param output `document` (default): the PDF bytes; `update`: only the bytes after `template.base`
 *   (offsets inside still count from the start of the document)
 * @returns those bytes in their own ArrayBuffer
 */
export function writeUpdate (template: Pick<CompiledTemplate, 'base' | 'size' | 'prevXref' | 'trailer'>, objects: UpdateObjects, output: UpdateOutput = 'document'): Uint8Array {
  const base = template.base
  const pieces: (string | Uint8Array)[] = []
  /** [object number, type, field 2, field 3] per cross-reference entry. */
  const entries: [number, number, number, number][] = []
  let position = base.length
  const push = (piece: string | Uint8Array) => {
    pieces.push(piece)
    position += piece.length
  }
  let highest = template.size - 1
  const mark = (objectNumber: number) => { highest = Math.max(highest, objectNumber) }

  const packable = objects.dicts.filter((dict) => dict.generation === 0)
  for (const dict of objects.dicts) {
    mark(dict.objectNumber)
    if (dict.generation === 0) continue
    entries.push([dict.objectNumber, 1, position, dict.generation])
    push(`${dict.objectNumber} ${dict.generation} obj\n${dict.body}\nendobj\n`)
  }
  for (const stream of objects.streams) {
    mark(stream.objectNumber)
    entries.push([stream.objectNumber, 1, position, 0])
    const pieces = typeof stream.content === 'string' ? [stream.content] : stream.content
    const length = pieces.reduce((total, piece) => total + piece.length, 0)
    if (length < MIN_COMPRESSED_BYTES) {
      push(`${stream.objectNumber} 0 obj\n<< /Length ${length} >>\nstream\n`)
      for (const piece of pieces) push(piece)
      push('\nendstream\nendobj\n')
    } else {
      const data = deflateSync(Buffer.from(pieces.join(''), 'latin1'))
      push(`${stream.objectNumber} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`)
      push(data)
      push('\nendstream\nendobj\n')
    }
  }
  for (const object of objects.raw ?? []) {
    mark(object.objectNumber)
    entries.push([object.objectNumber, 1, position, object.generation])
    push(`${object.objectNumber} ${object.generation} obj\n`)
    for (const part of object.parts) push(part)
    push('\nendobj\n')
  }
  if (packable.length > 0) {
    const packed = pack(packable)
    const number = ++highest
    entries.push([number, 1, position, 0])
    packed.numbers.forEach((objectNumber, index) => entries.push([objectNumber, 2, number, index]))
    push(`${number} 0 obj\n<< /Type /ObjStm /N ${packed.count} /First ${packed.first} /Length ${packed.data.length} /Filter /FlateDecode >>\nstream\n`)
    push(packed.data)
    push('\nendstream\nendobj\n')
  }

  // The cross-reference stream lists itself too.
  const xrefNumber = ++highest
  const xrefOffset = position
  entries.push([xrefNumber, 1, xrefOffset, 0])
  entries.sort((a, b) => a[0] - b[0])
  const table = Buffer.allocUnsafe(entries.length * ROW_BYTES)
  let index = ''
  for (let i = 0; i < entries.length;) {
    let j = i
    while (j + 1 < entries.length && entries[j + 1][0] === entries[j][0] + 1) j++
    index += `${index === '' ? '' : ' '}${entries[i][0]} ${j - i + 1}`
    i = j + 1
  }
  entries.forEach(([, type, field2, field3], at) => row(table, at * ROW_BYTES, type, field2, field3))
  const trailer = `/Size ${xrefNumber + 1} /Prev ${template.prevXref} ${template.trailer}`
  push(`${xrefNumber} 0 obj\n<< /Type /XRef ${trailer} /Index [${index}] /W [1 4 2] /Length ${table.length} >>\nstream\n`)
  push(table)
  push(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`)

  const start = output === 'document' ? 0 : base.length
  const bytes = new Uint8Array(position - start)
  if (output === 'document') bytes.set(base, 0)
  let at = base.length - start
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (const piece of pieces) {
    if (typeof piece === 'string') at += view.write(piece, at, 'latin1')
    else {
      bytes.set(piece, at)
      at += piece.length
    }
  }
  return bytes
}
