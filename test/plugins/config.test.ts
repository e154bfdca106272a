import { test } from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from '../../app/app.js'
import { PRODUCTION_PROFILE, build } from '../support/helper.js'

test('config has the spec defaults when nothing is set', async (t) => {
  const app = await build(t)
  const { PORT, HOST, CORS_ORIGINS, MAX_FILE_SIZE, MAX_EMPLOYEES, BATCH_MAX, ADDENDUM_BATCH_MAX, FILE_CLEANUP_TIMEOUT } = app.config
  t.same(
    { PORT, HOST, CORS_ORIGINS, MAX_FILE_SIZE, MAX_EMPLOYEES, BATCH_MAX, ADDENDUM_BATCH_MAX, FILE_CLEANUP_TIMEOUT },
    { PORT: 3000, HOST: 'localhost', CORS_ORIGINS: 'http://localhost:5173', MAX_FILE_SIZE: 10485760, MAX_EMPLOYEES: 1000, BATCH_MAX: 50, ADDENDUM_BATCH_MAX: 80, FILE_CLEANUP_TIMEOUT: 3600000 }
  )
  t.same(app.config.corsOrigins, ['http://localhost:5173'])
})

test('TEMP_DIR is created when missing', async (t) => {
  const dir = join(t.testdir({}), 'nested', 'temp')
  const app = await buildApp({ env: { TEMP_DIR: dir } })
  t.teardown(() => app.close())
  t.ok(existsSync(dir))
  t.equal(app.config.tempDir, dir)
})

