/**
 * AUTH_MODE=oidc with API keys (docs/security.md): each role against each route, 401 and 403 in
 * the spec's envelope with WWW-Authenticate, the key file's refusals, and access tokens of a real
 * OpenID provider (its verification in detail: test/src/auth/oidc.test.ts).
 */
import tap, { test, type Test } from 'tap'
import { chmodSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildApp } from '../../app/app.js'
import { build, formPayload, sampleAddendum, sampleEmployee, sharedApp } from '../support/helper.js'
import { fixture, lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { API_KEY_MIN_LENGTH, hashApiKey } from '../../src/auth/api-keys.js'
import { KEYS, OTHER_HR_KEY, scratchDir, writeKeysFile } from '../support/auth.js'
import { AUDIENCE, startIssuer } from '../support/oidc.js'
import { PROVIDER_RETRY_MS } from '../../src/auth/oidc.js'

/** A route, one request to it, its access, and the status an allowed identity gets (200 unless said). */
type Row = [string, () => Promise<InjectOptions>, 'public' | 'signed-in' | readonly string[], number?]
const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => async (): Promise<InjectOptions> => ({ method, url, payload: payload as InjectOptions['payload'] })
const upload = (url: string, name: string, bytes: Buffer) => async (): Promise<InjectOptions> => {
  const form = await formPayload([{ name, bytes }])
  return { method: 'POST', url, payload: form.payload, headers: form.headers }
}

let proposals = 0
/** A lawful cause proposal, another each call (a cause's text is registered once). */
const causeProposal = () => ({
  modality: '58',
  sites: ['Playa Larcomar'],
  text: `Incremento temporal de la demanda por la feria número ${++proposals} instalada frente a la sede`,
  period: { from: '01/01/2026', to: '31/12/2032' }
})

/** The role table, one request per route. */
const TABLE: Row[] = [
  ['GET /api/health', json('GET', '/api/health'), 'public'],
  ['GET /api/auth/config', json('GET', '/api/auth/config'), 'public'],
  ['GET /app/', json('GET', '/app/'), 'public'],
  ['GET /', json('GET', '/'), 'signed-in'],
  ['GET /docs/json', json('GET', '/docs/json'), 'signed-in'],
  ['GET /api/limits', json('GET', '/api/limits'), 'signed-in'],
  ['GET /api/profile', json('GET', '/api/profile'), 'signed-in'],
  ['GET /api/templates/employees.xlsx', json('GET', '/api/templates/employees.xlsx'), 'signed-in'],
  ['GET /api/templates/addenda.xlsx', json('GET', '/api/templates/addenda.xlsx'), 'signed-in'],
  ['GET /api/health/ready', json('GET', '/api/health/ready'), ['operator']],
  ['GET /metrics', json('GET', '/metrics'), ['operator']],
  ['POST /api/excel/upload', upload('/api/excel/upload', 'empleados.xlsx', lawfulEmployeeFixture('empleados.xlsx')), ['hr']],
  ['POST /api/contracts/preview', json('POST', '/api/contracts/preview', sampleEmployee()), ['hr']],
  ['POST /api/contract/preview', json('POST', '/api/contract/preview', sampleEmployee()), ['hr']],
  ['POST /api/contracts/download-zip', json('POST', '/api/contracts/download-zip', [sampleEmployee()]), ['hr']],
  ['POST /api/contract/download-zip', json('POST', '/api/contract/download-zip', [sampleEmployee()]), ['hr']],
  ['POST /api/addendum/upload', upload('/api/addendum/upload', 'adendas.xlsx', fixture('adendas.xlsx')), ['hr']],
  ['POST /api/addendum/preview', json('POST', '/api/addendum/preview', sampleAddendum()), ['hr']],
  ['POST /api/working-time', json('POST', '/api/working-time', { workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' }), ['hr']],
  ['POST /api/addendum/download-zip', json('POST', '/api/addendum/download-zip', [sampleAddendum()]), ['hr']],
  ['POST /api/excel/download-lawlife', json('POST', '/api/excel/download-lawlife', [sampleEmployee()]), ['hr', 'exports']],
  ['POST /api/excel/download-sctr', json('POST', '/api/excel/download-sctr', [sampleEmployee()]), ['hr', 'exports']],
  ['POST /api/excel/download-photocheck', json('POST', '/api/excel/download-photocheck', [sampleEmployee()]), ['hr', 'exports']],
  // the contract registry (docs/registry.md)
  ['GET /api/workers/:dni/contracts', json('GET', '/api/workers/12345678/contracts'), ['hr']],
  ['POST /api/workers/:dni/history', json('POST', '/api/workers/12345678/history', [{ modality: '58', entryDate: '01/01/2024', endDate: '30/06/2024', position: 'Operario de playa' }]), ['hr'], 201],
  ['DELETE /api/workers/:dni/history/:id', json('DELETE', '/api/workers/12345678/history/00000000-0000-4000-8000-000000000000'), ['hr'], 404],
  ['GET /api/contracts/expiring', json('GET', '/api/contracts/expiring?days=30'), ['hr']],
  ['POST /api/addendum/from-contract', json('POST', '/api/addendum/from-contract', { contractId: '00000000-0000-4000-8000-000000000000', endAddendum: '31/12/2027', causeUpdate: 'La necesidad subsiste porque la demanda de la sede continúa' }), ['hr'], 404],
  ['POST /api/contracts/:id/signed', json('POST', '/api/contracts/00000000-0000-4000-8000-000000000000/signed', { signingDate: '01/01/2026' }), ['hr'], 404],
  ['DELETE /api/contracts/:id/signed', json('DELETE', '/api/contracts/00000000-0000-4000-8000-000000000000/signed', { reason: 'Marcado por error' }), ['legal'], 404],
  ['POST /api/contracts/:id/withdraw', json('POST', '/api/contracts/00000000-0000-4000-8000-000000000000/withdraw', { reason: 'Nunca se trabajó' }), ['hr', 'legal'], 404],
  ['POST /api/contracts/:id/ended', json('POST', '/api/contracts/00000000-0000-4000-8000-000000000000/ended', { endedOn: '01/01/2026', reason: 'Renuncia' }), ['hr'], 404],
  ['GET /api/contracts/:id/events', json('GET', '/api/contracts/00000000-0000-4000-8000-000000000000/events'), ['hr', 'legal'], 404],
  ['GET /api/contracts/:id/scan', json('GET', '/api/contracts/00000000-0000-4000-8000-000000000000/scan?kind=file'), ['hr', 'legal'], 404],
  ['GET /api/contracts', json('GET', '/api/contracts?status=issued&started=true'), ['hr', 'legal']],
  // a document's verification code, checked by anyone (an unknown code: 404 to all alike)
  ['GET /api/documents/:code', json('GET', '/api/documents/0000-0000'), 'public', 404],
  // the causes counsel reviews (docs/registry.md): HR proposes, only counsel edits, approves and retires
  ['GET /api/causes', json('GET', '/api/causes'), ['hr', 'legal']],
  ['POST /api/causes', async () => await json('POST', '/api/causes', causeProposal())(), ['hr', 'legal'], 201],
  ['PATCH /api/causes/:id', async () => ({ method: 'PATCH', url: '/api/causes/no-existe', payload: { text: 'Una redacción de la causa que el asesor legal corrige aquí' } }), ['legal'], 404],
  ['POST /api/causes/:id/approve', json('POST', '/api/causes/no-existe/approve'), ['legal'], 404],
  ['POST /api/causes/:id/retire', json('POST', '/api/causes/no-existe/retire'), ['legal'], 404],
  // the worker's electronic signature (docs/signing-flow.md): HR invites; the worker's steps are open, by token (no Origin: 403)
  ['PUT /api/workers/:dni/email', json('PUT', '/api/workers/49999990/email', { email: 'rosa@correo.pe' }), ['hr'], 404],
  ['POST /api/signing/invitations', json('POST', '/api/signing/invitations', { contractIds: ['00000000-0000-4000-8000-000000000000'] }), ['hr'], 404],
  ['GET /api/signing/invitations', json('GET', '/api/signing/invitations'), ['hr', 'legal']],
  ['POST /api/signing/invitations/:id/copy', json('POST', '/api/signing/invitations/00000000-0000-4000-8000-000000000000/copy'), ['hr'], 404],
  ['DELETE /api/signing/invitations/:id', json('DELETE', '/api/signing/invitations/00000000-0000-4000-8000-000000000000'), ['hr'], 404],
  ['GET /api/signing/:token', json('GET', `/api/signing/${'A'.repeat(43)}`), 'public', 404],
  ['POST /api/signing/:token/identity', json('POST', `/api/signing/${'A'.repeat(43)}/identity`, { dni: '12345678', birthDate: '15/03/1990' }), 'public', 403],
  ['POST /api/signing/:token/code', json('POST', `/api/signing/${'A'.repeat(43)}/code`, { code: '123456' }), 'public', 403],
  ['GET /api/signing/:token/documents/:kind', json('GET', `/api/signing/${'A'.repeat(43)}/documents/contrato`), 'public', 404],
  ['POST /api/signing/:token/sign', json('POST', `/api/signing/${'A'.repeat(43)}/sign`, { consents: [], documents: {} }), 'public', 403],
  ['GET /api/signing/:token/signed/:kind', json('GET', `/api/signing/${'A'.repeat(43)}/signed/contrato`), 'public', 404],
  ['POST /api/signing/:token/decline', json('POST', `/api/signing/${'A'.repeat(43)}/decline`, { choice: 'paper' }), 'public', 403],
  ['GET /api/contracts/:id/evidence', json('GET', '/api/contracts/00000000-0000-4000-8000-000000000000/evidence'), ['hr', 'legal'], 404],
  ['GET /api/contracts/:id/signed.pdf', json('GET', '/api/contracts/00000000-0000-4000-8000-000000000000/signed.pdf?kind=contrato'), ['hr', 'legal'], 404]
]

async function oidcApp (t: Test, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), ...env })
}

let fileOidcApp: Promise<FastifyInstance> | undefined

/**
 * The file's one oidcApp() on API keys alone, built at the first call and closed when the file
 * ends, as sharedApp() is: for tests that send requests and read only their own answers.
 */
async function sharedOidcApp (): Promise<FastifyInstance> {
  fileOidcApp ??= oidcApp(tap)
  return await fileOidcApp
}

test('the role table covers every route GET / lists', async (t) => {
  const app = await sharedApp()
  const covered = new Set(TABLE.map(([name]) => name.split(' ')[1]))
  for (const path of Object.values(app.endpoints)) t.ok(covered.has(path), `${path} is in the table`)
})

test('each role against each route: 401 without a key, 403 with the wrong role, served with an allowed one', async (t) => {
  const app = await sharedOidcApp()
  for (const [name, request, access, allowedStatus = 200] of TABLE) {
    const anonymous = await app.inject(await request())
    if (access === 'public') {
      t.equal(anonymous.statusCode, allowedStatus, `${name}: open`)
      continue
    }
    t.equal(anonymous.statusCode, 401, `${name}: 401 without credentials`)
    t.equal(anonymous.headers['www-authenticate'], 'Bearer realm="contratos"')
    t.same(anonymous.json(), { success: false, message: 'Se requiere autenticación: envíe un token en el encabezado Authorization: Bearer', data: null })
    for (const [role, key] of Object.entries(KEYS)) {
      const options = await request()
      const res = await app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } })
      if (access === 'signed-in' || access.includes(role)) {
        t.equal(res.statusCode, allowedStatus, `${name} as ${role}: ${allowedStatus}`)
      } else {
        t.equal(res.statusCode, 403, `${name} as ${role}: 403`)
        t.equal(res.headers['www-authenticate'], 'Bearer realm="contratos", error="insufficient_scope"')
        t.same(res.json(), { success: false, message: `Su rol no permite esta operación (requiere el rol ${access.join(' o ')})`, data: null })
        if (name.includes(' /api/')) t.equal(res.headers['cache-control'], 'no-store')
      }
    }
  }
})

