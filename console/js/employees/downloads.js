/**
 * "Descargar" (docs/console.md, item 6): the contracts ZIP of the selection (the people whose
 * contract cannot be made left out and named with the reason) and the three reports, each leaving
 * out, and naming, who lacks a field it needs (D21). A request the service still refuses shows its
 * message and each item, named by person.
 */
import { ApiError, postForFile } from '../api.js'
import { alertBox, saveFile, setStatus } from '../dom.js'
import { downloadZip, showFailure } from '../downloads.js'
import { TEXT } from '../texts.js'
import { blockedReasons, fullName, isMissing } from './model.js'

/**
 * The fields each report prints (docs/reports.md), all required there. An upload always brings
 * the contract's fields; `sex` and `birthDate` are optional columns (D21), so they are the ones
 * that can be missing.
 * @type {Record<'lawlife' | 'sctr' | 'photocheck', { path: string, fields: string[] }>}
 */
export const REPORTS = {
  lawlife: { path: '/api/excel/download-lawlife', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'salary', 'entryDate', 'birthDate', 'sex'] },
  sctr: { path: '/api/excel/download-sctr', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'salary', 'entryDate', 'endDate', 'birthDate', 'sex'] },
  photocheck: { path: '/api/excel/download-photocheck', fields: ['name', 'lastNameFather', 'lastNameMother', 'dni', 'position', 'subDivisionOrParking'] }
}

/** @param {import('./model.js').Employee} employee */
const named = (employee) => `${fullName(employee)} (DNI ${employee.dni})`

/**
 * @param {import('./model.js').EmployeesState} state
 * @param {{ buttons: HTMLButtonElement[], status: HTMLElement, report: HTMLElement,
 *   zip: Omit<import('../downloads.js').ZipTargets, 'status' | 'report'> }} elements `buttons`: every
 *   button that takes the selection
 * @param {{ selected: () => import('./model.js').Employee[], update: () => void }} selection
 */
export function employeeDownloads (state, elements, selection) {
  const { status, report } = elements

  /**
   * Runs one download with every button off, then gives the focus back to its button.
   * @param {HTMLButtonElement} button
   * @param {() => Promise<void>} action
   */
  async function run (button, action) {
    for (const other of elements.buttons) other.disabled = true
    try {
      await action()
    } catch (error) {
      setStatus(status, error instanceof Error ? error.message : String(error), 'error')
      const batch = selection.selected()
      if (error instanceof ApiError) {
        showFailure(report, error, (i) => batch[i] === undefined ? TEXT.sentItem(i) : named(batch[i]))
      }
    } finally {
      selection.update()
      button.focus()
    }
  }

  /** The contracts ZIP of the selected people whose contract can be made. */
  async function contracts () {
    report.replaceChildren()
    const reasons = blockedReasons(state)
    const batch = selection.selected().filter((employee) => !reasons.has(employee.dni))
    const skipped = selection.selected().filter((employee) => reasons.has(employee.dni))
      .map((employee) => `${named(employee)}: ${(reasons.get(employee.dni) ?? []).join('; ')}`)
    const warnSkipped = () => {
      if (skipped.length > 0) report.append(alertBox('warn', TEXT.contractsSkippedTitle(skipped.length), skipped))
    }
    if (batch.length === 0) {
      setStatus(status, TEXT.noContractToMake, 'error')
      warnSkipped()
      return
    }
    await downloadZip('/api/contracts/download-zip', batch, batch.length * 3, { ...elements.zip, status, report })
    warnSkipped()
  }

  /**
   * One report of the selected people who have every field it prints.
   * @param {keyof typeof REPORTS} key
   * @param {string} [query] e.g. `?format=xlsx`
   */
  async function exportReport (key, query = '') {
    report.replaceChildren()
    setStatus(status, '')
    const label = TEXT.reports[key]
    const fields = REPORTS[key].fields
    /** @type {import('./model.js').Employee[]} */
    const ready = []
    /** @type {string[]} */
    const skipped = []
    for (const employee of selection.selected()) {
      const missing = fields.filter((field) => isMissing(employee[field]))
      if (missing.length === 0) ready.push(employee)
      else skipped.push(`${named(employee)}: ${TEXT.missingFields(missing.map((field) => TEXT.fieldLabels[field] ?? field))}`)
    }
    if (skipped.length > 0) report.append(alertBox('warn', TEXT.skippedTitle(label, skipped.length), skipped))
    if (ready.length === 0) {
      setStatus(status, TEXT.nothingToExport(label), 'error')
      return
    }
    try {
      const file = await postForFile(REPORTS[key].path + query, ready)
      saveFile(file.blob, file.fileName)
      setStatus(status, TEXT.fileSaved(file.fileName, file.bytes.byteLength))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, error.message, 'error')
      showFailure(report, error, (i) => ready[i] === undefined ? TEXT.sentItem(i) : named(ready[i]))
    }
  }

  return { run, contracts, exportReport }
}
