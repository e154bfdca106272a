/**
 * Addenda tab: upload an addendum sheet in partial mode (`POST /api/addendum/upload?partial=true`,
 * D14), show its valid rows and its errors beside the sheet's rows, preview one adenda
 * (`POST /api/addendum/preview`) and download the valid ones as a ZIP (`POST /api/addendum/download-zip`).
 */
import { ApiError, postForFile, uploadSheet } from './api.js'
import { alertBox, byId, el, issuesTable, setStatus, showUploadNotes } from './dom.js'
import { downloadZip, showFailure } from './downloads.js'
import { readSheetRows } from './files.js'
import { openPreview } from './preview.js'
import { TEXT } from './texts.js'

/** @typedef {Record<string, string | number> & { documentNumber: string, worker: string }} Addendum */

const money = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' })

/** @param {import('./api.js').Limits | undefined} limits */
export function setupAddenda (limits) {
  const form = /** @type {HTMLFormElement} */ (byId('addenda-form'))
  const input = /** @type {HTMLInputElement} */ (byId('addenda-file'))
  const status = byId('addenda-status')
  const errorsBox = byId('addenda-errors')
  const result = byId('addenda-result')
  const summary = byId('addenda-summary')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('addenda-table').querySelector('tbody'))
  const button = /** @type {HTMLButtonElement} */ (byId('download-addenda'))
  const downloadStatus = byId('addenda-download-status')
  const report = byId('addenda-report')

  /** @type {Addendum[]} */
  let records = []

  /** @param {Addendum} record */
  function preview (record) {
    openPreview(TEXT.addendumPreviewTitle(record.worker), [
      { label: TEXT.documents.addendum, load: async () => (await postForFile('/api/addendum/preview', record)).blob }
    ])
  }

  function render () {
    tbody.replaceChildren(...records.map((record) => el('tr', {},
      el('td', { class: 'nowrap' }, record.documentNumber),
      el('td', {}, record.worker),
      el('td', {}, String(record.division ?? '')),
      el('td', {}, TEXT.extendedContract(record.modality, record.position)),
      el('td', { class: 'nowrap' }, `${record.start ?? ''} – ${record.end ?? ''}`),
      el('td', { class: 'nowrap' }, `${record.startAddendum ?? ''} – ${record.endAddendum ?? ''}`),
      el('td', { class: 'num' }, typeof record.salary === 'number' ? money.format(record.salary) : String(record.salary ?? '')),
      el('td', {}, el('button', { type: 'button', class: 'secondary small', 'aria-label': TEXT.previewOf(record.worker), onclick: () => preview(record) }, TEXT.preview))
    )))
    button.disabled = records.length === 0
  }

  async function upload () {
    const file = input.files?.[0]
    errorsBox.replaceChildren()
    if (file === undefined) return setStatus(status, TEXT.chooseFile, 'error')
    if (limits !== undefined && file.size > limits.maxFileSize) return setStatus(status, TEXT.fileTooLarge(file.name, file.size, limits.maxFileSize), 'error')
    setStatus(status, TEXT.uploading(file.name), 'busy')
    result.hidden = true
    try {
      const reply = await uploadSheet('/api/addendum/upload?partial=true', file)
      const data = reply.data
      records = data.employees
      const errors = /** @type {import('./api.js').Issue[]} */ (data.errors ?? [])
      setStatus(status, `${reply.message}. ${TEXT.addendaLoaded(data.totalRecords, data.validRecords, data.invalidRecords)}`, errors.length > 0 ? 'warn' : 'ok')
      if (errors.length > 0) errorsBox.append(el('h3', {}, `${TEXT.errorsTitle} (${TEXT.errorsCount(errors.length)})`), issuesTable(errors, await readSheetRows(file)))
      showUploadNotes(errorsBox, data.warnings)
      render()
      report.replaceChildren()
      setStatus(downloadStatus, '')
      result.hidden = false
      summary.textContent = records.length === 0 ? TEXT.noValidAddenda : ''
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, error.message, 'error')
      showUploadNotes(errorsBox, undefined, error.hint)
      if (error.issues.length > 0) errorsBox.append(el('h3', {}, `${TEXT.errorsTitle} (${TEXT.errorsCount(error.issues.length)})`), issuesTable(error.issues, await readSheetRows(file)))
      else if (error.detail !== undefined) errorsBox.append(alertBox('error', error.detail))
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    upload().catch(reportError)
  })

  button.addEventListener('click', () => {
    (async () => {
      button.disabled = true
      try {
        await downloadZip('/api/addendum/download-zip', records, records.length, {
          progress: byId('addenda-progress'),
          bar: /** @type {HTMLProgressElement} */ (byId('addenda-progress-bar')),
          progressText: byId('addenda-progress-text'),
          status: downloadStatus,
          report
        })
      } catch (error) {
        setStatus(downloadStatus, error instanceof Error ? error.message : String(error), 'error')
        if (error instanceof ApiError) showFailure(report, error, (i) => records[i] === undefined ? TEXT.sentItem(i) : `${records[i].worker} (${records[i].documentNumber})`)
      } finally {
        button.disabled = records.length === 0
        button.focus()
      }
    })().catch(reportError)
  })
}
