/**
 * Reads the few objects of a PDF the sealing engine rewrites (the catalog, the signature page), without
 * parsing the whole file: the last cross-reference stream (PDF 32000-1 §7.5.8) and its /Prev chain,
 * then one object at a time, from the file or from an object stream (§7.5.7). Also a small editor of
 * dictionary text, entry by entry, for the incremental updates of src/signing/seal.ts. Every document
 * of the service ends in cross-reference streams (src/pdf/compact.ts, src/pdf/update.ts); a file with
 * a classic cross-reference table is refused.
 */
import { inflateSync } from 'node:zlib'

/** A PDF the engine cannot read (not one of ours, or damaged). */
export class PdfStructureError extends Error {
  constructor (detail: string) {
    super(`PDF ilegible para el sellado: ${detail}`)
    this.name = 'PdfStructureError'
  }
}

/** Where an object lives: at a byte offset (type 1) or as the `index`-th object of an object stream (type 2). */
type Location = { kind: 1, offset: number } | { kind: 2, stream: number, index: number }

/** What the update after `bytes` continues from: the last cross-reference section and its trailer entries. */
export interface Trailer {
  /** Offset of the last cross-reference stream (the next update's /Prev). */
  startXref: number
  /** The trailer's /Size: the first free object number. */
  size: number
  /** `/Root … /Info … /ID […]`, as src/pdf/update.ts writes them after /Prev. */
  entries: string
  /** The catalog's object number. */
  root: number
}

const latin1 = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1')

/** Offset of the `stream` keyword's data and the dictionary text before it, for the object at `offset`. */
function objectAt (bytes: Uint8Array, offset: number): { dict: string, data?: Uint8Array } {
  const head = latin1(bytes, offset, Math.min(bytes.length, offset + 64))
  const match = /^\s*\d+\s+\d+\s+obj\s*/.exec(head)
  if (match === null) throw new PdfStructureError(`no hay objeto en el desplazamiento ${offset}`)
  const start = offset + match[0].length
  const window = latin1(bytes, start, Math.min(bytes.length, start + 65536))
  const body = bodyEnd(window)
  const dict = window.slice(0, body).trim()
  const after = /^\s*(stream\r?\n|endobj)/.exec(window.slice(body))
  if (after === null) throw new PdfStructureError(`objeto sin fin en ${offset}`)
  if (!after[1].startsWith('stream')) return { dict }
  const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1] ?? NaN)
  if (!Number.isFinite(length)) throw new PdfStructureError(`flujo sin /Length directo en ${offset}`)
  const dataStart = start + body + after[0].length
  return { dict, data: bytes.subarray(dataStart, dataStart + length) }
}

/** Index just past the first complete object (a dictionary, array or scalar) of `text`. */
function bodyEnd (text: string): number {
  let at = 0
  while (/\s/.test(text[at] ?? '')) at++
  return skipValue(text, at)
}

/** Index just past the PDF value starting at `at` (dictionary, array, string, name, number, ref or keyword). */
function skipValue (text: string, at: number): number {
  const char = text[at]
  if (text.startsWith('<<', at)) {
    at += 2
    for (;;) {
      at = skipSpace(text, at)
      if (text.startsWith('>>', at)) return at + 2
      if (at >= text.length) throw new PdfStructureError('diccionario sin cerrar')
      at = skipValue(text, at)
    }
  }
  if (char === '[') {
    at++
    for (;;) {
      at = skipSpace(text, at)
      if (text[at] === ']') return at + 1
      if (at >= text.length) throw new PdfStructureError('arreglo sin cerrar')
      at = skipValue(text, at)
    }
  }
  if (char === '(') {
    let depth = 0
    for (; at < text.length; at++) {
      if (text[at] === '\\') at++
      else if (text[at] === '(') depth++
      else if (text[at] === ')' && --depth === 0) return at + 1
    }
    throw new PdfStructureError('cadena sin cerrar')
  }
  if (char === '<') return text.indexOf('>', at) + 1
  if (char === '/') {
    at++
    while (at < text.length && !/[\s/<>[\]()%{}]/.test(text[at])) at++
    return at
  }
  // a number, possibly the start of a reference `N G R`, or a keyword (true, null)
  const ref = /^\d+\s+\d+\s+R(?![A-Za-z])/.exec(text.slice(at, at + 32))
  if (ref !== null) return at + ref[0].length
  const token = /^[^\s/<>[\]()%{}]+/.exec(text.slice(at, at + 64))
  if (token === null) throw new PdfStructureError(`sintaxis inesperada: ${text.slice(at, at + 16)}`)
  return at + token[0].length
}

