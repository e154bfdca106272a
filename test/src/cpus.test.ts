import { test } from 'tap'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { cgroupCpuQuota, cpuCount } from '../../src/cpus.js'
import { build } from '../support/helper.js'

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

test('PDF_THREADS, REPORT_THREADS and SPREADSHEET_THREADS size their pools', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, REPORT_THREADS: 3, SPREADSHEET_THREADS: 2 })
  t.equal(app.pdfPool.threads, 1)
  t.equal(app.reportPool.maxThreads, 3)
  t.equal(app.spreadsheetPool.maxThreads, 2)
  const defaults = await build(t)
  t.equal(defaults.reportPool.maxThreads, cpuCount(), 'by default one per CPU')
  t.equal(defaults.reportPool.threads, 0, 'tests start no thread before use')
})

test('outside tests one report thread is started before listen (warm: the first export finds it)', async (t) => {
  const app = await build(t, { NODE_ENV: 'production', PDF_THREADS: 1, REPORT_THREADS: 2 })
  t.equal(app.reportPool.threads, 1)
})
