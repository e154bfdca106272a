/**
 * What the workers share (src/documents/pdf-pool.ts renders PDFs and src/reports/pool.ts builds the
 * export workbooks in threads; src/spreadsheets/reader.ts reads uploads in child processes): where a
 * pool's worker file is, how a worker started from source loads it, and the workers' lower
 * priority. The thread pool itself (start-up, line limit, busy answer, closing) is src/worker-pool.ts.
 *
 * From source (tests, `npm run dev`) the worker is the `worker.ts` beside the pool's module; from
 * the build in dist/ it is the compiled `worker.js`. A worker started from source runs under tsx
 * (esbuild: a thread starts in ~100 ms, where tap's TypeScript loader would cost seconds), unless
 * the process runs on Node's own type stripping with scripts/ts-resolve.mjs (the coverage run on
 * Node 22.18+ and 24, scripts/run-tests.mjs): then the worker does too, so that every thread and
 * child reports coverage of the same source (code tsx compiled reads as all covered, and its
 * coverage does not merge with the rest).
 * (A worker thread's import of SheetJS never settled under `npm run dev`, Node 20; the reader's
 * child processes load it fine.)
 */
import { readlinkSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'

/** Whether the service runs from TypeScript source rather than from dist/. */
export const FROM_SOURCE = import.meta.url.endsWith('.ts')

/** The process's `--import` of scripts/ts-resolve.mjs, when it strips types itself, as Node was given it. */
const STRIP_TYPES_IMPORT = process.execArgv.find((arg) => arg.startsWith('--import=') && arg.endsWith('ts-resolve.mjs'))

/** The file and Node options of the worker beside `moduleUrl` (a pool module's `import.meta.url`). */
export function workerScript (moduleUrl: string): { filename: string, execArgv: string[] } {
  const sourceLoader = STRIP_TYPES_IMPORT !== undefined ? [STRIP_TYPES_IMPORT] : ['--import', 'tsx', '--enable-source-maps']
  return {
    filename: fileURLToPath(new URL(FROM_SOURCE ? './worker.ts' : './worker.js', moduleUrl)),
    execArgv: FROM_SOURCE ? sourceLoader : []
  }
}

/**
 * Niceness of the worker threads (Linux): above the event loop's 0, so that when every core is
 * busy the kernel runs the event loop first (health checks, the first bytes of a ZIP, socket
 * writes, accepting requests) and the rendering takes the rest. Throughput is the same; what
 * changes is who waits when the cores are short.
 */
export const WORKER_NICE = 10

/**
 * Lowers the scheduling priority of the calling thread (a worker's, at its start) to `nice`.
 * On Linux a thread has a priority of its own: its id is read from /proc/thread-self.
 * @returns false on the main thread (never lowered: it runs the event loop), and where it cannot
 *   be done (not Linux, /proc missing, refused); nothing else changes then
 */
export function lowerThreadPriority (nice = WORKER_NICE): boolean {
  if (isMainThread) return false
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return false
    setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}

/**
 * Names the calling thread (Linux: `/proc/thread-self/comm`, at most 15 bytes), so that `top -H`,
 * `ps -L` and bench/profile-zip.ts tell the registry's thread from the PDF workers. Node 20 names
 * no thread itself.
 * @returns false where it cannot be done (not Linux, /proc missing, refused); nothing else changes then
 */
export function nameThread (name: string): boolean {
  if (isMainThread) return false
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15))
    return true
  } catch {
    return false
  }
}
