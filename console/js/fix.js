/**
 * The "Corregir" form (docs/console.md, item 2): one sheet row's cells as fields, labelled with the sheet's
 * headers, each with the service's messages beside it (`aria-describedby`, `aria-invalid`); items
 * for a column the sheet lacks add that column as a field. Saving hands the values to the caller,
 * which sends the sheet to the service and answers what is still wrong (a refusal, or why its
 * contract cannot be made); the form stays open with the new messages until the row is fine or
 * the user closes it (the saved values stay saved either way).
 *
 * With the employer profile (`GET /api/profile`), the legal facts a document declares are chosen, never
 * typed (DOCUMENT-REQUIREMENTS §21, §22, §24, §25; pickers.js): CAUSA lists the reviewed causes of the
 * row's site and modality, CAUSAL DE SUSPENSIÓN the suplencia's grounds, MOTIVO DEL PERIODO DE PRUEBA the
 * reasons the row's position allows; a typed cause (CAUSA OBJETIVA) can only be kept or cleared; DÍAS DE
 * TRABAJO and HORARIO are written by a schedule editor in the service's canonical text. A value of the
 * sheet that is none of the options stays selected (marked) until HR picks another: the service judges it.
 */
import { ApiError } from './api.js'
import { byId, el, setStatus } from './dom.js'
import { fieldOf } from './field-headers.js'
import {
  DAY_NAMES, causesFor, contractTypeOf, daysText, modalityCodeOf, positionOf, readWeek, scheduleText, weeklyHours
} from './pickers.js'
import { columnOf as columnName } from './plain.js'
import { saveView } from './storage.js'
import { fold, headerKey, shortText } from './text-fold.js'
import { TEXT } from './texts.js'

const dialog = /** @type {HTMLDialogElement} */ (byId('fix'))
const title = byId('fix-title')
const form = /** @type {HTMLFormElement} */ (byId('fix-form'))
const general = byId('fix-general')
const fields = byId('fix-fields')
const status = byId('fix-status')
const saveButton = /** @type {HTMLButtonElement} */ (byId('fix-save'))

/** @type {(() => Promise<void>) | undefined} */
let submit
/** Refreshes the pickers' options after a field they depend on changed (site, modality, type, position). */
let refresh = () => {}
form.addEventListener('submit', (event) => {
  event.preventDefault()
  submit?.().catch(reportError)
})
/** Keeps what HR typed so far, so a reload opens the form again with it (storage.js saveView). */
let keepDraft = () => {}
fields.addEventListener('change', () => { refresh(); keepDraft() })
fields.addEventListener('input', () => keepDraft())
byId('fix-cancel').addEventListener('click', () => dialog.close())
dialog.addEventListener('close', () => saveView({ fix: undefined }))

/**
 * @typedef {object} FixRequest
 * @property {number} row spreadsheet row
 * @property {string} name who the row is about, for the title
 * @property {string[]} headers the sheet's headers (row 1)
 * @property {string[]} cells the row's cells as text
 * @property {import('./api.js').Issue[]} issues what the service says about the row
 * @property {(values: Record<string, string>) => Promise<import('./api.js').Issue[]>} save sends the values
 *   (cell text by header); answers what the service still says about the row
 * @property {() => void} done called once the service has nothing more to say about the row
 * @property {'employee' | 'addendum'} kind which import the sheet is
 * @property {import('./api.js').Profile | undefined} profile the employer's closed lists; plain fields without it
 * @property {Record<string, string>} [draft] values HR had typed before a reload, by header
 */

/**
 * Opens the form on one row of an uploaded sheet: saving sends the sheet again
 * (SheetImport.saveRow) and calls `saved` so the tab shows the service's new answer; once the row
 * is fine the status line says so and the focus goes to `focusAfter(row)`, or to the status line
 * (the button that opened the form is gone with the old table).
 * @param {import('./sheet-import.js').SheetImport} sheet
 * @param {number} row spreadsheet row
 * @param {string} name who the row is about ('' when it names nobody)
 * @param {{ saved: () => void, status: HTMLElement, focusAfter: (row: number) => HTMLElement | undefined,
 *   kind: 'employee' | 'addendum', profile: import('./api.js').Profile | undefined,
 *   draft?: Record<string, string> }} tab `draft`: the values typed before a reload
 */
