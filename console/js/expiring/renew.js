/**
 * "Renovar" on a contract that ends soon (docs/console.md, item 9): a small form (the new end date,
 * at most the contract's `longestEnd`; why the need continues; an optional new salary) that asks the
 * service for the adenda built from the recorded contract (`POST /api/addendum/from-contract`), then
 * shows its preview (`POST /api/addendum/preview`) and offers its ZIP (`POST /api/addendum/download-zip`,
 * which records it). The service judges everything: a refusal is shown on its field, with its message;
 * what it notes without refusing (an adenda made long before the contract's end, DOCUMENT-REQUIREMENTS §38)
 * above the preview's buttons.
 */
import { ApiError, postForFile, requestJson } from '../api.js'
import { alertBox, byId, el, setStatus } from '../dom.js'
import { downloadZip, showFailure } from '../downloads.js'
import { clearFieldErrors, showFieldErrors } from '../field-errors.js'
import { plainIssues } from '../plain.js'
import { openPreview } from '../preview.js'
import { renewalEnd } from '../registry-dates.js'
import { TEXT } from '../texts.js'

/**
 * @param {import('../api.js').Profile | undefined} profile the causes' texts and periods
 * @param {{ renewed: () => Promise<void> }} hooks reads the list again once an adenda was issued (or the
 *   row was found extended already), so no row shows an end an adenda has moved
 */
export function renewForm (profile, hooks) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('renew'))
  const form = /** @type {HTMLFormElement} */ (byId('renew-form'))
  const general = byId('renew-general')
  const status = byId('renew-status')
  const end = /** @type {HTMLInputElement} */ (byId('renew-end'))
  const salary = /** @type {HTMLInputElement} */ (byId('renew-salary'))
  const cause = /** @type {HTMLTextAreaElement} */ (byId('renew-cause'))
  const pick = /** @type {HTMLSelectElement} */ (byId('renew-cause-pick'))
  const save = /** @type {HTMLButtonElement} */ (byId('renew-save'))
  const previewButton = /** @type {HTMLButtonElement} */ (byId('renew-preview'))
  const zipButton = /** @type {HTMLButtonElement} */ (byId('renew-zip'))
  const report = byId('renew-report')
  /** @type {import('../expiring.js').ExpiringContract | undefined} */
  let contract
  /** @type {Record<string, unknown> | undefined} the adenda the service built */
  let addendum

  pick.replaceChildren(el('option', { value: '' }, TEXT.causeUpdateStarter), ...TEXT.causeUpdateStarters.map((text) => el('option', { value: text }, text)))
  pick.addEventListener('change', () => {
    if (pick.value === '') return
    cause.value = cause.value.trim() === '' ? pick.value : `${pick.value}${cause.value}`
    pick.value = ''
    cause.focus()
    cause.setSelectionRange(cause.value.length, cause.value.length)
  })
  /** Anything changed: the adenda prepared before no longer is what the form says. */
  const stale = () => {
    addendum = undefined
    previewButton.hidden = true
    zipButton.hidden = true
  }
  for (const input of [end, salary, cause]) input.addEventListener('input', stale)

  /** @param {import('../expiring.js').ExpiringContract} chosen */
  function open (chosen) {
    contract = chosen
    stale()
    form.reset()
    clearFieldErrors(form, general)
    report.replaceChildren()
    setStatus(status, '')
    byId('renew-title').textContent = TEXT.renewTitle(chosen.worker)
    byId('renew-contract').textContent = TEXT.renewContract(chosen)
    const printed = profile?.causes.find((known) => known.id === chosen.causeId)
    // the contract's own term again, within the modality's and the cause's limits: never the longest end by default
    end.value = renewalEnd(chosen, printed?.period.to)
    byId('renew-end-hint').textContent = chosen.longestEnd === null
      ? ''
      : TEXT.renewEndHint(chosen.endDate, chosen.longestEnd, chosen.absenceTo !== null, printed?.period.to)
    byId('renew-cause-hint').textContent = printed === undefined ? TEXT.causeUpdateHint : TEXT.causeUpdateHintWith(printed.text)
    dialog.showModal()
    end.focus()
  }

  function preview () {
    if (addendum === undefined || contract === undefined) return
    const record = addendum
    openPreview(TEXT.addendumPreviewTitle(contract.worker), [
      { label: TEXT.documents.addendum, load: async () => (await postForFile('/api/addendum/preview', record)).blob }
    ])
  }

  async function prepare () {
    if (contract === undefined) return
    stale()
    report.replaceChildren()
    clearFieldErrors(form, general)
    /** @type {Record<string, unknown>} */
    const body = { contractId: contract.id, endAddendum: end.value.trim(), causeUpdate: cause.value.trim() }
    const amount = salary.value.trim().replace(',', '.')
    if (amount !== '') body.salary = Number.isFinite(Number(amount)) ? Number(amount) : amount
    setStatus(status, TEXT.renewPreparing, 'busy')
    save.disabled = true
    try {
      const answer = await requestJson('/api/addendum/from-contract', 'POST', body)
      const built = answer.addendum
      if (built.end !== contract.endDate) {
        // the row was read before another adenda moved its end: never a second adenda for a period already covered
        setStatus(status, TEXT.renewStale(contract.endDate, String(built.end)), 'error')
        await hooks.renewed()
        return
      }
      addendum = built
      setStatus(status, TEXT.renewReady)
      // what the service notes without refusing the adenda (made long before the contract's end), in HR's words
      /** @type {import('../api.js').Issue[]} */
      const warnings = Array.isArray(answer.warnings) ? plainIssues(answer.warnings, true, 'addendum') : []
      if (warnings.length > 0) report.append(alertBox('warn', TEXT.renewWarnings, warnings.map(({ message }) => message)))
      previewButton.hidden = false
      zipButton.hidden = false
      preview()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, '')
      const first = showFieldErrors(form, general, error)
      first?.focus()
    } finally {
      save.disabled = false
    }
  }

  async function zip () {
    if (addendum === undefined || contract === undefined) return
    const batch = [addendum]
    zipButton.disabled = true
    try {
      await downloadZip('/api/addendum/download-zip', batch, 1, {
        progress: byId('renew-progress'),
        bar: /** @type {HTMLProgressElement} */ (byId('renew-progress-bar')),
        progressText: byId('renew-progress-text'),
        status,
        report
      })
      // issued and recorded: this adenda is done; the list shows the contract's new end
      stale()
      await hooks.renewed()
    } catch (error) {
      setStatus(status, error instanceof Error ? error.message : String(error), 'error')
      const worker = contract.worker
      if (error instanceof ApiError) showFailure(report, error, () => worker)
    } finally {
      zipButton.disabled = false
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    prepare().catch(reportError)
  })
  previewButton.addEventListener('click', preview)
  zipButton.addEventListener('click', () => { zip().catch(reportError) })
  byId('renew-cancel').addEventListener('click', () => dialog.close())
  return { open }
}
