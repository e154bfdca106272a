/**
 * Sign-in and roles (docs/security.md). With AUTH_MODE=none nothing is checked (the spec). With
 * AUTH_MODE=oidc every request needs `Authorization: Bearer <token>`, where the token is an API key
 * of API_KEYS_FILE or an access token of OIDC_ISSUER, unless its route is public; 401 without valid
 * credentials, 403 when no role of the identity is allowed, both with `WWW-Authenticate`.
 *
 * Each route declares its `access` in its config (the role table lives with the routes); routes
 * that plugins add get theirs here: OPTIONS routes and the console's static files are public,
 * `/docs` and everything else outside `/api/` and `/metrics` needs a signed-in identity. An `/api/`
 * route that declares nothing stops start-up, so no route is ever open by omission. A route that
 * has no access (an unknown URL's 404, the CORS plugin's `OPTIONS *`, registered before this one so
 * that 401s and 403s carry its headers, and which answers preflights in its own hook) needs a
 * signed-in identity: a stranger gets a 401 whatever the URL, and learns nothing of which exist.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs'
import fp from 'fastify-plugin'
import { API_KEY_MIN_LENGTH, ApiKeyRing, ApiKeysFileError } from '../src/auth/api-keys.js'
import { decideAccess, type Access, type Identity } from '../src/auth/roles.js'
import { OidcVerifier } from '../src/auth/oidc.js'
import { AuthError } from '../src/errors.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'
import { issuerOrigin } from '../src/auth/console-sign-in.js'
import { ConfigError, octalMode, redactUrl } from './config.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (src/auth/roles.ts); required on every `/api/` route and `/metrics`. */
    access?: Access
  }
  interface FastifyRequest {
    /** Who made the request (AUTH_MODE=oidc), once authenticated; undefined in AUTH_MODE=none and on public routes. */
    identity: Identity | undefined
  }
  interface FastifyInstance {
    /**
     * Checks bearer tokens that are not API keys against OIDC_ISSUER (src/auth/oidc.ts); undefined
     * without OIDC_ISSUER. Its `keysState` says whether the provider's keys could be fetched.
     */
    oidcVerifier: OidcVerifier | undefined
    /**
     * Readiness with OIDC_ISSUER (plugins/readiness.ts): whether the issuer's keys have been fetched
     * at least once, trying now when they never were; absent without an issuer.
     */
    identityProviderReady?: () => Promise<boolean>
  }
}

/** The access of a route that does not declare one, or undefined when it must declare it. */
function defaultAccess (url: string, methods: readonly string[]): Access | undefined {
  if (methods.every((method) => method === 'OPTIONS')) return 'public' // browsers send preflights without credentials
  if (url === '/app' || url.startsWith('/app/')) return 'public' // the console's page and scripts hold no data
  if (url.startsWith('/api/') || url === '/metrics') return undefined
  return 'signed-in'
}

/** The token of `Authorization: Bearer <token>`, or undefined when the header is absent or another scheme. */
export function bearerToken (header: string | undefined): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(header ?? '')
  return match?.[1]
}

/** How long readiness waits for the issuer's keys when they were never fetched, ms (as the session store's check). */
export const IDP_READY_TIMEOUT_MS = 2000

/** Permission bits an API_KEYS_FILE must not have: read or write by others, write by the group. */
const KEYS_FILE_OPEN_BITS = 0o026

/** Whether a URL carries a user or a password (`https://user:pass@host/`). */
function hasCredentials (url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.username !== '' || parsed.password !== ''
  } catch {
    return false
  }
}

/**
 * Reads API_KEYS_FILE. Refuses (one line) a file that others can read or write, or its group can
 * write: whoever reads it learns which keys exist, whoever writes it mints keys.
 */
