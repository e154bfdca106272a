/**
 * Zip-bomb guard for .xlsx uploads (D20). SheetJS inflates every entry of the archive
 * before it looks at a sheet, pre-allocating the uncompressed size each local header declares,
 * and `sheetRows` limits nothing of that. So before SheetJS sees the bytes, this module walks the
 * archive exactly as SheetJS's reader does (end record found by a backward scan, its "entries on
 * this disk" count, central directory sizes with ZIP64 overrides, then each local header, which
 * SheetJS trusts over the directory) and refuses it when the entry count, a declared size or the
 * size actually inflated by node:zlib (capped, so a bomb never expands past the budget) is over
 * the limits. A general ZIP reader would check a slightly different archive than the one SheetJS
 * then parses; mirroring its reader closes that gap. Inflated bytes are counted as they stream
 * out and dropped, so measuring a bomb costs one 256 KiB chunk of memory, not the budget.
 * As they stream out, the elements SheetJS would turn into objects are counted too (sheets listed
 * in the workbook, shared strings, cells), so read.ts can refuse a small file that would cost
 * seconds and gigabytes (docs/import.md, "Limits and safety") before SheetJS sees it.
 */
import { createInflateRaw } from 'node:zlib'
import type { ErrorCode } from '../errors.js'

/** Bounds of an archive we agree to parse. */
export interface ZipLimits {
  /** Central directory records (a LibreOffice or Excel workbook has 10 to 40). */
  maxEntries: number
  /** Sum over entries of the largest of declared and inflated size, bytes. */
  maxTotalBytes: number
}

/**
 * 1000 entries, 100 MiB inflated. A workbook of MAX_EMPLOYEES rows inflates to a few MB; the
 * budget leaves room for other sheets and styles while bounding SheetJS to about a second and a
 * few hundred MB in its worker (scripts/measure-import.ts).
 */
export const ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 100 * 1024 * 1024 }

/** The archive is not one we parse; `message` says why (for logs, never for clients). */
export class ZipRejectedError extends Error {
  readonly code = 'CONTRATOS_ZIP_REJECTED' satisfies ErrorCode
  constructor (reason: string) {
    super(reason)
    this.name = 'ZipRejectedError'
  }
}

/** What the guard saw in an accepted archive. */
export interface ZipSummary {
  entries: number
  /** Sum of the largest of declared and inflated size over entries, bytes. */
  inflatedBytes: number
  /** Entry names as SheetJS reads them (local headers), lower case, `/`-separated. */
  names: string[]
  /** The SpreadsheetML elements SheetJS would build objects for (XmlCounts). */
  counts: XmlCounts
}

/** SpreadsheetML elements counted over the archive's inflated entries. */
export interface XmlCounts {
  /** `<sheet>` elements (the sheets xl/workbook.xml lists), all entries together. */
  sheets: number
  /** Shared strings (`</si>` ends one: SheetJS splits the table there), all entries together. */
  sharedStrings: number
  /** `<c>` elements (cells) of the entry that has the most. */
  cells: number
}

/**
 * The elements XmlCounts counts, as SheetJS's readers match them: with or without a namespace
 * prefix; `<sheet` not `<sheets`/`<sheetView`, `<c` not `<cols`/`<c:chart`.
 */
const COUNTED_ELEMENTS = /<(?:\w{1,32}:)?(sheet|c)[\s/>]|<\/(?:\w{1,32}:)?(?:si|sstItem)>/g
/** Longer than any match of COUNTED_ELEMENTS: what is kept of a chunk to see a match that spans two. */
const CARRY_CHARS = 64

/** Counts COUNTED_ELEMENTS in one entry's bytes as they stream in, chunk by chunk. */
class ElementCounter {
  sheets = 0
  sharedStrings = 0
  cells = 0
  #carry = ''

  add (chunk: Buffer): void {
    const text = this.#carry + chunk.toString('latin1')
    const fresh = this.#carry.length // a match is counted in the chunk where it ends
    COUNTED_ELEMENTS.lastIndex = 0
    for (let match = COUNTED_ELEMENTS.exec(text); match !== null; match = COUNTED_ELEMENTS.exec(text)) {
      if (match.index + match[0].length <= fresh) continue
      if (match[1] === 'sheet') this.sheets++
      else if (match[1] === 'c') this.cells++
      else this.sharedStrings++
    }
    this.#carry = text.slice(-CARRY_CHARS)
  }
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06])
const ZIP64_EXTRA = 0x0001
const ENCRYPTED_FLAGS = 0x2041 // what SheetJS refuses: encryption, strong encryption, masked header
// Entries that send SheetJS to its OpenDocument or Numbers readers (or into a nested archive).
const FOREIGN_ENTRIES = ['meta-inf/manifest.xml', 'objectdata.xml', 'index/document.iwa', 'index.zip', 'xl/workbook.bin']

interface Zip64Sizes { usz?: number, csz?: number }

/** The ZIP64 extended-information field of an extra block, read as SheetJS reads it (last one wins). */
function zip64Sizes (buf: Buffer, start: number, end: number): Zip64Sizes | undefined {
  let found: Zip64Sizes | undefined
  let at = start
  while (at <= end - 4) {
    const type = buf.readUInt16LE(at)
    const size = buf.readUInt16LE(at + 2)
    const next = at + 4 + size
    if (type === ZIP64_EXTRA) {
      if (size < 16 || next > end) throw new ZipRejectedError('truncated ZIP64 extra field')
      found = {
        usz: buf.readUInt32LE(at + 4) + buf.readUInt32LE(at + 8) * 2 ** 32,
        csz: buf.readUInt32LE(at + 12) + buf.readUInt32LE(at + 16) * 2 ** 32
      }
    }
    at = next
  }
  return found
}

