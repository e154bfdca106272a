/**
 * Writes the PNG renders of the five filled sample documents shown in README (docs/*.png):
 * fills each template for a sample employee, then renders page 1 with poppler's `pdftoppm`
 * (not a project dependency: install poppler-utils to run this). `npm run docs:samples`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Employee } from '../schemas/employee.js'
import { sampleEmployee } from '../test/samples.js'
import { assetPath, PROJECT_ROOT } from '../src/paths.js'
import { loadEngineData } from '../src/pdf/engine.js'
import { createRenderer } from '../src/pdf/renderer.js'

const sample = sampleEmployee() as unknown as Employee

const { data } = await loadEngineData({
  templatesDir: assetPath('templates'),
  employerProfilePath: assetPath('employer-profile.json'),
  unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf')
})
const renderer = createRenderer(data)
const planilla = await renderer.documents(sample)
const documents: [string, Uint8Array][] = [
  ['contrato-planilla', planilla.contract],
  ['contrato-part-time', await renderer.contract({ ...sample, contractType: 'Part Time', position: 'Cajero de turno tarde' })],
  ['contrato-subsidio', await renderer.contract({
    ...sample,
    contractType: 'Subsidio',
    replacementFor: 'Juan Pérez Gómez',
    reasonForSubstitution: 'Descanso médico por incapacidad temporal (subsidio EsSalud)',
    timeForCompany: '2 años y 3 meses',
    workingCondition: 'Tiempo completo'
    // probationaryPeriod left out: printed as a blank line (D11)
  })],
  ['tratamiento-datos', planilla.consent],
  ['anexo', planilla.annex]
]
const dir = mkdtempSync(join(tmpdir(), 'contratos-samples-'))
try {
  for (const [name, bytes] of documents) {
    const pdf = join(dir, `${name}.pdf`)
    writeFileSync(pdf, bytes)
    execFileSync('pdftoppm', ['-r', '60', '-gray', '-f', '1', '-l', '1', '-singlefile', '-png', pdf, join(PROJECT_ROOT, 'docs', name)])
    console.log(`docs/${name}.png (${bytes.length} bytes PDF)`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