test('a key not in the file, another scheme or a bare token: 401 invalid_token or no credentials', async (t) => {
  const app = await sharedOidcApp()
  const send = async (authorization: string) => await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload: [sampleEmployee()], headers: { authorization } })
  const unknown = await send('Bearer clave-que-no-existe')
  t.equal(unknown.statusCode, 401)
  t.equal(unknown.headers['www-authenticate'], 'Bearer realm="contratos", error="invalid_token"')
  t.equal(unknown.json().message, 'El token no es válido o ha expirado: inicie sesión nuevamente')
  t.equal((await send(hashApiKey(KEYS.hr))).statusCode, 401, 'the hash itself is no key')
  t.equal((await send(`Bearer ${hashApiKey(KEYS.hr)}`)).statusCode, 401, 'nor as a bearer token')
  t.equal((await send(`Basic ${Buffer.from(`x:${KEYS.hr}`).toString('base64')}`)).statusCode, 401)
  t.equal((await send(`bearer ${KEYS.exports}`)).statusCode, 200, 'the scheme is case-insensitive (RFC 7235)')
})

test('AUTH_MODE=none: no credentials needed anywhere, as the spec says', async (t) => {
  const app = await sharedApp()
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })).statusCode, 200)
})

test('start-up refuses a key file it cannot use, and oidc with nothing to check tokens against', async (t) => {
  const dir = scratchDir(t, {
    roles: `${hashApiKey('a')} admin nightly\n`,
    short: 'abc hr nightly\n',
    twice: `${hashApiKey('a')} hr one\n${hashApiKey('a')} exports two\n`,
    labels: `${hashApiKey('a')} hr nightly\n${hashApiKey('b')} exports nightly\n`
  })
  const refusals: [Record<string, string>, RegExp][] = [
    [{}, /^Configuración inválida: AUTH_MODE=oidc necesita OIDC_ISSUER y OIDC_AUDIENCE, o API_KEYS_FILE$/],
    [{ API_KEYS_FILE: join(dir, 'missing') }, /^Configuración inválida: API_KEYS_FILE=.*missing no se puede leer \(ENOENT\)$/],
    [{ API_KEYS_FILE: join(dir, 'roles') }, /API_KEYS_FILE=.*roles: línea 1: el rol "admin" no existe \(hr, exports, operator o legal\)/],
    [{ API_KEYS_FILE: join(dir, 'short') }, /short: línea 1: no tiene tres campos \(formato: <sha256 hex> <rol> <etiqueta>\)$/],
    [{ API_KEYS_FILE: join(dir, 'twice') }, /twice: línea 2: la misma clave aparece dos veces/],
    [{ API_KEYS_FILE: join(dir, 'labels') }, /labels: línea 2: la etiqueta "nightly" ya está en uso/]
  ]
  for (const [env, message] of refusals) {
    await t.rejects(build(t, { AUTH_MODE: 'oidc', ...env }), { name: 'ConfigError', message })
  }
})

