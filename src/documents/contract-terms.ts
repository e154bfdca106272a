/**
 * The text of the terms that vary by record or by employer and are printed in value fields of
 * the fixed templates (the clauses themselves are static text in assets/templates/source/ and
 * refer to these cells): legal name of the modality, the objective cause naming site, position
 * and dates, working time, probation, benefits by labour regime and working time, the position's
 * functions, risks and equipment, the internal rules the employer has, and the real signing date.
 * Sources: DOCUMENT-REQUIREMENTS §1-§10; LPCL = D.S. 003-97-TR.
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile, LaborRegime, Modality, PositionEntry } from '../../schemas/employer-profile.js'
import { dayMonthYearKey } from '../employees/dates.js'
import { dateInWords, formatLocalDate } from '../employees/format.js'

/** Legal names of the modalities with their article (no service type codes in documents, §10). */
export const MODALITY_NAMES: Record<Modality | 'suplencia', string> = {
  'inicio-o-incremento-de-actividad': 'Contrato de trabajo sujeto a modalidad por inicio o incremento de actividad (artículo 57 de la LPCL)',
  'necesidades-del-mercado': 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)',
  suplencia: 'Contrato de trabajo sujeto a modalidad de suplencia (artículo 61 de la LPCL)'
}

const PART_TIME_PREFIX = 'A tiempo parcial (artículo 4 de la LPCL y artículos 11 a 13 del D.S. 001-96-TR) y '

/** The modality printed for a record: Subsidio is suplencia; Planilla and Part Time use the profile's (§1, §2). */
export function modalityText (employee: Pick<ImportedEmployee, 'contractType'>, profile: EmployerProfile): string {
  if (employee.contractType === 'Subsidio') return MODALITY_NAMES.suplencia
  const modality = profile.contractDefaults[employee.contractType].modality ?? 'necesidades-del-mercado'
  if (employee.contractType === 'Part Time') return `${PART_TIME_PREFIX}${MODALITY_NAMES[modality].charAt(0).toLowerCase()}${MODALITY_NAMES[modality].slice(1)}`
  return MODALITY_NAMES[modality]
}

/** Legal labels of the three contract types, for annex and footers (§10). */
export const CONTRACT_LABELS: Record<Employee['contractType'], string> = {
  Planilla: 'Contrato de trabajo sujeto a modalidad',
  'Part Time': 'Contrato de trabajo a tiempo parcial sujeto a modalidad',
  Subsidio: 'Contrato de trabajo sujeto a modalidad de suplencia'
}

/**
 * The objective cause of this contract (§1): the record's, else the profile's for the site, else
 * its default; followed by the sentence that ties it to this site, position and these dates.
 * A Subsidio's cause is the replacement itself (§4), stated in its own cells: undefined.
 */
export function objectiveCauseText (employee: ImportedEmployee, profile: EmployerProfile): string {
  const bySite = profile.causes.bySite ?? {}
  // own keys only: a site named `constructor` or `__proto__` is not a lookup into Object.prototype
  const site = employee.subDivisionOrParking
  const siteCause = Object.hasOwn(bySite, site) ? bySite[site] : undefined
  const cause = employee.objectiveCause ?? siteCause ?? profile.causes.default
  const sentence = cause.trim().replace(/[.;,\s]+$/, '')
  return `${sentence}. Esta necesidad se presenta en la sede ${employee.subDivisionOrParking}, para el cargo de ${employee.position}, ` +
    `y se prevé que dure del ${dateInWords(employee.entryDate)} al ${dateInWords(employee.endDate)}, plazo de este contrato.`
}

/**
 * The date of signature (§3): the record's `signingDate`; else the start date when it is today or
 * later; else today (server time zone). Never before the day of generation unless HR states it.
 */
export function signingDate (employee: Pick<ImportedEmployee, 'signingDate' | 'entryDate'>, today: Date): string {
  if (employee.signingDate !== undefined) return employee.signingDate
  const todayText = formatLocalDate(today)
  return dayMonthYearKey(employee.entryDate) >= dayMonthYearKey(todayText) ? employee.entryDate : todayText
}

/** `20` → `20 horas semanales`; `19.5` → `19.5 horas semanales`. */
export function weeklyHoursText (hours: number): string {
  return `${hours} horas semanales`
}

const NUMBERS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce']

/** The probation printed (§5): the record's text, else the profile's months, else three months. */
export function probationText (employee: Pick<ImportedEmployee, 'probationaryPeriod' | 'contractType'>, profile: EmployerProfile): string {
  if (employee.probationaryPeriod !== undefined) return employee.probationaryPeriod
  const months = profile.contractDefaults[employee.contractType].probationMonths ?? 3
  return `${NUMBERS[months]} (${months}) ${months === 1 ? 'mes' : 'meses'}`
}

