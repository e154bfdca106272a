/**
 * The text of the terms that vary by record or by employer and are printed in value fields of
 * the fixed templates (the clauses themselves are static text in assets/templates/source/ and
 * refer to these cells): legal name of the modality, the objective cause naming site, position
 * and dates, working time, probation, benefits by labour regime and working time, the position's
 * functions, risks and equipment, the internal rules the employer has, and the real signing date.
 * Sources: DOCUMENT-REQUIREMENTS §1-§10; LPCL = D.S. 003-97-TR.
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile, LaborRegime, PositionEntry } from '../../schemas/employer-profile.js'
import { lastsAtMost } from '../vocabulary/dates.js'
import { dateInWords } from '../vocabulary/format.js'
import { parseModality, type ModalityCode } from '../vocabulary/modality.js'
import { parseProbationMonths } from '../vocabulary/probation.js'
import { contractCauseOf } from '../employees/lawful-contract.js'
import type { WorkingWeek } from '../vocabulary/working-time.js'

/** Legal names of the modalities with their article (no service type codes in documents, §10). */
export const MODALITY_NAMES: Record<ModalityCode, string> = {
  57: 'Contrato de trabajo sujeto a modalidad por inicio o incremento de actividad (artículo 57 de la LPCL)',
  58: 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)',
  60: 'Contrato de trabajo sujeto a modalidad ocasional (artículo 60 de la LPCL)',
  61: 'Contrato de trabajo sujeto a modalidad de suplencia (artículo 61 de la LPCL)',
  63: 'Contrato de trabajo sujeto a modalidad para obra determinada o servicio específico (artículo 63 de la LPCL)',
  67: 'Contrato de trabajo sujeto a modalidad de temporada (artículo 67 de la LPCL)'
}

/**
 * What the employer declares for the chosen modality, in the affirmative: only that one is printed
 * (§13: no "Cuando la modalidad es…" in a signed contract), and only with a reviewed cause of that
 * modality (§21: art. 58's "coyuntural e imprevisible" with an art. 58 cause). A suplencia's cause is
 * its own cuadro.
 */
export const MODALITY_DECLARATIONS: Record<Exclude<ModalityCode, '61'>, string> = {
  57: 'EL EMPLEADOR declara que esta necesidad nace del inicio de una nueva actividad o del incremento de las ya ' +
    'existentes (artículo 57 de la LPCL).',
  58: 'EL EMPLEADOR declara que el incremento de la demanda es coyuntural e imprevisible y que no responde a ' +
    'variaciones cíclicas ni de temporada (artículo 58 de la LPCL).',
  60: 'EL EMPLEADOR declara que esta necesidad es transitoria y distinta de su actividad habitual (artículo 60 de la LPCL).',
  63: 'EL EMPLEADOR declara que el objeto de este contrato es una obra o un servicio previamente determinado, de ' +
    'duración determinada (artículo 63 de la LPCL).',
  67: 'EL EMPLEADOR declara que esta necesidad es propia de su giro, se presenta solo en una temporada del año y se repite ' +
    'en periodos equivalentes cada año por la naturaleza de su actividad (artículos 67 y 68 de la LPCL).'
}

const PART_TIME_PREFIX = 'A tiempo parcial (artículo 4 de la LPCL y artículos 11 a 13 del D.S. 001-96-TR) y '

/**
 * The modality of a validated record: its own, a Subsidio's suplencia, else the profile's for its type.
 * @throws Error when none can be read: the contract rules refuse such a record before it is drawn
 */
export function recordModality (
  employee: Pick<ImportedEmployee, 'contractType' | 'modality'>, profile: EmployerProfile
): ModalityCode {
  const code = employee.modality !== undefined
    ? parseModality(employee.modality)
    : employee.contractType === 'Subsidio'
      ? '61'
      : parseModality(profile.contractDefaults[employee.contractType].modality ?? '')
  if (code === undefined) throw new Error('the record has no modality: it should have been refused before rendering')
  return code
}

/** The modality printed for a record (§2, §13): its legal name; part time says so first. */
export function modalityText (employee: Pick<ImportedEmployee, 'contractType' | 'modality'>, profile: EmployerProfile): string {
  const name = MODALITY_NAMES[recordModality(employee, profile)]
  if (employee.contractType === 'Part Time') return `${PART_TIME_PREFIX}${name.charAt(0).toLowerCase()}${name.slice(1)}`
  return name
}

/**
 * The objective cause of this contract (§1, §13, §21): the text of the cause counsel reviewed that the
 * contract rules chose (its `causeId`, or the one that fits its site, modality, term and working time:
 * src/employees/lawful-contract.ts contractCauseOf), never text HR typed; followed by the sentence that
 * places it at this site, for this position, and, for a season (art. 67), the season's dates (art.
 * 68 a); then the declaration of the cause's modality. The cause's own duration is not tied to this
 * contract's term. A Subsidio's cause is the replacement itself (§4), stated in its own cells: not used there.
 * @throws Error when there is no such cause: the contract rules refuse such a record before it is drawn
 */
