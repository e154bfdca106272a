/**
 * The schedule editor of the "Corregir" form (fix.js; DOCUMENT-REQUIREMENTS §22): the days, one or
 * two shifts and the refrigerio (its minutes and, optionally, when it starts), written into DÍAS DE
 * TRABAJO and HORARIO as the service's canonical text once HR changes anything (until then the
 * sheet's text stays as it is); HORAS SEMANALES, when the sheet states it, follows the week.
 * Nothing here judges the week: the service does, and the editor shows what it read (`POST
 * /api/working-time`, as HR edits): the weekly hours, the weekly rest a contract would print (§33)
 * and its refusals of the week.
 */
import { ApiError, requestJson } from '../api.js'
import { el } from '../dom.js'
import { DAY_NAMES, contractTypeOf, daysText, readWeek, scheduleText, weeklyHours } from '../pickers.js'
import { headerKey } from '../text-fold.js'
import { TEXT } from '../texts.js'

/** @typedef {import('../pickers.js').SimpleWeek} SimpleWeek */
/** @typedef {{ days: string, schedule: string }} WeekTexts DÍAS DE TRABAJO and HORARIO as text */

/**
 * The editor of the row's DÍAS DE TRABAJO and HORARIO, as one field; it puts their two controls in
 * `row.controls`, whose values are the sheet's texts until HR changes the week.
 * @param {import('./row.js').FixRow} row
 * @param {import('../api.js').Profile} profile
 * @param {Map<string, string[]>} byColumn the service's messages by headerKey of their column
 * @param {Map<string, string>} kept the values the form had (or the draft's), by headerKey
 * @param {number} index the field's place in the form, for its elements' ids
 */
export function scheduleEditor (row, profile, byColumn, kept, index) {
  const daysColumn = /** @type {import('./row.js').Column} */ (row.columnOf('workDays'))
  const scheduleColumn = /** @type {import('./row.js').Column} */ (row.columnOf('workSchedule'))
  const daysKey = headerKey(daysColumn.header)
  const scheduleKey = headerKey(scheduleColumn.header)
  /** @type {WeekTexts} */
  const original = {
    days: kept.get(daysKey) ?? daysColumn.value,
    schedule: kept.get(scheduleKey) ?? scheduleColumn.value
  }
  const messages = [...(byColumn.get(daysKey) ?? []), ...(byColumn.get(scheduleKey) ?? [])]
  const invalid = messages.length > 0
  const id = `fix-field-${index}`
  const fallback = profile.contractDefaults[contractTypeOf(profile, row.valueOf('contractType'))]
  const empty = original.days.trim() === '' && original.schedule.trim() === ''
  const read = empty
    ? readWeek(fallback?.workDays ?? '', fallback?.workSchedule ?? '')
    : readWeek(original.days, original.schedule)
  const inputs = weekInputs(id, read ?? { days: [], shifts: [{ start: '', end: '' }], breakMinutes: 0, breakStart: '' }, invalid)
  let touched = false
  /** @returns {WeekTexts} */
  const texts = () => touched
    ? { days: daysText(inputs.current().days), schedule: scheduleText(inputs.current()) }
    : original
  const output = el('p', { class: 'schedule-output', id: `${id}-output`, 'aria-live': 'polite' })
  const reading = serviceReading(() => {
    const now = texts()
    return { contractType: contractTypeOf(profile, row.valueOf('contractType')), workDays: now.days, workSchedule: now.schedule }
  })
  const show = () => {
    const now = texts()
    if (!touched && empty) output.textContent = TEXT.scheduleFromProfile(fallback?.workDays ?? '', fallback?.workSchedule ?? '')
    else if (!touched && read === undefined) output.textContent = TEXT.scheduleKept(original.days, original.schedule)
    else output.textContent = TEXT.scheduleWrites(daysColumn.header, now.days, scheduleColumn.header, now.schedule)
  }
  const legend = TEXT.scheduleLegend(daysColumn.header, scheduleColumn.header)
  const error = invalid ? el('p', { class: 'field-error', id: `${id}-error` }, messages.join(' ')) : null
  const { box, secondShift } = editorBox(id, inputs, legend, output, reading.line, error)
  box.addEventListener('input', () => {
    touched = true
    secondShift.hidden = !inputs.split.checked
    followWeeklyHours(row, inputs.current())
    show()
    reading.later()
  })
  show()
  reading.now()
  row.controls.set(daysKey, { get value () { return texts().days }, focus: () => inputs.dayBoxes[0].focus() })
  row.controls.set(scheduleKey, { get value () { return texts().schedule }, focus: () => inputs.times[0][0].focus() })
  return el('div', { class: invalid ? 'fix-field schedule-field invalid' : 'fix-field schedule-field' }, box)
}

/**
 * @typedef {object} WeekInputs
 * @property {HTMLInputElement[]} dayBoxes a checkbox per day, lunes first
 * @property {HTMLInputElement[][]} times the two shifts' start and end
 * @property {HTMLInputElement} split whether the second shift is worked
 * @property {HTMLInputElement} pause the refrigerio in minutes
 * @property {HTMLInputElement} pauseStart when the refrigerio starts (optional)
 * @property {() => SimpleWeek} current the week the inputs now say
 */

/**
 * The editor's inputs, set to a week; with the service's messages, the first day, the times and the
 * refrigerio are marked invalid and described by them (`${id}-error`).
 * @param {string} id the field's id, the prefix of the inputs' ids
 * @param {SimpleWeek} week
 * @param {boolean} invalid
 * @returns {WeekInputs}
 */
