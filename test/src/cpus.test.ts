import { test } from 'tap'
import { availableParallelism } from 'node:os'
import { cfsQuota, cgroupCpuQuota, cgroupMemoryLimit, cpuMaxQuota } from '../../src/cgroup.js'
import { cpuCount } from '../../src/cpus.js'
import { READER_MEMORY_PLAN_MB, readerHeapCapMb } from '../../src/spreadsheets/reader.js'
import { build } from '../support/helper.js'
import { STARTUP_MESSAGES } from '../../schemas/messages.js'

const MOUNT_V2 = '30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n'
const MOUNT_V1 = '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:8 - cgroup cgroup rw,cpu,cpuacct\n' +
  '35 31 0:32 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime shared:11 - cgroup cgroup rw,memory\n'

interface Tree { [name: string]: string | Tree }

/** A faked root: /proc/self/cgroup and /proc/self/mountinfo saying where the process's cgroup is, and its files. */
const fakeRoot = (cgroup: string, mountinfo: string, sys: Tree): Tree =>
  ({ proc: { self: { cgroup, mountinfo } }, sys: { fs: { cgroup: sys } } })

test('cpu.max and the CFS files read as CPUs; "max", -1 and junk as no quota', async (t) => {
  t.equal(cpuMaxQuota('50000 100000\n'), 0.5)
  t.equal(cpuMaxQuota('max 100000\n'), undefined)
  t.equal(cpuMaxQuota('x y\n'), undefined)
  t.equal(cfsQuota('150000\n', '100000\n'), 1.5)
  t.equal(cfsQuota('-1\n', '100000\n'), undefined)
})

test('cgroup v2 in a container (its cgroup mounted as the root): the quota of /sys/fs/cgroup/cpu.max', async (t) => {
  const cores = availableParallelism()
  const dir = t.testdir({
    half: fakeRoot('0::/\n', MOUNT_V2, { 'cpu.max': '50000 100000\n', 'memory.max': '536870912\n' }),
    two: fakeRoot('0::/\n', MOUNT_V2, { 'cpu.max': '200000 100000\n', 'memory.max': 'max\n' }),
    huge: fakeRoot('0::/\n', MOUNT_V2, { 'cpu.max': '3200000 100000\n' }),
    none: fakeRoot('0::/\n', MOUNT_V2, { 'cpu.max': 'max 100000\n' }),
    junk: fakeRoot('0::/\n', MOUNT_V2, { 'cpu.max': 'x y\n' }),
    missing: {}
  })
  const at = (name: string) => ({ root: `${dir}/${name}` })
  t.equal(cgroupCpuQuota(at('half')), 0.5)
  t.equal(cpuCount(at('half')), 1, 'half a CPU: one thread')
  t.equal(cgroupMemoryLimit(at('half')), 512 * 1024 * 1024)
  t.equal(cpuCount(at('two')), Math.min(2, cores))
  t.equal(cgroupMemoryLimit(at('two')), undefined, 'memory.max "max": no limit')
  t.equal(cpuCount(at('huge')), cores, 'a quota above the cores: the cores')
  t.equal(cgroupCpuQuota(at('none')), undefined, 'no quota')
  t.equal(cpuCount(at('none')), cores)
  t.equal(cpuCount(at('junk')), cores, 'an unreadable line: the cores')
  t.equal(cpuCount(at('missing')), cores, 'no cgroup at all (not Linux): the cores')
  t.equal(cgroupMemoryLimit(at('missing')), undefined)
})

