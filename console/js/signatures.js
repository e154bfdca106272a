/**
 * The "Firmas" tab (docs/console.md, item 10; docs/registry.md "Statuses", "Paper and its scan", "What HR
 * sees"): the recorded contracts and adendas of one status (`GET /api/contracts?status=…`, the started
 * ones first, 50 a page, "Ver más" for the next), "Por firmar" first; "Firmados sin escaneo"
 * (`status=signed&scanned=false`) among the filters. Each row: its status in Spanish, the worker, the
 * document and its term, its signature; the actions its status allows (signatures/forms.js: "Firmado en
 * papel" with the scan, "Retirar", "Terminó antes", "Añadir el escaneo" to a mark without one), the
 * scan as a download (`GET /api/contracts/{id}/scan?kind=`), and its status history
 * (`GET /api/contracts/{id}/events`). After a change the list is read again. The console does not know
 * the person's roles for sure, so a 403 is shown in the row with the service's message.
 */
import { ApiError, getFile, requestJson } from './api.js'
import { byId, el, labelCells, onFirstOpen, rowDetail, saveFile, setStatus } from './dom.js'
import { limaTime } from './registry-dates.js'
import { actionForm } from './signatures/forms.js'
import { setupInvitations } from './signatures/invitations.js'
import { TEXT } from './texts.js'

/**
 * @typedef {{ id: string, kind: 'contract' | 'addendum', type: string | null, modality: string | null,
 *   entryDate: string, endDate: string, status: 'issued' | 'signed' | 'withdrawn' | 'ended' | 'superseded',
 *   signedOn: string | null, signedBy: string | null, signedVia: 'paper' | 'electronic' | null,
 *   endedOn: string | null, copyDeliveredOn: string | null, copyDeliveredVia: string | null, scans: string[],
 *   dni: string, worker: string, started: boolean, invitable: boolean }} ListedContract
 */

/** The filters and their query (docs/registry.md "What HR sees"). */
const FILTERS = /** @type {const} */ ({
  issued: 'status=issued',
  unscanned: 'status=signed&scanned=false',
  signed: 'status=signed',
  ended: 'status=ended',
  withdrawn: 'status=withdrawn'
})

