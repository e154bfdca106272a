/**
 * The console's sign-in (docs/security.md) in Chromium against a listening AUTH_MODE=oidc service
 * and a real OpenID provider (oidc-provider, its own login and consent pages): nothing but the
 * sign-in page before sign-in, Authorization Code + PKCE through the provider's login page, the
 * name in the header, an upload and the contracts ZIP with the bearer token on every call, a
 * template link fetched with the token, a token the service refuses mid-session renewed with the
 * refresh token without losing the table, and sign-out clearing sessionStorage and the provider's
 * session.
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HTTPRequest } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { zipEntries } from '../support/helper.js'
import { axeViolations, launch, openConsole, startServer, submitUpload } from '../support/browser.js'
import { AUDIENCE, CONSOLE_CLIENT_ID, PEOPLE, startIssuer } from '../support/oidc.js'
import { writeKeysFile } from '../support/auth.js'

t.setTimeout(300_000)

// the issuer's port first (OIDC_ISSUER), then the service, then the provider that knows the console's origin
const idp = await startIssuer(t)
const { origin } = await startServer(t, {
  AUTH_MODE: 'oidc',
  OIDC_ISSUER: idp.issuer,
  OIDC_AUDIENCE: AUDIENCE,
  OIDC_CLIENT_ID: CONSOLE_CLIENT_ID,
  OIDC_SCOPE: 'openid profile api' // `api`: the resource server's scope, as an API scope in Keycloak or Entra ID
})
idp.use(idp.provider(idp.keys, idp.issuer, origin))

const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched

/** Every request the page sent, in order, with its Authorization header; and the answers' statuses. */
const sent: { method: string, url: string, authorization?: string, body?: string }[] = []
const answered: { url: string, status: number }[] = []
// the provider's own pages @import a web font; this machine reaches no other host, so it is answered empty here
await page.setRequestInterception(true)
page.on('request', (request: HTTPRequest) => {
  sent.push({ method: request.method(), url: request.url(), authorization: request.headers().authorization, body: request.postData() })
  const handled = /^https:\/\/fonts\.(googleapis|gstatic)\.com\//.test(request.url())
    ? request.respond({ status: 200, contentType: 'text/css', body: '' })
    : request.continue()
  handled.catch((error: Error) => { watched.errors.push(`interception: ${error.message}`) })
})
page.on('response', (response) => { answered.push({ url: response.url(), status: response.status() }) })

const apiCalls = () => sent.filter((request) => request.url.startsWith(`${origin}/api/`))
const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
const storedSession = async (): Promise<{ accessToken: string, refreshToken?: string } | null> =>
  await page.evaluate(() => JSON.parse(sessionStorage.getItem('contratos.auth') ?? 'null'))

const sheets = mkdtempSync(join(tmpdir(), 'contratos-sign-in-'))
t.teardown(() => rmSync(sheets, { recursive: true, force: true }))

t.test('before sign-in: only the sign-in page, and no API call but /api/auth/config', async (t) => {
  sent.length = 0
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"][data-auth="signed-out"]')
  t.equal(await text('#sign-in-title'), 'Inicia sesión para usar la consola')
  t.equal(await text('#sign-in'), 'Iniciar sesión')
  t.equal(await page.$eval('#panel-employees', (node) => node.closest('main')?.hidden), true, 'the tasks are hidden')
  t.equal(await page.$('#account'), null, 'nobody in the header')
  t.same(apiCalls().map((request) => request.url), [`${origin}/api/auth/config`])
  t.equal(apiCalls()[0].authorization, undefined)
  t.ok(sent.some((request) => request.url === `${idp.issuer}/.well-known/openid-configuration`), 'discovery from the issuer')
  t.same(await axeViolations(page), [])
  await watched.screenshot('console-13-iniciar-sesion')
})

