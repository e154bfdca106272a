/**
 * The "Firmas" tab's electronic signatures (docs/console.md, item 10; docs/signing-flow.md): HR invites
 * a worker to sign a contract (with its notice and annex) or an adenda on the phone, and follows the
 * invitations.
 * - "Invitar a firmar" on a row of the contracts: `POST /api/signing/invitations` `{contractIds: [id]}`;
 *   the answer says where the link went (the address masked), until when it serves, whether the address
 *   changed recently (`addressRecentlyChanged`: confirm it with the worker) and, in a demo (no SMTP), the
 *   link itself, shown once. A refusal for the address (`data.address`) opens a form for a new one
 *   (`PUT /api/workers/{dni}/email`), then invites again.
 * - The invitations (`GET /api/signing/invitations?status=`), read again every 10 seconds while the tab
 *   shows and the page is visible, with the last answer's ETag: an unchanged list is a 304 the service
 *   neither sends nor audits; a row is redrawn only when it changed, so an open detail stays; an answer
 *   to an older read (another filter) is dropped. Its
 *   actions by status: "Revocar" (`DELETE`) and "Reenviar" (a new invitation, which revokes the earlier)
 *   while open; "Invitar de nuevo" once it ended unsigned; the signed copies
 *   (`GET /api/contracts/{id}/signed.pdf?kind=`), "Reenviar la copia" (`POST …/{id}/copy`) and the
 *   constancia (`GET /api/contracts/{id}/evidence?format=pdf`) once signed; "Evidencia" always: the
 *   chained events and whether the chain holds.
 * The service decides everything; its refusals show in the row, with its message.
 */
import { ApiError, getFile, requestJson, requestJsonIfChanged } from '../api.js'
import { byId, el, labelCells, rowDetail, saveFile, setStatus } from '../dom.js'
import { limaTime } from '../registry-dates.js'
import { TEXT } from '../texts.js'

/**
 * @typedef {{ id: string, contractId: string, dni: string, worker: string, kind: 'contract' | 'addendum',
 *   email: string, status: string, declineChoice: string | null, expiresAt: string, invitedAt: string,
 *   invitedBy: string | null, addressRecentlyChanged: boolean, demo: boolean }} ListedInvitation
 * @typedef {{ id: string, contractId: string, dni: string, email: string, expiresAt: string,
 *   link: string | null, addressRecentlyChanged: boolean }} NewInvitation
 */

/** How often the list is read again while it shows (ms). */
const REFRESH_MS = 10_000
/** The statuses in which an invitation can still be signed (docs/signing-flow.md "Invitations"). */
const OPEN = ['queued', 'sent', 'opened']
/** The documents a signature seals, by what was signed. */
const SIGNED_KINDS = { contract: ['contrato', 'tratamiento-datos', 'anexo'], addendum: ['adenda'] }

/** @param {unknown} error */
const messageOf = (error) => {
  if (!(error instanceof ApiError)) throw error
  return [error.message, ...error.otherIssues.map((issue) => issue.message)].join(' ')
}

/** @param {string} message */
const errorBox = (message) => el('div', { class: 'alert error', role: 'alert' }, el('p', {}, message))

/**
 * What HR reads once an invitation is made: where it went, until when, and the warnings.
 * @param {NewInvitation} invitation
 * @returns {HTMLElement}
 */
export function invitedNotice (invitation) {
  const box = el('div', { class: 'alert ok invited', role: 'status' },
    el('p', {}, TEXT.invitedTo(invitation.email, limaTime(invitation.expiresAt))))
  if (invitation.addressRecentlyChanged) box.append(el('p', {}, el('strong', { class: 'flag' }, TEXT.addressRecentlyChanged)))
  if (invitation.link !== null) {
    const link = /** @type {HTMLInputElement} */ (el('input', { type: 'text', readonly: true, class: 'demo-link', 'aria-label': TEXT.demoLinkLabel }))
    link.value = invitation.link
    box.append(el('p', {}, TEXT.demoLink), link)
  }
  return box
}

/**
 * Sets up the invitations' card (index.html `#invitations-*`).
 * @returns {{ invite: (contract: { id: string, dni: string, worker: string }, cell: HTMLElement) => Promise<void>,
 *   start: () => void }} `invite` for a contract's row; `start` reads the list and keeps it fresh
 */
