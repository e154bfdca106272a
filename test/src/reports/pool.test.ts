import { test } from 'tap'
import { ReportPool } from '../../../src/reports/pool.js'
import { buildSctrWorkbook } from '../../../src/reports/sctr.js'
import { ServiceBusyError } from '../../../src/errors.js'
import { readWorkbook, unzipText } from './read-workbook.js'
import { REPORT_EMPLOYEES } from './fixtures.js'

test('both workbooks are built in a worker and read back as the builders write them', async (t) => {
  const pool = new ReportPool({ maxThreads: 1 })
  t.teardown(() => pool.close())
  const sctr = await pool.workbook('sctr', REPORT_EMPLOYEES)
  t.ok(Buffer.isBuffer(sctr))
  const direct = await unzipText(await buildSctrWorkbook(REPORT_EMPLOYEES))
  const fromWorker = await unzipText(sctr)
  t.same([...fromWorker.keys()].sort(), [...direct.keys()].sort())
  t.equal(fromWorker.get('xl/worksheets/sheet1.xml'), direct.get('xl/worksheets/sheet1.xml'), 'the same sheet as the builder on this thread')
  const lawLife = readWorkbook(await pool.workbook('lawLife', REPORT_EMPLOYEES))
  t.equal(lawLife.header[0], 'Item')
  t.equal(lawLife.dataRows, REPORT_EMPLOYEES.length)
  t.equal(pool.pending, 0, 'nothing left under way')
})

test('past its threads and queue the pool refuses with ServiceBusyError (503), and serves again afterwards', async (t) => {
  const pool = new ReportPool({ maxThreads: 1, maxQueue: 1 })
  t.teardown(() => pool.close())
  const results = await Promise.allSettled(Array.from({ length: 4 }, async () => await pool.workbook('sctr', REPORT_EMPLOYEES)))
  t.same(results.map((result) => result.status), ['fulfilled', 'fulfilled', 'rejected', 'rejected'])
  t.ok(results.slice(2).every((result) => result.status === 'rejected' && result.reason instanceof ServiceBusyError))
  t.equal(readWorkbook(await pool.workbook('sctr', REPORT_EMPLOYEES)).dataRows, REPORT_EMPLOYEES.length)
})

test('a builder error in the worker reaches the caller; a closed pool starts again on the next export', async (t) => {
  const pool = new ReportPool({ maxThreads: 1 })
  t.teardown(() => pool.close())
  await t.rejects(pool.workbook('sctr', [{ ...REPORT_EMPLOYEES[0], birthDate: '31/02/1990' }]), { message: 'Fecha inválida para la hoja: 31/02/1990' })
  await pool.close()
  t.equal(readWorkbook(await pool.workbook('lawLife', REPORT_EMPLOYEES)).dataRows, REPORT_EMPLOYEES.length)
})
