/**
 * What HR sees of the signatures (docs/registry.md "What HR sees"; DOCUMENT-REQUIREMENTS §39):
 * `GET /api/contracts` lists by status, started or not, scanned or not and DNI, the started ones first
 * then by start date, in keyset pages (`limit` 1-200, `cursor`), for roles hr and legal; the employee
 * upload's `data.warnings` name a worker whose earlier contract started without its signature recorded.
 */
import { test } from 'tap'
import * as XLSX from 'xlsx'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { build, formPayload, sampleEmployee } from '../../support/helper.js'
import { EMPLOYEE_HEADERS, employeeCells } from '../../support/spreadsheets.js'
import { KEYS, writeKeysFile } from '../../support/auth.js'

const today = todayInLima()

test('GET /api/contracts: started first, then by start; filters, pages and refusals; the upload warns of a contract started unsigned', async (t) => {
  const app = await build(t)
  const starts = { 42400001: today, 42400002: addDays(today, 9), 42400003: addDays(today, 3) }
  for (const [dni, entryDate] of Object.entries(starts)) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni, entryDate, endDate: termEnd(entryDate, 3) })] })
    t.equal(res.statusCode, 200)
  }
  const list = async (query: string) => await app.inject({ method: 'GET', url: `/api/contracts?${query}` })
  const dnis = async (query: string) => ((await list(query)).json().data.contracts as Array<{ dni: string }>).map((contract) => contract.dni)

  t.same(await dnis('status=issued'), ['42400001', '42400003', '42400002'], 'the started one first, then by start date')
  t.match((await list('status=issued&started=true')).json().data, {
    contracts: [{ dni: '42400001', worker: 'Rosa María Quispe Mamani', status: 'issued', started: true, entryDate: today, scans: [] }],
    nextCursor: null
  })
  t.same(await dnis('started=false'), ['42400003', '42400002'])
  t.same(await dnis('dni=42400002'), ['42400002'])
  t.same(await dnis('status=signed'), [])

  const first = (await list('limit=2')).json().data
  t.same(first.contracts.map((contract: { dni: string }) => contract.dni), ['42400001', '42400003'])
  t.type(first.nextCursor, 'string')
  const second = (await list(`limit=2&cursor=${first.nextCursor as string}`)).json().data
  t.same(second.contracts.map((contract: { dni: string }) => contract.dni), ['42400002'])
  t.equal(second.nextCursor, null, 'the last page')

  for (const [query, field, message] of [
    ['limit=0', 'querystring.limit', REGISTRY_MESSAGES.listLimit],
    ['limit=201', 'querystring.limit', REGISTRY_MESSAGES.listLimit],
    ['status=firmado', 'querystring.status', REGISTRY_MESSAGES.listStatus],
    ['started=si', 'querystring.started', REGISTRY_MESSAGES.listBoolean('started')],
    ['cursor=bm90LWEtY3Vyc29y', 'querystring.cursor', REGISTRY_MESSAGES.listCursor]
  ]) {
    const refused = await list(query)
    t.equal(refused.statusCode, 400, query)
    t.match(refused.json().errors, [{ field, message }], query)
  }

  // the employee upload names a worker whose earlier contract started without its signature recorded
  const [started] = (await list('status=issued&started=true')).json().data.contracts as Array<{ entryDate: string, endDate: string }>
  const next = addDays(started.endDate, 1)
  const workbook = XLSX.utils.book_new()
  const rows = [sampleEmployee({ dni: '42400001', entryDate: next, endDate: termEnd(next, 3) }), sampleEmployee({ dni: '42400002' })]
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, ...rows.map((row) => employeeCells(row))]), 'Empleados')
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer }])
  const uploaded = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(uploaded.statusCode, 200, uploaded.body)
  const warnings = (uploaded.json().data.warnings as Array<{ row: number, field: string, message: string }>).filter((warning) => warning.field === 'dni')
  t.same(warnings, [{ row: 2, field: 'dni', message: REGISTRY_MESSAGES.startedUnsigned('42400001', started.entryDate, started.endDate) }],
    'only the worker whose contract started unsigned')
})

test('GET /api/contracts is for roles hr and legal', async (t) => {
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  for (const [role, status] of [['hr', 200], ['legal', 200], ['exports', 403], ['operator', 403]] as const) {
    const res = await app.inject({ method: 'GET', url: '/api/contracts', headers: { authorization: `Bearer ${KEYS[role]}` } })
    t.equal(res.statusCode, status, role)
  }
})
