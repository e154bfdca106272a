/**
 * "Adendas seleccionadas (ZIP)" (docs/console.md, item 7): the selected adendas that can be made, with
 * the contracts' progress and errores.txt display; a row ticked on purpose whose adenda cannot be
 * made is left out and named with its reasons.
 */
import { ApiError } from '../api.js'
import { alertBox, setStatus } from '../dom.js'
import { downloadZip, showFailure } from '../downloads.js'
import { TEXT } from '../texts.js'
import { addendaOf, blockedReasons } from './model.js'

/**
 * @param {import('./model.js').AddendaState} state
 * @param {{ button: HTMLButtonElement, status: HTMLElement, report: HTMLElement,
 *   zip: Omit<import('../downloads.js').ZipTargets, 'status' | 'report'> }} elements
 * @param {{ selected: () => import('./model.js').Addendum[], update: () => void }} selection
 */
export function addendaDownloads (state, elements, selection) {
  const { button, status, report } = elements

  async function zip () {
    button.disabled = true
    const reasons = blockedReasons(state)
    const rowOf = new Map(addendaOf(state).map((record, index) => [record, state.sheet.state.rows[index]]))
    const batch = selection.selected().filter((record) => !reasons.has(Number(rowOf.get(record))))
    const skipped = selection.selected().filter((record) => reasons.has(Number(rowOf.get(record))))
      .map((record) => `${record.worker} (${record.documentNumber}): ${(reasons.get(Number(rowOf.get(record))) ?? []).join('; ')}`)
    try {
      if (batch.length === 0) {
        report.replaceChildren()
        setStatus(status, TEXT.noAddendumToMake, 'error')
      } else {
        await downloadZip('/api/addendum/download-zip', batch, batch.length, { ...elements.zip, status, report })
      }
      if (skipped.length > 0) report.append(alertBox('warn', TEXT.addendaSkippedTitle(skipped.length), skipped))
    } catch (error) {
      setStatus(status, error instanceof Error ? error.message : String(error), 'error')
      if (error instanceof ApiError) showFailure(report, error, (i) => batch[i] === undefined ? TEXT.sentItem(i) : `${batch[i].worker} (${batch[i].documentNumber})`)
    } finally {
      selection.update()
      button.focus()
    }
  }
  return { zip }
}
