import t from 'tap'
import { SpreadsheetReader } from '../../../src/spreadsheets/reader.js'
import { CorruptSpreadsheetError, TooManyRowsError, WorkbookTooLargeError } from '../../../src/spreadsheets/errors.js'
import { ClientGoneError, ServiceBusyError } from '../../../src/errors.js'
import { EMPLOYEE_HEADERS, fixture } from '../../support/spreadsheets.js'
import { zipBomb } from '../../support/zip-tools.js'
import { longCellXlsx, manySheetsXlsx } from '../../support/hostile-files.js'

// children start, die and are replaced about twenty times here: seconds on an idle machine, minutes
// on a loaded one (the reader's isolation is proven by 20 runs of this file in a row), past tap's 120 s default
t.setTimeout(600_000)

// one reader for most of the file (a child process starts in about a second)
const reader = new SpreadsheetReader({ inline: false, maxProcesses: 1 })
t.teardown(() => reader.close())

t.test('reads run in a child process and answer rows or missing headers', async (t) => {
  t.equal(reader.stats.children, 0, 'no child before the first read')
  const sheet = await reader.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80)
  t.equal(sheet.status, 'ok')
  if (sheet.status === 'ok') t.same(sheet.rows.map((row) => row.row), [2, 4, 5])
  // DIVISION may be left out (a recorded contract fills it: the import decides); DNI and FIN ADENDA may not
  t.equal((await reader.read(fixture('adendas-sin-division.xlsx'), 'xlsx', 'addendum', 80)).status, 'ok')
  t.same(await reader.read(Buffer.from('DNI;TRABAJADOR\r\n11111111;Mario Rojas Díaz\r\n'), 'csv', 'addendum', 80), { status: 'missingHeaders', missing: ['endAddendum'] })
  t.equal(reader.stats.children, 1)
  t.not(reader.stats.pids[0], process.pid, 'out of this process')
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
  const sheets = await reader.read(manySheetsXlsx(EMPLOYEE_HEADERS, [], 5_000), 'xlsx', 'employee', 50).catch((error: unknown) => error)
  t.type(sheets, WorkbookTooLargeError)
  t.match(sheets, { statusCode: 400, message: 'El archivo tiene demasiadas hojas: 5000; se admiten hasta 1000. Deja solo la hoja de datos.' })
})

t.test('a read past its deadline is refused as corrupt and the pool goes on', async (t) => {
  const hurried = new SpreadsheetReader({ inline: false, timeoutMs: 1 })
  t.teardown(() => hurried.close())
  const error = await hurried.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80).catch((error: unknown) => error)
  t.match(error, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /worker: .*abort.*deadline/i })
})

t.test('a child that runs out of heap is refused as corrupt, and the process lives on', async (t) => {
  const small = new SpreadsheetReader({ inline: false, maxHeapMb: 64, maxProcesses: 1, timeoutMs: 60_000 })
  t.teardown(() => small.close())
  await small.read(fixture('adendas.csv'), 'csv', 'addendum', 80) // the child starts fine under the cap
  // a 63 KB .xlsx whose one cell inflates to 60 MB: SheetJS's copies of it fill a 64 MB heap at once
  const huge = longCellXlsx(EMPLOYEE_HEADERS, [], 0, 60 * 1024 * 1024)
  const error = await small.read(huge, 'xlsx', 'employee', 50).catch((error: unknown) => error)
  t.match(error, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /worker: out of memory \(heap cap 64 MB\)/ })
  const after = await small.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  t.equal(after.status, 'ok', 'a new child takes over')
})

/** A reader with one child, started, then stopped (SIGSTOP): reads sent to it wait until it is killed. */
async function frozenReader (options: ConstructorParameters<typeof SpreadsheetReader>[0] = {}) {
  const frozen = new SpreadsheetReader({ inline: false, maxProcesses: 1, ...options })
  await frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  const [pid] = frozen.stats.pids
  process.kill(pid, 'SIGSTOP')
  return { frozen, pid }
}

