import t from 'tap'
import { SpreadsheetReader } from '../../../src/spreadsheets/reader.js'
import { CorruptSpreadsheetError, TooManyRowsError } from '../../../src/spreadsheets/errors.js'
import { ServiceBusyError } from '../../../src/errors.js'
import { fixture } from '../../support/spreadsheets.js'
import { longSheetXlsx, zipBomb } from '../../support/zip-tools.js'

// one pool for the file: starting a worker under tap's TypeScript loader takes seconds
const reader = new SpreadsheetReader({ inline: false, maxThreads: 1 })
t.teardown(() => reader.close())

t.test('reads run in the worker pool and answer rows or missing headers', async (t) => {
  const sheet = await reader.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80)
  t.equal(sheet.status, 'ok')
  if (sheet.status === 'ok') t.same(sheet.rows.map((row) => row.row), [2, 4, 5])
  t.same(await reader.read(fixture('adendas-sin-division.xlsx'), 'xlsx', 'addendum', 80), { status: 'missingHeaders', missing: ['division'] })
})

t.test('corrupt files and long sheets become their 400 errors', async (t) => {
  const corrupt = await reader.read(fixture('empleados.xls'), 'xlsx', 'employee', 50).catch((error: unknown) => error)
  t.type(corrupt, CorruptSpreadsheetError)
  t.match(corrupt, { statusCode: 400, message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /not a ZIP/ })
  const bomb = await reader.read(zipBomb(1024), 'xlsx', 'employee', 50).catch((error: unknown) => error)
  t.match(bomb, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /zip guard/ })
  const long = await reader.read(fixture('empleados.csv'), 'csv', 'employee', 3).catch((error: unknown) => error)
  t.type(long, TooManyRowsError)
  t.match(long, { statusCode: 400, message: 'Máximo 3 empleados por lote' })
})

t.test('a read past its deadline is refused as corrupt and the pool goes on', async (t) => {
  const hurried = new SpreadsheetReader({ inline: false, timeoutMs: 1 })
  t.teardown(() => hurried.close())
  const error = await hurried.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80).catch((error: unknown) => error)
  t.match(error, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /worker: .*abort/i })
})

t.test('a worker that runs out of heap is refused as corrupt, and the process lives on', async (t) => {
  const small = new SpreadsheetReader({ inline: false, maxHeapMb: 128, maxThreads: 1, timeoutMs: 60_000 })
  const alive = setInterval(() => {}, 1000) // the read's deadline timer does not hold the process open
  t.teardown(async () => { clearInterval(alive); await small.close() })
  await small.read(fixture('adendas.csv'), 'csv', 'addendum', 80) // the worker starts fine under the cap
  const error = await small.read(longSheetXlsx(500_000), 'xlsx', 'employee', 2_000_000).catch((error: unknown) => error)
  t.match(error, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /worker: .*memory/i })
  const after = await small.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  t.equal(after.status, 'ok', 'a new worker takes over')
})

t.test('inline mode reads on the calling thread', async (t) => {
  const inline = new SpreadsheetReader({ inline: true })
  const sheet = await inline.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  t.equal(sheet.status, 'ok')
  await inline.close()
})

t.test('past maxThreads + maxQueue reads under way, an upload is refused with a 503 instead of queueing without bound', async (t) => {
  const busy = new SpreadsheetReader({ inline: false, maxThreads: 1, maxQueue: 1 })
  t.teardown(() => busy.close())
  const bytes = fixture('empleados.csv')
  const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => busy.read(bytes, 'csv', 'employee', 50)))
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
  t.equal(refused.length, 4, 'two under way (one reading, one waiting), four refused')
  t.ok(refused.every((outcome) => (outcome as PromiseRejectedResult).reason instanceof ServiceBusyError), 'as ServiceBusyError (503)')
  const after = await busy.read(bytes, 'csv', 'employee', 50)
  t.equal(after.status, 'ok', 'the count is released: the next upload is read')
})
