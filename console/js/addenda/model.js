/**
 * The Addenda tab's state (docs/console.md, item 7), shared by the tab's modules: the sheet and the
 * service's answer for it (sheet-import.js) and the selection, by sheet row.
 */
import { columnOf } from '../plain.js'
import { SheetImport } from '../sheet-import.js'

/** The addendum upload, in partial mode (D14). */
export const UPLOAD_PATH = '/api/addendum/upload?partial=true'

/** @typedef {Record<string, string | number> & { documentNumber: string, worker: string }} Addendum */

/**
 * @typedef {object} AddendaState
 * @property {SheetImport} sheet the sheet and the service's answer for it
 * @property {Set<number>} unchecked sheet rows left out of the selection
 * @property {Set<number>} ticked rows whose adenda cannot be made, ticked on purpose (the ZIP still leaves
 *   them out and says why)
 * @property {HTMLInputElement[]} boxes the rows' checkboxes, in record order
 */

/**
 * @param {any} saved what saved-work.js kept for the tab, or undefined
 * @returns {AddendaState}
 */
export function createState (saved) {
  return {
    sheet: new SheetImport(UPLOAD_PATH, saved?.import),
    unchecked: new Set(saved?.unchecked ?? []),
    ticked: new Set(saved?.ticked ?? []),
    boxes: []
  }
}

/**
 * A new sheet replaces the tab's work.
 * @param {AddendaState} state
 * @param {SheetImport} sheet
 */
export function startOver (state, sheet) {
  state.sheet = sheet
  state.unchecked = new Set()
  state.ticked = new Set()
}

/** @param {AddendaState} state @returns {Addendum[]} */
export const addendaOf = (state) => /** @type {Addendum[]} */ (state.sheet.state.records)

/** @param {AddendaState} state @param {number} index @returns {number} the record's sheet row */
export const rowOf = (state, index) => state.sheet.state.rows[index]

/**
 * Why each kept row's adenda cannot be made (the upload's `documentIssues`, the preview's and
 * the ZIP's own rules), by sheet row: such a row is marked, left unselected and can be fixed.
 * @param {AddendaState} state
 */
export function blockedReasons (state) {
  /** @type {Map<number, string[]>} */
  const reasons = new Map()
  for (const issue of state.sheet.state.documentIssues) {
    const row = Number(issue.row)
    reasons.set(row, [...(reasons.get(row) ?? []), `${issue.header ?? columnOf(issue.field)}: ${issue.message}`])
  }
  return reasons
}