const refusals: [string, Record<string, string>, RegExp][] = [
  ['a PORT that is not a number', { PORT: 'abc' }, /^Configuración inválida: PORT="abc" no es válido/],
  ['a PORT out of range', { PORT: '70000' }, /^Configuración inválida: PORT=/],
  ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, /^Configuración inválida: NODE_ENV="staging"/],
  ['BATCH_MAX above MAX_EMPLOYEES (D5)', { BATCH_MAX: '2000' }, /^Configuración inválida: BATCH_MAX=2000 supera MAX_EMPLOYEES=1000$/],
  ['ADDENDUM_BATCH_MAX above MAX_EMPLOYEES (D5)', { MAX_EMPLOYEES: '60', ADDENDUM_BATCH_MAX: '80' }, /^Configuración inválida: ADDENDUM_BATCH_MAX=80 supera MAX_EMPLOYEES=60$/],
  ['a GRACE_DELAY_MS that is not a number (it once became NaN: an instant forced exit)', { GRACE_DELAY_MS: 'abc' }, /^Configuración inválida: GRACE_DELAY_MS="abc" no es válido/],
  ['a SESSION_MAX of 0', { SESSION_MAX: '0' }, /^Configuración inválida: SESSION_MAX=/],
  ['a TEMP_DIR that cannot be created', { TEMP_DIR: '/dev/null/temp' }, /^Configuración inválida: TEMP_DIR=\/dev\/null\/temp no se puede crear/],
  ['a TEMP_DIR under /proc (Node 20 recursive mkdir spins there)', { TEMP_DIR: '/proc/contratos/temp' }, /^Configuración inválida: TEMP_DIR=\/proc\/contratos\/temp no se puede crear/],
  ['a SESSION_STORE that is neither file nor a redis URL', { SESSION_STORE: 'memcached://10.0.0.5:11211' }, /^Configuración inválida: SESSION_STORE="memcached:\/\/10\.0\.0\.5:11211" no es válido \(file, o una URL redis:\/\/host:puerto o rediss:\/\/host:puerto\)$/],
  ['a SESSION_STORE that is no URL at all', { SESSION_STORE: 'redis' }, /^Configuración inválida: SESSION_STORE="redis" no es válido/],
  ['a redis URL with a path that is not a database number, its password hidden', { SESSION_STORE: 'redis://:s3cr3t@10.0.0.5:6379/sesiones' }, /^Configuración inválida: SESSION_STORE="redis:\/\/\*\*\*@10\.0\.0\.5:6379\/sesiones" no es válido/],
  ['production without an explicit AUTH_MODE (docs/security.md)', { NODE_ENV: 'production', EMPLOYER_PROFILE: PRODUCTION_PROFILE },
    /^Configuración inválida: con NODE_ENV=production AUTH_MODE es obligatorio: AUTH_MODE=oidc \(identidad y roles, docs\/security\.md\) o AUTH_MODE=none \(sin autenticación, solo en una red interna de confianza\)$/],
  ['an unknown AUTH_MODE', { AUTH_MODE: 'basic' }, /^Configuración inválida: AUTH_MODE="basic" no es válido/],
  ['a METRICS that is not a boolean', { METRICS: 'maybe' }, /^Configuración inválida: METRICS="maybe" no es válido/],
  ['AUTH_MODE=none with an OIDC issuer (a file that meant oidc)', { AUTH_MODE: 'none', OIDC_ISSUER: 'https://sso.example.pe/realms/rrhh', OIDC_AUDIENCE: 'contratos' },
    /^Configuración inválida: AUTH_MODE=none \(sin autenticación\) no se combina con OIDC_ISSUER, OIDC_AUDIENCE: el servicio quedaría abierto a cualquiera\. Indique AUTH_MODE=oidc, o quite esas variables$/],
  ['AUTH_MODE=none with API keys', { AUTH_MODE: 'none', API_KEYS_FILE: '/etc/contratos/api-keys' }, /^Configuración inválida: AUTH_MODE=none \(sin autenticación\) no se combina con API_KEYS_FILE: /],
  ['AUTH_MODE=none with an audit trail', { AUTH_MODE: 'none', AUDIT_LOG: '/var/log/contratos/audit.log' }, /^Configuración inválida: AUTH_MODE=none \(sin autenticación\) no se combina con AUDIT_LOG: /],
  ['no AUTH_MODE outside production (so none) with an OIDC setting', { OIDC_ROLES_CLAIM: 'realm_access.roles', OIDC_CLIENT_ID: 'consola' },
    /^Configuración inválida: AUTH_MODE=none \(sin autenticación, el valor por defecto fuera de producción\) no se combina con OIDC_CLIENT_ID, OIDC_ROLES_CLAIM: /],
  ['SESSION_MAX below SESSION_MAX_PER_USER with AUTH_MODE=oidc (one identity would evict everyone else)', { AUTH_MODE: 'oidc', SESSION_MAX: '10', SESSION_MAX_PER_USER: '20' },
    /^Configuración inválida: SESSION_MAX=10 es menor que SESSION_MAX_PER_USER=20: una sola identidad podría desalojar las sesiones de todas las demás\. Suba SESSION_MAX o baje SESSION_MAX_PER_USER$/],
  // the signing flow (docs/signing-flow.md): links only over https (or to this machine), a relay by smtp:// or smtps://
  ['a PUBLIC_URL over plain http to another host', { PUBLIC_URL: 'http://firmas.empresa.pe' }, /^Configuración inválida: PUBLIC_URL=/],
  ['a PUBLIC_URL with a path', { PUBLIC_URL: 'https://empresa.pe/firmas' }, /^Configuración inválida: PUBLIC_URL=/],
  ['an SMTP_URL that is no SMTP', { SMTP_URL: 'http://relay.empresa.pe' }, /^Configuración inválida: SMTP_URL=/],
  ['SIGNING_INVITATION_DAYS of 0', { SIGNING_INVITATION_DAYS: '0' }, /^Configuración inválida: SIGNING_INVITATION_DAYS=/],
  ['a SHUTDOWN_DRAIN_MS that leaves no time within GRACE_DELAY_MS', { SHUTDOWN_DRAIN_MS: '10000', GRACE_DELAY_MS: '10000' }, /^Configuración inválida: SHUTDOWN_DRAIN_MS=10000 debe ser menor que GRACE_DELAY_MS=10000$/]
]
for (const [what, env, message] of refusals) {
  test(`start-up is refused with one line naming the variable: ${what}`, async (t) => {
    await t.rejects(buildApp({ env: { TEMP_DIR: t.testdir({}), ...env } }), { name: 'ConfigError', message })
  })
}

test('AUTH_MODE: none by default outside production; production starts once it is stated, none included', async (t) => {
  t.equal((await build(t)).config.authMode, 'none')
  t.equal((await build(t, { NODE_ENV: 'development' })).config.authMode, 'none')
  const production = await buildApp({ env: { NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: PRODUCTION_PROFILE, TEMP_DIR: t.testdir({}), PDF_THREADS: 1 } })
  t.teardown(() => production.close())
  t.equal(production.config.authMode, 'none')
  t.equal((await production.inject({ method: 'GET', url: '/api/health' })).statusCode, 200)
})

