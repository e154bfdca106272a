/**
 * The "Corregir" form (docs/console.md, item 2): one sheet row's cells as fields, labelled with the sheet's
 * headers, each with the service's messages beside it (`aria-describedby`, `aria-invalid`); items
 * for a column the sheet lacks add that column as a field. Saving hands the values to the caller,
 * which sends the sheet to the service and answers what is still wrong (a refusal, or why its
 * contract cannot be made); the form stays open with the new messages until the row is fine or
 * the user closes it (the saved values stay saved either way).
 *
 * With the employer profile (`GET /api/profile`), the legal facts a document declares are chosen, never
 * typed (DOCUMENT-REQUIREMENTS §21, §22, §24, §25; pickers.js): CAUSA lists the reviewed causes of the
 * row's site and modality, CAUSAL DE SUSPENSIÓN the suplencia's grounds, MOTIVO DEL PERIODO DE PRUEBA the
 * reasons the row's position allows; a typed cause (CAUSA OBJETIVA) can only be kept or cleared; DÍAS DE
 * TRABAJO and HORARIO are written by a schedule editor in the service's canonical text. A value of the
 * sheet that is none of the options stays selected (marked) until HR picks another: the service judges it.
 *
 * This module opens the dialog and wires the form's parts (fix/): the row and its columns (row.js),
 * the fields (fields.js), the pickers (selects.js), the schedule editor (schedule.js), the save step (submit.js).
 */
import { byId, setStatus } from './dom.js'
import { saveView } from './storage.js'
import { TEXT } from './texts.js'
import { renderFields } from './fix/fields.js'
import { fixRow, formValues } from './fix/row.js'
import { saveAndJudge } from './fix/submit.js'

const dialog = /** @type {HTMLDialogElement} */ (byId('fix'))
const title = byId('fix-title')
const form = /** @type {HTMLFormElement} */ (byId('fix-form'))
const general = byId('fix-general')
const fields = byId('fix-fields')
const status = byId('fix-status')
const saveButton = /** @type {HTMLButtonElement} */ (byId('fix-save'))

/** @type {(() => Promise<void>) | undefined} */
let submit
/** Refreshes the pickers' options after a field they depend on changed (site, modality, type, position). */
let refresh = () => {}
form.addEventListener('submit', (event) => {
  event.preventDefault()
  submit?.().catch(reportError)
})
/** Keeps what HR typed so far, so a reload opens the form again with it (storage.js saveView). */
let keepDraft = () => {}
fields.addEventListener('change', () => { refresh(); keepDraft() })
fields.addEventListener('input', () => keepDraft())
byId('fix-cancel').addEventListener('click', () => dialog.close())
dialog.addEventListener('close', () => saveView({ fix: undefined }))

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
 * @property {'employee' | 'addendum'} kind which import the sheet is
 * @property {import('./api.js').Profile | undefined} profile the employer's closed lists; plain fields without it
 * @property {Record<string, string>} [draft] values HR had typed before a reload, by header
 */

/**
 * Opens the form on one row of an uploaded sheet: saving sends the sheet again
 * (SheetImport.saveRow) and calls `saved` so the tab shows the service's new answer; once the row
 * is fine the status line says so and the focus goes to `focusAfter(row)`, or to the status line
 * (the button that opened the form is gone with the old table).
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @param {number} row spreadsheet row
 * @param {string} name who the row is about ('' when it names nobody)
 * @param {{ saved: () => void, status: HTMLElement, focusAfter: (row: number) => HTMLElement | undefined,
 *   kind: 'employee' | 'addendum', profile: import('./api.js').Profile | undefined,
 *   draft?: Record<string, string> }} tab `draft`: the values typed before a reload
 */
export function fixSheetRow (sheet, row, name, tab) {
  openFix({
    row,
    name,
    draft: tab.draft,
    headers: sheet.headers(),
    cells: sheet.cells(row),
    issues: sheet.issuesOf(row),
    kind: tab.kind,
    profile: tab.profile,
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

/**
 * Opens the dialog on a row: its fields with the service's messages, the first invalid one focused.
 * @param {FixRequest} request
 */
function openFix (request) {
  title.textContent = TEXT.fixTitle(request.row, request.name)
  setStatus(status, '')
  const row = fixRow(request)
  /** @param {import('./api.js').Issue[]} issues @returns {HTMLElement | undefined} the first invalid field */
  const show = (issues) => {
    const shown = renderFields(row, issues, request.draft, { fields, general })
    refresh = shown.refresh
    return shown.firstInvalid
  }
  const firstInvalid = show(request.issues)
  keepDraft = () => saveView({ fix: { kind: row.kind, row: request.row, name: request.name, values: formValues(row) } })
  keepDraft()
  submit = () => saveAndJudge(row, request, { dialog, status, saveButton }, show)
  dialog.showModal()
  const first = firstInvalid ?? /** @type {HTMLElement | null} */ (fields.querySelector('input, select'))
  first?.focus()
}
