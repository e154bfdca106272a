/**
 * The rules of working time (DOCUMENT-REQUIREMENTS §12, §22, §23), shared by contracts
 * (lawful-contract.ts), their minimum pay (contract-rules.ts), adendas (lawful-addendum.ts), the
 * documents (src/documents/fields.ts) and the profile's start-up check (src/employer/profile.ts).
 * A record's working time is its `workingTime` structure, or its text (`workDays`, `workSchedule`)
 * read into one, or for Planilla and Subsidio the profile's default; every test reads that
 * schedule, never the declared `weeklyHours`:
 * - readable, with no day twice, no overlapping shifts, a refrigerio inside its shift;
 * - at least one day of rest a week, every week of the cycle (D.Leg. 713 art. 1);
 * - a refrigerio of at least 45 minutes (D.S. 007-2002-TR art. 7; D.S. 008-2002-TR art. 14), and one
 *   on every shift longer than the profile's `refrigerioAfterHours`; a shift without one that covers
 *   a whole meal window of the profile is kept with a warning;
 * - at most 48 hours a week on average over the cycle (Constitution art. 25; D.S. 007-2002-TR art. 4);
 * - a declared `weeklyHours` equal to the schedule's to the minute;
 * - part time under four hours a day: weekly hours ÷ the workplace's ordinary days (6 or 5,
 *   Reglamento art. 12), ÷ 5 for a worker of fewer than five days (Informe 133-2016-MTPE);
 * - night work (22:00-06:00, on worked time) paid at least the RMV, or its share, plus 35 %
 *   on the night share (D.S. 007-2002-TR art. 8).
 * Refusals name `workingTime`, or `workDays` / `workSchedule` when the record sent text; the
 * four-hour test and a declared total that disagrees name `weeklyHours`; pay names `salary`.
 */
import type { ContractType } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { WORKING_TIME_MESSAGES, LAWFUL_CONTRACT_MESSAGES } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { formatSoles } from '../vocabulary/format.js'
import {
  DAY_NAMES, MAX_MINUTES_BETWEEN_RESTS, cycleMomentText, daysText, durationText, isWorkingTimeFacts, isWorkingTimeShape,
  parseWorkingTimeText, timeText, weeklyMinutesText, weeklyRestText, weeklyRests, workingTimeFacts, workingTimeText,
  type MealWindow, type ShiftFacts, type WorkingTime, type WorkingTimeFacts, type WorkingTimeShapeProblem
} from '../vocabulary/working-time.js'

/** What the working-time rules need from the employer profile. */
export interface WorkingTimePolicy {
  /** The workplace's ordinary week: its days (the part-time divisor) and hours (the proportional RMV's base). */
  ordinaryWeek: { days: number, hours: number }
  /** A shift longer than this (minutes) needs a refrigerio. */
  refrigerioAfterMinutes: number
  mealWindows: MealWindow[]
  /** RMV in soles. */
  minimumWage: number
  /** The full-time types' default working time, as text (what a record's partial text is completed with). */
  defaults: Record<ContractType, { workDays: string, workSchedule: string } | undefined>
}

/** Night work's minimum over the RMV, as a share (D.S. 007-2002-TR art. 8). */
export const NIGHT_SURCHARGE = 0.35
/** The legal maximum, minutes a week (Constitution art. 25). */
const MAX_WEEKLY_MINUTES = 48 * 60
/** The part-time limit: minutes a day on average (LPCL art. 4; Reglamento art. 11). */
const PART_TIME_DAILY_MINUTES = 4 * 60
/** The legal minimum refrigerio, minutes (D.S. 007-2002-TR art. 7). */
const MIN_BREAK_MINUTES = 45
/** Work before and after the refrigerio, at least, minutes (§33: it lies inside the shift). */
const MIN_WORK_AROUND_BREAK = 60

const policies = new WeakMap<EmployerProfile, WorkingTimePolicy>()

/**
 * The working-time policy of a profile (computed once per profile). The defaults are the profile's
 * text, or the canonical text of its structured `workingTime`; Part Time has none (§12).
 */
