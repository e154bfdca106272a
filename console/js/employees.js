/**
 * Contracts tab: upload employees (`POST /api/excel/upload`), show them or the file's errors beside
 * its rows, choose each contract's modality and catalogue position and see the cause it will print
 * (issue 21: `GET /api/profile`), preview each person's three documents, download the contracts
 * ZIP and the three reports for the selection.
 */
import { ApiError, postForFile, uploadSheet } from './api.js'
import { alertBox, byId, el, issuesTable, saveFile, setStatus, showUploadNotes } from './dom.js'
import { downloadZip, showFailure } from './downloads.js'
import { readSheetRows, readZip } from './files.js'
import { openPreview } from './preview.js'
import { TEXT } from './texts.js'

/**
 * @typedef {Record<string, string | number | undefined>
 *   & { dni: string, name: string, lastNameFather: string, lastNameMother: string }} Employee
 */

/**
 * The fields each report prints (docs/reports.md), all required there. An upload always brings
 * the contract's fields; `sex` and `birthDate` are optional columns (D21), so they are the ones
 * that can be missing.
 * @type {Record<'lawlife' | 'sctr' | 'photocheck', { path: string, fields: string[] }>}
 */
const REPORTS = {
  lawlife: { path: '/api/excel/download-lawlife', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'salary', 'entryDate', 'birthDate', 'sex'] },
  sctr: { path: '/api/excel/download-sctr', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'salary', 'entryDate', 'endDate', 'birthDate', 'sex'] },
  photocheck: { path: '/api/excel/download-photocheck', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'subDivisionOrParking'] }
}

/** @param {Employee} employee */
const fullName = (employee) => `${employee.lastNameFather} ${employee.lastNameMother}, ${employee.name}`

/** @param {unknown} value */
const isMissing = (value) => value === undefined || value === null || String(value).trim() === ''

/**
 * @param {import('./api.js').Limits | undefined} limits
 * @param {import('./api.js').Profile | undefined} profile the catalogue and modalities; no pickers without it
 */
