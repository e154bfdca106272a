/**
 * A CSV's text exactly as the service decodes it (src/spreadsheets/csv.ts decodeCsv, prepareCsv),
 * so that the rows the console shows and sends back are the rows the service judged: UTF-16 with a
 * BOM (its code units as they are, an unpaired surrogate included), UTF-8 with or without BOM, and a
 * file that is not UTF-8 as a whole decoded field by field (UTF-8 where valid, else Windows-1252: a
 * UTF-8 file with one pasted Windows-1252 field keeps its other accents). test/console/csv-text.test.ts
 * holds it to the service's functions byte for byte.
 */

const WINDOWS_1252 = new TextDecoder('windows-1252')
const UTF8_LENIENT = new TextDecoder('utf-8')

/**
 * UTF-16 code units as they are (an unpaired surrogate stays one); a last odd byte is U+FFFD.
 * @param {Uint8Array} bytes
 * @param {boolean} littleEndian
 */
function decodeUtf16 (bytes, littleEndian) {
  const units = Math.floor(bytes.length / 2)
  /** @type {string[]} */
  const parts = []
  for (let at = 0; at < units; at += 8192) {
    const end = Math.min(units, at + 8192)
    const codes = new Uint16Array(end - at)
    for (let i = at; i < end; i++) {
      codes[i - at] = littleEndian ? bytes[2 * i] | (bytes[2 * i + 1] << 8) : (bytes[2 * i] << 8) | bytes[2 * i + 1]
    }
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join('') + (bytes.length % 2 === 0 ? '' : '\ufffd')
}

/** Bytes that separate fields or records in any delimiter the service reads: `,` `;` tab CR LF and the quote. */
const SEPARATOR = new Uint8Array(256)
for (const byte of [0x2c, 0x3b, 0x09, 0x0d, 0x0a, 0x22]) SEPARATOR[byte] = 1

/**
 * A file that is not UTF-8 as a whole: each field decoded as UTF-8 when valid, else as Windows-1252
 * (the service's decodeFieldByField, step for step).
 * @param {Uint8Array} bytes
 */
function decodeFieldByField (bytes) {
  /** @type {[number, number][]} */
  const windows1252 = []
  let fieldStart = 0
  let fieldHasHighBytes = false
  let fieldIsUtf8 = true
  let continuations = 0
  let lastUtf8FieldEnd = -1
  const endField = (/** @type {number} */ end) => {
    if (!fieldHasHighBytes) return
    if (fieldIsUtf8 && continuations === 0) {
      lastUtf8FieldEnd = end
      return
    }
    const last = windows1252[windows1252.length - 1]
    if (last !== undefined && lastUtf8FieldEnd <= last[1]) last[1] = end
    else windows1252.push([fieldStart, end])
  }
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at]
    if (byte >= 0x80) {
      fieldHasHighBytes = true
      if (continuations > 0) {
        if (byte <= 0xbf) continuations--
        else fieldIsUtf8 = false
      } else if (byte >= 0xc2 && byte <= 0xf4) {
        continuations = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : 1
      } else {
        fieldIsUtf8 = false
      }
    } else if (continuations > 0) {
      fieldIsUtf8 = false
      continuations = 0
      if (SEPARATOR[byte] === 1) at--
    } else if (SEPARATOR[byte] === 1) {
      endField(at)
      fieldStart = at + 1
      fieldHasHighBytes = false
      fieldIsUtf8 = true
    }
  }
  endField(bytes.length)
  /** @type {string[]} */
  const parts = []
  let position = 0
  for (const [from, to] of windows1252) {
    parts.push(UTF8_LENIENT.decode(bytes.subarray(position, from)), WINDOWS_1252.decode(bytes.subarray(from, to)))
    position = to
  }
  parts.push(UTF8_LENIENT.decode(bytes.subarray(position)))
  return parts.join('')
}

/**
 * The text of a CSV file as the service decodes it; undefined when it is not text (a NUL character).
 * @param {Uint8Array} bytes
 * @returns {string | undefined}
 */
export function decodeCsv (bytes) {
  let text
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = decodeUtf16(bytes.subarray(2), true)
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = decodeUtf16(bytes.subarray(2), false)
  } else {
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body)
    } catch {
      text = decodeFieldByField(body)
    }
  }
  return text.includes('\u0000') ? undefined : text
}

/**
 * The delimiter of the header line: the most frequent of `,`, `;` and tab outside quotes (`,` on a tie).
 * @param {string} text
 */
function detectDelimiter (text) {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]])
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best = ','
  for (const [char, count] of counts) if (count > (counts.get(best) ?? 0)) best = char
  return best
}

/**
 * The body of a decoded CSV and its delimiter, as the service reads them: a `sep=;` first line names
 * the delimiter and is no row; otherwise the header line's most frequent delimiter.
 * @param {string} text
 * @returns {{ body: string, delimiter: string }}
 */
export function csvBody (text) {
  const hint = /^sep=([^\r\n])\r?\n/i.exec(text)
  const body = hint === null ? text : text.slice(hint[0].length)
  return { body, delimiter: hint?.[1] ?? detectDelimiter(body) }
}

/**
 * The bytes of a CSV the console writes back: UTF-8, or UTF-16LE with a BOM when a cell holds an
 * unpaired surrogate (which UTF-8 cannot carry: the service must see it, and refuse it, as in the
 * file HR chose).
 * @param {string} text
 * @returns {Uint8Array}
 */
export function encodeCsv (text) {
  if (!/\p{Cs}/u.test(text)) return new TextEncoder().encode(text)
  const bytes = new Uint8Array(2 + 2 * text.length)
  bytes[0] = 0xff
  bytes[1] = 0xfe
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at)
    bytes[2 + 2 * at] = unit & 0xff
    bytes[3 + 2 * at] = unit >> 8
  }
  return bytes
}
