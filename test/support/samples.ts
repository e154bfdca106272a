/**
 * Sample employees shared by the tests and the scripts (measure, render): valid per schemas/employee.ts
 * and lawful contracts (src/employees/lawful-contract.ts) on the day they run, with dates relative to
 * today in Lima.
 */
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'

/** The tests' employer profile for NODE_ENV=production (which refuses the demo one), from the project root. */
export const PRODUCTION_PROFILE = 'test/fixtures/employer-profile.json'

/** A start one week from today in Lima, and the last day of a six-month term from it (`DD/MM/YYYY`). */
export function sampleTerm (months = 6, daysAhead = 7): { entryDate: string, endDate: string } {
  const entryDate = addDays(todayInLima(), daysAhead)
  return { entryDate, endDate: termEnd(entryDate, months) }
}

/**
 * An adenda made in time (DOCUMENT-REQUIREMENTS §17): a contract that began `ago` days before today after an entry
 * 400 days ago and ends in ten days, extended from the next day for `months` months.
 */
export function sampleAddendumTerm (months = 6, ago = 170): Record<'entryDate' | 'start' | 'end' | 'startAddendum' | 'endAddendum', string> {
  const today = todayInLima()
  const end = addDays(today, 10)
  const startAddendum = addDays(end, 1)
  return { entryDate: addDays(today, -400), start: addDays(today, -ago), end, startAddendum, endAddendum: termEnd(startAddendum, months) }
}

/** A valid Planilla employee (spec Employee record), with optional overrides. */
export function sampleEmployee (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rosa María',
    lastNameFather: 'Quispe',
    lastNameMother: 'Mamani',
    birthDate: '15/03/1990',
    sex: 'F',
    dni: '12345678',
    email: 'rosa.quispe@example.com',
    address: 'Av. Los Álamos 123, Urb. San Ignacio',
    province: 'Lima',
    district: 'Miraflores',
    department: 'Lima',
    salary: 1500,
    salaryInWords: 'MIL QUINIENTOS CON 00/100 SOLES',
    position: 'Operario de playa',
    ...sampleTerm(),
    subDivisionOrParking: 'Playa Larcomar',
    contractType: 'Planilla',
    ...overrides
  }
}

/** A lawful Part Time employee: 18 h 45 over lunes a viernes (under four hours a day), at least its share of the RMV. */
export function samplePartTime (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEmployee({
    contractType: 'Part Time',
    salary: 600,
    salaryInWords: undefined,
    workDays: 'lunes a viernes',
    workSchedule: 'de 18:00 a 21:45 horas',
    ...overrides
  })
}

/**
 * A valid Subsidio employee with every replacement field: a titular in the same post (the override's
 * position), on medical leave (the ground recognised from the reason, DOCUMENT-REQUIREMENTS §25) until
 * the term's end (`absenceTo`, §37).
 */
export function sampleSubsidio (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEmployee({
    dni: '87654321',
    contractType: 'Subsidio',
    replacementFor: 'Juan Pérez Gómez',
    reasonForSubstitution: 'Descanso médico',
    timeForCompany: '2 años',
    replacedWorkerDni: '44556677',
    replacedWorkerPosition: overrides.position ?? 'Operario de playa',
    workingCondition: 'Plazo indeterminado, tiempo completo',
    probationaryPeriod: '3 meses',
    // the expected end of the absence, required (DOCUMENT-REQUIREMENTS §37): the term's end unless overridden
    absenceTo: overrides.endDate ?? sampleTerm().endDate,
    ...overrides
  })
}

/**
 * A valid addendum record (spec "Addendum employee record", as the addendum upload returns it), with
 * optional overrides: the contract's reviewed cause of the demo profile and its update, the original
 * salary (DOCUMENT-REQUIREMENTS §21, §28).
 */
export function sampleAddendum (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    division: 'Playas Lima',
    documentNumber: '01234567',
    worker: 'Rosa María Quispe Mamani',
    ...sampleAddendumTerm(),
    modality: '58',
    position: 'Operaria de playa',
    causeId: 'larcomar-remodelacion-vecino',
    causeUpdate: 'La necesidad subsiste porque las obras del centro comercial vecino continúan y siguen trasladando su estacionamiento a esta sede',
    originalSalary: 1500,
    address: 'Av. Los Álamos 123, Miraflores',
    province: 'Lima',
    district: 'Miraflores',
    department: 'Lima',
    salary: 1650,
    salaryInWords: 'MIL SEISCIENTOS CINCUENTA CON 00/100 SOLES',
    // who the worker is: required to generate the adenda (DOCUMENT-REQUIREMENTS §26)
    sex: 'F',
    birthDate: '15/03/1990',
    ...overrides
  }
}

