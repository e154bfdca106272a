/**
 * What an upload shows under its form, the same on both tabs (docs/console.md, items 1, 2 and 7): the
 * file HR chose checked against the service's limits before sending; a refusal of the whole file
 * (its message, `data.hint`, and its items beside the file's rows, read in the browser); a kept
 * sheet's refused rows, each with "Corregir", and the service's warnings on the rows it kept, grouped by
 * kind, the ones that may change a document first (also shown on their row: `warningsByRow`).
 */
import { ApiError } from './api.js'
import { alertBox, el, issuesTable, setStatus } from './dom.js'
import { readSheet } from './files.js'
import { askReplace } from './replace-prompt.js'
import { SheetImport } from './sheet-import.js'
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
 * A tab's upload and its "add the rows" alternative, the same on both tabs: the chosen file checked
 * against the limits; a second upload asks first (replace the work in the page, or add the new
 * rows: the service judges the whole sheet again); a refusal of the whole file is shown and the
 * work in the page stays.
 * @param {{ sheet: import('./sheet-import.js').SheetImport }} state the tab's state (its sheet)
 * @param {{ input: HTMLInputElement, status: HTMLElement, box: HTMLElement }} targets
 * @param {{ path: string, limits: () => import('./api.js').Limits | undefined,
 *   loaded: (next: import('./sheet-import.js').SheetImport) => void, appended: () => void,
 *   showStatus: () => void, refused?: () => void }} tab the upload route, and what the tab does
 *   after a new sheet is loaded, rows appended, or the file refused
 * @returns {{ upload: () => Promise<void> }}
 */
export function sheetUploader (state, { input, status, box }, tab) {
  /** @param {File} file */
  async function append (file) {
    if (!(await appendFile(state.sheet, { status, box }, file))) return
    tab.appended()
    const before = state.sheet.state.fileName
    tab.showStatus()
    status.textContent = `${TEXT.appendedFile(file.name, before)} ${status.textContent}`
  }

  async function upload () {
    box.replaceChildren()
    const file = chosenFile(input, tab.limits(), status)
    if (file === undefined) return
    const answer = await askReplace(state.sheet, file)
    if (answer === 'cancel') return
    setStatus(status, TEXT.uploading(file.name), 'busy')
    if (answer === 'add') {
      await append(file)
      return
    }
    const next = new SheetImport(tab.path)
    try {
      await next.load(file)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      tab.refused?.()
      await showFileRefusal({ status, box }, error, file)
      return
    }
    tab.loaded(next)
    tab.showStatus()
  }

  return { upload }
}

/**
 * Adds a file's rows to the sheet in the page (the service judges the whole sheet again); a refusal
 * of the file is shown as showFileRefusal shows it, any other failure on the status line.
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @param {{ status: HTMLElement, box: HTMLElement }} targets
 * @param {File} file
 * @returns {Promise<boolean>} whether the rows were added
 */
export async function appendFile (sheet, targets, file) {
  try {
    await sheet.append(file)
    return true
  } catch (error) {
    if (error instanceof ApiError) await showFileRefusal(targets, error, file)
    else setStatus(targets.status, error instanceof Error ? error.message : String(error), 'error')
    return false
  }
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
  if (error.hint !== undefined) box.append(alertBox('error', error.hint))
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
  showWarnings(box, warnings)
}

/**
 * The kind of a row's warning (docs/import.md, "Warnings"), by its field: a DNI padded with zeros and a
 * date read from a text cell may change a document (the person or the day it names); the rest (a
 * shift without refrigerio over a meal window) is advice.
 * @param {import('./api.js').Warning} warning
 * @returns {'dni' | 'date' | 'other'}
 */
export function warningKind (warning) {
  if (/dni$|^documentNumber$/i.test(warning.field)) return 'dni'
  if (/date$|^(start|end)(Addendum)?$/i.test(warning.field)) return 'date'
  return 'other'
}

/** The kinds in the order HR should read them: those that may change a document first. */
const KIND_ORDER = /** @type {const} */ (['dni', 'date', 'other'])

/**
 * The service's `data.warnings` on the rows it kept, grouped by kind (those that may change a
 * document first), then the employer's notices (an outdated risk assessment), each once with its rows.
 * @param {HTMLElement} box
 * @param {import('./api.js').Warning[]} warnings
 */
function showWarnings (box, warnings) {
  const rows = warnings.filter((warning) => warning.scope !== 'employer')
  if (rows.length > 0) {
    const groups = KIND_ORDER.map((kind) => ({ kind, items: rows.filter((warning) => warningKind(warning) === kind) }))
      .filter((group) => group.items.length > 0)
    box.append(el('div', { class: 'alert warn warnings' },
      el('p', {}, TEXT.warningsTitle(rows.length)),
      ...groups.map(({ kind, items }) => el('section', { class: `warning-group ${kind}` },
        el('p', { class: 'warning-kind' }, TEXT.warningGroups[kind]),
        el('ul', {}, ...items.map((warning) => el('li', {}, TEXT.warningItem(warning))))))))
  }
  /** @type {Map<string, number[]>} */
  const employer = new Map()
  for (const warning of warnings) {
    if (warning.scope === 'employer') employer.set(warning.message, [...(employer.get(warning.message) ?? []), warning.row])
  }
  if (employer.size > 0) {
    box.append(alertBox('warn', TEXT.employerNoticesTitle, [...employer].map(([message, rowList]) => TEXT.employerNotice(message, rowList))))
  }
}

/**
 * The warnings of each kept row, by sheet row, those that may change a document first: shown on the row.
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @returns {Map<number, import('./api.js').Warning[]>}
 */
export function warningsByRow (sheet) {
  /** @type {Map<number, import('./api.js').Warning[]>} */
  const byRow = new Map()
  const rank = (/** @type {import('./api.js').Warning} */ warning) => KIND_ORDER.indexOf(warningKind(warning))
  for (const warning of [...sheet.state.warnings].sort((a, b) => rank(a) - rank(b))) {
    if (warning.scope === 'employer') continue
    byRow.set(warning.row, [...(byRow.get(warning.row) ?? []), warning])
  }
  return byRow
}

/**
 * A row's warnings, under its name in the table: one line naming the columns, which opens on the messages.
 * @param {import('./api.js').Warning[] | undefined} warnings
 */
export function rowWarnings (warnings) {
  if (warnings === undefined || warnings.length === 0) return null
  const changes = warnings.some((warning) => warningKind(warning) !== 'other')
  const columns = [...new Set(warnings.map((warning) => warning.header ?? warning.field))]
  return el('details', { class: changes ? 'row-warnings changes' : 'row-warnings' },
    el('summary', {}, TEXT.rowWarningsSummary(warnings.length, columns)),
    el('ul', {}, ...warnings.map((warning) =>
      el('li', { class: warningKind(warning) === 'other' ? 'advice' : 'changes' }, TEXT.rowWarning(warning)))))
}
