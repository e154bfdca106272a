/**
 * Contracts tab: upload employees in partial mode (`POST /api/excel/upload?partial=true`,
 * docs/import.md), show the kept ones and the refused rows beside their cells, fix a row in the page
 * (fix.js; the service judges the whole sheet again), choose each contract's modality and catalogue
 * position and see the cause it will print (`GET /api/profile`), search and filter,
 * preview each person's three documents, download the contracts ZIP, the three reports and the
 * corrected sheet for the selection. The tab's work survives a reload (storage.js).
 */
import { ApiError, getFile, postForFile } from './api.js'
import { alertBox, byId, el, issuesTable, saveFile, setStatus, showUploadNotes } from './dom.js'
import { downloadZip, showFailure } from './downloads.js'
import { readSheet, readZip, templateHeaders } from './files.js'
import { fixSheetRow } from './fix.js'
import { givesUpProbation } from './pickers.js'
import { openPreview } from './preview.js'
import { SheetImport } from './sheet-import.js'
import { loadSaved, save } from './storage.js'
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
  const sheetActions = byId('employees-sheet-actions')
  const correctedButton = /** @type {HTMLButtonElement} */ (byId('employees-corrected'))
  const result = byId('employees-result')
  const downloads = byId('employees-downloads')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('employees-table').querySelector('tbody'))
  const all = /** @type {HTMLInputElement} */ (byId('employees-all'))
  const search = /** @type {HTMLInputElement} */ (byId('employees-search'))
  const typeFilter = /** @type {HTMLSelectElement} */ (byId('employees-type'))
  const siteFilter = /** @type {HTMLSelectElement} */ (byId('employees-site'))
  const filterLine = byId('employees-filter-count')
  const selectionLine = byId('selection-count')
  const downloadStatus = byId('downloads-status')
  const report = byId('downloads-report')
  byId('data-notice').textContent = TEXT.dataNotice // DOCUMENT-REQUIREMENTS §29
  const buttons = /** @type {HTMLButtonElement[]} */ (['download-contracts', 'download-lawlife', 'download-sctr', 'download-photocheck'].map(byId))

  const saved = loadSaved('employees')
  /** The sheet and the service's answer for it. */
  let sheet = new SheetImport('/api/excel/upload?partial=true', saved?.import)
  /** Sheet rows left out of the selection. @type {Set<number>} */
  let unchecked = new Set(saved?.unchecked ?? [])
  /**
   * Rows whose contract cannot be made, ticked on purpose (the ZIP still leaves them out and says why).
   * @type {Set<number>}
   */
  let ticked = new Set(saved?.ticked ?? [])
  /** DNIs whose modality or position was chosen here: their preview sends the record, not the session's. */
  let edited = new Set(saved?.edited ?? [])
  /** @type {Map<string, Promise<Map<string, Uint8Array>>>} one-person ZIPs, for the consent and the annex */
  let documentZips = new Map()
  /** @type {HTMLInputElement[]} */
  let boxes = []
  /** @type {boolean[]} */
  let shown = []

  /** @returns {Employee[]} */
  const employees = () => /** @type {Employee[]} */ (sheet.state.records)
  /** @param {number} index */
  const rowOf = (index) => sheet.state.rows[index]
  /**
   * Why each employee's contract cannot be made (the import's `contractIssues`, docs/documents.md), by DNI:
   * such a person can go into the reports, never into the contracts ZIP or the preview.
   */
  const blocked = () => {
    /** @type {Map<string, string[]>} */
    const reasons = new Map()
    for (const issue of sheet.state.documentIssues) {
      const dni = String(issue.dni)
      reasons.set(dni, [...(reasons.get(dni) ?? []), issue.message])
    }
    return reasons
  }

  function persist () {
    const filters = { text: search.value, type: typeFilter.value, site: siteFilter.value }
    save('employees', { import: sheet.state, unchecked: [...unchecked], ticked: [...ticked], edited: [...edited], filters })
  }

  /** The selected employees among those the filter shows: what every download takes. */
  const selected = () => employees().filter((_, index) => shown[index] && boxes[index]?.checked)

  function updateSelection () {
    const visible = shown.filter(Boolean).length
    const count = selected().length
    selectionLine.textContent = count === 0 ? TEXT.noneSelected : TEXT.selection(count, visible)
    all.checked = count > 0 && count === visible
    all.indeterminate = count > 0 && count < visible
    for (const button of buttons) button.disabled = count === 0
  }

  all.addEventListener('change', () => {
    boxes.forEach((box, index) => {
      if (!shown[index]) return
      box.checked = all.checked
      tick(rowOf(index), all.checked)
    })
    updateSelection()
    persist()
  })

  /** @param {number} row @param {boolean} checked a checkbox's new state, kept for the reload */
  function tick (row, checked) {
    if (checked) { unchecked.delete(row); ticked.add(row) } else { unchecked.add(row); ticked.delete(row) }
  }

  /** Shows the rows the search and the two filters match (docs/console.md, item 3). */
  function applyFilters () {
    const words = search.value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/\s+/).filter(Boolean)
    const list = employees()
    shown = list.map((employee) => {
      const haystack = `${fullName(employee)} ${employee.dni}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
      return words.every((word) => haystack.includes(word)) &&
        (typeFilter.value === '' || String(employee.contractType) === typeFilter.value) &&
        (siteFilter.value === '' || String(employee.subDivisionOrParking) === siteFilter.value)
    })
    ;[...tbody.rows].forEach((row, index) => { row.hidden = !shown[index] })
    const visible = shown.filter(Boolean).length
    filterLine.textContent = visible === list.length ? '' : TEXT.filtered(visible, list.length)
    updateSelection()
  }
  for (const control of [search, typeFilter, siteFilter]) {
    control.addEventListener('input', () => { applyFilters(); persist() })
  }

  /**
   * A filter's options: every value of the field in the list, kept when still present.
   * @param {HTMLSelectElement} select
   * @param {'contractType' | 'subDivisionOrParking'} field
   * @param {string} allLabel
   * @param {string} [wanted] the value to select
   */
  function fillFilter (select, field, allLabel, wanted = select.value) {
    const values = [...new Set(employees().map((employee) => String(employee[field] ?? '')).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'es'))
    select.replaceChildren(el('option', { value: '' }, allLabel), ...values.map((value) => el('option', { value }, value)))
    select.value = values.includes(wanted) ? wanted : ''
  }

  /** Cell of an optional value, marked when missing (the reports that need it will leave the person out). */
  /** @param {unknown} value */
  const optionalCell = (value) => isMissing(value) ? el('td', { class: 'missing' }, TEXT.missingValue) : el('td', { class: 'nowrap' }, String(value))

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

  /**
   * The contract of the preview: from the upload session (D4), or from the record when it was
   * changed here or the session is gone (a reload after FILE_CLEANUP_TIMEOUT: 404).
   * @param {Employee} employee
   */
  async function contractPdf (employee) {
    if (edited.has(employee.dni) || sheet.state.sessionId === '') return (await postForFile('/api/contracts/preview', employee)).blob
    try {
      return (await postForFile('/api/contracts/preview', { sessionId: sheet.state.sessionId, dni: employee.dni, format: 'file' })).blob
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error
      return (await postForFile('/api/contracts/preview', employee)).blob
    }
  }

  /** @param {Employee} employee */
  function preview (employee) {
    openPreview(TEXT.previewTitle(`${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`), [
      { label: TEXT.documents.contract, load: async () => await contractPdf(employee) },
      { label: TEXT.documents.consent, load: async () => await zipDocument(employee, /\/Tratamiento de datos\/[^/]+\.pdf$/) },
      { label: TEXT.documents.annex, load: async () => await zipDocument(employee, /\/Anexos\/[^/]+\.pdf$/) }
    ])
  }

  /**
   * Opens the fix form on a sheet row; once saved, the tab shows the service's new answer.
   * @param {number} row
   * @param {string} name who the row is about
   */
  function fix (row, name) {
    fixSheetRow(sheet, row, name, {
      saved: () => {
        edited = new Set()
        documentZips = new Map()
        unchecked.delete(row)
        render()
        persist()
      },
      status,
      focusAfter: (fixed) => boxes[sheet.state.rows.indexOf(fixed)], // the row's checkbox
      kind: 'employee',
      profile
    })
  }

  /** @param {Employee} employee @param {Map<string, string[]>} reasons */
  const nameCell = (employee, reasons) => {
    const why = reasons.get(employee.dni)
    if (why === undefined) return el('td', {}, fullName(employee))
    return el('td', {}, fullName(employee), el('p', { class: 'blocked' }, `${TEXT.cannotMakeContract}: ${why.join('; ')}`))
  }

  /**
   * The cause the contract will print: the reviewed cause the record names (CAUSA), else the one the
   * profile reviewed for its site and modality, or the suplencia's reason (DOCUMENT-REQUIREMENTS §21). The
   * service also checks the cause's period and hours; when several causes are reviewed for the site and
   * modality, the row names them and the service says which fit.
   * @param {Employee} employee
   */
  function causeText (employee) {
    if (String(employee.contractType).toLowerCase() === 'subsidio') return TEXT.suplenciaLine(String(employee.reasonForSubstitution ?? ''))
    const causes = profile?.causes ?? []
    if (!isMissing(employee.causeId)) {
      const named = causes.find((cause) => cause.id === String(employee.causeId).trim())
      return named === undefined ? TEXT.unknownCause(String(employee.causeId)) : TEXT.causeLine(named.text)
    }
    const code = modalityCode(employee)
    const site = fold(String(employee.subDivisionOrParking ?? ''))
    const candidates = causes.filter((cause) =>
      cause.modality === code && cause.sites.some((name) => fold(name) === site))
    if (candidates.length === 1) return TEXT.causeLine(candidates[0].text)
    return candidates.length === 0 ? TEXT.noReviewedCause : TEXT.severalCauses(candidates.map((cause) => cause.id))
  }

  /**
   * Text compared as the service compares names: accents, case and spacing aside.
   * @param {string} text
   */
  function fold (text) {
    return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
  }

  /**
   * The modality's code the contract takes: the record's (code or name), else the profile's.
   * @param {Employee} employee
   */
  function modalityCode (employee) {
    const given = employee.modality === undefined ? undefined : String(employee.modality)
    if (given === undefined) return profile?.contractDefaults[String(employee.contractType)]?.modality
    return profile?.modalities.find((entry) => entry.code === given.trim() || fold(entry.name) === fold(given))?.code
  }

  /**
   * The contract's pickers: modality and catalogue position; a change is checked by the service at
   * once (a record-mode preview) and the row says whether the contract can now be made.
   * @param {Employee} employee
   * @param {number} row
   */
  function contractCell (employee, row) {
    if (profile === undefined) return el('td', {})
    const subsidio = String(employee.contractType).toLowerCase() === 'subsidio'
    const defaultCode = profile.contractDefaults[String(employee.contractType)]?.modality
    const defaultName = profile.modalities.find((entry) => entry.code === defaultCode)?.name
    const modality = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.modalityPickerOf(fullName(employee)),
      disabled: subsidio,
      onchange: () => { choose(employee, row, 'modality', modality.value).catch(reportError) }
    },
    el('option', { value: '' }, TEXT.modalityDefault(defaultCode === undefined ? '—' : `${defaultCode}, ${defaultName}`)),
    ...profile.modalities.filter((entry) => (entry.code === '61') === subsidio)
      .map((entry) => el('option', { value: entry.code }, TEXT.modalityOption(entry.code, entry.name)))))
    modality.value = subsidio ? '' : String(employee.modality ?? '')
    const position = /** @type {HTMLSelectElement} */ (el('select', {
      'aria-label': TEXT.positionPickerOf(fullName(employee)),
      onchange: () => { choose(employee, row, 'positionProfile', position.value).catch(reportError) }
    },
    el('option', { value: '' }, TEXT.positionByName),
    ...profile.positions.map((entry) => el('option', { value: entry.key }, TEXT.positionOption(entry.name)))))
    position.value = String(employee.positionProfile ?? '')
    return el('td', { class: 'contract' }, modality, position, el('p', { class: 'cause' }, causeText(employee)),
      givesUpProbation(employee) ? el('p', { class: 'notice' }, TEXT.noProbation) : null)
  }

  /** The sheet columns the pickers write, so the corrected sheet and a later check keep the choice. */
  const PICKER_HEADERS = { modality: 'MODALIDAD', positionProfile: 'PERFIL DE PUESTO' }

  /**
   * Sets (or clears) a contract field of one employee and asks the service whether the contract
   * can now be made: a record-mode preview answers the PDF, or the refusals on its fields.
   * @param {Employee} employee
   * @param {number} row the employee's sheet row
   * @param {'modality' | 'positionProfile'} field
   * @param {string} value '' to take the profile's modality or the position by its name
   */
  async function choose (employee, row, field, value) {
    if (value === '') delete employee[field]
    else employee[field] = value
    sheet.setCell(row, PICKER_HEADERS[field], value)
    edited.add(employee.dni)
    documentZips.delete(employee.dni)
    setStatus(status, TEXT.checking, 'busy')
    const others = sheet.state.documentIssues.filter((issue) => issue.row !== row)
    try {
      await postForFile('/api/contracts/preview', employee)
      sheet.state.documentIssues = others
      unchecked.delete(row) // a contract that can now be made joins the selection
      setStatus(status, `${fullName(employee)}: ${TEXT.contractReady}`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const reasons = error.issues.length > 0 ? error.issues : [{ field, message: error.message }]
      sheet.state.documentIssues = [...others, ...reasons.map((issue) => ({ ...issue, row, dni: employee.dni }))]
      setStatus(status, `${fullName(employee)}: ${TEXT.cannotMakeContract}.`, 'error')
    }
    render()
    persist()
  }

  /** The refused rows beside their cells, each with its "Corregir" button when the sheet was read. */
  function renderErrors () {
    errorsBox.replaceChildren()
    const { errors, warnings } = sheet.state
    if (errors.length > 0) {
      const fixRow = sheet.fixable
        ? (/** @type {number} */ row) => fix(row, sheet.textOf(row, ['NOMBRE', 'Nombre completo', 'APELLIDO PATERNO', 'APELLIDO MATERNO']))
        : undefined
      errorsBox.append(el('h3', {}, TEXT.refusedTitle(new Set(errors.map((issue) => issue.row)).size, errors.length)),
        issuesTable(errors, sheet.state.sheet?.rows, fixRow))
    }
    showUploadNotes(errorsBox, warnings)
    sheetActions.hidden = !sheet.fixable
  }

  function render () {
    const list = employees()
    const reasons = blocked()
    boxes = list.map((employee, index) => el('input', {
      type: 'checkbox',
      checked: reasons.has(employee.dni) ? ticked.has(rowOf(index)) : !unchecked.has(rowOf(index)),
      'aria-label': TEXT.selectEmployee(fullName(employee)),
      onchange: (/** @type {Event} */ event) => {
        tick(rowOf(index), /** @type {HTMLInputElement} */ (event.target).checked)
        updateSelection()
        persist()
      }
    }))
    tbody.replaceChildren(...list.map((employee, index) => el('tr', reasons.has(employee.dni) ? { class: 'blocked' } : {},
      el('td', {}, boxes[index]),
      el('td', { class: 'nowrap' }, employee.dni),
      nameCell(employee, reasons),
      el('td', {}, String(employee.position ?? '')),
      el('td', { class: 'nowrap' }, String(employee.contractType ?? '')),
      el('td', { class: 'nowrap' }, `${employee.entryDate ?? ''} – ${employee.endDate ?? ''}`),
      contractCell(employee, rowOf(index)),
      optionalCell(employee.sex),
      optionalCell(employee.birthDate),
      el('td', { class: 'row-actions' },
        el('button', {
          type: 'button',
          class: 'secondary small',
          disabled: reasons.has(employee.dni),
          'aria-label': TEXT.viewDocumentsOf(fullName(employee)),
          onclick: () => preview(employee)
        }, TEXT.viewDocuments),
        reasons.has(employee.dni) && sheet.fixable
          ? el('button', {
            type: 'button',
            class: 'secondary small',
            'aria-label': TEXT.fixOf(fullName(employee)),
            onclick: () => fix(rowOf(index), `${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`)
          }, TEXT.fix)
          : null)
    )))
    fillFilter(typeFilter, 'contractType', TEXT.allTypes)
    fillFilter(siteFilter, 'subDivisionOrParking', TEXT.allSites)
    result.hidden = list.length === 0
    downloads.hidden = list.length === 0
    renderErrors()
    applyFilters()
  }

  async function upload () {
    const file = input.files?.[0]
    errorsBox.replaceChildren()
    if (file === undefined) return setStatus(status, TEXT.chooseFile, 'error')
    if (limits !== undefined && file.size > limits.maxFileSize) return setStatus(status, TEXT.fileTooLarge(file.name, file.size, limits.maxFileSize), 'error')
    setStatus(status, TEXT.uploading(file.name), 'busy')
    const next = new SheetImport('/api/excel/upload?partial=true')
    try {
      await next.load(file)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, error.message, 'error')
      showUploadNotes(errorsBox, undefined, error.hint)
      if (error.issues.length > 0) errorsBox.append(el('h3', {}, `${TEXT.errorsTitle} (${TEXT.errorsCount(error.issues.length)})`), issuesTable(error.issues, (await readSheet(file))?.rows))
      else if (error.detail !== undefined) errorsBox.append(alertBox('error', error.detail))
      return
    }
    sheet = next
    unchecked = new Set()
    ticked = new Set()
    edited = new Set()
    documentZips = new Map()
    search.value = ''
    typeFilter.value = ''
    siteFilter.value = ''
    report.replaceChildren()
    setStatus(downloadStatus, '')
    render()
    persist()
    showStatus()
  }

  /** The status line of the sheet: the service's message and what the tab did with it. */
  function showStatus () {
    const { records, errors, message, refused } = sheet.state
    const reasons = blocked()
    const refusedRows = new Set(errors.map((issue) => issue.row)).size
    const kind = refused ? 'error' : refusedRows > 0 || reasons.size > 0 ? 'warn' : 'ok'
    setStatus(status, refused ? `${message} ${TEXT.fixRowsHint}` : `${message} ${TEXT.employeesLoaded(records.length, reasons.size, refusedRows)}`, kind)
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    upload().catch(reportError)
  })

  correctedButton.addEventListener('click', () => {
    (async () => {
      correctedButton.disabled = true
      try {
        const template = await templateHeaders(new Uint8Array(await (await getFile('/api/templates/employees.xlsx')).blob.arrayBuffer()))
        const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (await sheet.correctedXlsx(template))
        const name = `${sheet.state.fileName.replace(/\.[^.]*$/, '')}-corregido.xlsx`
        saveFile(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name)
        setStatus(status, TEXT.fileSaved(name, bytes.byteLength))
      } catch (error) {
        setStatus(status, error instanceof Error ? error.message : String(error), 'error')
      } finally {
        correctedButton.disabled = false
      }
    })().catch(reportError)
  })

  // a reload in the same tab continues where HR was (docs/console.md, item 3)
  if (sheet.state.fileName !== '') {
    search.value = saved?.filters?.text ?? ''
    render()
    fillFilter(typeFilter, 'contractType', TEXT.allTypes, saved?.filters?.type)
    fillFilter(siteFilter, 'subDivisionOrParking', TEXT.allSites, saved?.filters?.site)
    applyFilters()
    setStatus(status, TEXT.restored(sheet.state.fileName))
    byId('employees-file-name').textContent = sheet.state.fileName
  }

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
      const reasons = blocked()
      const batch = selected().filter((employee) => !reasons.has(employee.dni))
      const skipped = selected().filter((employee) => reasons.has(employee.dni))
        .map((employee) => `${fullName(employee)} (DNI ${employee.dni}): ${(reasons.get(employee.dni) ?? []).join('; ')}`)
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
