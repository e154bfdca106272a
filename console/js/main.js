/**
 * Entry point of the HR console: signs in when the service asks for it (console/js/auth.js), reads
 * the service's limits (`GET /api/limits`) and shows them before any upload, reads the employer's
 * catalogue and modalities (`GET /api/profile`), wires the four tabs (contracts, adendas, contracts
 * ending soon, causes), file drop on the upload boxes, and the flows.
 */
import { getLimits, getProfile } from './api.js'
import { usePlainWords } from './plain.js'
import { setupAddenda } from './addenda.js'
import { setupAuth } from './auth.js'
import { setupCauses } from './causes.js'
import { setupSignatures } from './signatures.js'
import { byId, setStatus } from './dom.js'
import { setupEmployees } from './employees.js'
import { setupExpiring } from './expiring.js'
import { SAVED_EVENT, clearSaved, hasSaved, loadView, saveView, wasCleared } from './storage.js'
import { TEXT } from './texts.js'

/**
 * Tabs per the WAI-ARIA tabs pattern: click or arrow keys switch, only the selected tab is in the tab
 * order. The selected tab is kept for a reload (storage.js saveView).
 */
function setupTabs () {
  const tabs = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('[role="tab"]')])
  /** @param {HTMLButtonElement} tab */
  function select (tab) {
    for (const other of tabs) {
      const selected = other === tab
      other.setAttribute('aria-selected', String(selected))
      other.tabIndex = selected ? 0 : -1
      byId(/** @type {string} */ (other.getAttribute('aria-controls'))).hidden = !selected
    }
    saveView({ tab: tab.id })
  }
  const kept = tabs.find((tab) => tab.id === loadView().tab)
  if (kept !== undefined) select(kept)
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab))
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step === 0) return
      const next = tabs[(index + step + tabs.length) % tabs.length]
      select(next)
      next.focus()
    })
  })
}

/**
 * Upload boxes: the Spanish "Elegir archivo…" button opens the file input's picker, the chosen
 * name is shown beside it, and a file dropped on the box goes into the input as if chosen.
 */
function setupFilePickers () {
  for (const form of document.querySelectorAll('form[data-drop]')) {
    const input = /** @type {HTMLInputElement} */ (form.querySelector('input[type="file"]'))
    const pick = /** @type {HTMLButtonElement} */ (form.querySelector('button[data-pick]'))
    const name = byId(`${input.id}-name`)
    const showName = () => { name.textContent = input.files?.[0]?.name ?? TEXT.noFileChosen }
    pick.addEventListener('click', () => input.click())
    input.addEventListener('change', showName)
    form.addEventListener('dragover', (event) => {
      event.preventDefault()
      form.classList.add('dragging')
    })
    form.addEventListener('dragleave', () => form.classList.remove('dragging'))
    form.addEventListener('drop', (event) => {
      event.preventDefault()
      form.classList.remove('dragging')
      const files = /** @type {DragEvent} */ (event).dataTransfer?.files
      if (files !== undefined && files.length > 0) {
        input.files = files
        showName()
      }
    })
  }
}

/**
 * "Vaciar la consola" (docs/console.md, item 3): shown while work is saved in this tab; asks first (the
 * focus on keeping the work), then forgets it and reloads the page empty, and says so.
 */
function setupClear () {
  const button = /** @type {HTMLButtonElement} */ (byId('clear-console'))
  const dialog = /** @type {HTMLDialogElement} */ (byId('clear'))
  const show = () => { button.hidden = !hasSaved() }
  document.addEventListener(SAVED_EVENT, show)
  button.addEventListener('click', () => {
    dialog.returnValue = 'cancel'
    dialog.showModal()
    byId('clear-cancel').focus()
  })
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'clear') return
    clearSaved(true)
    window.location.reload()
  })
  if (wasCleared()) setStatus(byId('employees-status'), TEXT.cleared)
  show()
}

async function start () {
  if (!await setupAuth()) { // the sign-in page instead (docs/console.md): no API call before sign-in
    document.body.dataset.ready = 'true'
    return
  }
  setupTabs()
  setupFilePickers()
  setupClear()
  const line = byId('limits')
  let limits
  try {
    limits = await getLimits()
    line.textContent = TEXT.limits(limits)
    for (const node of document.querySelectorAll('[data-limit="employees"]')) node.textContent = TEXT.employeesLimit(limits.batchMax)
    for (const node of document.querySelectorAll('[data-limit="addenda"]')) node.textContent = TEXT.addendaLimit(limits.addendumBatchMax)
  } catch (error) {
    setStatus(line, `${TEXT.limitsUnavailable} ${error instanceof Error ? error.message : ''}`, 'error')
  }
  // the catalogue and modalities for the contract pickers; without them the console still works
  const profile = await getProfile().catch(() => undefined)
  usePlainWords(profile)
  setupEmployees(limits, profile)
  setupAddenda(limits, profile)
  setupExpiring(profile)
  setupCauses(profile)
  setupSignatures(profile)
  document.body.dataset.ready = 'true'
}

start().catch(reportError)
