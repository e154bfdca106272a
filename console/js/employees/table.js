/**
 * The employees table (docs/console.md, items 3-6): one row per kept employee with its checkbox,
 * DNI, name (with why the contract cannot be made, its contract's status in the registry and the
 * service's warnings on its row),
 * position, type, term, the Contrato column, the optional fields the reports need (marked when
 * missing), and its buttons: "Ver documentos", and "Corregir" on a row whose contract cannot be
 * made.
 */
import { el, labelCells } from '../dom.js'
import { TEXT } from '../texts.js'
import { rowWarnings, warningsByRow } from '../upload-errors.js'
import { blockedReasons, employeesOf, fullName, isMissing, rowOf } from './model.js'

/**
 * Cell of an optional value, marked when missing (the reports that need it will leave the person out).
 * @param {unknown} value
 */
const optionalCell = (value) => isMissing(value) ? el('td', { class: 'missing' }, TEXT.missingValue) : el('td', { class: 'nowrap' }, String(value))

/**
 * @param {import('./model.js').EmployeesState} state `boxes` is written here
 * @param {{ tbody: HTMLTableSectionElement }} elements
 * @param {{ checkbox: (employee: import('./model.js').Employee, index: number, blocked: boolean) => HTMLInputElement,
 *   contractCell: (employee: import('./model.js').Employee, row: number) => HTMLElement,
 *   preview: (employee: import('./model.js').Employee) => void,
 *   recorded: (employee: import('./model.js').Employee) => HTMLElement | null,
 *   fix: (row: number, name: string) => void }} parts
 */
export function employeesTable (state, elements, parts) {
  /**
   * @param {import('./model.js').Employee} employee
   * @param {string[] | undefined} why the reasons its contract cannot be made
   * @param {import('../api.js').Warning[] | undefined} warnings the service's warnings on its row
   */
  const nameCell = (employee, why, warnings) => el('td', { class: 'name' }, fullName(employee),
    why === undefined ? null : el('p', { class: 'blocked' }, `${TEXT.cannotMakeContract}: ${why.join('; ')}`),
    el('div', { class: 'recorded-slot' }, parts.recorded(employee)),
    rowWarnings(warnings))

  /** @type {import('./model.js').Employee[]} the employees of the rows shown, in their order */
  let shown = []

  /**
   * @param {import('./model.js').Employee} employee
   * @param {number} row
   * @param {boolean} blocked
   */
  const actionsCell = (employee, row, blocked) => el('td', { class: 'row-actions' },
    el('button', {
      type: 'button',
      class: 'secondary small',
      disabled: blocked,
      'aria-label': TEXT.viewDocumentsOf(fullName(employee)),
      onclick: () => parts.preview(employee)
    }, TEXT.viewDocuments),
    state.sheet.fixable // every row: a blocked one, or a kept one with a wrong site or a missing birth date
      ? el('button', {
        type: 'button',
        class: 'secondary small',
        'aria-label': TEXT.fixOf(fullName(employee)),
        onclick: () => parts.fix(row, `${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`)
      }, TEXT.fix)
      : null)

  /** The rows of the sheet as the service now answers it. */
  function render () {
    const list = employeesOf(state)
    shown = list
    const reasons = blockedReasons(state)
    const warnings = warningsByRow(state.sheet)
    state.boxes = list.map((employee, index) => parts.checkbox(employee, index, reasons.has(employee.dni)))
    elements.tbody.replaceChildren(...list.map((employee, index) => {
      const blocked = reasons.has(employee.dni)
      return el('tr', blocked ? { class: 'blocked' } : {},
        el('td', {}, state.boxes[index]),
        el('td', { class: 'nowrap' }, employee.dni),
        nameCell(employee, reasons.get(employee.dni), warnings.get(rowOf(state, index))),
        el('td', {}, String(employee.position ?? '')),
        el('td', { class: 'nowrap' }, String(employee.contractType ?? '')),
        el('td', { class: 'term' }, `${employee.entryDate ?? ''} – ${employee.endDate ?? ''}`),
        parts.contractCell(employee, rowOf(state, index)),
        optionalCell(employee.sex),
        optionalCell(employee.birthDate),
        actionsCell(employee, rowOf(state, index), blocked))
    }))
    labelCells(elements.tbody)
  }

  /**
   * Writes each shown row's registry line again in place (recorded.js read them): rows, their
   * buttons and the focus stay, so a click on a row is never lost to a table drawn anew.
   */
  function showRecorded () {
    shown.forEach((employee, index) => {
      elements.tbody.rows[index]?.querySelector('.recorded-slot')?.replaceChildren(...[parts.recorded(employee)].filter((node) => node !== null))
    })
  }

  return { render, showRecorded }
}