function skipSpace (text: string, at: number): number {
  while (at < text.length) {
    if (/\s/.test(text[at])) at++
    else if (text[at] === '%') while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++
    else break
  }
  return at
}

/**
 * A dictionary's entries, in order, as [key, value text] (`/Type`, `/Catalog`).
 * @throws PdfStructureError when `text` is not one dictionary
 */
export function dictEntries (text: string): [string, string][] {
  const trimmed = text.trim()
  if (!trimmed.startsWith('<<')) throw new PdfStructureError('se esperaba un diccionario')
  const entries: [string, string][] = []
  let at = 2
  for (;;) {
    at = skipSpace(trimmed, at)
    if (trimmed.startsWith('>>', at)) return entries
    if (trimmed[at] !== '/') throw new PdfStructureError('clave de diccionario inválida')
    const keyEnd = skipValue(trimmed, at)
    const valueStart = skipSpace(trimmed, keyEnd)
    const valueEnd = skipValue(trimmed, valueStart)
    entries.push([trimmed.slice(at, keyEnd), trimmed.slice(valueStart, valueEnd)])
    at = valueEnd
  }
}

/**
 * The text of a dictionary with `changes` applied: a key set to a value (replaced in place or added
 * at the end), or removed (`undefined`).
 */
export function editDict (text: string, changes: Record<string, string | undefined>): string {
  const entries = dictEntries(text)
  const result: [string, string][] = []
  const done = new Set<string>()
  for (const [key, value] of entries) {
    if (!(key in changes)) result.push([key, value])
    else if (changes[key] !== undefined && !done.has(key)) result.push([key, changes[key] as string])
    done.add(key)
  }
  for (const [key, value] of Object.entries(changes)) {
    if (!done.has(key) && value !== undefined) result.push([key, value])
  }
  return `<<\n${result.map(([key, value]) => `${key} ${value}`).join('\n')}\n>>`
}

/** The value text of `key` in a dictionary, or undefined. */
export function dictValue (text: string, key: string): string | undefined {
  return dictEntries(text).find(([name]) => name === key)?.[1]
}

/** The items of an array's text (`[1 0 R 2 0 R]` → `1 0 R`, `2 0 R`). */
export function arrayItems (text: string): string[] {
  const trimmed = text.trim()
  if (!trimmed.startsWith('[')) throw new PdfStructureError('se esperaba un arreglo')
  const items: string[] = []
  let at = 1
  for (;;) {
    at = skipSpace(trimmed, at)
    if (trimmed[at] === ']' || at >= trimmed.length) return items
    const end = skipValue(trimmed, at)
    items.push(trimmed.slice(at, end))
    at = end
  }
}

/** Undoes the PNG "Up" predictor (/Predictor 12) of a cross-reference stream's rows. */
function unpredict (data: Uint8Array, columns: number): Uint8Array {
  const rowLength = columns + 1
  const rows = Math.floor(data.length / rowLength)
  const out = new Uint8Array(rows * columns)
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const value = data[row * rowLength + 1 + col]
      const above = row === 0 ? 0 : out[(row - 1) * columns + col]
      out[row * columns + col] = data[row * rowLength] === 2 ? (value + above) & 0xff : value
    }
  }
  return out
}

function decode (dict: string, data: Uint8Array): Uint8Array {
  const filter = dictValue(dict, '/Filter')
  let out = data
  if (filter !== undefined) {
    if (!/^\[?\s*\/FlateDecode\s*\]?$/.test(filter)) throw new PdfStructureError(`filtro no soportado ${filter}`)
    out = inflateSync(data)
  }
  const parms = dictValue(dict, '/DecodeParms')
  const predictor = parms === undefined ? undefined : Number(/\/Predictor\s+(\d+)/.exec(parms)?.[1] ?? 1)
  if (predictor !== undefined && predictor >= 10) out = unpredict(out, Number(/\/Columns\s+(\d+)/.exec(parms as string)?.[1] ?? 1))
  return out
}

/**
 * The objects of one PDF, read on demand. Newer revisions win (the first cross-reference section
 * that lists an object gives its location).
 */
export class PdfObjects {
  readonly bytes: Uint8Array
  readonly trailer: Trailer
  readonly #locations = new Map<number, Location>()
  readonly #streams = new Map<number, { first: number, offsets: number[], text: string }>()