/** Output chunk of the counting inflate: all the memory a bomb gets from the guard. */
const INFLATE_CHUNK_BYTES = 256 * 1024

/**
 * Bytes a raw deflate stream inflates to, counted without keeping them; stops as soon as the
 * count passes `budget`. Data after the end of the stream is ignored (as SheetJS does).
 * @throws ZipRejectedError past the budget or on a broken stream
 */
async function inflatedSize (data: Buffer, budget: number, entry: number, counter: ElementCounter): Promise<number> {
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES })
  let total = 0
  try {
    inflater.end(data)
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      counter.add(chunk)
      total += chunk.length
      if (total > budget) throw new ZipRejectedError(`entry ${entry} inflates past the budget`)
    }
  } catch (error) {
    if (error instanceof ZipRejectedError) throw error
    throw new ZipRejectedError(`entry ${entry}: ${(error as Error).message}`)
  } finally {
    inflater.destroy()
  }
  return total
}

function need (buf: Buffer, end: number, what: string): void {
  if (end > buf.length) throw new ZipRejectedError(`${what} past the end of the file`)
}

/**
 * Checks an .xlsx archive before SheetJS parses it.
 * @param bytes the whole file (≤ MAX_FILE_SIZE)
 * @throws ZipRejectedError when the archive is malformed, encrypted, not an OOXML workbook, or
 *   over `limits` in entries or in declared or actual inflated bytes
 */
export async function checkZipArchive (bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipSummary> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const eocd = buf.lastIndexOf(EOCD)
  if (eocd < 0) throw new ZipRejectedError('no end of central directory record')
  need(buf, eocd + 20, 'end of central directory record')
  const count = buf.readUInt16LE(eocd + 8)
  if (count > limits.maxEntries) throw new ZipRejectedError(`${count} entries`)
  let record = buf.readUInt32LE(eocd + 16)
  let total = 0
  const names: string[] = []
  const counts: XmlCounts = { sheets: 0, sharedStrings: 0, cells: 0 }
  for (let i = 0; i < count; i++) {
    need(buf, record + 46, 'central directory record')
    let usz = buf.readUInt32LE(record + 24)
    const nameLength = buf.readUInt16LE(record + 28)
    const extraLength = buf.readUInt16LE(record + 30)
    const commentLength = buf.readUInt16LE(record + 32)
    const localOffset = buf.readUInt32LE(record + 42)
    const extraStart = record + 46 + nameLength
    need(buf, extraStart + extraLength + commentLength, 'central directory record')
    const directoryZip64 = zip64Sizes(buf, extraStart, extraStart + extraLength)
    if (directoryZip64?.usz) usz = directoryZip64.usz
    record = extraStart + extraLength + commentLength

    need(buf, localOffset + 30, 'local file header')
    const flags = buf.readUInt16LE(localOffset + 6)
    const method = buf.readUInt16LE(localOffset + 8)
    let localCsz = buf.readUInt32LE(localOffset + 18)
    let localUsz = buf.readUInt32LE(localOffset + 22)
    const localNameLength = buf.readUInt16LE(localOffset + 26)
    const localExtraLength = buf.readUInt16LE(localOffset + 28)
    const localExtraStart = localOffset + 30 + localNameLength
    const dataStart = localExtraStart + localExtraLength
    need(buf, dataStart, 'local file header')
    if (localExtraLength > 0) {
      for (const sizes of [zip64Sizes(buf, localExtraStart, dataStart), directoryZip64]) {
        if (sizes?.usz) localUsz = sizes.usz
        if (sizes?.csz) localCsz = sizes.csz
      }
    }
    names.push(buf.toString('latin1', localOffset + 30, localExtraStart).toLowerCase().replace(/\\/g, '/').replace(/^\/+/, ''))
    if ((flags & ENCRYPTED_FLAGS) !== 0) throw new ZipRejectedError('encrypted entry')

    let actual: number
    const counter = new ElementCounter()
    if (method === 0) {
      need(buf, dataStart + localCsz, 'stored entry')
      actual = localCsz
      if (total + actual <= limits.maxTotalBytes) {
        for (let at = 0; at < actual; at += INFLATE_CHUNK_BYTES) {
          counter.add(buf.subarray(dataStart + at, dataStart + Math.min(actual, at + INFLATE_CHUNK_BYTES)))
        }
      }
    } else if (method === 8) {
      const budget = limits.maxTotalBytes - total
      if (Math.max(usz, localUsz) > budget) throw new ZipRejectedError(`entry ${i} declares ${Math.max(usz, localUsz)} bytes`)
      actual = await inflatedSize(buf.subarray(dataStart), budget, i, counter)
    } else {
      throw new ZipRejectedError(`compression method ${method}`)
    }
    total += Math.max(usz, localUsz, actual)
    if (total > limits.maxTotalBytes) throw new ZipRejectedError(`${total} bytes inflated`)
    counts.sheets += counter.sheets
    counts.sharedStrings += counter.sharedStrings
    counts.cells = Math.max(counts.cells, counter.cells)
  }
  if (!names.includes('[content_types].xml')) throw new ZipRejectedError('not an Office Open XML package')
  const foreign = names.find((name) => FOREIGN_ENTRIES.includes(name))
  if (foreign !== undefined) throw new ZipRejectedError(`foreign entry ${foreign}`)
  return { entries: count, inflatedBytes: total, names, counts }
}
