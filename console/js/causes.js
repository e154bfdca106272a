/**
 * The "Causas" tab (docs/console.md, item 10; docs/registry.md "Causes reviewed by counsel"): the
 * proposals first (`GET /api/causes?status=proposed`), with "Aprobar", "Corregir" and "Retirar"
 * (`POST /api/causes/{id}/approve`, `PATCH /api/causes/{id}`, `POST /api/causes/{id}/retire`, counsel's
 * role `legal` under AUTH_MODE=oidc), then the approved and retired ones, an approved one with "Proponer
 * con otras fechas" (the same need for another period); "Proponer causa" for HR (causes/form.js). A
 * review reads the profile again, so the other tabs show and judge with the causes in force. The console
 * does not know the person's roles for sure (console/js/auth.js reads them only from a JWT access token),
 * so every button is shown and a 403 is shown with the service's message.
 */
import { ApiError, refreshProfile, requestJson } from './api.js'
import { byId, el, labelCells, onFirstOpen, setStatus } from './dom.js'
import { causeForm } from './causes/form.js'
import { TEXT } from './texts.js'

/** @param {import('./api.js').Profile | undefined} profile the modalities' names */
export function setupCauses (profile) {
  const status = byId('causes-status')
  const proposedBody = /** @type {HTMLTableSectionElement} */ (byId('causes-proposed').querySelector('tbody'))
  const reviewedBody = /** @type {HTMLTableSectionElement} */ (byId('causes-reviewed').querySelector('tbody'))
  const form = causeForm(profile, (cause, edited) => {
    load(edited ? TEXT.causeEdited(cause.id) : TEXT.causeProposed(cause.id)).catch(reportError)
  })

  /** @param {unknown} error */
  function showError (error) {
    if (!(error instanceof ApiError)) throw error
    setStatus(status, [error.message, ...error.otherIssues.map((issue) => issue.message)].join(' '), 'error')
  }

  /**
   * @param {import('./causes/form.js').Cause} cause
   * @param {'approve' | 'retire'} action
   */
  async function review (cause, action) {
    setStatus(status, TEXT.causeSending, 'busy')
    try {
      await requestJson(`/api/causes/${encodeURIComponent(cause.id)}/${action}`, 'POST')
      await load(action === 'approve' ? TEXT.causeApproved(cause.id) : TEXT.causeRetired(cause.id))
      // the causes a contract may print changed: every tab shows and judges with the new ones
      await refreshProfile(profile)
    } catch (error) {
      showError(error)
    }
  }

  /** @param {import('./causes/form.js').Cause} cause */
  function row (cause) {
    /** @param {string} label @param {string} name @param {() => void} action */
    const button = (label, name, action, secondary = true) =>
      el('button', { type: 'button', class: secondary ? 'secondary small' : 'small', 'aria-label': `${label}: ${name}`, onclick: action }, label)
    return el('tr', { 'data-cause': cause.id },
      el('td', { class: 'state' }, cause.status === 'proposed' ? el('strong', { class: 'flag' }, TEXT.causeStatus.proposed) : TEXT.causeStatus[cause.status]),
      el('td', { class: 'code' }, cause.id),
      el('td', { class: 'name cause-text' }, cause.text,
        cause.justifies === undefined ? null : el('p', { class: 'muted' }, TEXT.justifies(cause.justifies))),
      el('td', {}, TEXT.modalityName(cause.modality, profile)),
      el('td', {}, cause.sites.join(', ')),
      el('td', { class: 'term' }, `${cause.period.from} – ${cause.period.to}`),
      el('td', { class: 'row-actions' },
        cause.status === 'proposed' ? button(TEXT.approve, cause.id, () => { review(cause, 'approve').catch(reportError) }, false) : null,
        cause.status === 'proposed' ? button(TEXT.fix, cause.id, () => form.open(cause)) : null,
        cause.status === 'approved' ? button(TEXT.redateCause, cause.id, () => form.open(cause, true)) : null,
        cause.status !== 'retired' ? button(TEXT.retire, cause.id, () => { review(cause, 'retire').catch(reportError) }) : null))
  }

  /** @param {string} [done] the status line after a change */
  async function load (done) {
    if (done === undefined) setStatus(status, TEXT.causesLoading, 'busy')
    try {
      /** @type {import('./causes/form.js').Cause[]} */
      const causes = (await requestJson('/api/causes')).causes
      const proposed = causes.filter((cause) => cause.status === 'proposed')
      // approved before retired, each by id as the service lists them
      const reviewed = [...causes.filter((cause) => cause.status === 'approved'), ...causes.filter((cause) => cause.status === 'retired')]
      proposedBody.replaceChildren(...proposed.map(row))
      reviewedBody.replaceChildren(...reviewed.map(row))
      labelCells(proposedBody)
      labelCells(reviewedBody)
      byId('causes-proposed-empty').hidden = proposed.length > 0
      byId('causes-proposed').hidden = proposed.length === 0
      setStatus(status, done ?? TEXT.causesCount(proposed.length, reviewed.length))
    } catch (error) {
      showError(error)
    }
  }

  byId('cause-propose').addEventListener('click', () => form.open())
  onFirstOpen('tab-causes', () => { load().catch(reportError) })
}
