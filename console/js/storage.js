/**
 * The console's work kept across a reload (docs/console.md, item 3): each tab's sheet, the service's answer,
 * edits and selection, as JSON in `sessionStorage`, which lives as long as the browser tab (never
 * `localStorage`: personal data does not outlive the tab). Cleared by the "Vaciar" button and on
 * sign-out. Saving is best effort: a full storage only means a reload starts empty.
 */

const PREFIX = 'contratos.consola.'
/** Dispatched on `document` after each save (main.js shows "Vaciar" then). */
export const SAVED_EVENT = 'contratos:guardado'
/** Set while the page reloads after "Vaciar", to say so once it is back. */
const CLEARED_FLAG = 'contratos.vaciado'

/**
 * @param {'employees' | 'addenda'} part
 * @returns {any} what was saved for that tab, or undefined
 */
export function loadSaved (part) {
  try {
    const text = sessionStorage.getItem(PREFIX + part)
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * @param {'employees' | 'addenda'} part
 * @param {unknown} value plain data (JSON)
 * @returns {boolean} false when the browser refused to keep it (storage full or disabled)
 */
export function save (part, value) {
  try {
    sessionStorage.setItem(PREFIX + part, JSON.stringify(value))
    document.dispatchEvent(new Event(SAVED_EVENT))
    return true
  } catch {
    return false
  }
}

/** Where HR was (the tab, the open fix form): not work by itself, so it does not show "Vaciar". */
const VIEW = `${PREFIX}vista`

/**
 * @typedef {object} View
 * @property {string} [tab] the id of the selected tab
 * @property {{ kind: 'employee' | 'addendum', row: number, name: string, values: Record<string, string> }} [fix]
 *   the open "Corregir" form: its row and what HR has typed in it so far
 */

/** @returns {View} where HR was in this tab of the browser */
export function loadView () {
  try {
    return JSON.parse(sessionStorage.getItem(VIEW) ?? '{}')
  } catch {
    return {}
  }
}

/**
 * Keeps part of where HR is (a reload returns there: docs/console.md, item 3).
 * @param {View} patch the keys to set; an undefined value forgets that key
 */
export function saveView (patch) {
  try {
    sessionStorage.setItem(VIEW, JSON.stringify({ ...loadView(), ...patch }))
  } catch {}
}

/** @returns {boolean} whether anything of the console's work is saved */
export function hasSaved () {
  try {
    return Object.keys(sessionStorage).some((key) => key.startsWith(PREFIX) && key !== VIEW)
  } catch {
    return false
  }
}

/**
 * Forgets every tab's work (the sign-in's own keys are not the console's work and stay).
 * @param {boolean} [announce] remember to say "vaciada" after the reload that follows
 */
export function clearSaved (announce = false) {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key)
    if (announce) sessionStorage.setItem(CLEARED_FLAG, '1')
  } catch {}
}

/** @returns {boolean} whether the page was just emptied with "Vaciar" (read once) */
export function wasCleared () {
  try {
    const flag = sessionStorage.getItem(CLEARED_FLAG) !== null
    sessionStorage.removeItem(CLEARED_FLAG)
    return flag
  } catch {
    return false
  }
}