function loadApiKeys (path: string): ApiKeyRing {
  let text: string
  let mode: number
  try {
    const fd = openSync(path, 'r')
    try {
      mode = fstatSync(fd).mode // of the file read, not of whatever the path names a moment later
      text = readFileSync(fd, 'utf8')
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    throw new ConfigError(`API_KEYS_FILE=${path} no se puede leer (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  if ((mode & KEYS_FILE_OPEN_BITS) !== 0) throw new ConfigError(STARTUP_MESSAGES.apiKeysFileOpen(path, octalMode(mode)))
  try {
    return new ApiKeyRing(text)
  } catch (error) {
    if (error instanceof ApiKeysFileError) throw new ConfigError(`API_KEYS_FILE=${path}: ${error.message}`)
    /* c8 ignore next */
    throw error
  }
}

export default fp(async (app) => {
  app.decorateRequest('identity', undefined)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const access = route.config?.access ?? defaultAccess(route.url, methods)
    if (access === undefined) throw new Error(`${methods.join(',')} ${route.url} declares no access (config.access, plugins/auth.ts)`)
    route.config = { ...route.config, access }
  })
  if (app.config.authMode === 'none') {
    app.decorate('oidcVerifier', undefined)
    return
  }

  const { API_KEYS_FILE, OIDC_ISSUER, OIDC_AUDIENCE, OIDC_ROLES_CLAIM } = app.config
  if (API_KEYS_FILE === undefined && OIDC_ISSUER === undefined) {
    throw new ConfigError('AUTH_MODE=oidc necesita OIDC_ISSUER y OIDC_AUDIENCE, o API_KEYS_FILE')
  }
  if ((OIDC_ISSUER === undefined) !== (OIDC_AUDIENCE === undefined)) {
    throw new ConfigError('OIDC_ISSUER y OIDC_AUDIENCE van juntos: indique ambos o ninguno')
  }
  if (OIDC_ISSUER !== undefined) { // people sign in through the console (src/auth/console-sign-in.ts)
    // the issuer URL reaches the console's page: a password in it would be public
    if (hasCredentials(OIDC_ISSUER)) {
      throw new ConfigError(STARTUP_MESSAGES.oidcIssuerCredentials(redactUrl(OIDC_ISSUER)))
    }
    if (issuerOrigin(OIDC_ISSUER) === undefined) throw new ConfigError(STARTUP_MESSAGES.oidcIssuerNotUrl(OIDC_ISSUER))
    if (app.config.OIDC_CLIENT_ID === undefined) throw new ConfigError(STARTUP_MESSAGES.oidcClientIdMissing)
  }
  const keys = API_KEYS_FILE === undefined ? undefined : loadApiKeys(API_KEYS_FILE)
  if (keys?.size === 0 && OIDC_ISSUER === undefined) { // nothing could ever sign in: an instance that answers only 401
    throw new ConfigError(STARTUP_MESSAGES.apiKeysFileEmpty(API_KEYS_FILE as string))
  }
  const oidc = OIDC_ISSUER === undefined || OIDC_AUDIENCE === undefined
    ? undefined
    : new OidcVerifier({
      issuer: OIDC_ISSUER,
      audience: OIDC_AUDIENCE,
      rolesClaim: OIDC_ROLES_CLAIM,
      // one line a minute at most, without a stack: the 503s themselves are not logged (plugins/errors.ts)
      onUnavailable: (cause, suppressedFailures) => {
        app.log.warn({ issuer: OIDC_ISSUER, cause, suppressedFailures }, 'identity provider unreachable: bearer tokens answer 503 until it answers')
      },
      onRecovered: () => { app.log.info({ issuer: OIDC_ISSUER }, 'identity provider answers again') }
    })
  app.decorate('oidcVerifier', oidc)
  if (oidc !== undefined) {
    let wasReady: boolean | undefined
    app.decorate('identityProviderReady', async () => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), IDP_READY_TIMEOUT_MS).unref()
      })
      // a fetch that goes on past the timeout is kept, and serves the next check
      const ready = await Promise.race([oidc.keysFetchedOnce(), late])
      clearTimeout(timer)
      if (!ready && wasReady !== false) {
        app.log.warn({ issuer: OIDC_ISSUER },
          'identity provider unreachable and its keys never fetched: not ready (no token could be checked)')
      } else if (ready && wasReady === false) app.log.info({ issuer: OIDC_ISSUER }, 'identity provider keys fetched: ready')
      wasReady = ready
      return ready
    })
  }

  const warnedShortKeys = new Set<string>()
  async function identify (token: string): Promise<Identity | undefined> {
    const key = keys?.match(token)
    if (key?.tooShort === true) { // the file cannot tell a key's length: docs/security.md, "API keys"
      if (!warnedShortKeys.has(key.label)) {
        warnedShortKeys.add(key.label)
        app.log.warn({ apiKey: key.label, minLength: API_KEY_MIN_LENGTH },
          `API key shorter than ${API_KEY_MIN_LENGTH} characters: refused (401); give the job a longer one (docs/security.md)`)
      }
      return undefined
    }
    return key?.identity ?? await oidc?.verify(token)
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'signed-in' // the 404 handler: nothing for strangers
    if (access === 'public') return
    const token = bearerToken(request.headers.authorization)
    if (token === undefined) throw new AuthError('missing')
    const identity = await identify(token)
    if (identity === undefined) throw new AuthError('invalid')
    request.identity = identity
    if (decideAccess(access, identity) === 'forbidden') throw new AuthError('forbidden', access as readonly string[])
  })
}, { name: 'auth', dependencies: ['config', 'errors'] })
