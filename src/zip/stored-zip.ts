/**
 * A streamed ZIP whose entries are all stored (method 0, not deflated): the writer of the
 * document ZIPs. Ours rather than archiver's, because what the ZIP path needs is outside
 * archiver's public API (measured in docs/documents.md, "The ZIP writer"):
 * - the CRC-32 of an entry comes from the caller: the PDF worker computes it beside the document
 *   with node:zlib's native crc32, while archiver's compress-commons runs a JavaScript CRC over
 *   every byte on the main thread;
 * - an entry may be given in parts (a template's bytes, then a document's update), written one after
 *   the other, so the template's bytes are never joined per document;
 * - output goes out in chunks of about `chunkBytes`, the first entry at once, where archiver emits
 *   about 30 sub-kilobyte chunks per PDF (one socket write each).
 *
 * Format (APPNOTE.TXT 6.3.10): per entry a local file header with the sizes and CRC known up front
 * (no data descriptor), the bytes, then the central directory and its end record. Names are UTF-8
 * (general purpose flag bit 11). No ZIP64: more than 65 535 entries or 4 GiB is refused with a
 * RangeError; the batch limits keep a ZIP far below (1 000 employees × 3 PDFs of at most 60 KB).
 * Backpressure is the caller's: `readableLength` is what the reader has not taken yet.
 */
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { ZIP_TUNING } from './tuning.js'

const LOCAL_HEADER = 0x04034b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_CENTRAL_DIRECTORY = 0x06054b50
/** 2.0: the version a reader needs for the UTF-8 flag; made by UNIX (3) for the file mode below. */
const VERSION_NEEDED = 20
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED
const FLAG_UTF8_NAME = 0x0800
const METHOD_STORED = 0
/** A regular file readable by everyone (-rw-r--r--), in the high half of the external attributes. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0
const MAX_ENTRIES = 0xffff
const MAX_OFFSET = 0xffffffff

interface CentralEntry { name: Buffer, crc: number, size: number, offset: number }

const LIMA_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Lima',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23'
})

/** Date and time of the entries in MS-DOS form: the wall clock in America/Lima (no zone in a ZIP). */
function dosDateTime (when: Date): { date: number, time: number } {
  const parts = Object.fromEntries(LIMA_CLOCK.formatToParts(when).map((part) => [part.type, Number(part.value)]))
  return {
    date: ((parts.year - 1980) << 9) | (parts.month << 5) | parts.day,
    time: (parts.hour << 11) | (parts.minute << 5) | Math.floor(parts.second / 2)
  }
}

export class StoredZip extends Readable {
  readonly #entries: CentralEntry[] = []
  readonly #stamp: { date: number, time: number }
  readonly #chunkBytes: number
  #pending: Buffer[] = []
  #pendingBytes = 0
  #offset = 0
  #finalized = false
  #first = true

  /**
   * @param options.chunkBytes output is pushed once this many bytes are waiting (and after the first entry)
   * @param options.date the entries' modification time; default now
   */
  constructor (options: { chunkBytes?: number, date?: Date } = {}) {
    super()
    this.#chunkBytes = options.chunkBytes ?? ZIP_TUNING.chunkBytes
    this.#stamp = dosDateTime(options.date ?? new Date())
  }

  /** Data is pushed as entries are added; the caller watches `readableLength` for backpressure. */
  override _read (): void {}

