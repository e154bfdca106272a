/**
 * A second upload asks before replacing the work in the page (docs/console.md, item 1): add the new
 * file's rows to the sheet HR is working on, replace it, or cancel.
 */
import { byId } from './dom.js'
import { TEXT } from './texts.js'

const dialog = /** @type {HTMLDialogElement} */ (byId('replace'))

/**
 * @param {import('./sheet-import.js').SheetImport} current the sheet in the page
 * @param {File} next the file HR chose now
 * @returns {Promise<'add' | 'replace' | 'cancel'>} 'replace' at once when there is nothing to lose
 */
export async function askReplace (current, next) {
  const { fileName, sheet, fixed } = current.state
  if (fileName === '') return 'replace'
  const rows = Math.max(0, (sheet?.rows.length ?? 1) - 1)
  byId('replace-text').textContent = TEXT.replaceQuestion(fileName, rows, fixed.length, next.name)
  const add = /** @type {HTMLButtonElement} */ (byId('replace-add'))
  add.disabled = !current.fixable
  dialog.returnValue = 'cancel'
  dialog.showModal()
  return await new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      const answer = dialog.returnValue
      resolve(answer === 'add' || answer === 'replace' ? answer : 'cancel')
    }, { once: true })
  })
}
