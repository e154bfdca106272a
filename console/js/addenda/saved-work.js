/**
 * The Addenda tab's work kept across a reload (docs/console.md, item 3; storage.js): the sheet, the
 * service's answer and the selection.
 */
import { loadSaved, save } from '../storage.js'

/** @returns {any} what was saved for the tab, or undefined */
export const loadAddendaWork = () => loadSaved('addenda')

/** @param {import('./model.js').AddendaState} state */
export function addendaWork (state) {
  /** Saves the tab's work now. */
  const persist = () => save('addenda', { import: state.sheet.state, unchecked: [...state.unchecked], ticked: [...state.ticked] })
  return { persist }
}
