/**
 * The text of the terms that vary by record or by employer and are printed in value fields of
 * the fixed templates (the clauses themselves are static text in assets/templates/source/ and
 * refer to these cells): legal name of the modality, the objective cause naming site, position
 * and dates, working time, probation, benefits by labour regime and working time, the position's
 * functions, risks and equipment, the internal rules the employer has, and the real signing date.
 * Sources: DOCUMENT-REQUIREMENTS, the section cited beside each term; LPCL = D.S. 003-97-TR.
 */
import type { Employee, ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile, LaborRegime, PositionEntry } from '../../schemas/employer-profile.js'
import { lastsAtMost } from '../vocabulary/dates.js'
import { dateInWords } from '../vocabulary/format.js'
import { parseModality, type ModalityCode } from '../vocabulary/modality.js'
import {
  STATUTORY_PROBATION_MONTHS, parseProbation, parseProbationReason, probationInWords, probationLastDay,
  type ProbationReason
} from '../vocabulary/probation.js'
import {
  documentReference, recordGround, substitutionGround, supportDocumentKind, type SupportDocument
} from '../vocabulary/substitution.js'
import { durationText, weeklyMinutesText, weeklyRestText, type WorkingTimeFacts } from '../vocabulary/working-time.js'
import { contractCauseOf } from '../employees/lawful-contract.js'
import { printedPosition } from '../employer/catalogue.js'
import { causeById } from '../employer/reviewed-causes.js'

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
 * The modality of a validated record: its own, a Subsidio's suplencia, the modality of the reviewed
 * cause its `causeId` names (§34), else the profile's for its type.
 * @throws Error when none can be read: the contract rules refuse such a record before it is drawn
 */
export function recordModality (
  employee: Pick<ImportedEmployee, 'contractType' | 'modality'> & { causeId?: string }, profile: EmployerProfile
): ModalityCode {
  const cause = employee.causeId === undefined ? undefined : causeById(profile, employee.causeId)
  const code = employee.modality !== undefined
    ? parseModality(employee.modality)
    : employee.contractType === 'Subsidio'
      ? '61'
      : cause?.modality ?? parseModality(profile.contractDefaults[employee.contractType].modality ?? '')
  if (code === undefined) throw new Error('the record has no modality: it should have been refused before rendering')
  return code
}

/**
 * The modality printed for a record (§2, §13): its legal name; part time says so first (§23: any
 * contract under four hours a day on average).
 * @param partTime whether the working time is part time (default: the Part Time type)
 */
