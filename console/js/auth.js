/**
 * Sign-in of the console (docs/security.md). The service says how in `GET /api/auth/config`: with
 * AUTH_MODE=none nothing happens; with OpenID Connect the page is a public client that signs in with
 * Authorization Code + PKCE (no secret in the page) through oauth4webapi, served from /app/vendor/:
 * discovery from the issuer, a redirect to its login page and back to `/app/`, the code exchanged
 * at its token endpoint. The tokens live in sessionStorage (this tab only, gone when it closes),
 * never in localStorage. A 401 renews the token (refresh token when the provider gave one, else a
 * new redirect, which keeps sessionStorage and so the loaded work). Signing out clears
 * sessionStorage and ends the provider's session when it offers an end_session_endpoint.
 */
import { getFile, setTokenProvider } from './api.js'
import { alertBox, el, saveFile, setStatus } from './dom.js'
import { TEXT } from './texts.js'

const OAUTH_URL = new URL('../vendor/oauth4webapi.js', import.meta.url).href
/** sessionStorage: the signed-in person's tokens and name (Session). */
const SESSION_KEY = 'contratos.auth'
/** sessionStorage: state, nonce and PKCE verifier of a sign-in under way, until the provider sends the person back. */
const PENDING_KEY = 'contratos.auth.pending'
/** What the provider adds to `/app/` when it sends the person back (RFC 6749 4.1.2, RFC 9207, OIDC sessions). */
const CALLBACK_PARAMS = ['code', 'state', 'iss', 'session_state', 'error', 'error_description', 'error_uri']
/** Roles of the service (src/auth/roles.ts) shown beside the name when the access token names them. */
const ROLES = ['hr', 'exports', 'operator', 'legal']

/**
 * @typedef {{ mode: 'none' } | { mode: 'api-keys' }
 *   | { mode: 'oidc', issuer: string, clientId: string, scope: string, audience: string }} SignInConfig
 */
/**
 * @typedef {object} Session
 * @property {string} accessToken sent as `Authorization: Bearer`
 * @property {string} [refreshToken] when the provider gave one
 * @property {string} [idToken] for the sign-out's `id_token_hint`
 * @property {string} name shown in the header: the ID token's name, preferred_username, email or sub
 * @property {string[]} roles the service's roles the access token's `roles` claim names, if it is a JWT that has one
 */
/**
 * @typedef {object} Provider
 * @property {typeof import('oauth4webapi')} oauth
 * @property {import('oauth4webapi').AuthorizationServer} as the issuer's discovery document
 * @property {import('oauth4webapi').Client} client
 * @property {string} scope
 * @property {Record<symbol, boolean>} options oauth4webapi's per-request options
 */

/**
 * Reads a JSON value from sessionStorage.
 * @param {string} key
 * @returns {any} undefined when absent or unreadable
 */
function stored (key) {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined
  } catch {
    return undefined
  }
}

/** @returns {Session | undefined} */
function readSession () {
  const session = stored(SESSION_KEY)
  return typeof session?.accessToken === 'string' ? session : undefined
}

/** The console's own URL, where the provider sends the person back after sign-in and sign-out. */
function consoleUrl () {
  return `${window.location.origin}/app/`
}

/** @param {unknown} error */
function describe (error) {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The payload of a JWT access token, or undefined when the token is opaque.
 * @param {string} token
 * @returns {Record<string, unknown> | undefined}
 */
function jwtPayload (token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))))
  } catch {
    return undefined
  }
}

/**
 * Stores the tokens of a token endpoint answer, keeping what a refresh answer leaves out.
 * @param {Provider} provider
 * @param {import('oauth4webapi').TokenEndpointResponse} result
 * @param {Session} [previous]
 * @returns {Session}
 */
function saveSession (provider, result, previous) {
  /** @type {Record<string, unknown>} */
  const claims = result.id_token === undefined ? {} : { ...provider.oauth.getValidatedIdTokenClaims(result) }
  const name = [claims.name, claims.preferred_username, claims.email, claims.sub].find((value) => typeof value === 'string' && value !== '')
  const roles = jwtPayload(result.access_token)?.roles
  /** @type {Session} */
  const session = {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? previous?.refreshToken,
    idToken: result.id_token ?? previous?.idToken,
    name: typeof name === 'string' ? name : previous?.name ?? '',
    roles: Array.isArray(roles) ? roles.filter((role) => ROLES.includes(role)) : []
  }
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session))
  return session
}

