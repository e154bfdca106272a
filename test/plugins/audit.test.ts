/**
 * The audit trail (docs/security.md, "Audit trail"): one JSON line per request with personal data, naming the
 * identity, role, client address (through TRUST_PROXY), the service's request id (the caller's apart), route,
 * outcome and DNIs (every row an upload read, refused ones included); an abandoned ZIP is recorded as such; and
 * it never fails open: a trail that cannot be written (a full disk) refuses those routes with 503 and
 * fails readiness until it takes its lines again, without a restart.
 */
import { test, type Test } from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app/app.js'
import { build, formPayload, sampleAddendum, sampleEmployee } from '../support/helper.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, lawfulEmployeeFixture, numberedEmployee } from '../support/spreadsheets.js'
import { employees } from '../support/client-aborts.js'
import { KEYS, scratchDir, writeKeysFile } from '../support/auth.js'
import { ADDENDUM_COLUMNS } from '../../src/spreadsheets/columns.js'
import { AUDIT_MESSAGES } from '../../schemas/messages.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

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
  await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: imported[0].dni }, headers: headers(KEYS.hr, 'vista-1') })
  await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40000001' }), sampleEmployee({ dni: '40000002' })], headers: headers(KEYS.hr, 'zip-1') })
  await app.inject({ method: 'POST', url: '/api/excel/download-sctr', payload: [sampleEmployee({ dni: '40000003' })], headers: headers(KEYS.exports, 'sctr-1') })
  await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni: '40000004' }), headers: headers(KEYS.exports, 'prohibido-1') })
  await app.inject({ method: 'GET', url: '/api/health', headers: headers(KEYS.hr, 'salud-1') })
  await app.inject({ method: 'GET', url: '/metrics', headers: headers(KEYS.operator, 'metricas-1') })
  await app.close()

  const written = events(log)
  t.same(written.map((event) => event.clientRequestId), ['carga-1', 'vista-1', 'zip-1', 'sctr-1', 'prohibido-1'], 'one event each, none for health or metrics; the caller\'s ids apart')
  t.ok(written.every((event) => UUID.test(String(event.requestId))), 'each filed under the service\'s own request id')
  t.equal(new Set(written.map((event) => event.requestId)).size, written.length)
  t.equal(written[0].requestId, upload.headers['x-request-id'], 'the one the reply and the logs carry')
  const expected = { type: 'audit', method: 'POST', route: '/api/excel/upload', identity: 'hr-job', kind: 'key', roles: ['hr'] }
  t.match(written[0], { ...expected, client: '203.0.113.7', status: 200, outcome: 'completed', dnis: imported.map((employee) => employee.dni) })
  t.ok(Number.isFinite(Date.parse(String(written[0].time))))
  t.match(written[1], { route: '/api/contracts/preview', identity: 'hr-job', status: 200, dnis: [imported[0].dni] })
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
    event = events(log).find((line) => line.clientRequestId === 'abandonado-1')
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

