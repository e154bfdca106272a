/**
 * The save step of the "Corregir" form (fix.js): the row's values go to the caller, which writes them
 * into the sheet and sends the whole sheet again; the service's answer closes the form, or shows
 * what is still wrong beside the fields. The saved values stay saved either way.
 */
import { ApiError } from '../api.js'
import { setStatus } from '../dom.js'
import { headerKey } from '../text-fold.js'
import { TEXT } from '../texts.js'

/**
 * Saves the form's values and has the service judge the row again: the form closes and `done` is
 * called when it has nothing more to say, else the fields show its new messages and the first
 * invalid one takes the focus; a refusal of the whole sheet is shown in the status line.
 * @param {import('./row.js').FixRow} row
 * @param {{ save: (values: Record<string, string>) => Promise<import('../api.js').Issue[]>, done: () => void }} request
 * @param {{ dialog: HTMLDialogElement, status: HTMLElement, saveButton: HTMLButtonElement }} form
 * @param {(issues: import('../api.js').Issue[]) => HTMLElement | undefined} show shows the fields again
 *   with the service's messages; answers the first invalid one
 */
export async function saveAndJudge (row, request, form, show) {
  form.saveButton.disabled = true
  setStatus(form.status, TEXT.fixChecking, 'busy')
  try {
    const values = valuesToSave(row)
    const issues = await request.save(values)
    for (const column of row.columns) {
      if (column.header in values) { column.value = values[column.header]; column.added = false }
    }
    if (issues.length === 0) {
      form.dialog.close()
      request.done()
      return
    }
    setStatus(form.status, TEXT.fixStillWrong(issues.length), 'error')
    show(issues)?.focus()
  } catch (error) {
    setStatus(form.status, error instanceof ApiError || error instanceof Error ? error.message : String(error), 'error')
  } finally {
    form.saveButton.disabled = false
  }
}

/**
 * The values to save, by header: every column's control's text, but a picker's column the sheet
 * lacks, left empty, is not written.
 * @param {import('./row.js').FixRow} row
 * @returns {Record<string, string>}
 */
function valuesToSave (row) {
  /** @type {Record<string, string>} */
  const values = {}
  for (const column of row.columns) {
    const value = row.controls.get(headerKey(column.header))?.value ?? ''
    if (column.added === true && value === '' && !(column.header in values)) continue
    values[column.header] = value
  }
  return values
}
