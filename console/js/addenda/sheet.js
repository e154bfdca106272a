/**
 * The addendum sheet (docs/console.md, item 7): uploading it in partial mode (D14), its refused rows
 * and warnings, "Corregir" on a row (fix.js: the service judges the whole sheet again, with the
 * ZIP's rules) and the status line.
 */
import { setStatus } from '../dom.js'
import { fixSheetRow } from '../fix.js'
import { TEXT } from '../texts.js'
import { sheetUploader, showSheetErrors } from '../upload-errors.js'
import { UPLOAD_PATH, blockedReasons } from './model.js'

/** Headers that say who a row is about. */
const NAME_HEADERS = ['TRABAJADOR', 'nombres y apellidos', 'empleado', 'colaborador']

/**
 * @param {import('./model.js').AddendaState} state
 * @param {{ input: HTMLInputElement, status: HTMLElement, errorsBox: HTMLElement, result: HTMLElement }} elements
 * @param {{ limits: import('../api.js').Limits | undefined, profile: import('../api.js').Profile | undefined,
 *   loaded: (sheet: import('../sheet-import.js').SheetImport) => void, fixed: (row: number) => void,
 *   appended: () => void }} hooks
 */
export function addendaSheet (state, elements, hooks) {
  const { status, errorsBox } = elements

  /** @param {number} row @param {Record<string, string>} [draft] values HR had typed before a reload */
  function fix (row, draft) {
    fixSheetRow(state.sheet, row, state.sheet.textOf(row, NAME_HEADERS), {
      draft,
      saved: () => hooks.fixed(row),
      status,
      focusAfter: (fixed) => state.boxes[state.sheet.state.rows.indexOf(fixed)], // the row's checkbox
      kind: 'addendum',
      profile: hooks.profile
    })
  }

  const showErrors = () => showSheetErrors(errorsBox, state.sheet, (row) => fix(row))

  function showStatus () {
    const { records: valid, errors, message } = state.sheet.state
    const invalid = new Set(errors.filter((issue) => (issue.row ?? 0) >= 2).map((issue) => issue.row)).size
    const cannot = blockedReasons(state).size
    const line = [`${message}.`, TEXT.addendaLoaded(valid.length + invalid, valid.length, invalid), cannot > 0 ? TEXT.addendaBlocked(cannot) : '']
    setStatus(status, line.filter(Boolean).join(' '), invalid > 0 || cannot > 0 ? 'warn' : 'ok')
  }

  /** Sends the chosen file (upload-errors.js sheetUploader): a second one asks to replace or add. */
  const { upload } = sheetUploader(state, { input: elements.input, status, box: errorsBox }, {
    path: UPLOAD_PATH,
    limits: () => hooks.limits,
    loaded: (next) => { hooks.loaded(next) },
    appended: () => { hooks.appended() },
    showStatus: () => { showStatus() },
    refused: () => { elements.result.hidden = true },
  })

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

  return { upload, fix, showErrors, showStatus, judgeAgain }
}