test('start-up refuses unsafe auth settings with one line: a key file others can read or change, no key and no issuer, the hash of an empty key, an issuer URL with credentials', async (t) => {
  const line = `${hashApiKey(KEYS.hr)} hr nightly\n`
  const dir = scratchDir(t, { open: line, shared: line, group: line, empty: '# no keys yet\n\n', blank: `${hashApiKey('')} hr vacia\n` })
  chmodSync(join(dir, 'open'), 0o644)
  chmodSync(join(dir, 'shared'), 0o666)
  chmodSync(join(dir, 'group'), 0o660)
  const refusals: [Record<string, string>, RegExp][] = [
    [{ API_KEYS_FILE: join(dir, 'open') },
      /^Configuración inválida: API_KEYS_FILE=.*open tiene permisos 0644: otros usuarios pueden leer o cambiar las claves \(chmod 0600, o 0640 con el grupo del servicio\)$/],
    [{ API_KEYS_FILE: join(dir, 'shared') }, /^Configuración inválida: API_KEYS_FILE=.*shared tiene permisos 0666: /],
    [{ API_KEYS_FILE: join(dir, 'group') }, /^Configuración inválida: API_KEYS_FILE=.*group tiene permisos 0660: /],
    [{ API_KEYS_FILE: join(dir, 'empty') }, /^Configuración inválida: API_KEYS_FILE=.*empty no tiene ninguna clave y no hay OIDC_ISSUER: nadie podría autenticarse$/],
    [{ API_KEYS_FILE: join(dir, 'blank') }, /^Configuración inválida: API_KEYS_FILE=.*blank: línea 1: es el SHA-256 de una clave vacía/],
    [{ OIDC_ISSUER: 'https://admin:s3cr3t@sso.example.pe/realms/rrhh', OIDC_AUDIENCE: 'contratos', OIDC_CLIENT_ID: 'consola' },
      /^Configuración inválida: OIDC_ISSUER=https:\/\/\*\*\*@sso\.example\.pe\/realms\/rrhh lleva usuario o contraseña: la URL del emisor es pública \(la consola la recibe\); quítelos$/],
    [{ OIDC_ISSUER: 'https://admin@sso.example.pe/realms/rrhh', OIDC_AUDIENCE: 'contratos', OIDC_CLIENT_ID: 'consola' }, /OIDC_ISSUER=https:\/\/\*\*\*@sso\.example\.pe\/realms\/rrhh lleva usuario o contraseña/]
  ]
  for (const [env, message] of refusals) {
    await t.rejects(build(t, { AUTH_MODE: 'oidc', ...env }), { name: 'ConfigError', message }, JSON.stringify(env))
  }
  chmodSync(join(dir, 'open'), 0o640)
  t.ok(await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: join(dir, 'open') }), '0640 (the service\'s group reads it) starts')
  t.ok(await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: join(dir, 'empty'), OIDC_ISSUER: 'https://sso.example.pe/realms/rrhh', OIDC_AUDIENCE: 'contratos', OIDC_CLIENT_ID: 'consola' }),
    'no key yet beside an issuer starts: people sign in')
})

