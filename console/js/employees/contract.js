/**
 * The Contrato column (docs/console.md, item 4): per employee, the modality and the catalogue
 * position the contract is made with (`GET /api/profile`), and the cause it will print. A choice is
 * checked by the service at once (a record-mode preview): the row then says whether the contract can
 * be made; the choice is written into the sheet's MODALIDAD or PERFIL DE PUESTO column.
 */
import { ApiError, postForFile } from '../api.js'
import { el, setStatus } from '../dom.js'
import { givesUpProbation, modalityCodeOf, periodCovers } from '../pickers.js'
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
   * The modality's code the contract takes: the record's (code or legal name, as the service reads it),
   * else the profile's for the type; undefined when the record names none the service prints.
   * @param {import('./model.js').Employee} employee
   */
  const modalityCode = (employee) => profile === undefined
    ? undefined
    : modalityCodeOf(profile, String(employee.modality ?? ''), String(employee.contractType ?? ''))

  /**
   * The cause the contract will print, as the service chooses it (src/employees/contract-causes.ts): the
   * reviewed cause the record names (CAUSA, by id or text; or CAUSA OBJETIVA, a reviewed text), else the
   * one reviewed for its site and modality whose period covers the contract's term, or the suplencia's
   * reason (DOCUMENT-REQUIREMENTS §21). The service also checks the hours; when several causes fit, the
   * row names them and the service says which.
   * @param {import('./model.js').Employee} employee
   */
  function causeText (employee) {
    if (String(employee.contractType).toLowerCase() === 'subsidio') {
      // the ground by its name, whether the sheet gave its code or its name (as the service reads it)
      const given = fold(String(employee.substitutionGround ?? ''))
      const ground = given === ''
        ? undefined
        : profile?.substitutionGrounds.find((entry) => entry.code === given || fold(entry.name) === given)
      return TEXT.suplenciaLine(String(employee.reasonForSubstitution ?? ''), ground?.name ?? (given === '' ? undefined : String(employee.substitutionGround)))
    }
    const causes = profile?.causes ?? []
    for (const given of [employee.causeId, employee.objectiveCause]) {
      if (isMissing(given)) continue
      const text = String(given).trim()
      const named = causes.find((cause) => cause.id === text || fold(cause.text) === fold(text))
      return named === undefined ? TEXT.unknownCause(text) : TEXT.causeLine(named.text)
    }
    const code = modalityCode(employee)
    const site = fold(String(employee.subDivisionOrParking ?? ''))
    const candidates = causes.filter((cause) =>
      cause.modality === code && cause.sites.some((name) => fold(name) === site) &&
      periodCovers(cause, employee.entryDate, employee.endDate))
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
    // the sheet names a modality by its legal name, as the template's list does
    const written = field === 'modality' ? (profile?.modalities.find((entry) => entry.code === value)?.name ?? value) : value
    sheet.setCell(row, PICKER_HEADERS[field], written)
    state.edited.add(employee.dni)
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
    const given = String(employee.modality ?? '').trim()
    const code = subsidio || given === '' ? '' : modalityCode(employee)
    // a text the service reads as no modality: shown, not blanked
    if (code === undefined) modality.append(sheetValue(given))
    modality.value = code ?? given
    const position = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.positionPickerOf(fullName(employee)),
      onchange: () => { choose(employee, row, 'positionProfile', position.value).catch(reportError) }
    },
    el('option', { value: '' }, TEXT.positionByName),
    ...profile.positions.map((entry) => el('option', { value: entry.key }, TEXT.positionOption(entry.name)))))
    const profileKey = String(employee.positionProfile ?? '').trim()
    if (profileKey !== '' && !profile.positions.some((entry) => entry.key === profileKey)) position.append(sheetValue(profileKey))
    position.value = profileKey
    return el('td', { class: 'contract' }, modality, position, el('p', { class: 'cause' }, causeText(employee)),
      givesUpProbation(employee) ? el('p', { class: 'notice' }, TEXT.noProbation) : null)
  }

  return { cell }
}

/**
 * The sheet's own value of a picker when it is none of the options: kept and marked, never a blank.
 * @param {string} value
 */
const sheetValue = (value) => el('option', { value, class: 'sheet-value' }, TEXT.notAnOption(value))
