/**
 * CPUs this process may use, for the default size of every worker pool and of the spreadsheet reader
 * (docs/production.md, "Sizing from the container"): the cgroup CPU quota (src/cgroup.ts: v2 `cpu.max`,
 * a systemd `CPUQuota=` included, or v1 `cpu.cfs_quota_us` over `cpu.cfs_period_us`) rounded up,
 * never more than `os.availableParallelism()` (the cores the process may run on), at least 1. A
 * container limited to 1 CPU on a 32-core node gets 1, not 32: more threads than the quota only queue
 * for it and multiply memory.
 */
import { availableParallelism } from 'node:os'
import { cgroupCpuQuota, type CgroupOptions } from './cgroup.js'

/**
 * Whole CPUs for sizing thread pools: the quota rounded up (0.5 CPU gives 1), never more than the
 * cores the process can run on, at least 1.
 * @param options.root where the cgroup files are read (tests fake a tree); default `/`
 */
export function cpuCount (options: CgroupOptions = {}): number {
  const cores = availableParallelism()
  const quota = cgroupCpuQuota(options)
  return Math.max(1, quota === undefined ? cores : Math.min(cores, Math.ceil(quota)))
}
