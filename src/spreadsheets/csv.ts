/**
 * .csv uploads through csv-parse: every cell is text, nothing is guessed (D12: `01/02/2024`
 * stays 1 February, `01234567` keeps its zero). Handles what spreadsheet programs write: a UTF-8
 * BOM (Excel's "CSV UTF-8"), UTF-16 with a BOM (unpaired surrogates kept, for the rules to
 * refuse), Windows-1252 (Excel's plain "CSV" on Windows, or one field pasted from it into a UTF-8
 * file), `;` or tab delimiters (Excel in Spanish locales writes `;`) and a `sep=;` first line.
 */
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import type { RawRow } from './sheet.js'

const UTF8 = new TextDecoder('utf-8', { fatal: true })
const WINDOWS_1252 = new TextDecoder('windows-1252')
/** For fields checked by decodeFieldByField (which does not look for overlong forms or surrogates). */
const UTF8_LENIENT = new TextDecoder('utf-8')

/**
 * UTF-16 code units as they are: an unpaired surrogate stays one, for the record rules to refuse as
 * they refuse `"\ud800"` in JSON (cross-field-rules.ts; a TextDecoder would make it U+FFFD and the
 * value would pass). A last odd byte is U+FFFD, as a TextDecoder reads it.
 */
function decodeUtf16 (bytes: Uint8Array, littleEndian: boolean): string {
  const units = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length - (bytes.length % 2))
  const text = (littleEndian ? units : Buffer.from(units).swap16()).toString('utf16le')
  return bytes.length % 2 === 0 ? text : text + '\ufffd'
}

/**
 * Decodes the file's bytes; undefined when they are not text (a NUL character: binary data). The
 * console decodes a CSV it fixes with the same rules (console/js/csv-text.js).
 */
export function decodeCsv (bytes: Uint8Array): string | undefined {
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = decodeUtf16(bytes.subarray(2), true)
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = decodeUtf16(bytes.subarray(2), false)
  } else {
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
    try {
      text = UTF8.decode(body)
    } catch {
      text = decodeFieldByField(body)
    }
  }
  return text.includes('\u0000') ? undefined : text
}

/** Bytes that separate fields or records in any delimiter we read: `,` `;` tab CR LF and the quote. */
const SEPARATOR = new Uint8Array(256)
for (const byte of [0x2c, 0x3b, 0x09, 0x0d, 0x0a, 0x22]) SEPARATOR[byte] = 1

/**
 * A file that is not UTF-8 as a whole: each field (the bytes between separators, which are ASCII
 * in both encodings) is decoded as UTF-8 when it is valid UTF-8, else as Windows-1252. A UTF-8
 * file with one stray Windows-1252 byte keeps its other accents (`Técnico`, the `DIRECCIÓN`
 * header); a file written in Windows-1252 (Excel's plain "CSV") reads whole as Windows-1252, as
 * its accented fields are not valid UTF-8. One pass that checks the UTF-8 sequences; runs of
 * Windows-1252 fields separated only by ASCII are decoded at once.
 */
function decodeFieldByField (bytes: Uint8Array): string {
  const windows1252: [number, number][] = [] // byte ranges decoded as Windows-1252, in order
  let fieldStart = 0
  let fieldHasHighBytes = false
  let fieldIsUtf8 = true
  let continuations = 0 // UTF-8 continuation bytes still expected
  let lastUtf8FieldEnd = -1 // end of the last valid UTF-8 field holding non-ASCII bytes
  const endField = (end: number) => {
    if (!fieldHasHighBytes) return
    if (fieldIsUtf8 && continuations === 0) {
      lastUtf8FieldEnd = end
      return
    }
    const last = windows1252[windows1252.length - 1]
    if (last !== undefined && lastUtf8FieldEnd <= last[1]) last[1] = end // only ASCII since: one range
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
      if (SEPARATOR[byte] === 1) at-- // end this field at the separator on the next turn
    } else if (SEPARATOR[byte] === 1) {
      endField(at)
      fieldStart = at + 1
      fieldHasHighBytes = false
      fieldIsUtf8 = true
    }
  }
  endField(bytes.length)
  const parts: string[] = []
  let position = 0
  for (const [from, to] of windows1252) {
    parts.push(UTF8_LENIENT.decode(bytes.subarray(position, from)), WINDOWS_1252.decode(bytes.subarray(from, to)))
    position = to
  }
  parts.push(UTF8_LENIENT.decode(bytes.subarray(position)))
  return parts.join('')
}

/** The delimiter of the header line: the most frequent of `,`, `;` and tab outside quotes (`,` on a tie). */
export function detectDelimiter (text: string): string {
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
 * Bounds of a CSV we agree to parse (hostile input), checked in one pass before csv-parse runs. csv-parse
 * builds an error object, with a JSON copy of the record, for every record whose length differs
 * from the header's (kept and ignored under relax_column_count): ~15 µs each, so a 10 MB line of
 * commas (ten million fields) took ~1 GB. Rows are bounded as a workbook's are (read.ts
 * lastAllowedRow): csv-parse stops at the first record past them. A long field is no bound of its
 * own: the reader caps it as a workbook cell (cell-caps.ts; 10 MB in one field parses in ~0.3 s).
 * Measured by test/src/spreadsheets/read.test.ts.
 */
