/**
 * The evidence chain of a worker's signature (DOCUMENT-REQUIREMENTS §39; docs/signing-flow.md
 * "Evidence"): each event's SHA-256 covers its contract, invitation, kind, details, instant and the
 * previous event's SHA-256, over a canonical JSON (keys sorted), so that any event changed, removed
 * or inserted breaks every hash after it.
 */
import { createHash } from 'node:crypto'

/** JSON with every object's keys sorted (arrays kept in order): the same value always gives the same text. */
export function canonicalJson (value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** An event as its hash covers it (`at`: ISO 8601, milliseconds). */
export interface ChainedEvent {
  contractId: string,
  invitationId: string | null,
  what: string,
  details: unknown,
  at: string
}

/** SHA-256 (hex) of `event` chained to `previous` (the previous event's SHA-256; null for the first). */
export function chainHash (event: ChainedEvent, previous: string | null): string {
  return createHash('sha256').update(canonicalJson({ ...event, previous })).digest('hex')
}
