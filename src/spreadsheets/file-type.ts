/**
 * D20: which uploads are spreadsheets. The extension decides the format; the MIME type the
 * client sent must be one of the spec's list (endpoint 9) or one that real clients send for that
 * extension. The bytes are checked against the format later, in the worker (read.ts).
 */
import { extname } from 'node:path'
import { UploadError } from '../errors.js'
import { SPREADSHEET_FORMATS, type SpreadsheetFormat } from './formats.js'

/** Spec endpoint 9's MIME types, accepted for every extension (Windows sends vnd.ms-excel for .csv). */
const EXCEL_MIME_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/excel',
  'application/x-excel',
  'application/x-msexcel'
]

/** D20's additions: unknown-type uploads (curl, some browsers) and the CSV types. */
const MIME_TYPES: Record<SpreadsheetFormat, readonly string[]> = {
  xlsx: [...EXCEL_MIME_TYPES, 'application/octet-stream'],
  xls: [...EXCEL_MIME_TYPES, 'application/octet-stream'],
  csv: [...EXCEL_MIME_TYPES, 'application/octet-stream', 'text/csv', 'application/csv', 'text/plain']
}

/** The texts of a refused type; each gets the file's extension (`.pdf`, or '' when it has none). */
export interface FileTypeMessages {
  badExtension: (ext: string) => string
  badMime: (ext: string) => string
}

/** `Datos.XLSX` → `.xlsx`. */
export function extensionOf (filename: string): string {
  return extname(filename).toLowerCase()
}

/**
 * The spreadsheet format of an upload (D20).
 * @param mimetype the part's Content-Type as sent; parameters and case are ignored
 * @throws UploadError (400) with `badExtension` or `badMime`
 */
export function uploadFormat (filename: string, mimetype: string, messages: FileTypeMessages): SpreadsheetFormat {
  const ext = extensionOf(filename)
  const format = SPREADSHEET_FORMATS.find((candidate) => `.${candidate}` === ext)
  if (format === undefined) throw new UploadError(messages.badExtension(ext))
  const type = mimetype.split(';')[0].trim().toLowerCase()
  if (!MIME_TYPES[format].includes(type)) throw new UploadError(messages.badMime(ext))
  return format
}