export function objectiveCauseText (employee: ImportedEmployee, profile: EmployerProfile): string {
  const cause = contractCauseOf(employee, profile)
  if (cause === undefined || cause.modality === '61') throw new Error('the record has no reviewed cause: it should have been refused')
  const sentence = cause.text.trim().replace(/[.;,\s]+$/, '')
  const season = cause.modality === '67'
    ? `La temporada va del ${dateInWords(cause.period.from)} al ${dateInWords(cause.period.to)}. `
    : ''
  return `${sentence}. Esta necesidad se presenta en la sede ${employee.subDivisionOrParking} y se atiende con el cargo de ${employee.position}, ` +
    `para el que se contrata del ${dateInWords(employee.entryDate)} al ${dateInWords(employee.endDate)}. ` +
    season + MODALITY_DECLARATIONS[cause.modality]
}

/**
 * The date of signature (§3, §11): the record's `signingDate`, else the day of generation in Lima.
 * @param today `DD/MM/YYYY` in Lima (src/vocabulary/dates.ts todayInLima)
 */
export function signingDate (employee: Pick<ImportedEmployee, 'signingDate'>, today: string): string {
  return employee.signingDate ?? today
}

/** What the working time adds when it includes night hours (§12; D.S. 007-2002-TR art. 8); '' otherwise. */
export function nightWorkText (week: WorkingWeek | undefined): string {
  if (week === undefined || week.nightShare === 0) return ''
  return 'Incluye trabajo nocturno (entre las 22:00 y las 06:00 horas), remunerado con no menos de la remuneración ' +
    'mínima vital más 35 % (artículo 8 del D.S. 007-2002-TR).'
}

/**
 * `20` → `20 horas semanales`; `19.5` → `19.5 horas semanales`; at most two decimals, with the
 * decimal point of the amounts (`S/ 1,500.00`), never float noise (`19.200000000000003` → `19.2`).
 */
export function weeklyHoursText (hours: number): string {
  return `${Math.round(hours * 100) / 100} horas semanales`
}

const NUMBERS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce']

/**
 * The probation printed (§5, §14): none on a term of three months or less; else the record's
 * months, or the profile's, or three; with its reason when longer than three (LPCL art. 10).
 */
export function probationText (
  employee: Pick<ImportedEmployee, 'probationaryPeriod' | 'probationReason' | 'contractType' | 'entryDate' | 'endDate'>,
  profile: EmployerProfile
): string {
  const none = 'sin periodo de prueba'
  if (lastsAtMost(employee.entryDate, employee.endDate, 3)) return none
  const stated = employee.probationaryPeriod
  const given = stated === undefined ? undefined : parseProbationMonths(stated)
  const months = given ?? profile.contractDefaults[employee.contractType].probationMonths ?? 3
  if (months === 0) return none
  const reason = employee.probationReason?.toLowerCase() === 'confianza'
    ? ', por tratarse de un puesto de confianza (artículo 10 de la LPCL)'
    : months > 3 ? ', por tratarse de un puesto calificado (artículo 10 de la LPCL)' : ''
  return `${NUMBERS[months]} (${months}) ${months === 1 ? 'mes' : 'meses'}${reason}`
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

/** A list as one flowing text: `a) first; b) second.` */
export function lettered (items: readonly string[]): string {
  return items.map((item, index) => `${String.fromCharCode(97 + index)}) ${item.trim().replace(/[.;]+$/, '')}`).join('; ') + '.'
}

/**
 * Personal protective equipment (EPP) the IPERC requires, with sunscreen for sun exposure (Ley 30102);
 * a position that needs none says so (§7, §16).
 */
export function equipmentText (entry: PositionEntry): string {
  const items = [...entry.equipment]
  if (entry.sunExposure === true && !items.some((item) => /protector solar|bloqueador/i.test(item))) {
    items.push('protector solar, por la exposición a la radiación solar (Ley N.º 30102)')
  }
  return items.length === 0
    ? 'Según la evaluación de riesgos, el puesto no requiere equipos de protección personal.'
    : lettered(items)
}

/** Workstation equipment (a chair, a footrest), which is not protective equipment (§16); a sentence when none. */
export function workstationText (entry: PositionEntry): string {
  const items = entry.workstation ?? []
  return items.length === 0 ? 'El puesto no tiene equipos de trabajo asignados además de los de protección.' : lettered(items)
}

/** The IPERC the annex refers to: `IPERC-OP-01, del 15 de enero de 2026` (§16). */
export function ipercText (entry: PositionEntry): string {
  return `${entry.iperc.code}, del ${dateInWords(entry.iperc.date)}`
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

/** The processors (encargados) with their address and role, or a sentence when there is none (§18). */
export function processorsText (processors: EmployerProfile['dataProtection']['processors']): string {
  if (processors.length === 0) return 'EL EMPLEADOR no encarga a terceros el tratamiento de estos datos.'
  return lettered(processors.map(({ name, address, role }) => `${name}, con domicilio en ${address}: ${role}`))
}

/**
 * Video surveillance at the workplace, with where, what for and how long the images are kept; or
 * its absence, stated (§18; ANPD's directive on video surveillance).
 */
export function videoSurveillanceText (video: EmployerProfile['dataProtection']['videoSurveillance']): string {
  if (!video.cameras) return 'EL EMPLEADOR no realiza videovigilancia en el centro de trabajo.'
  return `EL EMPLEADOR capta imágenes con cámaras de videovigilancia en ${video.areas ?? ''}, para ${video.purpose ?? ''}; ` +
    `las imágenes se conservan ${video.retention ?? ''} y luego se eliminan. Las zonas vigiladas están señalizadas, y no ` +
    'hay cámaras en vestuarios, servicios higiénicos ni zonas de descanso.'
}