/**
 * Sends the person to the provider's login page (Authorization Code with PKCE, S256); the state,
 * nonce and verifier wait in sessionStorage. Resolves never: the page is leaving.
 * @param {Provider} provider
 * @returns {Promise<never>}
 */
async function startSignIn ({ oauth, as, client, scope }) {
  if (as.authorization_endpoint === undefined) throw new Error('el proveedor no publica authorization_endpoint')
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, nonce }))
  const url = new URL(as.authorization_endpoint) // keeps a query the endpoint already has (a B2C policy)
  const parameters = {
    client_id: client.client_id,
    redirect_uri: consoleUrl(),
    response_type: 'code',
    scope,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256'
  }
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value)
  window.location.assign(url.href)
  return await new Promise(() => {})
}

/**
 * The provider sent the person back to `/app/?code=…&state=…`: takes the code and state out of
 * the address at once, checks the state, exchanges the code with the PKCE verifier and checks
 * the ID token (issuer, audience, nonce, times).
 * @param {Provider} provider
 * @throws Error when the answer is an error, does not match the sign-in under way, or the exchange fails
 */
async function finishSignIn (provider) {
  const { oauth, as, client, options } = provider
  const callback = new URL(window.location.href)
  const clean = new URL(window.location.href)
  for (const name of CALLBACK_PARAMS) clean.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', clean.pathname + clean.search + clean.hash)
  const pending = stored(PENDING_KEY)
  sessionStorage.removeItem(PENDING_KEY)
  if (pending === undefined) throw new Error('la respuesta del proveedor no corresponde a un inicio de sesión de esta pestaña')
  const parameters = oauth.validateAuthResponse(as, client, callback, pending.state)
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), parameters, consoleUrl(),
    pending.verifier, options)
  const result = await oauth.processAuthorizationCodeResponse(as, client, response,
    { expectedNonce: pending.nonce, requireIdToken: true })
  saveSession(provider, result)
}

/**
 * A new access token after a 401: from the refresh token when there is one (and the provider still
 * takes it), else a new sign-in through the provider's page, which leaves the page (sessionStorage
 * is kept, so the loaded work comes back).
 * @param {Provider} provider
 * @returns {Promise<boolean>}
 */
async function renewToken (provider) {
  const { oauth, as, client, options } = provider
  const session = readSession()
  if (session?.refreshToken !== undefined) {
    try {
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), session.refreshToken, options)
      const result = await oauth.processRefreshTokenResponse(as, client, response)
      showAccount(provider, saveSession(provider, result, session))
      return true
    } catch {} // expired or revoked: sign in again
  }
  return await startSignIn(provider)
}

/**
 * Clears everything this tab holds (tokens and the saved employees and adendas), then ends the
 * provider's session when it offers end_session_endpoint, coming back to `/app/`.
 * @param {Provider} provider
 */
function signOut ({ as, client }) {
  const session = readSession()
  sessionStorage.clear()
  if (as.end_session_endpoint === undefined) {
    window.location.assign(consoleUrl())
    return
  }
  const url = new URL(as.end_session_endpoint)
  url.searchParams.set('client_id', client.client_id)
  url.searchParams.set('post_logout_redirect_uri', consoleUrl())
  if (session?.idToken !== undefined) url.searchParams.set('id_token_hint', session.idToken)
  window.location.assign(url.href)
}

/**
 * The header's "Sesión de <name>" and the sign-out button (made once, its name updated after a renewal).
 * @param {Provider} provider
 * @param {Session} session
 */
function showAccount (provider, session) {
  let account = document.getElementById('account')
  if (account === null) {
    account = el('div', { id: 'account', class: 'account' },
      el('span', { id: 'account-name' }),
      el('button', { type: 'button', id: 'sign-out', class: 'secondary small', onclick: () => signOut(provider) }, TEXT.signOut))
    document.querySelector('header.top')?.append(account)
  }
  const name = /** @type {HTMLElement} */ (account.querySelector('#account-name'))
  name.textContent = session.roles.length > 0
    ? `${TEXT.signedInAs(session.name)} ${TEXT.rolesLine(session.roles)}`
    : TEXT.signedInAs(session.name)
}

/**
 * The signed-out page: the tasks hidden, "Inicia sesión para usar la consola" and, when the
 * provider can be reached, the "Iniciar sesión" button.
 * @param {Provider | undefined} provider
 * @param {string} [problem] shown above the button
 */
