/**
 * archiver's ZIP format with every entry stored (not deflated), taking the CRC-32 of an entry
 * from the caller when it has one: the PDF worker computes it beside the document with
 * node:zlib's native crc32, while compress-commons would run its JavaScript CRC over every byte
 * on the main thread (the largest cost left there once the entries stopped being deflated). An
 * entry may be given in parts (a template's bytes, then a document's update): they are written
 * one after the other, so the template's bytes are never copied per document.
 *
 * Built like archiver's own ZipArchive (an Archiver whose module is a zip-stream engine), with an
 * engine whose stored-buffer path uses the given CRC, or node:zlib's when none is given (an adenda,
 * errores.txt); an empty entry, or any entry when that path's internals are not there (another
 * compress-commons version), goes the usual way, its parts joined.
 */
import { crc32 } from 'node:zlib'
import { Archiver } from 'archiver'
import ZipStream from 'zip-stream'

/** compress-commons' ZipArchiveEntry, the part used here. */
interface ZipEntry {
  getMethod: () => number
  setSize: (size: number) => void
  setCompressedSize: (size: number) => void
  setCrc: (crc: number) => void
}

type AppendCallback = (error: Error | null, entry?: ZipEntry) => void

/** zip-stream's engine, with the protected methods of compress-commons this file relies on. */
interface EngineInternals {
  _appendBuffer: (entry: ZipEntry, source: Buffer, callback: AppendCallback) => void
  _writeLocalFileHeader?: (entry: ZipEntry) => void
  _afterAppend?: (entry: ZipEntry) => void
  write: (chunk: Buffer) => boolean
}

const METHOD_STORED = 0

/** What the archive keeps beside an entry's source buffer (the last of its parts) until it is written. */
interface EntryExtras {
  /** The parts before the source (a template's bytes before a document's update). */
  head: readonly Buffer[]
  /** CRC-32 of the whole entry, when the caller gave it. */
  crc?: number
}

/**
 * A zip-stream engine whose stored-buffer path writes an entry's parts one after the other (no
 * concatenation) and takes the CRC-32 from `extras` when given, else computes it with node:zlib.
 * `fast` is false when compress-commons' internals are not there; the archive then joins the parts.
 */
function storedEngine (extras: WeakMap<Buffer, EntryExtras>): { engine: ZipStream, fast: boolean } {
  const engine = new ZipStream({ store: true })
  const internals = engine as unknown as EngineInternals
  const usual = internals._appendBuffer.bind(engine)
  const writeHeader = internals._writeLocalFileHeader?.bind(engine)
  const afterAppend = internals._afterAppend?.bind(engine)
  internals._appendBuffer = (entry, source, callback) => {
    const { head = [], crc } = extras.get(source) ?? {}
    const size = head.reduce((total, part) => total + part.length, source.length)
    if (size === 0 || entry.getMethod() !== METHOD_STORED || writeHeader === undefined || afterAppend === undefined) {
      usual(entry, head.length === 0 ? source : Buffer.concat([...head, source]), callback)
      return
    }
    // compress-commons' stored path, with the CRC given (or computed natively) and the parts written in turn
    entry.setSize(size)
    entry.setCompressedSize(size)
    entry.setCrc((crc ?? [...head, source].reduce((running, part) => crc32(part, running), 0)) >>> 0)
    writeHeader(entry)
    for (const part of head) internals.write(part)
    internals.write(source)
    afterAppend(entry)
    callback(null, entry)
  }
  return { engine, fast: writeHeader !== undefined && afterAppend !== undefined }
}

/** What an Archiver expects of its format module (archiver's lib/plugins/zip.js has the same shape). */
interface ArchiverInternals {
  _format: string
  _module: {
    append: (source: Buffer, data: object, callback: (error: Error | null, entry?: unknown) => void) => void
    finalize: () => void
    on: (...args: Parameters<ZipStream['on']>) => unknown
    pipe: (...args: Parameters<ZipStream['pipe']>) => unknown
    unpipe: (...args: Parameters<ZipStream['unpipe']>) => unknown
  }
  _supportsDirectory: boolean
  _supportsSymlink: boolean
  _modulePipe: () => void
}

export class StoredZipArchive extends Archiver {
  readonly #extras = new WeakMap<Buffer, EntryExtras>()
  readonly #fast: boolean

  constructor () {
    super()
    const { engine, fast } = storedEngine(this.#extras)
    this.#fast = fast
    const self = this as unknown as ArchiverInternals
    self._format = 'zip'
    self._module = {
      append: (source, data, callback) => { engine.entry(source, data, callback) },
      finalize: () => { engine.finalize() },
      on: (...args) => engine.on(...args),
      pipe: (...args) => engine.pipe(...args),
      unpipe: (...args) => engine.unpipe(...args)
    }
    self._supportsDirectory = true
    self._supportsSymlink = true
    self._modulePipe()
  }

  /**
   * Appends a stored entry whose bytes are `parts` in order (written one after the other, not joined).
   * @param crc the CRC-32 of the whole entry when the caller has it (node:zlib crc32); computed here otherwise
   */
  appendStored (parts: readonly Buffer[], name: string, crc?: number): this {
    if (parts.length === 0) return this.append(Buffer.alloc(0), { name })
    const last = parts[parts.length - 1]
    const joined = !this.#fast && parts.length > 1
    // a view of its own (no copy) keys this append's extras, even when the same bytes are appended twice
    const source = joined ? Buffer.concat(parts) : Buffer.from(last.buffer, last.byteOffset, last.byteLength)
    this.#extras.set(source, { head: joined ? [] : parts.slice(0, -1), crc })
    return this.append(source, { name })
  }
}
