/**
 * What the console needs to sign people in (docs/security.md), from the configuration: the page
 * asks `GET /api/auth/config` and, in oidc mode, runs Authorization Code + PKCE itself as a public
 * client. Nothing here is a secret.
 */
import type { Config } from '../../schemas/config.js'
import type { ConsoleSignIn } from '../../schemas/auth-config.js'

type SignInConfig = Pick<Config, 'OIDC_ISSUER' | 'OIDC_AUDIENCE' | 'OIDC_CLIENT_ID' | 'OIDC_SCOPE'> & { authMode: 'none' | 'oidc' }

/**
 * `{ mode: 'none' }` with AUTH_MODE=none; `{ mode: 'oidc', issuer, clientId, scope, audience }` with
 * AUTH_MODE=oidc and OIDC_ISSUER (plugins/auth.ts has refused a start without OIDC_CLIENT_ID);
 * `{ mode: 'api-keys' }` with API keys only. `scope` always holds `openid`.
 */
export function consoleSignIn (config: SignInConfig): ConsoleSignIn {
  if (config.authMode === 'none') return { mode: 'none' }
  const { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience, OIDC_CLIENT_ID: clientId } = config
  if (issuer === undefined || audience === undefined || clientId === undefined) return { mode: 'api-keys' }
  const scopes = config.OIDC_SCOPE.split(/\s+/).filter((scope) => scope !== '')
  return { mode: 'oidc', issuer, clientId, audience, scope: [...new Set(['openid', ...scopes])].join(' ') }
}

/**
 * The origin of OIDC_ISSUER, which the console's page fetches (discovery, then the token
 * endpoint): `https:`, or `http:` on a loopback host (a provider on the developer's machine).
 * @returns undefined when the issuer is no such URL
 */
export function issuerOrigin (issuer: string): string | undefined {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return url.origin
  return undefined
}

/** localhost, 127.0.0.0/8 or [::1]: plain HTTP there never leaves the machine. */
export function isLoopback (hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}