/** @param {import('./api.js').Profile | undefined} profile the modalities' names */
export function setupSignatures (profile) {
  const filter = /** @type {HTMLSelectElement} */ (byId('signatures-filter'))
  const status = byId('signatures-status')
  const more = /** @type {HTMLButtonElement} */ (byId('signatures-more'))
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('signatures-table').querySelector('tbody'))
  filter.replaceChildren(...Object.keys(FILTERS).map((key) => el('option', { value: key }, TEXT.signaturesFilters[key])))
  const invitations = setupInvitations()
  /** @type {ListedContract[]} */
  let contracts = []
  /** @type {string | null} */
  let nextCursor = null

  /** @param {unknown} error */
  const messageOf = (error) => {
    if (!(error instanceof ApiError)) throw error
    return [error.message, ...error.otherIssues.map((issue) => issue.message)].join(' ')
  }

  /** @param {HTMLTableRowElement} row */
  function closeDetail (row) {
    const next = row.nextElementSibling
    if (next?.classList.contains('row-detail') === true) next.remove()
  }

  /**
   * @param {ListedContract} contract
   * @param {HTMLTableRowElement} row
   */
  async function showHistory (contract, row) {
    const cell = rowDetail(row)
    cell.replaceChildren(el('p', { class: 'status busy' }, TEXT.historyLoading))
    try {
      /** @type {{ what: string, details: Record<string, unknown>, reason: string | null, by: string | null,
       *   at: string }[]} */
      const events = (await requestJson(`/api/contracts/${encodeURIComponent(contract.id)}/events`)).events
      cell.replaceChildren(el('h3', { class: 'detail-title' }, `${TEXT.history}: ${contract.worker}`),
        events.length === 0
          ? el('p', { class: 'muted' }, TEXT.noEvents)
          : el('ol', { class: 'events' }, ...events.map((event) => el('li', {},
            el('span', { class: 'when' }, limaTime(event.at)), ' ',
            el('strong', {}, TEXT.eventNames[event.what] ?? event.what),
            ...eventDates(event.details).map((on) => ` ${TEXT.eventOn(on)}`),
            event.reason === null || event.reason === '' ? '' : `: «${event.reason}»`,
            event.by === null ? '' : ` (${TEXT.eventBy(event.by)})`))))
    } catch (error) {
      cell.replaceChildren(el('div', { class: 'alert error', role: 'alert' }, el('p', {}, messageOf(error))))
    }
  }

  /**
   * @param {ListedContract} contract
   * @param {string} kind
   * @param {HTMLTableRowElement} row
   */
  async function downloadScan (contract, kind, row) {
    try {
      const file = await getFile(`/api/contracts/${encodeURIComponent(contract.id)}/scan?kind=${encodeURIComponent(kind)}`)
      saveFile(file.blob, file.fileName)
    } catch (error) {
      rowDetail(row).replaceChildren(el('div', { class: 'alert error', role: 'alert' }, el('p', {}, messageOf(error))))
    }
  }

  /**
   * Opens an action's form under the row; once the service accepts it the list is read again.
   * @param {'sign' | 'scan' | 'withdraw' | 'ended'} action
   * @param {ListedContract} contract
   * @param {HTMLTableRowElement} row
   */
  function openForm (action, contract, row) {
    const cell = rowDetail(row)
    cell.replaceChildren(actionForm(action, contract, {
      done: (line) => { load(line).catch(reportError) },
      cancel: () => {
        closeDetail(row)
        row.querySelector('button')?.focus()
      }
    }))
    const first = /** @type {HTMLElement | null} */ (cell.querySelector('input, textarea'))
    first?.focus()
  }

  /** @param {ListedContract} contract */
  function rowOf (contract) {
    const row = el('tr', { 'data-contract': contract.id, class: contract.status === 'issued' && contract.started ? 'unsigned' : undefined })
    /** @param {string} label @param {() => void} action @param {boolean} [primary] */
    const button = (label, action, primary = false) => el('button', {
      type: 'button',
      class: primary ? 'small' : 'secondary small',
      'aria-label': TEXT.actionOf(label, contract.worker),
      onclick: action
    }, label)
    const paperUnscanned = contract.status === 'signed' && contract.signedVia === 'paper' && contract.scans.length === 0
    const signature = contract.status === 'signed' || contract.signedOn !== null
      ? [TEXT.signedLine(contract.signedVia, contract.signedOn),
          contract.signedVia === 'paper' && contract.scans.length === 0 ? el('p', { class: 'muted' }, el('strong', { class: 'flag' }, TEXT.noScan)) : null]
      : [contract.started ? el('strong', { class: 'flag' }, TEXT.started) : TEXT.notStarted]
    row.append(
      el('td', { class: 'state' }, contract.status === 'issued'
        ? el('strong', { class: 'flag' }, TEXT.contractStatus.issued)
        : TEXT.contractStatus[contract.status] ?? contract.status),
      el('td', { class: 'nowrap' }, contract.dni),
      el('td', { class: 'name' }, contract.worker),
      el('td', {}, TEXT.kindNames[contract.kind] ?? contract.kind, el('br'),
        el('span', { class: 'muted' }, TEXT.modalityName(contract.modality, profile))),
      el('td', { class: 'term' }, `${contract.entryDate} – ${contract.endDate}`,
        contract.endedOn === null ? null : el('p', { class: 'muted' }, TEXT.endedLine(contract.endedOn))),
      el('td', { class: 'signature' }, ...signature),
      el('td', { class: 'row-actions' },
        contract.invitable
          ? button(TEXT.inviteToSign, () => { invitations.invite(contract, rowDetail(row)).catch(reportError) }, true)
          : null,
        contract.status === 'issued' ? button(TEXT.signPaper, () => openForm('sign', contract, row), true) : null,
        paperUnscanned ? button(TEXT.addScan, () => openForm('scan', contract, row), true) : null,
        contract.status === 'issued' ? button(TEXT.withdraw, () => openForm('withdraw', contract, row)) : null,
        (contract.status === 'issued' && contract.started) || contract.status === 'signed'
          ? button(TEXT.endEarly, () => openForm('ended', contract, row))
          : null,
        ...contract.scans.map((kind) => button(TEXT.viewScan(kind), () => {
          downloadScan(contract, kind, row).catch(reportError)
        })),
        button(TEXT.history, () => { showHistory(contract, row).catch(reportError) })))
    return row
  }

  function render () {
    tbody.replaceChildren(...contracts.map(rowOf))
    labelCells(tbody)
    more.hidden = nextCursor === null
  }

  /**
   * Reads the chosen filter's first page (or, with `append`, the next one).
   * @param {string} [done] the status line after a change
   * @param {boolean} [append]
   */
  async function load (done, append = false) {
    const key = /** @type {keyof typeof FILTERS} */ (filter.value)
    if (done === undefined) setStatus(status, TEXT.signaturesLoading, 'busy')
    try {
      const cursor = append && nextCursor !== null ? `&cursor=${encodeURIComponent(nextCursor)}` : ''
      const data = await requestJson(`/api/contracts?${FILTERS[key]}&limit=50${cursor}`)
      contracts = append ? [...contracts, ...data.contracts] : data.contracts
      nextCursor = data.nextCursor ?? null
      render()
      const line = TEXT.signaturesCount(TEXT.signaturesFilters[key], contracts.length)
      setStatus(status, done === undefined ? line : `${done} ${line}`)
    } catch (error) {
      setStatus(status, messageOf(error), 'error')
    }
  }

  filter.addEventListener('change', () => { load().catch(reportError) })
  byId('signatures-form').addEventListener('submit', (event) => event.preventDefault())
  more.addEventListener('click', () => { load(undefined, true).catch(reportError) })
  onFirstOpen('tab-signatures', () => {
    load().catch(reportError)
    invitations.start()
  })
}

/**
 * The days an event's details name (its signing date, its end), as `DD/MM/YYYY`.
 * @param {Record<string, unknown> | null | undefined} details
 * @returns {string[]}
 */
function eventDates (details) {
  if (details === null || details === undefined) return []
  const texts = ['signedOn', 'signingDate', 'endedOn'].map((key) => details[key]).filter((value) => typeof value === 'string')
  return texts.map((value) => {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
    return iso === null ? value : `${iso[3]}/${iso[2]}/${iso[1]}`
  })
}
