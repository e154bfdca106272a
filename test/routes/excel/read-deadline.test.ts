/**
 * SPREADSHEET_READ_TIMEOUT_MS (docs/import.md, "The reader's processes"): one file cannot hold a
 * reader process longer than the configured deadline, whatever makes it slow; past it the process is
 * killed and replaced, the upload is refused as corrupt and the next upload is read as usual.
 */
import t from 'tap'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, type FormFile } from '../../support/helper.js'
import { EMPLOYEE_HEADERS, fixture } from '../../support/spreadsheets.js'
import { longCellXlsx } from '../../support/hostile-files.js'

t.setTimeout(300_000) // child processes start under tap's TypeScript loader: seconds on a loaded machine

const CORRUPT = 'El archivo Excel está corrupto o no es un archivo válido'

t.test('a slow file is cut at SPREADSHEET_READ_TIMEOUT_MS: its reader is killed and replaced, the next upload reads', async (t) => {
  const refusals: string[] = []
  const app = await build(t, { SPREADSHEET_READ_TIMEOUT_MS: 200, SPREADSHEET_PROCESSES: 1 }, fp(async (instance: FastifyInstance) => {
    instance.addHook('onError', async (_request, _reply, error) => { refusals.push(String((error as { reason?: string }).reason)) })
  }))
  t.equal(app.config.SPREADSHEET_READ_TIMEOUT_MS, 200)
  const upload = (file: FormFile) => formPayload([file]).then((form) => app.inject({ method: 'POST', url: '/api/excel/upload', ...form }))

  const first = await upload({ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') })
  t.equal(first.statusCode, 200, 'a usual file reads well within the deadline')
  const [pid] = app.spreadsheetReader.stats.pids

  // 61 KB that inflate to one 60 MB cell: seconds of SheetJS parsing (2.4 s on a quiet machine, 11 s loaded)
  const slow = longCellXlsx(EMPLOYEE_HEADERS, [], 0, 60 * 1024 * 1024)
  t.ok(slow.length < 64 * 1024)
  const res = await upload({ name: 'lenta.xlsx', bytes: slow })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, CORRUPT)
  t.match(refusals, [/worker: read aborted at its 200 ms deadline/], 'refused by the deadline, not by a bound of the file')
  t.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, 'the reader process that held it is gone')

  const after = await upload({ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') })
  t.equal(after.statusCode, 200, 'read by the replacement')
  t.not(app.spreadsheetReader.stats.pids[0], pid)
})

t.test('SPREADSHEET_READ_TIMEOUT_MS defaults to 10 s and refuses less than 100 ms', async (t) => {
  const app = await build(t)
  t.equal(app.config.SPREADSHEET_READ_TIMEOUT_MS, 10_000)
  await t.rejects(build(t, { SPREADSHEET_READ_TIMEOUT_MS: 50 }), /SPREADSHEET_READ_TIMEOUT_MS/)
})
