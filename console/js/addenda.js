/**
 * Addenda tab: upload an addendum sheet in partial mode (`POST /api/addendum/upload?partial=true`,
 * D14), show its valid rows (each with a checkbox) and its errors beside the sheet's rows, fix a
 * refused row in the page (fix.js; the service judges the whole sheet again, with the rules the
 * ZIP applies: docs/console.md, item 7), preview one adenda (`POST /api/addendum/preview`) and download
 * the selected ones as a ZIP (`POST /api/addendum/download-zip`). The tab's work survives a reload.
 */
import { ApiError, postForFile } from './api.js'
import { alertBox, byId, el, issuesTable, setStatus, showUploadNotes } from './dom.js'
import { downloadZip, showFailure } from './downloads.js'
import { readSheet } from './files.js'
import { fixSheetRow } from './fix.js'
import { openPreview } from './preview.js'
import { SheetImport } from './sheet-import.js'
import { loadSaved, save } from './storage.js'
import { TEXT } from './texts.js'

/** @typedef {Record<string, string | number> & { documentNumber: string, worker: string }} Addendum */

const money = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' })
const PATH = '/api/addendum/upload?partial=true'

/**
 * @param {import('./api.js').Limits | undefined} limits
 * @param {import('./api.js').Profile | undefined} profile the closed lists of the fix form's pickers (fix.js)
 */
