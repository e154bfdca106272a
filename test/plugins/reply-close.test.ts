/**
 * plugins/reply-close.ts: the plugins share one `close` listener per reply, so an audited ZIP under
 * AUTH_MODE=oidc stays under Node's 10 listeners per emitter (no MaxListenersExceededWarning), and
 * what waits for the close (the audit line, the admission's room) still runs.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, formPayload, sampleEmployee } from '../support/helper.js'
import { KEYS, scratchDir, writeKeysFile } from '../support/auth.js'
import { lawfulEmployeeFixture } from '../support/spreadsheets.js'

t.test('an audited ZIP, upload and preview under AUTH_MODE=oidc: no listener warning, every close seen', async (t) => {
  const warnings: string[] = []
  const onWarning = (warning: Error): void => { warnings.push(`${warning.name}: ${warning.message}`) }
  process.on('warning', onWarning)
  t.teardown(() => { process.off('warning', onWarning) })
  const auditLog = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: auditLog })
  const headers = { authorization: `Bearer ${KEYS.hr}` }
  const form = await formPayload([{ field: 'excel', name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx') }])
  const answers = [
    await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()], headers }),
    await app.inject({ method: 'POST', url: '/api/excel/upload', payload: form.payload, headers: { ...form.headers, ...headers } }),
    await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee(), headers })
  ]
  t.same(answers.map((answer) => answer.statusCode), [200, 200, 200])
  await new Promise((resolve) => setImmediate(resolve))
  t.same(warnings.filter((warning) => /MaxListeners/.test(warning)), [], 'no MaxListenersExceededWarning')
  t.equal(app.admission.stats().inUse, 0, 'every admission released at close')
  const routes = ['/api/contracts/download-zip', '/api/excel/upload', '/api/contracts/preview']
  let logged: string[] = []
  for (let attempt = 0; attempt < 100 && !routes.every((route) => logged.includes(route)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    logged = readFileSync(auditLog, 'utf8').trim().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { route: string }).route)
  }
  t.same(routes.filter((route) => !logged.includes(route)), [], 'an audit line for each request, written at its close')
})
