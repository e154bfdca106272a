/**
 * Milliseconds per export of 50 employees (the D5 default batch): the domain builder alone, then
 * the whole route through `inject` (D2 unwrapping, normalising, validation, reply).
 * Run: npx tsx scripts/measure-reports.ts [iterations]   (default 200, after 20 warm-up rounds)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../app/app.js'
import { buildLawLifeWorkbook } from '../src/reports/law-life.js'
import { buildSctrWorkbook } from '../src/reports/sctr.js'
import { buildPhotocheckCsv } from '../src/reports/photocheck.js'

const ITERATIONS = Number(process.argv[2] ?? 200)
const WARM_UP = 20

const employees = Array.from({ length: 50 }, (_, i) => ({
  name: 'Rosa María',
  lastNameFather: 'Quispe',
  lastNameMother: 'Muñoz',
  birthDate: '15/03/1990',
  sex: i % 2 === 0 ? 'Femenino' as const : 'M' as const,
  dni: String(10_000_000 + i),
  email: 'rosa.quispe@example.com',
  address: 'Av. Los Álamos 123',
  province: 'Lima',
  district: 'Miraflores',
  department: 'Lima',
  salary: 1500 + i,
  salaryInWords: 'MIL QUINIENTOS CON 00/100 SOLES',
  position: 'Operaria de playa',
  entryDate: '01/12/2026',
  endDate: '31/05/2027',
  subDivisionOrParking: 'Playa Larcomar',
  contractType: 'Planilla'
}))

async function measure (label: string, run: () => Promise<number>): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await run()
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now()
    bytes = await run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2)
  console.log(`${label.padEnd(36)} median ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms   ${bytes} bytes`)
}

const tempDir = mkdtempSync(join(tmpdir(), 'measure-reports-'))
const app = await buildApp({ env: { NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: 'test/fixtures/employer-profile.json', TEMP_DIR: tempDir } })
try {
  console.log(`50 employees, ${ITERATIONS} runs each, node ${process.version}`)
  await measure('Vida Ley, builder', async () => (await buildLawLifeWorkbook(employees)).length)
  await measure('SCTR, builder', async () => (await buildSctrWorkbook(employees)).length)
  await measure('Fotocheck, builder', async () => buildPhotocheckCsv(employees).length)
  for (const name of ['lawlife', 'sctr', 'photocheck']) {
    await measure(`POST /api/excel/download-${name}`, async () => {
      const res = await app.inject({ method: 'POST', url: `/api/excel/download-${name}`, payload: employees })
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`)
      return res.rawPayload.length
    })
  }
} finally {
  await app.close()
  rmSync(tempDir, { recursive: true, force: true })
}
