/**
 * What a scan is, read from its bytes (docs/registry.md "Paper and its scan"; DOCUMENT-REQUIREMENTS
 * §39): never from its name or the type a client declares. A PDF starts with `%PDF-` and has `%%EOF`
 * in its last 1024 bytes; a JPEG starts with SOI (FF D8 FF) and ends with EOI (FF D9, trailing
 * padding of zeros or blanks aside); a PNG starts with its 8-byte signature and an IHDR chunk. An
 * image is at most MAX_SCAN_SIDE_PX pixels a side (read from the JPEG's SOF or the PNG's IHDR).
 */

/** The types a scan may be, as stored and served. */
export type ScanMediaType = 'application/pdf' | 'image/jpeg' | 'image/png'

/** Bytes a scan may have at most: reading stops there (413). */
export const MAX_SCAN_BYTES = 10 * 1024 * 1024
/** Pixels an image scan may have at most on each side. */
export const MAX_SCAN_SIDE_PX = 10_000

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The JPEG's frame size from its first SOF marker; undefined when none is found. */
function jpegSize (bytes: Buffer): { width: number, height: number } | undefined {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1]
    if (marker === 0xff) { at++; continue }
    // markers without a length: RSTn, SOI, TEM
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) { at += 2; continue }
    const length = bytes.readUInt16BE(at + 2)
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    }
    if (marker === 0xda || length < 2) return undefined
    at += 2 + length
  }
  return undefined
}

/**
 * The scan's type by its bytes.
 * @returns the media type, or the refusal: `type` (not a PDF, JPEG or PNG as above), `size` (an
 *   image larger than MAX_SCAN_SIDE_PX a side, or whose size cannot be read)
 */
export function scanType (bytes: Buffer): { mediaType: ScanMediaType } | { refusal: 'type' | 'size' } {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1') ? { mediaType: 'application/pdf' } : { refusal: 'type' }
  }
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return { refusal: 'type' }
    const width = bytes.readUInt32BE(16)
    const height = bytes.readUInt32BE(20)
    if (width === 0 || height === 0 || width > MAX_SCAN_SIDE_PX || height > MAX_SCAN_SIDE_PX) return { refusal: 'size' }
    return { mediaType: 'image/png' }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let end = bytes.length
    while (end > 2 && [0x00, 0x0a, 0x0d, 0x20].includes(bytes[end - 1])) end--
    if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return { refusal: 'type' }
    const size = jpegSize(bytes)
    if (size === undefined || size.width === 0 || size.height === 0 ||
      size.width > MAX_SCAN_SIDE_PX || size.height > MAX_SCAN_SIDE_PX) return { refusal: 'size' }
    return { mediaType: 'image/jpeg' }
  }
  return { refusal: 'type' }
}
