/**
 * Access tokens of the company's identity provider (docs/security.md, "People: OpenID Connect"):
 * signed JWTs checked with `jose` against the issuer's keys, found through its discovery document.
 * Checked: the signature, `iss`, `aud`, `exp` and `iat` (both required), `nbf` when present, with
 * CLOCK_SKEW_SECONDS of tolerance; a token must be an access token (`isAccessToken`), never an ID
 * token whose audience happens to match. The key set is cached for at most JWKS_MAX_AGE_MS, so a
 * key the provider withdraws stops working within that time, and fetched again sooner when a token
 * names a key it does not hold (a rotation), at most once per JWKS_COOLDOWN_MS. A provider that
 * cannot be reached makes `verify` throw IdentityProviderUnavailableError (503 with Retry-After)
 * without trying again for PROVIDER_RETRY_MS (negative caching), and is reported once a minute at
 * most. The roles come from a claim (OIDC_ROLES_CLAIM; dots reach into objects, as Keycloak's
 * `realm_access.roles`).
 */
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose'
import { IdentityProviderUnavailableError } from '../errors.js'
import { isRole, type Identity, type Role } from './roles.js'

/** Seconds by which the provider's clock and ours may differ for `exp`, `nbf` and `iat`. */
export const CLOCK_SKEW_SECONDS = 60
/** A token issued longer ago than this (s, by its `iat`) is refused whatever its `exp` says. */
export const MAX_TOKEN_AGE_SECONDS = 24 * 60 * 60
/** The key set is fetched again once older than this (ms): the bound on how long a withdrawn key still works. */
export const JWKS_MAX_AGE_MS = 5 * 60_000
/** Least time (ms) between two fetches of the key set caused by unknown `kid`s (a flood cannot hammer the issuer). */
export const JWKS_COOLDOWN_MS = 30_000
/** After a failed fetch, tokens answer 503 without asking the provider again for this long (ms). */
export const PROVIDER_RETRY_MS = 5_000
/** At most one report (log line) of an unreachable provider per this many ms. */
export const FAILURE_REPORT_INTERVAL_MS = 60_000

/**
 * What the verifier knows of the provider's keys: `never-fetched` (no token has needed them yet),
 * `ok` (a key set is held and the last fetch, if any was due, worked), `failing` (the last attempt
 * to reach the provider failed; with `hasKeys` false, no key set was ever fetched).
 */
export type KeysState = 'never-fetched' | 'ok' | 'failing'

export interface OidcOptions {
  /** OIDC_ISSUER: exactly the `iss` of the tokens and of the discovery document. */
  issuer: string
  /** OIDC_AUDIENCE: a value every token's `aud` must hold. */
  audience: string
  /** OIDC_ROLES_CLAIM, e.g. `roles` or `realm_access.roles`. */
  rolesClaim: string
  /** Least time between two fetches of the key set for unknown kids, ms (JWKS_COOLDOWN_MS; tests set 0). */
  jwksCooldownMs?: number
  /** Age after which the cached key set is fetched again, ms (JWKS_MAX_AGE_MS; tests set 0). */
  jwksMaxAgeMs?: number
  /** Clock for the claims and for negative caching (tests move it). */
  now?: () => Date
  /**
   * Told when the provider cannot be reached, at most once per FAILURE_REPORT_INTERVAL_MS: the
   * cause as one line (no stack) and how many failures were not reported since the last report.
   */
  onUnavailable?: (cause: string, suppressed: number) => void
  /** Told once when the provider answers again after a failure. */
  onRecovered?: () => void
}

/** The issuer's discovery document could not be read or does not match OIDC_ISSUER. */
export class OidcDiscoveryError extends Error {
  constructor (issuer: string, problem: string) {
    super(`OIDC_ISSUER=${issuer}: ${problem}`)
    this.name = 'OidcDiscoveryError'
  }
}

/** Failures of a token itself (a 401), as opposed to the issuer being unreachable (a 503). */
const TOKEN_ERRORS = [
  errors.JWTExpired, errors.JWTClaimValidationFailed, errors.JWTInvalid, errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed, errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed, errors.JOSENotSupported
]

