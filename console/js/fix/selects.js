/**
 * The pickers of the "Corregir" form (fix.js; DOCUMENT-REQUIREMENTS §21, §24, §25): the closed
 * options of a field, computed from the row as it now is (the reviewed causes of its site and
 * modality, the employer's sites, the suplencia's grounds, the probation reasons its position
 * allows), the hint under it, and the select that shows them. A sheet's value that is none of the
 * options stays selected, marked, until HR picks another: the service judges it.
 */
import { el } from '../dom.js'
import { causesFor, modalityCodeOf, positionOf } from '../pickers.js'
import { shortText } from '../text-fold.js'
import { TEXT } from '../texts.js'

/**
 * A picker's options and what its empty option means.
 * @typedef {{ options: { value: string, label: string }[], empty: string }} Choices
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
    return () => ({ options, empty: TEXT.sitePick })
  }
  if (field === 'substitutionGround') {
    return () => ({
      options: profile.substitutionGrounds.map((ground) => ({ value: ground.code, label: ground.name })),
      empty: TEXT.groundFromReason
    })
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
  return {
    options: causesFor(profile, modality, site).map(({ id, text, period }) =>
      ({ value: id, label: TEXT.causeOption(shortText(text), period.from, period.to) })),
    empty: TEXT.causeServiceChooses
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
  if (field === 'substitutionGround') return TEXT.groundHint
  if (field === 'probationReason') return TEXT.probationReasonHint
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
    fillSelect(select, now.options, now.empty, select.options.length === 0 ? value : select.value)
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
