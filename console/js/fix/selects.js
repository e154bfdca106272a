/**
 * The pickers of the "Corregir" form (fix.js; DOCUMENT-REQUIREMENTS §21, §24, §25, §37): the closed
 * options of a field, computed from the row as it now is (the reviewed causes of its site and
 * modality, the employer's sites and positions, the suplencia's grounds, the probation reasons its
 * position allows, the kinds of a suplencia's supporting document), the hint under it, and the
 * select that shows them. A sheet's value that is none of the options stays selected, marked, until
 * HR picks another: the service judges it.
 */
import { el } from '../dom.js'
import { causesFor, modalityByText, modalityCodeOf, periodCovers, positionOf } from '../pickers.js'
import { fold, shortText } from '../text-fold.js'
import { TEXT } from '../texts.js'

/**
 * A picker's options, what its empty option means and, for a field the service reads in several
 * spellings (a modality by code or name, a ground by code or name), the option a sheet's text names.
 * @typedef {{ options: { value: string, label: string }[], empty: string,
 *   canonical?: (text: string) => string | undefined }} Choices
 */

/**
 * The options of a picker's field, computed from the row as it now is; undefined for a free field.
 * @param {import('./row.js').FixRow} row
 * @param {import('../api.js').Profile} profile
 * @param {string | undefined} field
 * @returns {(() => Choices) | undefined}
 */
export function optionsOf (row, profile, field) {
  if (field === 'causeId') return () => causeChoices(row, profile)
  if (field === 'site') {
    // the employer's sites, by name: a misspelt site is picked, not retyped
    const options = profile.sites.map((site) => ({ value: site.name, label: site.name }))
    return () => ({ options, empty: TEXT.sitePick, canonical: sameText(options) })
  }
  if (field === 'position') {
    // the catalogue's positions by name (either name, or an alias, is the same position)
    const options = profile.positions.map((entry) => ({
      value: entry.name,
      label: entry.feminineName === undefined || entry.feminineName === entry.name
        ? entry.name
        : TEXT.positionNames(entry.name, entry.feminineName)
    }))
    return () => ({ options, empty: TEXT.positionPick, canonical: (text) => positionOf(profile, '', text)?.name })
  }
  if (field === 'division' && row.kind === 'addendum') {
    // an adenda's DIVISION: the contract's site (an area that is no site stays, marked, as the sheet has it)
    const options = profile.sites.map((site) => ({ value: site.name, label: site.name }))
    return () => ({ options, empty: TEXT.divisionPick, canonical: sameText(options) })
  }
  if (field === 'substitutionGround') {
    // by its name, as the sheet and the contract say it; a code the sheet holds is the same ground
    return () => ({
      options: profile.substitutionGrounds.map((ground) => ({ value: ground.name, label: ground.name })),
      empty: TEXT.groundFromReason,
      canonical: (text) => profile.substitutionGrounds
        .find((ground) => ground.code === fold(text) || fold(ground.name) === fold(text))?.name
    })
  }
  if (field === 'supportDocument.kind') {
    // the suplencia's supporting document (§37), by its name; a code the sheet holds is the same kind
    const kinds = profile.supportDocumentKinds ?? []
    const options = kinds.map((kind) => ({ value: kind.name, label: kind.name }))
    return () => ({
      options,
      empty: TEXT.supportDocumentKindPick,
      canonical: (text) => kinds.find((kind) => kind.code === fold(text) || fold(kind.name) === fold(text))?.name
    })
  }
  if (field === 'modality') return () => modalityChoices(row, profile)
  if (field === 'contractType') {
    const options = Object.keys(profile.contractDefaults).map((type) => ({ value: type, label: type }))
    return () => ({ options, empty: TEXT.contractTypePick, canonical: sameText(options) })
  }
  if (field === 'sex') {
    const options = [{ value: 'F', label: TEXT.sexFemale }, { value: 'M', label: TEXT.sexMale }]
    const names = { femenino: 'F', f: 'F', masculino: 'M', m: 'M' }
    /** @param {string} text */
    const canonical = (text) => names[/** @type {keyof typeof names} */ (fold(text))]
    return () => ({ options, empty: TEXT.sexPick, canonical })
  }
  if (field === 'probationReason') {
    return () => ({
      options: (positionOf(profile, row.valueOf('positionProfile'), row.valueOf('position'))?.probationReasons ?? [])
        .map((entry) => ({ value: entry.reason, label: TEXT.probationReasonOption(entry.reason, entry.maxMonths) })),
      empty: TEXT.probationNoReason
    })
  }
  if (field === 'objectiveCause') return () => ({ options: [], empty: TEXT.objectiveCauseCleared })
  if (field === 'salaryReductionAgreed') {
    return () => ({
      options: [{ value: 'SÍ', label: TEXT.reductionYes }, { value: 'NO', label: TEXT.reductionNo }],
      empty: TEXT.reductionEmpty
    })
  }
  return undefined
}

/**
 * The option whose value is the text, case, accents and spacing aside.
 * @param {{ value: string }[]} options
 * @returns {(text: string) => string | undefined}
 */
