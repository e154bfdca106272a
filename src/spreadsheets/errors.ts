/** The 400s of the spreadsheet import (spec endpoints 5 and 9, D5, D13, D20). */
import { AppError, UploadError, type ValidationIssue } from '../errors.js'
import { IMPORT_MESSAGES } from '../../schemas/messages.js'
import { batchLimitMessage, batchSplitHint } from '../../schemas/messages.js'

/** The bytes are not a readable file of its format: bytes not of the extension, a zip bomb, a parse failure (D20). */
export class CorruptSpreadsheetError extends UploadError {
  /** Why, for the log; never sent to the client. */
  readonly reason: string
  constructor (reason: string) {
    super(IMPORT_MESSAGES.corrupt, { code: 'CONTRATOS_SPREADSHEET_CORRUPT' })
    this.reason = reason
  }
}

/**
 * More data rows than the endpoint's batch limit (D5: the spec's message); `data` adds the limit,
 * the rows received (when counted) and a Spanish `hint` on how to split the file (docs/import.md).
 */
export class TooManyRowsError extends AppError {
  constructor (limit: number, received?: number) {
    super(400, batchLimitMessage(limit), {
      code: 'CONTRATOS_SPREADSHEET_TOO_MANY_ROWS',
      data: { limit, ...(received === undefined ? {} : { received }), hint: batchSplitHint(limit, received) }
    })
  }
}

/** A workbook with a cell far below what the batch limit allows (a row numbered 1 000 000 000). */
export class RowsPastLimitError extends AppError {
  constructor (lastRow: number, allowed: number) {
    super(400, IMPORT_MESSAGES.rowsPastLimit(lastRow, allowed), { code: 'CONTRATOS_SPREADSHEET_ROWS_PAST_LIMIT' })
  }
}

/**
 * A workbook over a bound of src/spreadsheets/bounds.ts (too many sheets, shared strings or cells),
 * refused before SheetJS builds them (docs/import.md); `message` names the count and the bound.
 */
export class WorkbookTooLargeError extends AppError {
  constructor (message: string) {
    super(400, message)
  }
}

/** A header row and no data (D5: at least one record). */
export class EmptySpreadsheetError extends AppError {
  constructor () {
    super(400, IMPORT_MESSAGES.noRows, { code: 'CONTRATOS_SPREADSHEET_EMPTY' })
  }
}

/**
 * Missing headers or invalid rows: the items go to `errors` (endpoint 9), `data.validationErrors`
 * and `context.validationErrors` (endpoint 5, D13), the same list in the three places.
 */
export class SpreadsheetValidationError extends AppError {
  /** @param extra additive members of `data` (`hint`: docs/import.md) */
  constructor (message: string, issues: ValidationIssue[], extra: Record<string, unknown> = {}) {
    const data = { validationErrors: issues, ...extra }
    super(400, message, { data, errors: issues, extra: { context: data }, code: 'CONTRATOS_SPREADSHEET_INVALID' })
  }
}