export function fixSheetRow (sheet, row, name, tab) {
  openFix({
    row,
    name,
    draft: tab.draft,
    headers: sheet.headers(),
    cells: sheet.cells(row),
    issues: sheet.issuesOf(row),
    kind: tab.kind,
    profile: tab.profile,
    save: async (values) => {
      const issues = await sheet.saveRow(row, values)
      tab.saved()
      return issues
    },
    done: () => {
      setStatus(tab.status, TEXT.rowFixed(row))
      ;(tab.focusAfter(row) ?? tab.status).focus()
    }
  })
}

/** A field's value as the form reads it on saving. @typedef {{ value: string, focus: () => void }} Control */
/** @typedef {{ header: string, value: string, added?: boolean }} Column */

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

/** @param {FixRequest} request */
function openFix (request) {
  title.textContent = TEXT.fixTitle(request.row, request.name)
  setStatus(status, '')
  const { kind, profile } = request
  /** @type {Map<string, Control>} */
  const controls = new Map()
  /** @type {Column[]} */
  const columns = request.headers.map((header, index) => ({ header, value: request.cells[index] ?? '' }))
    .filter((column) => column.header.trim() !== '')
  /** @param {string} field @returns {Column | undefined} */
  const columnOf = (field) => columns.find((column) => fieldOf(kind, column.header) === field)
  /** The current text of a field: its control's, else the cell's. @param {string} field */
  const valueOf = (field) => {
    const column = columnOf(field)
    return column === undefined ? '' : controls.get(headerKey(column.header))?.value ?? column.value
  }
  const isSubsidio = () => fold(valueOf('contractType')) === 'subsidio'

  /**
   * A column the row may need, added when the sheet lacks it (written only when given a value).
   * @param {string} field
   * @param {string} header
   */
  const need = (field, header) => { if (columnOf(field) === undefined) columns.push({ header, value: '', added: true }) }
  // the optional columns Vida Ley and SCTR need (D21), so any kept row can be completed here
  if (kind === 'employee') {
    need('sex', 'SEXO')
    need('birthDate', 'FECHA DE NACIMIENTO')
  }
  // the pickers' columns a row needs
  if (profile !== undefined) {
    if (kind === 'addendum' || !isSubsidio()) need('causeId', 'CAUSA')
    if (kind === 'employee' && isSubsidio()) need('substitutionGround', 'CAUSAL DE SUSPENSIÓN')
    if (kind === 'employee' && (positionOf(profile, valueOf('positionProfile'), valueOf('position'))?.probationReasons ?? []).length > 0) {
      need('probationReason', 'MOTIVO DEL PERIODO DE PRUEBA')
    }
    if (kind === 'employee') {
      need('workDays', 'DÍAS DE TRABAJO')
      need('workSchedule', 'HORARIO')
    }
  }

  /** @param {import('./api.js').Issue[]} issues */
  function render (issues) {
    const byColumn = new Map(columns.map((column) => [headerKey(column.header), /** @type {string[]} */ ([])]))
    /** @type {string[]} */
    const loose = []
    for (const issue of issues) {
      const key = headerKey(issue.header ?? '')
      if (issue.header !== undefined && !byColumn.has(key)) {
        // the service names a column the sheet lacks (an optional column this row needs): add it
        columns.push({ header: issue.header, value: '' })
        byColumn.set(key, [])
      }
      const list = byColumn.get(key)
      if (list !== undefined) list.push(issue.message)
      else loose.push(`${issue.column ?? columnName(issue.field, kind)}: ${issue.message}`)
    }
    general.replaceChildren(...loose.map((text) => el('p', { class: 'field-error' }, text)))
    const kept = controls.size === 0 && request.draft !== undefined
      ? new Map(Object.entries(request.draft).map(([header, value]) => [headerKey(header), value]))
      : new Map([...controls].map(([key, control]) => [key, control.value]))
    controls.clear()
    /** @type {(() => void)[]} */
    const refreshers = []
    /** @type {Node[]} */
    const nodes = []
    let scheduleDone = false
    columns.forEach((column, index) => {
      const key = headerKey(column.header)
      const value = kept.get(key) ?? column.value
      const field = profile === undefined ? undefined : fieldOf(kind, column.header)
      if (profile !== undefined && (field === 'workDays' || field === 'workSchedule')) {
        if (scheduleDone) return
        scheduleDone = true
        nodes.push(scheduleEditor(profile, byColumn, kept, index))
        return
      }
      const messages = byColumn.get(key) ?? []
      const id = `fix-field-${index}`
      const invalid = messages.length > 0
      const hint = profile === undefined ? undefined : hintOf(field)
      const describedBy = [invalid ? `${id}-error` : '', hint === undefined ? '' : `${id}-hint`].filter(Boolean).join(' ') || undefined
      const common = { id, 'aria-invalid': invalid ? 'true' : undefined, 'aria-describedby': describedBy }
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let control
      const options = profile === undefined ? undefined : optionsOf(profile, field)
      if (options === undefined) {
        control = /** @type {HTMLInputElement} */ (el('input', { ...common, type: 'text', value }))
      } else {
        const select = /** @type {HTMLSelectElement} */ (el('select', common))
        const fill = () => {
          const now = options()
          fillSelect(select, now.options, now.empty, select.options.length === 0 ? value : select.value)
        }
        fill()
        refreshers.push(fill)
        control = select
      }
      controls.set(key, control)
      // a picker's options are long (a cause's text, a ground's name): the row's full width
      const classes = ['fix-field', options === undefined ? '' : 'wide', invalid ? 'invalid' : ''].filter(Boolean).join(' ')
      nodes.push(el('div', { class: classes },
        el('label', { for: id }, column.header),
        control,
        hint === undefined ? null : el('p', { class: 'field-hint', id: `${id}-hint` }, hint),
        invalid ? el('p', { class: 'field-error', id: `${id}-error` }, messages.join(' ')) : null))
    })
    fields.replaceChildren(...nodes)
    refresh = () => { for (const fill of refreshers) fill() }
    return /** @type {HTMLElement | undefined} */ ([...fields.querySelectorAll('[aria-invalid="true"]')][0])
  }

  /**
   * The options of a picker's field, computed from the row as it now is; undefined for a free field.
   * @param {import('./api.js').Profile} profile
   * @param {string | undefined} field
   * @returns {(() => { options: { value: string, label: string }[], empty: string }) | undefined}
   */
  function optionsOf (profile, field) {
    if (field === 'causeId') {
      return () => {
        if (kind === 'employee' && isSubsidio()) return { options: [], empty: TEXT.causeNoneForSubsidio }
        const modality = modalityCodeOf(profile, valueOf('modality'), valueOf('contractType'))
        const site = kind === 'employee' ? valueOf('site') : undefined
        return {
          options: causesFor(profile, modality, site).map(({ id, text, period }) =>
            ({ value: id, label: TEXT.causeOption(shortText(text), period.from, period.to) })),
          empty: TEXT.causeServiceChooses
        }
      }
    }
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
        options: (positionOf(profile, valueOf('positionProfile'), valueOf('position'))?.probationReasons ?? [])
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

  /** A picker's hint: what its options are, and where a new cause comes from. @param {string | undefined} field */
  function hintOf (field) {
    if (field === 'causeId') {
      if (kind === 'addendum') return TEXT.addendumCauseHint
      return isSubsidio() ? TEXT.causeSubsidioHint : TEXT.causeHint
    }
    if (field === 'objectiveCause') return TEXT.objectiveCauseHint
    if (field === 'site' && kind === 'employee') return TEXT.siteHint
    if (field === 'substitutionGround') return TEXT.groundHint
    if (field === 'probationReason') return TEXT.probationReasonHint
    return undefined
  }

  /**
   * The schedule editor (DOCUMENT-REQUIREMENTS §22): the days, one or two shifts and the refrigerio,
   * written into DÍAS DE TRABAJO and HORARIO as the service's canonical text once HR changes anything
   * (until then the sheet's text stays as it is); HORAS SEMANALES, when the sheet has it, follows.
   * @param {import('./api.js').Profile} profile
   * @param {Map<string, string[]>} byColumn
   * @param {Map<string, string>} kept
   * @param {number} index
   */
  function scheduleEditor (profile, byColumn, kept, index) {
    const daysColumn = /** @type {Column} */ (columnOf('workDays'))
    const scheduleColumn = /** @type {Column} */ (columnOf('workSchedule'))
    const daysKey = headerKey(daysColumn.header)
    const scheduleKey = headerKey(scheduleColumn.header)
    const original = {
      days: kept.get(daysKey) ?? daysColumn.value,
      schedule: kept.get(scheduleKey) ?? scheduleColumn.value
    }
    const messages = [...(byColumn.get(daysKey) ?? []), ...(byColumn.get(scheduleKey) ?? [])]
    const invalid = messages.length > 0
    const id = `fix-field-${index}`
    const fallback = profile.contractDefaults[contractTypeOf(profile, valueOf('contractType'))]
    const empty = original.days.trim() === '' && original.schedule.trim() === ''
    const read = empty
      ? readWeek(fallback?.workDays ?? '', fallback?.workSchedule ?? '')
      : readWeek(original.days, original.schedule)
    const week = read ?? { days: [], shifts: [{ start: '', end: '' }], breakMinutes: 0 }
    let touched = false
    const errorId = `${id}-error`
    const invalidAttrs = { 'aria-invalid': invalid ? 'true' : undefined, 'aria-describedby': invalid ? errorId : undefined }
    const dayBoxes = DAY_NAMES.map((_, d) => /** @type {HTMLInputElement} */ (el('input', {
      type: 'checkbox', id: `${id}-day-${d}`, checked: week.days.includes(d), ...(d === 0 ? invalidAttrs : {})
    })))
    /** @param {number} n @param {'start' | 'end'} end */
    const timeInput = (n, end) => /** @type {HTMLInputElement} */ (el('input', {
      type: 'time', id: `${id}-shift-${n}-${end}`, value: week.shifts[n]?.[end] ?? '', ...invalidAttrs
    }))
    const times = [[timeInput(0, 'start'), timeInput(0, 'end')], [timeInput(1, 'start'), timeInput(1, 'end')]]
    const split = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id: `${id}-split`, checked: week.shifts.length > 1 }))
    const pause = /** @type {HTMLInputElement} */ (el('input', {
      type: 'number',
      id: `${id}-break`,
      min: '0',
      max: '240',
      step: '5',
      inputmode: 'numeric',
      value: String(week.breakMinutes),
      ...invalidAttrs
    }))
    const secondShift = el('div', { class: 'shift' },
      el('span', { class: 'shift-name' }, TEXT.shiftName(2)),
      el('label', { for: times[1][0].id }, TEXT.shiftStart), times[1][0],
      el('label', { for: times[1][1].id }, TEXT.shiftEnd), times[1][1])
    secondShift.hidden = !split.checked
    const output = el('p', { class: 'schedule-output', id: `${id}-output`, 'aria-live': 'polite' })

    /** @returns {import('./pickers.js').SimpleWeek} */
    const current = () => ({
      days: dayBoxes.flatMap((box, d) => box.checked ? [d] : []),
      shifts: times.slice(0, split.checked ? 2 : 1).map(([start, end]) => ({ start: start.value, end: end.value })),
      breakMinutes: Math.max(0, Math.round(Number(pause.value) || 0))
    })
    const texts = () => touched
      ? { days: daysText(current().days), schedule: scheduleText(current()) }
      : original
    const show = () => {
      const now = texts()
      if (!touched && empty) output.textContent = TEXT.scheduleFromProfile(fallback?.workDays ?? '', fallback?.workSchedule ?? '')
      else if (!touched && read === undefined) output.textContent = TEXT.scheduleKept(original.days, original.schedule)
      else output.textContent = TEXT.scheduleWrites(daysColumn.header, now.days, scheduleColumn.header, now.schedule)
    }
    const editorBox = el('fieldset', { class: 'schedule', 'aria-describedby': `${id}-output` },
      el('legend', {}, TEXT.scheduleLegend(daysColumn.header, scheduleColumn.header)),
      el('div', { class: 'days', role: 'group', 'aria-label': TEXT.scheduleDays },
        ...DAY_NAMES.map((day, d) => el('label', { class: 'day', for: dayBoxes[d].id }, dayBoxes[d], day))),
      el('div', { class: 'shift' },
        el('span', { class: 'shift-name' }, TEXT.shiftName(1)),
        el('label', { for: times[0][0].id }, TEXT.shiftStart), times[0][0],
        el('label', { for: times[0][1].id }, TEXT.shiftEnd), times[0][1]),
      el('label', { class: 'split', for: split.id }, split, TEXT.splitShift),
      secondShift,
      el('div', { class: 'shift' }, el('label', { for: pause.id }, TEXT.breakMinutes), pause),
      output,
      invalid ? el('p', { class: 'field-error', id: errorId }, messages.join(' ')) : null)
    editorBox.addEventListener('input', () => {
      touched = true
      secondShift.hidden = !split.checked
      // a stated HORAS SEMANALES follows the week (the service compares them to the minute); an empty one stays empty
      const hoursColumn = columnOf('weeklyHours')
      const hours = weeklyHours(current())
      const hoursControl = hoursColumn === undefined ? undefined : controls.get(headerKey(hoursColumn.header))
      if (hoursControl !== undefined && 'type' in hoursControl && hoursColumn?.value.trim() !== '' && hours !== undefined) {
        hoursControl.value = String(hours)
      }
      show()
    })
    show()
    controls.set(daysKey, { get value () { return texts().days }, focus: () => dayBoxes[0].focus() })
    controls.set(scheduleKey, { get value () { return texts().schedule }, focus: () => times[0][0].focus() })
    return el('div', { class: invalid ? 'fix-field schedule-field invalid' : 'fix-field schedule-field' }, editorBox)
  }

  const firstInvalid = render(request.issues)
  /** @returns {Record<string, string>} the form's values by header, as they would be saved */
  const values = () => Object.fromEntries(columns.map((column) =>
    [column.header, controls.get(headerKey(column.header))?.value ?? column.value]))
  keepDraft = () => saveView({ fix: { kind, row: request.row, name: request.name, values: values() } })
  keepDraft()
  submit = async () => {
    saveButton.disabled = true
    setStatus(status, TEXT.fixChecking, 'busy')
    try {
      /** @type {Record<string, string>} */
      const values = {}
      for (const column of columns) {
        const value = controls.get(headerKey(column.header))?.value ?? ''
        if (column.added === true && value === '' && !(column.header in values)) continue // a picker's column the sheet lacks, left empty
        values[column.header] = value
      }
      const issues = await request.save(values)
      for (const column of columns) {
        if (column.header in values) { column.value = values[column.header]; column.added = false }
      }
      if (issues.length === 0) {
        dialog.close()
        request.done()
        return
      }
      setStatus(status, TEXT.fixStillWrong(issues.length), 'error')
      render(issues)?.focus()
    } catch (error) {
      setStatus(status, error instanceof ApiError || error instanceof Error ? error.message : String(error), 'error')
    } finally {
      saveButton.disabled = false
    }
  }
  dialog.showModal()
  const first = firstInvalid ?? /** @type {HTMLElement | null} */ (fields.querySelector('input, select'))
  first?.focus()
}
