/**
 * `npm run bench:profile-zip`: what the server does per 50-employee ZIP. Starts the built server, sends
 * PROFILE_RUNS (20) W50 download-zips one after another (after 3 warm-ups) and reads the CPU time
 * of each thread from /proc (main thread, the busiest worker threads, the rest; and by name: `registry`
 * is PGlite's thread, `pdf` the PDF workers); then does it again under
 * `--cpu-prof` and sums the main thread's profile over those requests: the costliest packages and
 * functions (self time). Load shedding is off (a CPU-starved machine would shed the warm-ups).
 * The profile is kept in bench/profiles/ (open it in Chrome DevTools). `PROFILE_CPU_ONLY=1` stops after
 * the CPU per thread; `PROFILE_NODE_ARGS` adds options to the server's node (e.g. `--v8-pool-size=2`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { mixedEmployees, startServer, timedRequest } from './lib.js'
import { PROJECT_ROOT } from '../src/paths.js'

const RUNS = Number(process.env.PROFILE_RUNS ?? 20)
const DIR = join(PROJECT_ROOT, 'bench', 'profiles')

interface ProfileNode { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }
interface CpuProfile { nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }

/** The package (or our file) a script URL belongs to. */
function owner (url: string): string {
  if (url === '') return '(native / V8)'
  if (url.startsWith('node:')) return url
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const at = url.indexOf('/dist/')
  return at >= 0 ? url.slice(at + '/dist/'.length) : url
}

/**
 * Self time per key (ms) from a V8 CPU profile, idle excluded, counting only the samples taken
 * within `window` (CLOCK_MONOTONIC microseconds, the clock of both V8 and process.hrtime).
 */
function selfTimes (profile: CpuProfile, key: (node: ProfileNode) => string, window: [number, number]): { total: number, byKey: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const byKey = new Map<string, number>()
  let total = 0
  let at = profile.startTime
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id) as ProfileNode
    const delta = profile.timeDeltas[index] ?? 0
    at += delta
    const ms = delta / 1000
    if (at < window[0] || at > window[1] || node.callFrame.functionName === '(idle)') return
    total += ms
    const name = key(node)
    byKey.set(name, (byKey.get(name) ?? 0) + ms)
  })
  return { total, byKey }
}

/** CPU time (user + system, ms) of each thread of a process, by thread id (Linux /proc). */
function threadCpuMs (pid: number): Map<number, { name: string, ms: number }> {
  const ticksPerMs = 100 / 1000 // USER_HZ is 100 on Linux
  const threads = new Map<number, { name: string, ms: number }>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      threads.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) / ticksPerMs })
    } catch {} // a thread that ended meanwhile
  }
  return threads
}

const top = (map: Map<string, number>, count: number, per: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `  ${(ms / per).toFixed(2).padStart(7)} ms  ${name}`).join('\n')

interface Run { pid: number, walls: number[], window: [number, number], cpu: { main: number, workers: number, others: number }, threads: Array<{ tid: number, name: string, ms: number }> }

/**
 * Starts the server (with `nodeArgs`), sends 3 warm-up and RUNS measured W50 ZIPs one after
 * another, and returns their wall times, the measured window and the CPU ms each kind of thread
 * spent in it: the main thread, the busiest other threads, one per core (the PDF workers, or the
 * registry's PGlite thread when it is busier than one of them: Node 20 does not name threads) and
 * the rest (V8's GC and compiler helpers, libuv). The threads name themselves (`registry`, `pdf`):
 * the CPU is also summed by name.
 */
