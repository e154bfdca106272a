/**
 * The audit trail (docs/security.md, "Audit trail"): one JSON line per request with personal data, naming the
 * identity, role, client address (through TRUST_PROXY), request id, route, outcome and DNIs; an
 * abandoned ZIP is recorded as such.
 */
import { test } from 'tap'
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from '../../app/app.js'
import { build, formPayload, sampleEmployee } from '../support/helper.js'
import { lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { employees } from '../support/client-aborts.js'
import { KEYS, scratchDir, writeKeysFile } from '../support/auth.js'

const events = (path: string) => existsSync(path)
  ? readFileSync(path, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>)
  : []

test('one event per request with personal data: who, role, client, request id, route, outcome, DNIs', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log, TRUST_PROXY: '127.0.0.1' })
  const headers = (key: string, id: string) => ({ authorization: `Bearer ${key}`, 'x-request-id': id, 'x-forwarded-for': '203.0.113.7' })
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', payload: form.payload, headers: { ...form.headers, ...headers(KEYS.hr, 'carga-1') } })
  const { sessionId, employees: imported } = upload.json().data as { sessionId: string, employees: { dni: string }[] }
  await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: imported[1].dni }, headers: headers(KEYS.hr, 'vista-1') })
  await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40000001' }), sampleEmployee({ dni: '40000002' })], headers: headers(KEYS.hr, 'zip-1') })
  await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload: [sampleEmployee({ dni: '40000003' })], headers: headers(KEYS.exports, 'sctr-1') })
  await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni: '40000004' }), headers: headers(KEYS.exports, 'prohibido-1') })
  await app.inject({ method: 'GET', url: '/api/health', headers: headers(KEYS.hr, 'salud-1') })
  await app.inject({ method: 'GET', url: '/metrics', headers: headers(KEYS.operator, 'metricas-1') })
  await app.close()

  const written = events(log)
  t.same(written.map((event) => event.requestId), ['carga-1', 'vista-1', 'zip-1', 'sctr-1', 'prohibido-1'], 'one event each, none for health or metrics')
  const expected = { type: 'audit', method: 'POST', route: '/api/excel/upload', identity: 'hr-job', kind: 'key', roles: ['hr'] }
  t.match(written[0], { ...expected, client: '203.0.113.7', status: 200, outcome: 'completed', dnis: imported.map((employee) => employee.dni) })
  t.ok(Number.isFinite(Date.parse(String(written[0].time))))
  t.match(written[1], { route: '/api/contracts/preview', identity: 'hr-job', status: 200, dnis: [imported[1].dni] })
  t.match(written[2], { route: '/api/contracts/download-zip', status: 200, outcome: 'completed', dnis: ['40000001', '40000002'] })
  t.match(written[3], { route: '/api/excel/download-sctr', identity: 'exports-job', roles: ['exports'], status: 200, dnis: ['40000003'] })
  t.match(written[4], { route: '/api/contracts/preview', identity: 'exports-job', status: 403 }, 'a refused attempt is recorded')
  t.equal(statSync(log).mode & 0o777, 0o600, 'the trail is readable by the service only')
})

test('a ZIP the client abandons mid-stream is recorded as abandoned', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log, PDF_THREADS: 1 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port
  const batch = employees(50)
  await new Promise<void>((resolve, reject) => {
    const body = JSON.stringify(batch)
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/contracts/download-zip', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': 'abandonado-1', authorization: `Bearer ${KEYS.hr}` } }, (res) => {
      res.once('data', () => { req.destroy(); resolve() })
    })
    req.on('error', (error) => { if (!req.destroyed) reject(error) })
    req.end(body)
  })
  let event: Record<string, unknown> | undefined
  for (let attempt = 0; attempt < 200 && event === undefined; attempt++) {
    event = events(log).find((line) => line.requestId === 'abandonado-1')
    if (event === undefined) await sleep(50)
  }
  t.match(event, { route: '/api/contracts/download-zip', identity: 'hr-job', outcome: 'abandoned', status: 200, client: '127.0.0.1' })
  t.equal((event?.dnis as string[]).length, 50, 'the DNIs asked for')
})

test('an existing AUDIT_LOG wider than 0600 is narrowed to 0600 at start-up, with a warn; its lines are kept', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  writeFileSync(log, '{"type":"audit","requestId":"anterior-1"}\n', { mode: 0o644 })
  chmodSync(log, 0o644) // as logrotate's `create 0644`, or an operator's touch under umask 022
  const lines: { level: number, msg: string, auditLog?: string, mode?: string }[] = []
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log },
    logger: { stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
  })
  t.teardown(() => app.close())
  t.equal(statSync(log).mode & 0o777, 0o600, 'readable by the service only')
  t.match(lines.find((line) => line.auditLog === log), { level: 40, mode: '0644', msg: /^AUDIT_LOG had a mode wider than 0600 \(others could read the trail\): set to 0600$/ })
  t.same(events(log).map((event) => event.requestId), ['anterior-1'], 'appended to, not replaced')
  t.equal(lines.filter((line) => line.msg.includes('AUDIT_LOG')).length, 1, 'one line')
})

test('an existing AUDIT_LOG wider than 0600 whose mode cannot be changed stops start-up with one line', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  writeFileSync(log, '', { mode: 0o644 })
  chmodSync(log, 0o644)
  // append-only (chattr +a): the service can append, but nobody, root included, can change its mode
  if (spawnSync('chattr', ['+a', log]).status !== 0) { t.plan(0, 'skip: chattr +a is not available here'); return }
  t.teardown(() => { spawnSync('chattr', ['-a', log]) })
  await t.rejects(build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log }), {
    name: 'ConfigError',
    message: `Configuración inválida: AUDIT_LOG=${log} tiene permisos 0644 y no se pueden reducir a 0600 (EPERM): otros usuarios leerían quién consultó qué datos personales. ` +
      'Ejecute chmod 0600 sobre el archivo, o hágalo propiedad del usuario del servicio'
  })
  spawnSync('chattr', ['-a', log])
})

test('an AUDIT_LOG that cannot be opened stops start-up with one line', async (t) => {
  await t.rejects(build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: '/dev/null/audit.log' }), {
    name: 'ConfigError', message: 'Configuración inválida: AUDIT_LOG=/dev/null/audit.log no se puede abrir para escribir (ENOTDIR)'
  })
})