  /**
   * Adds a stored entry whose bytes are `parts` in order (written one after the other, not joined).
   * @param name the path inside the ZIP, already safe (src/zip/names.ts)
   * @param crc the CRC-32 of the whole entry when the caller has it (node:zlib crc32); computed here otherwise
   * @throws Error after finalize(); RangeError past 65 535 entries or 4 GiB (no ZIP64)
   */
  add (parts: readonly Uint8Array[], name: string, crc?: number): this {
    if (this.#finalized) throw new Error('StoredZip: add() after finalize()')
    if (this.destroyed) return this
    const size = parts.reduce((total, part) => total + part.byteLength, 0)
    const nameBytes = Buffer.from(name, 'utf8')
    const header = Buffer.alloc(30 + nameBytes.length)
    const entry: CentralEntry = {
      name: nameBytes,
      crc: (crc ?? parts.reduce((running, part) => crc32(part, running), 0)) >>> 0,
      size,
      offset: this.#offset
    }
    if (this.#entries.length >= MAX_ENTRIES || this.#offset + header.length + size > MAX_OFFSET) {
      throw new RangeError('StoredZip: more than 65 535 entries or 4 GiB needs ZIP64, which this writer does not write')
    }
    header.writeUInt32LE(LOCAL_HEADER, 0)
    this.#writeEntryFields(header, 4, entry)
    // extra field length 0 (bytes 28-29)
    nameBytes.copy(header, 30)
    this.#entries.push(entry)
    this.#write(header)
    for (const part of parts) this.#write(part)
    if (this.#first) {
      this.#first = false
      this.#flush() // the client sees the download start with the first document
    } else if (this.#pendingBytes >= this.#chunkBytes) {
      this.#flush()
    }
    return this
  }

  /**
   * Writes the central directory and ends the stream.
   * @returns settles when the reader has taken the whole ZIP, or the stream was destroyed first
   */
  async finalize (): Promise<void> {
    if (!this.#finalized && !this.destroyed) {
      this.#finalized = true
      const start = this.#offset
      for (const entry of this.#entries) this.#write(this.#centralHeader(entry))
      const end = Buffer.alloc(22)
      end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0)
      end.writeUInt16LE(this.#entries.length, 8) // entries on this disk (disk numbers are 0)
      end.writeUInt16LE(this.#entries.length, 10)
      end.writeUInt32LE(this.#offset - start, 12)
      end.writeUInt32LE(start, 16)
      this.#write(end)
      this.#flush()
      this.push(null)
    }
    if (this.readableEnded || this.destroyed) return
    await new Promise<void>((resolve) => {
      const done = () => { this.off('end', done); this.off('close', done); resolve() }
      this.on('end', done)
      this.on('close', done)
    })
  }

  #centralHeader (entry: CentralEntry): Buffer {
    const header = Buffer.alloc(46 + entry.name.length)
    header.writeUInt32LE(CENTRAL_HEADER, 0)
    header.writeUInt16LE(VERSION_MADE_BY, 4)
    this.#writeEntryFields(header, 6, entry)
    // extra field and comment lengths, disk number, internal attributes: all 0 (bytes 30-37)
    header.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38)
    header.writeUInt32LE(entry.offset, 42)
    entry.name.copy(header, 46)
    return header
  }

  /**
   * The fields the local and the central header share, in the same order, from `at`: version
   * needed, flags, method, time, date, CRC-32, compressed size (stored: the size), size, name length.
   */
  #writeEntryFields (header: Buffer, at: number, entry: CentralEntry): void {
    header.writeUInt16LE(VERSION_NEEDED, at)
    header.writeUInt16LE(FLAG_UTF8_NAME, at + 2)
    header.writeUInt16LE(METHOD_STORED, at + 4)
    header.writeUInt16LE(this.#stamp.time, at + 6)
    header.writeUInt16LE(this.#stamp.date, at + 8)
    header.writeUInt32LE(entry.crc, at + 10)
    header.writeUInt32LE(entry.size, at + 14)
    header.writeUInt32LE(entry.size, at + 18)
    header.writeUInt16LE(entry.name.length, at + 22)
  }

  #write (bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return
    this.#pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    this.#pendingBytes += bytes.byteLength
    this.#offset += bytes.byteLength
  }

  #flush (): void {
    if (this.#pendingBytes === 0 || this.destroyed) return
    this.push(this.#pending.length === 1 ? this.#pending[0] : Buffer.concat(this.#pending, this.#pendingBytes))
    this.#pending = []
    this.#pendingBytes = 0
  }
}
