import { Type, type Static } from '@sinclair/typebox'

/**
 * How the console signs in (`GET /api/auth/config`, docs/security.md): nothing to do, OpenID
 * Connect against the company's provider, or no sign-in for people (API keys only).
 */
export const ConsoleSignInSchema = Type.Union([
  Type.Object({ mode: Type.Literal('none', { description: 'AUTH_MODE=none: no sign-in, every call is served' }) }),
  Type.Object({
    mode: Type.Literal('oidc', { description: 'AUTH_MODE=oidc with OIDC_ISSUER: Authorization Code + PKCE as a public client' }),
    issuer: Type.String({ description: 'OIDC_ISSUER: where the console discovers the provider\'s endpoints' }),
    clientId: Type.String({ description: 'OIDC_CLIENT_ID: the console\'s public client (no secret)' }),
    scope: Type.String({ description: 'OIDC_SCOPE: the scopes asked for' }),
    audience: Type.String({ description: 'OIDC_AUDIENCE: the API the access token is for (sent as `resource`, RFC 8707)' })
  }),
  Type.Object({ mode: Type.Literal('api-keys', { description: 'AUTH_MODE=oidc with API_KEYS_FILE only: no sign-in for people, the console cannot be used' }) })
])
export type ConsoleSignIn = Static<typeof ConsoleSignInSchema>