test(`an API key shorter than ${API_KEY_MIN_LENGTH} characters is refused where it is presented (401), with a warn naming its label`, async (t) => {
  t.equal(API_KEY_MIN_LENGTH, 32)
  const short = 'corta-0123456789' // 16 characters: its hash is in the file, but it is no secret
  const long = 'l'.repeat(API_KEY_MIN_LENGTH)
  const dir = scratchDir(t, { keys: `${hashApiKey(short)} exports corta-job\n${hashApiKey(long)} exports larga-job\n` })
  const lines: { level: number, msg: string, apiKey?: string }[] = []
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, AUTH_MODE: 'oidc', API_KEYS_FILE: join(dir, 'keys') },
    logger: { stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
  })
  t.teardown(() => app.close())
  const limits = async (key: string) => await app.inject({ method: 'GET', url: '/api/limits', headers: { authorization: `Bearer ${key}` } })
  const refused = await limits(short)
  t.equal(refused.statusCode, 401)
  t.equal(refused.headers['www-authenticate'], 'Bearer realm="contratos", error="invalid_token"')
  t.equal((await limits(long)).statusCode, 200, `${API_KEY_MIN_LENGTH} characters pass`)
  const warned = lines.filter((line) => line.apiKey === 'corta-job')
  t.equal(warned.length, 1)
  t.match(warned[0], { level: 40, msg: /shorter than 32 characters: refused/ })
  t.notMatch(JSON.stringify(lines), short, 'the key itself is never logged')
})

