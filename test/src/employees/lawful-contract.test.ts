import { test } from 'tap'
import { readFileSync } from 'node:fs'
import type { EmployerProfile } from '../../../schemas/employer-profile.js'
import { assetPath } from '../../../src/paths.js'
import { addDays, addMonths, ageOn, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { parseModality } from '../../../src/vocabulary/modality.js'
import { parseWorkDays } from '../../../src/vocabulary/working-time.js'
import { lawfulContractIssues, lawfulContractPolicy } from '../../../src/employees/lawful-contract.js'
import { minimumSalaryWith, partTimeTest, profileWorkingTimeProblems } from '../../../src/employees/working-time-rules.js'
import { contractDefaultProblems } from '../../../src/employer/profile.js'
import { sampleEmployee, sampleSubsidio, sampleTerm } from '../../support/samples.js'
import { SUPLENCIA_MESSAGES } from '../../../schemas/messages.js'

const demo = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')) as EmployerProfile
const policy = lawfulContractPolicy(demo)
const issuesOf = (record: Record<string, unknown>) => lawfulContractIssues(record, '', policy)
const fieldsOf = (record: Record<string, unknown>) => issuesOf(record).map((issue) => issue.field)

test('today is the calendar day in Lima whatever the process time zone (UTC−5 all year)', async (t) => {
  t.equal(todayInLima(new Date('2026-11-26T04:59:00Z')), '25/11/2026', '23:59 in Lima is still the 25th')
  t.equal(todayInLima(new Date('2026-11-26T05:00:00Z')), '26/11/2026')
  t.equal(todayInLima(new Date('2027-01-01T03:00:00Z')), '31/12/2026', 'new year in UTC, not yet in Lima')
  // the answer is kept for its minute only: the last millisecond of a Lima day after its next one, and back
  t.equal(todayInLima(new Date('2026-11-26T04:59:59.999Z')), '25/11/2026')
  t.equal(todayInLima(new Date('2026-11-26T05:00:00.000Z')), '26/11/2026')
  t.equal(todayInLima(new Date('2026-11-26T04:59:59.999Z')), '25/11/2026')
  t.throws(() => todayInLima(new Date(Number.NaN)), RangeError, 'an invalid date is no day')
})

test('date arithmetic: days, months at month ends, terms and ages', async (t) => {
  t.equal(addDays('31/12/2026', 1), '01/01/2027')
  t.equal(addMonths('31/01/2027', 1), '28/02/2027')
  t.equal(addMonths('31/01/2028', 1), '29/02/2028')
  t.equal(termEnd('01/12/2026', 6), '31/05/2027')
  t.equal(termEnd('15/01/2027', 36), '14/01/2030')
  t.equal(ageOn('26/11/2008', '25/11/2026'), 17)
  t.equal(ageOn('25/11/2008', '25/11/2026'), 18)
  t.throws(() => addDays('31/02/2026', 1), RangeError)
})

test('a modality is read from its article or its legal name, ignoring case, accents and hyphens', async (t) => {
  t.equal(parseModality('57'), '57')
  t.equal(parseModality(58), '58')
  t.equal(parseModality('Art. 60'), '60')
  t.equal(parseModality('NECESIDADES DEL MERCADO'), '58')
  t.equal(parseModality('inicio-o-incremento-de-actividad'), '57')
  t.equal(parseModality('Obra determinada o servicio especifico'), '63')
  t.equal(parseModality('Temporada'), '67')
  t.equal(parseModality('Suplencia'), '61')
  t.equal(parseModality('59'), undefined)
  t.equal(parseModality('temporada alta'), undefined)
})

test('working days: names, abbreviations, plurals, ranges and lists; anything else is unreadable', async (t) => {
  t.same(parseWorkDays('lunes a viernes'), [0, 1, 2, 3, 4])
  t.same(parseWorkDays('de lunes a viernes'), [0, 1, 2, 3, 4])
  t.same(parseWorkDays('lun, mié y vie'), [0, 2, 4])
  t.same(parseWorkDays('Sábado y Domingo'), [5, 6])
  t.same(parseWorkDays('sábados'), [5])
  t.same(parseWorkDays('lunes, miércoles y viernes'), [0, 2, 4])
  for (const text of ['de lunes a viernes por la tarde', 'viernes a lunes', 'lunes y lunes', 'todos los días', '']) {
    t.equal(parseWorkDays(text), undefined, text)
  }
})

test('the sample records make lawful contracts today', async (t) => {
  t.same(issuesOf(sampleEmployee()), [])
  t.same(issuesOf(sampleSubsidio()), [])
  t.same(issuesOf(sampleEmployee({ contractType: 'Part Time', workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:51 horas', salary: 500 })), [])
  t.same(issuesOf(sampleEmployee({ workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas' })), [],
    'the public text forms of full time still pass')
})

test('dates in Lima: no backdating, no signing after the start, no start in the past', async (t) => {
  const today = todayInLima()
  t.same(issuesOf(sampleEmployee({ signingDate: addDays(today, -1) })),
    [{ field: 'signingDate', message: `La fecha de suscripción no puede ser anterior a hoy (${today}): un contrato no se firma con fecha pasada` }])
  const { entryDate } = sampleTerm()
  t.same(fieldsOf(sampleEmployee({ signingDate: addDays(entryDate, 1) })), ['signingDate'])
  t.same(fieldsOf(sampleEmployee({ signingDate: today })), [], 'signed today')
  t.same(fieldsOf(sampleEmployee({ entryDate: addDays(today, -1) })), ['entryDate'])
  t.same(fieldsOf(sampleEmployee(sampleTerm(6, 0))), [], 'starting today')
})

test('each modality has its maximum term; Subsidio is always a suplencia', async (t) => {
  const entryDate = addDays(todayInLima(), 7)
  t.same(issuesOf(sampleEmployee({ modality: '58', endDate: termEnd(entryDate, 72) })), [{
    field: 'endDate',
    message: `El plazo supera el máximo de 60 meses de la modalidad «necesidades del mercado»: la fecha de término debe ser como máximo ${termEnd(entryDate, 60)}`
  }])
  t.same(fieldsOf(sampleEmployee({ modality: '58', endDate: termEnd(entryDate, 60) })), [])
  const mallAventura = { subDivisionOrParking: 'Playa Mall Aventura', causeId: 'mall-aventura-apertura' }
  t.same(fieldsOf(sampleEmployee({ ...mallAventura, modality: '57', endDate: termEnd(entryDate, 37) })), ['endDate', 'causeId'],
    'art. 57: three years, and past the cause\'s 36 months from its activity (§34)')
  const occasional = lawfulContractPolicy({
    ...demo,
    sites: demo.sites.map((site) => site.name === 'Playa Larcomar' ? { ...site, modalities: [...site.modalities, '60'] } : site),
    causes: [...demo.causes ?? [], { id: 'inventario', modality: '60', sites: ['Playa Larcomar'], text: 'x'.repeat(30), period: { from: '01/01/2026', to: '31/12/2032' } }]
  })
  t.same(lawfulContractIssues(sampleEmployee({ modality: '60', endDate: termEnd(entryDate, 7) }), '', occasional).map(({ field }) => field), ['endDate'], 'art. 60: six months')
  t.same(fieldsOf(sampleEmployee({ modality: 'de temporada alta' })), ['modality'])
  t.same(fieldsOf(sampleSubsidio({ modality: '58' })), ['modality'])
  t.same(fieldsOf(sampleEmployee({ modality: '61' })), ['modality'])
})

test('the cause is a reviewed one: by id, or the one that fits site, modality, term and working time (§21)', async (t) => {
  t.same(fieldsOf(sampleEmployee()), [], 'Playa Larcomar has one art. 58 cause for any hours')
  t.same(fieldsOf(sampleEmployee({ causeId: 'larcomar-remodelacion-vecino' })), [])
  t.match(issuesOf(sampleEmployee({ causeId: 'feria' })), [{ field: 'causeId', message: /^La causa «feria» no es una de las causas objetivas revisadas .*Se ajusta a este contrato la causa revisada «Incremento temporal e imprevisible de vehículos atendidos en la sede…»$/ }])
  t.match(issuesOf(sampleEmployee({ causeId: 'lince-feria-comercial' })), [{ field: 'causeId', message: /es de la sede Playa Lince, no de Playa Larcomar/ }])
  t.match(issuesOf(sampleEmployee({ causeId: 'larcomar-servicio-nocturno', modality: '58' })), [{ field: 'causeId', message: /es de la modalidad «inicio o incremento de actividad», no de la «necesidades del mercado»/ }])
  t.match(issuesOf(sampleEmployee({ causeId: 'larcomar-servicio-nocturno' })), [{ field: 'causeId', message: /^La causa «Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos…» justifica solo trabajo lunes a domingo de 18:00 a 06:00/ }],
    '§34: without a modality the record takes its cause\'s (57): only the night shift is then wrong')
  t.match(issuesOf(sampleEmployee({ modality: '57' })), [{ field: 'causeId', message: /^Ninguna causa objetiva revisada para la sede Playa Larcomar y la modalidad «inicio o incremento de actividad» .*«Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos…»: del 01\/01\/2026 al 31\/12\/2028, lunes a domingo de 18:00 a 06:00/ }],
    'the night service justifies no day shift')
  t.same(fieldsOf(sampleEmployee({ modality: '57', workDays: 'viernes a domingo', workSchedule: 'de 22:00 a 06:00 horas, con 45 minutos de refrigerio', salary: 1600 })), [], 'a night shift fits it')
  t.same(fieldsOf(sampleEmployee({ modality: '57', workDays: 'lunes', workSchedule: 'de 00:00 a 05:00 horas', salary: 1600 })), [], 'inside the night that began on Sunday')
  t.match(issuesOf(sampleEmployee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '57' })), [{ field: 'causeId', message: /^Varias causas .*: «Apertura de la nueva sede.*»; «Incremento de la actividad de la sede.*»\./ }])
  t.match(issuesOf(sampleEmployee({ subDivisionOrParking: 'Otra sede' })), [{ field: 'subDivisionOrParking', message: /^La sede Otra sede no es un centro de trabajo del empleador.*: Playa Larcomar, Playa Lince, Playa Mall Aventura$/ }])
  t.same(fieldsOf(sampleEmployee({ subDivisionOrParking: 'constructor' })), ['subDivisionOrParking'], 'own names only')
  t.same(fieldsOf(sampleEmployee({ subDivisionOrParking: 'playa  LARCOMAR' })), [], 'a site by its name, case and spacing aside')
  t.match(issuesOf(sampleEmployee({ modality: '60' })), [{ field: 'modality', message: 'La sede Playa Larcomar no contrata en la modalidad «ocasional»: las modalidades de esa sede son «inicio o incremento de actividad», «necesidades del mercado», «suplencia»' }])
  t.match(issuesOf(sampleEmployee({ objectiveCause: 'Campaña de verano con más usuarios que de costumbre' })), [{ field: 'objectiveCause', message: /no se imprime: una causa debe ser revisada por el asesor legal/ }])
  t.same(fieldsOf(sampleEmployee({ objectiveCause: demo.causes?.[0].text })), [], "a reviewed cause's text names that cause")
  t.same(fieldsOf(sampleSubsidio({ causeId: 'larcomar-remodelacion-vecino' })), ['causeId'], 'a suplencia has no reviewed cause')
})

test('part time: its own working time, under four hours a day over the workplace\'s ordinary week (six days in the demo)', async (t) => {
  const partTime = (overrides: Record<string, unknown>) => sampleEmployee({ contractType: 'Part Time', salary: 600, ...overrides })
  t.same(fieldsOf(partTime({})), ['workDays', 'workSchedule'], 'no default working time for part time')
  t.same(issuesOf(partTime({ weeklyHours: 24, workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 22:00 horas' })), [{
    field: 'weeklyHours',
    message: 'Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: 24 horas semanales ÷ 6 días de la ' +
      'semana del centro de trabajo = 4 horas diarias (art. 12 del D.S. 001-96-TR); la persona trabaja 6 días (lunes a sábado)'
  }])
  t.same(fieldsOf(partTime({ weeklyHours: 22, workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 21:40 horas' })), [], '22 h over six days')
  t.same(fieldsOf(partTime({ workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 22:00 horas' })), ['contractType'],
    '§35: 20 h over five days is under four ÷ 6 but four ÷ the worker\'s 5: refused as part time')
  t.same(fieldsOf(partTime({ workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas' })), [], '5 x 3 h 45 min passes')
  t.same(fieldsOf(partTime({ workDays: 'sábado y domingo', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' })), [],
    'a weekend of 16 hours: ÷ 5 under both readings')
  t.same(issuesOf(partTime({ workDays: 'lunes a jueves', workSchedule: 'de 17:00 a 22:00 horas' })), [{
    field: 'weeklyHours',
    message: 'Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: la persona trabaja 4 días (lunes a jueves), ' +
      'menos de cinco, y 20 horas semanales ÷ 5 = 4 horas diarias (art. 12 del D.S. 001-96-TR; Informe 133-2016-MTPE: veinte ' +
      'horas o más en menos de cinco días no son tiempo parcial)'
  }])
  t.same(issuesOf(partTime({ weeklyHours: 19.75, workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 22:00 horas' })), [{
    field: 'weeklyHours', message: 'Las horas semanales no coinciden con los días y el horario indicados, que suman 20 horas semanales'
  }], 'the declared total equals the schedule\'s to the minute')
  t.same(issuesOf(partTime({ weeklyHours: 18, workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 14:00 horas' })), [{
    field: 'weeklyHours', message: 'Las horas semanales no coinciden con los días y el horario indicados, que suman 36 horas semanales'
  }])
  const five = lawfulContractPolicy({ ...demo, ordinaryWeek: { days: 5, hours: 40 } })
  t.same(lawfulContractIssues(partTime({ workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 22:00 horas' }), '', five)
    .map((issue) => issue.field), ['weeklyHours'], 'over a five-day week 20 hours are four a day')
  t.same(partTimeTest({ daysPerWeek: [5], averageWeeklyMinutes: 1200 } as never, { days: 6 }).partTime, false, 'both readings: 5 x 4 h is not')
  t.same(fieldsOf(partTime({ workDays: 'cuando se necesite', workSchedule: 'por las noches' })), ['workDays', 'workSchedule'])
})

test('a day of rest, a refrigerio of 45 minutes on long shifts, at most 48 hours; night work at RMV + 35 % on its share', async (t) => {
  t.same(fieldsOf(sampleEmployee({ workDays: 'lunes a domingo', workSchedule: 'de 08:00 a 14:00 horas' })), ['workDays'])
  t.same(fieldsOf(sampleEmployee({ workDays: 'lunes a sábado', workSchedule: 'de 07:00 a 15:55 horas, con 45 minutos de refrigerio' })),
    ['workSchedule'], '49 hours')
  t.same(fieldsOf(sampleEmployee({ workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 16:30 horas, con 30 minutos de refrigerio' })),
    ['workSchedule'])
  t.same(fieldsOf(sampleEmployee({ workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 14:30 horas' })), ['workSchedule'])
  t.equal(minimumSalaryWith(false, 48, 1, 1130, 48), 1525.5)
  t.equal(minimumSalaryWith(true, 19.25, 0, 1130, 48), 453.18, '453.177 rounded up to the céntimo')
  const night = { workDays: 'lunes a sábado', workSchedule: 'de 22:00 a 06:45 horas, con 45 minutos de refrigerio' }
  t.same(issuesOf(sampleEmployee({ ...night, salary: 1500 })), [{
    field: 'salary',
    message: 'El sueldo no puede ser menor a S/ 1,525.50: el horario incluye trabajo nocturno, cuya remuneración mínima es la ' +
      'remuneración mínima vital más 35 % (art. 8 del D.S. 007-2002-TR)'
  }], 'the refrigerio is taken outside the night when its start is not given')
  t.same(fieldsOf(sampleEmployee({ ...night, salary: 1525.5 })), [])
})

test('probation: months or days, over three only with a reason the catalogue gives the position, ending before the contract (§24)', async (t) => {
  t.same(fieldsOf(sampleEmployee({ probationaryPeriod: 'tres meses y medio' })), ['probationaryPeriod'])
  t.same(fieldsOf(sampleEmployee({ probationaryPeriod: 'noventa días' })), [], 'days are read')
  t.same(fieldsOf(sampleEmployee({ probationaryPeriod: '5 meses' })), ['probationaryPeriod'])
  const supervisor = { position: 'Supervisor' }
  t.same(fieldsOf(sampleEmployee({ ...supervisor, ...sampleTerm(12), probationaryPeriod: '5 meses', probationReason: 'confianza' })), [])
  t.same(fieldsOf(sampleEmployee({ ...supervisor, ...sampleTerm(12), probationaryPeriod: '5 meses', probationReason: 'calificado' })), ['probationReason'],
    'a reason the catalogue does not give the position')
  t.same(fieldsOf(sampleEmployee({ ...supervisor, ...sampleTerm(12), probationaryPeriod: '7 meses', probationReason: 'confianza' })), ['probationaryPeriod'],
    'confianza: six months at most (§24)')
  t.same(fieldsOf(sampleEmployee({ position: 'Administrador de sede', ...sampleTerm(24), probationaryPeriod: '12 meses', probationReason: 'direccion' })), [])
  t.same(fieldsOf(sampleEmployee({ ...sampleTerm(12), probationaryPeriod: '5 meses', probationReason: 'antigüedad' })), ['probationReason'])
  t.same(fieldsOf(sampleEmployee({ ...supervisor, ...sampleTerm(6), probationaryPeriod: '6 meses', probationReason: 'confianza' })), ['probationaryPeriod'],
    'as long as the term')
  t.same(fieldsOf(sampleEmployee({ ...sampleTerm(3), probationaryPeriod: '1 mes' })), [], 'a shorter probation on a short term (§24)')
  t.same(fieldsOf(sampleEmployee({ ...sampleTerm(3), probationaryPeriod: '3 meses' })), ['probationaryPeriod'], 'not shorter than the term')
  t.same(fieldsOf(sampleEmployee({ ...sampleTerm(3), probationaryPeriod: 'sin periodo de prueba' })), [])
})

test('suplencia: the stable titular named in full on every route', async (t) => {
  t.same(fieldsOf(sampleSubsidio({ replacedWorkerDni: undefined, replacedWorkerPosition: undefined, workingCondition: undefined })),
    ['replacedWorkerDni', 'replacedWorkerPosition', 'workingCondition'])
  t.same(issuesOf(sampleSubsidio({ workingCondition: 'Contrato a plazo fijo por necesidades del mercado' })), [{
    field: 'workingCondition',
    message: SUPLENCIA_MESSAGES.titularNotStable
  }])
  for (const condition of ['ESTABLE', 'Permanente', 'A plazo indeterminado', 'indeterminada', 'con contrato indefinido']) {
    t.same(fieldsOf(sampleSubsidio({ workingCondition: condition })), [], condition)
  }
})

test('no minors: 18 years on the start date', async (t) => {
  const { entryDate } = sampleTerm()
  t.same(fieldsOf(sampleEmployee({ birthDate: addDays(addMonths(entryDate, -18 * 12), 1) })), ['birthDate'])
  t.same(fieldsOf(sampleEmployee({ birthDate: addMonths(entryDate, -18 * 12) })), [], '18 that very day')
})

test('the demo profile\'s defaults pass the same checks; broken ones are named at start-up', async (t) => {
  t.same(contractDefaultProblems(demo), [])
  t.same(profileWorkingTimeProblems(demo), [])
  const broken = {
    ...demo,
    contractDefaults: {
      Planilla: { ...demo.contractDefaults.Planilla, workSchedule: 'el del puesto' },
      'Part Time': { modality: '61' },
      Subsidio: { ...demo.contractDefaults.Subsidio, weeklyHours: 40 }
    }
  }
  t.same(contractDefaultProblems(broken), [
    'contractDefaults.Part Time.modality: la suplencia (61) es solo del Subsidio'
  ])
  t.same(profileWorkingTimeProblems(broken), [
    'contractDefaults.Planilla: no se pueden leer workDays "lunes a sábado" y workSchedule "el del puesto"',
    'contractDefaults.Subsidio.weeklyHours: Las horas semanales no coinciden con los días y el horario indicados, que suman 48 horas semanales'
  ])
  t.same(profileWorkingTimeProblems({ ...demo, ordinaryWeek: { days: 5, hours: 48 } }), [
    'contractDefaults.Planilla: la jornada por defecto (6 días, 48 horas semanales) no es la semana ordinaria del centro de ' +
      'trabajo (ordinaryWeek: 5 días, 48 horas)',
    'contractDefaults.Subsidio: la jornada por defecto (6 días, 48 horas semanales) no es la semana ordinaria del centro de ' +
      'trabajo (ordinaryWeek: 5 días, 48 horas)'
  ], 'a Monday-Saturday 48-hour default beside a five-day week disagrees')
  const structured = {
    ...demo,
    contractDefaults: {
      ...demo.contractDefaults,
      Planilla: {
        modality: '58',
        workingTime: { days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'].map((day) => ({ day, shifts: [{ start: '07:00', end: '15:20' }], breakMinutes: 20 })) }
      }
    }
  } as EmployerProfile
  t.match(profileWorkingTimeProblems(structured), [/^contractDefaults\.Planilla\.workingTime: El refrigerio del lunes es de 20 minutos/])
})
