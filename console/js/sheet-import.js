/**
 * One uploaded sheet and what the service answered for it (docs/console.md, items 1-3): the rows as
 * the browser read them, the records the service kept (`data.rows` ties each to its sheet row),
 * the refused rows' errors, the contract issues and warnings. A row fixed in the page is written
 * back into the sheet and the whole sheet is sent again in partial mode, so every row is judged by
 * the service with the same rules as every route (duplicates across rows included); nothing is
 * validated in the browser. The state is plain data, so it can be saved and restored (storage.js).
 */
import { ApiError, uploadSheet } from './api.js'
import { encodeCsv } from './csv-text.js'
import { fieldOf } from './field-headers.js'
import { readSheet, writeCsv, writeXlsx } from './files.js'
import { headerKey } from './text-fold.js'
import { TEXT } from './texts.js'

/** The fields that hold a DNI (src/spreadsheets/columns.ts, kind `dni`): text in the corrected sheet. */
const DNI_FIELDS = new Set(['dni', 'replacedWorkerDni', 'documentNumber'])

/**
 * A CSV cell's type as Excel gives it when it opens the CSV: a day a date, a plain number a number.
 * @param {string} text
 */
const csvCellType = (text) => /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim()) ? 'd' : /^\d+$/.test(text.trim()) ? 'n' : 's'

/** @typedef {import('./api.js').Issue} Issue */
/** @typedef {import('./api.js').Warning} Warning */

/**
 * @typedef {object} ImportState
 * @property {string} fileName the name of the file HR chose
 * @property {import('./files.js').SheetText | undefined} sheet undefined when the browser could not read the file
 * @property {Record<string, any>[]} records the records the service kept, in sheet order
 * @property {number[]} rows the sheet row of each record
 * @property {string} sessionId the upload session (employees only; '' otherwise)
 * @property {Issue[]} errors the refused rows' items (and a refusal's items without a row)
 * @property {Array<Issue & { dni?: string }>} documentIssues rows kept whose document cannot be made: the
 *   employee upload's `contractIssues`, the addendum upload's `documentIssues` (docs/import.md, "Replies")
 * @property {Warning[]} warnings values the service completed or read
 * @property {string} message the service's message for the last upload
 * @property {boolean} refused the last upload was a 400 (every row refused, or the file itself)
 * @property {number[]} fixed rows changed in the page
 */

export class SheetImport {
  /**
   * @param {string} path the upload route, with `?partial=true`
   * @param {ImportState} [state] a saved state to continue with
   */
  constructor (path, state) {
    this.path = path
    /** @type {ImportState} */
    this.state = state ?? {
      fileName: '', sheet: undefined, records: [], rows: [], sessionId: '', errors: [], documentIssues: [], warnings: [], message: '', refused: false, fixed: []
    }
  }

  /**
   * Uploads a file HR chose. A 400 with row items is kept as the outcome (every row refused: each
   * can be fixed here); any other refusal is thrown.
   * @param {File} file
   * @throws {ApiError} a refusal without row items (file type, size, headers, limits, service down)
   */
  async load (file) {
    const sheet = await readSheet(file)
    await this.#send(file, { fileName: file.name, sheet, fixed: [] })
  }