test('ready: an identity provider unreachable before its keys were ever fetched keeps the instance out; once fetched, an outage does not', async (t) => {
  const ready = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { authorization: `Bearer ${KEYS.operator}` } })
    return { status: res.statusCode, identityProvider: res.json().checks.identityProvider as unknown }
  }
  const never = await oidcApp(t, { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: 'consola' })
  t.same(await ready(never), { status: 503, identityProvider: 'fail' }, 'no key was ever fetched: no token could be checked')
  t.same(await ready(never), { status: 503, identityProvider: 'fail' }, 'tried again at the next check')
  t.same(await ready(await oidcApp(t)), { status: 200, identityProvider: 'ok' }, 'API keys only: no provider to wait for')
  t.same((await (await sharedApp()).readiness.checks()).identityProvider, 'ok', 'AUTH_MODE=none: nothing to check')

  const idp = await startIssuer(t)
  const app = await oidcApp(t, { OIDC_ISSUER: idp.issuer, OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: 'consola' })
  t.same(await ready(app), { status: 200, identityProvider: 'ok' }, 'the check fetches the keys itself: no token has to come first')
  idp.server.closeAllConnections()
  idp.server.close()
  t.same(await ready(app), { status: 200, identityProvider: 'ok' }, 'fetched once: the provider going down keeps it ready')
})

