/**
 * The Contracts tab's work kept across a reload (docs/console.md, item 3; storage.js): the sheet and
 * the service's answer, the selection, the choices made here and the filters.
 */
import { loadSaved, save } from '../storage.js'

/** @returns {any} what was saved for the tab, or undefined */
export const loadEmployeesWork = () => loadSaved('employees')

/**
 * @param {import('./model.js').EmployeesState} state
 * @param {{ filters: () => { text: string, type: string, site: string } }} parts
 */
export function employeesWork (state, parts) {
  /** Saves the tab's work now. */
  function persist () {
    save('employees', {
      import: state.sheet.state,
      unchecked: [...state.unchecked],
      ticked: [...state.ticked],
      edited: [...state.edited],
      filters: parts.filters()
    })
  }
  return { persist }
}