function showSignIn (provider, problem) {
  for (const node of document.querySelectorAll('nav.tabs, main, #limits')) /** @type {HTMLElement} */ (node).hidden = true
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' })
  const button = provider === undefined
    ? null
    : el('button', {
      type: 'button',
      id: 'sign-in',
      onclick: () => {
        setStatus(status, TEXT.redirectingToSignIn, 'busy')
        startSignIn(provider).catch((error) => setStatus(status, TEXT.signInFailed(describe(error)), 'error'))
      }
    }, TEXT.signIn)
  document.querySelector('header.top')?.after(el('main', { id: 'sign-in-page' },
    el('section', { class: 'card', 'aria-labelledby': 'sign-in-title' },
      el('h2', { id: 'sign-in-title' }, TEXT.signInTitle),
      el('p', {}, TEXT.signInHint),
      problem === undefined ? null : alertBox('error', problem),
      el('div', { class: 'actions' }, button),
      status)))
  document.body.dataset.auth = 'signed-out'
}

/**
 * With a token required, the template links (`/api/templates/…`) are fetched with it and saved,
 * rather than followed without one.
 */
function fetchTemplatesWithToken () {
  for (const link of document.querySelectorAll('a[href^="/api/templates/"]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault()
      const status = /** @type {HTMLElement | null} */ (link.closest('.card')?.querySelector('.status') ?? null)
      getFile(/** @type {string} */ (link.getAttribute('href')))
        .then((file) => saveFile(file.blob, file.fileName))
        .catch((error) => { if (status !== null) setStatus(status, describe(error), 'error') })
    })
  }
}

/**
 * Signs in when the service asks for it (`GET /api/auth/config`).
 * @returns {Promise<boolean>} true when the console may call the API (no sign-in needed, or signed
 *   in: every call then carries the token); false when the page shows the sign-in page instead
 */
export async function setupAuth () {
  /** @type {SignInConfig} */
  let config
  try {
    const response = await fetch('/api/auth/config')
    if (response.status === 404) config = { mode: 'none' } // a service without the route (the spec's) has no sign-in
    else if (!response.ok) throw new Error(TEXT.httpStatus(response.status))
    else config = (await response.json()).data
  } catch (error) {
    showSignIn(undefined, `${TEXT.authConfigUnavailable} ${error instanceof TypeError ? TEXT.network : describe(error)}`)
    return false
  }
  if (config.mode === 'none') {
    document.body.dataset.auth = 'none'
    return true
  }
  if (config.mode !== 'oidc') {
    showSignIn(undefined, TEXT.apiKeysOnly)
    return false
  }

  /** @type {typeof import('oauth4webapi')} */
  const oauth = await import(OAUTH_URL)
  const issuer = new URL(config.issuer)
  // the service accepts plain HTTP only for an issuer on this machine (src/auth/console-sign-in.ts)
  /** @type {Record<symbol, boolean>} */
  const options = {}
  if (issuer.protocol === 'http:') options[oauth.allowInsecureRequests] = true
  /** @type {Provider} */
  let provider
  try {
    const discovery = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...options })
    const as = await oauth.processDiscoveryResponse(issuer, discovery)
    provider = { oauth, as, client: { client_id: config.clientId }, scope: config.scope, options }
  } catch (error) {
    showSignIn(undefined, TEXT.signInUnavailable(describe(error)))
    return false
  }
  const callback = new URLSearchParams(window.location.search)
  if (callback.has('code') || callback.has('error')) {
    try {
      await finishSignIn(provider)
    } catch (error) {
      const refused = error instanceof oauth.AuthorizationResponseError
      const detail = refused ? error.error_description ?? error.error : describe(error)
      showSignIn(provider, TEXT.signInFailed(detail))
      return false
    }
  }
  const session = readSession()
  if (session === undefined) {
    showSignIn(provider)
    return false
  }
  /** @type {Promise<boolean> | undefined} */
  let renewing
  setTokenProvider({
    token: () => readSession()?.accessToken,
    // calls refused together share one renewal
    renew: async () => await (renewing ??= renewToken(provider).finally(() => { renewing = undefined }))
  })
  showAccount(provider, session)
  fetchTemplatesWithToken()
  document.body.dataset.auth = 'signed-in'
  return true
}
