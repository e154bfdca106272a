/**
 * The selection of a tab's table (docs/console.md, items 3, 6 and 7): one checkbox per kept row, the
 * "all" box, the count line and the buttons that take the selection. A row whose document cannot be
 * made starts unticked and stays ticked once ticked on purpose (`ticked`); any other row stays
 * unticked once unticked (`unchecked`); both by sheet row, so they survive a re-render and a reload.
 */
import { el } from './dom.js'

/**
 * @typedef {object} SelectionState
 * @property {import('./sheet-import.js').SheetImport} sheet
 * @property {Set<number>} unchecked sheet rows left out of the selection
 * @property {Set<number>} ticked rows whose document cannot be made, ticked on purpose
 * @property {HTMLInputElement[]} boxes the rows' checkboxes, in record order
 */

/**
 * @param {SelectionState} state
 * @param {{ all: HTMLInputElement, line: HTMLElement, buttons: HTMLButtonElement[] }} elements
 * @param {{ visible: (index: number) => boolean, countText: (selected: number, visible: number) => string,
 *   label: (record: any) => string, changed: () => void }} options `changed` after HR ticks or unticks (to save)
 */
export function rowSelection (state, elements, options) {
  /** @param {number} index */
  const rowOf = (index) => state.sheet.state.rows[index]

  /** @param {number} row @param {boolean} checked a checkbox's new state, kept for the reload */
  function tick (row, checked) {
    if (checked) {
      state.unchecked.delete(row)
      state.ticked.add(row)
    } else {
      state.unchecked.add(row)
      state.ticked.delete(row)
    }
  }

  /** @returns {any[]} the selected records among those shown: what every download takes */
  const selected = () => state.sheet.state.records
    .filter((_, index) => options.visible(index) && state.boxes[index]?.checked)

  function update () {
    const visible = state.sheet.state.records.filter((_, index) => options.visible(index)).length
    const count = selected().length
    elements.line.textContent = options.countText(count, visible)
    elements.all.checked = count > 0 && count === visible
    elements.all.indeterminate = count > 0 && count < visible
    for (const button of elements.buttons) button.disabled = count === 0
  }

  /**
   * A row's checkbox.
   * @param {any} record
   * @param {number} index the record's place in the list
   * @param {boolean} blocked its document cannot be made: unticked unless ticked on purpose
   */
  function checkbox (record, index, blocked) {
    const box = el('input', {
      type: 'checkbox',
      checked: blocked ? state.ticked.has(rowOf(index)) : !state.unchecked.has(rowOf(index)),
      'aria-label': options.label(record),
      onchange: () => {
        tick(rowOf(index), box.checked)
        update()
        options.changed()
      }
    })
    return box
  }

  elements.all.addEventListener('change', () => {
    state.boxes.forEach((box, index) => {
      if (!options.visible(index)) return
      box.checked = elements.all.checked
      tick(rowOf(index), elements.all.checked)
    })
    update()
    options.changed()
  })

  return { tick, selected, update, checkbox }
}
