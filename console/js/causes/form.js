/**
 * The cause form (docs/console.md, item 10): "Proponer causa" (`POST /api/causes`, HR or counsel) and
 * "Corregir" on a proposal (`PATCH /api/causes/{id}`, counsel). The modality and sites are picked from
 * the employer profile (`GET /api/profile`): only the sites that allow the chosen modality; the text,
 * period and optional days and hours are typed. The service checks the cause as it checks the
 * profile's (docs/registry.md "Causes reviewed by counsel"); a refusal is shown on its field.
 */
import { ApiError, requestJson } from '../api.js'
import { byId, el, setStatus } from '../dom.js'
import { clearFieldErrors, showFieldErrors } from '../field-errors.js'
import { TEXT } from '../texts.js'

/**
 * @typedef {{ id: string, modality: string, sites: string[], text: string, period: { from: string, to: string },
 *   justifies?: { days: string, from: string, to: string }, status: 'proposed' | 'approved' | 'retired',
 *   proposedBy: string | null, approvedBy: string | null, retiredBy: string | null, at: string }} Cause
 */

/**
 * @param {import('../api.js').Profile | undefined} profile
 * @param {(cause: Cause, edited: boolean) => void} saved called with the service's answer
 */
export function causeForm (profile, saved) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('cause'))
  const form = /** @type {HTMLFormElement} */ (byId('cause-form'))
  const general = byId('cause-general')
  const status = byId('cause-status')
  const modality = /** @type {HTMLSelectElement} */ (byId('cause-modality'))
  const sitesBox = byId('cause-sites')
  const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id))
  const text = /** @type {HTMLTextAreaElement} */ (byId('cause-text'))
  /** @type {Cause | undefined} the proposal being edited */
  let editing

  const sites = profile?.sites ?? []
  const used = new Set(sites.flatMap((site) => site.modalities))
  // a suplencia has no reviewed cause (its cause is the replacement, art. 61): never offered
  const modalities = (profile?.modalities ?? []).filter((known) => used.has(known.code) && known.code !== '61')
  modality.replaceChildren(el('option', { value: '' }, TEXT.chooseModality),
    ...modalities.map((known) => el('option', { value: known.code }, known.name)))

  /** @param {string[]} checked site names to tick */
  function showSites (checked) {
    const fitting = sites.filter((site) => modality.value === '' || site.modalities.includes(modality.value))
    sitesBox.replaceChildren(...fitting.map((site, index) => el('label', { class: 'day' },
      el('input', { type: 'checkbox', name: 'site', value: site.name, id: `cause-site-${index}`, checked: checked.includes(site.name) }),
      site.name)))
    if (fitting.length === 0) sitesBox.append(el('p', { class: 'field-hint' }, TEXT.noSiteForModality))
  }
  const checkedSites = () => {
    const boxes = /** @type {NodeListOf<HTMLInputElement>} */ (sitesBox.querySelectorAll('input[name="site"]:checked'))
    return [...boxes].map((box) => box.value)
  }
  modality.addEventListener('change', () => showSites(checkedSites()))

  /**
   * @param {Cause} [cause] a proposal to edit; none: a new proposal
   * @param {boolean} [redate] a new proposal of `cause`'s need for other dates: its text, modality, sites
   *   and hours, the period to type
   */
  function open (cause, redate = false) {
    editing = redate ? undefined : cause
    form.reset()
    clearFieldErrors(form, general)
    setStatus(status, '')
    byId('cause-title').textContent = cause === undefined ? TEXT.proposeCause : redate ? TEXT.redateTitle(cause.id) : TEXT.editCause(cause.id)
    byId('cause-save').textContent = editing === undefined ? TEXT.sendProposal : TEXT.saveEdit
    text.value = cause?.text ?? ''
    modality.value = cause?.modality ?? ''
    input('cause-from').value = redate ? '' : cause?.period.from ?? ''
    input('cause-to').value = redate ? '' : cause?.period.to ?? ''
    input('cause-days').value = cause?.justifies?.days ?? ''
    input('cause-hours-from').value = cause?.justifies?.from ?? ''
    input('cause-hours-to').value = cause?.justifies?.to ?? ''
    showSites(cause?.sites ?? [])
    dialog.showModal()
    ;(redate ? input('cause-from') : text).focus()
  }

  /** The form's values as the service takes them; the days and hours only when any is typed. */
  function body () {
    const days = input('cause-days').value.trim()
    const from = input('cause-hours-from').value.trim()
    const to = input('cause-hours-to').value.trim()
    /** @type {Record<string, unknown>} */
    const values = {
      text: text.value.trim(),
      modality: modality.value,
      sites: checkedSites(),
      period: { from: input('cause-from').value.trim(), to: input('cause-to').value.trim() }
    }
    if (days !== '' || from !== '' || to !== '') values.justifies = { days, from, to }
    else if (editing?.justifies !== undefined) values.justifies = null
    return values
  }

  async function send () {
    clearFieldErrors(form, general)
    setStatus(status, TEXT.causeSending, 'busy')
    try {
      const answer = editing === undefined
        ? await requestJson('/api/causes', 'POST', body())
        : await requestJson(`/api/causes/${encodeURIComponent(editing.id)}`, 'PATCH', body())
      setStatus(status, '')
      dialog.close()
      saved(answer.cause, editing !== undefined)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, '')
      showFieldErrors(form, general, error)?.focus()
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    send().catch(reportError)
  })
  byId('cause-cancel').addEventListener('click', () => dialog.close())
  return { open }
}
