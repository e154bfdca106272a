/**
 * Configuration from the environment (spec "Configuration", D5), validated by @fastify/env
 * against schemas/config.ts and decorated as `app.config`. Refuses to start, with one line
 * naming the variable, on a bad value, on a batch limit above MAX_EMPLOYEES, on an
 * unwritable TEMP_DIR, on AUTH_MODE=none beside authentication settings, or on SESSION_MAX
 * below SESSION_MAX_PER_USER with AUTH_MODE=oidc.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import fp from 'fastify-plugin'
import fastifyEnv from '@fastify/env'
import { ConfigSchema, type Config } from '../schemas/config.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'
import { projectPath } from '../src/paths.js'
import type { ErrorCode } from '../src/errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config & {
      tempDir: string,
      corsOrigins: string[],
      sessionStore: SessionStoreConfig,
      authMode: AuthMode,
      spreadsheetProcesses: number,
      /** DATA_DIR, or its default: `./data`, and `memory://` under NODE_ENV=test (each test's registry its own). */
      dataDir: string
    }
  }
}

/**
 * Where upload sessions live (SESSION_STORE): TEMP_DIR, or a Redis server every instance shares,
 * with the PEM certificates of SESSION_STORE_CA_FILE for a `rediss://` one.
 */
export type SessionStoreConfig = { kind: 'file' } | { kind: 'redis', url: string, tlsCa?: Buffer }

/** Who may call the API (docs/security.md): anyone (the spec's internal network), or bearer tokens only. */
export type AuthMode = 'none' | 'oidc'

/**
 * AUTH_MODE, which production must state (docs/security.md, "Modes"): a production start that forgot it
 * would otherwise serve personal data to anyone who reaches it. Elsewhere it defaults to `none`.
 * @throws ConfigError with NODE_ENV=production and no AUTH_MODE
 */
export function resolveAuthMode (config: Pick<Config, 'NODE_ENV' | 'AUTH_MODE'>): AuthMode {
  if (config.AUTH_MODE !== undefined) return config.AUTH_MODE
  if (config.NODE_ENV !== 'production') return 'none'
  throw new ConfigError('con NODE_ENV=production AUTH_MODE es obligatorio: AUTH_MODE=oidc (identidad y roles, docs/security.md) ' +
    'o AUTH_MODE=none (sin autenticación, solo en una red interna de confianza)')
}

/** Settings that only mean something with authentication: OIDC, API keys, the audit trail (docs/security.md). */
export const AUTH_SETTINGS = ['API_KEYS_FILE', 'OIDC_ISSUER', 'OIDC_AUDIENCE', 'OIDC_CLIENT_ID', 'OIDC_SCOPE', 'OIDC_ROLES_CLAIM', 'AUDIT_LOG'] as const

/**
 * Refuses AUTH_MODE=none beside any setting of AUTH_SETTINGS (docs/security.md, "Modes"): whoever
 * wrote OIDC settings, a key file or an audit log meant the service to be protected, and a file
 * that says `none` (or says nothing, outside production) would serve personal data to anyone.
 * OIDC_SCOPE and OIDC_ROLES_CLAIM count only when they differ from their defaults.
 * @throws ConfigError naming the variables, in one line
 */
export function checkAuthModeNone (config: Config & { authMode: AuthMode }): void {
  if (config.authMode !== 'none') return
  const given = AUTH_SETTINGS.filter((name) =>
    config[name] !== undefined && config[name] !== ConfigSchema.properties[name].default)
  if (given.length === 0) return
  throw new ConfigError(STARTUP_MESSAGES.authNoneWithAuthSettings(given, config.AUTH_MODE !== undefined))
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy`: `false` (the socket's address), `true` (the first
 * X-Forwarded-For entry: only when every client comes through the proxy), a number of proxy hops,
 * or comma-separated proxy addresses or CIDRs (`127.0.0.1,10.0.0.0/8`). Read before the app is
 * built (Fastify takes it at construction), so from the given env or process.env, not `.env`.
 */
export function parseTrustProxy (value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  const text = value.trim()
  if (text === '' || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return (_address, hop) => hop < Number(text) // as Fastify's number: trust that many hops
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
}

/** A file mode as four octal digits, as `chmod` takes it (`0644`), for messages and logs. */
export function octalMode (mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0')
}

/** A URL with its password (and user) hidden, for messages and logs. */
export function redactUrl (url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1***@')
}

/**
 * SESSION_STORE: unset or `file`, or a `redis://` / `rediss://` URL (TLS) with an optional
 * password and database number (`redis://:secret@10.0.0.5:6379/2`).
 * @throws ConfigError naming the variable, with any password hidden
 */
export function parseSessionStore (value: string): SessionStoreConfig {
  if (value === 'file') return { kind: 'file' }
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url === undefined || !['redis:', 'rediss:'].includes(url.protocol) || url.hostname === '' || !/^(\/\d*)?$/.test(url.pathname)) {
    throw new ConfigError(`SESSION_STORE=${JSON.stringify(redactUrl(value))} no es válido (file, o una URL redis://host:puerto o rediss://host:puerto)`)
  }
  // URL schemes are case-insensitive (RFC 3986): `REDISS://` is TLS too, never plain text (docs/security.md)
  return { kind: 'redis', url: `${url.protocol}${value.slice(url.protocol.length)}` }
}

