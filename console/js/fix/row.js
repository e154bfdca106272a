/**
 * The row the "Corregir" form edits (fix.js): its columns (the sheet's, and those the row needs that
 * the sheet lacks), the form's controls by header, and each field's current text, which the pickers'
 * options and hints follow.
 */
import { fieldOf } from '../field-headers.js'
import { positionOf } from '../pickers.js'
import { fold, headerKey } from '../text-fold.js'

/** A field's value as the form reads it on saving. @typedef {{ value: string, focus: () => void }} Control */
/** @typedef {{ header: string, value: string, added?: boolean }} Column */

/**
 * @typedef {object} FixRow
 * @property {'employee' | 'addendum'} kind which import the sheet is
 * @property {import('../api.js').Profile | undefined} profile the employer's closed lists; plain fields without it
 * @property {Column[]} columns the row's cells under the sheet's headers; `added`: a column the sheet lacks
 * @property {Map<string, Control>} controls the form's controls, by headerKey of their column
 * @property {(field: string) => Column | undefined} columnOf the column that fills a field
 * @property {(field: string) => string} valueOf a field's current text: its control's, else the cell's
 * @property {() => boolean} isSubsidio whether TIPO DE CONTRATO now says Subsidio (a suplencia)
 */

/**
 * The row a request is about, with the columns it may need added (written only when given a value).
 * @param {{ headers: string[], cells: string[], kind: 'employee' | 'addendum',
 *   profile: import('../api.js').Profile | undefined }} request
 * @returns {FixRow}
 */
export function fixRow ({ headers, cells, kind, profile }) {
  /** @type {Column[]} */
  const columns = headers.map((header, index) => ({ header, value: cells[index] ?? '' }))
    .filter((column) => column.header.trim() !== '')
  /** @type {Map<string, Control>} */
  const controls = new Map()
  /** @param {string} field */
  const columnOf = (field) => columns.find((column) => fieldOf(kind, column.header) === field)
  /** @param {string} field */
  const valueOf = (field) => {
    const column = columnOf(field)
    return column === undefined ? '' : controls.get(headerKey(column.header))?.value ?? column.value
  }
  const isSubsidio = () => fold(valueOf('contractType')) === 'subsidio'
  const row = { kind, profile, columns, controls, columnOf, valueOf, isSubsidio }
  addNeededColumns(row)
  return row
}

/**
 * Adds the columns a row may need when the sheet lacks them: SEXO and FECHA DE NACIMIENTO, which Vida
 * Ley and SCTR need (D21), so any kept employee row can be completed here; with the profile, the
 * pickers' columns the row needs and the schedule editor's.
 * @param {FixRow} row
 */
function addNeededColumns (row) {
  const { kind, profile, valueOf } = row
  /** @param {string} field @param {string} header */
  const need = (field, header) => {
    if (row.columnOf(field) === undefined) row.columns.push({ header, value: '', added: true })
  }
  if (kind === 'employee') {
    need('sex', 'SEXO')
    need('birthDate', 'FECHA DE NACIMIENTO')
  }
  if (profile === undefined) return
  if (kind === 'addendum' || !row.isSubsidio()) need('causeId', 'CAUSA')
  if (kind === 'employee' && row.isSubsidio()) need('substitutionGround', 'CAUSAL DE SUSPENSIÓN')
  if (kind === 'employee' && (positionOf(profile, valueOf('positionProfile'), valueOf('position'))?.probationReasons ?? []).length > 0) {
    need('probationReason', 'MOTIVO DEL PERIODO DE PRUEBA')
  }
  if (kind === 'employee') {
    need('workDays', 'DÍAS DE TRABAJO')
    need('workSchedule', 'HORARIO')
  }
}

/**
 * The form's values by header as they now stand (a column without a control keeps its cell), kept as
 * the draft a reload opens the form with again.
 * @param {FixRow} row
 * @returns {Record<string, string>}
 */
export function formValues (row) {
  return Object.fromEntries(row.columns.map((column) =>
    [column.header, row.controls.get(headerKey(column.header))?.value ?? column.value]))
}
