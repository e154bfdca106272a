/**
 * Writes the PNG renders of the filled sample documents shown in README (docs/*.png): fills each
 * template for a sample employee, then renders page 1 with poppler's `pdftoppm` (not a project
 * dependency: install poppler-utils to run this). The adenda is filled with every value at the
 * longest its schema allows (both pages: docs/adenda-1.png, docs/adenda-2.png), so a reviewer
 * sees the worst case. `npm run docs:samples`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Employee } from '../schemas/employee.js'
import type { AddendumRequest } from '../schemas/addendum.js'
import { sampleAddendum, sampleEmployee } from '../test/samples.js'
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
/** `text` repeated (space-separated) and cut to exactly `length` characters, without a trailing space. */
const longest = (text: string, length: number) => `${Array.from({ length }, () => text).join(' ').slice(0, length - 1).trimEnd()}X`.padEnd(length, 'X')
const adenda = await renderer.addendum(sampleAddendum({
  division: longest('GERENCIA DE OPERACIONES DE PLAYAS Y ESTACIONAMIENTOS', 100),
  worker: longest('MARÍA DEL PILAR WENCESLAA HUAMÁN', 150),
  address: longest('AV. REPÚBLICA DE PANAMÁ MZ. W LT. 14, URB. SANTA MÓNICA', 200),
  district: longest('SAN MARTÍN DE PORRES', 100),
  province: longest('MARISCAL RAMÓN CASTILLA', 100),
  department: longest('MADRE DE DIOS', 100),
  entryDate: '30/09/2024',
  start: '30/09/2025',
  end: '29/11/2025',
  startAddendum: '30/11/2025',
  endAddendum: '29/09/2029', // the last day within five years of the entry date (LPCL art. 74)
  salary: 777777777.77,
  salaryInWords: undefined // written from the salary: 110 characters, longer than the 100 a client may send
}) as unknown as AddendumRequest, '30/12/2026')
const dir = mkdtempSync(join(tmpdir(), 'contratos-samples-'))
try {
  for (const [name, bytes] of documents) {
    const pdf = join(dir, `${name}.pdf`)
    writeFileSync(pdf, bytes)
    execFileSync('pdftoppm', ['-r', '60', '-gray', '-f', '1', '-l', '1', '-singlefile', '-png', pdf, join(PROJECT_ROOT, 'docs', name)])
    console.log(`docs/${name}.png (${bytes.length} bytes PDF)`)
  }
  const pdf = join(dir, 'adenda.pdf')
  writeFileSync(pdf, adenda)
  execFileSync('pdftoppm', ['-r', '60', '-gray', '-png', pdf, join(PROJECT_ROOT, 'docs', 'adenda')])
  console.log(`docs/adenda-1.png, docs/adenda-2.png (${adenda.length} bytes PDF, longest values)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
