/**
 * GET /api/auth/config (docs/security.md): how the console signs in, in each mode, open to anyone;
 * the console's CSP lets its page fetch from the issuer's origin in oidc mode only; start-up
 * refuses an issuer without the console's client id.
 */
import { test } from 'tap'
import { build } from '../support/helper.js'
import { writeKeysFile } from '../support/auth.js'

const ISSUER = 'https://sso.example.pe/realms/rrhh'
const OIDC = { AUTH_MODE: 'oidc', OIDC_ISSUER: ISSUER, OIDC_AUDIENCE: 'contratos', OIDC_CLIENT_ID: 'consola-rrhh' }

test('AUTH_MODE=none: mode none, and the console may fetch from this origin only', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/auth/config' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { success: true, data: { mode: 'none' } })
  t.match(String((await app.inject({ method: 'GET', url: '/app/' })).headers['content-security-policy']), /connect-src 'self';/)
})

test('AUTH_MODE=oidc: issuer, public client, scopes and audience, without a token; the issuer joins connect-src', async (t) => {
  const app = await build(t, OIDC)
  const res = await app.inject({ method: 'GET', url: '/api/auth/config' })
  t.equal(res.statusCode, 200, 'open: the page asks before it has a token')
  t.same(res.json(), { success: true, data: { mode: 'oidc', issuer: ISSUER, clientId: 'consola-rrhh', scope: 'openid profile', audience: 'contratos' } })
  t.equal(res.headers['cache-control'], 'no-store')
  for (const url of ['/app/', '/app/js/auth.js', '/app/vendor/oauth4webapi.js']) {
    const page = await app.inject({ method: 'GET', url })
    t.equal(page.statusCode, 200, url)
    const csp = String(page.headers['content-security-policy'])
    t.match(csp, /(^|; )connect-src 'self' https:\/\/sso\.example\.pe(;|$)/, `${url}: the issuer's origin, not its path`)
    t.match(csp, /script-src 'self';/, `${url}: scripts from this origin only`)
    t.match(csp, /form-action 'none'/, url)
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/limits' })).statusCode, 401, 'the other routes still need a token')
})

test('OIDC_SCOPE: openid is always asked for, once', async (t) => {
  const app = await build(t, { ...OIDC, OIDC_SCOPE: 'profile email  offline_access openid' })
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/config' })).json().data.scope, 'openid profile email offline_access')
})

test('API keys only: the console learns that people cannot sign in here', async (t) => {
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  t.same((await app.inject({ method: 'GET', url: '/api/auth/config' })).json(), { success: true, data: { mode: 'api-keys' } })
  t.match(String((await app.inject({ method: 'GET', url: '/app/' })).headers['content-security-policy']), /connect-src 'self';/)
})

test('start-up refuses an issuer without the console\'s client id, and an issuer over plain HTTP off this machine', async (t) => {
  const { OIDC_CLIENT_ID: _, ...withoutClient } = OIDC
  await t.rejects(build(t, withoutClient), {
    name: 'ConfigError',
    message: 'Configuración inválida: con OIDC_ISSUER falta OIDC_CLIENT_ID: el identificador del cliente público de la consola (/app/) registrado en el proveedor de identidad (docs/security.md)'
  })
  await t.rejects(build(t, { ...OIDC, OIDC_ISSUER: 'http://sso.example.pe/realms/rrhh' }), {
    message: 'Configuración inválida: OIDC_ISSUER=http://sso.example.pe/realms/rrhh no es una URL https:// (o http:// en localhost)'
  })
  await t.rejects(build(t, { ...OIDC, OIDC_ISSUER: 'sso' }), { message: /OIDC_ISSUER=sso no es una URL/ })
  t.ok(await build(t, { ...OIDC, OIDC_ISSUER: 'http://localhost:8080/realms/rrhh' }), 'a provider on this machine may speak HTTP')
})