export function setupEmployees (limits, profile) {
  const form = /** @type {HTMLFormElement} */ (byId('employees-form'))
  const input = /** @type {HTMLInputElement} */ (byId('employees-file'))
  const status = byId('employees-status')
  const errorsBox = byId('employees-errors')
  const result = byId('employees-result')
  const downloads = byId('employees-downloads')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('employees-table').querySelector('tbody'))
  const all = /** @type {HTMLInputElement} */ (byId('employees-all'))
  const selectionLine = byId('selection-count')
  const downloadStatus = byId('downloads-status')
  const report = byId('downloads-report')
  const buttons = /** @type {HTMLButtonElement[]} */ (['download-contracts', 'download-lawlife', 'download-sctr', 'download-photocheck'].map(byId))

  /** @type {Employee[]} */
  let employees = []
  let sessionId = ''
  /**
   * Why each employee's contract cannot be made (issue 21: the import's `contractIssues`), by DNI:
   * such a person can go into the reports, never into the contracts ZIP or the preview.
   * @type {Map<string, string[]>}
   */
  let blocked = new Map()
  /** @type {HTMLInputElement[]} */
  let boxes = []
  /** DNIs whose modality or position was chosen here: their preview sends the record, not the session's. */
  let edited = new Set()

  const selected = () => employees.filter((_, index) => boxes[index]?.checked)

  function updateSelection () {
    const count = selected().length
    selectionLine.textContent = count === 0 ? TEXT.noneSelected : TEXT.selection(count, employees.length)
    all.checked = count === employees.length
    all.indeterminate = count > 0 && count < employees.length
    for (const button of buttons) button.disabled = count === 0
  }

  all.addEventListener('change', () => {
    for (const box of boxes) box.checked = all.checked
    updateSelection()
  })

  /** Cell of an optional value, marked when missing (the reports that need it will leave the person out). */
  /** @param {unknown} value */
  const optionalCell = (value) => isMissing(value) ? el('td', { class: 'missing' }, TEXT.missingValue) : el('td', { class: 'nowrap' }, String(value))

  /** @type {Map<string, Promise<Map<string, Uint8Array>>>} one-person ZIPs, for the consent and the annex */
  let documentZips = new Map()

  /**
   * A PDF of the one-person ZIP, by the folder its kind sits in (spec endpoint 4's layout).
   * @param {Employee} employee
   * @param {RegExp} folder
   */
  async function zipDocument (employee, folder) {
    let pending = documentZips.get(employee.dni)
    if (pending === undefined) {
      pending = postForFile('/api/contracts/download-zip', [employee]).then((file) => readZip(file.bytes))
      documentZips.set(employee.dni, pending)
      pending.catch(() => documentZips.delete(employee.dni))
    }
    const entries = await pending
    const name = [...entries.keys()].find((entry) => folder.test(entry))
    if (name === undefined) throw new Error(TEXT.documentMissing)
    const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (entries.get(name))
    return new Blob([bytes], { type: 'application/pdf' })
  }

  /** @param {Employee} employee */
  function preview (employee) {
    const request = edited.has(employee.dni) ? employee : { sessionId, dni: employee.dni, format: 'file' }
    openPreview(TEXT.previewTitle(`${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`), [
      { label: TEXT.documents.contract, load: async () => (await postForFile('/api/contracts/preview', request)).blob },
      { label: TEXT.documents.consent, load: async () => await zipDocument(employee, /\/Tratamiento de datos\/[^/]+\.pdf$/) },
      { label: TEXT.documents.annex, load: async () => await zipDocument(employee, /\/Anexos\/[^/]+\.pdf$/) }
    ])
  }

  /** @param {Employee} employee */
  const nameCell = (employee) => {
    const reasons = blocked.get(employee.dni)
    if (reasons === undefined) return el('td', {}, fullName(employee))
    return el('td', {}, fullName(employee), el('p', { class: 'blocked' }, `${TEXT.cannotMakeContract}: ${reasons.join('; ')}`))
  }

  /**
   * The cause the contract will print: the record's, the site's reviewed one for the modality, or the
   * suplencia's reason (DOCUMENT-REQUIREMENTS §13).
   * @param {Employee} employee
   */
  function causeText (employee) {
    if (String(employee.contractType).toLowerCase() === 'subsidio') return TEXT.suplenciaLine(String(employee.reasonForSubstitution ?? ''))
    if (!isMissing(employee.objectiveCause)) return TEXT.causeLine(String(employee.objectiveCause))
    const code = modalityCode(employee)
    const site = profile?.sites.find((entry) => entry.name === employee.subDivisionOrParking)
    const cause = code === undefined ? undefined : site?.causes[code]
    return cause === undefined ? TEXT.noReviewedCause : TEXT.causeLine(cause)
  }

  /**
   * The modality's code the contract takes: the record's (code or name), else the profile's.
   * @param {Employee} employee
   */
  function modalityCode (employee) {
    const given = employee.modality === undefined ? undefined : String(employee.modality)
    if (given === undefined) return profile?.contractDefaults[String(employee.contractType)]?.modality
    const fold = (/** @type {string} */ text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
    return profile?.modalities.find((entry) => entry.code === given.trim() || fold(entry.name) === fold(given))?.code
  }

  /**
   * The contract's pickers: modality and catalogue position; a change is checked by the service at
   * once (a record-mode preview) and the row says whether the contract can now be made.
   * @param {Employee} employee
   */
  function contractCell (employee) {
    if (profile === undefined) return el('td', {})
    const subsidio = String(employee.contractType).toLowerCase() === 'subsidio'
    const defaultCode = profile.contractDefaults[String(employee.contractType)]?.modality
    const defaultName = profile.modalities.find((entry) => entry.code === defaultCode)?.name
    const modality = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.modalityPickerOf(fullName(employee)),
      disabled: subsidio,
      onchange: () => choose(employee, 'modality', modality.value)
    },
    el('option', { value: '' }, TEXT.modalityDefault(defaultCode === undefined ? '—' : `${defaultCode}, ${defaultName}`)),
    ...profile.modalities.filter((entry) => (entry.code === '61') === subsidio)
      .map((entry) => el('option', { value: entry.code }, TEXT.modalityOption(entry.code, entry.name)))))
    modality.value = subsidio ? '' : String(employee.modality ?? '')
    const position = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.positionPickerOf(fullName(employee)),
      onchange: () => choose(employee, 'positionProfile', position.value)
    },
    el('option', { value: '' }, TEXT.positionByName),
    ...profile.positions.map((entry) => el('option', { value: entry.key }, TEXT.positionOption(entry.name)))))
    position.value = String(employee.positionProfile ?? '')
    return el('td', { class: 'contract' }, modality, position, el('p', { class: 'cause' }, causeText(employee)))
  }

  /**
   * Sets (or clears) a contract field of one employee and asks the service whether the contract
   * can now be made: a record-mode preview answers the PDF, or the refusals on its fields.
   * @param {Employee} employee
   * @param {'modality' | 'positionProfile'} field
   * @param {string} value '' to take the profile's modality or the position by its name
   */
  async function choose (employee, field, value) {
    if (value === '') delete employee[field]
    else employee[field] = value
    edited.add(employee.dni)
    documentZips.delete(employee.dni)
    setStatus(status, TEXT.checking, 'busy')
    try {
      await postForFile('/api/contracts/preview', employee)
      blocked.delete(employee.dni)
      setStatus(status, `${fullName(employee)}: ${TEXT.contractReady}`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const reasons = error.issues.map((issue) => issue.message)
      blocked.set(employee.dni, reasons.length > 0 ? reasons : [error.message])
      setStatus(status, `${fullName(employee)}: ${TEXT.cannotMakeContract}.`, 'error')
    }
    const checked = new Map(employees.map((other, index) => [other.dni, boxes[index]?.checked ?? false]))
    // a contract that can now be made joins the selection; one that cannot leaves it
    checked.set(employee.dni, !blocked.has(employee.dni))
    renderEmployees(checked)
  }

  /** @param {Map<string, boolean>} [checked] the selection to keep after a choice; default: every lawful contract */
  function renderEmployees (checked) {
    boxes = employees.map((employee) => el('input', {
      type: 'checkbox',
      checked: blocked.has(employee.dni) ? false : (checked?.get(employee.dni) ?? true),
      'aria-label': TEXT.selectEmployee(fullName(employee)),
      onchange: updateSelection
    }))
    tbody.replaceChildren(...employees.map((employee, index) => el('tr', blocked.has(employee.dni) ? { class: 'blocked' } : {},
      el('td', {}, boxes[index]),
      el('td', { class: 'nowrap' }, employee.dni),
      nameCell(employee),
      el('td', {}, String(employee.position ?? '')),
      el('td', { class: 'nowrap' }, String(employee.contractType ?? '')),
      el('td', { class: 'nowrap' }, `${employee.entryDate ?? ''} – ${employee.endDate ?? ''}`),
      contractCell(employee),
      optionalCell(employee.sex),
      optionalCell(employee.birthDate),
      el('td', {}, el('button', {
        type: 'button',
        class: 'secondary small',
        disabled: blocked.has(employee.dni),
        'aria-label': TEXT.viewDocumentsOf(fullName(employee)),
        onclick: () => preview(employee)
      }, TEXT.viewDocuments))
    )))
    updateSelection()
  }

  async function upload () {
    const file = input.files?.[0]
    errorsBox.replaceChildren()
    if (file === undefined) return setStatus(status, TEXT.chooseFile, 'error')
    if (limits !== undefined && file.size > limits.maxFileSize) return setStatus(status, TEXT.fileTooLarge(file.name, file.size, limits.maxFileSize), 'error')
    setStatus(status, TEXT.uploading(file.name), 'busy')
    try {
      const reply = await uploadSheet('/api/excel/upload', file)
      employees = reply.data.employees
      sessionId = reply.data.sessionId
      blocked = new Map()
      edited = new Set()
      for (const issue of reply.data.contractIssues ?? []) {
        blocked.set(issue.dni, [...(blocked.get(issue.dni) ?? []), issue.message])
      }
      documentZips = new Map()
      renderEmployees()
      result.hidden = false
      downloads.hidden = false
      report.replaceChildren()
      setStatus(downloadStatus, '')
      setStatus(status, `${reply.message} ${TEXT.employeesLoaded(employees.length, blocked.size)}`)
      showUploadNotes(errorsBox, reply.data.warnings)
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

  /**
   * @param {HTMLButtonElement} button
   * @param {() => Promise<void>} action
   */
  async function run (button, action) {
    for (const other of buttons) other.disabled = true
    try {
      await action()
    } catch (error) {
      setStatus(downloadStatus, error instanceof Error ? error.message : String(error), 'error')
      const batch = selected()
      if (error instanceof ApiError) showFailure(report, error, (i) => batch[i] === undefined ? TEXT.sentItem(i) : `${fullName(batch[i])} (DNI ${batch[i].dni})`)
    } finally {
      updateSelection()
      button.focus()
    }
  }

  buttons[0].addEventListener('click', () => {
    run(buttons[0], async () => {
      report.replaceChildren()
      const batch = selected().filter((employee) => !blocked.has(employee.dni))
      const skipped = selected().filter((employee) => blocked.has(employee.dni))
        .map((employee) => `${fullName(employee)} (DNI ${employee.dni}): ${(blocked.get(employee.dni) ?? []).join('; ')}`)
      const warnSkipped = () => {
        if (skipped.length > 0) report.append(alertBox('warn', TEXT.contractsSkippedTitle(skipped.length), skipped))
      }
      if (batch.length === 0) {
        setStatus(downloadStatus, TEXT.noContractToMake, 'error')
        warnSkipped()
        return
      }
      await downloadZip('/api/contracts/download-zip', batch, batch.length * 3, {
        progress: byId('contracts-progress'),
        bar: /** @type {HTMLProgressElement} */ (byId('contracts-progress-bar')),
        progressText: byId('contracts-progress-text'),
        status: downloadStatus,
        report
      })
      warnSkipped()
    }).catch(reportError)
  })

  for (const [index, key] of /** @type {const} */ ([[1, 'lawlife'], [2, 'sctr'], [3, 'photocheck']])) {
    buttons[index].addEventListener('click', () => {
      run(buttons[index], async () => {
        report.replaceChildren()
        setStatus(downloadStatus, '')
        const label = TEXT.reports[key]
        const fields = REPORTS[key].fields
        /** @type {Employee[]} */
        const ready = []
        /** @type {string[]} */
        const skipped = []
        for (const employee of selected()) {
          const missing = fields.filter((field) => isMissing(employee[field]))
          if (missing.length === 0) ready.push(employee)
          else skipped.push(`${fullName(employee)} (DNI ${employee.dni}): ${TEXT.missingFields(missing.map((field) => TEXT.fieldLabels[field] ?? field))}`)
        }
        if (skipped.length > 0) report.append(alertBox('warn', TEXT.skippedTitle(label, skipped.length), skipped))
        if (ready.length === 0) {
          setStatus(downloadStatus, TEXT.nothingToExport(label), 'error')
          return
        }
        try {
          const file = await postForFile(REPORTS[key].path, ready)
          saveFile(file.blob, file.fileName)
          setStatus(downloadStatus, TEXT.fileSaved(file.fileName, file.bytes.byteLength))
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          setStatus(downloadStatus, error.message, 'error')
          showFailure(report, error, (i) => ready[i] === undefined ? TEXT.sentItem(i) : `${fullName(ready[i])} (DNI ${ready[i].dni})`)
        }
      }).catch(reportError)
    })
  }
}