  /**
   * Adds the data rows of another file HR chose to this sheet, under the headers as the service
   * matches them (a column the sheet lacks is added; each cell keeps its type), and sends the whole
   * sheet again, so the new rows are judged with the others, duplicates across both files included.
   * The rows fixed here stay fixed.
   * @param {File} file
   * @throws {ApiError} a refusal of the whole sheet (a limit, the service down)
   * @throws {Error} the browser cannot read one of the files (TEXT.sheetUnreadable)
   */
  async append (file) {
    const other = await readSheet(file)
    if (other === undefined) throw new Error(TEXT.sheetUnreadable)
    const sheet = structuredClone(this.#sheet())
    const headers = other.rows[0] ?? []
    const first = sheet.rows.length + 1
    other.rows.slice(1).forEach((cells, offset) => {
      const row = first + offset
      headers.forEach((header, column) => {
        if (header.trim() === '') return
        const text = cells[column] ?? ''
        this.#setCell(sheet, row, header, text)
        // each file's cells as its own format gives them: a CSV's as Excel reads it, a workbook's as typed
        const type = other.csv && !sheet.csv ? csvCellType(text) : other.types[offset + 1]?.[column]
        const at = sheet.rows[0].findIndex((cell) => headerKey(cell) === headerKey(header))
        if (type !== undefined && at >= 0) sheet.types[row - 1][at] = type
      })
    })
    await this.#send(await this.#file(sheet), { fileName: this.state.fileName, sheet, fixed: this.state.fixed })
  }

  /**
   * Writes one row's cells back into the sheet and sends the sheet again.
   * @param {number} row spreadsheet row (2 or more)
   * @param {Record<string, string>} values cell text by header; a header the sheet lacks becomes a new column
   * @returns {Promise<Issue[]>} what the service still says about that row (none: it is fine now)
   * @throws {ApiError} a refusal of the whole file (the service is down, a limit)
   */
  async saveRow (row, values) {
    const sheet = this.#sheet()
    for (const [header, text] of Object.entries(values)) this.#setCell(sheet, row, header, text)
    const fixed = [...new Set([...this.state.fixed, row])].sort((a, b) => a - b)
    await this.#send(await this.#file(sheet), { fileName: this.state.fileName, sheet, fixed })
    return this.issuesOf(row)
  }

  /**
   * Sends the sheet as it is again (the causes in force changed: an approval in Causas), so every row
   * is judged with them; nothing of the sheet changes.
   * @throws {ApiError} a refusal of the whole file (the service is down, a limit)
   */
  async judgeAgain () {
    if (!this.fixable) return
    const sheet = this.#sheet()
    await this.#send(await this.#file(sheet), { fileName: this.state.fileName, sheet, fixed: this.state.fixed })
  }

  /**
   * Sets one cell without sending (a choice made with the table's pickers, already checked by
   * the service through a record preview), so the sheet and the corrected file keep it.
   * @param {number} row
   * @param {string} header
   * @param {string} text
   */
  setCell (row, header, text) {
    if (this.state.sheet === undefined) return
    this.#setCell(this.state.sheet, row, header, text)
  }

  /** @param {number} row @returns {Issue[]} the row's refusal items, else its contract issues */
  issuesOf (row) {
    const refused = this.state.errors.filter((issue) => issue.row === row)
    return refused.length > 0 ? refused : this.state.documentIssues.filter((issue) => issue.row === row)
  }

  /** @returns {string[]} the sheet's headers (row 1) as written, empty ones included */
  headers () {
    return this.state.sheet?.rows[0] ?? []
  }

  /**
   * The text of some columns of a row, joined: who a refused row is about.
   * @param {number} row
   * @param {string[]} columns headers, in the order to join them (compared as the service does)
   */
  textOf (row, columns) {
    const headers = this.headers().map(headerKey)
    const cells = this.cells(row)
    return columns.map((column) => cells[headers.indexOf(headerKey(column))]?.trim() ?? '').filter(Boolean).join(' ')
  }

  /** @param {number} row @returns {string[]} the row's cells as text */
  cells (row) {
    return this.state.sheet?.rows[row - 1] ?? []
  }

  /** Rows can be fixed in the page when the browser could read the file. */
  get fixable () {
    return this.state.sheet !== undefined && this.state.sheet.rows.length > 0
  }

  /**
   * The sheet as a corrected .xlsx (docs/console.md, item 2): the template's columns first, in its order,
   * then the file's other columns, then `ERRORES` with what the service still says about each row.
   * @param {string[]} templateColumns the template's headers (`GET /api/templates/…`)
   * @returns {Promise<Uint8Array>}
   */
  async correctedXlsx (templateColumns) {
    const sheet = this.#sheet()
    const headers = sheet.rows[0] ?? []
    const rank = new Map(templateColumns.map((header, index) => [headerKey(header), index]))
    const rankOf = (/** @type {number} */ index) => rank.get(headerKey(headers[index])) ?? Infinity
    const order = headers.map((_, index) => index)
      .filter((index) => headers[index].trim() !== '')
      .sort((a, b) => rankOf(a) - rankOf(b) || a - b)
    // a DNI column is text, its number padded to 8 digits as the service reads it (D12): `07234561`
    // keeps its zero, and Excel keeps the next one typed there
    const kind = this.path.includes('addendum') ? 'addendum' : 'employee'
    const dniColumns = new Set(headers.flatMap((header, index) => DNI_FIELDS.has(fieldOf(kind, header) ?? '') ? [index] : []))
    const textOf = (/** @type {string} */ text, /** @type {number} */ index, /** @type {number} */ r) =>
      r > 0 && dniColumns.has(index) && /^\d{1,7}$/.test(text.trim()) ? text.trim().padStart(8, '0') : text
    const rows = sheet.rows.map((cells, r) => [...order.map((index) => textOf(cells[index] ?? '', index, r)),
      r === 0 ? TEXT.errorsColumn : this.issuesOf(r + 1).map((issue) => `${issue.header ?? issue.column ?? issue.field}: ${issue.sheetMessage ?? issue.message}`).join(' | ')])
    // a CSV's cells are all text: typed here as Excel reads them when it opens the CSV (dates, plain
    // numbers), so the .xlsx uploads with the verdict of the CSV
    const typeOf = (/** @type {string} */ text, /** @type {number} */ index, /** @type {number} */ r) =>
      r === 0 || dniColumns.has(index) ? 's' : sheet.csv ? csvCellType(text) : (sheet.types[r]?.[index] ?? 's')
    const types = sheet.rows.map((cells, r) => [...order.map((index) => typeOf(cells[index] ?? '', index, r)), 's'])
    return await writeXlsx(rows, types, sheet.name ?? TEXT.correctedSheetName, sheet.others)
  }

  /** @returns {import('./files.js').SheetText} */
  #sheet () {
    if (this.state.sheet === undefined) throw new Error(TEXT.sheetUnreadable)
    return this.state.sheet
  }