export const CSV_LIMITS = {
  /** Fields (delimiters + lines) in the file: a padded 65 536 × 23 sheet has 1.5 M. */
  maxFields: 2 ** 21
} as const

/** A CSV text ready to parse: without its `sep=` line and its blank tail, measured. */
export interface CsvText {
  body: string
  delimiter: string
  /** Line number of the body's last line (1 for a one-line file): the last row it may use. */
  lines: number
  /** Delimiters plus lines: at least the fields csv-parse would build. */
  fields: number
}

const LF = 10
const CR = 13
const SPACE = 32
const TAB = 9

/**
 * Reads the delimiter (Excel's `sep=;` first line names it and is not a row of the sheet, else
 * detectDelimiter), drops the blank tail (lines holding only delimiters and whitespace, which
 * spreadsheet programs pad a sheet with: an .xlsx stores no such rows) and counts lines and fields
 * in one pass. The tail holds no quote, so dropping it never changes how the rest parses.
 */
export function prepareCsv (text: string): CsvText {
  const hint = /^sep=([^\r\n])\r?\n/i.exec(text)
  let body = hint === null ? text : text.slice(hint[0].length)
  const delimiter = hint?.[1] ?? detectDelimiter(body)
  const delimiterCode = delimiter.charCodeAt(0)
  let last = body.length - 1
  for (; last >= 0; last--) {
    const code = body.charCodeAt(last)
    if (code !== LF && code !== CR && code !== SPACE && code !== TAB && code !== delimiterCode) break
  }
  let end = last + 1
  while (end < body.length && body.charCodeAt(end) !== LF && body.charCodeAt(end) !== CR) end++
  body = body.slice(0, end)
  let lines = 1
  let delimiters = 0
  for (let at = 0; at < body.length; at++) {
    const code = body.charCodeAt(at)
    if (code === LF || (code === CR && body.charCodeAt(at + 1) !== LF)) lines++
    else if (code === delimiterCode) delimiters++
  }
  return { body, delimiter, lines, fields: delimiters + lines }
}

/**
 * 4 KiB pieces, so that the parser (and a reader that stops early) works a piece at a time: csv-parse
 * builds every record of a piece before the reader can stop (21 000 one-field records in 64 KiB). A
 * piece never ends between the two halves of a surrogate pair: each piece becomes UTF-8 on its own.
 */
function * chunks (text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + 4096)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    yield text.slice(at, end)
    at = end
  }
}

/** An unpaired UTF-16 surrogate (with the `u` flag a pair is one code point, never matched). */
const LONE_SURROGATE = /\p{Cs}/u
const LONE_SURROGATES = /\p{Cs}/gu
/**
 * How csvRows carries an unpaired surrogate through csv-parse, which reads UTF-8 and would make it
 * U+FFFD: two noncharacters (Unicode's code points for a program's internal use) around its offset
 * from U+D800 in hex.
 */
const CARRIED_SURROGATE = /\ufdd0([0-9a-f]{3})\ufdd1/g
const carry = (surrogate: string) => `\ufdd0${(surrogate.charCodeAt(0) - 0xd800).toString(16).padStart(3, '0')}\ufdd1`
const restore = (value: string) =>
  value.replace(CARRIED_SURROGATE, (_, offset: string) => String.fromCharCode(0xd800 + parseInt(offset, 16)))

/**
 * The records of a prepared CSV as rows; the row number is the record's position, as a spreadsheet
 * program shows it (an empty line is a row; a quoted line break is not). A reader that stops
 * early stops the parser.
 * @throws CsvError (csv-parse) on an unclosed quote: the caller answers corrupt-file
 */
export async function * csvRows (csv: Pick<CsvText, 'body' | 'delimiter'>): AsyncGenerator<RawRow> {
  // empty lines are skipped by the parser but still counted as rows: a record of one empty field
  // would cost csv-parse an error object (inconsistent length, kept under relax_column_count), and
  // 65 000 of them seconds
  // an unpaired surrogate (a UTF-16 file, decodeCsv) reaches the record rules as it is, to be refused as in JSON
  const surrogates = LONE_SURROGATE.test(csv.body)
  const body = surrogates ? csv.body.replace(LONE_SURROGATES, carry) : csv.body
  const parser = Readable.from(chunks(body)).pipe(parse({
    delimiter: csv.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true
  }))
  type Parsed = { record: string[], info: { records: number, empty_lines: number } }
  for await (const { record, info } of parser as AsyncIterable<Parsed>) {
    const cells = record.map((value) => ({ kind: 'text' as const, value: surrogates ? restore(value) : value }))
    yield { row: info.records + info.empty_lines, cells }
  }
}
