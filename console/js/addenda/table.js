/**
 * The addenda table (docs/console.md, item 7): one row per kept adenda with its checkbox,
 * document, worker (with why the adenda cannot be made and the service's warnings on its row),
 * division, the contract it extends, both terms, the salary, and its buttons: "Vista previa", and
 * "Corregir" on a row whose adenda cannot be made.
 */
import { postForFile } from '../api.js'
import { el, labelCells } from '../dom.js'
import { modalityLabel } from '../plain.js'
import { openPreview } from '../preview.js'
import { TEXT } from '../texts.js'
import { rowWarnings, warningsByRow } from '../upload-errors.js'
import { addendaOf, blockedReasons, rowOf } from './model.js'

const money = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' })

/** @param {import('./model.js').Addendum} record */
function preview (record) {
  openPreview(TEXT.addendumPreviewTitle(record.worker), [
    { label: TEXT.documents.addendum, load: async () => (await postForFile('/api/addendum/preview', record)).blob }
  ])
}

/**
 * @param {import('./model.js').AddendaState} state `boxes` is written here
 * @param {{ tbody: HTMLTableSectionElement }} elements
 * @param {{ checkbox: (record: import('./model.js').Addendum, index: number, blocked: boolean) => HTMLInputElement,
 *   fix: (row: number) => void }} parts
 */
export function addendaTable (state, elements, parts) {
  /** The rows of the sheet as the service now answers it. */
  function render () {
    const list = addendaOf(state)
    const reasons = blockedReasons(state)
    const warnings = warningsByRow(state.sheet)
    state.boxes = list.map((record, index) => parts.checkbox(record, index, reasons.has(rowOf(state, index))))
    elements.tbody.replaceChildren(...list.map((record, index) => {
      const row = rowOf(state, index)
      const why = reasons.get(row)
      return el('tr', why !== undefined ? { class: 'blocked' } : {},
        el('td', {}, state.boxes[index]),
        el('td', { class: 'nowrap' }, record.documentNumber),
        el('td', { class: 'name' }, record.worker,
          why !== undefined ? el('p', { class: 'blocked' }, `${TEXT.cannotMakeAddendum}: ${why.join('; ')}`) : null,
          rowWarnings(warnings.get(row))),
        el('td', {}, String(record.division ?? '')),
        el('td', {}, TEXT.extendedContract(record.modality === undefined ? undefined : modalityLabel(String(record.modality)), record.position)),
        el('td', { class: 'term' }, `${record.start ?? ''} – ${record.end ?? ''}`),
        el('td', { class: 'term' }, `${record.startAddendum ?? ''} – ${record.endAddendum ?? ''}`),
        el('td', { class: 'num' }, typeof record.salary === 'number' ? money.format(record.salary) : String(record.salary ?? '')),
        el('td', { class: 'row-actions' },
          el('button', {
            type: 'button', class: 'secondary small', disabled: why !== undefined, 'aria-label': TEXT.previewOf(record.worker), onclick: () => preview(record)
          }, TEXT.preview),
          state.sheet.fixable // every row, blocked or not
            ? el('button', { type: 'button', class: 'secondary small', 'aria-label': TEXT.fixRow(row), onclick: () => parts.fix(row) }, TEXT.fix)
            : null))
    }))
    labelCells(elements.tbody)
  }
  return { render }
}
