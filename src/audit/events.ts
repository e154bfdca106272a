/**
 * The audit trail (docs/security.md): one JSON line per request that reads or produces personal
 * data, naming who, from where, what, how it ended and whose data (DNIs). Pure: the plugin
 * (plugins/audit.ts) gathers the facts and writes the line.
 */
import type { Identity } from '../auth/roles.js'

/** One audit event, as written (one JSON object per line). */
export interface AuditEvent {
  time: string
  type: 'audit'
  /** The service's own id of the request (plugins/request-id.ts), the `reqId` of its log lines. */
  requestId: string
  /** The caller's `X-Request-Id` when well-formed, else null: never the request id. */
  clientRequestId: string | null
  method: string
  route: string
  /** The token's subject or the key's label; null with AUTH_MODE=none. */
  identity: string | null
  kind: Identity['kind'] | null
  roles: readonly string[]
  /** The client's address (the proxy's X-Forwarded-For when TRUST_PROXY trusts it). */
  client: string
  status: number
  /** `completed`: the whole reply reached the client; `abandoned`: the client left before its end (a ZIP cut short). */
  outcome: 'completed' | 'abandoned'
  /** DNIs (or adenda document numbers) the request carried or the reply held, each once. */
  dnis: string[]
  /** The cause a request changed (docs/registry.md "Causes"): present only then. */
  cause?: string
}

const ID_KEYS = ['dni', 'documentNumber'] as const

/** The DNIs in a record, or in each record of a list (`dni`, or an adenda's `documentNumber`). */
function idsOf (value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) idsOf(item, into)
    return
  }
  if (value === null || typeof value !== 'object') return
  for (const key of ID_KEYS) {
    const id = (value as Record<string, unknown>)[key]
    if (typeof id === 'string' && id !== '') into.add(id)
  }
}

/**
 * DNIs a request involved, each once: those of its JSON body (a record, a list, or `{sessionId,
 * dni}`), those it read (`read`: every row of an upload, refused ones included), and those of the
 * lists of records its JSON reply holds under `data` (an upload's employees or adendas).
 */
export function involvedDnis (body: unknown, replyData: unknown, read: readonly string[] = []): string[] {
  const found = new Set<string>()
  idsOf(body, found)
  for (const id of read) found.add(id)
  if (replyData !== null && typeof replyData === 'object') {
    for (const value of Object.values(replyData as Record<string, unknown>)) {
      if (Array.isArray(value)) idsOf(value, found)
    }
  }
  return [...found]
}
