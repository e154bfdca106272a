import { Type, type Static } from '@sinclair/typebox'
import { stringEnum } from './common.js'
import { WorkingTimeSchema } from './employee.js'

const text = (label: string, minLength: number, maxLength: number) => Type.String({
  minLength,
  maxLength,
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe tener entre ${minLength} y ${maxLength} caracteres` }
})
const object = <T extends Parameters<typeof Type.Object>[0]>(label: string, properties: T) =>
  Type.Object(properties, { 'x-messages': { required: `falta ${label}`, invalid: `${label} debe ser un objeto` } })
const list = (label: string, maxItems: number, itemMax: number) => Type.Array(text(`cada elemento de ${label}`, 2, itemMax), {
  minItems: 1,
  maxItems,
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe ser una lista de 1 a ${maxItems} textos` }
})

/** A `DD/MM/YYYY` date of the profile (its calendar validity is checked at start-up). */
const dayMonthYear = (label: string) => Type.String({
  pattern: '^(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/[0-9]{4}$',
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe ser DD/MM/YYYY` }
})
/** A time of day, `HH:MM` (00:00 to 24:00). */
const clockTime = (label: string) => Type.String({
  pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe ser HH:MM` }
})

/**
 * How a profile names a modality: its article number (`57`, `58`, `60`, `61`, `63`) or its legal
 * name; read by src/vocabulary/modality.ts, and checked at start-up (src/employer/profile.ts).
 */