  /**
   * @param {import('./files.js').SheetText} sheet
   * @param {number} row
   * @param {string} header
   * @param {string} text
   */
  #setCell (sheet, row, header, text) {
    const headers = sheet.rows[0]
    let column = headers.findIndex((cell) => headerKey(cell) === headerKey(header))
    if (column < 0) {
      column = headers.length
      for (const [r, cells] of sheet.rows.entries()) {
        cells[column] = r === 0 ? header : ''
        sheet.types[r][column] = 's'
      }
    }
    while (sheet.rows.length < row) { sheet.rows.push([]); sheet.types.push([]) }
    sheet.rows[row - 1][column] = text
    // a cell typed as text in a column of dates (or numbers) is written back as the column's kind
    // when it reads as one (files.js writtenCell), as Excel would have stored it: no "date written
    // as text" warning for a date fixed here
    const kinds = new Set(sheet.types.slice(1).map((types) => types[column]))
    const kind = sheet.types[row - 1][column]
    sheet.types[row - 1][column] = kind !== undefined && kind !== 's' ? kind : kinds.has('d') ? 'd' : kinds.has('n') ? 'n' : 's'
  }

  /**
   * The sheet as the file to send: a CSV stays a CSV (its cells are text by nature, D12), anything
   * else becomes an .xlsx with each cell's type kept.
   * @param {import('./files.js').SheetText} sheet
   */
  async #file (sheet) {
    const base = this.state.fileName.replace(/\.[^.]*$/, '')
    if (sheet.csv) {
      const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (encodeCsv(writeCsv(sheet.rows)))
      return new File([bytes], `${base}.csv`, { type: 'text/csv' })
    }
    const xlsx = await writeXlsx(sheet.rows, sheet.types, sheet.name ?? TEXT.correctedSheetName, sheet.others)
    const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (xlsx)
    return new File([bytes], `${base}.xlsx`, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
  }

  /**
   * @param {File} file
   * @param {Pick<ImportState, 'fileName' | 'sheet' | 'fixed'>} base
   */
  async #send (file, base) {
    try {
      const reply = await uploadSheet(this.path, file)
      const data = reply.data
      this.state = {
        ...base,
        records: data.employees,
        rows: data.rows,
        sessionId: data.sessionId ?? '',
        errors: data.errors ?? [],
        documentIssues: data.contractIssues ?? data.documentIssues ?? [],
        warnings: data.warnings ?? [],
        message: reply.message,
        refused: false
      }
    } catch (error) {
      if (!(error instanceof ApiError) || !error.issues.some((issue) => (issue.row ?? 0) >= 2)) throw error
      this.state = { ...base, records: [], rows: [], sessionId: '', errors: error.issues, documentIssues: [], warnings: [], message: error.message, refused: true }
    }
  }
}
