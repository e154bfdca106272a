/**
 * The employees sheet (docs/console.md, items 1-2): uploading it in partial mode, its refused rows
 * and warnings, "Corregir" on a row (fix.js: the service judges the whole sheet again), the status
 * line, and the corrected .xlsx.
 */
import { getFile } from '../api.js'
import { saveFile, setStatus } from '../dom.js'
import { templateHeaders } from '../files.js'
import { fixSheetRow } from '../fix.js'
import { TEXT } from '../texts.js'
import { sheetUploader, showSheetErrors } from '../upload-errors.js'
import { UPLOAD_PATH, blockedReasons } from './model.js'

/** Headers that say who a refused row is about, in the order they are joined. */
const NAME_HEADERS = ['NOMBRE', 'Nombre completo', 'APELLIDO PATERNO', 'APELLIDO MATERNO']

/**
 * @param {import('./model.js').EmployeesState} state
 * @param {{ input: HTMLInputElement, status: HTMLElement, errorsBox: HTMLElement, sheetActions: HTMLElement }} elements
 * @param {{ limits: import('../api.js').Limits | undefined, profile: import('../api.js').Profile | undefined,
 *   loaded: (sheet: import('../sheet-import.js').SheetImport) => void, fixed: (row: number) => void,
 *   appended: () => void }} hooks
 *   `loaded` with a new sheet the
 *   service answered; `fixed` after a row's fix was sent, `appended` after a file's rows were added (the
 *   tab shows the new answer)
 */
export function employeesSheet (state, elements, hooks) {
  const { status, errorsBox } = elements

  /**
   * Opens the fix form on a sheet row; once saved, the tab shows the service's new answer and the
   * focus goes to the row's checkbox.
   * @param {number} row
   * @param {string} name who the row is about
   * @param {Record<string, string>} [draft] values HR had typed before a reload
   */
  function fix (row, name, draft) {
    fixSheetRow(state.sheet, row, name, {
      draft,
      saved: () => hooks.fixed(row),
      status,
      focusAfter: (fixed) => state.boxes[state.sheet.state.rows.indexOf(fixed)],
      kind: 'employee',
      profile: hooks.profile
    })
  }

  /** The refused rows beside their cells and the warnings; the corrected sheet's button when the sheet was read. */
  function showErrors () {
    showSheetErrors(errorsBox, state.sheet, (row) => fix(row, state.sheet.textOf(row, NAME_HEADERS)))
    elements.sheetActions.hidden = !state.sheet.fixable
  }

  /** The status line of the sheet: the service's message and what the tab did with it. */
  function showStatus () {
    const { records, errors, message, refused } = state.sheet.state
    const reasons = blockedReasons(state)
    const refusedRows = new Set(errors.map((issue) => issue.row)).size
    const kind = refused ? 'error' : refusedRows > 0 || reasons.size > 0 ? 'warn' : 'ok'
    setStatus(status, refused ? `${message} ${TEXT.fixRowsHint}` : `${message} ${TEXT.employeesLoaded(records.length, reasons.size, refusedRows)}`, kind)
  }

  /** Sends the chosen file (upload-errors.js sheetUploader): a second one asks to replace or add. */
  const { upload } = sheetUploader(state, { input: elements.input, status, box: errorsBox }, {
    path: UPLOAD_PATH,
    limits: () => hooks.limits,
    loaded: (next) => { hooks.loaded(next) },
    appended: () => { hooks.appended() },
    showStatus: () => { showStatus() },
  })

  /** Saves the sheet as it now is: the template's columns first, then the file's, then ERRORES. */
  async function downloadCorrected () {
    const template = await templateHeaders(new Uint8Array(await (await getFile('/api/templates/employees.xlsx')).blob.arrayBuffer()))
    const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (await state.sheet.correctedXlsx(template))
    const name = `${state.sheet.state.fileName.replace(/\.[^.]*$/, '')}-corregido.xlsx`
    saveFile(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name)
    setStatus(status, TEXT.fileSaved(name, bytes.byteLength))
  }

  /** Has the service judge the sheet again (the causes in force changed), and shows its answer. */
  async function judgeAgain () {
    if (!state.sheet.fixable) return
    try {
      await state.sheet.judgeAgain()
      hooks.appended()
      showStatus()
    } catch (error) {
      setStatus(status, error instanceof Error ? error.message : String(error), 'error')
    }
  }

  return { upload, fix, showErrors, showStatus, downloadCorrected, judgeAgain }
}
