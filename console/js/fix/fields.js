/**
 * The fields of the "Corregir" form (fix.js): one per column, labelled with the sheet's header, the
 * service's messages beside it (`aria-describedby`, `aria-invalid`); with the profile, a picker's column
 * is a select (selects.js) and DÍAS DE TRABAJO and HORARIO one schedule editor (schedule.js). The
 * messages that name no column of the form are listed above the fields.
 */
import { el } from '../dom.js'
import { fieldOf } from '../field-headers.js'
import { columnOf as columnName } from '../plain.js'
import { headerKey } from '../text-fold.js'
import { scheduleEditor } from './schedule.js'
import { hintOf, optionsOf, pickerSelect } from './selects.js'
import { TEXT } from '../texts.js'

/**
 * Shows the row's fields with the service's messages, keeping what the form held (or, before it holds
 * anything, the draft typed before a reload).
 * @param {import('./row.js').FixRow} row its controls are replaced by the new fields'
 * @param {import('../api.js').Issue[]} issues what the service says about the row
 * @param {Record<string, string> | undefined} draft values by header typed before a reload
 * @param {{ fields: HTMLElement, general: HTMLElement }} elements where the fields and the other messages go
 * @returns {{ firstInvalid: HTMLElement | undefined, refresh: () => void }} `refresh` fills the pickers
 *   again after a field their options depend on changed (site, modality, type, position)
 */
export function renderFields (row, issues, draft, elements) {
  const { byColumn, loose } = messagesByColumn(row, issues)
  elements.general.replaceChildren(...loose.map((text) => el('p', { class: 'field-error' }, text)))
  const kept = row.controls.size === 0 && draft !== undefined
    ? new Map(Object.entries(draft).map(([header, value]) => [headerKey(header), value]))
    : new Map([...row.controls].map(([key, control]) => [key, control.value]))
  row.controls.clear()
  /** @type {(() => void)[]} */
  const refreshers = []
  /** @type {Node[]} */
  const nodes = []
  let scheduleDone = false
  row.columns.forEach((column, index) => {
    const key = headerKey(column.header)
    const field = row.profile === undefined ? undefined : fieldOf(row.kind, column.header)
    if (row.profile !== undefined && (field === 'workDays' || field === 'workSchedule')) {
      if (scheduleDone) return
      scheduleDone = true
      nodes.push(scheduleEditor(row, row.profile, byColumn, kept, index))
      return
    }
    const value = kept.get(key) ?? column.value
    nodes.push(fieldNode(row, column, field, { id: `fix-field-${index}`, value, messages: byColumn.get(key) ?? [] }, refreshers))
  })
  elements.fields.replaceChildren(...nodes)
  return {
    firstInvalid: /** @type {HTMLElement | undefined} */ ([...elements.fields.querySelectorAll('[aria-invalid="true"]')][0]),
    refresh: () => { for (const fill of refreshers) fill() }
  }
}

/**
 * The service's messages by headerKey of the form's columns; a column the service names and the sheet
 * lacks (an optional column this row needs) is added to the row. The others, as `column: message`.
 * @param {import('./row.js').FixRow} row
 * @param {import('../api.js').Issue[]} issues
 */
function messagesByColumn (row, issues) {
  const byColumn = new Map(row.columns.map((column) => [headerKey(column.header), /** @type {string[]} */ ([])]))
  /** @type {string[]} */
  const loose = []
  for (const issue of issues) {
    const key = headerKey(issue.header ?? '')
    if (issue.header !== undefined && !byColumn.has(key)) {
      row.columns.push({ header: issue.header, value: '' })
      byColumn.set(key, [])
    }
    const list = byColumn.get(key)
    if (list !== undefined) list.push(issue.message)
    else loose.push(`${issue.column ?? columnName(issue.field, row.kind)}: ${issue.message}`)
  }
  return { byColumn, loose }
}

/**
 * One column's field: a text input, or a picker's select (its `fill` goes to `refreshers`), with its
 * label, hint and messages; its control goes to `row.controls`.
 * @param {import('./row.js').FixRow} row
 * @param {import('./row.js').Column} column
 * @param {string | undefined} field the field the column fills (undefined without the profile)
 * @param {{ id: string, value: string, messages: string[] }} shown the field's id, text and the service's messages
 * @param {(() => void)[]} refreshers
 */
function fieldNode (row, column, field, { id, value, messages }, refreshers) {
  const invalid = messages.length > 0
  const hint = row.profile === undefined ? undefined : hintOf(row, field)
  const describedBy = [invalid ? `${id}-error` : '', hint === undefined ? '' : `${id}-hint`].filter(Boolean).join(' ') || undefined
  const common = { id, 'aria-invalid': invalid ? 'true' : undefined, 'aria-describedby': describedBy }
  const options = row.profile === undefined ? undefined : optionsOf(row, row.profile, field)
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let control
  if (options === undefined) {
    control = /** @type {HTMLInputElement} */ (el('input', { ...common, type: 'text', value }))
  } else {
    const picker = pickerSelect(common, options, value)
    refreshers.push(picker.fill)
    control = picker.select
  }
  row.controls.set(headerKey(column.header), control)
  const picker = options === undefined && DATE_FIELDS.has(field ?? '') ? datePicker(/** @type {HTMLInputElement} */ (control), column.header) : null
  // a picker's options are long (a cause's text, a ground's name): the row's full width
  const classes = ['fix-field', options === undefined ? '' : 'wide', invalid ? 'invalid' : ''].filter(Boolean).join(' ')
  return el('div', { class: classes },
    el('label', { for: id }, column.header),
    picker === null ? control : el('div', { class: 'date-field' }, control, picker),
    hint === undefined ? null : el('p', { class: 'field-hint', id: `${id}-hint` }, hint),
    invalid ? el('p', { class: 'field-error', id: `${id}-error` }, messages.join(' ')) : null)
}

/** The fields that hold a day (src/spreadsheets/columns.ts, kind `date`): typed, or picked on a calendar. */
const DATE_FIELDS = new Set(['entryDate', 'endDate', 'birthDate', 'signingDate', 'absenceFrom', 'absenceTo', 'start', 'end',
  'startAddendum', 'endAddendum', 'originalSigningDate'])

/**
 * The browser's calendar beside a date's text field: a day picked is written as the sheet writes it,
 * `DD/MM/AAAA`; a day typed in the text shows on the calendar.
 * @param {HTMLInputElement} text the field's text input (what is saved)
 * @param {string} header the column, for the calendar's label
 */
export function datePicker (text, header) {
  const calendar = /** @type {HTMLInputElement} */ (el('input', { type: 'date', class: 'date-pick', 'aria-label': TEXT.pickDate(header) }))
  const show = () => {
    const day = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.value.trim())
    calendar.value = day === null ? '' : `${day[3]}-${day[2]}-${day[1]}`
  }
  calendar.addEventListener('change', () => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendar.value)
    if (day === null) return
    text.value = `${day[3]}/${day[2]}/${day[1]}`
    text.dispatchEvent(new Event('input', { bubbles: true }))
    text.dispatchEvent(new Event('change', { bubbles: true }))
  })
  text.addEventListener('input', show)
  show()
  return calendar
}
