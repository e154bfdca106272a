import { test } from 'tap'
import { readdir } from 'node:fs/promises'
import { build, formPayload, type FormFile } from '../support/helper.js'
import { fixture, lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { zipBomb } from '../support/zip-tools.js'
import { UUID_V4, type FileSessionStore } from '../../src/sessions/store.js'

test('after a run of uploads TEMP_DIR holds only sessions/<uuid>.json, at most SESSION_MAX of them (D4)', async (t) => {
  const app = await build(t, { SESSION_MAX: 3, MAX_FILE_SIZE: 2 * 1024 * 1024 })
  const tempDir = app.config.tempDir
  const upload = async (url: string, file: FormFile) => await app.inject({ method: 'POST', url, ...(await formPayload([file])) })
  const sessionIds: string[] = []
  const files: [string, FormFile, number][] = [
    ['/api/excel/upload', { name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }, 200],
    ['/api/excel/upload', { name: 'empleados.xls', bytes: fixture('empleados.xls') }, 200],
    ['/api/excel/upload', { name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') }, 200],
    ['/api/excel/upload', { name: 'empleados-cp1252.csv', type: 'text/csv', bytes: fixture('empleados-cp1252.csv') }, 200],
    ['/api/excel/upload', { name: 'empleados-invalidos.xlsx', bytes: fixture('empleados-invalidos.xlsx') }, 400],
    ['/api/excel/upload', { name: 'bomba.xlsx', bytes: zipBomb(256) }, 400],
    ['/api/excel/upload', { name: 'grande.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) }, 400],
    ['/api/addendum/upload', { name: 'adendas.xlsx', bytes: fixture('adendas.xlsx') }, 200],
    ['/api/addendum/upload', { name: 'adendas.xls', bytes: fixture('adendas.xls') }, 200],
    ['/api/excel/upload', { name: 'empleados-alias.xlsx', bytes: fixture('empleados-alias.xlsx') }, 200],
    // the newest session is previewed below: its dates from a week ahead, whatever the day (the committed
    // fixtures' first contract started on 01/12/2026, since then a start before today: refused)
    ['/api/excel/upload', { name: 'empleados.xlsx', bytes: lawfulEmployeeFixture('empleados.xlsx', { birthDates: true }) }, 200]
  ]
  for (const [url, file, status] of files) {
    const res = await upload(url, file)
    t.equal(res.statusCode, status, `${url} ${file.name}`)
    const id = res.json().data?.sessionId
    if (id !== undefined) sessionIds.push(id)
  }
  t.equal(sessionIds.length, 6, 'six employee uploads made sessions')

  t.same(await readdir(tempDir), ['sessions'], 'nothing but sessions/ under TEMP_DIR')
  const stored = (await readdir((app.sessions as FileSessionStore).dir, { withFileTypes: true })).map((entry) => ({ name: entry.name, file: entry.isFile() }))
  t.equal(stored.length, 3, 'SESSION_MAX files')
  for (const { name, file } of stored) t.ok(file && name.endsWith('.json') && UUID_V4.test(name.slice(0, -5)), `${name} is a session file`)
  t.same(stored.map((entry) => entry.name).sort(), sessionIds.slice(-3).map((id) => `${id}.json`).sort(), 'the three newest sessions')

  const preview = async (sessionId: string) => await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '01234567', format: 'base64' } })
  t.equal((await preview(sessionIds[0])).statusCode, 404, 'an evicted session reads as gone (D3)')
  t.same((await preview(sessionIds[0])).json(), { success: false, message: `Sesión no encontrada: ${sessionIds[0]}`, data: null })
  t.equal((await preview(sessionIds[5])).statusCode, 200, 'the newest session previews')
})
