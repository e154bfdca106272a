/**
 * CPU of sealing a worker's three documents (contract, data notice, annex): the worker's stamp and
 * the employer's certification signature, RSA-2048/SHA-256 (src/signing/seal.ts; issue's budget:
 * 25 ms per worker, the time-stamp authority's waits aside). `npm run bench:seal`.
 *
 * Renders the sample worker's documents once (the ZIP route of an app on test defaults), then seals
 * them ROUNDS times and reads process.cpuUsage() (user + system, every thread of this process) around
 * each worker's three seals, first without a TSA (PAdES-B-B), then with the test TSA (PAdES-B-T)
 * running in a child process, so that only the client's side (request, reply, checks) is counted.
 * Prints the median and the 95th percentile per worker. Not a test: no budget is asserted.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { unzipSync } from 'fflate'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../app/app.js'
import { sampleEmployee } from '../test/support/samples.js'
import { issue, startTestTsa, type TestPki } from '../test/support/signing.js'
import { NAME_OIDS, TIME_STAMPING } from '../src/signing/x509.js'
import type { DocumentSealer, WorkerSignature } from '../src/signing/types.js'
import { OPTIONAL_PURPOSES } from '../src/documents/optional-purposes.js'

const ROUNDS = Number(process.env.SEAL_ROUNDS ?? 200)
const WARM_UP = 20

/** `--serve-tsa`: be the test TSA (a child of the bench) and print its URL. */
if (process.argv.includes('--serve-tsa')) {
  const ca = issue([[NAME_OIDS.commonName, 'CA del banco de pruebas']], undefined, { ca: true })
  const tsa = issue([[NAME_OIDS.commonName, 'TSA del banco de pruebas']], ca, { extendedKeyUsage: [TIME_STAMPING] })
  const server = await startTestTsa({ ca, tsa } as TestPki)
  console.log(server.url)
} else {
  await main()
}

async function main (): Promise<void> {
  const documents = await renderDocuments()
  console.log(`seal: ${ROUNDS} workers × 3 documents (${documents.map((bytes) => bytes.length).join(', ')} bytes), CPU per worker`)
  await measure('PAdES-B-B (no TSA)', {})
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-tsa'], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const [url] = await once(createInterface({ input: child.stdout }), 'line') as [string]
    await measure('PAdES-B-T (TSA in a child process)', { SIGNING_TSA_URL: url })
  } finally {
    child.kill()
  }

  async function measure (label: string, env: Record<string, string>): Promise<void> {
    const app = await buildApp({ env: { NODE_ENV: 'test', DATA_DIR: 'memory://', PDF_THREADS: 1, TEMP_DIR: './temp', LOG_LEVEL: 'warn', ...env } })
    try {
      const samples = await sealRounds(app.sealer, documents)
      samples.sort((a, b) => a - b)
      const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
      console.log(`${label}: median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms of CPU per worker`)
    } finally {
      await app.close()
    }
  }
}

async function renderDocuments (): Promise<Uint8Array[]> {
  const app = await buildApp({ env: { NODE_ENV: 'test', DATA_DIR: 'memory://', PDF_THREADS: 1, TEMP_DIR: './temp', LOG_LEVEL: 'warn' } })
  try {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
    if (res.statusCode !== 200) throw new Error(res.body)
    const entries = unzipSync(new Uint8Array(res.rawPayload))
    const names = Object.keys(entries)
    const find = (pattern: RegExp) => entries[names.find((name) => pattern.test(name)) as string]
    return [find(/^planilla\/\d+-/), find(/Tratamiento de datos/), find(/Anexos/)]
  } finally {
    await app.close()
  }
}

function signature (): WorkerSignature {
  return {
    name: 'Rosa María Quispe Mamani',
    dni: '12345678',
    signedAt: new Date(),
    evidenceNumber: 'EV-000001',
    printedSigningDate: new Date().toISOString().slice(0, 10),
    evidence: { evidencia: 'EV-000001', pasos: ['identidad', 'codigo', 'firma'] },
    consents: OPTIONAL_PURPOSES.map((purpose, index) => ({ purpose: purpose.id, letter: purpose.letter, text: purpose.text, answered: true, accepted: index !== 1 }))
  }
}

/** CPU ms per worker (three seals), ROUNDS of them after WARM_UP. */
async function sealRounds (sealer: DocumentSealer, [contract, notice, annex]: Uint8Array[]): Promise<number[]> {
  const samples: number[] = []
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const start = process.cpuUsage()
    await sealer.seal(contract, 'contrato', signature())
    await sealer.seal(notice, 'tratamiento-datos', signature())
    await sealer.seal(annex, 'anexo', signature())
    const used = process.cpuUsage(start)
    if (round >= WARM_UP) samples.push((used.user + used.system) / 1000)
  }
  return samples
}
