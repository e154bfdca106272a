/**
 * Builds ZIP archives byte by byte for the zip-guard tests and the import measurements:
 * well-formed ones, and hostile ones (bombs, lying headers) that no archiver would write.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntrySpec {
  name: string
  /** Compressed bytes as stored; default: `content` deflated. */
  data?: Uint8Array
  content?: Uint8Array | string
  method?: number
  /** Sizes written in the headers; default: the real ones. */
  usz?: number
  localUsz?: number
  flags?: number
  /** Extra field of both headers (e.g. a ZIP64 block). */
  extra?: Uint8Array
}

function u16 (value: number): Buffer {
  const buf = Buffer.alloc(2)
  buf.writeUInt16LE(value)
  return buf
}

function u32 (value: number): Buffer {
  const buf = Buffer.alloc(4)
  buf.writeUInt32LE(value >>> 0)
  return buf
}

/** A ZIP64 extended-information extra block declaring these sizes. */
export function zip64Extra (usz: number, csz: number): Buffer {
  const block = Buffer.alloc(20)
  block.writeUInt16LE(0x0001, 0)
  block.writeUInt16LE(16, 2)
  block.writeBigUInt64LE(BigInt(usz), 4)
  block.writeBigUInt64LE(BigInt(csz), 12)
  return block
}

/**
 * Writes a ZIP archive. `directory` lists, for each central directory record, the index of the
 * entry it points at (default: one record per entry), so records may share a local file.
 */
export function buildZip (entries: ZipEntrySpec[], directory: number[] = entries.map((_, index) => index)): Buffer {
  const parts: Buffer[] = []
  const locals: { offset: number, spec: ZipEntrySpec, csz: number, usz: number, crc: number }[] = []
  let offset = 0
  for (const spec of entries) {
    const content = typeof spec.content === 'string' ? Buffer.from(spec.content) : Buffer.from(spec.content ?? [])
    const method = spec.method ?? 8
    const data = Buffer.from(spec.data ?? (method === 8 ? deflateRawSync(content) : content))
    const usz = spec.usz ?? content.length
    const crc = crc32(content)
    const name = Buffer.from(spec.name)
    const extra = Buffer.from(spec.extra ?? [])
    const header = Buffer.concat([
      u32(0x04034b50), u16(20), u16(spec.flags ?? 0), u16(method), u32(0), u32(crc), u32(data.length),
      u32(spec.localUsz ?? usz), u16(name.length), u16(extra.length), name, extra
    ])
    locals.push({ offset, spec, csz: data.length, usz, crc })
    parts.push(header, data)
    offset += header.length + data.length
  }
  const directoryStart = offset
  for (const index of directory) {
    const { offset: localOffset, spec, csz, usz, crc } = locals[index]
    const name = Buffer.from(spec.name)
    const extra = Buffer.from(spec.extra ?? [])
    const record = Buffer.concat([
      u32(0x02014b50), u16(20), u16(20), u16(spec.flags ?? 0), u16(spec.method ?? 8), u32(0), u32(crc), u32(csz), u32(usz),
      u16(name.length), u16(extra.length), u16(0), u16(0), u16(0), u32(0), u32(localOffset), name, extra
    ])
    parts.push(record)
    offset += record.length
  }
  parts.push(Buffer.concat([
    u32(0x06054b50), u16(0), u16(0), u16(directory.length), u16(directory.length),
    u32(offset - directoryStart), u32(directoryStart), u16(0)
  ]))
  return Buffer.concat(parts)
}

/**
 * A raw deflate stream that inflates to `megabytes` MiB of spaces while taking about 1 KB per
 * MiB: one sync-flushed segment (no final bit) repeated, then an empty final block.
 */
export function deflateBomb (megabytes: number): Buffer {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
  return Buffer.concat([...Array.from({ length: megabytes }, () => segment), Buffer.from([0x03, 0x00])])
}

/**
 * An .xlsx-looking zip bomb: a content-types entry and a worksheet whose deflated ~1 MB inflates
 * to `megabytes` MiB (1024: past 1 GB). Its headers declare `declaredBytes` (default: a harmless 1 KB).
 */
export function zipBomb (megabytes = 1024, declaredBytes = 1024): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', content: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: 'xl/worksheets/sheet1.xml', data: deflateBomb(megabytes), usz: declaredBytes }
  ])
}

/**
 * A minimal .xlsx whose one sheet has `rows` rows of one text cell (for memory tests: the XML is
 * about 60 bytes per row and compresses to almost nothing).
 */
export function longSheetXlsx (rows: number): Buffer {
  return sheetXlsx(Array.from({ length: rows }, (_, i) => [i + 1, [`celda ${i}`]]))
}

/** A minimal .xlsx of one sheet: rows given by their number and their text cells from column A. */
export function sheetXlsx (rows: [number, string[]][]): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const column = (index: number) => String.fromCharCode(65 + index)
  const cells = rows.map(([r, texts]) => `<row r="${r}">${texts.map((text, c) => `<c r="${column(c)}${r}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`).join('')}</row>`)
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
    },
    { name: '_rels/.rels', content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', content: `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', content: `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells.join('')}</sheetData></worksheet>` }
  ])
}