  /** @throws PdfStructureError when the file does not end in a cross-reference stream we can read */
  constructor (bytes: Uint8Array) {
    this.bytes = bytes
    const tail = latin1(bytes, Math.max(0, bytes.length - 1024), bytes.length)
    const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
    if (match === null) throw new PdfStructureError('falta startxref al final')
    const startXref = Number(match[1])
    let trailerDict: string | undefined
    const seen = new Set<number>()
    for (let at: number | undefined = startXref; at !== undefined;) {
      if (seen.has(at) || seen.size > 256) throw new PdfStructureError('cadena /Prev circular')
      seen.add(at)
      if (latin1(bytes, at, at + 4) === 'xref') throw new PdfStructureError('tabla de referencias clásica: se esperaba un flujo de referencias')
      const { dict, data } = objectAt(bytes, at)
      if (data === undefined || dictValue(dict, '/Type') !== '/XRef') throw new PdfStructureError(`no hay flujo de referencias en ${at}`)
      trailerDict ??= dict
      this.#readXref(dict, decode(dict, data))
      const prev = dictValue(dict, '/Prev')
      at = prev === undefined ? undefined : Number(prev)
    }
    const dict = trailerDict as string
    const root = dictValue(dict, '/Root')
    if (root === undefined) throw new PdfStructureError('el tráiler no tiene /Root')
    const info = dictValue(dict, '/Info')
    const id = dictValue(dict, '/ID')
    this.trailer = {
      startXref,
      size: Number(dictValue(dict, '/Size')),
      entries: [`/Root ${root}`, info === undefined ? '' : `/Info ${info}`, id === undefined ? '' : `/ID ${id}`].filter(Boolean).join(' '),
      root: Number(/^(\d+)/.exec(root)?.[1])
    }
  }

  #readXref (dict: string, table: Uint8Array): void {
    const widths = arrayItems(dictValue(dict, '/W') ?? '[]').map(Number)
    if (widths.length !== 3) throw new PdfStructureError('/W inválido')
    const size = Number(dictValue(dict, '/Size'))
    const index = arrayItems(dictValue(dict, '/Index') ?? `[0 ${size}]`).map(Number)
    const rowLength = widths[0] + widths[1] + widths[2]
    const field = (at: number, width: number, fallback: number) => {
      if (width === 0) return fallback
      let value = 0
      for (let i = 0; i < width; i++) value = value * 256 + table[at + i]
      return value
    }
    let row = 0
    for (let i = 0; i < index.length; i += 2) {
      for (let n = 0; n < index[i + 1]; n++, row++) {
        const number = index[i] + n
        if (this.#locations.has(number)) continue
        const at = row * rowLength
        const type = field(at, widths[0], 1)
        const second = field(at + widths[0], widths[1], 0)
        const third = field(at + widths[0] + widths[1], widths[2], 0)
        if (type === 1) this.#locations.set(number, { kind: 1, offset: second })
        else if (type === 2) this.#locations.set(number, { kind: 2, stream: second, index: third })
        else this.#locations.set(number, { kind: 1, offset: -1 })
      }
    }
  }

  /**
   * The text of object `number` (for a stream: its dictionary).
   * @throws PdfStructureError when the object does not exist
   */
  object (number: number): string {
    const location = this.#locations.get(number)
    if (location === undefined || (location.kind === 1 && location.offset < 0)) throw new PdfStructureError(`falta el objeto ${number}`)
    if (location.kind === 1) return objectAt(this.bytes, location.offset).dict
    let stream = this.#streams.get(location.stream)
    if (stream === undefined) {
      const container = this.#locations.get(location.stream)
      if (container?.kind !== 1) throw new PdfStructureError(`falta el flujo de objetos ${location.stream}`)
      const { dict, data } = objectAt(this.bytes, container.offset)
      if (data === undefined) throw new PdfStructureError(`el objeto ${location.stream} no es un flujo`)
      const text = Buffer.from(decode(dict, data)).toString('latin1')
      const first = Number(dictValue(dict, '/First'))
      const count = Number(dictValue(dict, '/N'))
      const numbers = text.slice(0, first).trim().split(/\s+/).map(Number)
      const offsets: number[] = []
      for (let i = 0; i < count; i++) offsets.push(numbers[2 * i + 1])
      stream = { first, offsets, text }
      this.#streams.set(location.stream, stream)
    }
    const start = stream.first + stream.offsets[location.index]
    return stream.text.slice(start, start + bodyEnd(stream.text.slice(start))).trim()
  }

  /** The object a value text refers to (`12 0 R`), or the value itself when it is direct. */
  resolve (value: string): string {
    const ref = /^(\d+)\s+\d+\s+R$/.exec(value.trim())
    return ref === null ? value : this.object(Number(ref[1]))
  }
}
