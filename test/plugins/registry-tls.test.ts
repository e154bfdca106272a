/**
 * DATABASE_URL checked whole at start-up (plugins/config.ts checkDatabaseUrl; docs/registry.md
 * "Where it lives") and TLS to a PostgreSQL server whose certificate a private CA signed: Debian's
 * postgres started with ssl=on and an openssl CA, reached with `sslmode=verify-full` and the CA in
 * `sslrootcert` or PGSSLROOTCERT.
 */
import { test, type Test } from 'tap'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app/app.js'
import { checkDatabaseUrl, ConfigError } from '../../plugins/config.js'
import { STARTUP_MESSAGES } from '../../schemas/messages.js'
import { sampleEmployee } from '../support/helper.js'
import { privateCa } from '../support/processes.js'
import { startPostgres } from '../support/postgres.js'

interface LogLine { level: number, msg: string, database?: string, tls?: string }

async function logged (t: Test, env: Record<string, string | number>): Promise<{ app: FastifyInstance, lines: LogLine[] }> {
  const lines: LogLine[] = []
  const stream = { write: (line: string) => { lines.push(JSON.parse(line) as LogLine) } }
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, ...env },
    logger: { stream, level: 'info' }
  })
  t.teardown(() => app.close())
  return { app, lines }
}

test('DATABASE_URL: another scheme, no host or no database is refused at start-up without printing the password', async (t) => {
  const cases: Array<[string, string]> = [
    ['mysql://contratos:s3creto-db@db.interna:3306/contratos', STARTUP_MESSAGES.databaseUrlScheme('mysql')],
    ['postgres//contratos:s3creto-db@db.interna/contratos', STARTUP_MESSAGES.databaseUrlScheme('')],
    ['postgres://contratos:s3creto-db@/contratos', STARTUP_MESSAGES.databaseUrlNotUrl],
    ['postgres:///contratos?password=s3creto-db', STARTUP_MESSAGES.databaseUrlNoHost],
    ['postgresql://contratos:s3creto-db@db.interna:5432', STARTUP_MESSAGES.databaseUrlNoDatabase],
    ['postgres://contratos:s3creto-db@db.interna/contratos?sslmode=verify', STARTUP_MESSAGES.databaseUrlSslmode('verify')],
    ['postgres://db.interna/contratos?password=s3creto-db&sslmode=verify', STARTUP_MESSAGES.databaseUrlSslmode('verify')]
  ]
  for (const [url, problem] of cases) {
    const error = await buildApp({ env: { NODE_ENV: 'test', DATABASE_URL: url } }).then(() => undefined, (error: unknown) => error)
    t.type(error, ConfigError, url.replace('s3creto-db', '…'))
    const message = (error as Error).message
    t.ok(message.includes(problem), `names the problem: ${message}`)
    t.notOk(message.includes('s3creto-db'), 'never the password')
  }
})

test('DATABASE_URL: a remote host without verified TLS is warned at start-up; a local one or verify-full is not', async (t) => {
  for (const [url, warned] of [
    ['postgres://contratos:s3creto-db@10.0.0.5:5432/contratos', 'no sslmode'],
    ['postgres://contratos:s3creto-db@db.interna/contratos?sslmode=prefer', 'sslmode=prefer'],
    ['postgres://contratos:s3creto-db@db.interna/contratos?sslmode=disable', 'sslmode=disable'],
    ['postgres://contratos:s3creto-db@db.interna/contratos?sslmode=no-verify', 'sslmode=no-verify'],
    ['postgres://contratos:s3creto-db@db.interna/contratos?sslmode=verify-full', undefined],
    ['postgres://contratos:s3creto-db@localhost/contratos', undefined],
    ['postgres://contratos@127.0.0.1:5433/contratos', undefined],
    ['postgresql:///contratos?host=/run/postgresql', undefined]
  ] as const) {
    const { lines } = await logged(t, { DATABASE_URL: url })
    const warnings = lines.filter((line) => line.level === 40 && line.msg.startsWith('DATABASE_URL reaches a remote PostgreSQL'))
    t.same(warnings.map((line) => line.tls), warned === undefined ? [] : [warned], url)
    t.notOk(JSON.stringify(lines).includes('s3creto-db'), 'no log line carries the password')
  }
})

test('DATABASE_URL: PGSSLROOTCERT is given to node-postgres as sslrootcert when the URL asks for TLS without one', async (t) => {
  const ca = privateCa(t)
  const base = 'postgres://contratos@db.interna/contratos'
  t.equal(checkDatabaseUrl(`${base}?sslmode=verify-full`, { PGSSLROOTCERT: ca.caFile }).url,
    `${base}?sslmode=verify-full&sslrootcert=${encodeURIComponent(ca.caFile)}`)
  t.equal(checkDatabaseUrl(base, { PGSSLROOTCERT: ca.caFile }).url, base, 'no TLS asked for: nothing added')
  t.throws(() => checkDatabaseUrl(`${base}?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem`), ConfigError, 'an unreadable CA file is refused at start-up')
  t.throws(() => checkDatabaseUrl(`${base}?sslmode=verify-full`, { PGSSLROOTCERT: ca.keyFile }), ConfigError, 'a file with no certificate too')
})

test('TLS to a PostgreSQL server signed by a private CA: verify-full with sslrootcert or PGSSLROOTCERT connects; without the CA it is refused', async (t) => {
  const ca = privateCa(t)
  const postgres = await startPostgres(t, { tls: ca })
  const tlsUrl = `${postgres.url}?sslmode=verify-full`
  const zip = async (app: FastifyInstance, dni: string) =>
    (await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni })] })).statusCode

  const { app: withRootCert } = await logged(t, { DATABASE_URL: `${tlsUrl}&sslrootcert=${encodeURIComponent(ca.caFile)}` })
  t.equal(await zip(withRootCert, '43000001'), 200, 'sslrootcert: recorded')
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  t.teardown(async () => { await admin.end() })
  const { app: withEnv } = await logged(t, { DATABASE_URL: tlsUrl, PGSSLROOTCERT: ca.caFile })
  t.equal(await zip(withEnv, '43000002'), 200, 'PGSSLROOTCERT: recorded')
  // a connection just used (readiness pings): the pool closes one idle for 10 s, which a loaded machine's ZIP can outlast
  t.equal((await withEnv.readiness.checks()).registry, 'ok')
  const { rows } = await admin.query<{ ssl: boolean }>(`select s.ssl from pg_stat_ssl s join pg_stat_activity a using (pid)
    where a.datname = 'contratos' and a.pid <> pg_backend_pid()`)
  t.ok(rows.length >= 1 && rows.every((row) => row.ssl), `the service's ${rows.length} connections are TLS`)

  const { app: withoutCa } = await logged(t, { DATABASE_URL: tlsUrl })
  t.equal(await zip(withoutCa, '43000003'), 503, 'the private CA not given: the certificate is refused, issuing 503')
  t.equal((await withoutCa.readiness.checks()).registry, 'fail', 'and not ready')
})