t.test('a child that dies of a native abort mid-read: that upload is corrupt, the process lives on, ' +
  'the child is replaced at once and the read waiting behind it goes on', async (t) => {
  const { frozen, pid } = await frozenReader()
  t.teardown(() => frozen.close())
  const first = frozen.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80).catch((error: unknown) => error)
  const waiting = frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80) // no other upload arrives after it
  t.equal(frozen.stats.waiting, 1)
  process.kill(pid, 'SIGABRT') // what node_zlib.cc's "close before init" does to the process it runs in
  process.kill(pid, 'SIGCONT')
  t.match(await first, { message: 'El archivo Excel está corrupto o no es un archivo válido', reason: /worker: process ended \(SIGABRT\)/ })
  t.equal((await waiting).status, 'ok', 'read by the replacement')
  t.not(frozen.stats.pids[0], pid)
  t.equal(frozen.healthy, true)
})

t.test('a read whose client has gone is dropped: out of the line, or its child stopped', async (t) => {
  const outcomes: string[] = []
  const { frozen, pid } = await frozenReader({ onRead: (_format, outcome) => { outcomes.push(outcome) } })
  t.teardown(() => frozen.close())
  const running = new AbortController()
  const first = frozen.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80, running.signal).catch((error: unknown) => error)
  const queued = new AbortController()
  const second = frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80, queued.signal).catch((error: unknown) => error)
  t.equal(frozen.stats.waiting, 1)
  queued.abort()
  t.type(await second, ClientGoneError, 'the waiting read is dropped at once, its child still stopped')
  t.equal(frozen.stats.waiting, 0)
  running.abort()
  t.type(await first, ClientGoneError, 'the running read ends with its child')
  t.not(frozen.stats.pids[0], pid, 'killed and replaced')
  t.same(outcomes, ['ok', 'client_gone', 'client_gone'])
  const gone = new AbortController()
  gone.abort()
  t.type(await frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80, gone.signal).catch((error: unknown) => error), ClientGoneError,
    'a client already gone is not queued')
  t.equal((await frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80)).status, 'ok')
})

t.test('readiness: reads that wait with no progress make the reader unhealthy until it moves again', async (t) => {
  const { frozen, pid } = await frozenReader({ stuckMs: 50 })
  t.teardown(() => frozen.close())
  t.equal(frozen.healthy, true, 'a stopped child with nothing waiting is not yet a stuck line')
  const first = frozen.read(fixture('adendas.xlsx'), 'xlsx', 'addendum', 80).catch((error: unknown) => error)
  const second = frozen.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  while (frozen.healthy) await new Promise((resolve) => setTimeout(resolve, 20))
  t.pass('unhealthy once the line waited past stuckMs')
  process.kill(pid, 'SIGKILL')
  t.type(await first, CorruptSpreadsheetError)
  t.equal((await second).status, 'ok')
  t.equal(frozen.healthy, true, 'healthy again once reads go through')
})

t.test('children that cannot start: waiting reads are refused, not stranded, and the reader is unhealthy', async (t) => {
  const broken = new SpreadsheetReader({ inline: false, maxProcesses: 1, maxHeapMb: 2 }) // too small to load SheetJS
  t.teardown(() => broken.close())
  const error = await broken.read(fixture('adendas.csv'), 'csv', 'addendum', 80).catch((error: unknown) => error)
  t.match(error, { message: /children died before they were ready/ })
  t.equal(broken.healthy, false)
})

t.test('inline mode reads on the calling thread', async (t) => {
  const inline = new SpreadsheetReader({ inline: true })
  const sheet = await inline.read(fixture('adendas.csv'), 'csv', 'addendum', 80)
  t.equal(sheet.status, 'ok')
  await inline.close()
})

t.test('past maxProcesses + maxQueue reads under way, an upload is refused with a 503 instead of queueing without bound', async (t) => {
  const busy = new SpreadsheetReader({ inline: false, maxProcesses: 1, maxQueue: 1 })
  t.teardown(() => busy.close())
  const bytes = fixture('empleados.csv')
  const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => busy.read(bytes, 'csv', 'employee', 50)))
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
  t.equal(refused.length, 4, 'two under way (one reading, one waiting), four refused')
  t.ok(refused.every((outcome) => (outcome as PromiseRejectedResult).reason instanceof ServiceBusyError), 'as ServiceBusyError (503)')
  const after = await busy.read(bytes, 'csv', 'employee', 50)
  t.equal(after.status, 'ok', 'the count is released: the next upload is read')
})
