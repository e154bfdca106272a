/**
 * Search and filters of the employees table (docs/console.md, item 3): name or DNI (accents
 * ignored), contract type and site; rows that do not match are hidden, and the count line and every
 * download take the rows shown.
 */
import { el } from '../dom.js'
import { TEXT } from '../texts.js'
import { employeesOf, fullName } from './model.js'

/** @param {string} text */
const plain = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * @param {import('./model.js').EmployeesState} state `shown` is written here
 * @param {{ search: HTMLInputElement, type: HTMLSelectElement, site: HTMLSelectElement, count: HTMLElement,
 *   tbody: HTMLTableSectionElement }} elements
 * @param {{ applied: () => void, changed: () => void }} hooks `applied` after each filtering (the selection's
 *   count), `changed` after HR changed a filter (to save)
 */
export function employeeFilters (state, elements, hooks) {
  const { search, type, site } = elements

  /** Shows the rows the search and the two filters match. */
  function apply () {
    const words = plain(search.value).split(/\s+/).filter(Boolean)
    const list = employeesOf(state)
    state.shown = list.map((employee) => {
      const haystack = plain(`${fullName(employee)} ${employee.dni}`)
      return words.every((word) => haystack.includes(word)) &&
        (type.value === '' || String(employee.contractType) === type.value) &&
        (site.value === '' || String(employee.subDivisionOrParking) === site.value)
    })
    ;[...elements.tbody.rows].forEach((row, index) => { row.hidden = !state.shown[index] })
    const visible = state.shown.filter(Boolean).length
    elements.count.textContent = visible === list.length ? '' : TEXT.filtered(visible, list.length)
    hooks.applied()
  }

  /**
   * A filter's options: every value of the field in the list, kept when still present.
   * @param {HTMLSelectElement} select
   * @param {'contractType' | 'subDivisionOrParking'} field
   * @param {string} allLabel
   * @param {string} [wanted] the value to select
   */
  function fillOne (select, field, allLabel, wanted = select.value) {
    const values = [...new Set(employeesOf(state).map((employee) => String(employee[field] ?? '')).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'es'))
    select.replaceChildren(el('option', { value: '' }, allLabel), ...values.map((value) => el('option', { value }, value)))
    select.value = values.includes(wanted) ? wanted : ''
  }

  /**
   * The two selects' options from the list as it now is.
   * @param {{ type?: string, site?: string }} [wanted] values to select (a reload); else the current ones
   */
  function fill (wanted = {}) {
    fillOne(type, 'contractType', TEXT.allTypes, wanted.type)
    fillOne(site, 'subDivisionOrParking', TEXT.allSites, wanted.site)
  }

  /** @returns {{ text: string, type: string, site: string }} what the filters hold, for the saved work */
  const values = () => ({ text: search.value, type: type.value, site: site.value })

  /** Empties the search and both filters (a new sheet). */
  function clear () {
    search.value = ''
    type.value = ''
    site.value = ''
  }

  for (const control of [search, type, site]) {
    control.addEventListener('input', () => { apply(); hooks.changed() })
  }
  return { apply, fill, values, clear }
}
