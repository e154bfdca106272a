import { test } from 'tap'
import { readFileSync } from 'node:fs'
import type { ImportedEmployee } from '../../../schemas/employee.js'
import type { EmployerProfile } from '../../../schemas/employer-profile.js'
import { assetPath } from '../../../src/paths.js'
import {
  benefitsText, equipmentText, internalRulesText, ipercText, workstationText, modalityText, objectiveCauseText, probationText, printedProbationText, signingDate,
  probationJustificationText
} from '../../../src/documents/contract-terms.js'
import { sampleEmployee, sampleTerm } from '../../support/samples.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { catalogueProblems, recordPosition } from '../../../src/employer/catalogue.js'

const demo = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')) as EmployerProfile
const employee = (overrides: Record<string, unknown> = {}) => sampleEmployee(overrides) as unknown as ImportedEmployee

test('the modality is printed by its legal name and article: the record\'s, else the profile\'s for its type', async (t) => {
  t.equal(modalityText(employee(), demo), 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)')
  t.equal(modalityText(employee({ modality: 'Inicio o incremento de actividad' }), demo),
    'Contrato de trabajo sujeto a modalidad por inicio o incremento de actividad (artículo 57 de la LPCL)')
  const art57 = { ...demo, contractDefaults: { ...demo.contractDefaults, Planilla: { ...demo.contractDefaults.Planilla, modality: '57' } } }
  t.match(modalityText(employee(), art57), '(artículo 57 de la LPCL)', "the profile's modality for Planilla")
  t.match(modalityText(employee({ contractType: 'Part Time' }), demo),
    /^A tiempo parcial \(artículo 4 de la LPCL.*\) y contrato de trabajo sujeto a modalidad por necesidades del mercado/)
  t.equal(modalityText(employee({ contractType: 'Subsidio' }), demo), 'Contrato de trabajo sujeto a modalidad de suplencia (artículo 61 de la LPCL)')
  t.equal(modalityText(employee({ modality: '63' }), demo),
    'Contrato de trabajo sujeto a modalidad para obra determinada o servicio específico (artículo 63 de la LPCL)')
})

test('the objective cause: a reviewed one, by id or the one that fits; site, position (in her form, §26) and dates; only its declaration (§21)', async (t) => {
  const { entryDate, endDate } = sampleTerm()
  t.equal(objectiveCauseText(employee(), demo),
    'Incremento temporal e imprevisible de vehículos atendidos en la sede por las obras de remodelación del centro comercial vecino, ' +
    'que han trasladado su estacionamiento a esta sede mientras duren. Esta necesidad se presenta en la sede Playa Larcomar y se ' +
    `atiende con el cargo de Operaria de playa, para el que se contrata del ${dateInWords(entryDate)} al ${dateInWords(endDate)}. ` +
    'EL EMPLEADOR declara que el incremento de la demanda es coyuntural e imprevisible y que no responde a variaciones ' +
    'cíclicas ni de temporada (artículo 58 de la LPCL).')
  t.match(objectiveCauseText(employee({ modality: '57', workSchedule: 'de 18:00 a 23:45 horas, con 45 minutos de refrigerio' }), demo),
    /^Inicio del servicio nocturno de la sede/, 'the same site, another modality: the cause that fits the night shift')
  t.match(objectiveCauseText(employee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '57', causeId: 'mall-aventura-segundo-nivel' }), demo),
    /^Incremento de la actividad de la sede por la habilitación de su segundo nivel.*nace del inicio de una nueva actividad/, 'by id')
  t.match(objectiveCauseText(employee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '67', entryDate: '01/12/2026', endDate: '10/01/2027' }), demo),
    /^Campaña navideña .* La temporada va del 15 de noviembre de 2026 al 15 de enero de 2027\. EL EMPLEADOR declara que esta necesidad es propia de su giro/)
  t.notMatch(objectiveCauseText(employee(), demo), 'plazo de este contrato', "the cause's duration is not the contract's term")
  t.notMatch(objectiveCauseText(employee(), demo), 'Cuando la modalidad')
  t.throws(() => objectiveCauseText(employee({ subDivisionOrParking: 'Otra sede' }), demo), 'no reviewed cause: never printed')
  t.throws(() => objectiveCauseText(employee({ objectiveCause: 'Campaña de verano con más usuarios de lo habitual' }), demo), 'typed text: never printed')
  t.throws(() => objectiveCauseText(employee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '57' }), demo), 'two that fit: none printed')
})

