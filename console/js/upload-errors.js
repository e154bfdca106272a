/**
 * What an upload shows under its form, the same on both tabs (docs/console.md, items 1, 2 and 7): the
 * file HR chose checked against the service's limits before sending; a refusal of the whole file
 * (its message, `data.hint`, and its items beside the file's rows, read in the browser); a kept
 * sheet's refused rows, each with "Corregir", and the service's warnings on the rows it kept.
 */
import { alertBox, el, issuesTable, setStatus, showUploadNotes } from './dom.js'
import { readSheet } from './files.js'
import { TEXT } from './texts.js'

/**
 * The chosen file, or undefined when there is none or it is over `MAX_FILE_SIZE` (said on the status line).
 * @param {HTMLInputElement} input
 * @param {import('./api.js').Limits | undefined} limits
 * @param {HTMLElement} status
 * @returns {File | undefined}
 */
export function chosenFile (input, limits, status) {
  const file = input.files?.[0]
  if (file === undefined) {
    setStatus(status, TEXT.chooseFile, 'error')
    return undefined
  }
  if (limits !== undefined && file.size > limits.maxFileSize) {
    setStatus(status, TEXT.fileTooLarge(file.name, file.size, limits.maxFileSize), 'error')
    return undefined
  }
  return file
}

/**
 * A refusal of the whole file (no row the page can fix): the service's message on the status line,
 * then its hint, and its items beside the rows of the file (or the refusal's detail).
 * @param {{ status: HTMLElement, box: HTMLElement }} targets
 * @param {import('./api.js').ApiError} error
 * @param {File} file the file that was sent, read again in the browser for its rows
 */
export async function showFileRefusal ({ status, box }, error, file) {
  setStatus(status, error.message, 'error')
  showUploadNotes(box, undefined, error.hint)
  if (error.issues.length > 0) {
    box.append(el('h3', {}, `${TEXT.errorsTitle} (${TEXT.errorsCount(error.issues.length)})`), issuesTable(error.issues, (await readSheet(file))?.rows))
  } else if (error.detail !== undefined) {
    box.append(alertBox('error', error.detail))
  }
}

/**
 * A sheet the service answered: its refused rows beside their cells, each with "Corregir" when the
 * browser read the file, then the warnings on the rows it kept.
 * @param {HTMLElement} box
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @param {(row: number) => void} fix opens the fix form on a sheet row
 */
export function showSheetErrors (box, sheet, fix) {
  box.replaceChildren()
  const { errors, warnings } = sheet.state
  if (errors.length > 0) {
    box.append(el('h3', {}, TEXT.refusedTitle(new Set(errors.map((issue) => issue.row)).size, errors.length)),
      issuesTable(errors, sheet.state.sheet?.rows, sheet.fixable ? fix : undefined))
  }
  showUploadNotes(box, warnings)
}
