/**
 * The forms of the "Firmas" tab's rows (docs/console.md, item 10; docs/registry.md "Statuses", "Paper and
 * its scan"), shown under the row they change:
 * - "Firmado en papel": the signing date (typed `DD/MM/AAAA` or picked on the calendar) and the scan, a
 *   PDF, JPEG or PNG file or a photo from the phone's camera (`capture`), sent as the multipart form of
 *   `POST /api/contracts/{id}/signed` (`signingDate`, `file`);
 * - "Añadir el escaneo": the same form for a mark without a scan, its date fixed (the service adds the
 *   scan once to a mark of the same date);
 * - "Retirar": `POST /api/contracts/{id}/withdraw` `{reason}`;
 * - "Terminó antes": `POST /api/contracts/{id}/ended` `{endedOn, reason}`.
 * The service judges every value; a refusal is shown on its field, the field's message first
 * (field-errors.js). Nothing here checks a file's type: the service reads its bytes.
 */
import { ApiError, requestJson, sendForm } from '../api.js'
import { el, setStatus } from '../dom.js'
import { clearFieldErrors, showFieldErrors } from '../field-errors.js'
import { datePicker } from '../fix/fields.js'
import { TEXT } from '../texts.js'

/** The scan types the service takes (src/registry/scan-files.ts), for the file chooser. */
const SCAN_TYPES = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png'

/**
 * @param {'sign' | 'scan' | 'withdraw' | 'ended'} action
 * @param {import('../signatures.js').ListedContract} contract
 * @param {{ done: (line: string) => void, cancel: () => void }} then `done` with the status line once accepted
 * @returns {HTMLFormElement}
 */
export function actionForm (action, contract, then) {
  const prefix = `sig-${action}-${contract.id}`
  const general = el('div', { class: 'form-general' })
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite' })
  /** @param {string} name @param {string} label @param {string} [value] */
  const dateField = (name, label, value = '') => {
    const input = /** @type {HTMLInputElement} */ (el('input', { id: `${prefix}-${name}`, name, type: 'text', autocomplete: 'off', inputmode: 'numeric', placeholder: 'dd/mm/aaaa' }))
    input.value = value
    if (action === 'scan') input.readOnly = true
    return {
      input,
      field: el('div', { class: 'fix-field', 'data-field': name },
        el('label', { for: input.id }, label),
        action === 'scan' ? input : el('div', { class: 'date-field' }, input, datePicker(input, label)))
    }
  }
  const reasonField = () => {
    const input = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: `${prefix}-reason`, name: 'reason', rows: 2 }))
    return { input, field: el('div', { class: 'fix-field wide', 'data-field': 'reason' }, el('label', { for: input.id }, TEXT.reason), input) }
  }

  /** @type {HTMLElement[]} */
  let fields
  /** @type {() => Promise<string>} sends the form; the status line once accepted */
  let send
  /** @type {string} */
  let hint
  const path = (/** @type {string} */ route) => `/api/contracts/${encodeURIComponent(contract.id)}/${route}`

  if (action === 'sign' || action === 'scan') {
    const date = dateField('signingDate', TEXT.signingDate, action === 'scan' ? contract.signedOn ?? '' : '')
    // the inputs stay hidden behind Spanish buttons, as the console's other uploads (index.html)
    const file = /** @type {HTMLInputElement} */ (el('input', {
      id: `${prefix}-file`,
      name: 'file',
      type: 'file',
      accept: SCAN_TYPES,
      class: 'file-input',
      tabindex: -1,
      'aria-describedby': `${prefix}-file-hint`
    }))
    const photo = /** @type {HTMLInputElement} */ (el('input', {
      id: `${prefix}-photo`,
      name: 'photo',
      type: 'file',
      accept: 'image/jpeg,image/png',
      capture: 'environment',
      class: 'file-input',
      tabindex: -1,
      'aria-label': TEXT.takePhoto
    }))
    const chosenName = el('span', { class: 'file-name', id: `${prefix}-file-name` }, TEXT.noFileChosen)
    // one scan is sent: the one chosen last
    const chosen = () => file.files?.[0] ?? photo.files?.[0]
    /** @param {HTMLInputElement} picked @param {HTMLInputElement} other */
    const onPick = (picked, other) => picked.addEventListener('change', () => {
      if ((picked.files?.length ?? 0) > 0) other.value = ''
      chosenName.textContent = chosen()?.name ?? TEXT.noFileChosen
    })
    onPick(file, photo)
    onPick(photo, file)
    fields = [date.field, el('div', { class: 'fix-field wide', 'data-field': 'file' },
      el('label', { for: file.id }, TEXT.scanFile),
      el('div', { class: 'upload-row' }, file, photo,
        el('button', { type: 'button', class: 'secondary small', 'aria-describedby': chosenName.id, onclick: () => file.click() }, TEXT.chooseScanFile),
        el('button', { type: 'button', class: 'secondary small', 'aria-describedby': chosenName.id, onclick: () => photo.click() }, TEXT.takePhoto),
        chosenName),
      el('p', { class: 'field-hint', id: `${prefix}-file-hint` }, TEXT.scanHint))]
    hint = ''
    send = async () => {
      const scan = chosen()
      const form = new FormData()
      form.append('signingDate', date.input.value.trim())
      // without a scan the service answers on `body.file`, as for any other missing value
      if (scan !== undefined) form.append('file', scan, scan.name)
      await sendForm(path('signed'), form)
      return action === 'scan' ? TEXT.scanAdded(contract.worker) : TEXT.markedSigned(contract.worker)
    }
  } else if (action === 'withdraw') {
    const reason = reasonField()
    fields = [reason.field]
    hint = TEXT.withdrawHint
    send = async () => {
      await requestJson(path('withdraw'), 'POST', { reason: reason.input.value.trim() })
      return TEXT.markedWithdrawn(contract.worker)
    }
  } else {
    const date = dateField('endedOn', TEXT.endedOn)
    const reason = reasonField()
    fields = [date.field, reason.field]
    hint = TEXT.endedHint
    send = async () => {
      await requestJson(path('ended'), 'POST', { endedOn: date.input.value.trim(), reason: reason.input.value.trim() })
      return TEXT.markedEnded(contract.worker)
    }
  }

  const title = { sign: TEXT.signPaper, scan: TEXT.addScan, withdraw: TEXT.withdraw, ended: TEXT.endEarly }[action]
  const form = el('form', { class: 'row-form', novalidate: true, 'aria-label': TEXT.actionOf(title, contract.worker) },
    el('h3', { class: 'detail-title' }, TEXT.actionOf(title, contract.worker)),
    hint === '' ? null : el('p', { class: 'field-hint' }, hint),
    general,
    el('div', { class: 'fix-fields' }, ...fields),
    status,
    el('div', { class: 'actions' },
      el('button', { type: 'submit', class: 'small' }, TEXT.save),
      el('button', { type: 'button', class: 'secondary small', onclick: () => then.cancel() }, TEXT.cancel)))

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    clearFieldErrors(form, general)
    setStatus(status, TEXT.sending, 'busy')
    send().then((line) => {
      setStatus(status, '')
      then.done(line)
    }, (error) => {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, '')
      showFieldErrors(form, general, error)?.focus()
    }).catch(reportError)
  })
  return form
}