test('OIDC access tokens from a real provider: roles from the claim, 401 for another audience, 503 while the issuer is down', async (t) => {
  const idp = await startIssuer(t)
  const app = await oidcApp(t, { OIDC_ISSUER: idp.issuer, OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: 'consola' })
  const send = async (url: string, token: string, payload: unknown = [sampleEmployee()]) =>
    await app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers: { authorization: `Bearer ${token}` } })
  const hr = await idp.token('rrhh-app')
  t.equal((await send('/api/contracts/preview', hr, sampleEmployee())).statusCode, 200, 'hr previews')
  const exports = await idp.token('exportes-app')
  t.equal((await send('/api/excel/download-sctr', exports)).statusCode, 200, 'exports exports')
  t.equal((await send('/api/contracts/download-zip', exports)).statusCode, 403, 'but gets no contracts')
  const none = await idp.token('sin-roles-app')
  t.equal((await app.inject({ method: 'GET', url: '/api/limits', headers: { authorization: `Bearer ${none}` } })).statusCode, 200, 'no role: signed in')
  t.equal((await send('/api/excel/download-sctr', none)).statusCode, 403, 'but no export')
  const otherAudience = await send('/api/contracts/preview', await idp.token('rrhh-app', 'https://otra-api.example.pe'), sampleEmployee())
  t.equal(otherAudience.statusCode, 401)
  t.equal(otherAudience.headers['www-authenticate'], 'Bearer realm="contratos", error="invalid_token"')
  t.equal((await send('/api/excel/download-sctr', KEYS.exports)).statusCode, 200, 'API keys still work beside OIDC')

  await t.rejects(oidcApp(t, { OIDC_ISSUER: idp.issuer }), { message: 'Configuración inválida: OIDC_ISSUER y OIDC_AUDIENCE van juntos: indique ambos o ninguno' })
})

test('a provider down before its keys were fetched: 503 with Retry-After, no request to it per token, one log line without a stack', async (t) => {
  const idp = await startIssuer(t)
  const hr = await idp.token('rrhh-app')
  idp.down = true
  const lines: Record<string, unknown>[] = []
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, AUTH_MODE: 'oidc', OIDC_ISSUER: idp.issuer, OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: 'consola' },
    logger: { level: 'warn', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
  })
  t.teardown(() => app.close())
  t.equal(app.oidcVerifier?.keysState, 'never-fetched')
  const before = idp.requests
  const startLines = lines.length
  for (let i = 0; i < 10; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(), headers: { authorization: `Bearer ${hr}` } })
    t.equal(res.statusCode, 503)
    t.equal(res.headers['retry-after'], String(PROVIDER_RETRY_MS / 1000))
    t.same(res.json(), { success: false, message: 'No se puede verificar el token: el proveedor de identidad no responde. Intenta nuevamente en unos segundos.', data: null })
  }
  t.equal(idp.requests - before, 1, 'one discovery request for ten tokens (negative caching)')
  t.equal(app.oidcVerifier?.keysState, 'failing')
  t.notOk(app.oidcVerifier?.hasKeys)
  const problems = lines.slice(startLines).filter((line) => Number(line.level) >= 40)
  t.equal(problems.length, 1, 'one log line above info for the ten refusals')
  t.match(problems[0], { level: 40, msg: 'identity provider unreachable: bearer tokens answer 503 until it answers', issuer: idp.issuer, cause: /respondió 503/, suppressedFailures: 0 })
  t.notOk(lines.some((line) => 'err' in line || JSON.stringify(line).includes('    at ')), 'no stack anywhere')
  const none = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  t.equal(none.oidcVerifier, undefined, 'no verifier without OIDC_ISSUER')
})

