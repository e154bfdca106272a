/**
 * Addenda tab: upload an addendum sheet in partial mode (`POST /api/addendum/upload?partial=true`,
 * D14), show its valid rows (each with a checkbox) and its errors beside the sheet's rows, fix a
 * refused row in the page (fix.js; the service judges the whole sheet again, with the rules the
 * ZIP applies: docs/console.md, item 7), preview one adenda (`POST /api/addendum/preview`) and download
 * the selected ones as a ZIP (`POST /api/addendum/download-zip`). The tab's work survives a reload.
 *
 * This module only wires the tab's parts, each a factory in `addenda/` taking the tab's state
 * (`addenda/model.js`) and its elements: the sheet (upload, errors, fixes), the table, the selection
 * (`selection.js`), the ZIP and the saved work.
 */
import { PROFILE_EVENT } from './api.js'
import { byId, setStatus } from './dom.js'
import { loadView } from './storage.js'
import { rowSelection } from './selection.js'
import { TEXT } from './texts.js'
import { addendaDownloads } from './addenda/downloads.js'
import { addendaOf, createState, startOver } from './addenda/model.js'
import { addendaWork, loadAddendaWork } from './addenda/saved-work.js'
import { addendaSheet } from './addenda/sheet.js'
import { addendaTable } from './addenda/table.js'

/**
 * @param {import('./api.js').Limits | undefined} limits
 * @param {import('./api.js').Profile | undefined} profile the closed lists of the fix form's pickers (fix.js)
 */
export function setupAddenda (limits, profile) {
  const form = /** @type {HTMLFormElement} */ (byId('addenda-form'))
  const status = byId('addenda-status')
  const result = byId('addenda-result')
  const button = /** @type {HTMLButtonElement} */ (byId('download-addenda'))
  const downloadStatus = byId('addenda-download-status')
  const report = byId('addenda-report')

  const state = createState(loadAddendaWork())
  const work = addendaWork(state)
  const selection = rowSelection(state, { all: /** @type {HTMLInputElement} */ (byId('addenda-all')), line: byId('addenda-selection'), buttons: [button] }, {
    visible: () => true,
    countText: (count, total) => total === 0 ? '' : count === 0 ? TEXT.noAddendumSelected : TEXT.addendaSelection(count, total),
    label: (record) => TEXT.selectAddendum(record.worker),
    changed: () => work.persist()
  })
  const sheet = addendaSheet(state, { input: /** @type {HTMLInputElement} */ (byId('addenda-file')), status, errorsBox: byId('addenda-errors'), result }, {
    limits,
    profile,
    loaded: (next) => {
      startOver(state, next)
      report.replaceChildren()
      setStatus(downloadStatus, '')
      render()
      work.persist()
    },
    fixed: (row) => {
      state.unchecked.delete(row)
      render()
      work.persist()
    },
    appended: () => {
      render()
      work.persist()
    }
  })
  const table = addendaTable(state, { tbody: /** @type {HTMLTableSectionElement} */ (byId('addenda-table').querySelector('tbody')) }, {
    checkbox: selection.checkbox,
    fix: sheet.fix
  })
  const downloads = addendaDownloads(state, {
    button,
    status: downloadStatus,
    report,
    zip: {
      progress: byId('addenda-progress'),
      bar: /** @type {HTMLProgressElement} */ (byId('addenda-progress-bar')),
      progressText: byId('addenda-progress-text')
    }
  }, selection)

  /** Shows the sheet as the service now answers it: the table, the errors, the selection. */
  function render () {
    table.render()
    sheet.showErrors()
    result.hidden = false
    byId('addenda-summary').textContent = addendaOf(state).length === 0 ? TEXT.noValidAddenda : ''
    selection.update()
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    sheet.upload().catch(reportError)
  })
  button.addEventListener('click', () => { downloads.zip().catch(reportError) })

  // a cause approved or retired in Causas: the sheet judged again with the causes in force
  document.addEventListener(PROFILE_EVENT, () => { sheet.judgeAgain().catch(reportError) })

  // a reload in the same tab continues where HR was (docs/console.md, item 3)
  if (state.sheet.state.fileName !== '') {
    render()
    setStatus(status, TEXT.restored(state.sheet.state.fileName))
    byId('addenda-file-name').textContent = state.sheet.state.fileName
    const open = loadView().fix // the form HR had open, with what was typed in it
    if (open?.kind === 'addendum' && state.sheet.fixable) sheet.fix(open.row, open.values)
  }
}