export function modalityText (
  employee: Pick<ImportedEmployee, 'contractType' | 'modality'>, profile: EmployerProfile,
  partTime: boolean = employee.contractType === 'Part Time'
): string {
  const name = MODALITY_NAMES[recordModality(employee, profile)]
  if (partTime) return `${PART_TIME_PREFIX}${name.charAt(0).toLowerCase()}${name.slice(1)}`
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
  // the position in the catalogue's form for the worker's sex, as cuadro III prints it (§26)
  const position = printedPosition(employee, profile, employee.sex === 'F' || employee.sex === 'Femenino') ?? employee.position
  return `${sentence}. Esta necesidad se presenta en la sede ${employee.subDivisionOrParking} y se atiende con el cargo de ${position}, ` +
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

/**
 * The night-work clause (§12, §22, §31: clause text at body size, in the working-time terms): the
 * night hours actually worked a week and their minimum pay (D.S. 007-2002-TR art. 8); '' without night work.
 */
export function nightWorkText (facts: WorkingTimeFacts | undefined): string {
  if (facts === undefined || facts.nightShare === 0) return ''
  const hours = durationText(facts.averageNightMinutes)
  return `Incluye trabajo nocturno, entre las 22:00 y las 06:00 horas (${hours} a la semana` +
    `${facts.weeks > 1 ? ' en promedio del ciclo' : ''}), remunerado con no menos de la remuneración mínima vital más ` +
    '35 % (artículo 8 del D.S. 007-2002-TR).'
}

/**
 * `20 horas semanales`, `19 horas y 15 minutos semanales` (to the minute, in hours and minutes, §33:
 * never decimals, never a rounded 48 for 48 h 12 min); a rotation's average says so.
 */
export function weeklyHoursText (facts: Pick<WorkingTimeFacts, 'averageWeeklyMinutes' | 'weeks'>): string {
  const text = weeklyMinutesText(facts.averageWeeklyMinutes)
  return facts.weeks === 1 ? text : `${text} en promedio (ciclo de ${facts.weeks} semanas)`
}

const COUNT_WORDS = ['cero', 'una', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho']

/**
 * The terms of the working time, printed as clause text at body size beside the JORNADA clause
 * (§22, §23, §31), generated from the schedule: an atypical or compensatory schedule when a day
 * exceeds eight hours (its average not above 48 over the cycle, D.S. 007-2002-TR art. 4), never
 * "sin exceder de ocho horas diarias" then; the refrigerio (art. 7); part time for a type other
 * than Part Time under four hours a day (whose own clause says it); night work (art. 8); the weekly
 * rest the schedule gives (§33, D.Leg. 713 art. 1).
 * @param facts the record's working time; undefined prints the ordinary limits
 * @param partTimeNote whether to state the part-time working time
 * @param partTime whether the contract is part time: then no 8-h/48-h sentence (§35)
 */
export function workingTimeTermsText (
  facts: WorkingTimeFacts | undefined, partTimeNote: boolean, partTime = partTimeNote
): string {
  const parts: string[] = []
  if (partTime) {
    // §35: the full-time limits are not a part-time contract's terms
  } else if (facts !== undefined && facts.longestDayMinutes > 8 * 60) {
    const cycle = facts.weeks === 1 ? 'una (1) semana' : `${COUNT_WORDS[facts.weeks] ?? facts.weeks} (${facts.weeks}) semanas`
    parts.push('Jornada atípica o acumulativa (artículo 4 del D.S. 007-2002-TR): algunos días superan las ocho (8) ' +
      `horas, y el promedio en el ciclo de ${cycle} no supera las cuarenta y ocho (48) horas semanales.`)
  } else {
    parts.push('La jornada no excede de ocho (8) horas diarias ni de cuarenta y ocho (48) semanales.')
  }
  if (facts === undefined || facts.shifts.some((shift) => shift.breakMinutes > 0)) {
    parts.push('El refrigerio del horario, no menor de cuarenta y cinco (45) minutos, no forma parte de la jornada ' +
      '(artículo 7 del D.S. 007-2002-TR).')
  } else {
    parts.push('Por la duración de sus turnos, el horario no incluye refrigerio.')
  }
  // §33: the weekly rest the schedule really gives, never a Sunday it does not
  const rest = facts === undefined ? '' : weeklyRestText(facts)
  if (rest !== '') parts.push(`El descanso semanal es ${rest}.`)
  if (partTimeNote) {
    // the part-time exclusions at body size (§31), as the Part Time contract states them; the
    // extinction clause leaves art. 76's indemnity to the law (§35: no categorical denial)
    parts.push('Es una jornada a tiempo parcial, inferior en promedio a cuatro (4) horas diarias (artículo 4 de la LPCL; ' +
      'artículos 11 y 12 del D.S. 001-96-TR). Por ello no tiene derecho a la compensación por tiempo de servicios ' +
      '(artículo 4 del D.S. 001-97-TR) ni al descanso vacacional (artículo 11 del D. Leg. 713 y artículo 11 del ' +
      'D.S. 012-92-TR), y no le alcanza la protección contra el despido arbitrario (artículo 22 de la LPCL).')
  }
  parts.push(nightWorkText(facts))
  return parts.filter(Boolean).join(' ')
}

/** The probation of a contract without one, as the registry records it (probationText). */
export const NO_PROBATION = 'sin periodo de prueba'

/**
 * The probation as the registry records it (§5, §14, §24): the record's, in months or days, never
 * dropped; when the record states none, none on a term of three months or less, else the profile's
 * months or three. NO_PROBATION when there is none; printedProbationText says it in the contract.
 */
export function probationText (
  employee: Pick<ImportedEmployee, 'probationaryPeriod' | 'contractType' | 'entryDate' | 'endDate'>,
  profile: EmployerProfile
): string {
  const none = NO_PROBATION
  const given = employee.probationaryPeriod === undefined ? undefined : parseProbation(employee.probationaryPeriod)
  if (given !== undefined) return given.count === 0 ? none : probationInWords(given)
  if (lastsAtMost(employee.entryDate, employee.endDate, STATUTORY_PROBATION_MONTHS)) return none
  const months = profile.contractDefaults[employee.contractType].probationMonths ?? STATUTORY_PROBATION_MONTHS
  return probationInWords({ unit: 'months', count: months })
}

/**
 * The probation cell of a contract (§36): probationText, and "No se pacta periodo de prueba." when there
 * is none (not a limit it does not exceed).
 */
export function printedProbationText (
  employee: Pick<ImportedEmployee, 'probationaryPeriod' | 'contractType' | 'entryDate' | 'endDate'>,
  profile: EmployerProfile
): string {
  const probation = probationText(employee, profile)
  return probation === NO_PROBATION ? 'No se pacta periodo de prueba.' : probation
}

const REASON_TITLES: Record<ProbationReason, string> = {
  calificado: 'Puesto calificado, hasta seis (6) meses',
  confianza: 'Puesto de confianza, hasta seis (6) meses',
  direccion: 'Puesto de dirección, hasta doce (12) meses'
}

const QUALIFICATIONS: Partial<Record<ProbationReason, string>> = { confianza: 'de confianza', direccion: 'de dirección' }

/**
 * Why a probation exceeds three months (LPCL art. 10; §24): the reason and the concrete justification
 * the position catalogue gives it; otherwise that no reason is needed, or that no probation is agreed
 * (§36). A post the record calls confianza or dirección, and the catalogue allows so, is qualified
 * first in its own sentence (§36; LPCL art. 43; D.S. 001-96-TR art. 59), whatever the probation.
 * @param position the position as the contract prints it
 */
export function probationJustificationText (
  employee: Pick<ImportedEmployee, 'probationaryPeriod' | 'probationReason' | 'entryDate'> &
    Partial<Pick<ImportedEmployee, 'contractType' | 'endDate'>>,
  entry: PositionEntry | undefined, position?: string, profile?: EmployerProfile
): string {
  const given = employee.probationaryPeriod === undefined ? undefined : parseProbation(employee.probationaryPeriod)
  const reason = employee.probationReason === undefined ? undefined : parseProbationReason(employee.probationReason)
  const justification = reason === undefined ? undefined : entry?.probationReasons?.[reason]
  const qualification = reason === undefined || justification === undefined || QUALIFICATIONS[reason] === undefined
    ? ''
    : `EL EMPLEADOR califica el puesto${position === undefined ? '' : ` de ${position}`} como ` +
      `${QUALIFICATIONS[reason] as string} (artículo 43 de la LPCL y artículo 59 del Decreto Supremo N.º 001-96-TR). `
  const { contractType, endDate } = employee
  const none = given?.count === 0 || (given === undefined && profile !== undefined && contractType !== undefined &&
    endDate !== undefined && probationText({ ...employee, contractType, endDate }, profile) === NO_PROBATION)
  if (none) return `${qualification}No corresponde: no se pacta periodo de prueba.`
  const last = given === undefined || given.count === 0 ? undefined : probationLastDay(employee.entryDate, given)
  const beyond = last !== undefined && !lastsAtMost(employee.entryDate, last, STATUTORY_PROBATION_MONTHS)
  if (!beyond || reason === undefined || justification === undefined) {
    return `${qualification}No corresponde: el periodo de prueba no excede de tres (3) meses.`
  }
  return `${qualification}${REASON_TITLES[reason]} (artículo 10 de la LPCL): ${justification.trim().replace(/[.;,\s]+$/, '')}.`
}

/**
 * A supporting document as a contract or adenda prints it (§37), neutrally: its kind's printed name,
 * its reference and its date (`Certificado de Incapacidad Temporal para el Trabajo (CITT) de EsSalud
 * N.º A-123456789, del 1 de diciembre de 2026`); never the text HR typed around it.
 * @throws Error for a kind or number the rules refuse (supportDocumentIssues)
 */
export function supportDocumentText (document: SupportDocument): string {
  const kind = supportDocumentKind(document.kind)
  const reference = documentReference(document.number)
  if (kind === undefined || reference === undefined) throw new Error('the document should have been refused before rendering')
  return `${kind.printed} N.º ${reference}, del ${dateInWords(document.date)}`
}

/**
 * A suplencia's ground as the contract prints it (§4, §25, §37): only the ground that applies, then its
 * supporting document and the absence's dates.
 * @throws Error when the record has no ground: the rules refuse it before it is drawn
 */
export function substitutionGroundText (
  employee: Pick<ImportedEmployee, 'substitutionGround' | 'reasonForSubstitution' | 'supportDocument' | 'absenceFrom' | 'absenceTo'>
): string {
  const ground = recordGround(employee)
  if (ground === undefined) throw new Error('the suplencia has no ground: it should have been refused before rendering')
  const document = employee.supportDocument === undefined
    ? ''
    : ` Documento que la sustenta: ${supportDocumentText(employee.supportDocument)}.`
  return `${ground.printed}${document}${absenceText(employee.absenceFrom, employee.absenceTo)}`
}

/** ` Ausencia prevista del … al ….`, or with one end only; '' with none. */
function absenceText (from: string | undefined, to: string | undefined): string {
  if (from !== undefined && to !== undefined) return ` Ausencia prevista del ${dateInWords(from)} al ${dateInWords(to)}.`
  if (from !== undefined) return ` Ausencia desde el ${dateInWords(from)}.`
  return to === undefined ? '' : ` Ausencia prevista hasta el ${dateInWords(to)}.`
}

/**
 * The cause a suplencia's adenda prints (§37): the replacement, the ground the absence has now (it may
 * have changed: maternity, then illness), its supporting document and the new expected return.
 * @throws Error when the ground is not one of the list: the rules refuse it before it is drawn
 */
export function suplenciaAddendumCauseText (
  addendum: { substitutionGround?: string, supportDocument?: SupportDocument, absenceTo?: string }
): string {
  const ground = addendum.substitutionGround === undefined ? undefined : substitutionGround(addendum.substitutionGround)
  const base = 'El reemplazo de la persona suplida indicada en EL CONTRATO, cuya ausencia subsiste (artículo 61 de la LPCL).'
  if (ground === undefined) {
    if (addendum.substitutionGround !== undefined) throw new Error('the ground should have been refused before rendering')
    return base
  }
  const document = addendum.supportDocument === undefined
    ? ''
    : ` Documento que la sustenta: ${supportDocumentText(addendum.supportDocument)}.`
  const back = addendum.absenceTo === undefined
    ? ''
    : ` Ausencia prevista hasta el ${dateInWords(addendum.absenceTo)}.`
  return `${base} Causa actual de la ausencia: ${ground.printed}${document}${back}`
}

/**
 * The titular's working condition as a suplencia prints it (§25; LPCL art. 61): the legal fact the
 * rules checked (titularIsStable in src/employees/lawful-contract.ts), never the words HR typed.
 */
export const TITULAR_CONDITION_TEXT = 'Estable: contrato de trabajo a plazo indeterminado'

/**
 * The place of work (§26): the site's name and its address from the employer profile (the
 * jurisdiction clause names the judge of the place of work); the name alone for a site the profile
 * does not list.
 */
export function workplaceText (site: string, address: string | undefined): string {
  return address === undefined ? site : `${site}: ${address}`
}

/**
 * What the annex adds for a schedule that touches 22:00-06:00 (§22, §27): night work's risks and
 * their measures; that there is none otherwise.
 */
export function nightWorkRisksText (night: boolean): string {
  if (!night) return 'El horario pactado no incluye trabajo nocturno (entre las 22:00 y las 06:00 horas).'
  return lettered([
    'fatiga, somnolencia y alteración del sueño por trabajar entre las 22:00 y las 06:00 horas: respetar las pausas y ' +
      'el descanso entre jornadas y comunicar cualquier malestar',
    'menor visibilidad nocturna: usar los elementos reflectivos y transitar por zonas iluminadas'
  ]) + ' Los exámenes médicos ocupacionales consideran este riesgo (artículo 49, literal d, de la Ley N.º 29783).'
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
 * (§2, §8, §23). Part time under four hours a day (any contract type) lists only what it has: the
 * exclusions (no CTS, no vacaciones, no protection against arbitrary dismissal) are clause text of
 * the part-time template, at body size (§31).
 * @param partTime whether the working time is part time; a contract type stands for its usual one
 */
export function benefitsText (partTime: boolean | Employee['contractType'], regime: LaborRegime): string {
  if (typeof partTime === 'string') partTime = partTime === 'Part Time'
  let list: string
  if (regime === 'general') {
    list = partTime
      ? `gratificaciones por Fiestas Patrias y Navidad (Ley N.º 27735); descanso semanal y en días feriados; asignación familiar, cuando corresponda (Ley N.º 25129); participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
      : `gratificaciones por Fiestas Patrias y Navidad (Ley N.º 27735); compensación por tiempo de servicios (D.S. 001-97-TR); descanso vacacional de treinta días por año completo de servicios (D. Leg. 713); asignación familiar, cuando corresponda (Ley N.º 25129); participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
  } else if (regime === 'micro-empresa') {
    list = `${partTime ? '' : 'descanso vacacional de quince días por año de servicios; '}descanso semanal y en días feriados; ${SOCIAL_SECURITY.replace('cobertura de la seguridad social en salud (Ley N.º 26790)', 'afiliación al régimen de salud que corresponda (SIS o EsSalud)')}`
  } else {
    list = partTime
      ? `gratificaciones equivalentes a media remuneración en julio y diciembre; descanso semanal y en días feriados; participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
      : `gratificaciones equivalentes a media remuneración en julio y diciembre; compensación por tiempo de servicios de quince remuneraciones diarias por año; descanso vacacional de quince días por año de servicios; participación en las utilidades, cuando corresponda; ${SOCIAL_SECURITY}`
  }
  return `${list}.`
}

/** A list as one flowing text: `a) first; b) second.` */
export function lettered (items: readonly string[]): string {
  return items.map((item, index) => `${String.fromCharCode(97 + index)}) ${item.trim().replace(/[.;]+$/, '')}`).join('; ') + '.'
}

/** Words that make a risk or an equipment item about the sun (radiation, sunscreen): printed only under it (§38). */
const SUN_WORDS = /radiaci[oó]n solar|protector solar|bloqueador|exposici[oó]n al sol/i

/**
 * Whether a worker of this position is exposed to the sun (Ley 30102; DOCUMENT-REQUIREMENTS §38): the
 * position's `sunExposure`, on an open-air site (`openAir`; a site that does not say counts as one),
 * in a shift with daylight hours.
 */
export function sunExposed (entry: PositionEntry, openAir: boolean | undefined, daylight: boolean): boolean {
  return entry.sunExposure === true && openAir !== false && daylight
}

/**
 * The position's risks with their measures (§7, §16), those about the sun only when the worker is
 * exposed to it (sunExposed, §38).
 */
export function risksText (entry: PositionEntry, sun: boolean = entry.sunExposure === true): string {
  return lettered(sun ? entry.risks : entry.risks.filter((risk) => !SUN_WORDS.test(risk)))
}

/**
 * Personal protective equipment (EPP) the IPERC requires, with sunscreen for sun exposure (Ley 30102)
 * only when the worker is exposed to it (sunExposed, §38: no sunscreen for a night guard in a
 * basement); a position that needs none says so (§7, §16).
 * @param sun whether the worker is exposed to the sun (default: the position's `sunExposure`)
 */
export function equipmentText (entry: PositionEntry, sun: boolean = entry.sunExposure === true): string {
  const items = sun ? [...entry.equipment] : entry.equipment.filter((item) => !SUN_WORDS.test(item))
  if (sun && !items.some((item) => /protector solar|bloqueador/i.test(item))) {
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
