/**
 * A contract's or adenda's status and how it changes (docs/registry.md "Statuses"; DOCUMENT-REQUIREMENTS
 * §39; LPCL art. 72), as plain functions over domain values: no database. `issued` → `signed` (on
 * paper or electronically), `withdrawn` (never signed nor worked), `ended` (before its printed end)
 * or `superseded` (by a corrected reprint); a paper mark made by mistake goes back to `issued`
 * (counsel's undo). Every change is an event (`contract_events`), and rebuildStatus folds a
 * contract's events, oldest first, into the status its row holds.
 *
 * Dates are `DD/MM/YYYY` (Lima's calendar dates); events keep them as `YYYY-MM-DD`.
 */
import { dayMonthYearKey } from '../vocabulary/dates.js'
import type { ContractEventKind, ContractStatus } from './tables.js'
import { dayMonthYear } from './tables.js'

/** How a signature was made. */
export type SignedVia = 'paper' | 'electronic'

/** A contract's status as its row holds it, and as its events rebuild it. */
export interface StatusState {
  status: ContractStatus
  /** `DD/MM/YYYY`: the signing date, while signed (kept when a signed contract ends early). */
  signedOn: string | null
  signedVia: SignedVia | null
  /** `DD/MM/YYYY`: the day an `ended` one ended. */
  endedOn: string | null
  /** `DD/MM/YYYY`: the day the worker's copy was handed over, and how (§39; §30: with the signature on paper). */
  copyDeliveredOn: string | null
  copyDeliveredVia: SignedVia | null
  /** The reprint that superseded it. */
  supersededBy: string | null
}

/** One row of `contract_events` as the fold reads it: what happened and what it set (ISO dates). */
export interface StatusEvent {
  what: ContractEventKind
  details: Record<string, unknown>
}

/** The state of a contract just issued: what a contract without events is. */
export const ISSUED: StatusState = {
  status: 'issued', signedOn: null, signedVia: null, endedOn: null, copyDeliveredOn: null, copyDeliveredVia: null, supersededBy: null
}

const isoText = (value: unknown): string | null => typeof value === 'string' ? dayMonthYear(value.slice(0, 10)) : null
const via = (value: unknown): SignedVia | null => value === 'paper' || value === 'electronic' ? value : null

/**
 * The status a contract's events leave it in, folded oldest first from `issued`: `signed` sets the
 * signing date and how, and the copy's delivery; `copy` the copy's delivery alone; `unsigned` (counsel's
 * undo) goes back to `issued`; `withdrawn`, `ended` (`endedOn`) and `superseded` (`by`) set their
 * status; `scan` changes no status.
 */
export function rebuildStatus (events: readonly StatusEvent[]): StatusState {
  let state: StatusState = { ...ISSUED }
  for (const { what, details } of events) {
    switch (what) {
      case 'signed':
        state = {
          ...state,
          status: 'signed',
          signedOn: isoText(details.signingDate),
          signedVia: via(details.signedVia),
          copyDeliveredOn: isoText(details.copyDeliveredOn),
          copyDeliveredVia: via(details.copyDeliveredVia)
        }
        break
      case 'copy':
        state = {
          ...state, copyDeliveredOn: isoText(details.copyDeliveredOn), copyDeliveredVia: via(details.copyDeliveredVia)
        }
        break
      case 'unsigned':
        state = { ...ISSUED }
        break
      case 'withdrawn':
        state = { ...state, status: 'withdrawn' }
        break
      case 'ended':
        state = { ...state, status: 'ended', endedOn: isoText(details.endedOn) }
        break
      case 'superseded':
        state = { ...state, status: 'superseded', supersededBy: typeof details.by === 'string' ? details.by : null }
        break
      case 'scan':
        break
    }
  }
  return state
}

/** What a change reads of the contract, under its worker's row lock. */
export interface ChangingContract {
  status: ContractStatus
  entryDate: string
  endDate: string
  signedVia: SignedVia | null
  endedOn: string | null
  /** The reprint that superseded it, with its term. */
  supersededBy: { id: string, entryDate: string, endDate: string } | null
}

/**
 * A change refused: 409 `status` (its status forbids it), `superseded` (the reprint), `electronic`,
 * `endedOn` (another day); 403 `forbidden`; 400 on the date.
 */
export type ChangeRefusal =
  | { refusal: 'status', status: ContractStatus }
  | { refusal: 'superseded', by: { id: string, entryDate: string, endDate: string } }
  | { refusal: 'forbidden' | 'electronic' }
  | { refusal: 'endedOn' | 'beforeStart' | 'notBeforeEnd' | 'afterToday', date: string }

const superseded = (contract: ChangingContract): ChangeRefusal =>
  contract.supersededBy === null ? { refusal: 'status', status: 'superseded' } : { refusal: 'superseded', by: contract.supersededBy }

/**
 * Withdrawing a contract never signed and never worked (`POST /api/contracts/{id}/withdraw`): only an
 * `issued` one; once it has started (its start is `today` or earlier) it counts for art. 74 (§39),
 * so only counsel may take it out (`mayWithdrawStarted`: the caller holds role `legal`, or there is no
 * authentication).
 * @returns `withdraw`, `unchanged` (already withdrawn) or the refusal
 */
export function withdrawalOutcome (
  contract: ChangingContract, today: string, mayWithdrawStarted: boolean
): 'withdraw' | 'unchanged' | ChangeRefusal {
  if (contract.status === 'withdrawn') return 'unchanged'
  if (contract.status === 'superseded') return superseded(contract)
  if (contract.status !== 'issued') return { refusal: 'status', status: contract.status }
  if (dayMonthYearKey(contract.entryDate) <= dayMonthYearKey(today) && !mayWithdrawStarted) return { refusal: 'forbidden' }
  return 'withdraw'
}

/**
 * Recording that a contract ended before its printed end (`POST /api/contracts/{id}/ended`): a
 * `signed` one, or an `issued` one already worked; `endedOn` from its start to the day before its
 * printed end, and not after `today` (it ended). It then counts up to `endedOn`.
 * @returns `end`, `unchanged` (already ended that day) or the refusal
 */
export function endingOutcome (contract: ChangingContract, endedOn: string, today: string): 'end' | 'unchanged' | ChangeRefusal {
  const day = dayMonthYearKey(endedOn)
  if (day > dayMonthYearKey(today)) return { refusal: 'afterToday', date: today }
  if (contract.status === 'superseded') return superseded(contract)
  if (contract.status === 'ended') return contract.endedOn === endedOn ? 'unchanged' : { refusal: 'endedOn', date: contract.endedOn ?? '' }
  if (contract.status === 'withdrawn') return { refusal: 'status', status: contract.status }
  if (day < dayMonthYearKey(contract.entryDate)) return { refusal: 'beforeStart', date: contract.entryDate }
  if (day >= dayMonthYearKey(contract.endDate)) return { refusal: 'notBeforeEnd', date: contract.endDate }
  return 'end'
}

/**
 * Counsel's undo of a paper mark made by mistake (`DELETE /api/contracts/{id}/signed`): only a
 * `signed` one signed on paper; an electronic signature is never undone this way.
 */
export function unsigningOutcome (contract: ChangingContract): 'unsign' | ChangeRefusal {
  if (contract.status === 'superseded') return superseded(contract)
  if (contract.status !== 'signed') return { refusal: 'status', status: contract.status }
  if (contract.signedVia === 'electronic') return { refusal: 'electronic' }
  return 'unsign'
}
