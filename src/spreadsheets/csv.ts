/**
 * .csv uploads through csv-parse: every cell is text, nothing is guessed (D12: `01/02/2024`
 * stays 1 February, `01234567` keeps its zero). Handles what spreadsheet programs write: a UTF-8
 * BOM (Excel's "CSV UTF-8"), UTF-16 with a BOM, Windows-1252 (Excel's plain "CSV" on Windows,
 * or one field pasted from it into a UTF-8 file),
 * `;` or tab delimiters (Excel in Spanish locales writes `;`) and a `sep=;` first line.
 */
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import type { RawRow } from './sheet.js'

const UTF8 = new TextDecoder('utf-8', { fatal: true })
const WINDOWS_1252 = new TextDecoder('windows-1252')
/** For fields checked by decodeFieldByField (which does not look for overlong forms or surrogates). */
const UTF8_LENIENT = new TextDecoder('utf-8')

/** Decodes the file's bytes; undefined when they are not text (a NUL character: binary data). */
export function decodeCsv (bytes: Uint8Array): string | undefined {
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
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
 * from the header's (kept and ignored under relax_column_count): ~15 µs each, so 10 MB of short
 * ragged lines kept an import worker busy past its 30 s deadline, and a 10 MB line of commas
 * (ten million fields) took ~1 GB. Measured by test/src/spreadsheets/read.test.ts.
 */
export const CSV_LIMITS = {
  /** Line breaks: the .xls row limit, far above BATCH_MAX rows and the blank rows a program pads with. */
  maxLines: 65_536,
  /** Delimiters in the whole file (bounds the fields built): a padded 65 536 × 23 sheet has 1.4 M. */
  maxDelimiters: 2 ** 21,
  /** Characters of one record's fields (csv-parse max_record_size): 32 767 per cell × 23 columns, rounded up. */
  maxRecordChars: 2 ** 20
} as const

/** Counts line breaks and delimiters. @throws Error past CSV_LIMITS (the caller answers corrupt-file) */
function checkCsvSize (text: string, delimiter: string): void {
  const delimiterCode = delimiter.charCodeAt(0)
  let lines = 0
  let delimiters = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) lines++
    else if (code === delimiterCode) delimiters++
  }
  if (lines > CSV_LIMITS.maxLines) throw new Error(`${lines} lines, over ${CSV_LIMITS.maxLines}`)
  if (delimiters > CSV_LIMITS.maxDelimiters) throw new Error(`${delimiters} delimiters, over ${CSV_LIMITS.maxDelimiters}`)
}

/** 64 KiB pieces, so that the parser (and a reader that stops early) works a piece at a time. */
function * chunks (text: string): Generator<string> {
  for (let at = 0; at < text.length; at += 65536) yield text.slice(at, at + 65536)
}

/**
 * The records of a CSV text as rows; the row number is the record's position, as a spreadsheet
 * program shows it (an empty line is a row; a quoted line break is not).
 * @throws CsvError (csv-parse) on an unclosed quote or a record over CSV_LIMITS.maxRecordChars, Error
 *   past the other CSV_LIMITS: the caller answers corrupt-file
 */
export async function * csvRows (text: string): AsyncGenerator<RawRow> {
  // Excel's `sep=;` first line names the delimiter and is not a row of the sheet
  const hint = /^sep=([^\r\n])\r?\n/i.exec(text)
  const body = hint === null ? text : text.slice(hint[0].length)
  const delimiter = hint?.[1] ?? detectDelimiter(body)
  checkCsvSize(body, delimiter)
  const parser = Readable.from(chunks(body)).pipe(parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: CSV_LIMITS.maxRecordChars
  }))
  let row = 0
  for await (const record of parser as AsyncIterable<string[]>) {
    row++
    yield { row, cells: record.map((value) => ({ kind: 'text' as const, value })) }
  }
}