export function setupInvitations () {
  const panel = byId('panel-signatures')
  const filter = /** @type {HTMLSelectElement} */ (byId('invitations-filter'))
  const status = byId('invitations-status')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('invitations-table').querySelector('tbody'))
  filter.replaceChildren(...Object.entries(TEXT.invitationFilters).map(([value, name]) => el('option', { value }, name)))
  /** @type {Map<string, string>} each listed invitation's JSON, to redraw only what changed */
  const drawn = new Map()
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer
  /** The latest read's number: an answer to an older one (another filter, an earlier refresh) is dropped. */
  let reading = 0
  /** @type {{ filter: string, etag: string | undefined } | undefined} the last list drawn, by its ETag */
  let lastEtag

  /**
   * Invites the worker to sign one contract or adenda; the answer (or the refusal, with the address
   * form when the address is the reason) goes in `cell`.
   * @param {{ id: string, dni: string, worker: string }} contract
   * @param {HTMLElement} cell
   */
  async function invite (contract, cell) {
    cell.replaceChildren(el('p', { class: 'status busy' }, TEXT.inviting))
    try {
      /** @type {NewInvitation[]} */
      const [invitation] = (await requestJson('/api/signing/invitations', 'POST', { contractIds: [contract.id] })).invitations
      cell.replaceChildren(invitedNotice(invitation))
      await load(true)
    } catch (error) {
      const refusal = errorBox(messageOf(error))
      cell.replaceChildren(refusal)
      if (error instanceof ApiError && error.data.address === true) cell.append(addressForm(contract, cell))
    }
  }

  /**
   * A new address for the worker (`PUT /api/workers/{dni}/email`), then the invitation again.
   * @param {{ id: string, dni: string, worker: string }} contract
   * @param {HTMLElement} cell
   */
  function addressForm (contract, cell) {
    const id = `invite-email-${contract.id}`
    const input = /** @type {HTMLInputElement} */ (el('input', { id, name: 'email', type: 'email', autocomplete: 'off', inputmode: 'email' }))
    const problem = el('div', { class: 'form-general' })
    const form = el('form', { class: 'row-form', novalidate: true },
      el('div', { class: 'fix-field wide', 'data-field': 'email' }, el('label', { for: id }, TEXT.workerEmail(contract.worker)), input),
      el('p', { class: 'hint' }, TEXT.workerEmailHint),
      problem,
      el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'small' }, TEXT.saveAndInvite)))
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      problem.replaceChildren()
      requestJson(`/api/workers/${encodeURIComponent(contract.dni)}/email`, 'PUT', { email: input.value.trim() })
        .then(async () => { await invite(contract, cell) })
        .catch((error) => { problem.replaceChildren(errorBox(messageOf(error))); input.focus() })
    })
    queueMicrotask(() => { input.focus() })
    return form
  }

  /**
   * Runs a row's action; its refusal shows under the row.
   * @param {HTMLTableRowElement} row
   * @param {() => Promise<unknown>} action
   */
  function act (row, action) {
    action().catch((error) => { rowDetail(row).replaceChildren(errorBox(messageOf(error))) })
  }

  /** @param {ListedInvitation} invitation @param {HTMLTableRowElement} row */
  async function showEvidence (invitation, row) {
    const cell = rowDetail(row)
    cell.replaceChildren(el('p', { class: 'status busy' }, TEXT.historyLoading))
    /** @type {{ chainValid: boolean, events: { what: string, at: string, details: Record<string, unknown> }[] }} */
    const evidence = await requestJson(`/api/contracts/${encodeURIComponent(invitation.contractId)}/evidence`)
    cell.replaceChildren(el('h3', { class: 'detail-title' }, `${TEXT.evidence}: ${invitation.worker}`),
      evidence.chainValid ? el('p', {}, TEXT.chainValid) : el('p', {}, el('strong', { class: 'flag' }, TEXT.chainBroken)),
      el('ol', { class: 'events' }, ...evidence.events.map((event) => el('li', {},
        el('span', { class: 'when' }, limaTime(event.at)), ' ',
        el('strong', {}, TEXT.evidenceNames[event.what] ?? event.what),
        typeof event.details?.kind === 'string' ? ` (${event.details.kind})` : ''))))
  }

  /**
   * @param {string} path
   */
  async function download (path) {
    const file = await getFile(path)
    saveFile(file.blob, file.fileName)
  }

  /** @param {ListedInvitation} invitation */
  function rowOf (invitation) {
    const row = /** @type {HTMLTableRowElement} */ (el('tr', { 'data-invitation': invitation.id }))
    /** @param {string} label @param {() => Promise<unknown>} action @param {boolean} [primary] */
    const button = (label, action, primary = false) => el('button', {
      type: 'button',
      class: primary ? 'small' : 'secondary small',
      'aria-label': TEXT.actionOf(label, invitation.worker),
      onclick: () => { act(row, action) }
    }, label)
    const contract = encodeURIComponent(invitation.contractId)
    const reissue = async () => {
      await invite({ id: invitation.contractId, dni: invitation.dni, worker: invitation.worker }, rowDetail(row))
    }
    const open = OPEN.includes(invitation.status)
    const signed = invitation.status === 'signed'
    const state = TEXT.invitationStatus(invitation.status, invitation.declineChoice)
    row.append(
      el('td', { class: 'state' }, invitation.status === 'locked' || invitation.declineChoice === 'not-my-address' ? el('strong', { class: 'flag' }, state) : state,
        invitation.demo ? el('p', { class: 'muted' }, TEXT.demo) : null),
      el('td', { class: 'nowrap' }, invitation.dni),
      el('td', { class: 'name' }, invitation.worker),
      el('td', {}, TEXT.kindNames[invitation.kind] ?? invitation.kind),
      el('td', { class: 'email' }, invitation.email,
        invitation.addressRecentlyChanged ? el('p', {}, el('strong', { class: 'flag' }, TEXT.recentAddress)) : null),
      el('td', { class: 'term' }, TEXT.invitedOn(limaTime(invitation.invitedAt), invitation.invitedBy), el('br'),
        el('span', { class: 'muted' }, TEXT.expiresOn(limaTime(invitation.expiresAt)))),
      el('td', { class: 'row-actions' },
        open
          ? button(TEXT.revoke, async () => {
            await requestJson(`/api/signing/invitations/${encodeURIComponent(invitation.id)}`, 'DELETE')
            await load(true)
          })
          : null,
        open ? button(TEXT.reinvite, reissue) : null,
        !open && !signed ? button(TEXT.inviteAgain, reissue) : null,
        ...(signed
          ? SIGNED_KINDS[invitation.kind].map((kind) => button(TEXT.signedCopy(kind), async () => {
            await download(`/api/contracts/${contract}/signed.pdf?kind=${kind}`)
          }, true))
          : []),
        signed
          ? button(TEXT.resendCopy, async () => {
            await requestJson(`/api/signing/invitations/${encodeURIComponent(invitation.id)}/copy`, 'POST')
            rowDetail(row).replaceChildren(el('div', { class: 'alert ok', role: 'status' }, el('p', {}, TEXT.copyQueued(invitation.email))))
          })
          : null,
        signed ? button(TEXT.constancia, async () => { await download(`/api/contracts/${contract}/evidence?format=pdf`) }) : null,
        button(TEXT.evidence, async () => { await showEvidence(invitation, row) })))
    return row
  }

  /**
   * Reads the chosen status's invitations; rows that did not change are kept as they are (with their
   * open detail and focus).
   * @param {boolean} [quiet] no "reading" line (the 10-second refresh, a refresh after an action)
   */
  async function load (quiet = false) {
    const ticket = ++reading
    if (!quiet) setStatus(status, TEXT.invitationsLoading, 'busy')
    try {
      const chosen = filter.value
      const query = chosen === '' ? '' : `?status=${encodeURIComponent(chosen)}`
      // unchanged since the last answer for this filter: a 304, nothing to draw (and nothing audited)
      const answer = await requestJsonIfChanged(`/api/signing/invitations${query}`, lastEtag?.filter === chosen ? lastEtag.etag : undefined)
      if (ticket !== reading) return // a newer read is under way, or the filter changed
      if (answer === undefined) {
        if (!quiet) setStatus(status, TEXT.invitationsCount(TEXT.invitationFilters[chosen], tbody.querySelectorAll('tr[data-invitation]').length))
        return
      }
      lastEtag = { filter: chosen, etag: answer.etag }
      /** @type {ListedInvitation[]} */
      const invitations = answer.data.invitations
      const rows = new Map([...tbody.rows].filter((row) => row.dataset.invitation !== undefined)
        .map((row) => [row.dataset.invitation, row]))
      /** @type {HTMLTableRowElement[]} */
      const order = []
      for (const invitation of invitations) {
        const json = JSON.stringify(invitation)
        const kept = rows.get(invitation.id)
        if (kept !== undefined && drawn.get(invitation.id) === json) {
          order.push(/** @type {HTMLTableRowElement} */ (kept))
        } else {
          order.push(rowOf(invitation))
          drawn.set(invitation.id, json)
        }
      }
      const details = new Map(order.map((row) => {
        const old = rows.get(row.dataset.invitation)
        const next = old?.nextElementSibling
        return [row, next?.classList.contains('row-detail') === true ? next : null]
      }))
      tbody.replaceChildren(...order.flatMap((row) => {
        const detail = details.get(row)
        return detail === null || detail === undefined ? [row] : [row, detail]
      }))
      labelCells(tbody)
      for (const id of drawn.keys()) if (!invitations.some((invitation) => invitation.id === id)) drawn.delete(id)
      setStatus(status, TEXT.invitationsCount(TEXT.invitationFilters[chosen], invitations.length))
    } catch (error) {
      if (ticket === reading) setStatus(status, messageOf(error), 'error')
    }
  }

  /** Reads the list every 10 s while the tab shows and the page is visible. */
  function start () {
    if (timer !== undefined) return
    load().catch(reportError)
    timer = setInterval(() => {
      if (panel.hidden || document.visibilityState !== 'visible') return
      load(true).catch(reportError)
    }, REFRESH_MS)
  }

  filter.addEventListener('change', () => { drawn.clear(); tbody.replaceChildren(); load().catch(reportError) })
  byId('invitations-form').addEventListener('submit', (event) => event.preventDefault())
  return { invite, start }
}
