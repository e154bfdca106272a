/**
 * The CPU quota and memory limit the process's cgroup sets, cgroup v2 and v1, found the way the kernel
 * publishes them: the process's cgroup in `/proc/self/cgroup`, where that hierarchy is mounted in
 * `/proc/self/mountinfo`. So it reads the right files in a container (its cgroup mounted as the root,
 * `/sys/fs/cgroup/cpu.max`) and under systemd on a host (`CPUQuota=`, `MemoryMax=` of the unit:
 * `/sys/fs/cgroup/system.slice/contratos@3001.service/cpu.max`). A limit set on an ancestor (a slice,
 * a pod's cgroup above its container's) holds too: the smallest from the process's cgroup up to the
 * mount's root counts. Files: v2 `cpu.max` ("quota period" in µs, or "max period") and `memory.max`
 * (bytes or "max"); v1 `cpu.cfs_quota_us` (-1: none) over `cpu.cfs_period_us`, and
 * `memory.limit_in_bytes` (a huge number: none).
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

export interface CgroupOptions {
  /** Prefix of every path read (`/proc/self/...`, the mount points): tests fake a tree there. Default `/`. */
  root?: string
}

/** v1 reports "no limit" as the largest page-aligned 64-bit value; anything above 2^60 bytes is none. */
const V1_UNLIMITED_BYTES = 2 ** 60

function read (path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** mountinfo escapes spaces and a few other bytes as octal (`\040`). */
const unescape = (path: string) => path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)))

interface Mount { root: string, mountPoint: string, fsType: string, superOptions: string[] }

function mounts (root: string): Mount[] {
  const text = read(join(root, 'proc/self/mountinfo')) ?? ''
  return text.split('\n').flatMap((line) => {
    const [left, right] = line.split(' - ')
    if (right === undefined) return []
    const fields = left.split(' ')
    const [fsType, , superOptions = ''] = right.split(' ')
    return [{ root: unescape(fields[3]), mountPoint: unescape(fields[4]), fsType, superOptions: superOptions.split(',') }]
  })
}

/**
 * The directories of the process's cgroup for `controller`, each with its version: the cgroup's own
 * first, then its ancestors up to the mount point. Empty where there is no cgroup (not Linux).
 */
function cgroupDirs (controller: 'cpu' | 'memory', options: CgroupOptions): { version: 1 | 2, dirs: string[] }[] {
  const root = options.root ?? '/'
  const lines = (read(join(root, 'proc/self/cgroup')) ?? '').split('\n').filter((line) => line !== '')
  const all = mounts(root)
  const found: { version: 1 | 2, dirs: string[] }[] = []
  for (const line of lines) {
    const [id, controllers, ...rest] = line.split(':')
    const path = rest.join(':')
    const version = id === '0' && controllers === '' ? 2 : 1
    if (version === 1 && !controllers.split(',').includes(controller)) continue
    const mount = all.find((candidate) => (version === 2
      ? candidate.fsType === 'cgroup2'
      : candidate.fsType === 'cgroup' && candidate.superOptions.includes(controller)))
    if (mount === undefined) continue
    // the cgroup's path is relative to the hierarchy's root; the mount shows `mount.root` of it. A path
    // outside that (a container that sees its parent's path) is the mount point itself.
    const inside = relative(mount.root, path)
    const own = inside.startsWith('..') ? mount.mountPoint : join(mount.mountPoint, inside)
    const dirs: string[] = []
    for (let dir = own; ; dir = dirname(dir)) {
      dirs.push(join(root, dir))
      if (dir === mount.mountPoint || dir === dirname(dir)) break
    }
    found.push({ version, dirs })
  }
  return found
}

/**
 * A v2 `cpu.max` line in CPUs (0.5 for "50000 100000"), or undefined for "max …" or a line it cannot read.
 */
export function cpuMaxQuota (text: string): number | undefined {
  const [quota, period] = text.trim().split(/\s+/)
  const quotaUs = Number(quota)
  const periodUs = Number(period ?? 100_000)
  if (quota === 'max' || !Number.isFinite(quotaUs) || quotaUs <= 0 || !Number.isFinite(periodUs) || periodUs <= 0) return undefined
  return quotaUs / periodUs
}

/** A v1 CFS quota in CPUs (`cpu.cfs_quota_us` over `cpu.cfs_period_us`); undefined for -1 (none) or junk. */
export function cfsQuota (quotaText: string, periodText: string): number | undefined {
  const quotaUs = Number(quotaText.trim())
  const periodUs = Number(periodText.trim())
  if (!Number.isFinite(quotaUs) || quotaUs <= 0 || !Number.isFinite(periodUs) || periodUs <= 0) return undefined
  return quotaUs / periodUs
}

const smallest = (values: (number | undefined)[]): number | undefined => {
  const set = values.filter((value): value is number => value !== undefined)
  return set.length === 0 ? undefined : Math.min(...set)
}

/**
 * The CPU quota of the process's cgroup in CPUs (0.5 for half a CPU), the smallest of its own and its
 * ancestors', v2 or v1; undefined when none is set or there is no cgroup to read (macOS, no /proc).
 */
export function cgroupCpuQuota (options: CgroupOptions = {}): number | undefined {
  return smallest(cgroupDirs('cpu', options).flatMap(({ version, dirs }) => dirs.map((dir) => {
    if (version === 2) {
      const text = read(join(dir, 'cpu.max'))
      return text === undefined ? undefined : cpuMaxQuota(text)
    }
    const quota = read(join(dir, 'cpu.cfs_quota_us'))
    const period = read(join(dir, 'cpu.cfs_period_us'))
    return quota === undefined || period === undefined ? undefined : cfsQuota(quota, period)
  })))
}

/**
 * The memory limit of the process's cgroup in bytes (systemd `MemoryMax=`, a container's limit), the
 * smallest of its own and its ancestors', v2 `memory.max` or v1 `memory.limit_in_bytes`; undefined
 * when none is set or there is no cgroup to read.
 */
export function cgroupMemoryLimit (options: CgroupOptions = {}): number | undefined {
  return smallest(cgroupDirs('memory', options).flatMap(({ version, dirs }) => dirs.map((dir) => {
    const text = read(join(dir, version === 2 ? 'memory.max' : 'memory.limit_in_bytes'))?.trim()
    const bytes = Number(text)
    if (text === undefined || text === 'max' || !Number.isFinite(bytes) || bytes <= 0 || bytes >= V1_UNLIMITED_BYTES) return undefined
    return bytes
  })))
}