/**
 * DATABASE_URL for messages and logs, even when it is no URL: everything before the last `@` after
 * the scheme (user and password) and any `password=` parameter hidden.
 */
export function redactDatabaseUrl (value: string): string {
  const at = value.lastIndexOf('@')
  const slashes = value.indexOf('//')
  const credentialsHidden = at < 0 ? value : `${value.slice(0, slashes >= 0 && slashes < at ? slashes + 2 : 0)}***${value.slice(at)}`
  return credentialsHidden.replace(/([?&]password=)[^&]*/gi, '$1***')
}

/** What DATABASE_URL says once checked (checkDatabaseUrl). */
export interface DatabaseUrlCheck {
  /** The URL node-postgres is given: DATABASE_URL, with `sslrootcert` of PGSSLROOTCERT when TLS lacks one. */
  url: string
  /** Why a remote server is reached without verified TLS; undefined when it is verified, or is local. */
  plainText?: string
}

/** sslmode values libpq knows, and node-postgres's own `no-verify`. */
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify']
/** Modes that may send the registry's personal data in clear (or to an unverified server) over the network. */
const UNPROTECTED_MODES = new Set(['disable', 'allow', 'prefer', 'no-verify'])

/**
 * DATABASE_URL checked whole at start-up (docs/registry.md "Where it lives"): the scheme
 * (`postgres:` or `postgresql:`), a host (a name, an address, or a unix socket folder as `?host=/run/postgresql`),
 * a database name, a known `sslmode`, and the CA file of `sslrootcert` (or PGSSLROOTCERT, which
 * node-postgres does not read itself: added to the URL when TLS is asked for) readable PEM. Warns
 * (`plainText`) when a host that is not this machine (not localhost, 127.0.0.1, ::1 or a socket) is
 * reached without TLS: no `sslmode`, or `disable`, `allow`, `prefer` (libpq's modes that fall back to clear
 * text) or `no-verify` (Ley 29733: the registry holds personal data).
 * @throws ConfigError whose message shows the URL with its user and password hidden (redactUrl)
 */
