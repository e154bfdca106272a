/**
 * Measures the contracts engine (`npm run bench:contracts`, after `npm run build`):
 * 1. the size of each of the five filled PDFs;
 * 2. ms per document of the fill engine alone, on this thread (no pool, no HTTP);
 * 3. the wall time of a 50-employee ZIP (mixed Planilla, Part Time, Subsidio) through the built
 *    server (dist/) on loopback: time to first byte and total, median of 7 runs after 3 warm-ups.
 * Machines here are noisy: read medians, not single runs.
 */
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Employee } from '../schemas/employee.js'
import { sampleSubsidio } from '../test/support/samples.js'
import { assetPath, PROJECT_ROOT } from '../src/paths.js'
import { loadEngineData } from '../src/documents/engine-data.js'
import { fieldValues, TEMPLATE_IDS } from '../src/documents/fields.js'
import { fillTemplate } from '../src/pdf/fill.js'
import { loadUnicodeFont } from '../src/pdf/unicode-font.js'

const employee = sampleSubsidio({ dni: '12345678' }) as unknown as Employee

function batch (size: number): Employee[] {
  const types = ['Planilla', 'Part Time', 'Subsidio'] as const
  return Array.from({ length: size }, (_, index) => ({ ...employee, dni: String(40000000 + index), contractType: types[index % 3] }))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const fixed = (value: number, digits = 3) => value.toFixed(digits)

async function measureEngine (): Promise<void> {
  const { data } = await loadEngineData({
    templatesDir: assetPath('templates'),
    employerProfilePath: assetPath('employer-profile.json'),
    unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf')
  })
  const unicode = loadUnicodeFont(data.unicodeFontPath)
  const fonts = { text: data.textFont, unicode: () => unicode }
  const values = fieldValues(employee, data.employer)
  const unicodeValues = fieldValues({ ...employee, name: 'Zoltán Erdős', position: 'Supervisor ✓' }, data.employer)
  console.log('\nEngine alone (one thread): template bytes + incremental update per document')
  console.log('template             template B  filled B   ms/doc  (Unicode value: B, ms/doc)')
  for (const id of TEMPLATE_IDS) {
    const template = data.templates[id]
    const bytes = await fillTemplate(template, values, fonts)
    const rounds = 3000
    for (let i = 0; i < 500; i++) fillTemplate(template, values, fonts) // warm-up
    let start = performance.now()
    for (let i = 0; i < rounds; i++) fillTemplate(template, values, fonts)
    const msPerDoc = (performance.now() - start) / rounds
    const unicodeBytes = await fillTemplate(template, unicodeValues, fonts)
    start = performance.now()
    for (let i = 0; i < 50; i++) await fillTemplate(template, unicodeValues, fonts)
    const unicodeMs = (performance.now() - start) / 50
    console.log(`${id.padEnd(20)} ${String(template.base.length).padStart(10)} ${String(bytes.length).padStart(9)} ${fixed(msPerDoc).padStart(8)}  (${unicodeBytes.length} B, ${fixed(unicodeMs, 2)} ms)`)
  }
}

async function freePort (): Promise<number> {
  return await new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function postZip (port: number, body: string): Promise<{ ttfbMs: number, totalMs: number, bytes: number, status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const req = request({ port, host: '127.0.0.1', path: '/api/contracts/download-zip', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const ttfbMs = performance.now() - start
      let bytes = 0
      res.on('data', (chunk: Buffer) => { bytes += chunk.length })
      res.on('end', () => resolve({ ttfbMs, totalMs: performance.now() - start, bytes, status: res.statusCode ?? 0 }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function measureHttp (): Promise<void> {
  const port = await freePort()
  const tempDir = mkdtempSync(join(tmpdir(), 'contratos-measure-'))
  const server = spawn(process.execPath, ['dist/app/server.js'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: 'test/fixtures/employer-profile.json', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TEMP_DIR: tempDir },
    stdio: ['ignore', 'inherit', 'inherit']
  })
  try {
    for (let i = 0; ; i++) { // wait until it answers
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false)
      if (up) break
      if (i > 200 || server.exitCode !== null) throw new Error('the built server did not start: run `npm run build` first')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const body = JSON.stringify(batch(50))
    for (let i = 0; i < 3; i++) await postZip(port, body)
    const runs = []
    for (let i = 0; i < 7; i++) runs.push(await postZip(port, body))
    if (runs.some((run) => run.status !== 200)) throw new Error(`unexpected status ${runs.map((run) => run.status).join(',')}`)
    const total = median(runs.map((run) => run.totalMs))
    console.log('\nW50 through the built server on loopback (150 PDFs, one ZIP), 7 runs after 3 warm-ups')
    console.log(`time to first byte  median ${fixed(median(runs.map((run) => run.ttfbMs)), 1)} ms`)
    console.log(`total wall          median ${fixed(total, 1)} ms (min ${fixed(Math.min(...runs.map((run) => run.totalMs)), 1)}, max ${fixed(Math.max(...runs.map((run) => run.totalMs)), 1)})`)
    console.log(`PDFs per second     ${fixed(150 / (total / 1000), 0)}`)
    console.log(`ZIP size            ${runs[0].bytes} bytes (${fixed(runs[0].bytes / 150 / 1024, 1)} KiB per PDF, deflated)`)
  } finally {
    server.kill('SIGTERM')
    rmSync(tempDir, { recursive: true, force: true })
  }
}

await measureEngine()
await measureHttp()