const modalityName = (label: string) => Type.String({
  minLength: 2,
  maxLength: 60,
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe ser 57, 58, 60, 61, 63, 67 o el nombre de la modalidad` }
})

/** Labour regimes (general, or the REMYPE micro and small enterprise regimes, D.S. 013-2013-PRODUCE). */
export const LABOR_REGIMES = ['general', 'micro-empresa', 'pequena-empresa'] as const
export type LaborRegime = typeof LABOR_REGIMES[number]

/**
 * Defaults of one contract type, used when the record does not state them. Working time is read
 * and checked at start-up like a record's (DOCUMENT-REQUIREMENTS §12); Part Time takes its
 * working time from each record only, so its own are ignored.
 */
const contractDefaults = (label: string) => object(label, {
  weeklyHours: Type.Optional(Type.Number({
    exclusiveMinimum: 0,
    maximum: 48,
    'x-messages': { required: `falta weeklyHours en ${label}`, invalid: `weeklyHours de ${label} debe ser mayor a 0 y no mayor a 48` }
  })),
  workDays: Type.Optional(text(`workDays en ${label}`, 1, 100)),
  workSchedule: Type.Optional(text(`workSchedule en ${label}`, 1, 200)),
  /** The same working time as a structure (DOCUMENT-REQUIREMENTS §22), instead of workDays and workSchedule. */
  workingTime: Type.Optional(WorkingTimeSchema),
  modality: Type.Optional(modalityName(`modality en ${label}`)),
  probationMonths: Type.Optional(Type.Integer({
    minimum: 1,
    maximum: 3,
    'x-messages': { required: `falta probationMonths en ${label}`, invalid: `probationMonths de ${label} debe ser un entero de 1 a 3` }
  }))
})

/**
 * One position of the catalogue: what the annex prints for it (LSST art. 35; Ley 30102;
 * DOCUMENT-REQUIREMENTS §7, §16).
 */
const PositionSchema = object('el puesto', {
  /** The position's name as the annex prints it when a record names it by key. */
  name: text('el nombre del puesto', 1, 100),
  /**
   * The position's name for a woman ("Cajera"), printed in a woman's documents (DOCUMENT-REQUIREMENTS
   * §26); a record's `position` may also use it. Absent: the name serves both.
   */
  feminineName: Type.Optional(text('el nombre femenino del puesto (feminineName)', 1, 100)),
  /**
   * The reasons that allow this position a probation over three months (LPCL art. 10; §24), each with
   * the concrete justification the contract prints: `calificado` or `confianza` up to 6 months,
   * `direccion` up to 12. A dirección or confianza position is the employer's designation of it
   * (Reglamento art. 59), which the contract communicates in writing. Absent: three months at most.
   */
  probationReasons: Type.Optional(Type.Object({
    calificado: Type.Optional(text('la justificación del puesto calificado (probationReasons.calificado)', 20, 400)),
    confianza: Type.Optional(text('la justificación del puesto de confianza (probationReasons.confianza)', 20, 400)),
    direccion: Type.Optional(text('la justificación del puesto de dirección (probationReasons.direccion)', 20, 400))
  }, {
    additionalProperties: false,
    'x-messages': {
      required: 'falta probationReasons',
      invalid: 'probationReasons solo admite calificado, confianza y direccion, cada uno con su justificación de 20 a 400 caracteres'
    }
  })),
  /** Other names a record's `position` may use for it (case and accents ignored), e.g. the feminine form. */
  aliases: Type.Optional(Type.Array(text('cada alias del puesto', 1, 100), {
    maxItems: 20,
    'x-messages': { required: 'falta aliases', invalid: 'aliases debe ser una lista de hasta 20 nombres' }
  })),
  /** The risk assessment the functions and risks come from: its code and date (DD/MM/YYYY). */
  iperc: object('la evaluación de riesgos del puesto (IPERC)', {
    code: text('el código del IPERC', 2, 60),
    date: Type.String({
      pattern: '^(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/[0-9]{4}$',
      'x-messages': { required: 'falta la fecha del IPERC', invalid: 'la fecha del IPERC debe ser DD/MM/YYYY' }
    })
  }),
  functions: list('functions', 12, 300),
  risks: list('risks', 12, 300),
  /** Personal protective equipment only (EPP); may be empty when the IPERC requires none. */
  equipment: Type.Array(text('cada elemento de equipment', 2, 200), {
    maxItems: 12,
    'x-messages': { required: 'falta equipment (los EPP del puesto; [] si no requiere)', invalid: 'equipment debe ser una lista de hasta 12 textos' }
  }),
  /** Workstation equipment (a chair, a footrest): printed apart, never as protective equipment (§16). */
  workstation: Type.Optional(Type.Array(text('cada elemento de workstation', 2, 200), {
    maxItems: 12,
    'x-messages': { required: 'falta workstation', invalid: 'workstation debe ser una lista de hasta 12 textos' }
  })),
  /** The position works under the sun (Ley 30102): on an open-air site, in a shift with daylight hours (§38). */
  sunExposure: Type.Optional(Type.Boolean({ 'x-messages': { required: 'falta sunExposure', invalid: 'sunExposure debe ser true o false' } }))
})
export type PositionEntry = Static<typeof PositionSchema>

/**
 * The employer's data printed in every document: assets/employer-profile.json, or the file named
 * by EMPLOYER_PROFILE. Checked at start-up (src/employer/profile.ts, which adds the RUC check
 * digit and the production refusal); a bad profile stops the service with one line per problem.
 * DOCUMENT-REQUIREMENTS §1, §21 (causes), §2 (part-time hours), §5 (probation), §6 (data notice), §7
 * (positions), §8 (employer identity), §9 (minimum wage).
 */
export const EmployerProfileSchema = Type.Object({
  legalName: text('la razón social', 2, 120),
  ruc: Type.String({ pattern: '^[0-9]{11}$', 'x-messages': { required: 'falta el RUC', invalid: 'el RUC debe tener 11 dígitos' } }),
  address: text('el domicilio', 5, 200),
  businessActivity: text('la actividad económica (businessActivity)', 5, 200),
  laborRegime: stringEnum(LABOR_REGIMES, { 'x-messages': { required: 'falta el régimen laboral (laborRegime)', invalid: `laborRegime debe ser ${LABOR_REGIMES.join(', ')}` } }),
  representative: object('el representante', {
    name: text('el nombre del representante', 2, 120),
    dni: Type.String({ pattern: '^[0-9]{8}$', 'x-messages': { required: 'falta el DNI del representante', invalid: 'el DNI del representante debe tener 8 dígitos' } }),
    role: text('el cargo del representante', 2, 80),
    powers: text('los poderes del representante (representative.powers)', 10, 250)
  }),
  signingCity: text('la ciudad de suscripción', 2, 60),
  /**
   * The employer's workplaces (sedes): the name a record's `subDivisionOrParking` takes, the address
   * printed as the place of work (DOCUMENT-REQUIREMENTS §26: the jurisdiction clause names the judge
   * of the place of work), and the modalities (article numbers) its contracts may use (§21).
   */
  sites: Type.Array(object('una sede (sites)', {
    name: text('el nombre de la sede', 1, 100),
    address: text('la dirección de la sede', 5, 200),
    modalities: Type.Array(modalityName('cada modalidad de la sede'), {
      minItems: 1,
      maxItems: 8,
      'x-messages': { required: 'falta modalities (las modalidades que la sede puede contratar)', invalid: 'modalities debe ser una lista de 1 a 8 modalidades' }
    }),
    /**
     * Whether its workers work in the open air (DOCUMENT-REQUIREMENTS §38): only there does the annex
     * list sun exposure and sunscreen, and only for a shift with daylight hours. Absent: counted as
     * open air, so a profile that does not say keeps the sunscreen its positions give.
     */
    openAir: Type.Optional(Type.Boolean({ 'x-messages': { required: 'falta openAir', invalid: 'openAir de la sede debe ser true o false' } }))
  }), {
    minItems: 1,
    maxItems: 200,
    'x-messages': { required: 'falta sites (las sedes con su dirección)', invalid: 'sites debe ser una lista de 1 a 200 sedes' }
  }),
  /**
   * The employer's mail domains (DOCUMENT-REQUIREMENTS §39): a worker invited to sign must have an address of none of
   * them.
   */
  emailDomains: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', maxLength: 120 }), {
    maxItems: 20,
    'x-messages': { invalid: 'emailDomains debe ser una lista de hasta 20 dominios (empresa.pe)' }
  })),
  minimumWage: Type.Optional(Type.Number({ minimum: 1, maximum: 100000, 'x-messages': { required: 'falta minimumWage', invalid: 'minimumWage debe ser un monto en soles' } })),
  dataProtection: object('la protección de datos (dataProtection)', {
    bankName: text('el nombre del banco de datos (dataProtection.bankName)', 3, 120),
    registrationCode: text('el código de inscripción del banco de datos (dataProtection.registrationCode)', 3, 60),
    arcoEmail: Type.String({ format: 'email', maxLength: 120, 'x-messages': { required: 'falta el correo ARCO (dataProtection.arcoEmail)', invalid: 'dataProtection.arcoEmail debe ser un correo' } }),
    officer: Type.Optional(text('el oficial de datos (dataProtection.officer)', 3, 150)),
    recipients: list('dataProtection.recipients', 12, 200),
    transfers: text('las transferencias internacionales (dataProtection.transfers)', 5, 400),
    /** Each processor (encargado del tratamiento) with its address and role (§18). */
    processors: Type.Array(object('un encargado (dataProtection.processors)', {
      name: text('el nombre del encargado', 2, 120),
      address: text('el domicilio del encargado', 5, 200),
      role: text('el servicio que presta el encargado', 5, 200)
    }), {
      maxItems: 12,
      'x-messages': { required: 'falta dataProtection.processors (los encargados; [] si no hay)', invalid: 'dataProtection.processors debe ser una lista de hasta 12 encargados' }
    }),
    /** Video surveillance at the workplace, disclosed with its purpose and retention, or its absence (§18). */
    videoSurveillance: object('la videovigilancia (dataProtection.videoSurveillance)', {
      cameras: Type.Boolean({ 'x-messages': { required: 'falta videoSurveillance.cameras', invalid: 'videoSurveillance.cameras debe ser true o false' } }),
      areas: Type.Optional(text('las zonas con cámaras (videoSurveillance.areas)', 5, 200)),
      purpose: Type.Optional(text('la finalidad de la videovigilancia (videoSurveillance.purpose)', 5, 200)),
      retention: Type.Optional(text('el plazo de conservación de las imágenes (videoSurveillance.retention)', 5, 200))
    }),
    retention: text('los plazos de conservación (dataProtection.retention)', 10, 500)
  }),
  internalRules: object('las normas internas (internalRules)', {
    workRegulations: Type.Boolean({ 'x-messages': { required: 'falta internalRules.workRegulations', invalid: 'internalRules.workRegulations debe ser true o false' } }),
    safetyRegulations: Type.Boolean({ 'x-messages': { required: 'falta internalRules.safetyRegulations', invalid: 'internalRules.safetyRegulations debe ser true o false' } }),
    harassmentPolicy: Type.Boolean({ 'x-messages': { required: 'falta internalRules.harassmentPolicy', invalid: 'internalRules.harassmentPolicy debe ser true o false' } })
  }),
  contractDefaults: object('contractDefaults', {
    Planilla: contractDefaults('contractDefaults.Planilla'),
    'Part Time': contractDefaults('contractDefaults.Part Time'),
    Subsidio: contractDefaults('contractDefaults.Subsidio')
  }),
  /**
   * The workplace's ordinary week, stated once (DOCUMENT-REQUIREMENTS §23): its working days (5 or 6,
   * the part-time divisor of Reglamento art. 12) and hours (the base of the proportional RMV). The
   * full-time defaults must be that week (checked at start-up, src/employer/profile.ts).
   */
  ordinaryWeek: object('la semana ordinaria del centro de trabajo (ordinaryWeek)', {
    days: Type.Union([Type.Literal(5), Type.Literal(6)], {
      'x-messages': { required: 'falta ordinaryWeek.days', invalid: 'ordinaryWeek.days debe ser 5 o 6' }
    }),
    hours: Type.Number({
      exclusiveMinimum: 0,
      maximum: 48,
      'x-messages': { required: 'falta ordinaryWeek.hours', invalid: 'ordinaryWeek.hours debe ser mayor a 0 y no mayor a 48' }
    })
  }),
  /** A shift longer than this many hours needs a refrigerio (DOCUMENT-REQUIREMENTS §22; D.S. 008-2002-TR art. 14). */
  refrigerioAfterHours: Type.Number({
    exclusiveMinimum: 0,
    maximum: 12,
    'x-messages': { required: 'falta refrigerioAfterHours', invalid: 'refrigerioAfterHours debe ser un número de horas mayor a 0 y no mayor a 12' }
  }),
  /** The main meal times: a shift without refrigerio that covers one whole is kept with a warning (§22). */
  mealWindows: Type.Array(object('un horario de comida (mealWindows)', {
    start: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', 'x-messages': { required: 'falta mealWindows.start', invalid: 'mealWindows.start debe ser HH:MM' } }),
    end: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', 'x-messages': { required: 'falta mealWindows.end', invalid: 'mealWindows.end debe ser HH:MM' } })
  }), {
    maxItems: 4,
    'x-messages': { required: 'falta mealWindows (los horarios de comida; [] si no hay)', invalid: 'mealWindows debe ser una lista de hasta 4 horarios {start, end}' }
  }),
  /**
   * The objective causes counsel reviewed (DOCUMENT-REQUIREMENTS §21; LPCL arts. 53-63, 67, 72, 77 d): a
   * contract or adenda prints a cause only from here, chosen by `id` (a record's `causeId`). Each is for
   * one modality, at the sites named (`sites[].name`, where that modality is allowed), over its period
   * (`DD/MM/YYYY`, both days in it: a feria, a works, a season), and, when `justifies` is given, only
   * for work on those days between those hours (`to` before `from` runs past midnight). There is no
   * default cause. Checked at start-up (src/employer/reviewed-causes.ts).
   */
  causes: Type.Optional(Type.Array(object('una causa revisada (causes)', {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{0,59}$',
      'x-messages': { required: 'falta el id de la causa', invalid: 'el id de la causa debe tener minúsculas, dígitos y guiones (hasta 60)' }
    }),
    modality: modalityName('la modalidad de la causa'),
    sites: Type.Array(text('cada sede de la causa', 1, 100), {
      minItems: 1,
      maxItems: 200,
      'x-messages': { required: 'faltan las sedes de la causa (sites)', invalid: 'sites de la causa debe ser una lista de 1 a 200 sedes' }
    }),
    text: text('el texto de la causa', 30, 1000),
    period: object('el periodo de la causa (period)', { from: dayMonthYear('el inicio del periodo de la causa'), to: dayMonthYear('el fin del periodo de la causa') }),
    /** Art. 57: the day its activity began; the period ends within 36 months of it (§34). */
    activityStart: Type.Optional(dayMonthYear('la fecha de inicio de la actividad de la causa (activityStart)')),
    justifies: Type.Optional(object('los días y horas que la causa justifica (justifies)', {
      days: text('los días que la causa justifica', 1, 100),
      from: clockTime('la hora desde la que la causa justifica trabajo'),
      to: clockTime('la hora hasta la que la causa justifica trabajo')
    }))
  }), {
    maxItems: 1000,
    'x-messages': { required: 'falta causes', invalid: 'causes debe ser una lista de hasta 1000 causas revisadas' }
  })),
  /**
   * The position catalogue, by key (what a record's `positionProfile` takes): no default entry, a
   * position outside it gets no annex (§16).
   */
  positions: Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,59}$' }), PositionSchema, {
    minProperties: 1,
    'x-messages': {
      required: 'falta el catálogo de puestos (positions)',
      invalid: 'positions debe asociar claves (minúsculas, dígitos y guiones) a puestos, al menos uno'
    }
  }),
  fictitious: Type.Optional(Type.Boolean({ 'x-messages': { required: 'falta fictitious', invalid: 'fictitious debe ser true o false' } }))
}, { 'x-messages': { required: 'falta el perfil', invalid: 'el perfil debe ser un objeto JSON' } })
export type EmployerProfile = Static<typeof EmployerProfileSchema>
/** One reviewed cause of the profile (`causes[i]`, DOCUMENT-REQUIREMENTS §21). */
export type ProfileCause = NonNullable<EmployerProfile['causes']>[number]
