/**
 * The Contrato column (docs/console.md, item 4): per employee, the modality and the catalogue
 * position the contract is made with (`GET /api/profile`), and the cause it will print. A choice is
 * checked by the service at once (a record-mode preview): the row then says whether the contract can
 * be made; the choice is written into the sheet's MODALIDAD or PERFIL DE PUESTO column.
 */
import { ApiError, postForFile } from '../api.js'
import { el, setStatus } from '../dom.js'
import { givesUpProbation } from '../pickers.js'
import { fold, shortText } from '../text-fold.js'
import { TEXT } from '../texts.js'
import { fullName, isMissing } from './model.js'

/** The sheet columns the pickers write, so the corrected sheet and a later check keep the choice. */
const PICKER_HEADERS = { modality: 'MODALIDAD', positionProfile: 'PERFIL DE PUESTO' }

/**
 * @param {import('./model.js').EmployeesState} state
 * @param {import('../api.js').Profile | undefined} profile the catalogue and modalities; no pickers without it
 * @param {{ status: HTMLElement }} elements
 * @param {{ changed: () => void }} hooks after a choice was checked: show the table again and save
 */
export function contractPickers (state, profile, elements, hooks) {
  /**
   * The modality's code the contract takes: the record's (code or name), else the profile's.
   * @param {import('./model.js').Employee} employee
   */
  function modalityCode (employee) {
    const given = employee.modality === undefined ? undefined : String(employee.modality)
    if (given === undefined) return profile?.contractDefaults[String(employee.contractType)]?.modality
    return profile?.modalities.find((entry) => entry.code === given.trim() || fold(entry.name) === fold(given))?.code
  }

  /**
   * The cause the contract will print: the reviewed cause the record names (CAUSA), else the one the
   * profile reviewed for its site and modality, or the suplencia's reason (DOCUMENT-REQUIREMENTS §21). The
   * service also checks the cause's period and hours; when several causes are reviewed for the site and
   * modality, the row names them and the service says which fit.
   * @param {import('./model.js').Employee} employee
   */
  function causeText (employee) {
    if (String(employee.contractType).toLowerCase() === 'subsidio') return TEXT.suplenciaLine(String(employee.reasonForSubstitution ?? ''))
    const causes = profile?.causes ?? []
    if (!isMissing(employee.causeId)) {
      const named = causes.find((cause) => cause.id === String(employee.causeId).trim())
      return named === undefined ? TEXT.unknownCause(String(employee.causeId)) : TEXT.causeLine(named.text)
    }
    const code = modalityCode(employee)
    const site = fold(String(employee.subDivisionOrParking ?? ''))
    const candidates = causes.filter((cause) =>
      cause.modality === code && cause.sites.some((name) => fold(name) === site))
    if (candidates.length === 1) return TEXT.causeLine(candidates[0].text)
    if (candidates.length === 0) return TEXT.noReviewedCause
    return TEXT.severalCauses(candidates.map((cause) => shortText(cause.text, 60)))
  }

  /**
   * Sets (or clears) a contract field of one employee and asks the service whether the contract
   * can now be made: a record-mode preview answers the PDF, or the refusals on its fields.
   * @param {import('./model.js').Employee} employee
   * @param {number} row the employee's sheet row
   * @param {'modality' | 'positionProfile'} field
   * @param {string} value '' to take the profile's modality or the position by its name
   */
  async function choose (employee, row, field, value) {
    const { sheet } = state
    if (value === '') delete employee[field]
    else employee[field] = value
    sheet.setCell(row, PICKER_HEADERS[field], value)
    state.edited.add(employee.dni)
    state.documentZips.delete(employee.dni)
    setStatus(elements.status, TEXT.checking, 'busy')
    const others = sheet.state.documentIssues.filter((issue) => issue.row !== row)
    try {
      await postForFile('/api/contracts/preview', employee)
      sheet.state.documentIssues = others
      state.unchecked.delete(row) // a contract that can now be made joins the selection
      setStatus(elements.status, `${fullName(employee)}: ${TEXT.contractReady}`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const reasons = error.issues.length > 0 ? error.issues : [{ field, message: error.message }]
      sheet.state.documentIssues = [...others, ...reasons.map((issue) => ({ ...issue, row, dni: employee.dni }))]
      setStatus(elements.status, `${fullName(employee)}: ${TEXT.cannotMakeContract}.`, 'error')
    }
    hooks.changed()
  }

  /**
   * The cell: the two pickers, the cause line and the §24 notice.
   * @param {import('./model.js').Employee} employee
   * @param {number} row
   */
  function cell (employee, row) {
    if (profile === undefined) return el('td', {})
    const subsidio = String(employee.contractType).toLowerCase() === 'subsidio'
    const defaultCode = profile.contractDefaults[String(employee.contractType)]?.modality
    const defaultName = profile.modalities.find((entry) => entry.code === defaultCode)?.name
    const modality = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.modalityPickerOf(fullName(employee)),
      disabled: subsidio,
      onchange: () => { choose(employee, row, 'modality', modality.value).catch(reportError) }
    },
    el('option', { value: '' }, TEXT.modalityDefault(defaultName ?? '—')),
    ...profile.modalities.filter((entry) => (entry.code === '61') === subsidio)
      .map((entry) => el('option', { value: entry.code }, TEXT.modalityOption(entry.name)))))
    modality.value = subsidio ? '' : String(employee.modality ?? '')
    const position = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.positionPickerOf(fullName(employee)),
      onchange: () => { choose(employee, row, 'positionProfile', position.value).catch(reportError) }
    },
    el('option', { value: '' }, TEXT.positionByName),
    ...profile.positions.map((entry) => el('option', { value: entry.key }, TEXT.positionOption(entry.name)))))
    position.value = String(employee.positionProfile ?? '')
    return el('td', { class: 'contract' }, modality, position, el('p', { class: 'cause' }, causeText(employee)),
      givesUpProbation(employee) ? el('p', { class: 'notice' }, TEXT.noProbation) : null)
  }

  return { cell }
}