test('the signing date is the given one, else today in Lima', async (t) => {
  t.equal(signingDate({}, '25/11/2026'), '25/11/2026')
  t.equal(signingDate({ signingDate: '27/11/2026' }, '25/11/2026'), '27/11/2026')
})

test('probation: the record\'s, in months or days, never dropped; else none on a short term, else the profile\'s, else three', async (t) => {
  const term = sampleTerm()
  const short = sampleTerm(3)
  t.equal(probationText({ contractType: 'Planilla', probationaryPeriod: '2 meses', ...term }, demo), 'dos (2) meses')
  t.equal(probationText({ contractType: 'Planilla', ...term }, demo), 'tres (3) meses')
  t.equal(probationText({ contractType: 'Planilla', ...short }, demo), 'sin periodo de prueba')
  const one = { ...demo, contractDefaults: { ...demo.contractDefaults, Subsidio: { ...demo.contractDefaults.Subsidio, probationMonths: 1 } } }
  t.equal(probationText({ contractType: 'Subsidio', ...term }, one), 'un (1) mes')
  t.equal(probationText({ contractType: 'Planilla', probationaryPeriod: 'seis (6) meses', ...sampleTerm(12) }, demo), 'seis (6) meses')
  t.equal(probationText({ contractType: 'Planilla', probationaryPeriod: '15 días', ...sampleTerm(2) }, demo), 'quince (15) días',
    'a shorter probation on a short term is printed, not dropped (§24)')
  const supervisor = demo.positions.supervisor
  t.match(probationJustificationText({ probationaryPeriod: '6 meses', probationReason: 'confianza', ...sampleTerm(12) }, supervisor, 'Supervisor'),
    /^EL EMPLEADOR califica el puesto de Supervisor como de confianza \(artículo 43 de la LPCL y artículo 59 del Decreto Supremo N\.º 001-96-TR\)\. Puesto de confianza, hasta seis \(6\) meses \(artículo 10 de la LPCL\): dirige el turno/,
    '§36: the qualification in its own sentence')
  t.equal(printedProbationText({ contractType: 'Planilla', ...short }, demo), 'No se pacta periodo de prueba.', '§36: said plainly')
  t.equal(printedProbationText({ contractType: 'Planilla', ...term }, demo), 'tres (3) meses')
  t.equal(probationJustificationText({ probationaryPeriod: '0', ...term }, supervisor), 'No corresponde: no se pacta periodo de prueba.')
  t.equal(probationJustificationText({ contractType: 'Planilla', ...short }, supervisor, 'Supervisor', demo), 'No corresponde: no se pacta periodo de prueba.',
    'none by default on a short term')
  t.match(probationJustificationText({ probationaryPeriod: '3 meses', ...sampleTerm(12) }, supervisor), /^No corresponde/)
})

test('benefits follow the labour regime and the working time', async (t) => {
  t.match(benefitsText('Planilla', 'general'), 'compensación por tiempo de servicios (D.S. 001-97-TR)')
  t.notMatch(benefitsText('Planilla', 'general'), 'no le corresponden')
  const partTime = benefitsText('Part Time', 'general')
  t.notMatch(partTime, 'compensación por tiempo de servicios (D.S.')
  t.notMatch(partTime, 'no le corresponde', 'the exclusions are clause text of the template, at body size (§31)')
  t.match(benefitsText('Planilla', 'micro-empresa'), /^descanso vacacional de quince días por año de servicios; .*afiliación al régimen de salud que corresponda/)
  t.notMatch(benefitsText('Planilla', 'micro-empresa'), 'gratificaciones')
  t.notMatch(benefitsText('Part Time', 'micro-empresa'), 'descanso vacacional', 'part time under four hours has none')
  t.match(benefitsText('Subsidio', 'pequena-empresa'), 'compensación por tiempo de servicios de quince remuneraciones diarias por año')
  t.notMatch(benefitsText('Part Time', 'pequena-empresa'), 'compensación por tiempo de servicios de quince')
})