function weekInputs (id, week, invalid) {
  const invalidAttrs = { 'aria-invalid': invalid ? 'true' : undefined, 'aria-describedby': invalid ? `${id}-error` : undefined }
  const dayBoxes = DAY_NAMES.map((_, day) => /** @type {HTMLInputElement} */ (el('input', {
    type: 'checkbox', id: `${id}-day-${day}`, checked: week.days.includes(day), ...(day === 0 ? invalidAttrs : {})
  })))
  /** @param {number} shift @param {'start' | 'end'} end */
  const timeInput = (shift, end) => /** @type {HTMLInputElement} */ (el('input', {
    type: 'time', id: `${id}-shift-${shift}-${end}`, value: week.shifts[shift]?.[end] ?? '', ...invalidAttrs
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
  const pauseStart = /** @type {HTMLInputElement} */ (el('input', {
    type: 'time', id: `${id}-break-start`, value: week.breakStart ?? ''
  }))
  /** @returns {SimpleWeek} */
  const current = () => ({
    days: dayBoxes.flatMap((box, day) => box.checked ? [day] : []),
    shifts: times.slice(0, split.checked ? 2 : 1).map(([start, end]) => ({ start: start.value, end: end.value })),
    breakMinutes: Math.max(0, Math.round(Number(pause.value) || 0)),
    breakStart: pauseStart.value
  })
  return { dayBoxes, times, split, pause, pauseStart, current }
}

/**
 * The editor's fieldset: its legend, the days, the first shift, the split-shift checkbox and the
 * second shift (hidden unless split), the refrigerio (minutes and start), the line saying what
 * will be written, the messages.
 * @param {string} id
 * @param {WeekInputs} inputs
 * @param {string} legend
 * @param {HTMLElement} output the line saying what will be written
 * @param {HTMLElement} reading the line saying how the service reads the week
 * @param {HTMLElement | null} error the service's messages about the two columns
 */
function editorBox (id, inputs, legend, output, reading, error) {
  const { dayBoxes, times, split, pause, pauseStart } = inputs
  /** @param {number} shift */
  const shiftLine = (shift) => el('div', { class: 'shift' },
    el('span', { class: 'shift-name' }, TEXT.shiftName(shift + 1)),
    el('label', { for: times[shift][0].id }, TEXT.shiftStart), times[shift][0],
    el('label', { for: times[shift][1].id }, TEXT.shiftEnd), times[shift][1])
  const secondShift = shiftLine(1)
  secondShift.hidden = !split.checked
  const box = el('fieldset', { class: 'schedule', 'aria-describedby': `${id}-output` },
    el('legend', {}, legend),
    el('div', { class: 'days', role: 'group', 'aria-label': TEXT.scheduleDays },
      ...DAY_NAMES.map((day, index) => el('label', { class: 'day', for: dayBoxes[index].id }, dayBoxes[index], day))),
    shiftLine(0),
    el('label', { class: 'split', for: split.id }, split, TEXT.splitShift),
    secondShift,
    el('div', { class: 'shift' }, el('label', { for: pause.id }, TEXT.breakMinutes), pause,
      el('label', { for: pauseStart.id }, TEXT.breakStart), pauseStart),
    output,
    reading,
    error)
  return { box, secondShift }
}

/** How long the editor waits after a change before asking the service (ms): one request per pause, not per key. */
const READ_AFTER_MS = 400

/**
 * The line under the editor with the service's reading of the week (`POST /api/working-time`): the
 * weekly hours and rest a contract would print, and what the rules refuse of it; the latest answer wins.
 * @param {() => { contractType: string, workDays: string, workSchedule: string }} week the week as it now is
 */
function serviceReading (week) {
  const line = el('p', { class: 'schedule-service', 'aria-live': 'polite' })
  let asked = 0
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  const now = () => {
    clearTimeout(timer)
    const ticket = ++asked
    const { contractType, workDays, workSchedule } = week()
    const body = { contractType, ...(workDays.trim() === '' ? {} : { workDays }), ...(workSchedule.trim() === '' ? {} : { workSchedule }) }
    requestJson('/api/working-time', 'POST', body).then((data) => {
      if (ticket !== asked) return
      const rest = data.weeklyRest === '' ? TEXT.weeklyRestNone : TEXT.weeklyRestIs(data.weeklyRest)
      line.textContent = [TEXT.weekReadAs(data.weeklyHours), rest, ...data.issues.map((/** @type {{ message: string }} */ issue) => issue.message)].join(' ')
      line.classList.toggle('refused', data.issues.length > 0)
    }, (error) => {
      if (ticket !== asked) return
      line.textContent = error instanceof ApiError
        ? TEXT.weekUnreadable([error.message, ...error.otherIssues.map((issue) => issue.message)].join(' '))
        : ''
      line.classList.toggle('refused', error instanceof ApiError)
    })
  }
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(now, READ_AFTER_MS)
  }
  return { line, now, later }
}

/**
 * A stated HORAS SEMANALES follows the week (the service compares the two to the minute); an empty
 * one stays empty.
 * @param {import('./row.js').FixRow} row
 * @param {SimpleWeek} week
 */
function followWeeklyHours (row, week) {
  const hoursColumn = row.columnOf('weeklyHours')
  const hours = weeklyHours(week)
  const hoursControl = hoursColumn === undefined ? undefined : row.controls.get(headerKey(hoursColumn.header))
  if (hoursControl !== undefined && 'type' in hoursControl && hoursColumn?.value.trim() !== '' && hours !== undefined) {
    hoursControl.value = String(hours)
  }
}