t.test('sign-in through the provider\'s login and consent pages, back on /app/ with the name shown', async (t) => {
  await page.click('#sign-in')
  await page.waitForSelector('input[name="login"]')
  t.ok(page.url().startsWith(`${idp.issuer}/interaction/`), `the provider's own login page (${page.url()})`)
  const authorize = new URL(sent.find((request) => request.url.startsWith(`${idp.issuer}/auth?`))?.url ?? '')
  t.match(Object.fromEntries(authorize.searchParams), {
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: `${origin}/app/`,
    response_type: 'code',
    scope: 'openid profile api',
    code_challenge_method: 'S256',
    code_challenge: /^[\w-]{43}$/,
    state: /^[\w-]{20,}$/
  }, 'Authorization Code with PKCE')
  t.notOk(authorize.searchParams.has('client_secret'))
  await page.type('input[name="login"]', 'rquispe')
  await page.type('input[name="password"]', 'cualquiera')
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
  await page.waitForSelector('input[name="prompt"][value="consent"]')
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
  await page.waitForSelector('body[data-ready="true"][data-auth="signed-in"]')
  t.equal(page.url(), `${origin}/app/`, 'code and state taken out of the address')
  t.equal(await text('#account-name'), `Sesión de ${PEOPLE.rquispe.name} (hr)`)
  t.equal(await text('#sign-out'), 'Cerrar sesión')
  const exchange = sent.find((request) => request.url === `${idp.issuer}/token`)
  t.match(Object.fromEntries(new URLSearchParams(exchange?.body)), { grant_type: 'authorization_code', client_id: CONSOLE_CLIENT_ID, code_verifier: /^[\w-]{43}$/ })
  t.equal(exchange?.authorization, undefined, 'a public client: no secret')
  const session = await storedSession()
  t.ok(session?.accessToken, 'the access token is kept in sessionStorage')
  t.equal(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage')
  t.match(await text('#limits'), /empleados por archivo/, 'the limits were read with the token')
})

t.test('upload and contracts ZIP: every API call carries the token; without it the same call is refused', async (t) => {
  const sheet = join(sheets, 'empleados.xlsx')
  writeFileSync(sheet, lawfulEmployeeFixture('empleados.xlsx', { birthDates: true }))
  sent.length = 0
  const input = await page.$('input#employees-file')
  await input?.uploadFile(sheet)
  await page.waitForFunction(() => document.querySelector('#employees-file-name')?.textContent === 'empleados.xlsx')
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody tr').length === 4)
  await watched.screenshot('console-12-sesion')
  const download = watched.nextDownload()
  await page.click('#download-contracts')
  const zip = await download
  const pdfs = (await zipEntries(zip.bytes)).filter((entry) => entry.name.endsWith('.pdf'))
  t.equal(pdfs.length, 12, 'three documents for each of the four people')

  const { accessToken } = await storedSession() ?? { accessToken: '' }
  const calls = apiCalls()
  // the previews and the rows' registry reads (GET /api/contracts?dni=) aside, each checked below for its token
  const paths = calls.map((request) => new URL(request.url).pathname)
  t.same(paths.filter((path) => path !== '/api/contracts/preview' && path !== '/api/contracts'),
    ['/api/excel/upload', '/api/contracts/download-zip'])
  t.ok(paths.includes('/api/contracts'), 'the rows\' registry reads')
  for (const call of calls) t.equal(call.authorization, `Bearer ${accessToken}`, `${call.method} ${call.url}`)
  const upload = calls.find((call) => call.url.endsWith('/api/excel/upload?partial=true'))
  t.ok(upload)
  const zipBody = calls.find((call) => call.url.endsWith('/api/contracts/download-zip'))?.body
  const without = await fetch(`${origin}/api/contracts/download-zip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: zipBody })
  t.equal(without.status, 401, 'the same request without the token')
  t.equal((await without.json()).message, 'Se requiere autenticación: envíe un token en el encabezado Authorization: Bearer')
  const withToken = await fetch(`${origin}/api/contracts/download-zip`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: zipBody })
  t.equal(withToken.status, 200, 'and with it')
  await withToken.arrayBuffer()
})

t.test('a template link is fetched with the token and saved', async (t) => {
  sent.length = 0
  const download = watched.nextDownload()
  await page.click('a[href="/api/templates/employees.xlsx"]')
  const file = await download
  t.match(file.name, /\.xlsx$/)
  const book = XLSX.read(file.bytes)
  t.ok(book.SheetNames.length > 0, 'a workbook')
  const call = apiCalls().find((request) => request.url.endsWith('/api/templates/employees.xlsx'))
  t.match(call?.authorization, /^Bearer /)
})

t.test('a token the service refuses mid-session: renewed with the refresh token, the call sent again, the table kept', async (t) => {
  const before = await storedSession()
  t.ok(before?.refreshToken, 'the provider gave a refresh token')
  // the signature of the held token no longer matches: the service answers 401 (error="invalid_token")
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('contratos.auth') ?? '{}')
    const [header, payload, signature] = session.accessToken.split('.')
    session.accessToken = [header, payload, [...signature].reverse().join('')].join('.')
    sessionStorage.setItem('contratos.auth', JSON.stringify(session))
  })
  const refused = (await storedSession())?.accessToken
  sent.length = 0
  answered.length = 0
  const download = watched.nextDownload()
  await page.click('#download-photocheck')
  const file = await download
  t.equal(file.name, 'Fotocheck.csv')
  t.equal(file.bytes.toString('utf8').trim().split(/\r?\n/).length, 5, 'a header and the four people')
  const exports = answered.filter((response) => response.url.endsWith('/api/excel/download-photocheck')).map((response) => response.status)
  t.same(exports, [401, 200], 'refused once, then served')
  const refresh = sent.find((request) => request.url === `${idp.issuer}/token`)
  t.match(Object.fromEntries(new URLSearchParams(refresh?.body)), { grant_type: 'refresh_token', client_id: CONSOLE_CLIENT_ID })
  const after = await storedSession()
  t.not(after?.accessToken, refused)
  t.not(after?.accessToken, before?.accessToken, 'a new access token')
  const retried = sent.filter((request) => request.url.endsWith('/api/excel/download-photocheck')).map((request) => request.authorization)
  t.same(retried, [`Bearer ${refused}`, `Bearer ${after?.accessToken}`])
  t.equal(page.url(), `${origin}/app/`, 'no page load')
  t.equal(await page.$$eval('#employees-table tbody tr', (rows) => rows.length), 4, 'the loaded employees are still there')
  t.equal(await text('#account-name'), `Sesión de ${PEOPLE.rquispe.name} (hr)`)
})

t.test('without a refresh token: a new sign-in through the provider, whose session is still open, keeping sessionStorage', async (t) => {
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('contratos.auth') ?? '{}')
    session.accessToken = session.accessToken.replace(/\.[^.]*$/, '.firma-ajena')
    delete session.refreshToken // as a provider that gives public clients none
    sessionStorage.setItem('contratos.auth', JSON.stringify(session))
    sessionStorage.setItem('contratos.prueba', 'trabajo guardado') // what the console keeps of the loaded work lives here too
  })
  sent.length = 0
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#download-photocheck')])
  await page.waitForSelector('body[data-ready="true"][data-auth="signed-in"]')
  t.equal(page.url(), `${origin}/app/`)
  t.ok(sent.some((request) => request.url.startsWith(`${idp.issuer}/auth?`)), 'through the provider')
  t.notOk(sent.some((request) => request.method === 'POST' && request.url.startsWith(`${idp.issuer}/interaction/`)), 'without a login: its session was open')
  t.equal(await page.evaluate(() => sessionStorage.getItem('contratos.prueba')), 'trabajo guardado', 'sessionStorage kept')
  const session = await storedSession()
  t.match(session?.accessToken, /^ey[^.]+\.ey[^.]+\.[\w-]+$/)
  t.notMatch(session?.accessToken, /firma-ajena/)
  t.equal(await text('#account-name'), `Sesión de ${PEOPLE.rquispe.name} (hr)`)
  const limits = apiCalls().find((request) => request.url.endsWith('/api/limits'))
  t.equal(limits?.authorization, `Bearer ${session?.accessToken}`, 'the new token is used')
  t.equal(answered.find((response) => response.url === `${origin}/api/limits`)?.status, 200)
})

t.test('no accessibility violation, no console error, requests only to this origin and the issuer', async (t) => {
  t.same(await axeViolations(page), [])
  t.same(watched.errors, [])
  const issuer = new URL(idp.issuer).origin
  t.same(watched.foreign.filter((url) => new URL(url).origin !== issuer && !/^https:\/\/fonts\.(googleapis|gstatic)\.com\//.test(url)), [])
  t.ok(watched.foreign.some((url) => url.startsWith(`${idp.issuer}/token`)), 'the token endpoint is called from the page')
})

t.test('sign-out: sessionStorage cleared, the provider\'s session ended, back on the sign-in page', async (t) => {
  await page.click('#sign-out')
  await page.waitForSelector('button[name="logout"][value="yes"]')
  t.ok(page.url().startsWith(`${idp.issuer}/session/end`), `the provider's sign-out page (${new URL(page.url()).pathname})`)
  const request = new URL(sent.find((sentRequest) => sentRequest.url.startsWith(`${idp.issuer}/session/end?`))?.url ?? 'http://x/')
  t.match(Object.fromEntries(request.searchParams), { client_id: CONSOLE_CLIENT_ID, post_logout_redirect_uri: `${origin}/app/`, id_token_hint: /^ey/ })
  await Promise.all([page.waitForNavigation(), page.click('button[name="logout"][value="yes"]')])
  await page.waitForSelector('body[data-ready="true"][data-auth="signed-out"]')
  t.equal(page.url(), `${origin}/app/`)
  t.equal(await page.evaluate(() => sessionStorage.length), 0, 'sessionStorage is empty')
  t.equal(await page.$('#account'), null)
  t.equal(await text('#sign-in-title'), 'Inicia sesión para usar la consola')
  await page.click('#sign-in')
  await page.waitForSelector('input[name="login"]')
  t.pass('signing in again asks for the login: the provider\'s session is over')
})

t.test('API keys only: the console says people cannot sign in here, and calls nothing else', async (t) => {
  const keysOnly = await startServer(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  const other = await browser.newPage()
  const requests: string[] = []
  other.on('request', (request) => { requests.push(request.url()) })
  await other.goto(`${keysOnly.origin}/app/`, { waitUntil: 'load' })
  await other.waitForSelector('body[data-ready="true"][data-auth="signed-out"]')
  t.match(await other.$eval('#sign-in-page .alert.error', (node) => node.textContent), /^Este servicio solo acepta claves de API de sistemas/)
  t.equal(await other.$('#sign-in'), null, 'no sign-in button')
  t.same(requests.filter((url) => url.includes('/api/')), [`${keysOnly.origin}/api/auth/config`])
  await other.close()
})