test('the position catalogue: by key, by name or alias ignoring case and accents, and no default entry', async (t) => {
  const cashier = demo.positions.cajero
  t.equal(recordPosition({ position: 'Cajero' }, demo)?.entry, cashier)
  t.equal(recordPosition({ position: '  CÁJERA ' }, demo)?.entry, cashier, 'an alias, folded')
  t.equal(recordPosition({ position: 'Jefa de cajas', positionProfile: 'cajero' }, demo)?.entry, cashier, 'the key wins')
  t.equal(recordPosition({ position: 'Cajero', positionProfile: 'caja' }, demo), undefined, 'an unknown key is no match')
  t.equal(recordPosition({ position: 'Técnico de línea' }, demo), undefined, 'no default entry')
  t.same(catalogueProblems(demo), [])
  const clash = { ...demo, positions: { ...demo.positions, cajera: { ...cashier, name: 'Cajera', aliases: [] } } }
  t.same(catalogueProblems(clash), ['positions.cajera: el nombre "cajera" ya es de positions.cajero'])
})

test('equipment: protective equipment with sunscreen for sun exposure (Ley 30102); workstation equipment apart', async (t) => {
  const entry = { name: 'x', iperc: { code: 'IPERC-01', date: '15/01/2026' }, functions: ['x'], risks: ['y'] }
  t.equal(equipmentText({ ...entry, equipment: ['casco'], sunExposure: true }), 'a) casco; b) protector solar, por la exposición a la radiación solar (Ley N.º 30102).')
  t.equal(equipmentText({ ...entry, equipment: ['bloqueador solar FPS 50'], sunExposure: true }), 'a) bloqueador solar FPS 50.')
  t.equal(equipmentText({ ...entry, equipment: ['casco.'] }), 'a) casco.')
  t.equal(equipmentText({ ...entry, equipment: [] }), 'Según la evaluación de riesgos, el puesto no requiere equipos de protección personal.')
  t.equal(workstationText({ ...entry, equipment: [], workstation: ['silla ergonómica', 'apoyapiés'] }), 'a) silla ergonómica; b) apoyapiés.')
  t.match(workstationText({ ...entry, equipment: [] }), /no tiene equipos de trabajo asignados/)
  t.equal(ipercText({ ...entry, equipment: [] }), 'IPERC-01, del 15 de enero de 2026')
})

test('internal rules are cited only when the employer has them', async (t) => {
  const rules = (workRegulations: boolean, safetyRegulations: boolean, harassmentPolicy: boolean) =>
    internalRulesText({ ...demo, internalRules: { workRegulations, safetyRegulations, harassmentPolicy } })
  t.equal(rules(true, true, true), 'Se entrega un ejemplar del Reglamento Interno de Trabajo, el Reglamento Interno de Seguridad y Salud en el Trabajo y la política de prevención y sanción del hostigamiento sexual (Ley N.º 27942), de cumplimiento obligatorio.')
  t.equal(rules(false, true, false), 'Se entrega un ejemplar del Reglamento Interno de Seguridad y Salud en el Trabajo, de cumplimiento obligatorio.')
  t.match(rules(false, false, false), /^EL EMPLEADOR no cuenta por ahora con reglamentos internos escritos/)
})

test('a site or position named like an Object.prototype key is no lookup into it', async (t) => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    t.throws(() => objectiveCauseText(employee({ subDivisionOrParking: name }), demo), `site ${name} has no reviewed cause`)
    t.throws(() => objectiveCauseText(employee({ causeId: name }), demo), `cause ${name} is none`)
    t.equal(recordPosition({ position: name }, demo), undefined, `position ${name}`)
    t.equal(recordPosition({ position: 'Cajero', positionProfile: name }, demo), undefined, `positionProfile ${name}`)
  }
})
