/**
 * Contracts tab: upload employees in partial mode (`POST /api/excel/upload?partial=true`,
 * docs/import.md), show the kept ones and the refused rows beside their cells, fix a row in the page
 * (fix.js; the service judges the whole sheet again), choose each contract's modality and catalogue
 * position and see the cause it will print (`GET /api/profile`), see each row's contract as the
 * registry holds it (employees/recorded.js), search and filter,
 * preview each person's three documents, download the contracts ZIP, the three reports and the
 * corrected sheet for the selection. The tab's work survives a reload (storage.js).
 *
 * This module only wires the tab's parts, each a factory in `employees/` taking the tab's state
 * (`employees/model.js`) and its elements: the sheet (upload, errors, fixes), the table, its
 * filters, the selection (`selection.js`), the Contrato pickers, the documents preview, the
 * downloads and the saved work.
 */
import { PROFILE_EVENT } from './api.js'
import { byId, setStatus } from './dom.js'
import { loadView } from './storage.js'
import { rowSelection } from './selection.js'
import { TEXT } from './texts.js'
import { contractPickers } from './employees/contract.js'
import { employeeDocuments } from './employees/documents.js'
import { employeeDownloads } from './employees/downloads.js'
import { employeeFilters } from './employees/filters.js'
import { recordedContracts } from './employees/recorded.js'
import { createState, employeesOf, fullName, startOver } from './employees/model.js'
import { employeesWork, loadEmployeesWork } from './employees/saved-work.js'
import { employeesSheet } from './employees/sheet.js'
import { employeesTable } from './employees/table.js'

/**
 * @param {import('./api.js').Limits | undefined} limits
 * @param {import('./api.js').Profile | undefined} profile the catalogue and modalities; no pickers without it
 */
export function setupEmployees (limits, profile) {
  const form = /** @type {HTMLFormElement} */ (byId('employees-form'))
  const status = byId('employees-status')
  const correctedButton = /** @type {HTMLButtonElement} */ (byId('employees-corrected'))
  const downloadStatus = byId('downloads-status')
  const report = byId('downloads-report')
  byId('data-notice').textContent = TEXT.dataNotice // DOCUMENT-REQUIREMENTS §29
  // the photocheck as .xlsx first (the DNI as text keeps its zeros in Excel), the printer's CSV beside it
  const buttons = /** @type {HTMLButtonElement[]} */ (['download-contracts', 'download-lawlife', 'download-sctr', 'download-photocheck-xlsx', 'download-photocheck'].map(byId))

  const saved = loadEmployeesWork()
  const state = createState(saved)

  const selection = rowSelection(state, {
    all: /** @type {HTMLInputElement} */ (byId('employees-all')),
    line: byId('selection-count'),
    buttons
  }, {
    visible: (index) => state.shown[index] === true,
    countText: (count, visible) => count === 0 ? TEXT.noneSelected : TEXT.selection(count, visible),
    label: (employee) => TEXT.selectEmployee(fullName(employee)),
    changed: () => work.persist()
  })
  const filters = employeeFilters(state, {
    search: /** @type {HTMLInputElement} */ (byId('employees-search')),
    type: /** @type {HTMLSelectElement} */ (byId('employees-type')),
    site: /** @type {HTMLSelectElement} */ (byId('employees-site')),
    count: byId('employees-filter-count'),
    tbody: /** @type {HTMLTableSectionElement} */ (byId('employees-table').querySelector('tbody'))
  }, { applied: () => selection.update(), changed: () => work.persist() })
  const work = employeesWork(state, { filters: filters.values })
  const recorded = recordedContracts({ changed: () => { table.showRecorded() } })
  const readRecorded = () => { recorded.read(employeesOf(state).map((employee) => String(employee.dni ?? ''))).catch(reportError) }
  const sheet = employeesSheet(state, {
    input: /** @type {HTMLInputElement} */ (byId('employees-file')),
    status,
    errorsBox: byId('employees-errors'),
    sheetActions: byId('employees-sheet-actions')
  }, {
    limits,
    profile,
    loaded: (next) => {
      startOver(state, next)
      filters.clear()
      report.replaceChildren()
      setStatus(downloadStatus, '')
      render()
      work.persist()
      readRecorded()
    },
    fixed: (row) => {
      state.edited = new Set()
      state.unchecked.delete(row)
      render()
      work.persist()
    },
    appended: () => {
      state.edited = new Set()
      render()
      work.persist()
      readRecorded()
    }
  })
  const contract = contractPickers(state, profile, { status }, { changed: () => { render(); work.persist() } })
  const documents = employeeDocuments(state)
  const table = employeesTable(state, { tbody: /** @type {HTMLTableSectionElement} */ (byId('employees-table').querySelector('tbody')) }, {
    checkbox: selection.checkbox,
    contractCell: contract.cell,
    preview: documents.open,
    recorded: recorded.line,
    fix: sheet.fix
  })
  const downloads = employeeDownloads(state, {
    buttons,
    status: downloadStatus,
    report,
    zip: {
      progress: byId('contracts-progress'),
      bar: /** @type {HTMLProgressElement} */ (byId('contracts-progress-bar')),
      progressText: byId('contracts-progress-text')
    }
  }, selection)

  /**
   * Shows the sheet as the service now answers it: the table, the filters' options, the errors.
   * @param {{ type?: string, site?: string }} [wanted] the filters to select (a reload)
   */
  function render (wanted) {
    const list = employeesOf(state)
    table.render()
    filters.fill(wanted)
    byId('employees-result').hidden = list.length === 0
    byId('employees-downloads').hidden = list.length === 0
    sheet.showErrors()
    filters.apply()
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    sheet.upload().catch(reportError)
  })
  correctedButton.addEventListener('click', () => {
    (async () => {
      correctedButton.disabled = true
      try {
        await sheet.downloadCorrected()
      } catch (error) {
        setStatus(status, error instanceof Error ? error.message : String(error), 'error')
      } finally {
        correctedButton.disabled = false
      }
    })().catch(reportError)
  })
  // after a ZIP the registry holds its contracts: the rows say so
  buttons[0].addEventListener('click', () => { downloads.run(buttons[0], downloads.contracts).then(readRecorded, reportError) })
  for (const [index, key, query] of /** @type {const} */ ([[1, 'lawlife', ''], [2, 'sctr', ''], [3, 'photocheck', '?format=xlsx'], [4, 'photocheck', '']])) {
    buttons[index].addEventListener('click', () => { downloads.run(buttons[index], async () => await downloads.exportReport(key, query)).catch(reportError) })
  }

  // a cause approved or retired in Causas: the sheet judged again with the causes in force
  document.addEventListener(PROFILE_EVENT, () => { sheet.judgeAgain().catch(reportError) })

  // a reload in the same tab continues where HR was (docs/console.md, item 3)
  if (state.sheet.state.fileName !== '') {
    /** @type {HTMLInputElement} */ (byId('employees-search')).value = saved?.filters?.text ?? ''
    render({ type: saved?.filters?.type, site: saved?.filters?.site })
    setStatus(status, TEXT.restored(state.sheet.state.fileName))
    readRecorded()
    byId('employees-file-name').textContent = state.sheet.state.fileName
    const open = loadView().fix // the form HR had open, with what was typed in it
    if (open?.kind === 'employee' && state.sheet.fixable) sheet.fix(open.row, open.name, open.values)
  }
}
