/**
 * CPUs this process may use, for the default size of every worker pool (docs/production.md): the cgroup v2
 * CPU quota (`/sys/fs/cgroup/cpu.max`, "quota period" in µs, or "max period" when unlimited) when
 * one is set, else `os.availableParallelism()`. A container limited to 1 CPU on a 32-core node
 * gets 1, not 32: more threads than the quota only queue for it and multiply memory.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

/** Where cgroup v2 exposes the quota of the process's own cgroup (mounted as its root in a container). */
export const CGROUP_CPU_MAX = '/sys/fs/cgroup/cpu.max'

/**
 * The CPU quota read from a cgroup v2 `cpu.max` file, in CPUs (0.5 for "50000 100000"), or
 * undefined when there is no quota ("max …"), no such file (cgroup v1, macOS) or a line it cannot read.
 */
export function cgroupCpuQuota (path = CGROUP_CPU_MAX): number | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  const [quota, period] = text.trim().split(/\s+/)
  const quotaUs = Number(quota)
  const periodUs = Number(period ?? 100_000)
  if (quota === 'max' || !Number.isFinite(quotaUs) || quotaUs <= 0 || !Number.isFinite(periodUs) || periodUs <= 0) return undefined
  return quotaUs / periodUs
}

/**
 * Whole CPUs for sizing thread pools: the quota rounded up (0.5 CPU gives 1), never more than the
 * cores the process can run on, at least 1.
 * @param path cpu.max to read (tests pass a faked one)
 */
export function cpuCount (path = CGROUP_CPU_MAX): number {
  const cores = availableParallelism()
  const quota = cgroupCpuQuota(path)
  return Math.max(1, quota === undefined ? cores : Math.min(cores, Math.ceil(quota)))
}