test('cgroup v2 under systemd: the unit\'s CPUQuota= and MemoryMax= in its own cgroup, and a slice\'s smaller quota above it', async (t) => {
  const unit = { 'cpu.max': '50000 100000\n', 'memory.max': '1073741824\n' } // CPUQuota=50%, MemoryMax=1G
  const dir = t.testdir({
    unit: fakeRoot('0::/system.slice/contratos@3001.service\n', MOUNT_V2, {
      'cpu.max': '800000 100000\n', // the root's (never the process's own)
      'system.slice': { 'cpu.max': 'max 100000\n', 'memory.max': 'max\n', 'contratos@3001.service': unit }
    }),
    slice: fakeRoot('0::/contratos.slice/contratos@3001.service\n', MOUNT_V2, {
      'contratos.slice': { 'cpu.max': '100000 100000\n', 'contratos@3001.service': { 'cpu.max': '300000 100000\n' } }
    })
  })
  t.equal(cgroupCpuQuota({ root: `${dir}/unit` }), 0.5, 'the unit\'s cpu.max, not /sys/fs/cgroup/cpu.max')
  t.equal(cpuCount({ root: `${dir}/unit` }), 1)
  t.equal(cgroupMemoryLimit({ root: `${dir}/unit` }), 1024 ** 3)
  t.equal(cgroupCpuQuota({ root: `${dir}/slice` }), 1, 'the slice\'s 1 CPU bounds the unit\'s 3')
})

test('cgroup v1: cpu.cfs_quota_us over cpu.cfs_period_us and memory.limit_in_bytes, on a host and in a container', async (t) => {
  const cores = availableParallelism()
  const service = { 'cpu.cfs_quota_us': '150000\n', 'cpu.cfs_period_us': '100000\n' }
  const dir = t.testdir({
    host: fakeRoot('12:memory:/system.slice/contratos.service\n4:cpu,cpuacct:/system.slice/contratos.service\n1:name=systemd:/system.slice/contratos.service\n', MOUNT_V1, {
      'cpu,cpuacct': { 'cpu.cfs_quota_us': '-1\n', 'cpu.cfs_period_us': '100000\n', 'system.slice': { 'contratos.service': service } },
      memory: { 'memory.limit_in_bytes': '9223372036854771712\n', 'system.slice': { 'contratos.service': { 'memory.limit_in_bytes': '805306368\n' } } }
    }),
    // docker without a cgroup namespace: /proc/self/cgroup names the host's path, the mount shows only the container's own cgroup
    container: fakeRoot('4:cpu,cpuacct:/docker/0123abcd\n12:memory:/docker/0123abcd\n',
      MOUNT_V1.replace(/ \/ \/sys/g, ' /docker/0123abcd /sys'), {
        'cpu,cpuacct': { 'cpu.cfs_quota_us': '50000\n', 'cpu.cfs_period_us': '100000\n' },
        memory: { 'memory.limit_in_bytes': '9223372036854771712\n' }
      }),
    unlimited: fakeRoot('4:cpu,cpuacct:/\n', MOUNT_V1, { 'cpu,cpuacct': { 'cpu.cfs_quota_us': '-1\n', 'cpu.cfs_period_us': '100000\n' } })
  })
  t.equal(cgroupCpuQuota({ root: `${dir}/host` }), 1.5)
  t.equal(cpuCount({ root: `${dir}/host` }), Math.min(2, cores), '1.5 CPUs: two threads')
  t.equal(cgroupMemoryLimit({ root: `${dir}/host` }), 768 * 1024 * 1024, 'the unit\'s limit; the root\'s "unlimited" is none')
  t.equal(cgroupCpuQuota({ root: `${dir}/container` }), 0.5)
  t.equal(cgroupMemoryLimit({ root: `${dir}/container` }), undefined)
  t.equal(cpuCount({ root: `${dir}/unlimited` }), cores, '-1: no quota, the cores')
})

test('the reader\'s heap cap: what the memory limit leaves after the service, shared by the children, 128 to 1024 MiB', async (t) => {
  const { service, perCpu, childBase } = READER_MEMORY_PLAN_MB
  const GiB = 1024 ** 3
  t.equal(readerHeapCapMb(undefined, 1, 2), 1024, 'no limit: 1024 MiB')
  t.equal(readerHeapCapMb(GiB, 1, 2), 1024 - service - 2 * perCpu - childBase, 'MemoryMax=1G on 2 CPUs')
  t.equal(readerHeapCapMb(8 * GiB, 1, 2), 1024, 'never above 1024 MiB')
  t.equal(readerHeapCapMb(GiB, 4, 8), 128, 'a limit too small for the defaults: 128 MiB')
  t.equal(readerHeapCapMb(2 * GiB, 2, 4), Math.floor((2048 - service - 4 * perCpu) / 2 - childBase))
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