/** Labour regime as printed in the employer block (§8). */
export const REGIME_NAMES: Record<LaborRegime, string> = {
  general: 'Régimen laboral general de la actividad privada (D. Leg. 728)',
  'micro-empresa': 'Régimen laboral especial de la micro empresa (REMYPE, D.S. 013-2013-PRODUCE)',
  'pequena-empresa': 'Régimen laboral especial de la pequeña empresa (REMYPE, D.S. 013-2013-PRODUCE)'
}

const SOCIAL_SECURITY = 'cobertura de la seguridad social en salud (Ley N.º 26790); seguro de vida ley (D. Leg. 688); Seguro Complementario de Trabajo de Riesgo, cuando corresponda; y afiliación al sistema pensionario de su elección'

/**
 * The benefits the worker receives, by the employer's regime and the contract's working time
 * (§2, §8). Part time under four hours a day: no CTS (D.S. 001-97-TR art. 4), no 30-day vacaciones
 * (D.S. 012-92-TR art. 11), no protection against arbitrary dismissal (LPCL art. 22).
 */
export function benefitsText (contractType: Employee['contractType'], regime: LaborRegime): string {
  const partTime = contractType === 'Part Time'
  let list: string
  if (regime === 'general') {
    list = partTime
      ? `gratificaciones por Fiestas Patrias y Navidad (Ley N.º 27735); descanso semanal y en días feriados; asignación familiar, cuando corresponda (Ley N.º 25129); participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
      : `gratificaciones por Fiestas Patrias y Navidad (Ley N.º 27735); compensación por tiempo de servicios (D.S. 001-97-TR); descanso vacacional de treinta días por año completo de servicios (D. Leg. 713); asignación familiar, cuando corresponda (Ley N.º 25129); participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
  } else if (regime === 'micro-empresa') {
    list = `descanso vacacional de quince días por año de servicios${partTime ? ', cuando alcance la jornada mínima que la ley exige' : ''}; descanso semanal y en días feriados; ${SOCIAL_SECURITY.replace('cobertura de la seguridad social en salud (Ley N.º 26790)', 'afiliación al régimen de salud que corresponda (SIS o EsSalud)')}`
  } else {
    list = partTime
      ? `gratificaciones equivalentes a media remuneración en julio y diciembre; descanso semanal y en días feriados; participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
      : `gratificaciones equivalentes a media remuneración en julio y diciembre; compensación por tiempo de servicios de quince remuneraciones diarias por año; descanso vacacional de quince días por año de servicios; participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
  }
  const exclusion = partTime
    ? ' Por tener una jornada inferior a cuatro horas diarias en promedio, no le corresponden la compensación por tiempo de servicios (artículo 4 del D.S. 001-97-TR), el descanso vacacional (artículo 11 del D.S. 012-92-TR) ni la protección contra el despido arbitrario (artículo 22 de la LPCL).'
    : ''
  return `${list}.${exclusion}`
}

/** The catalogue entry of a position: exact name, then ignoring case and accents, else the default (§7). */
export function positionEntry (position: string, profile: EmployerProfile): PositionEntry {
  const entries = profile.positions.byPosition ?? {}
  // own keys only: `toString` is a position name, not a lookup
  if (Object.hasOwn(entries, position)) return entries[position]
  const key = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
  const found = Object.entries(entries).find(([name]) => key(name) === key(position))
  return found?.[1] ?? profile.positions.default
}

/** A list as one flowing text: `a) first; b) second.` */
export function lettered (items: readonly string[]): string {
  return items.map((item, index) => `${String.fromCharCode(97 + index)}) ${item.trim().replace(/[.;]+$/, '')}`).join('; ') + '.'
}

/** Protective equipment, with sunscreen for sun exposure (Ley 30102). */
export function equipmentText (entry: PositionEntry): string {
  const items = [...entry.equipment]
  if (entry.sunExposure === true && !items.some((item) => /protector solar|bloqueador/i.test(item))) {
    items.push('protector solar, por la exposición a la radiación solar (Ley N.º 30102)')
  }
  return lettered(items)
}

/** The internal rules that the employer has and hands over (§7: cited only when they exist). */
export function internalRulesText (profile: EmployerProfile): string {
  const rules = profile.internalRules
  const names = [
    rules.workRegulations ? 'el Reglamento Interno de Trabajo' : undefined,
    rules.safetyRegulations ? 'el Reglamento Interno de Seguridad y Salud en el Trabajo' : undefined,
    rules.harassmentPolicy ? 'la política de prevención y sanción del hostigamiento sexual (Ley N.º 27942)' : undefined
  ].filter((name): name is string => name !== undefined)
  if (names.length === 0) return 'EL EMPLEADOR no cuenta por ahora con reglamentos internos escritos; cuando los apruebe, entregará un ejemplar y su cumplimiento será obligatorio desde su entrega.'
  const joined = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1) as string}`
  return `Se entrega un ejemplar de ${joined}, de cumplimiento obligatorio.`.replace('de el ', 'del ')
}