test('an upload records the DNI of every row it read: refused rows, a refused file and a partial upload included', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const rows = [employeeCells(numberedEmployee(1)), employeeCells(numberedEmployee(2, { email: 'x' })), employeeCells(numberedEmployee(3, { dni: '1234567', salary: 0 }))]
  const sheet = csvText([EMPLOYEE_HEADERS, ...rows])
  const send = async (url: string, name: string, bytes: string) => {
    const form = await formPayload([{ name, bytes }])
    return await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${KEYS.hr}` } })
  }
  t.equal((await send('/api/excel/upload', 'empleados.csv', sheet)).statusCode, 400, 'two rows refused: the file is refused')
  const partial = await send('/api/excel/upload?partial=true', 'empleados.csv', sheet)
  t.equal(partial.statusCode, 200)
  t.equal(partial.json().data.employees.length, 1, 'one row kept')
  const addendumCells = (record: Record<string, unknown>) => ADDENDUM_COLUMNS.map((spec) => record[spec.field] ?? null)
  const addenda = csvText([ADDENDUM_HEADERS, addendumCells(sampleAddendum({ documentNumber: '70000001' })), addendumCells(sampleAddendum({ documentNumber: '70000002', worker: null }))])
  t.equal((await send('/api/addendum/upload', 'adendas.csv', addenda)).statusCode, 400)
  t.equal((await send('/api/addendum/upload?partial=true', 'adendas.csv', addenda)).statusCode, 200)
  await app.close()
  const all = ['10000001', '10000002', '01234567']
  t.same(events(log).map((event) => [event.route, event.status, event.dnis]), [
    ['/api/excel/upload', 400, all],
    ['/api/excel/upload', 200, all],
    ['/api/addendum/upload', 400, ['70000001', '70000002']],
    ['/api/addendum/upload', 200, ['70000001', '70000002']]
  ], 'a numeric DNI as the import reads it (D12: padded to 8 digits)')
})

/** Why this machine cannot mount a tmpfs for a test, or false when it can. */
const NO_MOUNT = process.getuid?.() === 0 ? false : 'mounting a small tmpfs to fill needs root (CI runs as root)'

/** A tmpfs of 64 KiB mounted on a new folder (unmounted at teardown), or why it cannot be. */
function smallDisk (t: Test): string | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-audit-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return { skip: `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` }
  }
  t.teardown(() => {
    execFileSync('umount', [dir])
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** Fills the disk of `dir` with a file until nothing more fits; returns its path. */
function fill (dir: string): string {
  const filler = join(dir, 'relleno')
  for (let size = 4096; size >= 1;) {
    try {
      appendFileSync(filler, Buffer.alloc(size))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      size = Math.floor(size / 2)
    }
  }
  return filler
}

test('a trail that cannot be written: 503 with Retry-After and readiness failing, until the disk has room again, without a restart', { skip: NO_MOUNT }, async (t) => {
  const disk = smallDisk(t)
  if (typeof disk !== 'string') {
    t.plan(0, disk.skip)
    return
  }
  const log = join(disk, 'audit.log')
  const lines: Record<string, unknown>[] = []
  const app: FastifyInstance = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log },
    logger: { level: 'info', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
  })
  t.teardown(() => app.close())
  const hr = { authorization: `Bearer ${KEYS.hr}` }
  let next = 1
  const photocheck = async () => {
    const dni = String(40000000 + next++)
    const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: [sampleEmployee({ dni })], headers: hr })
    await turn() // the reply's close, which records the event
    await app.auditTrail.settled()
    return { res, dni }
  }
  const ready = async () => await app.inject({ method: 'GET', url: '/api/health/ready', headers: { authorization: `Bearer ${KEYS.operator}` } })
  t.equal((await photocheck()).res.statusCode, 200)
  t.equal((await ready()).json().checks.auditTrail, 'ok')

  for (const [cycle, recoverBy] of [[1, 'request'], [2, 'readiness']] as const) {
    const filler = fill(disk)
    // served until a line does not fit (the file's last block may still take a few): the one whose line failed is kept
    const servedWhileFull: string[] = []
    for (let attempt = 0; attempt < 40 && app.auditTrail.writable; attempt++) {
      const { res, dni } = await photocheck()
      t.equal(res.statusCode, 200)
      servedWhileFull.push(dni)
    }
    t.notOk(app.auditTrail.writable, `cycle ${cycle}: a line could not be written`)
    const refused = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: [sampleEmployee({ dni: '49999999' })], headers: hr })
    t.equal(refused.statusCode, 503, 'personal data is not served unrecorded')
    t.equal(refused.headers['retry-after'], '2')
    t.same(refused.json(), { success: false, message: AUDIT_MESSAGES.unavailable, data: null })
    const upload = await formPayload([{ name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }])
    t.equal((await app.inject({ method: 'POST', url: '/api/excel/upload', payload: upload.payload, headers: { ...upload.headers, ...hr } })).statusCode, 503)
    t.equal((await app.inject({ method: 'GET', url: '/api/limits', headers: hr })).statusCode, 200, 'routes without personal data are served')
    const notReady = await ready()
    t.equal(notReady.statusCode, 503)
    t.equal(notReady.json().checks.auditTrail, 'fail', 'readiness says so')

    rmSync(filler) // room again, no restart
    if (recoverBy === 'request') {
      t.equal((await photocheck()).res.statusCode, 200, 'the next request reopens the trail and is served')
    } else {
      const back = await ready()
      t.equal(back.statusCode, 200, 'readiness reopens the trail')
      t.equal(back.json().checks.auditTrail, 'ok')
    }
    t.ok(app.auditTrail.writable)
    t.equal((await photocheck()).res.statusCode, 200)
    const written = readFileSync(log, 'utf8')
    t.ok(written.endsWith('\n'))
    const parsed = written.split('\n').slice(0, -1).map((line) => JSON.parse(line) as { dnis: string[] })
    const recorded = new Set(parsed.flatMap((event) => event.dnis))
    t.ok(servedWhileFull.every((dni) => recorded.has(dni)), `cycle ${cycle}: every request served while the disk filled up is in the trail, whole lines only`)
    t.notOk(recorded.has('49999999'), 'the refused one read nothing')
  }
  const messages = lines.map((line) => line.msg)
  t.equal(messages.filter((msg) => msg === 'audit trail cannot be written: routes with personal data answer 503 until it can').length, 2, 'one error line per failure')
  t.equal(messages.filter((msg) => msg === 'audit trail written again: its kept events are in the file').length, 2)
  t.equal(statSync(log).mode & 0o777, 0o600)
})
