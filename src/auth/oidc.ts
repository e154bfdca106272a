/**
 * Access tokens of the company's identity provider (docs/security.md): signed JWTs checked with
 * `jose` against the issuer's keys, found through its discovery document. `createRemoteJWKSet`
 * caches the key set and fetches it again when a token names a key it does not hold (a rotation),
 * at most once per cooldown. `exp`, `nbf`, `iss` and `aud` are checked; the roles come from
 * a claim (OIDC_ROLES_CLAIM; dots reach into objects, as Keycloak's `realm_access.roles`).
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose'
import { isRole, type Identity, type Role } from './roles.js'

export interface OidcOptions {
  /** OIDC_ISSUER: exactly the `iss` of the tokens and of the discovery document. */
  issuer: string
  /** OIDC_AUDIENCE: a value every token's `aud` must hold. */
  audience: string
  /** OIDC_ROLES_CLAIM, e.g. `roles` or `realm_access.roles`. */
  rolesClaim: string
  /**
   * Least time between two fetches of the key set, ms (jose's default 30 s: a flood of unknown
   * kids cannot hammer the issuer).
   */
  jwksCooldownMs?: number
  /** Clock for `exp`/`nbf` (tests move it). */
  now?: () => Date
}

/** The issuer's discovery document could not be read or does not match OIDC_ISSUER. */
export class OidcDiscoveryError extends Error {
  constructor (issuer: string, problem: string) {
    super(`OIDC_ISSUER=${issuer}: ${problem}`)
    this.name = 'OidcDiscoveryError'
  }
}

/** Failures of a token itself (a 401), as opposed to the issuer being unreachable (thrown on). */
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

export class OidcVerifier {
  readonly #options: OidcOptions
  #keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined

  constructor (options: OidcOptions) {
    this.#options = options
  }

  /** Reads the discovery document once (again after a failure) and builds the cached key set. */
  async #keySet (): Promise<ReturnType<typeof createRemoteJWKSet>> {
    this.#keys ??= discoverJwksUri(this.#options.issuer).then((uri) =>
      createRemoteJWKSet(uri, { cooldownDuration: this.#options.jwksCooldownMs ?? 30_000 }))
    this.#keys.catch(() => { this.#keys = undefined })
    return await this.#keys
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
      return keys.jwks() !== undefined
    } catch {
      return false
    }
  }

  /**
   * The identity of a bearer token, or undefined when the token is not valid (bad signature,
   * unknown key, expired, not yet valid, another issuer or audience, no `sub`).
   * @throws OidcDiscoveryError or a network error when the issuer cannot be reached
   */
  async verify (token: string): Promise<Identity | undefined> {
    const keys = await this.#keySet()
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: this.#options.issuer,
        audience: this.#options.audience,
        currentDate: this.#options.now?.()
      })
      if (typeof payload.sub !== 'string' || payload.sub === '') return undefined
      return { kind: 'user', subject: payload.sub, roles: rolesFrom(payload, this.#options.rolesClaim) }
    } catch (error) {
      if (TOKEN_ERRORS.some((kind) => error instanceof kind)) return undefined
      throw error
    }
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
