/**
 * Writes the PNG renders of the filled sample documents shown in docs/documents.md (docs/*.png): every page
 * of the five documents for a sample worker, in both variants (feminine, and `-m` / `-f` for the other
 * sex), and of the three contracts at the longest values the validation allows (docs/longest-*.png,
 * under the demo profile with a site and a reviewed cause at their longest: longestProfile), and every
 * page of the adenda filled with every value at the longest its schema allows
 * (docs/longest-adenda-*.png), so a reviewer sees the worst case. Documents a ZIP would issue (the
 * three of an employee, the adendas) print a sample verification code in their footer (SAMPLE_CODES);
 * those drawn alone, as the preview draws them, say "Vista previa"; rendered with poppler's `pdftoppm` (not a project dependency:
 * install poppler-utils to run this). `npm run make:samples`; with `--keep DIR` the PDFs are kept
 * in DIR too.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Employee } from '../schemas/employee.js'
import type { AddendumRequest } from '../schemas/addendum.js'
import {
  longestEmployee, longestProfile, sampleAddendum, sampleAddendumTerm, sampleEmployee, samplePartTime, sampleSubsidio, sampleTerm
} from '../test/support/samples.js'
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
/** Verification codes as the registry gives them (src/registry/verification-codes.ts), fixed so that renders repeat. */
const SAMPLE_CODES = ['K7M2-9QXD', 'T4BW-8H3N', 'P6ZR-2FYC'] as const
const longestRenderer = createRenderer({ ...data, employer: longestProfile(data.employer) as unknown as EmployerProfile })
const sample = sampleEmployee() as unknown as Employee
const planilla = await renderer.documents(sample, SAMPLE_CODES)
const man = { sex: 'M', name: 'Luis Ángel', lastNameFather: 'Ñahui', lastNameMother: 'Pérez', dni: '44332211' }
const male = await renderer.documents(sampleEmployee({
  ...man, position: 'Administrador de sede', ...sampleTerm(18), probationaryPeriod: '12 meses', probationReason: 'direccion'
}) as unknown as Employee, SAMPLE_CODES)
const documents: [string, Uint8Array][] = [
  ['contrato-planilla', planilla.contract],
  ['contrato-part-time', await renderer.contract(samplePartTime({
    sex: 'M', name: 'Luis Ángel', position: 'Cajero', workSchedule: 'de 19:00 a 22:45 horas', salary: 650
  }) as unknown as Employee)],
  ['contrato-subsidio', await renderer.contract(sampleSubsidio({
    position: 'Supervisora', replacedWorkerDni: '44556677', replacedWorkerPosition: 'Supervisora de playa'
  }) as unknown as Employee)],
  ['tratamiento-datos', planilla.consent],
  ['anexo', planilla.annex],
  // every document kind for the other sex too (DOCUMENT-REQUIREMENTS §26): a man in a management post
  // with a twelve-month probation and its justification (§24), a woman in part time, a man replacing a
  // transferred titular with the ground's document and dates (§25), a man's notice, and a night
  // schedule's annex with its risks (§27)
  ['contrato-planilla-m', male.contract],
  ['contrato-part-time-f', await renderer.contract(samplePartTime({ position: 'Cajero' }) as unknown as Employee)],
  ['contrato-subsidio-m', await renderer.contract(sampleSubsidio({
    ...man,
    dni: '76543210',
    reasonForSubstitution: 'El titular cubre temporalmente la supervisión de otra playa',
    substitutionGround: 'destaque',
    supportDocument: { kind: 'documento-destaque', number: '045-2026-OPE', date: todayInLima() },
    absenceFrom: sampleTerm().entryDate,
    absenceTo: sampleTerm().endDate
  }) as unknown as Employee)],
  ['tratamiento-datos-m', male.consent],
  ['anexo-m', (await renderer.documents(sampleEmployee({
    ...man, position: 'Vigilante', workDays: 'lunes a sábado', workSchedule: 'de 22:00 a 06:00 horas', salary: 1600, salaryInWords: undefined
  }) as unknown as Employee, SAMPLE_CODES)).annex],
  // a position with workstation equipment and no protective equipment (§16)
  ['anexo-cajera', (await renderer.documents(sampleEmployee({ position: 'Cajera' }) as unknown as Employee, SAMPLE_CODES)).annex],
  // working time as a structure (§22): days of 9 h 36 min (an atypical schedule), and a weekly rotation with night work
  ['contrato-planilla-atipica', await renderer.contract(sampleEmployee({
    workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 18:21 horas, con 45 minutos de refrigerio'
  }) as unknown as Employee)],
  ['contrato-planilla-rotativo', await renderer.contract(sampleEmployee({
    position: 'Vigilante',
    workSchedule: 'rotativo semanal: 06:00-14:45 / 22:00-06:45 / 14:00-22:45, lunes a sábado, con 45 minutos de refrigerio'
  }) as unknown as Employee)]
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
}) as unknown as AddendumRequest, todayInLima(), SAMPLE_CODES[0])])
documents.push(['adenda-f', await renderer.addendum(sampleAddendum({ sex: 'F' }) as unknown as AddendumRequest, todayInLima(), SAMPLE_CODES[0])])
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
}) as unknown as AddendumRequest, todayInLima(), SAMPLE_CODES[0])
for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
  const longest = await longestRenderer.documents(longestEmployee(type) as unknown as Employee, SAMPLE_CODES)
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
