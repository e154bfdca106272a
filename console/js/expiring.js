/**
 * The "Por vencer" tab (docs/console.md, item 9; docs/registry.md): the recorded contracts whose term,
 * with their adendas, ends within the days HR chooses (`GET /api/contracts/expiring?days=N`, default
 * 30), signed first; a site filter; the days left counted from the service's today in Lima; an
 * issued-only contract marked "sin firmar"; "Renovar" opens the adenda form (expiring/renew.js).
 */
import { ApiError, requestJson } from './api.js'
import { byId, el, labelCells, onFirstOpen, setStatus } from './dom.js'
import { renewForm } from './expiring/renew.js'
import { daysBetween } from './registry-dates.js'
import { TEXT } from './texts.js'

/**
 * @typedef {{ id: string, dni: string, worker: string, type: string, modality: string | null, causeId: string | null,
 *   site: string | null, position: string, entryDate: string, endDate: string, contractEndDate: string,
 *   absenceTo: string | null, addenda: number,
 *   status: 'issued' | 'signed', firstEntryDate: string, longestEnd: string | null }} ExpiringContract
 */

/**
 * @param {import('./api.js').Profile | undefined} profile modality names and the causes' texts
 */
export function setupExpiring (profile) {
  const form = /** @type {HTMLFormElement} */ (byId('expiring-form'))
  const daysInput = /** @type {HTMLInputElement} */ (byId('expiring-days'))
  const siteSelect = /** @type {HTMLSelectElement} */ (byId('expiring-site'))
  const status = byId('expiring-status')
  const count = byId('expiring-count')
  const tbody = /** @type {HTMLTableSectionElement} */ (byId('expiring-table').querySelector('tbody'))
  const renew = renewForm(profile, { renewed: () => load() })
  /** @type {ExpiringContract[]} */
  let contracts = []
  let today = ''

  /** @param {string | null} code */
  const modalityName = (code) => TEXT.modalityName(code, profile)

  function render () {
    const site = siteSelect.value
    const shown = contracts.filter((contract) => site === '' || contract.site === site)
    tbody.replaceChildren(...shown.map((contract) => {
      const left = daysBetween(today, contract.endDate)
      return el('tr', contract.status === 'signed' ? {} : { class: 'unsigned' },
        el('td', { class: 'state' }, contract.status === 'signed' ? TEXT.signed : el('strong', { class: 'flag' }, TEXT.unsigned)),
        el('td', { class: 'nowrap' }, contract.dni),
        el('td', { class: 'name' }, contract.worker),
        el('td', {}, contract.site ?? ''),
        el('td', {}, contract.position, el('br'), el('span', { class: 'muted' }, modalityName(contract.modality))),
        el('td', { class: 'term' }, `${contract.entryDate} – ${contract.endDate}`,
          contract.addenda > 0 ? el('p', { class: 'muted' }, TEXT.withAddenda(contract.addenda)) : null),
        el('td', { class: 'num' }, left === undefined ? '' : TEXT.daysLeft(left)),
        el('td', { class: 'term' }, contract.longestEnd ?? TEXT.noLongestEnd),
        el('td', { class: 'row-actions' },
          el('button', {
            type: 'button',
            class: 'secondary small',
            'aria-label': TEXT.renewOf(contract.worker),
            disabled: contract.longestEnd === null,
            onclick: () => renew.open(contract)
          }, TEXT.renew)))
    }))
    labelCells(tbody)
    count.textContent = contracts.length === 0 ? '' : TEXT.expiringCount(shown.length, contracts.length)
  }

  /** Fills the site filter with the sites of the list, keeping the chosen one. */
  function fillSites () {
    const wanted = siteSelect.value
    const sites = [...new Set(contracts.map((contract) => contract.site ?? '').filter(Boolean))].sort((a, b) => a.localeCompare(b, 'es'))
    siteSelect.replaceChildren(el('option', { value: '' }, TEXT.allSites), ...sites.map((site) => el('option', { value: site }, site)))
    siteSelect.value = sites.includes(wanted) ? wanted : ''
  }

  async function load () {
    const days = Number(daysInput.value)
    if (!Number.isInteger(days) || days < 0 || days > 366) {
      setStatus(status, TEXT.expiringDaysInvalid, 'error')
      daysInput.focus()
      return
    }
    setStatus(status, TEXT.expiringLoading, 'busy')
    try {
      const data = await requestJson(`/api/contracts/expiring?days=${days}`)
      contracts = data.contracts
      today = data.from
      fillSites()
      render()
      const { from, to } = data
      const line = contracts.length === 0 ? TEXT.noneExpiring(from, to) : TEXT.expiringRange(from, to)
      setStatus(status, line)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setStatus(status, [error.message, ...error.otherIssues.map((issue) => issue.message)].join(' '), 'error')
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    load().catch(reportError)
  })
  siteSelect.addEventListener('change', render)
  fillSites()
  // the list is read when HR first opens the tab (the registry may not be needed otherwise)
  onFirstOpen('tab-expiring', () => { load().catch(reportError) })
}
