/**
 * Shared pieces of the benchmark and the load scripts: a built server started on loopback as a
 * child process, its RSS sampled from /proc, the sample records (the tests' lawful samples,
 * varied), and latency statistics.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { PROJECT_ROOT } from '../src/paths.js'
import { amountInWords } from '../src/vocabulary/salary-words.js'
import { sampleAddendum, sampleEmployee, samplePartTime, sampleSubsidio } from '../test/support/samples.js'

export interface RunningServer {
  url: string
  port: number
  child: ChildProcess
  /** The server's DATA_DIR: its registry, its demo certificate and its demo outbox (`outbox/`). */
  dataDir: string
  /** Resident set size of the server process now, bytes (Linux /proc). */
  rssBytes: () => number
  stop: () => Promise<number | null>
}

/** A TCP port free on 127.0.0.1 right now. */
async function freePort (): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  await once(server, 'close')
  return port
}

/**
 * Starts `dist/app/server.js` (run `npm run build` first) on 127.0.0.1 with a free port; resolves once health answers.
 * @param env variables added to the server's environment
 * @param nodeArgs Node options for the server process (e.g. `--cpu-prof`, not allowed in NODE_OPTIONS)
 * @param options.fromSource run `app/server.ts` under tsx instead, as `npm run dev` does (no build needed)
 * @throws when the server exits or does not answer /api/health within 30 s (60 s from source)
 */
export async function startServer (
  env: Record<string, string> = {}, nodeArgs: string[] = [], options: { fromSource?: boolean } = {}
): Promise<RunningServer> {
  const tempDir = await mkdtemp(join(tmpdir(), 'contratos-bench-'))
  const dataDir = env.DATA_DIR ?? join(tempDir, 'data')
  const port = await freePort()
  const entry = options.fromSource === true ? ['--import', 'tsx', join(PROJECT_ROOT, 'app/server.ts')] : [join(PROJECT_ROOT, 'dist/app/server.js')]
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_MODE: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TEMP_DIR: tempDir,
      // the contract registry on disk, as a single instance runs it (PGlite), fresh for each server
      DATA_DIR: dataDir,
      // production refuses the demo employer profile: the tests' non-demo one
      EMPLOYER_PROFILE: join(PROJECT_ROOT, 'test/fixtures/employer-profile.json'),
      ...env
    },
    stdio: ['ignore', 'inherit', 'inherit']
  })
  const waitMs = options.fromSource === true ? 60_000 : 30_000
  const deadline = Date.now() + waitMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const health = await timedRequest(`http://127.0.0.1:${port}`, '/api/health', undefined, 'GET').catch(() => undefined)
    if (health?.status === 200) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /api/health within ${waitMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    dataDir,
    rssBytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
    },
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit') as [number | null]
      return code
    }
  }
}

/** Samples `read()` every `intervalMs` until stopped; returns the maximum seen. */
export function peakSampler (read: () => number, intervalMs = 10): { stop: () => number } {
  let peak = read()
  const timer = setInterval(() => { peak = Math.max(peak, read()) }, intervalMs)
  return { stop: () => { clearInterval(timer); return Math.max(peak, read()) } }
}

export interface Timing { status: number, ttfbMs: number, totalMs: number, bytes: number }

