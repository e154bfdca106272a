/**
 * archiver's ZIP format with every entry stored (not deflated), taking the CRC-32 of an entry
 * from the caller when it has one: the PDF worker computes it beside the document with
 * node:zlib's native crc32, while compress-commons would run its JavaScript CRC over every byte
 * on the main thread (the largest cost left there once the entries stopped being deflated).
 *
 * Built like archiver's own ZipArchive (an Archiver whose module is a zip-stream engine), with an
 * engine whose stored-buffer path uses the given CRC, or node:zlib's when none is given (an adenda,
 * errores.txt); an empty entry, or any entry when that path's internals are not there (another
 * compress-commons version), goes the usual way.
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

/** A zip-stream engine that takes the CRC-32 of a buffer from `crcs` when it is there, and computes it natively otherwise. */
function storedEngine (crcs: WeakMap<Buffer, number>): ZipStream {
  const engine = new ZipStream({ store: true })
  const internals = engine as unknown as EngineInternals
  const usual = internals._appendBuffer.bind(engine)
  const writeHeader = internals._writeLocalFileHeader?.bind(engine)
  const afterAppend = internals._afterAppend?.bind(engine)
  internals._appendBuffer = (entry, source, callback) => {
    if (source.length === 0 || entry.getMethod() !== METHOD_STORED || writeHeader === undefined || afterAppend === undefined) {
      usual(entry, source, callback)
      return
    }
    // compress-commons' stored path, with the CRC given instead of computed
    entry.setSize(source.length)
    entry.setCompressedSize(source.length)
    entry.setCrc((crcs.get(source) ?? crc32(source)) >>> 0)
    writeHeader(entry)
    internals.write(source)
    afterAppend(entry)
    callback(null, entry)
  }
  return engine
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
  readonly #crcs = new WeakMap<Buffer, number>()

  constructor () {
    super()
    const engine = storedEngine(this.#crcs)
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
   * Appends a stored entry.
   * @param crc the CRC-32 of `source` when the caller has it (node:zlib crc32); computed here otherwise
   */
  appendStored (source: Buffer, name: string, crc?: number): this {
    if (crc !== undefined) this.#crcs.set(source, crc)
    return this.append(source, { name })
  }
}
