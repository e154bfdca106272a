/**
 * The upload formats of D20, named by their extension. A module of its own, so that the main
 * thread (file-type.ts, reader.ts) can name formats without loading read.ts and, through it,
 * SheetJS: that parser loads only in the import worker.
 */
export const SPREADSHEET_FORMATS = ['xlsx', 'xls', 'csv'] as const
export type SpreadsheetFormat = typeof SPREADSHEET_FORMATS[number]