export function checkDatabaseUrl (value: string, env: NodeJS.ProcessEnv = process.env): DatabaseUrlCheck {
  const refuse = (problem: string): never => {
    throw new ConfigError(STARTUP_MESSAGES.databaseUrlInvalid(JSON.stringify(redactDatabaseUrl(value)), problem))
  }
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url === undefined) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1] ?? ''
    return refuse(['postgres', 'postgresql'].includes(scheme.toLowerCase()) ? STARTUP_MESSAGES.databaseUrlNotUrl : STARTUP_MESSAGES.databaseUrlScheme(scheme))
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol)) return refuse(STARTUP_MESSAGES.databaseUrlScheme(url.protocol.replace(/:$/, '')))
  const socket = url.searchParams.get('host') ?? undefined
  const host = socket ?? decodeURIComponent(url.hostname)
  if (host === '') return refuse(STARTUP_MESSAGES.databaseUrlNoHost)
  if (decodeURIComponent(url.pathname.replace(/^\//, '')) === '') return refuse(STARTUP_MESSAGES.databaseUrlNoDatabase)
  const mode = url.searchParams.get('sslmode') ?? undefined
  if (mode !== undefined && !SSL_MODES.includes(mode)) return refuse(STARTUP_MESSAGES.databaseUrlSslmode(mode))
  const ssl = url.searchParams.get('ssl')
  const tls = mode !== undefined ? mode !== 'disable' : ssl === 'true' || ssl === '1'
  let resolved = value
  const envCa = env.PGSSLROOTCERT
  if (tls && !url.searchParams.has('sslrootcert') && envCa !== undefined && envCa !== '') {
    resolved = `${value}${url.search === '' ? '?' : '&'}sslrootcert=${encodeURIComponent(envCa)}`
  }
  const ca = url.searchParams.get('sslrootcert') ?? (tls ? envCa : undefined)
  if (ca !== undefined && ca !== '') {
    let pem: string
    try {
      pem = readFileSync(ca, 'utf8')
    } catch (error) {
      return refuse(STARTUP_MESSAGES.databaseCaUnreadable(ca, (error as NodeJS.ErrnoException).code ?? 'error'))
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) return refuse(STARTUP_MESSAGES.databaseCaNotPem(ca))
  }
  const local = host.startsWith('/') || ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host.toLowerCase())
  const plainText = local
    ? undefined
    : mode === undefined
      ? (tls ? undefined : 'no sslmode')
      : UNPROTECTED_MODES.has(mode) ? `sslmode=${mode}` : undefined
  return plainText === undefined ? { url: resolved } : { url: resolved, plainText }
}

/**
 * SESSION_STORE_CA_FILE read for a `rediss://` store (docs/production.md, "Sessions in Redis").
 * @throws ConfigError when the store is not `rediss://`, or the file cannot be read or holds no PEM certificate
 */
export function withSessionStoreCa (store: SessionStoreConfig, caFile: string | undefined): SessionStoreConfig {
  if (caFile === undefined) return store
  if (store.kind !== 'redis' || !store.url.startsWith('rediss:')) throw new ConfigError(STARTUP_MESSAGES.sessionStoreCaNotTls)
  let tlsCa: Buffer
  try {
    tlsCa = readFileSync(projectPath(caFile))
  } catch (error) {
    throw new ConfigError(STARTUP_MESSAGES.sessionStoreCaUnreadable(caFile, (error as NodeJS.ErrnoException).code ?? 'error'))
  }
  if (!tlsCa.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(STARTUP_MESSAGES.sessionStoreCaNotPem(caFile))
  return { ...store, tlsCa }
}

/** A configuration that cannot run; its message is the single line printed at start-up. */
export class ConfigError extends Error {
  readonly code = 'CONTRATOS_CONFIG' satisfies ErrorCode
  constructor (message: string) {
    super(`Configuración inválida: ${message}`)
    this.name = 'ConfigError'
  }
}

export interface ConfigPluginOptions {
  /** Explicit variables (tests); when given, process.env and .env are not read. */
  env?: Record<string, string | number | undefined>
}

/** One Ajv error of the env schema, as @fastify/env attaches them. */
interface EnvSchemaError { instancePath: string, message?: string, params?: Record<string, unknown> }

function describeEnvError (error: Error & { errors?: EnvSchemaError[] }, data: Record<string, unknown>): string {
  const first = error.errors?.[0]
  /* c8 ignore next */
  if (first === undefined) return error.message
  const variable = first.instancePath.replace(/^\//, '')
  const value = data[variable]
  // a URL's password is never printed
  const shown = typeof value === 'string' && /_URL$|^SESSION_STORE$/.test(variable) ? redactDatabaseUrl(value) : value
  return `${variable}=${JSON.stringify(shown)} no es válido (${first.message ?? 'invalid'})`
}

/** D5: no configured batch limit may exceed MAX_EMPLOYEES. */
function checkLimits (config: Config): void {
  for (const key of ['BATCH_MAX', 'ADDENDUM_BATCH_MAX'] as const) {
    if (config[key] > config.MAX_EMPLOYEES) {
      throw new ConfigError(`${key}=${config[key]} supera MAX_EMPLOYEES=${config.MAX_EMPLOYEES}`)
    }
  }
}

/**
 * mkdir -p, one level at a time: Node 20's recursive mkdirSync spins forever on some paths
 * (`/proc/x`), where a plain mkdirSync fails at once with a code.
 */
function makeDirectory (path: string): void {
  const missing: string[] = []
  for (let dir = path; !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) missing.push(dir)
  for (const dir of missing.reverse()) mkdirSync(dir)
}

/**
 * CORS_ORIGINS as a list of origins (`scheme://host[:port]`, comma-separated), written as browsers send them. `*` is refused rather
 * than read as an origin that never matches (docs/configuration.md).
 * @throws ConfigError on `*` or an entry that is no origin
 */
export function parseCorsOrigins (value: string): string[] {
  const origins = value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '')
  return origins.map((origin) => {
    if (origin.includes('*')) throw new ConfigError(STARTUP_MESSAGES.corsWildcard)
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {}
    if (parsed === undefined || parsed.origin === 'null' || parsed.origin !== origin.replace(/\/$/, '').toLowerCase()) {
      throw new ConfigError(STARTUP_MESSAGES.corsOrigin(origin))
    }
    return parsed.origin // as a browser sends it: no trailing slash
  })
}

/**
 * SPREADSHEET_PROCESSES, or its former name SPREADSHEET_THREADS when it is unset (the reader forks
 * processes, not threads); 0 when neither is set (the reader sizes itself).
 * @throws ConfigError when both are set to different values
 */
export function resolveSpreadsheetProcesses (config: Pick<Config, 'SPREADSHEET_PROCESSES' | 'SPREADSHEET_THREADS'>): number {
  const { SPREADSHEET_PROCESSES: processes, SPREADSHEET_THREADS: threads } = config
  if (processes !== undefined && threads !== undefined && processes !== threads) {
    throw new ConfigError(STARTUP_MESSAGES.spreadsheetProcessesConflict(processes, threads))
  }
  return processes ?? threads ?? 0
}

/** Creates TEMP_DIR when missing and checks that it is writable; returns its absolute path. */
function prepareTempDir (dir: string): string {
  const path = projectPath(dir)
  if (existsSync(path) && !statSync(path).isDirectory()) throw new ConfigError(STARTUP_MESSAGES.tempDirNotFolder(dir))
  try {
    makeDirectory(path)
    accessSync(path, constants.W_OK)
  } catch (error) {
    throw new ConfigError(`TEMP_DIR=${dir} no se puede crear o no tiene permiso de escritura (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  return path
}

export default fp<ConfigPluginOptions>(async (app, options) => {
  const fromProcess = options.env === undefined
  try {
    await app.register(fastifyEnv, {
      confKey: 'config',
      schema: structuredClone(ConfigSchema), // env-schema writes additionalProperties into the schema
      env: fromProcess,
      dotenv: fromProcess,
      data: fromProcess ? undefined : options.env
    })
  } catch (error) {
    throw new ConfigError(describeEnvError(error as Error, { ...(fromProcess ? process.env : options.env) }))
  }
  const config = app.config
  checkLimits(config)
  if (config.SHUTDOWN_DRAIN_MS > 0 && config.SHUTDOWN_DRAIN_MS >= config.GRACE_DELAY_MS) {
    throw new ConfigError(`SHUTDOWN_DRAIN_MS=${config.SHUTDOWN_DRAIN_MS} debe ser menor que GRACE_DELAY_MS=${config.GRACE_DELAY_MS}`)
  }
  config.sessionStore = withSessionStoreCa(parseSessionStore(config.SESSION_STORE), config.SESSION_STORE_CA_FILE)
  config.authMode = resolveAuthMode(config)
  checkAuthModeNone(config)
  if (config.authMode === 'oidc' && config.SESSION_MAX < config.SESSION_MAX_PER_USER) {
    throw new ConfigError(STARTUP_MESSAGES.sessionMaxBelowPerUser(config.SESSION_MAX, config.SESSION_MAX_PER_USER))
  }
  config.spreadsheetProcesses = resolveSpreadsheetProcesses(config)
  app.log.level = config.LOG_LEVEL
  config.tempDir = prepareTempDir(config.TEMP_DIR)
  config.corsOrigins = parseCorsOrigins(config.CORS_ORIGINS)
  config.dataDir = config.DATA_DIR ?? (config.NODE_ENV === 'test' ? 'memory://' : './data')
  if (config.DATABASE_URL !== undefined) {
    const given = Object.entries(options.env ?? {}).map(([key, value]) => [key, value === undefined ? undefined : `${value}`])
    const env = fromProcess ? process.env : Object.fromEntries(given)
    const database = checkDatabaseUrl(config.DATABASE_URL, env)
    config.DATABASE_URL = database.url
    if (database.plainText !== undefined) {
      app.log.warn({ database: redactDatabaseUrl(database.url), tls: database.plainText },
        'DATABASE_URL reaches a remote PostgreSQL without verified TLS: the registry\'s personal data crosses the network in clear (Ley 29733); use sslmode=verify-full (docs/registry.md)')
    }
  }
}, { name: 'config' })
