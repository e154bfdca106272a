/**
 * Writes the PNG renders of the filled sample documents shown in docs/documents.md (docs/*.png): every page
 * of the five documents for a sample worker (feminine variant) and of the three contracts at the
 * longest values the validation allows (docs/longest-*.png, under the demo profile with a site and a
 * reviewed cause at their longest: longestProfile), and every page of the adenda filled with every
 * value at the longest its schema allows (docs/longest-adenda-*.png), so a reviewer sees the worst case; rendered with poppler's `pdftoppm` (not a project dependency:
 * install poppler-utils to run this). `npm run make:samples`; with `--keep DIR` the PDFs are kept
 * in DIR too.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Employee } from '../schemas/employee.js'
import type { AddendumRequest } from '../schemas/addendum.js'
import { longestEmployee, longestProfile, sampleAddendum, sampleAddendumTerm, sampleEmployee, samplePartTime, sampleSubsidio } from '../test/support/samples.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'
import { addDays, termEnd, todayInLima } from '../src/vocabulary/dates.js'
import { assetPath, PROJECT_ROOT } from '../src/paths.js'
import { loadEngineData } from '../src/documents/engine-data.js'
import { createRenderer } from '../src/documents/renderer.js'

const { data } = await loadEngineData({
  templatesDir: assetPath('templates'),
  employerProfilePath: assetPath('employer-profile.json'),
  unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf')
})
const renderer = createRenderer(data)
const longestRenderer = createRenderer({ ...data, employer: longestProfile(data.employer) as unknown as EmployerProfile })
const sample = sampleEmployee() as unknown as Employee
const planilla = await renderer.documents(sample)
const documents: [string, Uint8Array][] = [
  ['contrato-planilla', planilla.contract],
  ['contrato-part-time', await renderer.contract(samplePartTime({
    sex: 'M', name: 'Luis Ángel', position: 'Cajero', workSchedule: 'de 19:00 a 22:45 horas', salary: 650
  }) as unknown as Employee)],
  ['contrato-subsidio', await renderer.contract(sampleSubsidio({ replacedWorkerDni: '44556677', replacedWorkerPosition: 'Supervisora de playa' }) as unknown as Employee)],
  ['tratamiento-datos', planilla.consent],
  ['anexo', planilla.annex],
  // a position with workstation equipment and no protective equipment (§16)
  ['anexo-cajera', (await renderer.documents(sampleEmployee({ position: 'Cajera' }) as unknown as Employee)).annex]
]
/** `text` repeated (space-separated) and cut to exactly `length` characters, without a trailing space. */
const longestText = (text: string, length: number) => `${Array.from({ length }, () => text).join(' ').slice(0, length - 1).trimEnd()}X`.padEnd(length, 'X')
const term = sampleAddendumTerm()
// a part-time adenda for a man, with the original contract's signing date; a full-time one for a woman
documents.push(['adenda', await renderer.addendum(sampleAddendum({
  sex: 'M',
  worker: 'Luis Ángel Ñahui Pérez',
  position: 'Cajero',
  contractType: 'Part Time',
  workDays: 'lunes a viernes',
  workSchedule: 'de 18:00 a 21:45 horas',
  salary: 650,
  salaryInWords: undefined,
  originalSalary: 700,
  salaryReductionAgreed: true,
  originalSigningDate: addDays(term.start, -3)
}) as unknown as AddendumRequest, todayInLima())])
documents.push(['adenda-f', await renderer.addendum(sampleAddendum({ sex: 'F' }) as unknown as AddendumRequest, todayInLima())])
const longestAddendum = await longestRenderer.addendum(sampleAddendum({
  division: longestText('GERENCIA DE OPERACIONES DE PLAYAS Y ESTACIONAMIENTOS', 100),
  worker: longestText('MARÍA DEL PILAR WENCESLAA HUAMÁN', 150),
  address: longestText('AV. REPÚBLICA DE PANAMÁ MZ. W LT. 14, URB. SANTA MÓNICA', 200),
  district: longestText('SAN MARTÍN DE PORRES', 100),
  province: longestText('MARISCAL RAMÓN CASTILLA', 100),
  department: longestText('MADRE DE DIOS', 100),
  ...term,
  endAddendum: termEnd(term.entryDate, 60), // the last day within five years of the entry date (LPCL art. 74)
  sex: 'F',
  position: longestText('SUPERVISORA GENERAL DE OPERACIONES DE PLAYA', 100),
  modality: '58',
  causeId: 'la-mas-larga',
  originalSigningDate: term.start,
  contractType: 'Part Time',
  workDays: 'lunes, martes, miércoles, jueves y viernes',
  workSchedule: 'de 18:00 a 21:54 horas, sin refrigerio',
  causeUpdate: longestText('LA NECESIDAD SUBSISTE PORQUE LA OBRA DE AMPLIACIÓN DEL ESTACIONAMIENTO SUBTERRÁNEO SIGUE EN CURSO', 1000),
  salary: 777777777.77,
  originalSalary: 888888888.88,
  salaryReductionAgreed: true,
  signingDate: addDays(todayInLima(), 1),
  salaryInWords: undefined // written from the salary: 110 characters, longer than the 100 a client may send
}) as unknown as AddendumRequest, todayInLima())
for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
  const longest = await longestRenderer.documents(longestEmployee(type) as unknown as Employee)
  const name = type.toLowerCase().replace(' ', '-')
  documents.push([`longest-contrato-${name}`, longest.contract])
  if (type === 'Subsidio') documents.push(['longest-tratamiento-datos', longest.consent], ['longest-anexo', longest.annex])
}
const keep = process.argv.indexOf('--keep')
const dir = keep > 0 ? process.argv[keep + 1] : mkdtempSync(join(tmpdir(), 'contratos-samples-'))
mkdirSync(dir, { recursive: true })
const docs = join(PROJECT_ROOT, 'docs')
for (const file of readdirSync(docs)) if (/^(contrato|tratamiento|anexo|longest|adenda)-.*\.png$/.test(file)) unlinkSync(join(docs, file))
try {
  for (const [name, bytes] of documents) {
    const pdf = join(dir, `${name}.pdf`)
    writeFileSync(pdf, bytes)
    execFileSync('pdftoppm', ['-r', '60', '-gray', '-png', pdf, join(docs, name)])
    console.log(`docs/${name}-*.png (${bytes.length} bytes PDF)`)
  }
  const pdf = join(dir, 'longest-adenda.pdf')
  writeFileSync(pdf, longestAddendum)
  execFileSync('pdftoppm', ['-r', '60', '-gray', '-png', pdf, join(PROJECT_ROOT, 'docs', 'longest-adenda')])
  console.log(`docs/longest-adenda-*.png (${longestAddendum.length} bytes PDF, longest values)`)
} finally {
  if (keep < 0) rmSync(dir, { recursive: true, force: true })
}
