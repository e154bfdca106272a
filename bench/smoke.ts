/**
 * `npm run bench:smoke`: every workload of `npm run bench` (bench/workloads.ts) sent once, with no
 * timing, to the server as the bench runs it (NODE_ENV=production, the tests' employer profile, no
 * shedding), but from source, so nothing needs building. Each answer is checked: 200, and the PDFs it
 * holds (a ZIP read back with fflate: exactly the expected PDF entries and no errores.txt; a preview
 * is one PDF); an export is 200 with a body; SIGN50's workers each sign, every step's answer checked
 * (bench/signing.ts). CI runs it after the tests: a rule that refuses the
 * bench's records fails CI instead of leaving the bench broken. Exits 1 naming what failed.
 */
import { unzipSync } from 'fflate'
import { startServer, type RunningServer } from './lib.js'
import { signingRound } from './signing.js'
import { BENCH_SERVER_ENV, PDFS_PER_EMPLOYEE, workloads, type Workload } from './workloads.js'

/** What is wrong with one workload's answer, or undefined when it is right. */
async function check (server: RunningServer, workload: Workload): Promise<string | undefined> {
  if (workload.signing === true) return await checkSigning(server, workload)
  const { url } = server
  const { path, body, pdfs } = workload
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (response.status !== 200) return `${response.status}: ${Buffer.from(bytes.subarray(0, 2000)).toString()}`
  const type = response.headers.get('content-type') ?? ''
  if (pdfs === undefined) return bytes.length > 0 ? undefined : 'an empty body'
  if (type.startsWith('application/pdf')) {
    const isPdf = Buffer.from(bytes.subarray(0, 5)).toString() === '%PDF-'
    return isPdf && pdfs === 1 ? undefined : `one PDF${isPdf ? '' : ' (not a PDF)'}, ${pdfs} expected`
  }
  const names = Object.keys(unzipSync(bytes))
  const found = names.filter((name) => name.endsWith('.pdf')).length
  if (found !== pdfs || names.length !== pdfs) return `${found} PDFs in ${names.length} entries (${names.filter((name) => !name.endsWith('.pdf')).join(', ')}), ${pdfs} expected`
  return undefined
}

/** SIGN50 once: every worker signed, each answer checked by the round itself (bench/signing.ts). */
async function checkSigning (server: RunningServer, { body, pdfs }: Workload): Promise<string | undefined> {
  const workers = body as Array<Record<string, unknown>>
  const round = await signingRound(server, workers)
  if (round.problems.length > 0) return `${round.problems.length} of ${workers.length} workers did not sign; first: ${round.problems[0]}`
  return round.workers.length * PDFS_PER_EMPLOYEE === pdfs ? undefined : `${round.workers.length} workers signed, ${workers.length} expected`
}

async function main (): Promise<void> {
  const all = Object.entries(workloads())
  // one server per environment a workload needs (W1000 raises BATCH_MAX), started one after the other
  const groups = new Map<string, [string, Workload][]>()
  for (const entry of all) {
    const key = JSON.stringify(entry[1].env ?? {})
    groups.set(key, [...(groups.get(key) ?? []), entry])
  }
  const failures: string[] = []
  for (const [env, group] of groups) {
    const server = await startServer({ ...BENCH_SERVER_ENV, ...JSON.parse(env) as Record<string, string> }, [], { fromSource: true })
    try {
      for (const [name, workload] of group) {
        const problem = await check(server, workload)
        console.log(`${name.padEnd(10)} ${workload.path.padEnd(30)} ${problem === undefined ? `ok${workload.pdfs === undefined ? '' : ` (${workload.pdfs} PDF${workload.pdfs === 1 ? '' : 's'})`}` : `FAILED ${problem}`}`)
        if (problem !== undefined) failures.push(name)
      }
    } finally {
      await server.stop()
    }
  }
  if (failures.length > 0) {
    console.error(`bench smoke: ${failures.join(', ')} failed; npm run bench would stop there`)
    process.exit(1)
  }
  console.log(`bench smoke: all ${all.length} workloads answered as expected`)
}

await main()