const repeat = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length).trim().padEnd(length, 'x')

/** The longest site name a record may give (100 characters), a site of longestProfile(). */
export const LONGEST_SITE = repeat('Playa de estacionamiento Centro Comercial ', 100)

/**
 * A copy of an employer profile (the demo one, assets/employer-profile.json, read by the caller) with a
 * site of the longest name and address and a reviewed cause of the longest text (1000 characters) for it,
 * `la-mas-larga` (58): what longestEmployee() needs, as the profile counsel reviews holds the cause text
 * a contract prints (DOCUMENT-REQUIREMENTS §21).
 */
export function longestProfile (profile: Record<string, unknown>): Record<string, unknown> {
  const sites = profile.sites as unknown[]
  const causes = (profile.causes ?? []) as unknown[]
  return {
    ...profile,
    sites: [...sites, { name: LONGEST_SITE, address: repeat('Av. Los Libertadores del Perú 1234, Urb. San Ignacio de Loyola, ', 200), modalities: ['58', '61'] }],
    causes: [...causes, {
      id: 'la-mas-larga',
      modality: '58',
      sites: [LONGEST_SITE],
      text: repeat('Incremento temporal e imprevisible de la demanda del servicio de estacionamiento por la apertura de nuevos comercios en la zona, que el personal estable no puede atender. ', 1000),
      period: { from: '01/01/2026', to: '31/12/2032' }
    }]
  }
}

/**
 * An employee at the longest values the validation allows (schemas/employee.ts), with a character
 * outside WinAnsi (drawn with the Unicode fallback font): the renders and size checks use it, under
 * longestProfile(), whose longest cause it takes.
 */
export function longestEmployee (contractType: 'Planilla' | 'Part Time' | 'Subsidio'): Record<string, unknown> {
  return {
    name: repeat('Maximiliana Ő ', 50),
    lastNameFather: repeat('Villanueva ', 50),
    lastNameMother: repeat('Santisteban ', 50),
    birthDate: '15/03/1990',
    sex: 'F',
    dni: '12345678',
    email: `${'a'.repeat(64)}@${['dominio', 'largo', 'ejemplo'].map((label) => label.repeat(20).slice(0, 60)).join('.')}.pe`, // 250 characters
    address: repeat('Av. Los Libertadores del Perú 1234, Dpto. 501, Urb. San Ignacio de Loyola, ', 200),
    province: repeat('Provincia Constitucional ', 100),
    district: repeat('San Juan de Lurigancho ', 100),
    department: repeat('Departamento de Huancavelica ', 100),
    salary: 999999999.99,
    position: repeat('Supervisora general de operaciones de playa ', 100),
    positionProfile: 'supervisor', // a position the catalogue does not name, given its entry by key (§16)
    ...sampleTerm(14),
    subDivisionOrParking: LONGEST_SITE,
    contractType,
    signingDate: addDays(todayInLima(), 2),
    // the longest working time the rules read: every day named, a break stated
    weeklyHours: contractType === 'Part Time' ? 19.5 : 47.5,
    workDays: contractType === 'Part Time' ? 'lunes, martes, miércoles, jueves y viernes' : 'lunes, martes, miércoles, jueves, viernes y sábado',
    workSchedule: contractType === 'Part Time'
      ? 'de 18:00 a 21:54 horas, sin refrigerio'
      : 'de 07:00 a 15:40 horas, con 45 minutos de refrigerio',
    ...(contractType === 'Subsidio'
      ? {
          replacementFor: repeat('Juana Francisca de los Ángeles Pérez Gómez ', 100),
          replacedWorkerDni: '44556677',
          replacedWorkerPosition: repeat('Supervisora general de operaciones de playa ', 100),
          reasonForSubstitution: repeat('Licencia por maternidad (artículo 12, literal c, de la LPCL) y vacaciones pendientes a continuación ', 200),
          substitutionGround: 'maternidad', // the reason names two grounds: the record says which applies (§25)
          // the longest kind's printed name and the longest reference the rules read (§37)
          supportDocument: { kind: 'constancia-cargo', number: 'A-1234567890123456789-2026-OPE', date: todayInLima() },
          absenceTo: sampleTerm(14).endDate,
          timeForCompany: repeat('Doce años, siete meses y veinte días ', 100),
          workingCondition: repeat('Trabajadora estable a plazo indeterminado, jornada completa ', 100),
          probationaryPeriod: 'tres (3) meses'
        }
      : { causeId: 'la-mas-larga' })
  }
}