/** One HTTP request with a JSON body, timed to the first body byte and to the end. */
export function timedRequest (url: string, path: string, body?: unknown, method = 'POST'): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
    const started = performance.now()
    const req = request(`${url}${path}`, {
      method,
      headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': payload.length }
    }, (res) => {
      let ttfbMs = -1
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        if (ttfbMs < 0) ttfbMs = performance.now() - started
        bytes += chunk.length
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** The q-quantile (0..1) of a list of numbers, nearest-rank. */
export function quantile (values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

export const median = (values: readonly number[]) => quantile(values, 0.5)

const NAMES = ['Rosa María', 'José Luis', 'Ana Lucía', 'Carlos Alberto', 'Lucía', 'Jorge', 'Milagros', 'Ñusta']
const SURNAMES = ['Quispe', 'Mamani', 'Huamán', 'Flores', 'Gutiérrez', 'Rodríguez', 'Chávez', 'Ramírez', 'Núñez']
/**
 * Sites of the tests' employer profile with one reviewed art. 58 cause that fits the samples' terms and
 * working time (test/fixtures/employer-profile.json, DOCUMENT-REQUIREMENTS §21).
 */
const SITES = ['Playa Larcomar', 'Playa Lince']
/** Positions its catalogue names (an alias counts). */
const POSITIONS = ['Operario de playa', 'Supervisor de estacionamiento']

/**
 * `count` lawful employees cycling through Planilla, Part Time and Subsidio, with distinct DNIs:
 * the tests' samples (test/support/samples.ts: `sampleEmployee`, `samplePartTime`, `sampleSubsidio`,
 * dates relative to today in Lima) with names, DNIs, addresses, sites and salaries varied. A rule that
 * refuses them fails `npm run bench:smoke`, as it fails the tests.
 */
export function mixedEmployees (count: number, seed = 0): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + seed
    const varied = {
      name: NAMES[n % NAMES.length],
      lastNameFather: SURNAMES[n % SURNAMES.length],
      lastNameMother: SURNAMES[(n + 3) % SURNAMES.length],
      birthDate: `${String((n % 28) + 1).padStart(2, '0')}/0${(n % 9) + 1}/19${70 + (n % 30)}`,
      sex: n % 2 === 0 ? 'F' : 'M',
      dni: String(40000000 + n).padStart(8, '0'),
      email: `empleado${n}@example.com`,
      address: `Av. Los Próceres ${100 + n}, Urb. Santa Catalina`,
      district: 'San Isidro',
      position: POSITIONS[n % POSITIONS.length],
      subDivisionOrParking: SITES[n % SITES.length],
      salaryInWords: undefined // written from the salary (D22)
    }
    switch (n % 3) {
      case 0: return sampleEmployee({ ...varied, salary: 1130 + (n % 10) * 125.5 })
      case 1: return samplePartTime({ ...varied, salary: 600 + (n % 10) * 25 })
      default: return sampleSubsidio({ ...varied, salary: 1130 + (n % 10) * 125.5 })
    }
  })
}

/**
 * `count` workers who sign electronically (SIGN50, bench/signing.ts): `mixedEmployees`, each with an
 * address of their own (the upload's CORREO) at example.net, which the tests' employer profile does
 * not hold (its ARCO address is at example.com, an employer domain no worker address may have:
 * docs/signing-flow.md), and the birth date and address the identity step and the invitation need.
 */
export function signers (count: number, seed: number): Record<string, unknown>[] {
  return mixedEmployees(count, seed).map((employee, index) => ({ ...employee, email: `trabajador${index + seed}@example.net` }))
}

/**
 * `count` lawful addendum records with distinct document numbers (the tests' `sampleAddendum`: an
 * adenda made in time, dates relative to today in Lima); every other one leaves salaryInWords out,
 * so the server writes it (D22).
 */
export function addenda (count: number, seed = 0): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + seed
    const salary = 1130 + (n % 10) * 125.5
    return sampleAddendum({
      division: `Playas ${['Lima', 'Norte', 'Sur'][n % 3]}`,
      documentNumber: String(30000000 + n).padStart(8, '0'),
      worker: `${NAMES[n % NAMES.length]} ${SURNAMES[n % SURNAMES.length]} ${SURNAMES[(n + 3) % SURNAMES.length]}`,
      address: `Av. Los Próceres ${100 + n}, Urb. Santa Catalina`,
      district: 'San Isidro',
      salary,
      originalSalary: 1130, // the extended contract's, at most the new one (DOCUMENT-REQUIREMENTS §28)
      salaryInWords: n % 2 === 0 ? amountInWords(salary) : undefined
    })
  })
}