test('SESSION_STORE: file by default, or a redis:// or rediss:// URL', async (t) => {
  const { parseSessionStore } = await import('../../plugins/config.js')
  t.same(parseSessionStore('file'), { kind: 'file' })
  t.same(parseSessionStore('redis://127.0.0.1:6379'), { kind: 'redis', url: 'redis://127.0.0.1:6379' })
  t.same(parseSessionStore('rediss://:clave@redis.interno:6380/2'), { kind: 'redis', url: 'rediss://:clave@redis.interno:6380/2' })
  // the scheme is case-insensitive: capitals reach the Redis client as rediss://, so TLS (docs/security.md)
  t.same(parseSessionStore('REDISS://:Clave@Redis.interno:6380/2'), { kind: 'redis', url: 'rediss://:Clave@Redis.interno:6380/2' })
  t.same(parseSessionStore('Redis://10.0.0.5:6379'), { kind: 'redis', url: 'redis://10.0.0.5:6379' })
  const app = await build(t)
  t.same(app.config.sessionStore, { kind: 'file' })
  t.equal(app.config.METRICS, true)
  t.equal(app.config.SHUTDOWN_DRAIN_MS, 0)
})

test('SESSION_STORE_CA_FILE: read for a rediss:// store; refused with redis:// or file, unreadable, or without a PEM certificate', async (t) => {
  const dir = t.testdir({
    'ca.pem': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    'key.pem': '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n'
  })
  const { withSessionStoreCa, parseSessionStore } = await import('../../plugins/config.js')
  const tls = parseSessionStore('rediss://contratos:clave@redis.interno:6380/0')
  t.same(withSessionStoreCa(tls, undefined), tls, 'unset: Node\'s bundled CAs')
  t.same(withSessionStoreCa(tls, join(dir, 'ca.pem')), { ...tls, tlsCa: Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n') })
  const refused = (env: Record<string, string>) => buildApp({ env: { TEMP_DIR: join(dir, 'temp'), ...env } })
  const notTls = 'Configuración inválida: SESSION_STORE_CA_FILE solo se usa con SESSION_STORE=rediss:// (Redis con TLS); quítelo o use rediss://'
  await t.rejects(refused({ SESSION_STORE: 'redis://127.0.0.1:6379', SESSION_STORE_CA_FILE: join(dir, 'ca.pem') }), { name: 'ConfigError', message: notTls })
  await t.rejects(refused({ SESSION_STORE_CA_FILE: join(dir, 'ca.pem') }), { name: 'ConfigError', message: notTls }, 'file sessions: no TLS either')
  await t.rejects(refused({ SESSION_STORE: 'rediss://127.0.0.1:6380', SESSION_STORE_CA_FILE: join(dir, 'no-such.pem') }), {
    name: 'ConfigError',
    message: `Configuración inválida: SESSION_STORE_CA_FILE=${join(dir, 'no-such.pem')} no se puede leer (ENOENT); indique un archivo PEM con los certificados de la CA privada de Redis`
  })
  await t.rejects(refused({ SESSION_STORE: 'rediss://127.0.0.1:6380', SESSION_STORE_CA_FILE: join(dir, 'key.pem') }), {
    name: 'ConfigError',
    message: `Configuración inválida: SESSION_STORE_CA_FILE=${join(dir, 'key.pem')} no contiene ningún certificado PEM (-----BEGIN CERTIFICATE-----)`
  })
})

test('TRUST_PROXY: false, true, a number of hops, or the proxies\' addresses', async (t) => {
  const { parseTrustProxy } = await import('../../plugins/config.js')
  t.equal(parseTrustProxy('false'), false)
  t.equal(parseTrustProxy(' '), false)
  t.equal(parseTrustProxy('true'), true)
  t.same(parseTrustProxy('127.0.0.1, 10.0.0.0/8,'), ['127.0.0.1', '10.0.0.0/8'])
  const hops = parseTrustProxy('1') as (address: string, hop: number) => boolean
  t.same([hops('10.0.0.1', 0), hops('10.0.0.2', 1)], [true, false], 'one hop: the nearest proxy only')
})