/** The roles a claim holds: an array of strings or one space-separated string; unknown names are dropped. */
export function rolesFrom (payload: JWTPayload, claim: string): Role[] {
  let value: unknown = payload
  for (const key of claim.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : []
  return [...new Set(names.filter(isRole))]
}

/**
 * Whether a verified token is an access token: its header says `typ: at+jwt` (RFC 9068 section
 * 2.1, `application/at+jwt` too), or it has the shape of a provider that does not say so: Keycloak's
 * `typ: Bearer` claim (its ID tokens say `ID`), or Entra ID v2's `ver: 2.0` with `azp` (its ID
 * tokens carry no `azp`). An ID token (OpenID Connect Core section 2) is none of these.
 */
export function isAccessToken (header: JWTHeaderParameters, payload: JWTPayload): boolean {
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : undefined
  if (typ === 'at+jwt') return true
  if (payload.typ === 'Bearer') return true
  return payload.ver === '2.0' && typeof payload.azp === 'string'
}

/** One line for a failure to reach the provider: its message and code, never a stack. */
function describe (error: unknown): string {
  const { message, code, cause } =
    error as { message?: string, code?: string, cause?: { code?: string, message?: string } }
  const inner = cause?.code ?? cause?.message
  return [message ?? String(error), code, inner].filter((part) => part !== undefined && part !== '').join(': ')
}

type RemoteKeys = ReturnType<typeof createRemoteJWKSet>

export class OidcVerifier {
  readonly #options: OidcOptions
  #keys: Promise<RemoteKeys> | undefined
  #remote: RemoteKeys | undefined
  #state: KeysState = 'never-fetched'
  #retryAt = Number.NEGATIVE_INFINITY
  #reportedAt = Number.NEGATIVE_INFINITY
  #suppressed = 0

  constructor (options: OidcOptions) {
    this.#options = options
  }

  /** What the verifier knows of the provider's keys (readiness reads it). */
  get keysState (): KeysState {
    return this.#state
  }

  /** Whether a key set has been fetched (it may be stale while the provider fails). */
  get hasKeys (): boolean {
    return this.#remote?.jwks() !== undefined
  }

  #now (): number {
    return (this.#options.now?.() ?? new Date()).getTime()
  }

  /** Reads the discovery document once (again after a failure) and builds the cached key set. */
  async #keySet (): Promise<RemoteKeys> {
    this.#keys ??= discoverJwksUri(this.#options.issuer).then((uri) => {
      this.#remote = createRemoteJWKSet(uri, {
        cooldownDuration: this.#options.jwksCooldownMs ?? JWKS_COOLDOWN_MS,
        cacheMaxAge: this.#options.jwksMaxAgeMs ?? JWKS_MAX_AGE_MS
      })
      return this.#remote
    })
    this.#keys.catch(() => { this.#keys = undefined })
    return await this.#keys
  }

  #failed (error: unknown, now: number): IdentityProviderUnavailableError {
    this.#state = 'failing'
    this.#retryAt = now + PROVIDER_RETRY_MS
    if (now - this.#reportedAt >= FAILURE_REPORT_INTERVAL_MS) {
      this.#options.onUnavailable?.(describe(error), this.#suppressed)
      this.#reportedAt = now
      this.#suppressed = 0
    } else this.#suppressed++
    return new IdentityProviderUnavailableError(PROVIDER_RETRY_MS, error)
  }

  #reached (): void {
    if (this.#state === 'ok' || !this.hasKeys) return // jose's jwks() copies the key set: not on every token
    if (this.#state === 'failing') this.#options.onRecovered?.()
    this.#state = 'ok'
  }

  /**
   * For readiness (plugins/readiness.ts): true once the issuer's key set has been fetched at least
   * once, so tokens can be checked (with the cached keys while the issuer is down later). Until
   * then it tries to fetch it now (discovery, then the key set) and says whether that worked; it
   * never throws.
   */
  async keysFetchedOnce (): Promise<boolean> {
    try {
      const keys = await this.#keySet()
      if (keys.jwks() === undefined) await keys.reload()
      if (keys.jwks() === undefined) return false
      this.#reached()
      return true
    } catch {
      return false
    }
  }

  /**
   * The identity of a bearer token, or undefined when the token is not valid: not a JWT, a bad
   * signature, a key the issuer does not publish, no `exp` or `iat`, expired, `iat` or `nbf` in the
   * future (beyond CLOCK_SKEW_SECONDS), issued more than MAX_TOKEN_AGE_SECONDS ago, another issuer
   * or audience, not an access token, or no `sub`.
   * @throws IdentityProviderUnavailableError (503, Retry-After) when the issuer's discovery document
   *   or keys cannot be fetched, and for PROVIDER_RETRY_MS after that without trying again
   */
  async verify (token: string): Promise<Identity | undefined> {
    try {
      decodeJwt(token) // garbage never makes the verifier reach the provider
    } catch {
      return undefined
    }
    const now = this.#now()
    if (this.#state === 'failing' && now < this.#retryAt) {
      throw new IdentityProviderUnavailableError(this.#retryAt - now)
    }
    let verified: Awaited<ReturnType<typeof jwtVerify>>
    try {
      verified = await jwtVerify(token, await this.#keySet(), {
        issuer: this.#options.issuer,
        audience: this.#options.audience,
        requiredClaims: ['exp', 'iat'],
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: this.#options.now?.()
      })
    } catch (error) {
      if (!TOKEN_ERRORS.some((kind) => error instanceof kind)) throw this.#failed(error, now)
      this.#reached()
      return undefined
    }
    this.#reached()
    const { payload, protectedHeader } = verified
    if (!isAccessToken(protectedHeader, payload)) return undefined
    if (typeof payload.sub !== 'string' || payload.sub === '') return undefined
    return { kind: 'user', subject: payload.sub, roles: rolesFrom(payload, this.#options.rolesClaim) }
  }
}

/** The `jwks_uri` of `issuer`'s discovery document (OpenID Connect Discovery 1.0, section 4). */
async function discoverJwksUri (issuer: string): Promise<URL> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
  if (!response.ok) throw new OidcDiscoveryError(issuer, `${url} respondió ${response.status}`)
  const document = await response.json() as { issuer?: unknown, jwks_uri?: unknown }
  if (document.issuer !== issuer) throw new OidcDiscoveryError(issuer, `el documento de descubrimiento dice issuer=${String(document.issuer)}`)
  if (typeof document.jwks_uri !== 'string') throw new OidcDiscoveryError(issuer, 'el documento de descubrimiento no tiene jwks_uri')
  return new URL(document.jwks_uri)
}