export function workingTimePolicy (profile: EmployerProfile): WorkingTimePolicy {
  let policy = policies.get(profile)
  if (policy !== undefined) return policy
  const defaults = {} as WorkingTimePolicy['defaults']
  for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
    const entry = profile.contractDefaults[type]
    if (type === 'Part Time') defaults[type] = undefined
    else if (entry.workingTime !== undefined) {
      const text = workingTimeText(entry.workingTime)
      defaults[type] = { workDays: text.days, workSchedule: text.schedule }
    } else if (entry.workDays !== undefined && entry.workSchedule !== undefined) {
      defaults[type] = { workDays: entry.workDays, workSchedule: entry.workSchedule }
    } else defaults[type] = undefined
  }
  policy = {
    ordinaryWeek: profile.ordinaryWeek,
    refrigerioAfterMinutes: Math.round(profile.refrigerioAfterHours * 60),
    mealWindows: profile.mealWindows,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE,
    defaults
  }
  policies.set(profile, policy)
  return policy
}

/** Which form a working time came in: the field its refusals name. */
type Form = 'workingTime' | 'text' | 'default'

/** A record's working time, read. */
export interface RecordWorkingTime {
  time: WorkingTime
  facts: WorkingTimeFacts
  form: Form
  /** The record sent `workDays` text (a missing day of rest is refused there). */
  textDays: boolean
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
const textOf = (fields: Record<string, unknown>, field: string) => (typeof fields[field] === 'string' ? fields[field] as string : undefined)

/** A structure problem as the message a person reads. */
function shapeMessage (problem: WorkingTimeShapeProblem): string {
  switch (problem.problem) {
    case 'noDays': return WORKING_TIME_MESSAGES.noDays
    case 'firstWeek': return WORKING_TIME_MESSAGES.firstWeek
    case 'dayTwice': return WORKING_TIME_MESSAGES.dayTwice(problem.day)
    case 'emptyShift': return WORKING_TIME_MESSAGES.emptyShift(problem.day)
    case 'overlap': return WORKING_TIME_MESSAGES.overlap(problem.day)
    case 'breakTooLong': return WORKING_TIME_MESSAGES.breakTooLong(problem.day)
    case 'breakOutside': return WORKING_TIME_MESSAGES.breakOutside(problem.day)
    default: return WORKING_TIME_MESSAGES.workingTime.invalid // an unknown day or time: the schema refused it already
  }
}

/**
 * Reads a record's working time: `workingTime`, else its text (a full-time record's missing half
 * completed from the profile's default), else the profile's default for Planilla and Subsidio.
 * @param partTimeMessage the refusal of a part-time record without one; null to accept it
 * @returns the working time; or `issues` when it cannot be read (field named as the module says);
 *   or undefined when there is none (and none is required)
 */
export function readRecordWorkingTime (
  fields: Record<string, unknown>, type: ContractType, policy: WorkingTimePolicy, partTimeMessage: string | null = null
): RecordWorkingTime | { issues: Array<{ field: string, message: string }> } | undefined {
  const structure = isObject(fields.workingTime) ? fields.workingTime : undefined
  let workDays = textOf(fields, 'workDays')
  let workSchedule = textOf(fields, 'workSchedule')
  if (structure !== undefined) {
    if (workDays !== undefined || workSchedule !== undefined) return { issues: [{ field: 'workingTime', message: WORKING_TIME_MESSAGES.bothForms }] }
    if (!isWorkingTimeShape(structure)) return undefined // the schema refuses it
    const facts = workingTimeFacts(structure, policy.mealWindows)
    if (!isWorkingTimeFacts(facts)) {
      // an unknown day or a time that is not HH:MM: the schema refused it already
      return facts.problem === 'unknownDay' || facts.problem === 'badTime'
        ? undefined
        : { issues: [{ field: 'workingTime', message: shapeMessage(facts) }] }
    }
    return { time: structure, facts, form: 'workingTime', textDays: false }
  }
  const textDays = workDays !== undefined
  const fallback = policy.defaults[type]
  let form: Form = 'text'
  if (workDays === undefined && workSchedule === undefined) {
    if (fallback === undefined) {
      return type === 'Part Time' && partTimeMessage !== null
        ? { issues: [{ field: 'workDays', message: partTimeMessage }, { field: 'workSchedule', message: partTimeMessage }] }
        : undefined
    }
    ({ workDays, workSchedule } = fallback)
    form = 'default'
  }
  if (workSchedule === undefined) {
    if (fallback === undefined) {
      return partTimeMessage === null ? undefined : { issues: [{ field: 'workSchedule', message: partTimeMessage }] }
    }
    workSchedule = fallback.workSchedule
  }
  let time = parseWorkingTimeText(workDays, workSchedule)
  if (time === 'workDaysMissing' && fallback !== undefined && form === 'text') time = parseWorkingTimeText(fallback.workDays, workSchedule)
  if (typeof time === 'string') {
    if (time === 'workDaysMissing') {
      const message = type === 'Part Time' && partTimeMessage !== null ? partTimeMessage : WORKING_TIME_MESSAGES.workDaysMissing
      return { issues: [{ field: 'workDays', message }] }
    }
    if (time === 'workDaysUnreadable') {
      // the schedule's own problem too, where it has one
      const schedule = parseWorkingTimeText(undefined, workSchedule) === 'workScheduleUnreadable'
        ? [{ field: 'workSchedule', message: LAWFUL_CONTRACT_MESSAGES.workScheduleUnreadable }]
        : []
      return { issues: [{ field: 'workDays', message: LAWFUL_CONTRACT_MESSAGES.workDaysUnreadable }, ...schedule] }
    }
    return time === 'workScheduleUnreadable'
      ? { issues: [{ field: 'workSchedule', message: LAWFUL_CONTRACT_MESSAGES.workScheduleUnreadable }] }
      : { issues: [{ field: 'workDays', message: WORKING_TIME_MESSAGES.workDaysDisagree }] }
  }
  const facts = workingTimeFacts(time, policy.mealWindows)
  if (!isWorkingTimeFacts(facts)) return { issues: [{ field: 'workSchedule', message: shapeMessage(facts) }] }
  return { time, facts, form, textDays }
}

/** Whether `readRecordWorkingTime` read one. */
export function isRecordWorkingTime (value: ReturnType<typeof readRecordWorkingTime>): value is RecordWorkingTime {
  return value !== undefined && 'facts' in value
}

/**
 * The four-hour test under both readings (§23, §35; Reglamento art. 12; Informe 133-2016-MTPE; Cas. Lab.
 * 18749-2016-Lima): the cycle's weekly average divided by the workplace's ordinary days (by 5 when the
 * worker works fewer than five days), and divided by the worker's own days when they are five or six
 * (by 5 when fewer). Part time only when both are under four hours: 5 x 4 h is not.
 * @returns whether it is part time, the workplace reading (divisor, minutes a day) and the worker's
 *   (workerDivisor, workerDailyMinutes)
 */
export function partTimeTest (facts: WorkingTimeFacts, ordinaryWeek: { days: number }) {
  const workerDays = Math.max(...facts.daysPerWeek)
  const divisor = workerDays < 5 ? 5 : ordinaryWeek.days
  const dailyMinutes = facts.averageWeeklyMinutes / divisor
  const workerDivisor = Math.max(5, workerDays)
  const workerDailyMinutes = facts.averageWeeklyMinutes / workerDivisor
  const partTime = dailyMinutes < PART_TIME_DAILY_MINUTES && workerDailyMinutes < PART_TIME_DAILY_MINUTES
  return { partTime, divisor, dailyMinutes, workerDays, workerDivisor, workerDailyMinutes }
}

/**
 * The lowest salary, rounded up to the céntimo: the RMV, or for part time its share of the
 * workplace's ordinary week (§9, §23), plus 35 % on the night share (D.S. 007-2002-TR art. 8).
 * @param weeklyHours the schedule's hours a week (the cycle's average)
 * @param nightShare night minutes worked ÷ minutes worked, 0 to 1
 * @param ordinaryWeekHours the profile's `ordinaryWeek.hours`
 */
export function minimumSalaryWith (
  partTime: boolean, weeklyHours: number, nightShare: number, minimumWage: number, ordinaryWeekHours: number
): number {
  const base = partTime ? (minimumWage * Math.min(weeklyHours, ordinaryWeekHours)) / ordinaryWeekHours : minimumWage
  const soles = base * (1 + NIGHT_SURCHARGE * nightShare)
  return Math.ceil(Math.round(soles * 1e6) / 1e4) / 100
}

/** `de 08:00 a 16:45` of a placed shift. */
const shiftText = (shift: ShiftFacts) => `de ${timeText(shift.start)} a ${timeText(shift.end)}`
const dayOf = (shift: ShiftFacts, weeks: number) =>
  `${DAY_NAMES[shift.day]}${weeks > 1 ? ` de la semana ${shift.week + 1} del ciclo` : ''}`

/**
 * The working-time issues of one record (§12, §22, §23), shared by contracts and adendas.
 * @param at the field path of a field name
 * @param partTimeMessage the refusal of a part-time record without days or schedule; null to accept it
 */
export function workingTimeIssues (
  fields: Record<string, unknown>, type: ContractType, policy: WorkingTimePolicy, at: (field: string) => string,
  partTimeMessage: string | null
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const read = readRecordWorkingTime(fields, type, policy, partTimeMessage)
  if (read === undefined) return issues
  if (!isRecordWorkingTime(read)) return read.issues.map(({ field, message }) => ({ field: at(field), message }))
  const { facts, form } = read
  const scheduleField = form === 'workingTime' ? 'workingTime' : 'workSchedule'
  const add = (field: string, message: string) => issues.push({ field: at(field), message })

  // a day of rest every week of the cycle (D.Leg. 713 art. 1)
  const fullWeek = facts.daysPerWeek.findIndex((days) => days === 7)
  if (fullWeek >= 0) {
    add(form === 'workingTime' ? 'workingTime' : read.textDays ? 'workDays' : 'workSchedule',
      WORKING_TIME_MESSAGES.noWeeklyRest(facts.weeks > 1 ? ` en la semana ${fullWeek + 1} del ciclo` : ' en la semana'))
  }
  // §33: at most six days between the end of one rest of 24 consecutive hours and the start of the next
  const rest = weeklyRests(facts)
  if (fullWeek < 0 && rest.overrun !== undefined) {
    const { stretch, longestPause } = rest.overrun
    const moment = (minutes: number) => cycleMomentText(minutes, facts.weeks)
    const length = stretch.to - stretch.from
    const pauseLength = longestPause.to - longestPause.from
    const pause = pauseLength === 0
      ? ''
      : WORKING_TIME_MESSAGES.restPause(moment(longestPause.from), moment(longestPause.to),
        durationText(pauseLength))
    const excess = durationText(length - MAX_MINUTES_BETWEEN_RESTS)
    const message = WORKING_TIME_MESSAGES.weeklyRestTooFar(
      moment(stretch.from), moment(stretch.to), durationText(length), excess, pause)
    add(scheduleField, message)
  }
  // §33: the refrigerio inside its shift, an hour of work before and after it
  const atEdge = (shift: ShiftFacts) => shift.breakMinutes > 0 && (shift.breakFrom !== undefined
    ? shift.breakFrom - shift.start < MIN_WORK_AROUND_BREAK ||
      shift.end - shift.breakFrom - shift.breakMinutes < MIN_WORK_AROUND_BREAK
    : shift.end - shift.start - shift.breakMinutes < 2 * MIN_WORK_AROUND_BREAK)
  const edge = facts.shifts.find(atEdge)
  if (edge !== undefined) {
    add(scheduleField, edge.breakFrom !== undefined
      ? WORKING_TIME_MESSAGES.breakAtEdge(dayOf(edge, facts.weeks), shiftText(edge), timeText(edge.breakFrom))
      : WORKING_TIME_MESSAGES.breakNoRoom(dayOf(edge, facts.weeks), shiftText(edge), edge.breakMinutes))
  }
  // the refrigerio: at least 45 minutes, and on every shift over the profile's threshold
  const short = facts.shifts.find((shift) => shift.breakMinutes > 0 && shift.breakMinutes < MIN_BREAK_MINUTES)
  if (short !== undefined) {
    add(scheduleField, WORKING_TIME_MESSAGES.shortBreak(dayOf(short, facts.weeks), short.breakMinutes))
  }
  const threshold = policy.refrigerioAfterMinutes
  const long = facts.shifts.find((shift) => shift.breakMinutes === 0 && shift.end - shift.start > threshold)
  if (long !== undefined) {
    const hours = durationText(threshold)
    add(scheduleField, WORKING_TIME_MESSAGES.missingBreak(dayOf(long, facts.weeks), shiftText(long), hours))
  }
  // at most 48 hours a week on average over the cycle
  if (facts.averageWeeklyMinutes > MAX_WEEKLY_MINUTES) {
    add(scheduleField, WORKING_TIME_MESSAGES.weeklyMaximum(durationText(facts.averageWeeklyMinutes), facts.weeks))
  }
  // the declared total, to the minute; then the four-hour test
  const declared = typeof fields.weeklyHours === 'number' ? fields.weeklyHours : undefined
  const test = partTimeTest(facts, policy.ordinaryWeek)
  if (declared !== undefined && Math.round(declared * 60) !== Math.round(facts.averageWeeklyMinutes)) {
    add('weeklyHours', WORKING_TIME_MESSAGES.hoursMismatch(weeklyMinutesText(facts.averageWeeklyMinutes)))
  } else if (type === 'Part Time' && !test.partTime && test.dailyMinutes >= PART_TIME_DAILY_MINUTES) {
    add('weeklyHours', WORKING_TIME_MESSAGES.partTimeFourHours(
      durationText(facts.averageWeeklyMinutes), test.divisor, durationText(test.dailyMinutes), test.workerDays,
      daysText(facts.workDays), policy.ordinaryWeek.days))
  } else if (type === 'Part Time' && !test.partTime) {
    // §35: under four hours over the workplace's week, not over the worker's own five or six days
    add('contractType', WORKING_TIME_MESSAGES.partTimeOwnDays(durationText(facts.averageWeeklyMinutes), test.workerDivisor,
      daysText(facts.workDays), durationText(test.workerDailyMinutes)))
  }
  // night work at the RMV (or its share) plus 35 % on the night share
  const salary = typeof fields.salary === 'number' && fields.salary > 0 ? fields.salary : undefined
  if (facts.nightShare > 0 && salary !== undefined) {
    const { minimumWage, ordinaryWeek } = policy
    const hours = facts.averageWeeklyMinutes / 60
    const minimum = minimumSalaryWith(test.partTime || type === 'Part Time', hours, facts.nightShare, minimumWage, ordinaryWeek.hours)
    if (salary < minimum) add('salary', LAWFUL_CONTRACT_MESSAGES.belowNightMinimum(formatSoles(minimum)))
  }
  return issues
}

/**
 * The warnings of a record's working time (§22): each shift without refrigerio that covers a whole
 * meal window of the profile, kept but named (`data.warnings` of the uploads). None when the working
 * time cannot be read (its refusal says why).
 */
export function workingTimeWarnings (
  fields: Record<string, unknown>, type: ContractType, policy: WorkingTimePolicy, at: (field: string) => string
): ValidationIssue[] {
  const read = readRecordWorkingTime(fields, type, policy)
  if (!isRecordWorkingTime(read) || read.form === 'default') return []
  const field = read.form === 'workingTime' ? 'workingTime' : 'workSchedule'
  const seen = new Set<string>()
  const warnings: ValidationIssue[] = []
  for (const shift of read.facts.shifts) {
    if (shift.breakMinutes > 0 || shift.mealWindows.length === 0) continue
    const window = policy.mealWindows[shift.mealWindows[0]]
    const message = WORKING_TIME_MESSAGES.mealWindowWithoutBreak(dayOf(shift, read.facts.weeks), shiftText(shift), `${window.start} a ${window.end}`)
    // one warning per shift time and window: `lunes a viernes` of the same shift say it once
    const key = `${shiftText(shift)}|${window.start}`
    if (seen.has(key)) continue
    seen.add(key)
    warnings.push({ field: at(field), message })
  }
  return warnings
}

/**
 * Problems of the profile's working time (start-up, src/employer/profile.ts; §22, §23): the
 * full-time defaults pass a record's rules and are the workplace's ordinary week (its days and
 * hours); one line per problem, naming the key.
 */
export function profileWorkingTimeProblems (profile: EmployerProfile): string[] {
  const problems: string[] = []
  const policy = workingTimePolicy(profile)
  for (const type of ['Planilla', 'Subsidio'] as const) {
    const entry = profile.contractDefaults[type]
    const key = `contractDefaults.${type}`
    if (entry.workingTime !== undefined && (entry.workDays !== undefined || entry.workSchedule !== undefined)) {
      problems.push(`${key}: indique workingTime o workDays y workSchedule, no ambos`)
      continue
    }
    if (policy.defaults[type] === undefined) {
      problems.push(`${key}: faltan workDays y workSchedule (la jornada por defecto de los contratos a tiempo completo)`)
      continue
    }
    const record: Record<string, unknown> = entry.workingTime !== undefined
      ? { workingTime: entry.workingTime }
      : { workDays: entry.workDays, workSchedule: entry.workSchedule }
    if (entry.weeklyHours !== undefined) record.weeklyHours = entry.weeklyHours
    const issues = workingTimeIssues(record, type, policy, (field) => field, null)
    if (issues.some((issue) => issue.field === 'workDays' || issue.field === 'workSchedule') && entry.workingTime === undefined &&
      typeof parseWorkingTimeText(entry.workDays, entry.workSchedule as string) === 'string') {
      problems.push(`${key}: no se pueden leer workDays "${entry.workDays ?? ''}" y workSchedule "${entry.workSchedule ?? ''}"`)
      continue
    }
    problems.push(...issues.map((issue) => `${key}.${issue.field}: ${issue.message}`))
    const read = readRecordWorkingTime(record, type, policy)
    if (!isRecordWorkingTime(read)) continue
    const { facts } = read
    const days = Math.max(...facts.daysPerWeek)
    const minutes = Math.round(facts.averageWeeklyMinutes)
    if (days !== profile.ordinaryWeek.days || minutes !== Math.round(profile.ordinaryWeek.hours * 60)) {
      problems.push(`${key}: la jornada por defecto (${days} días, ${weeklyMinutesText(facts.averageWeeklyMinutes)}) no es la ` +
        `semana ordinaria del centro de trabajo (ordinaryWeek: ${profile.ordinaryWeek.days} días, ${profile.ordinaryWeek.hours} horas)`)
    }
  }
  return problems
}

/** A week as the service reads it (`POST /api/working-time`): the texts a contract writes, hours, weekly rest. */
export interface WeekReading {
  workDays: string
  workSchedule: string
  /** the cycle's average weekly hours, as the contract prints them (`43 horas y 30 minutos semanales`) */
  weeklyHours: string
  /** the weekly rest the week gives, as the contract prints it (§33); '' when there is none */
  weeklyRest: string
  /** the working-time rules' refusals of the week, with `body.` fields */
  issues: ValidationIssue[]
}

/**
 * Reads a week (the record's working-time fields) as a contract of `type` would (§12, §22, §23, §33),
 * for a form that edits one.
 * @returns the reading; or `unreadable`: the refusals of a week that cannot be read (a part-time
 *   week without its days included), with `body.` fields
 */
export function readWeek (
  fields: Record<string, unknown>, type: ContractType, profile: EmployerProfile
): WeekReading | { unreadable: ValidationIssue[] } {
  const policy = workingTimePolicy(profile)
  const at = (field: string) => `body.${field}`
  const read = readRecordWorkingTime(fields, type, policy, WORKING_TIME_MESSAGES.workDaysMissing)
  if (read === undefined) {
    return { unreadable: [{ field: at('workingTime'), message: WORKING_TIME_MESSAGES.workingTime.invalid }] }
  }
  if (!isRecordWorkingTime(read)) {
    return { unreadable: read.issues.map(({ field, message }) => ({ field: at(field), message })) }
  }
  const { days, schedule } = workingTimeText(read.time)
  return {
    workDays: days,
    workSchedule: schedule,
    weeklyHours: weeklyMinutesText(read.facts.averageWeeklyMinutes),
    weeklyRest: weeklyRestText(read.facts),
    issues: workingTimeIssues(fields, type, policy, at, null)
  }
}
