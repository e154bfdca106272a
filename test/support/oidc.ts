/**
 * A real OpenID provider in the test process (`oidc-provider`, the certified Node implementation):
 * one HTTP server on a loopback port whose issuer can be swapped (a provider with other keys, a
 * rotation, another issuer name), and real access tokens from its token endpoint (client
 * credentials grant, JWT access tokens through resource indicators).
 */
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { Test } from 'tap'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import Provider from 'oidc-provider'

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

/** An RS256 signing key with its `kid`. */
export async function signingKey (kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  return { ...await exportJWK(privateKey), kid, alg: 'RS256', use: 'sig' }
}

export interface TestIssuer {
  /** OIDC_ISSUER. */
  issuer: string
  server: Server
  /** Serves `provider` from now on (rotation, another key, another issuer name). */
  use: (provider: Provider) => void
  /** A provider for `issuer` (default: this one's) signing with the first of `keys`. */
  provider: (keys: JWK[], issuer?: string) => Provider
  /** An access token of the provider now served, for `clientId`, for `resource` (default AUDIENCE). */
  token: (clientId: string, resource?: string) => Promise<string>
}

/** Starts the issuer on a free loopback port with one key; closed at teardown. */
export async function startIssuer (t: Test): Promise<TestIssuer & { keys: JWK[] }> {
  let current: Provider | undefined
  const server = createServer((request, response) => {
    current?.callback()(request, response)?.catch(() => { response.destroy() })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const provider = (keys: JWK[], name = issuer) => new Provider(name, {
    clients: Object.keys(CLIENT_ROLES).map((id) => ({
      client_id: id, client_secret: `secreto-${id}`, grant_types: ['client_credentials'], redirect_uris: [], response_types: []
    })),
    jwks: { keys },
    features: {
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({ scope: 'api', audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: 600, jwt: { sign: { alg: 'RS256' } } })
      }
    },
    extraTokenClaims: (_ctx, token) => ({ roles: CLIENT_ROLES[(token as { clientId?: string }).clientId ?? ''] ?? [] })
  })
  const keys = [await signingKey('clave-1')]
  current = provider(keys)
  return {
    issuer,
    server,
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
}