export function setupAddenda (limits, profile) {
  const form = /** @type {HTMLFormElement} */ (byId('addenda-form'))
  const input = /** @type {HTMLInputElement} */ (byId('addenda-file'))
  const status = byId('addenda-status')
  const errorsBox = byId('addenda-errors')
  const result = byId('addenda-result')
  const summary = byId('addenda-summary')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('addenda-table').querySelector('tbody'))
  const all = /** @type {HTMLInputElement} */ (byId('addenda-all'))
  const selectionLine = byId('addenda-selection')
  const button = /** @type {HTMLButtonElement} */ (byId('download-addenda'))
  const downloadStatus = byId('addenda-download-status')
  const report = byId('addenda-report')

  const saved = loadSaved('addenda')
  let sheet = new SheetImport(PATH, saved?.import)
  /** Sheet rows left out of the selection. @type {Set<number>} */
  let unchecked = new Set(saved?.unchecked ?? [])
  /**
   * Rows whose adenda cannot be made, ticked on purpose (the ZIP still leaves them out and says why).
   * @type {Set<number>}
   */
  let ticked = new Set(saved?.ticked ?? [])
  /** @param {number} row @param {boolean} checked a checkbox's new state, kept for the reload */
  const tick = (row, checked) => {
    if (checked) { unchecked.delete(row); ticked.add(row) } else { unchecked.add(row); ticked.delete(row) }
  }
  /** @type {HTMLInputElement[]} */
  let boxes = []

  /** @returns {Addendum[]} */
  const records = () => /** @type {Addendum[]} */ (sheet.state.records)
  const selected = () => records().filter((_, index) => boxes[index]?.checked)
  const persist = () => save('addenda', { import: sheet.state, unchecked: [...unchecked], ticked: [...ticked] })

  function updateSelection () {
    const count = selected().length
    const total = records().length
    selectionLine.textContent = total === 0 ? '' : count === 0 ? TEXT.noAddendumSelected : TEXT.addendaSelection(count, total)
    all.checked = count > 0 && count === total
    all.indeterminate = count > 0 && count < total
    button.disabled = count === 0
  }

  all.addEventListener('change', () => {
    boxes.forEach((box, index) => {
      box.checked = all.checked
      tick(sheet.state.rows[index], all.checked)
    })
    updateSelection()
    persist()
  })

  /** @param {Addendum} record */
  function preview (record) {
    openPreview(TEXT.addendumPreviewTitle(record.worker), [
      { label: TEXT.documents.addendum, load: async () => (await postForFile('/api/addendum/preview', record)).blob }
    ])
  }

  /** @param {number} row */
  function fix (row) {
    fixSheetRow(sheet, row, sheet.textOf(row, ['TRABAJADOR', 'nombres y apellidos', 'empleado', 'colaborador']), {
      saved: () => {
        unchecked.delete(row)
        render()
        persist()
      },
      status,
      focusAfter: (fixed) => boxes[sheet.state.rows.indexOf(fixed)], // the row's checkbox
      kind: 'addendum',
      profile
    })
  }

  /**
   * Why each kept row's adenda cannot be made (the upload's `documentIssues`, the preview's and
   * the ZIP's own rules), by sheet row: such a row is marked, left unselected and can be fixed.
   */
  const blocked = () => {
    /** @type {Map<number, string[]>} */
    const reasons = new Map()
    for (const issue of sheet.state.documentIssues) {
      const row = Number(issue.row)
      reasons.set(row, [...(reasons.get(row) ?? []), `${issue.header ?? issue.field}: ${issue.message}`])
    }
    return reasons
  }

  function render () {
    const list = records()
    const reasons = blocked()
    const rowOf = (/** @type {number} */ index) => sheet.state.rows[index]
    boxes = list.map((record, index) => el('input', {
      type: 'checkbox',
      checked: reasons.has(rowOf(index)) ? ticked.has(rowOf(index)) : !unchecked.has(rowOf(index)),
      'aria-label': TEXT.selectAddendum(record.worker),
      onchange: (/** @type {Event} */ event) => {
        tick(sheet.state.rows[index], /** @type {HTMLInputElement} */ (event.target).checked)
        updateSelection()
        persist()
      }
    }))
    tbody.replaceChildren(...list.map((record, index) => el('tr', reasons.has(rowOf(index)) ? { class: 'blocked' } : {},
      el('td', {}, boxes[index]),
      el('td', { class: 'nowrap' }, record.documentNumber),
      el('td', {}, record.worker, reasons.has(rowOf(index))
        ? el('p', { class: 'blocked' }, `${TEXT.cannotMakeAddendum}: ${(reasons.get(rowOf(index)) ?? []).join('; ')}`)
        : null),
      el('td', {}, String(record.division ?? '')),
      el('td', {}, TEXT.extendedContract(record.modality, record.position)),
      el('td', { class: 'nowrap' }, `${record.start ?? ''} – ${record.end ?? ''}`),
      el('td', { class: 'nowrap' }, `${record.startAddendum ?? ''} – ${record.endAddendum ?? ''}`),
      el('td', { class: 'num' }, typeof record.salary === 'number' ? money.format(record.salary) : String(record.salary ?? '')),
      el('td', { class: 'row-actions' },
        el('button', {
          type: 'button', class: 'secondary small', disabled: reasons.has(rowOf(index)), 'aria-label': TEXT.previewOf(record.worker), onclick: () => preview(record)
        }, TEXT.preview),
        reasons.has(rowOf(index)) && sheet.fixable
          ? el('button', { type: 'button', class: 'secondary small', 'aria-label': TEXT.fixRow(rowOf(index)), onclick: () => fix(rowOf(index)) }, TEXT.fix)
          : null)
    )))
    errorsBox.replaceChildren()
    const { errors, warnings } = sheet.state
    if (errors.length > 0) {
      errorsBox.append(el('h3', {}, TEXT.refusedTitle(new Set(errors.map((issue) => issue.row)).size, errors.length)),
        issuesTable(errors, sheet.state.sheet?.rows, sheet.fixable ? fix : undefined))
    }
    showUploadNotes(errorsBox, warnings)
    result.hidden = false
    summary.textContent = list.length === 0 ? TEXT.noValidAddenda : ''
    updateSelection()
  }

  function showStatus () {
    const { records: valid, errors, message } = sheet.state
    const invalid = new Set(errors.filter((issue) => (issue.row ?? 0) >= 2).map((issue) => issue.row)).size
    const cannot = blocked().size
    const line = [`${message}.`, TEXT.addendaLoaded(valid.length + invalid, valid.length, invalid), cannot > 0 ? TEXT.addendaBlocked(cannot) : '']
    setStatus(status, line.filter(Boolean).join(' '), invalid > 0 || cannot > 0 ? 'warn' : 'ok')
  }

  async function upload () {
    const file = input.files?.[0]
    errorsBox.replaceChildren()
    if (file === undefined) return setStatus(status, TEXT.chooseFile, 'error')
    if (limits !== undefined && file.size > limits.maxFileSize) return setStatus(status, TEXT.fileTooLarge(file.name, file.size, limits.maxFileSize), 'error')
    setStatus(status, TEXT.uploading(file.name), 'busy')
    const next = new SheetImport(PATH)
    try {
      await next.load(file)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      result.hidden = true
      setStatus(status, error.message, 'error')
      showUploadNotes(errorsBox, undefined, error.hint)
      if (error.issues.length > 0) errorsBox.append(el('h3', {}, `${TEXT.errorsTitle} (${TEXT.errorsCount(error.issues.length)})`), issuesTable(error.issues, (await readSheet(file))?.rows))
      else if (error.detail !== undefined) errorsBox.append(alertBox('error', error.detail))
      return
    }
    sheet = next
    unchecked = new Set()
    ticked = new Set()
    report.replaceChildren()
    setStatus(downloadStatus, '')
    render()
    persist()
    showStatus()
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    upload().catch(reportError)
  })

  button.addEventListener('click', () => {
    (async () => {
      button.disabled = true
      // a row ticked on purpose whose adenda cannot be made is left out and named, as the contracts do
      const reasons = blocked()
      const rowOf = new Map(records().map((record, index) => [record, sheet.state.rows[index]]))
      const batch = selected().filter((record) => !reasons.has(Number(rowOf.get(record))))
      const skipped = selected().filter((record) => reasons.has(Number(rowOf.get(record))))
        .map((record) => `${record.worker} (${record.documentNumber}): ${(reasons.get(Number(rowOf.get(record))) ?? []).join('; ')}`)
      try {
        if (batch.length === 0) {
          report.replaceChildren()
          setStatus(downloadStatus, TEXT.noAddendumToMake, 'error')
        } else {
          await downloadZip('/api/addendum/download-zip', batch, batch.length, {
            progress: byId('addenda-progress'),
            bar: /** @type {HTMLProgressElement} */ (byId('addenda-progress-bar')),
            progressText: byId('addenda-progress-text'),
            status: downloadStatus,
            report
          })
        }
        if (skipped.length > 0) report.append(alertBox('warn', TEXT.addendaSkippedTitle(skipped.length), skipped))
      } catch (error) {
        setStatus(downloadStatus, error instanceof Error ? error.message : String(error), 'error')
        if (error instanceof ApiError) showFailure(report, error, (i) => batch[i] === undefined ? TEXT.sentItem(i) : `${batch[i].worker} (${batch[i].documentNumber})`)
      } finally {
        updateSelection()
        button.focus()
      }
    })().catch(reportError)
  })

  // a reload in the same tab continues where HR was (docs/console.md, item 3)
  if (sheet.state.fileName !== '') {
    render()
    setStatus(status, TEXT.restored(sheet.state.fileName))
    byId('addenda-file-name').textContent = sheet.state.fileName
  }
}
