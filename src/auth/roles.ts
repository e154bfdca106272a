/**
 * Roles and who may call what (docs/security.md, "Roles"). A route declares its `Access`; an identity holds
 * one or more roles and passes when any of them is allowed.
 */

/**
 * `hr`: imports, previews, ZIPs, exports, proposing causes; `exports`: the three exports only;
 * `operator`: metrics and readiness; `legal`: counsel, who edits, approves and retires the causes
 * (DOCUMENT-REQUIREMENTS §21).
 */
export const ROLES = ['hr', 'exports', 'operator', 'legal'] as const
export type Role = typeof ROLES[number]

/**
 * What a route requires: `public` (no credentials: `GET /api/health`, the console's static files,
 * CORS preflights), `signed-in` (any valid identity, whatever its roles: `/docs`, `GET /`), or
 * the list of roles of which the identity needs one.
 */
export type Access = 'public' | 'signed-in' | readonly Role[]

/** Someone the service recognised: a person (OIDC subject) or a machine (API key label). */
export interface Identity {
  kind: 'user' | 'key'
  /** The token's `sub` or the key's label; what the audit trail and session ownership name. */
  subject: string
  roles: readonly Role[]
}

/**
 * The owner of what an identity stores (upload sessions, docs/security.md), stable across requests:
 * `user:<sub>` or `key:<label>`; undefined without an identity (AUTH_MODE=none: shared, as the spec).
 */
export function ownerOf (identity: Identity | undefined): string | undefined {
  return identity === undefined ? undefined : `${identity.kind}:${identity.subject}`
}

export function isRole (value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/**
 * The outcome of one request's credentials against its route: `allow`, `unauthenticated` (401:
 * none or not valid) or `forbidden` (403: valid, but no allowed role).
 */
export function decideAccess (access: Access, identity: Identity | undefined): 'allow' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'allow'
  if (identity === undefined) return 'unauthenticated'
  if (access === 'signed-in') return 'allow'
  return identity.roles.some((role) => access.includes(role)) ? 'allow' : 'forbidden'
}

/** The role table (docs/security.md, "Roles"), as routes declare it in `config.access`. */
export const ROUTE_ACCESS = {
  /** `GET /api/health`: liveness for anyone; `GET /api/documents/{code}`: a worker or inspector checks a copy. */
  open: 'public',
  /** `GET /`, `/docs`, `/api/limits`, `/api/profile`: no personal data, but only for those signed in. */
  signedIn: 'signed-in',
  /** Imports, previews, contracts and adendas ZIPs. */
  hr: ['hr'],
  /** The three exports (Vida Ley, SCTR, photocheck): nightly jobs hold `exports`. */
  exports: ['hr', 'exports'],
  /** `/metrics`, `/api/health/ready`. */
  operator: ['operator'],
  /** `GET /api/causes`, `POST /api/causes`: HR proposes a cause, counsel reads them too. */
  causes: ['hr', 'legal'],
  /**
   * `PATCH /api/causes/{id}`, `POST /api/causes/{id}/approve`, `/retire`: counsel's review only;
   * `DELETE /api/contracts/{id}/signed` (undoing a paper mark).
   */
  legal: ['legal'],
  /**
   * `GET /api/contracts`, a contract's scan and status history, `POST /api/contracts/{id}/withdraw`
   * (HR before the contract starts, counsel from then on: the route checks it).
   */
  signatures: ['hr', 'legal']
} as const satisfies Record<string, Access>