async function run (nodeArgs: string[]): Promise<Run> {
  const server = await startServer({ SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }, nodeArgs)
  try {
    const employees = mixedEmployees(50)
    const zip = async () => {
      const timing = await timedRequest(server.url, '/api/contracts/download-zip', employees)
      if (timing.status !== 200) throw new Error(`download-zip answered ${timing.status}`)
      return timing
    }
    for (let i = 0; i < 3; i++) await zip()
    const walls: number[] = []
    const micros = () => Number(process.hrtime.bigint() / 1000n)
    const pid = server.child.pid as number
    const cpuBefore = threadCpuMs(pid)
    const window: [number, number] = [micros(), 0]
    for (let i = 0; i < RUNS; i++) walls.push((await zip()).totalMs)
    window[1] = micros()
    const spent = [...threadCpuMs(pid)].map(([tid, { name, ms }]) => ({ tid, name, ms: ms - (cpuBefore.get(tid)?.ms ?? 0) }))
    const others = spent.filter(({ tid }) => tid !== pid).sort((a, b) => b.ms - a.ms)
    const workers = availableParallelism()
    const sum = (list: { ms: number }[]) => list.reduce((total, { ms }) => total + ms, 0)
    const cpu = { main: sum(spent.filter(({ tid }) => tid === pid)), workers: sum(others.slice(0, workers)), others: sum(others.slice(workers)) }
    return { pid, walls: walls.sort((a, b) => a - b), window, cpu, threads: spent.sort((a, b) => b.ms - a.ms) }
  } finally {
    await server.stop()
  }
}

async function main (): Promise<void> {
  // CPU first, without the profiler (it costs every thread, the workers too), then the profile.
  const nodeArgs = (process.env.PROFILE_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '')
  const plain = await run(nodeArgs)
  const per = (ms: number) => (ms / RUNS).toFixed(1)
  console.log(`${RUNS} W50 ZIPs one after another (after 3 warm-ups), wall median ${plain.walls[Math.floor(RUNS / 2)].toFixed(1)} ms`)
  console.log(`CPU per ZIP (/proc, 10 ms ticks): main thread ${per(plain.cpu.main)} ms, busiest workers (PDF, PGlite) ${per(plain.cpu.workers)} ms, ` +
    `other threads (GC, compiler, libuv) ${per(plain.cpu.others)} ms`)
  // thread ids grow in creation order: the main thread, V8's platform threads, libuv's, then the workers
  console.log(`busiest threads (CPU ms per ZIP): ${plain.threads.slice(0, 10).map(({ tid, name, ms }) => `${name}#${tid} ${per(ms)}`).join(', ')}`)
  // the threads name themselves (src/workers.ts nameThread): the registry's PGlite thread, the PDF workers
  const byName = new Map<string, number>()
  for (const { tid, name, ms } of plain.threads) {
    const key = tid === plain.pid ? 'main' : name
    byName.set(key, (byName.get(key) ?? 0) + ms)
  }
  console.log(`CPU per ZIP by thread name: ${[...byName].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${per(ms)}`).join(', ')}`)
  if (process.env.PROFILE_CPU_ONLY === '1') return
  rmSync(DIR, { recursive: true, force: true })
  mkdirSync(DIR, { recursive: true })
  const profiled = await run([...nodeArgs, '--cpu-prof', `--cpu-prof-dir=${DIR}`])
  const files = readdirSync(DIR).filter((file) => file.endsWith('.cpuprofile'))
  // The main thread's profile is the one naming the server's entry file.
  const profiles = files.map((file) => ({ file, profile: JSON.parse(readFileSync(join(DIR, file), 'utf8')) as CpuProfile }))
  const main = profiles.find(({ profile }) => profile.nodes.some((node) => node.callFrame.url.endsWith('dist/app/server.js')))
  if (main === undefined) throw new Error(`no main-thread profile among ${files.join(', ')}`)
  const byPackage = selfTimes(main.profile, (node) => owner(node.callFrame.url), profiled.window)
  const byFunction = selfTimes(main.profile, (node) => `${node.callFrame.functionName || '(anonymous)'} ${owner(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`,
    profiled.window)
  console.log(`\nprofiled run (${main.file}): main-thread samples not idle ${per(byPackage.total)} ms per ZIP ` +
    '(wall clock: includes time the thread waited for a core)')
  console.log(`\nself time per ZIP, by package:\n${top(byPackage.byKey, 12, RUNS)}`)
  console.log(`\nself time per ZIP, by function:\n${top(byFunction.byKey, 25, RUNS)}`)
}

await main()
