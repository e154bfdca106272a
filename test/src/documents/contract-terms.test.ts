import { test } from 'tap'
import { readFileSync } from 'node:fs'
import type { ImportedEmployee } from '../../../schemas/employee.js'
import type { EmployerProfile } from '../../../schemas/employer-profile.js'
import { assetPath } from '../../../src/paths.js'
import {
  benefitsText, equipmentText, internalRulesText, modalityText, objectiveCauseText, positionEntry, probationText, signingDate
} from '../../../src/documents/contract-terms.js'
import { sampleEmployee } from '../../support/samples.js'

const demo = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')) as EmployerProfile
const employee = (overrides: Record<string, unknown> = {}) => sampleEmployee(overrides) as unknown as ImportedEmployee

test('the modality is printed by its legal name and article, chosen per contract type in the profile', async (t) => {
  t.equal(modalityText(employee(), demo), 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)')
  const art57 = { ...demo, contractDefaults: { ...demo.contractDefaults, Planilla: { ...demo.contractDefaults.Planilla, modality: 'inicio-o-incremento-de-actividad' } } } as EmployerProfile
  t.equal(modalityText(employee(), art57), 'Contrato de trabajo sujeto a modalidad por inicio o incremento de actividad (artículo 57 de la LPCL)')
  t.match(modalityText(employee({ contractType: 'Part Time' }), demo), /^A tiempo parcial \(artículo 4 de la LPCL.*\) y contrato de trabajo sujeto a modalidad por necesidades del mercado/)
  t.equal(modalityText(employee({ contractType: 'Subsidio' }), demo), 'Contrato de trabajo sujeto a modalidad de suplencia (artículo 61 de la LPCL)')
  const unset = { ...demo, contractDefaults: { ...demo.contractDefaults, Planilla: { ...demo.contractDefaults.Planilla, modality: undefined } } } as EmployerProfile
  t.match(modalityText(employee(), unset), 'necesidades del mercado', 'default modality')
})

test('the objective cause: the record, else the site, else the default; always naming site, position and dates', async (t) => {
  t.match(objectiveCauseText(employee(), demo), /^Incremento temporal e imprevisible de vehículos atendidos en la sede por las obras/)
  t.match(objectiveCauseText(employee({ subDivisionOrParking: 'Otra sede' }), demo), /^Incremento temporal e imprevisible de la demanda del servicio/)
  t.equal(objectiveCauseText(employee({ objectiveCause: 'Campaña de verano con más usuarios de lo habitual;  ' }), demo),
    'Campaña de verano con más usuarios de lo habitual. Esta necesidad se presenta en la sede Playa Larcomar, para el cargo de Operario de playa, ' +
    'y se prevé que dure del 1 de diciembre de 2026 al 31 de mayo de 2027, plazo de este contrato.')
})

test('the signing date is given, or the start when still ahead, or today; never before today unless given', async (t) => {
  const today = new Date(2026, 10, 22)
  t.equal(signingDate({ entryDate: '01/12/2026' }, today), '01/12/2026')
  t.equal(signingDate({ entryDate: '22/11/2026' }, today), '22/11/2026')
  t.equal(signingDate({ entryDate: '21/11/2026' }, today), '22/11/2026')
  t.equal(signingDate({ entryDate: '21/11/2026', signingDate: '20/11/2026' }, today), '20/11/2026')
})

test('probation: the record, else the profile months, else three months', async (t) => {
  t.equal(probationText({ contractType: 'Planilla', probationaryPeriod: '2 meses' }, demo), '2 meses')
  t.equal(probationText({ contractType: 'Planilla' }, demo), 'tres (3) meses')
  const one = { ...demo, contractDefaults: { ...demo.contractDefaults, Subsidio: { ...demo.contractDefaults.Subsidio, probationMonths: 1 } } } as EmployerProfile
  t.equal(probationText({ contractType: 'Subsidio' }, one), 'un (1) mes')
  t.equal(probationText({ contractType: 'Part Time' }, demo), 'tres (3) meses')
})

test('benefits follow the labour regime and the working time', async (t) => {
  t.match(benefitsText('Planilla', 'general'), 'compensación por tiempo de servicios (D.S. 001-97-TR)')
  t.notMatch(benefitsText('Planilla', 'general'), 'no le corresponden')
  const partTime = benefitsText('Part Time', 'general')
  t.notMatch(partTime, 'compensación por tiempo de servicios (D.S.')
  t.match(partTime, 'no le corresponden la compensación por tiempo de servicios (artículo 4 del D.S. 001-97-TR), el descanso vacacional (artículo 11 del D.S. 012-92-TR)')
  t.match(benefitsText('Planilla', 'micro-empresa'), /^descanso vacacional de quince días por año de servicios; .*afiliación al régimen de salud que corresponda/)
  t.notMatch(benefitsText('Planilla', 'micro-empresa'), 'gratificaciones')
  t.match(benefitsText('Part Time', 'micro-empresa'), 'cuando alcance la jornada mínima')
  t.match(benefitsText('Subsidio', 'pequena-empresa'), 'compensación por tiempo de servicios de quince remuneraciones diarias por año')
  t.notMatch(benefitsText('Part Time', 'pequena-empresa'), 'compensación por tiempo de servicios de quince')
})

test('the position catalogue: exact name, then ignoring case and accents, else the default entry', async (t) => {
  t.equal(positionEntry('Cajero', demo), demo.positions.byPosition?.Cajero)
  t.equal(positionEntry('  CÁJERO ', demo), demo.positions.byPosition?.Cajero)
  t.equal(positionEntry('Operario de playa', demo), demo.positions.default)
  t.equal(positionEntry('Cajero', { ...demo, positions: { default: demo.positions.default } }), demo.positions.default)
})

test('equipment gains sunscreen for sun exposure (Ley 30102) unless listed', async (t) => {
  t.equal(equipmentText({ functions: ['x'], risks: ['y'], equipment: ['casco'], sunExposure: true }), 'a) casco; b) protector solar, por la exposición a la radiación solar (Ley N.º 30102).')
  t.equal(equipmentText({ functions: ['x'], risks: ['y'], equipment: ['bloqueador solar FPS 50'], sunExposure: true }), 'a) bloqueador solar FPS 50.')
  t.equal(equipmentText({ functions: ['x'], risks: ['y'], equipment: ['casco.'] }), 'a) casco.')
})

test('internal rules are cited only when the employer has them', async (t) => {
  const rules = (workRegulations: boolean, safetyRegulations: boolean, harassmentPolicy: boolean) =>
    internalRulesText({ ...demo, internalRules: { workRegulations, safetyRegulations, harassmentPolicy } })
  t.equal(rules(true, true, true), 'Se entrega un ejemplar del Reglamento Interno de Trabajo, el Reglamento Interno de Seguridad y Salud en el Trabajo y la política de prevención y sanción del hostigamiento sexual (Ley N.º 27942), de cumplimiento obligatorio.')
  t.equal(rules(false, true, false), 'Se entrega un ejemplar del Reglamento Interno de Seguridad y Salud en el Trabajo, de cumplimiento obligatorio.')
  t.match(rules(false, false, false), /^EL EMPLEADOR no cuenta por ahora con reglamentos internos escritos/)
})

test('a site or position named like an Object.prototype key gets the default cause and catalogue entry', async (t) => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    t.match(objectiveCauseText(employee({ subDivisionOrParking: name }), demo), /^Incremento temporal e imprevisible de la demanda del servicio/, `site ${name}`)
    t.equal(positionEntry(name, demo), demo.positions.default, `position ${name}`)
  }
})
