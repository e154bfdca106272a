/**
 * The Contracts tab's state (docs/console.md, items 1-6), shared by the tab's modules: the sheet and
 * the service's answer for it (sheet-import.js), the selection, the choices made in the page, and the
 * helpers that read them. Plain data but for the one-person ZIPs and the checkboxes, so the saved
 * work (saved-work.js) is the same object written out.
 */
import { SheetImport } from '../sheet-import.js'

/** The employees upload, in partial mode (docs/import.md). */
export const UPLOAD_PATH = '/api/excel/upload?partial=true'

/**
 * @typedef {Record<string, string | number | undefined>
 *   & { dni: string, name: string, lastNameFather: string, lastNameMother: string }} Employee
 */

/**
 * @typedef {object} EmployeesState
 * @property {SheetImport} sheet the sheet and the service's answer for it
 * @property {Set<number>} unchecked sheet rows left out of the selection
 * @property {Set<number>} ticked rows whose contract cannot be made, ticked on purpose (the ZIP still leaves
 *   them out and says why)
 * @property {Set<string>} edited DNIs whose modality or position was chosen here: their preview sends the
 *   record, not the session's
 * @property {HTMLInputElement[]} boxes the rows' checkboxes, in record order
 * @property {boolean[]} shown which records the search and the filters show
 */

/**
 * @param {any} saved what saved-work.js kept for the tab, or undefined
 * @returns {EmployeesState}
 */
export function createState (saved) {
  return {
    sheet: new SheetImport(UPLOAD_PATH, saved?.import),
    unchecked: new Set(saved?.unchecked ?? []),
    ticked: new Set(saved?.ticked ?? []),
    edited: new Set(saved?.edited ?? []),
    boxes: [],
    shown: []
  }
}

/**
 * A new sheet replaces the tab's work: nothing selected by hand, nothing chosen.
 * @param {EmployeesState} state
 * @param {SheetImport} sheet
 */
export function startOver (state, sheet) {
  state.sheet = sheet
  state.unchecked = new Set()
  state.ticked = new Set()
  state.edited = new Set()
}

/** @param {EmployeesState} state @returns {Employee[]} */
export const employeesOf = (state) => /** @type {Employee[]} */ (state.sheet.state.records)

/** @param {EmployeesState} state @param {number} index @returns {number} the record's sheet row */
export const rowOf = (state, index) => state.sheet.state.rows[index]

/**
 * Why each employee's contract cannot be made (the import's `contractIssues`, docs/documents.md), by DNI:
 * such a person can go into the reports, never into the contracts ZIP or the preview.
 * @param {EmployeesState} state
 */
export function blockedReasons (state) {
  /** @type {Map<string, string[]>} */
  const reasons = new Map()
  for (const issue of state.sheet.state.documentIssues) {
    const dni = String(issue.dni)
    const known = reasons.get(dni) ?? []
    // one reason given on two fields (DÍAS DE TRABAJO and HORARIO) is shown once
    if (!known.includes(issue.message)) reasons.set(dni, [...known, issue.message])
  }
  return reasons
}

/** @param {Employee} employee */
export const fullName = (employee) => `${employee.lastNameFather} ${employee.lastNameMother}, ${employee.name}`

/** @param {unknown} value */
export const isMissing = (value) => value === undefined || value === null || String(value).trim() === ''
