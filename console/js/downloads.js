/**
 * Streams a ZIP from the service with a progress line (bytes received: the archive is streamed, so
 * its size is not known in advance), saves it, then reads it back to count its PDFs and show
 * `errores.txt` when the archive holds one (D19).
 */
import { postForFile } from './api.js'
import { alertBox, el, saveFile, setStatus } from './dom.js'
import { errorsFileText, readZip } from './files.js'
import { columnOf } from './plain.js'
import { TEXT } from './texts.js'

/**
 * @typedef {object} ZipTargets
 * @property {HTMLElement} progress the progress block (shown while receiving)
 * @property {HTMLProgressElement} bar indeterminate while receiving
 * @property {HTMLElement} progressText "Recibidos 120 KB…"
 * @property {HTMLElement} status the outcome line
 * @property {HTMLElement} report where errores.txt is shown
 */

/**
 * @param {string} path `/api/contracts/download-zip` or `/api/addendum/download-zip`
 * @param {unknown[]} records the body: a bare list (D2)
 * @param {number} documents PDFs expected, for the waiting text
 * @param {ZipTargets} targets
 * @returns {Promise<void>} rejects with the ApiError of a refused request
 */
export async function downloadZip (path, records, documents, targets) {
  targets.report.replaceChildren()
  targets.progress.hidden = false
  targets.bar.removeAttribute('value')
  targets.progressText.textContent = TEXT.preparingZip(documents)
  setStatus(targets.status, '')
  try {
    const file = await postForFile(path, records, (received) => {
      targets.progressText.textContent = TEXT.receiving(received)
    })
    targets.bar.max = 1
    targets.bar.value = 1
    const fileName = timedName(file.fileName)
    saveFile(file.blob, fileName)
    const entries = await readZip(file.bytes)
    const pdfs = [...entries.keys()].filter((name) => name.toLowerCase().endsWith('.pdf')).length
    setStatus(targets.status, TEXT.zipSaved(fileName, file.bytes.byteLength, pdfs))
    const errors = errorsFileText(entries)
    if (errors !== undefined) {
      targets.report.append(el('div', { class: 'alert warn' },
        el('p', {}, TEXT.errorsFileTitle),
        el('pre', { class: 'errors-file', tabindex: '0', 'aria-label': 'errores.txt' }, errors)))
    }
  } finally {
    targets.progress.hidden = true
  }
}

/**
 * The service's `contratos-01-12-2026.zip` (the day, spec endpoint 4) with the hour and minute in Lima
 * it was saved at, `contratos-01-12-2026-0915.zip`, so the ZIPs of one day do not take each other's name.
 * @param {string} fileName
 * @param {Date} [now]
 */
export function timedName (fileName, now = new Date()) {
  const match = /^(.*-\d{2}-\d{2}-\d{4})\.zip$/i.exec(fileName)
  if (match === null) return fileName
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now).replace(':', '')
  return `${match[1]}-${time}.zip`
}

/**
 * Shows the items of a refused request: its message and, per item, the field and message; `name(index)` turns
 * a `body.<index>.<field>` path into the person it is about.
 * @param {HTMLElement} container
 * @param {unknown} error
 * @param {(index: number) => string} [name]
 */
export function showFailure (container, error, name) {
  const apiError = /** @type {import('./api.js').ApiError} */ (error)
  const items = (apiError.otherIssues ?? apiError.issues ?? []).map((issue) => {
    const match = /^body\.(\d+)\.(.+)$/.exec(issue.field)
    if (match !== null && name !== undefined) return `${name(Number(match[1]))}, ${issue.column ?? columnOf(match[2])}: ${issue.message}`
    return `${issue.column ?? columnOf(issue.field)}: ${issue.message}`
  })
  if (typeof apiError.detail === 'string') items.push(apiError.detail)
  if (items.length === 0) return // the status line already says it
  container.append(alertBox('error', apiError.message ?? String(error), items))
}
