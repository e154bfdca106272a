/**
 * What the registry holds of each row's contract (docs/console.md, item 3; docs/registry.md
 * "Statuses"): the line under a row's name says whether the contract of that term was issued and
 * how it stands (sin firmar, firmado en papel o electrónicamente, retirado, terminó antes), read from
 * `GET /api/contracts?dni=` after the sheet loads and after each ZIP. The row's contract is the
 * worker's recorded contract (not an adenda, not a superseded reprint) that starts on the row's
 * INICIO. A person without a registry role (403), or a registry that does not answer, shows no line:
 * the table works without it.
 */
import { ApiError, requestJson } from '../api.js'
import { el } from '../dom.js'
import { TEXT } from '../texts.js'

/** Requests at once while reading the rows' workers (a sheet may hold hundreds). */
const PARALLEL = 4

/** @typedef {import('../signatures.js').ListedContract} ListedContract */

/**
 * @param {{ changed: () => void }} hooks `changed` after the statuses were read (the table shows them)
 */
export function recordedContracts (hooks) {
  /** @type {Map<string, ListedContract[]>} by DNI */
  let byDni = new Map()
  let reading = 0

  /**
   * Reads the recorded contracts of these workers; the table is shown again once they are in.
   * @param {string[]} dnis
   */
  async function read (dnis) {
    const ticket = ++reading
    /** @type {Map<string, ListedContract[]>} */
    const found = new Map()
    const queue = [...new Set(dnis)]
    const next = async () => {
      for (let dni = queue.shift(); dni !== undefined; dni = queue.shift()) {
        const data = await requestJson(`/api/contracts?dni=${encodeURIComponent(dni)}&limit=200`)
        found.set(dni, data.contracts)
      }
    }
    try {
      await Promise.all(Array.from({ length: PARALLEL }, next))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return // no registry role, or the registry away: no line
    }
    if (ticket !== reading) return // a newer read is under way
    byDni = found
    hooks.changed()
  }

  /**
   * The line under a row: its contract's status in the registry, or null when none is recorded.
   * @param {{ dni?: unknown, entryDate?: unknown }} employee
   */
  function line (employee) {
    const contract = (byDni.get(String(employee.dni ?? '')) ?? []).find((entry) =>
      entry.kind === 'contract' && entry.status !== 'superseded' && entry.entryDate === employee.entryDate)
    if (contract === undefined) return null
    return el('p', { class: contract.status === 'issued' && contract.started ? 'recorded flag' : 'recorded' }, statusText(contract))
  }

  return { read, line }
}

/**
 * A recorded contract's status as HR reads it.
 * @param {ListedContract} contract
 */
function statusText (contract) {
  if (contract.status === 'signed') return TEXT.recordedSigned(TEXT.signedLine(contract.signedVia, contract.signedOn))
  if (contract.status === 'ended' && contract.endedOn !== null) return TEXT.recordedSigned(TEXT.endedLine(contract.endedOn))
  if (contract.status === 'issued') return contract.started ? TEXT.recordedStartedUnsigned : TEXT.recordedUnsigned
  return TEXT.recordedSigned(TEXT.contractStatus[contract.status] ?? contract.status)
}
