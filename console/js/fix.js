/**
 * The "Corregir" form (docs/console.md, item 2): one sheet row's cells as fields, labelled with the sheet's
 * headers, each with the service's messages beside it (`aria-describedby`, `aria-invalid`); items
 * for a column the sheet lacks add that column as a field. Saving hands the values to the caller,
 * which sends the sheet to the service and answers what is still wrong (a refusal, or why its
 * contract cannot be made); the form stays open with the new messages until the row is fine or
 * the user closes it (the saved values stay saved either way).
 */
import { ApiError } from './api.js'
import { byId, el, setStatus } from './dom.js'
import { headerKey } from './sheet-import.js'
import { TEXT } from './texts.js'

const dialog = /** @type {HTMLDialogElement} */ (byId('fix'))
const title = byId('fix-title')
const form = /** @type {HTMLFormElement} */ (byId('fix-form'))
const general = byId('fix-general')
const fields = byId('fix-fields')
const status = byId('fix-status')
const saveButton = /** @type {HTMLButtonElement} */ (byId('fix-save'))

/** @type {(() => Promise<void>) | undefined} */
let submit
form.addEventListener('submit', (event) => {
  event.preventDefault()
  submit?.().catch(reportError)
})
byId('fix-cancel').addEventListener('click', () => dialog.close())

/**
 * @typedef {object} FixRequest
 * @property {number} row spreadsheet row
 * @property {string} name who the row is about, for the title
 * @property {string[]} headers the sheet's headers (row 1)
 * @property {string[]} cells the row's cells as text
 * @property {import('./api.js').Issue[]} issues what the service says about the row
 * @property {(values: Record<string, string>) => Promise<import('./api.js').Issue[]>} save sends the values
 *   (cell text by header); answers what the service still says about the row
 * @property {() => void} done called once the service has nothing more to say about the row
 */

/**
 * Opens the form on one row of an uploaded sheet: saving sends the sheet again
 * (SheetImport.saveRow) and calls `saved` so the tab shows the service's new answer; once the row
 * is fine the status line says so and the focus goes to `focusAfter(row)`, or to the status line
 * (the button that opened the form is gone with the old table).
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @param {number} row spreadsheet row
 * @param {string} name who the row is about ('' when it names nobody)
 * @param {{ saved: () => void, status: HTMLElement, focusAfter: (row: number) => HTMLElement | undefined }} tab
 */
export function fixSheetRow (sheet, row, name, tab) {
  openFix({
    row,
    name,
    headers: sheet.headers(),
    cells: sheet.cells(row),
    issues: sheet.issuesOf(row),
    save: async (values) => {
      const issues = await sheet.saveRow(row, values)
      tab.saved()
      return issues
    },
    done: () => {
      setStatus(tab.status, TEXT.rowFixed(row))
      ;(tab.focusAfter(row) ?? tab.status).focus()
    }
  })
}

/** @param {FixRequest} request */
function openFix (request) {
  title.textContent = TEXT.fixTitle(request.row, request.name)
  setStatus(status, '')
  /** @type {Map<string, HTMLInputElement>} */
  const inputs = new Map()
  const columns = request.headers.map((header, index) => ({ header, value: request.cells[index] ?? '' }))
    .filter((column) => column.header.trim() !== '')

  /** @param {import('./api.js').Issue[]} issues */
  function render (issues) {
    const byColumn = new Map(columns.map((column) => [headerKey(column.header), /** @type {string[]} */ ([])]))
    /** @type {string[]} */
    const loose = []
    for (const issue of issues) {
      const key = headerKey(issue.header ?? '')
      if (issue.header !== undefined && !byColumn.has(key)) {
        // the service names a column the sheet lacks (an optional column this row needs): add it
        columns.push({ header: issue.header, value: '' })
        byColumn.set(key, [])
      }
      const list = byColumn.get(key)
      if (list !== undefined) list.push(issue.message)
      else loose.push(`${issue.field}: ${issue.message}`)
    }
    general.replaceChildren(...loose.map((text) => el('p', { class: 'field-error' }, text)))
    const kept = new Map([...inputs].map(([key, input]) => [key, input.value]))
    inputs.clear()
    fields.replaceChildren(...columns.map((column, index) => {
      const key = headerKey(column.header)
      const messages = byColumn.get(key) ?? []
      const id = `fix-field-${index}`
      const input = /** @type {HTMLInputElement} */ (el('input', {
        id,
        type: 'text',
        value: kept.get(key) ?? column.value,
        'aria-invalid': messages.length > 0 ? 'true' : undefined,
        'aria-describedby': messages.length > 0 ? `${id}-error` : undefined
      }))
      inputs.set(key, input)
      return el('div', { class: messages.length > 0 ? 'fix-field invalid' : 'fix-field' },
        el('label', { for: id }, column.header),
        input,
        messages.length > 0 ? el('p', { class: 'field-error', id: `${id}-error` }, messages.join(' ')) : null)
    }))
    return [...fields.querySelectorAll('input[aria-invalid="true"]')][0]
  }

  const firstInvalid = render(request.issues)
  submit = async () => {
    saveButton.disabled = true
    setStatus(status, TEXT.fixChecking, 'busy')
    try {
      /** @type {Record<string, string>} */
      const values = {}
      for (const column of columns) values[column.header] = inputs.get(headerKey(column.header))?.value ?? ''
      const issues = await request.save(values)
      if (issues.length === 0) {
        dialog.close()
        request.done()
        return
      }
      setStatus(status, TEXT.fixStillWrong(issues.length), 'error')
      const invalid = /** @type {HTMLInputElement | undefined} */ (render(issues))
      invalid?.focus()
    } catch (error) {
      setStatus(status, error instanceof ApiError || error instanceof Error ? error.message : String(error), 'error')
    } finally {
      saveButton.disabled = false
    }
  }
  dialog.showModal()
  const first = /** @type {HTMLInputElement | undefined} */ (firstInvalid) ?? inputs.values().next().value
  first?.focus()
}
