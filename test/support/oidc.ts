/**
 * A real OpenID provider in the test process (`oidc-provider`, the certified Node implementation):
 * one HTTP server on a loopback port whose issuer can be swapped (a provider with other keys, a
 * rotation, another issuer name), and real access tokens from its token endpoint (client
 * credentials grant, JWT access tokens through resource indicators); for the console's browser
 * test, a public client and a real login page (devInteractions) with people, sign-out and refresh tokens.
 */
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { Test } from 'tap'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import Provider, { type ClientMetadata } from 'oidc-provider'

/** The audience our service expects (OIDC_AUDIENCE); a resource indicator is an absolute URI (RFC 8707). */
export const AUDIENCE = 'https://contratos.example.pe'

/** Clients of the provider and the roles each one's tokens carry (`roles` claim). */
export const CLIENT_ROLES: Record<string, string[]> = {
  'rrhh-app': ['hr'],
  'exportes-app': ['exports'],
  'operador-app': ['operator'],
  'sin-roles-app': [],
  'varios-app': ['exports', 'operator', 'administrador']
}

/** The console's client at the provider (OIDC_CLIENT_ID): public, Authorization Code + PKCE, refresh tokens. */
export const CONSOLE_CLIENT_ID = 'consola'

/** People who can sign in at the provider's login page (any password), with their name and roles. */
export const PEOPLE: Record<string, { name: string, roles: string[] }> = {
  rquispe: { name: 'Rosa Quispe Mamani', roles: ['hr'] }
}

/** An RS256 signing key with its `kid`. */
export async function signingKey (kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  return { ...await exportJWK(privateKey), kid, alg: 'RS256', use: 'sig' }
}

export interface TestIssuer {
  /** OIDC_ISSUER. */
  issuer: string
  server: Server
  /** While true, every request is answered 503, as a provider that is down (behind its proxy). */
  down: boolean
  /** Requests the issuer received (discovery, keys, tokens), down or not. */
  requests: number
  /** Serves `provider` from now on (rotation, another key, another issuer name). */
  use: (provider: Provider) => void
  /**
   * A provider for `issuer` (default: this one's) signing with the first of `keys`; with
   * `consoleOrigin`, the console's public client (CONSOLE_CLIENT_ID, redirect and post-logout URI
   * `<consoleOrigin>/app/`) and the login page for PEOPLE.
   */
  provider: (keys: JWK[], issuer?: string, consoleOrigin?: string) => Provider
  /** An access token of the provider now served, for `clientId`, for `resource` (default AUDIENCE). */
  token: (clientId: string, resource?: string) => Promise<string>
}

/** Starts the issuer on a free loopback port with one key; closed at teardown. */
export async function startIssuer (t: Test): Promise<TestIssuer & { keys: JWK[] }> {
  let current: Provider | undefined
  const server = createServer((request, response) => {
    self.requests++
    if (self.down) response.writeHead(503, { 'content-type': 'text/plain' }).end('no disponible')
    else current?.callback()(request, response)?.catch(() => { response.destroy() })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const provider = (keys: JWK[], name = issuer, consoleOrigin?: string) => new Provider(name, {
    clients: [
      ...Object.keys(CLIENT_ROLES).map((id) => ({
        client_id: id, client_secret: `secreto-${id}`, grant_types: ['client_credentials'], redirect_uris: [], response_types: []
      })),
      ...(consoleOrigin === undefined
        ? []
        : [{
          client_id: CONSOLE_CLIENT_ID,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code' as const],
          redirect_uris: [`${consoleOrigin}/app/`],
          post_logout_redirect_uris: [`${consoleOrigin}/app/`]
        } satisfies ClientMetadata])
    ],
    jwks: { keys },
    // the login page takes any password for a login of PEOPLE; the ID token carries the name (no userinfo: the access token is the API's)
    findAccount: (_ctx, id) => PEOPLE[id] === undefined
      ? undefined
      : { accountId: id, claims: () => ({ sub: id, name: PEOPLE[id].name, preferred_username: id }) },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    conformIdTokenClaims: false,
    // as Keycloak does for its clients: a refresh token whenever the client may use the grant
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin) => origin === consoleOrigin,
    features: {
      clientCredentials: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({ scope: 'api', audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: 600, jwt: { sign: { alg: 'RS256' } } })
      }
    },
    extraTokenClaims: (_ctx, token) => {
      const { clientId, accountId } = token as { clientId?: string, accountId?: string }
      return { roles: accountId !== undefined ? PEOPLE[accountId]?.roles ?? [] : CLIENT_ROLES[clientId ?? ''] ?? [] }
    }
  })
  const keys = [await signingKey('clave-1')]
  current = provider(keys)
  const self: TestIssuer & { keys: JWK[] } = {
    issuer,
    server,
    down: false,
    requests: 0,
    keys,
    provider,
    use: (next) => { current = next },
    token: async (clientId, resource = AUDIENCE) => {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:secreto-${clientId}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: 'api' })
      })
      const body = await response.json() as { access_token?: string, error_description?: string }
      if (body.access_token === undefined) throw new Error(`token for ${clientId}: ${response.status} ${JSON.stringify(body)}`)
      return body.access_token
    }
  }
  return self
}
