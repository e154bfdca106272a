import { test } from 'tap'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { cgroupCpuQuota, cpuCount } from '../../src/cpus.js'
import { build } from '../support/helper.js'
import { STARTUP_MESSAGES } from '../../schemas/messages.js'

test('thread defaults follow a faked cgroup cpu.max: the quota rounded up, never above the cores, at least 1', async (t) => {
  const dir = t.testdir({ half: '50000 100000\n', two: '200000 100000\n', huge: '3200000 100000\n', none: 'max 100000\n', junk: 'x y\n' })
  const cores = availableParallelism()
  t.equal(cgroupCpuQuota(join(dir, 'half')), 0.5)
  t.equal(cpuCount(join(dir, 'half')), 1, 'half a CPU: one thread')
  t.equal(cpuCount(join(dir, 'two')), Math.min(2, cores))
  t.equal(cpuCount(join(dir, 'huge')), cores, 'a quota above the cores: the cores')
  t.equal(cgroupCpuQuota(join(dir, 'none')), undefined, 'no quota')
  t.equal(cpuCount(join(dir, 'none')), cores)
  t.equal(cpuCount(join(dir, 'junk')), cores, 'an unreadable line: the cores')
  t.equal(cpuCount(join(dir, 'missing')), cores, 'no cgroup v2: the cores')
})

test('PDF_THREADS, REPORT_THREADS and SPREADSHEET_PROCESSES size their pools', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, REPORT_THREADS: 3, SPREADSHEET_PROCESSES: 2 })
  t.equal(app.pdfPool.threads, 1)
  t.equal(app.reportPool.maxThreads, 3)
  t.equal(app.spreadsheetReader.maxProcesses, 2)
  const defaults = await build(t)
  t.equal(defaults.reportPool.maxThreads, cpuCount(), 'by default one per CPU')
  t.equal(defaults.reportPool.threads, 0, 'tests start no thread before use')
})

test('SPREADSHEET_THREADS, the former name of SPREADSHEET_PROCESSES, still sizes the reader; both at odds stop start-up', async (t) => {
  const app = await build(t, { SPREADSHEET_THREADS: 3 })
  t.equal(app.spreadsheetReader.maxProcesses, 3)
  await t.rejects(build(t, { SPREADSHEET_PROCESSES: 2, SPREADSHEET_THREADS: 3 }), {
    name: 'ConfigError',
    message: 'Configuración inválida: ' + STARTUP_MESSAGES.spreadsheetProcessesConflict(2, 3)
  })
})

test('outside tests one report thread is started before listen (warm: the first export finds it)', async (t) => {
  const app = await build(t, { NODE_ENV: 'production', PDF_THREADS: 1, REPORT_THREADS: 2 })
  t.equal(app.reportPool.threads, 1)
})