test('401 and 403 carry the CORS grant of an allowed origin, so its page can read them; another origin gets none', async (t) => {
  const app = await oidcApp(t, { CORS_ORIGINS: 'https://rrhh.example.pe' })
  const origin = 'https://rrhh.example.pe'
  const unauthenticated = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(), headers: { origin } })
  t.equal(unauthenticated.statusCode, 401)
  t.equal(unauthenticated.headers['access-control-allow-origin'], origin)
  t.match(unauthenticated.headers['access-control-expose-headers'], /X-Request-Id/)
  const forbidden = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(), headers: { origin, authorization: `Bearer ${KEYS.exports}` } })
  t.equal(forbidden.statusCode, 403)
  t.equal(forbidden.headers['access-control-allow-origin'], origin)
  const invalid = await app.inject({ method: 'GET', url: '/api/limits', headers: { origin, authorization: 'Bearer clave-que-no-existe' } })
  t.equal(invalid.statusCode, 401)
  t.equal(invalid.headers['access-control-allow-origin'], origin)
  const other = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(), headers: { origin: 'https://otro.example.com' } })
  t.equal(other.statusCode, 401)
  t.notOk(other.headers['access-control-allow-origin'], 'no grant for another origin')
  const preflight = await app.inject({ method: 'OPTIONS', url: '/api/contracts/preview', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } })
  t.equal(preflight.statusCode, 204, 'preflights need no credentials')
  t.equal(preflight.headers['access-control-allow-origin'], origin)
})

test('an unknown route: 401 without valid credentials (which routes exist is no answer to strangers), 404 with them', async (t) => {
  const app = await sharedOidcApp()
  for (const [method, url] of [['GET', '/api/no-existe'], ['POST', '/api/contracts/no-existe'], ['GET', '/no-existe'], ['OPTIONS', '/api/limits']] as const) {
    const anonymous = await app.inject({ method, url })
    t.equal(anonymous.statusCode, 401, `${method} ${url} without credentials`)
    t.equal(anonymous.headers['www-authenticate'], 'Bearer realm="contratos"')
    const invalid = await app.inject({ method, url, headers: { authorization: 'Bearer clave-que-no-existe' } })
    t.equal(invalid.statusCode, 401, `${method} ${url} with a key that is not valid`)
    const known = await app.inject({ method, url, headers: { authorization: `Bearer ${KEYS.exports}` } })
    t.equal(known.statusCode, 404, `${method} ${url} signed in`)
    t.equal(known.json().message, `Ruta no encontrada: ${method} ${url}`)
  }
})

test('owned sessions: another identity gets the 404 of an unknown id; one identity\'s quota never evicts another\'s', async (t) => {
  const app = await oidcApp(t, { SESSION_MAX_PER_USER: '2' })
  const as = (key: string) => ({ authorization: `Bearer ${key}` })
  const uploadAs = async (key: string) => {
    const form = await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }])
    const res = await app.inject({ method: 'POST', url: '/api/excel/upload', payload: form.payload, headers: { ...form.headers, ...as(key) } })
    t.equal(res.statusCode, 200)
    return res.json().data as { sessionId: string, employees: { dni: string }[] }
  }
  const previewAs = async (key: string, sessionId: string, dni: string) =>
    await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni }, headers: as(key) })

  const mine = await uploadAs(KEYS.hr)
  const dni = mine.employees[0].dni
  t.equal((await previewAs(KEYS.hr, mine.sessionId, dni)).statusCode, 200, 'the owner previews')
  const theirs = await previewAs(OTHER_HR_KEY, mine.sessionId, dni)
  const unknownId = '00000000-0000-4000-8000-000000000000'
  const unknown = await previewAs(OTHER_HR_KEY, unknownId, dni)
  t.equal(theirs.statusCode, 404)
  t.same(theirs.json(), JSON.parse(unknown.body.replace(unknownId, mine.sessionId)), 'the same answer as an unknown id')

  const others: string[] = []
  for (let i = 0; i < 4; i++) others.push((await uploadAs(OTHER_HR_KEY)).sessionId)
  t.equal((await previewAs(KEYS.hr, mine.sessionId, dni)).statusCode, 200, 'four uploads of another identity leave mine')
  t.equal((await previewAs(OTHER_HR_KEY, others[0], dni)).statusCode, 404, 'its own oldest is evicted')
  t.equal((await previewAs(OTHER_HR_KEY, others[3], dni)).statusCode, 200)
})