const sameText = (options) => (text) => options.find((option) => fold(option.value) === fold(text))?.value

/**
 * MODALIDAD's options: the modalities by legal name (the suplencia only for a Subsidio, which is always
 * one), empty for the contract type's usual one; a code or a name the sheet holds is that modality.
 * @param {import('./row.js').FixRow} row
 * @param {import('../api.js').Profile} profile
 * @returns {Choices}
 */
function modalityChoices (row, profile) {
  const subsidio = row.isSubsidio()
  const usual = modalityCodeOf(profile, '', row.valueOf('contractType'))
  const usualName = profile.modalities.find((entry) => entry.code === usual)?.name ?? '—'
  return {
    options: profile.modalities.filter((entry) => (entry.code === '61') === subsidio)
      .map((entry) => ({ value: entry.name, label: TEXT.modalityOption(entry.name) })),
    empty: TEXT.modalityDefault(usualName),
    canonical: (text) => modalityByText(profile, text)?.name
  }
}

/**
 * CAUSA's options: the reviewed causes of the row's modality and (an employee's) site, by their text,
 * none for a Subsidio (its cause is the replacement).
 * @param {import('./row.js').FixRow} row
 * @param {import('../api.js').Profile} profile
 * @returns {Choices}
 */
function causeChoices (row, profile) {
  if (row.kind === 'employee' && row.isSubsidio()) return { options: [], empty: TEXT.causeNoneForSubsidio }
  const modality = modalityCodeOf(profile, row.valueOf('modality'), row.valueOf('contractType'))
  const site = row.kind === 'employee' ? row.valueOf('site') : undefined
  // only the causes whose period covers the row's term (the contract's, or the adenda's extension)
  const [from, to] = row.kind === 'employee'
    ? [row.valueOf('entryDate'), row.valueOf('endDate')]
    : [row.valueOf('startAddendum'), row.valueOf('endAddendum')]
  const causes = causesFor(profile, modality, site).filter((cause) => periodCovers(cause, from, to))
  return {
    options: causes.map(({ id, text, period }) =>
      ({ value: id, label: TEXT.causeOption(shortText(text), period.from, period.to) })),
    empty: TEXT.causeServiceChooses,
    // a cause the sheet names by its text (the template lists them so) is that cause when only one has it
    canonical: (text) => {
      const named = causes.filter((cause) => fold(cause.text) === fold(text))
      return named.length === 1 ? named[0].id : undefined
    }
  }
}

/**
 * A picker's hint: what its options are, and where a new cause comes from; undefined for the others.
 * @param {import('./row.js').FixRow} row
 * @param {string | undefined} field
 */
export function hintOf (row, field) {
  if (field === 'causeId') {
    if (row.kind === 'addendum') return TEXT.addendumCauseHint
    return row.isSubsidio() ? TEXT.causeSubsidioHint : TEXT.causeHint
  }
  if (field === 'objectiveCause') return TEXT.objectiveCauseHint
  if (field === 'site' && row.kind === 'employee') return TEXT.siteHint
  if (field === 'position') return TEXT.positionHint
  if (field === 'substitutionGround') return TEXT.groundHint
  if (field === 'probationReason') return TEXT.probationReasonHint
  if (field === 'supportDocument.kind') return TEXT.supportDocumentKindHint
  return undefined
}

/**
 * A picker's select, filled now with the cell's value selected, and again by `fill` (after a field
 * its options depend on changed) keeping what is selected.
 * @param {Record<string, string | undefined>} attributes
 * @param {() => Choices} options
 * @param {string} value the cell's text (or the draft's)
 * @returns {{ select: HTMLSelectElement, fill: () => void }}
 */
export function pickerSelect (attributes, options, value) {
  const select = /** @type {HTMLSelectElement} */ (el('select', attributes))
  const fill = () => {
    const now = options()
    const current = select.options.length === 0 ? value : select.value
    // a text the service reads as one of the options (a modality's code, a ground's code) is shown as that option
    const known = now.options.some((option) => option.value === current) ? current : now.canonical?.(current)
    fillSelect(select, now.options, now.empty, known ?? current)
  }
  fill()
  return { select, fill }
}

/**
 * A select of closed values: '' first (its label says what an empty cell means), the options, then the
 * sheet's own value when it is none of them, marked, so nothing changes until HR picks.
 * @param {HTMLSelectElement} select
 * @param {{ value: string, label: string }[]} options
 * @param {string} emptyLabel
 * @param {string} current
 */
function fillSelect (select, options, emptyLabel, current) {
  const known = current.trim() === '' || options.some((option) => option.value === current)
  select.replaceChildren(el('option', { value: '' }, emptyLabel),
    ...options.map((option) => el('option', { value: option.value }, option.label)))
  if (!known) {
    select.append(el('optgroup', { label: TEXT.sheetValueGroup },
      el('option', { value: current, class: 'sheet-value' }, TEXT.notAnOption(current))))
  }
  select.value = current
}
