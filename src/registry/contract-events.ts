/**
 * The `contract_events` table (docs/registry.md "Statuses"; migration 0005): every change of a
 * contract's or adenda's status, append-only, written in the transaction that sets the status, under
 * the worker's row lock; statuses.ts rebuildStatus folds them back into the status. Dates in `details`
 * are `YYYY-MM-DD`.
 */
import type { ContractEventKind, RegistryDb } from './tables.js'
import type { StatusEvent } from './statuses.js'

/** One change about to be recorded. */
export interface ContractEvent {
  contractId: string
  what: ContractEventKind
  details?: Record<string, unknown>
  reason?: string
  /** The identity's subject (AUTH_MODE=oidc), else undefined. */
  by?: string
  requestId?: string
}

/** A recorded change as `GET /api/contracts/{id}/events` shows it. */
export interface RecordedEvent extends StatusEvent {
  reason: string | null
  by: string | null
  /** ISO 8601 (UTC). */
  at: string
  requestId: string | null
}

/** Appends `events`, in order (one statement). */
export async function insertEvents (db: RegistryDb, events: readonly ContractEvent[]): Promise<void> {
  if (events.length === 0) return
  await db.insertInto('contract_events').values(events.map((event) => ({
    contract_id: event.contractId,
    what: event.what,
    details: JSON.stringify(event.details ?? {}),
    reason: event.reason ?? null,
    by: event.by ?? null,
    request_id: event.requestId ?? null
  }))).execute()
}

/** A contract's events, oldest first. */
export async function selectEvents (db: RegistryDb, contractId: string): Promise<RecordedEvent[]> {
  const rows = await db.selectFrom('contract_events').select(['what', 'details', 'reason', 'by', 'at', 'request_id'])
    .where('contract_id', '=', contractId).orderBy('seq').execute()
  return rows.map((row) => ({
    what: row.what,
    details: row.details,
    reason: row.reason,
    by: row.by,
    at: new Date(row.at).toISOString(),
    requestId: row.request_id
  }))
}
