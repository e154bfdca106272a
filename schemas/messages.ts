/**
 * Every Spanish text the service answers to clients, each written once, grouped by endpoint: word
 * for word from docs/spec/service-spec.md where the spec gives one (the others follow the same
 * voice). Field messages are attached to schemas through the `x-messages` annotation, which
 * src/validation.ts reads when it turns Ajv errors into {field, message} items; the other groups
 * are used by the plugin or route named in their docstring. Start-up messages for operators
 * (templates, employer profile) stay beside the code that checks those files.
 */

/** Messages of one field or array, keyed by the Ajv keyword that failed; `invalid` is the fallback. */
export interface FieldMessages {
  required: string
  invalid: string
  [keyword: string]: string
}

const dateInvalid = 'Fecha debe estar en formato DD/MM/YYYY' // D10

export const MESSAGES = {
  name: {
    required: 'El nombre es requerido',
    invalid: 'Nombre debe tener al menos 2 letras',
    maxLength: 'Nombre no puede superar 50 caracteres',
    pattern: 'Nombre solo puede contener letras y espacios'
  },
  lastNameFather: {
    required: 'El apellido paterno es requerido',
    invalid: 'Apellido paterno debe tener al menos 2 letras',
    maxLength: 'Apellido paterno no puede superar 50 caracteres',
    pattern: 'Apellido paterno solo puede contener letras y espacios'
  },
  lastNameMother: {
    required: 'El apellido materno es requerido',
    invalid: 'Apellido materno debe tener al menos 2 letras',
    maxLength: 'Apellido materno no puede superar 50 caracteres',
    pattern: 'Apellido materno solo puede contener letras y espacios'
  },
  birthDate: { required: 'La fecha de nacimiento es requerida', invalid: dateInvalid },
  sex: { required: 'El genero es requerido.', invalid: 'El genero debe ser M, F, Masculino o Femenino' }, // D8
  dni: { required: 'El DNI es requerido', invalid: 'DNI debe tener exactamente 8 dígitos numéricos.' },
  email: { required: 'El correo es requerido', invalid: 'El correo no tiene un formato válido' },
  address: { required: 'La dirección es requerida', invalid: 'La dirección no puede superar 200 caracteres' },
  province: {
    required: 'La provincia es requerida',
    invalid: 'La provincia debe tener al menos 2 caracteres',
    maxLength: 'La provincia no puede superar 100 caracteres'
  },
  district: {
    required: 'El distrito es requerido',
    invalid: 'El distrito debe tener al menos 2 caracteres',
    maxLength: 'El distrito no puede superar 100 caracteres'
  },
  department: {
    required: 'El departamento es requerido',
    invalid: 'El departamento debe tener al menos 2 caracteres',
    maxLength: 'El departamento no puede superar 100 caracteres'
  },
  salary: {
    required: 'El sueldo es requerido',
    invalid: 'El sueldo debe ser mayor a 0',
    type: 'El sueldo debe ser un número',
    maximum: 'El sueldo no puede superar 1000000000',
    multipleOf: 'El sueldo debe tener como máximo 2 decimales'
  },
  salaryInWords: { required: 'El sueldo en letras es requerido', invalid: 'El sueldo en letras debe tener entre 5 y 100 caracteres' },
  position: { required: 'El cargo es requerido.', invalid: 'El cargo no puede superar 100 caracteres' }, // D9
  entryDate: { required: 'La fecha de ingreso es requerida', invalid: dateInvalid },
  endDate: { required: 'La fecha de término es requerida', invalid: dateInvalid },
  subDivisionOrParking: { required: 'sub división requerida', invalid: 'La sub división no puede superar 100 caracteres' }, // D9
  contractType: { required: 'El tipo de contrato es requerido', invalid: 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time' },
  replacementFor: {
    required: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio",
    invalid: "El campo 'SUPLENCIA DE' no puede superar 100 caracteres"
  },
  reasonForSubstitution: {
    required: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio",
    invalid: "El campo 'MOTIVO DE SUPLENCIA' no puede superar 200 caracteres"
  },
  timeForCompany: { required: 'El campo Tiempo en empresa es obligatorio', invalid: 'El tiempo en empresa no puede superar 100 caracteres' },
  workingCondition: { required: 'La condición laboral es obligatoria', invalid: 'La condición laboral no puede superar 100 caracteres' },
  probationaryPeriod: { required: 'El periodo de prueba es obligatorio', invalid: 'El periodo de prueba no puede superar 100 caracteres' },
  // fields beyond the spec's record (D22)
  signingDate: { required: 'La fecha de suscripción es requerida', invalid: dateInvalid },
  weeklyHours: { required: 'Las horas semanales son requeridas', invalid: 'Las horas semanales deben ser un número mayor a 0 y no mayor a 48', type: 'Las horas semanales deben ser un número', multipleOf: 'Las horas semanales deben tener como máximo 2 decimales' },
  workDays: { required: 'Los días de trabajo son requeridos', invalid: 'Los días de trabajo deben tener entre 1 y 100 caracteres' },
  workSchedule: { required: 'El horario es requerido', invalid: 'El horario debe tener entre 1 y 200 caracteres' },
  objectiveCause: { required: 'La causa objetiva es requerida', invalid: 'La causa objetiva debe tener entre 30 y 1000 caracteres' },
  replacedWorkerDni: { required: 'El DNI del suplido es requerido', invalid: 'El DNI del suplido debe tener exactamente 8 dígitos numéricos.' },
  replacedWorkerPosition: { required: 'El cargo del suplido es requerido', invalid: 'El cargo del suplido debe tener entre 1 y 100 caracteres' },
  modality: { required: 'La modalidad es requerida', invalid: 'La modalidad debe tener entre 1 y 60 caracteres' },
  positionProfile: {
    required: 'El perfil de puesto es requerido',
    invalid: 'El perfil de puesto debe tener entre 1 y 60 caracteres'
  },
  probationReason: {
    required: 'El motivo del periodo de prueba es requerido',
    invalid: 'El motivo del periodo de prueba debe tener entre 1 y 20 caracteres'
  },
  originalSigningDate: { required: 'La fecha de suscripción del contrato es requerida', invalid: dateInvalid },
  // a suplencia's ground and its support (DOCUMENT-REQUIREMENTS §25)
  substitutionGround: {
    required: 'La causal de la suplencia es requerida',
    invalid: 'La causal de la suplencia debe tener entre 1 y 100 caracteres'
  },
  substitutionDocument: {
    required: 'El documento que sustenta la suplencia es requerido',
    invalid: 'El documento que sustenta la suplencia debe tener entre 1 y 150 caracteres'
  },
  absenceFrom: { required: 'El inicio de la ausencia es requerido', invalid: dateInvalid },
  absenceTo: { required: 'El fin de la ausencia es requerido', invalid: dateInvalid },
  // the reviewed cause of a contract or adenda (DOCUMENT-REQUIREMENTS §21, §28)
  causeId: {
    required: 'La causa es requerida: el contrato que se prorroga se celebró por una de las causas objetivas revisadas del empleador',
    invalid: 'La causa debe ser el identificador de una causa objetiva revisada del empleador (1 a 60 caracteres)'
  },
  causeUpdate: {
    required: 'La actualización de la causa es requerida: la adenda dice, en una oración completa, por qué subsiste la necesidad (art. 72 de la LPCL)',
    invalid: 'La actualización de la causa debe tener entre 30 y 1000 caracteres: una oración completa que diga por qué subsiste la necesidad'
  },
  originalSalary: {
    required: 'El sueldo anterior es requerido: la adenda se compara con el sueldo del contrato que prorroga',
    invalid: 'El sueldo anterior debe ser mayor a 0',
    type: 'El sueldo anterior debe ser un número',
    maximum: 'El sueldo anterior no puede superar 1000000000',
    multipleOf: 'El sueldo anterior debe tener como máximo 2 decimales'
  },
  salaryReductionAgreed: { required: 'La reducción acordada es requerida', invalid: 'La reducción acordada debe ser SÍ o NO' },
  addendumSigningDate: { required: 'La fecha de firma de la adenda es requerida', invalid: dateInvalid },
  // addendum record (spec "Addendum employee record")
  division: { required: 'Division es requerido.', invalid: 'Division no puede superar 100 caracteres' },
  documentNumber: { required: 'Numero de documento es requerido.', invalid: 'DNI debe tener exactamente 8 dígitos.' },
  worker: {
    required: 'Trabajador es requerido.',
    invalid: 'Trabajador debe tener entre 2 y 150 caracteres',
    pattern: 'Trabajador solo puede contener letras y espacios'
  },
  start: { required: 'Inicio es requerido.', invalid: dateInvalid },
  end: { required: 'Fin es requerido.', invalid: dateInvalid },
  startAddendum: { required: 'Inicio de adenda es requerido.', invalid: dateInvalid },
  endAddendum: { required: 'Fin de adenda es requerido.', invalid: dateInvalid },
  addendumAddress: { required: 'Dirección es requerido.', invalid: 'La dirección debe tener entre 5 y 200 caracteres' }
} as const satisfies Record<string, FieldMessages>

/** Cross-field rules that no single field schema expresses (D10). */
export const RULE_MESSAGES = {
  endBeforeEntry: 'La fecha de término no puede ser anterior a la fecha de ingreso',
  endAddendumBeforeStart: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda',
  startAddendumBeforeStart: 'La fecha de inicio de adenda no puede ser anterior a la fecha de inicio del contrato',
  /** A lone UTF-16 surrogate (`"\ud800"`, `_xD800_`), as invalid UTF-8 is refused (docs/import.md). */
  invalidUnicode: 'El texto contiene caracteres Unicode no válidos (un sustituto UTF-16 suelto)',
  /** NUL, BEL, ESC… (tab and line breaks aside; docs/import.md). */
  controlCharacter: 'El texto contiene caracteres de control (NUL, ESC, BEL…) que no se pueden imprimir',
  /** A date whose terms would end past 31/12/9999, the last one the service computes (dates.ts CALENDAR). */
  beyondCalendar: 'La fecha está demasiado lejos: los plazos que se cuentan desde ella terminarían después del 31/12/9999',
  /** The insurance exports (Vida Ley, SCTR): a birth date after the entry date. */
  birthAfterEntry: 'La fecha de nacimiento no puede ser posterior a la fecha de ingreso',
  /** The insurance exports: a worker under the minimum age of work (Código de los Niños y Adolescentes, art. 51). */
  underWorkingAge: (entryDate: string) =>
    `La persona tendría menos de 14 años en la fecha de ingreso (${entryDate}), la edad mínima para trabajar ` +
    '(art. 51 del Código de los Niños y Adolescentes)'
} as const

/**
 * Text the documents cannot draw as written (src/documents/printable.ts,
 * docs/documents.md "Text the documents can print").
 */
export const PRINTABLE_MESSAGES = {
  /** Right-to-left or shaped scripts, and characters the documents' fonts lack (named: `hebreo`, `chino (han)`). */
  unsupportedScript: (scripts: string) =>
    `Los documentos no pueden imprimir correctamente la escritura de este texto: ${scripts}. ` +
    'Se imprimen las escrituras de izquierda a derecha sin formas contextuales (latina, griega, cirílica, armenia, georgiana); escríbelo con letras latinas.',
  /** A value that would not fit whole in its box of the document even at the smallest size. */
  doesNotFit: (document: string) =>
    `El texto no cabe entero en su espacio del documento (${document}), ni con la letra más pequeña: acórtalo o usa caracteres más estrechos.`
} as const

/**
 * Rules of a contract that need the employer profile or several fields (contract routes and the
 * employee import; DOCUMENT-REQUIREMENTS §2, §3, §4, §9; D22).
 */
export const CONTRACT_RULE_MESSAGES = {
  belowMinimumWage: (minimum: string) => `El sueldo no puede ser menor a la remuneración mínima vital (${minimum})`,
  belowPartTimeMinimum: (minimum: string, hours: string) =>
    `El sueldo no puede ser menor a ${minimum}, la parte proporcional de la remuneración mínima vital para ${hours} horas semanales`,
  partTimeHours: 'Las horas semanales de un contrato a tiempo parcial deben ser menos de 24',
  salaryInWordsMismatch: (expected: string) => `El sueldo en letras no coincide con el sueldo; debe decir: ${expected}`,
  salaryInWordsTooLarge: 'El sueldo en letras es requerido para sueldos mayores a 999,999,999.99',
  signingAfterEnd: 'La fecha de suscripción no puede ser posterior a la fecha de término',
  subsidioOnly: (label: string) => `${label} solo corresponde a contratos de Subsidio`
} as const

/**
 * Refusals of a contract the service cannot make lawful (src/employees/lawful-contract.ts;
 * DOCUMENT-REQUIREMENTS §11-16, §20): the contract routes answer them as a 400 on the field, the
 * employee import lists them in `data.contractIssues`.
 */
export const LAWFUL_CONTRACT_MESSAGES = {
  signingBeforeToday: (today: string) =>
    `La fecha de suscripción no puede ser anterior a hoy (${today}): un contrato no se firma con fecha pasada`,
  signingAfterEntry: 'La fecha de suscripción no puede ser posterior a la fecha de ingreso: el contrato sujeto a modalidad ' +
    'debe firmarse antes de que empiece el trabajo',
  entryBeforeToday: (today: string) =>
    `La fecha de ingreso no puede ser anterior a hoy (${today}): un contrato sujeto a modalidad firmado después de ` +
    'iniciado el trabajo no lo regulariza (art. 77 de la LPCL)',
  termTooLong: (modality: string, months: number, lastDay: string) =>
    `El plazo supera el máximo de ${months} meses de la modalidad ${modality}: la fecha de término debe ser como ` +
    `máximo ${lastDay}`,
  unknownModality: 'La modalidad debe ser 57 (inicio o incremento de actividad), 58 (necesidades del mercado), ' +
    '60 (ocasional), 61 (suplencia), 63 (obra determinada o servicio específico) o 67 (temporada)',
  subsidioIsSuplencia: 'Un contrato de Subsidio es siempre de suplencia (modalidad 61, art. 61 de la LPCL)',
  suplenciaIsSubsidio: 'La modalidad de suplencia (61) corresponde al tipo de contrato Subsidio',
  workDaysUnreadable: 'Los días de trabajo no se pueden leer; use nombres o rangos de días, por ejemplo ' +
    '"lunes a viernes", "lun, mié y vie" o "sábado y domingo"',
  workScheduleUnreadable: 'El horario no se puede leer; use por ejemplo "de 18:00 a 21:45 horas" o "18:00-21:45", ' +
    'y si corresponde ", con 45 minutos de refrigerio" o ", sin refrigerio"; turnos partidos "de 07:00 a 11:00 y de ' +
    '12:00 a 16:00"; días con horarios distintos separados por ";" ("lunes a viernes de 08:00 a 16:45, con 45 minutos de ' +
    'refrigerio; sábado de 08:00 a 12:00"); turnos rotativos "rotativo semanal: 06:00-14:45 / 14:00-22:45 / ' +
    '22:00-06:45, lunes a sábado, con 45 minutos de refrigerio"',
  partTimeNeedsWorkingTime: 'Un contrato a tiempo parcial debe indicar sus días de trabajo y su horario',
  belowNightMinimum: (minimum: string) =>
    `El sueldo no puede ser menor a ${minimum}: el horario incluye trabajo nocturno, cuya remuneración mínima es la ` +
    'remuneración mínima vital más 35 % (art. 8 del D.S. 007-2002-TR)',
  suplenciaRequired: {
    replacedWorkerDni: 'El DNI de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)',
    replacedWorkerPosition: 'El cargo de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)',
    workingCondition: 'La condición laboral de la persona suplida es obligatoria para contratos de Subsidio',
    probationaryPeriod: 'El periodo de prueba es obligatorio para contratos de Subsidio'
  },
  modalityRequired: 'La modalidad es requerida: el perfil del empleador no define una para este tipo de contrato',
  positionOutsideCatalogue: (names: string[]) =>
    'El cargo no está en el catálogo de puestos del empleador, que define las funciones, los riesgos y los equipos ' +
    `del anexo; use uno de estos: ${names.join(', ')}, o indique el puesto del catálogo en PERFIL DE PUESTO`,
  unknownPositionProfile: (keys: string[]) =>
    `El perfil de puesto no existe en el catálogo del empleador; use una de estas claves: ${keys.join(', ')}`,
  minor: (entryDate: string) =>
    `La persona tendría menos de 18 años en la fecha de ingreso (${entryDate}); la contratación de menores requiere ` +
    'autorización y no se genera aquí'
} as const

/**
 * Working time as a structured week (src/vocabulary/working-time.ts, src/employees/working-time-rules.ts;
 * DOCUMENT-REQUIREMENTS §22, §23): the `workingTime` field's schema messages, and the refusals of a
 * working time that cannot be signed, answered as a 400 on `workingTime` (or on `workDays` /
 * `workSchedule` when the record sent text; the four-hour test and a declared total on `weeklyHours`).
 */
export const WORKING_TIME_MESSAGES = {
  workingTime: {
    required: 'La jornada (workingTime) es requerida',
    invalid: 'La jornada (workingTime) debe ser un objeto {days: [{day, shifts: [{start, end}], breakMinutes, breakStart}], rotation: {weeks: [{days}]}}'
  },
  days: { required: 'Faltan los días de la jornada (days)', invalid: 'Los días de la jornada (days) deben ser una lista de hasta 7 días' },
  weeks: {
    required: 'Faltan las semanas del ciclo rotativo (rotation.weeks)',
    invalid: 'Los turnos rotativos deben listar de 2 a 8 semanas del ciclo (rotation.weeks)'
  },
  day: {
    required: 'Falta el día (lunes a domingo)',
    invalid: 'El día debe ser lunes, martes, miércoles, jueves, viernes, sábado o domingo'
  },
  workDay: { required: 'Falta el día de trabajo', invalid: 'Cada día de trabajo debe ser un objeto {day, shifts, breakMinutes}' },
  shifts: { required: 'Faltan los turnos del día (shifts)', invalid: 'Los turnos del día (shifts) deben ser una lista de 1 a 4 turnos {start, end}' },
  shift: { required: 'Falta el turno', invalid: 'Cada turno debe ser un objeto {start, end} con horas HH:MM' },
  time: { required: 'Falta la hora (HH:MM)', invalid: 'La hora debe tener el formato HH:MM, de 00:00 a 23:59' },
  breakMinutes: {
    required: 'Faltan los minutos de refrigerio del día (breakMinutes; 0 si no hay)',
    invalid: 'Los minutos de refrigerio (breakMinutes) deben ser un número entero de 0 a 240'
  },
  /** A record that sends the structure and the text. */
  bothForms: 'Indique la jornada una sola vez: en workingTime o en los días de trabajo y el horario, no en ambos',
  workDaysMissing: 'El horario no indica los días: indíquelos en los días de trabajo o al inicio del horario ' +
    '("lunes a viernes de 08:00 a 16:45 horas")',
  workDaysDisagree: 'Los días de trabajo no coinciden con los días que indica el horario',
  noDays: 'La jornada no tiene ningún día de trabajo',
  dayTwice: (day: string) => `El ${day} figura dos veces en la jornada: indique todos sus turnos en un solo día`,
  emptyShift: (day: string) => `Un turno del ${day} empieza y termina a la misma hora`,
  overlap: (day: string) => `Los turnos se superponen (${day}): un turno no puede empezar antes de que termine el anterior`,
  breakTooLong: (day: string) => `El refrigerio del ${day} no es más corto que el turno en que se toma`,
  breakOutside: (day: string) => `El refrigerio del ${day} no cae dentro de ninguno de sus turnos`,
  firstWeek: 'Con turnos rotativos, days debe ser la primera semana del ciclo (rotation.weeks[0]) o una lista vacía',
  noWeeklyRest: (week: string) =>
    `La jornada no deja ningún día de descanso${week}: el descanso semanal es de al menos veinticuatro horas ` +
    'consecutivas (art. 1 del D. Leg. 713); se puede trabajar como máximo seis días por semana',
  shortBreak: (day: string, minutes: number) =>
    `El refrigerio del ${day} es de ${minutes} minutos: no puede ser menor de cuarenta y cinco minutos ` +
    '(art. 7 del D.S. 007-2002-TR y art. 14 del D.S. 008-2002-TR)',
  missingBreak: (day: string, shift: string, hours: string) =>
    `El turno del ${day} ${shift} dura más de ${hours} horas y no tiene refrigerio: indique un refrigerio de al menos ` +
    'cuarenta y cinco minutos dentro de ese turno (art. 7 del D.S. 007-2002-TR)',
  /** A warning (`data.warnings`), not a refusal. */
  mealWindowWithoutBreak: (day: string, shift: string, window: string) =>
    `El turno del ${day} ${shift} cubre el horario de comida de ${window} sin refrigerio: se acepta, pero conviene ` +
    'pactar un refrigerio de al menos cuarenta y cinco minutos (art. 7 del D.S. 007-2002-TR)',
  weeklyMaximum: (hours: string, weeks: number) => weeks === 1
    ? `La jornada suma ${hours} horas semanales: no puede superar cuarenta y ocho (art. 25 de la Constitución)`
    : `La jornada promedia ${hours} horas semanales en el ciclo de ${weeks} semanas: el promedio no puede superar ` +
      'cuarenta y ocho (art. 25 de la Constitución; art. 4 del D.S. 007-2002-TR)',
  hoursMismatch: (computed: string) =>
    `Las horas semanales no coinciden con los días y el horario indicados, que suman ${computed}`,
  /**
   * The four-hour test (Reglamento art. 12): weekly hours ÷ the workplace's 6 or 5 days, or ÷ 5 for a
   * worker of fewer than five days (Informe 133-2016-MTPE), with the worker's own days beside it.
   */
  partTimeFourHours: (
    hours: string, divisor: number, average: string, workerDays: number, days: string, workplaceDays: number
  ) =>
    divisor === workplaceDays
      ? `Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: ${hours} horas semanales ÷ ${divisor} ` +
        `días de la semana del centro de trabajo = ${average} horas diarias (art. 12 del D.S. 001-96-TR); la persona ` +
        `trabaja ${workerDays} ${workerDays === 1 ? 'día' : 'días'} (${days})`
      : `Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: la persona trabaja ${workerDays} ` +
        `${workerDays === 1 ? 'día' : 'días'} (${days}), menos de cinco, y ${hours} horas semanales ÷ 5 = ${average} ` +
        'horas diarias (art. 12 del D.S. 001-96-TR; Informe 133-2016-MTPE: veinte horas o más en menos de cinco días ' +
        'no son tiempo parcial)'
} as const

/** How a probation reason is named in a message or a contract (LPCL art. 10; DOCUMENT-REQUIREMENTS §24). */
const PROBATION_REASON_LABELS: Record<string, string> = {
  calificado: 'puesto calificado', confianza: 'puesto de confianza', direccion: 'puesto de dirección'
}

/**
 * Refusals of a probation (src/employees/lawful-contract.ts; LPCL art. 10, Reglamento arts. 16, 59;
 * DOCUMENT-REQUIREMENTS §14, §24), on `probationaryPeriod` unless said.
 */
export const PROBATION_MESSAGES = {
  reasonLabel: (reason: string) => PROBATION_REASON_LABELS[reason] ?? reason,
  unreadable: 'El periodo de prueba debe indicarse en meses o en días, por ejemplo "3 meses", "1 mes", "15 días" o ' +
    '"sin periodo de prueba"',
  /** `length`: `cinco (5) meses`; `allowed`: the reasons the catalogue gives the position, each with its maximum. */
  needsReason: (length: string, allowed: string[]) => allowed.length === 0
    ? `Un periodo de prueba de ${length} supera los tres meses del art. 10 de la LPCL, y el catálogo de puestos no califica ` +
      'este cargo para uno mayor: el periodo de prueba puede ser de hasta tres meses'
    : `Un periodo de prueba de ${length} supera los tres meses del art. 10 de la LPCL: solo es válido con el motivo que el ` +
      `catálogo de puestos da a este cargo, indicado en MOTIVO DEL PERIODO DE PRUEBA: ${allowed.join(' o ')}; sin él, ` +
      'el periodo de prueba puede ser de hasta tres meses',
  /** On `probationReason`. */
  reasonUnknown: 'El motivo del periodo de prueba debe ser "calificado" o "confianza" (hasta 6 meses) o "direccion" ' +
    '(hasta 12 meses), art. 10 de la LPCL',
  /** On `probationReason`: the catalogue does not give the position that reason. */
  reasonNotForPosition: (reason: string, position: string, allowed: string[]) =>
    `El catálogo de puestos no califica el cargo ${position} como ${PROBATION_REASON_LABELS[reason] ?? reason} ` +
    '(art. 10 de la LPCL; la calificación de los puestos de dirección y de confianza es del empleador, art. 59 del ' +
    `D.S. 001-96-TR): ${allowed.length === 0 ? 'este cargo admite un periodo de prueba de hasta tres meses' : `para este cargo admite ${allowed.join(' o ')}`}`,
  overReason: (reason: string, max: number) =>
    `Un periodo de prueba por ${PROBATION_REASON_LABELS[reason] ?? reason} no puede superar ${max} meses (art. 10 de la ` +
    `LPCL): pasado ese plazo ya no es periodo de prueba, y un cese en él sería un despido arbitrario; puede ser de hasta ${max} meses`,
  notShorterThanTerm: 'El periodo de prueba debe terminar antes que el contrato: puede ser uno más corto que el plazo ' +
    '(también en días, por ejemplo "15 días") o "sin periodo de prueba"',
  partTime: 'Un contrato a tiempo parcial de menos de cuatro horas diarias no lleva periodo de prueba: a esa jornada no ' +
    'le alcanza la protección contra el despido arbitrario (art. 22 de la LPCL) que el periodo de prueba condiciona; ' +
    'corresponde "sin periodo de prueba"'
} as const

/**
 * Refusals of a suplencia (src/employees/lawful-contract.ts; LPCL arts. 12, 61, 77; DOCUMENT-REQUIREMENTS
 * §15, §25). `grounds` is the closed list as `code (name)` items.
 */
export const SUPLENCIA_MESSAGES = {
  /** On `substitutionGround`: a code that is not in the list. */
  groundUnknown: (grounds: string[]) =>
    'La causal de la suplencia debe ser una causa de suspensión del vínculo del art. 12 de la LPCL o el destaque ' +
    `temporal del art. 61, indicada por su código o su nombre: ${grounds.join('; ')}`,
  /** On `substitutionGround` (or `reasonForSubstitution`): a resignation, a dismissal, a vacancy… */
  noSuplencia: 'Una renuncia, un despido, un cese, una jubilación, un fallecimiento o una plaza vacante no son suplencia: ' +
    'el art. 61 de la LPCL permite cubrir solo el puesto de un trabajador estable cuyo vínculo está suspendido o que fue ' +
    'destacado temporalmente a otro puesto; un puesto sin titular se cubre con un contrato propio, no de suplencia',
  /** On `substitutionGround`: the reason's text names several grounds. */
  groundAmbiguous: (named: string[], grounds: string[]) =>
    `El motivo de la suplencia menciona más de una causal (${named.join(', ')}); el contrato imprime solo la que se ` +
    `aplica, indicada en CAUSAL DE SUSPENSIÓN: ${grounds.join('; ')}`,
  /** On `substitutionGround`: the reason's text names none. */
  groundNotRecognised: (grounds: string[]) =>
    'El motivo de la suplencia no indica una causal reconocible; el contrato imprime la causal indicada en CAUSAL DE ' +
    `SUSPENSIÓN, una causa de suspensión del art. 12 de la LPCL o el destaque temporal del art. 61: ${grounds.join('; ')}`,
  /** On `replacedWorkerDni`. */
  titularIsWorker: 'El DNI de la persona suplida es el de la persona contratada: la suplencia cubre el puesto de otro ' +
    'trabajador, ausente por la causal indicada (art. 61 de la LPCL)',
  /** On `replacedWorkerPosition`. */
  titularOtherPosition: (position: string) =>
    `La persona suplida debe ocupar el puesto que se cubre (${position}, del catálogo de puestos): el art. 61 de la ` +
    'LPCL permite contratar para cubrir el puesto del titular ausente',
  /** On `workingCondition`. */
  titularNotStable: 'La condición laboral de la persona suplida debe ser estable, a plazo indeterminado (por ejemplo ' +
    '"plazo indeterminado", "indefinido" o "estable"): el art. 61 de la LPCL permite suplir solo a un trabajador estable',
  /** On `absenceTo`. */
  absenceEndsBeforeStart: 'El fin de la ausencia de la persona suplida no puede ser anterior a su inicio',
  /** On `entryDate`. */
  startsBeforeAbsence: (from: string) =>
    `La suplencia no puede empezar antes que la ausencia de la persona suplida (${from}): la fecha de ingreso puede ser ` +
    `desde el ${from} (art. 61 de la LPCL)`,
  /** On `endDate`. */
  endsAfterAbsence: (to: string) =>
    `La suplencia dura mientras dure la ausencia de la persona suplida, prevista hasta el ${to}: la fecha de término ` +
    `puede ser hasta el ${to} (art. 61 de la LPCL)`
} as const

/**
 * Who the worker is (DOCUMENT-REQUIREMENTS §26): every route that makes a contract or an adenda needs the
 * sex and the birth date (src/employees/lawful-contract.ts, lawful-addendum.ts).
 */
export const WORKER_MESSAGES = {
  sexRequired: (document: 'contrato' | 'adenda') =>
    `El sexo (M o F) es obligatorio para generar ${document === 'contrato' ? 'el contrato' : 'la adenda'}: el documento ` +
    'nombra a la persona en su género gramatical ("LA TRABAJADORA") y su cargo en la forma del catálogo de puestos',
  /** An adenda for a worker under 18 on its start. */
  minorOnAddendum: (start: string) =>
    `La persona tendría menos de 18 años al inicio de la adenda (${start}); la contratación de menores requiere ` +
    'autorización y no se genera aquí',
  birthDateRequired: (document: 'contrato' | 'adenda') =>
    `La fecha de nacimiento es obligatoria para generar ${document === 'contrato' ? 'el contrato' : 'la adenda'}: sin ` +
    'ella no se puede verificar que la persona sea mayor de edad'
} as const

/**
 * Warnings about the employer's own process, not about the worker's contract (the upload's
 * `data.warnings`; DOCUMENT-REQUIREMENTS §27).
 */
export const ANNEX_MESSAGES = {
  /** The position's risk assessment is more than 12 months old on the start date. */
  ipercOutdated: (code: string, date: string, position: string, entryDate: string) =>
    `Aviso para el empleador: la evaluación de riesgos (IPERC) ${code} del puesto ${position}, del ${date}, tendrá más ` +
    `de 12 meses en la fecha de ingreso (${entryDate}); el empleador debe actualizarla al menos una vez al año (art. 77 ` +
    'del D.S. 005-2012-TR, modificado por el D.S. 002-2020-TR). El anexo cita la evaluación que consta en el perfil.'
} as const

/** Arts. 53 and 72 of the LPCL, the ground of every refusal of a cause (DOCUMENT-REQUIREMENTS §21). */
const CAUSE_LAW = 'un contrato sujeto a modalidad solo es válido por una causa objetiva real y concreta que conste por escrito ' +
  '(arts. 53 y 72 de la LPCL); sin ella, o con una simulada, es de duración indeterminada (art. 77 d)'
/** What would be lawful instead: the reviewed causes that fit this contract, or that none does. */
const fitting = (ids: readonly string[]) => ids.length === 0
  ? 'Ninguna causa objetiva revisada del empleador se ajusta a esta sede, modalidad, plazo y jornada'
  : ids.length === 1 ? `Se ajusta a este contrato la causa revisada ${ids[0]}` : `Se ajustan a este contrato las causas revisadas ${ids.join(', ')}`

/**
 * Refusals of a contract's or adenda's cause and site (src/employees/causes.ts; DOCUMENT-REQUIREMENTS
 * §21, §28): a 400 on `causeId`, `objectiveCause`, `subDivisionOrParking` or `modality` on every route that
 * makes or previews the document, and in the uploads' issue lists. Each states the law and what would
 * be lawful (the reviewed causes that fit: `fits`, their ids), never a way around it.
 */
export const CAUSE_MESSAGES = {
  unknownSite: (site: string, names: readonly string[]) =>
    `La sede ${site} no es un centro de trabajo del empleador: el contrato indica el lugar donde se presta el servicio, ` +
    `y la causa objetiva se da en él. Las sedes del empleador son: ${names.join(', ')}`,
  modalityNotAtSite: (site: string, modality: string, allowed: readonly string[]) =>
    `La sede ${site} no contrata en la modalidad ${modality}: las modalidades de esa sede son ${allowed.join(', ')}`,
  unknownCause: (id: string, fits: readonly string[]) =>
    `La causa ${id} no es una de las causas objetivas revisadas del empleador: ${CAUSE_LAW}. ${fitting(fits)}`,
  otherModality: (id: string, causeModality: string, modality: string, fits: readonly string[]) =>
    `La causa ${id} es de la modalidad ${causeModality}, no de la ${modality}: la modalidad del contrato es la que su causa ` +
    `objetiva justifica (art. 72 de la LPCL). ${fitting(fits)}`,
  otherSite: (id: string, sites: readonly string[], site: string, fits: readonly string[]) =>
    `La causa ${id} es de ${sites.length === 1 ? 'la sede' : 'las sedes'} ${sites.join(', ')}, no de ${site}: la causa objetiva ` +
    `es la necesidad del centro de trabajo donde se presta el servicio. ${fitting(fits)}`,
  outsidePeriod: (id: string, from: string, to: string, fits: readonly string[]) =>
    `La causa ${id} cubre del ${from} al ${to}: el plazo del contrato debe quedar dentro de ese periodo, pues un contrato sujeto ` +
    `a modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL). ${fitting(fits)}`,
  extensionOutsidePeriod: (id: string, from: string, to: string) =>
    `La causa ${id} cubre del ${from} al ${to}: la prórroga debe quedar dentro de ese periodo, pues la contratación sujeta a ` +
    'modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL); una necesidad que continúa después es otra causa, que el ' +
    'asesor legal del empleador debe revisar antes de imprimirla',
  outsideSchedule: (id: string, justified: string, fits: readonly string[]) =>
    `La causa ${id} justifica solo trabajo ${justified}: la jornada del contrato debe quedar dentro de esos días y horas, pues ` +
    `la causa objetiva justifica solo el trabajo que la origina (art. 53 de la LPCL). ${fitting(fits)}`,
  noCause: (site: string, modality: string) =>
    `No hay una causa objetiva revisada del empleador para la sede ${site} y la modalidad ${modality}: ${CAUSE_LAW}. ` +
    'Una causa se imprime solo después de que el asesor legal del empleador la revisa',
  noCauseFits: (site: string, modality: string, described: readonly string[]) =>
    `Ninguna causa objetiva revisada para la sede ${site} y la modalidad ${modality} se ajusta al plazo y la jornada de este ` +
    `contrato (${described.join('; ')}): un contrato sujeto a modalidad dura lo que dura su causa y solo para el trabajo que ` +
    'ella justifica (arts. 53 y 72 de la LPCL)',
  severalCauses: (ids: readonly string[]) =>
    `Varias causas objetivas revisadas se ajustan a este contrato: ${ids.join(', ')}. El contrato consigna la causa concreta ` +
    'que lo motiva (art. 72 de la LPCL): indique en CAUSA cuál es',
  /**
   * A cause's period and hours, for noCauseFits
   * (`id: del 01/01/2026 al 31/12/2032, lunes a domingo de 18:00 a 06:00`).
   */
  described: (id: string, from: string, to: string, justified: string | undefined) =>
    `${id}: del ${from} al ${to}${justified === undefined ? '' : `, ${justified}`}`,
  objectiveCauseNotReviewed: 'La causa objetiva escrita en el registro no se imprime: una causa debe ser revisada por el asesor ' +
    `legal del empleador antes de poder imprimirse en un contrato, pues ${CAUSE_LAW}. El contrato lleva una de las causas ` +
    'revisadas del empleador, indicada en CAUSA',
  suplenciaHasNoCause: (id: string) =>
    `Un contrato de suplencia no lleva la causa ${id}: su causa objetiva es el reemplazo de la persona suplida, que consta ` +
    'en el contrato (art. 61 de la LPCL)',
  objectiveCauseOtherId: (textId: string, id: string) =>
    `La causa objetiva escrita es el texto de la causa revisada ${textId}, no de la ${id} indicada en CAUSA: un contrato tiene una sola causa objetiva`,
  /** The cause is a proposal in the registry (docs/registry.md "Causes"): counsel has not approved it. */
  causeProposed: (id: string, fits: readonly string[]) =>
    `La causa ${id} es una propuesta que el asesor legal del empleador aún no ha aprobado: una causa se imprime solo después ` +
    `de que el asesor legal la revisa y la aprueba, pues ${CAUSE_LAW}. ${fitting(fits)}`,
  /** The cause was retired by counsel: no new contract or adenda prints it. */
  causeRetired: (id: string, fits: readonly string[]) =>
    `La causa ${id} fue retirada por el asesor legal del empleador y ya no se imprime en contratos ni adendas nuevos: ` +
    `${CAUSE_LAW}. ${fitting(fits)}`
} as const

/** A cause's review in Spanish: `proposed`, `approved`, `retired`. */
const CAUSE_STATUS_WORDS: Record<string, string> = { proposed: 'propuesta', approved: 'aprobada', retired: 'retirada' }
const statusWord = (status: string) => CAUSE_STATUS_WORDS[status] ?? status

/**
 * The causes counsel reviews (routes/causes.ts, docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21):
 * the fields of a proposal or an edit (400 on the field), and the refusals of the registry's state
 * (404, 409). A proposal is checked as the employer profile's causes are at start-up.
 */
export const CAUSE_REVIEW_MESSAGES = {
  id: {
    required: 'falta el id de la causa',
    invalid: 'el id de la causa debe tener de 1 a 60 minúsculas, dígitos y guiones, y empezar por una minúscula o un dígito'
  },
  modality: {
    required: 'falta la modalidad de la causa (57, 58, 60, 63 o 67)',
    invalid: 'la modalidad de la causa debe ser 57, 58, 60, 63, 67 o el nombre de la modalidad'
  },
  sites: {
    required: 'faltan las sedes de la causa (sites)',
    invalid: 'sites debe ser una lista de 1 a 200 nombres de sedes del empleador, sin repetir'
  },
  site: { required: 'falta el nombre de la sede', invalid: 'cada sede debe tener entre 1 y 100 caracteres' },
  text: {
    required: 'falta el texto de la causa',
    invalid: 'el texto de la causa debe tener entre 30 y 1000 caracteres, sin saltos de línea ni caracteres de control: ' +
      'una oración que describa la necesidad concreta y temporal que justifica contratar a plazo (art. 72 de la LPCL)'
  },
  period: { required: 'falta el periodo de la causa (period: {from, to})', invalid: 'period debe ser {from, to}' },
  periodFrom: { required: 'falta el inicio del periodo de la causa (period.from)', invalid: 'period.from debe ser una fecha DD/MM/YYYY' },
  periodTo: { required: 'falta el fin del periodo de la causa (period.to)', invalid: 'period.to debe ser una fecha DD/MM/YYYY' },
  justifies: {
    required: 'faltan los días y horas que la causa justifica (justifies: {days, from, to})',
    invalid: 'justifies debe ser {days, from, to}, o null para una causa que justifica cualquier jornada'
  },
  justifiesDays: { required: 'faltan los días que la causa justifica (justifies.days)', invalid: 'justifies.days debe tener entre 1 y 100 caracteres' },
  justifiesFrom: { required: 'falta la hora desde la que la causa justifica trabajo', invalid: 'justifies.from debe ser HH:MM' },
  justifiesTo: { required: 'falta la hora hasta la que la causa justifica trabajo', invalid: 'justifies.to debe ser HH:MM' },
  status: { required: 'status debe ser proposed, approved o retired', invalid: 'status debe ser proposed, approved o retired' },
  /** PATCH without any field. */
  emptyEdit: 'Envía al menos uno de modality, sites, text, period o justifies',
  /** What the employer profile cannot print (src/employer/causes.ts causeFindings). */
  notPrintedModality: (modality: string) =>
    `"${modality}" no es una modalidad que se contrate por una causa revisada: 57, 58, 60, 63 o 67 (la suplencia, art. 61 ` +
    'de la LPCL, tiene por causa el reemplazo mismo de la persona suplida)',
  unknownSite: (site: string, names: readonly string[]) =>
    `${site} no es una sede del empleador: la causa es la necesidad de un centro de trabajo. Las sedes son: ${names.join(', ')}`,
  siteModality: (site: string, modality: string) =>
    `La sede ${site} no contrata en la modalidad ${modality}: una causa de esa modalidad no puede ser de esa sede`,
  periodBackwards: (from: string, to: string) => `El periodo de la causa termina (${to}) antes de empezar (${from})`,
  seasonTooLong: (from: string, to: string) =>
    `Una temporada (art. 67 de la LPCL) es una época del año y no dura más de un año: del ${from} al ${to} dura más; una ` +
    'necesidad que se repite cada año es una temporada por cada año',
  justifiesUnreadable: (days: string, from: string, to: string) =>
    `No se pueden leer los días y horas "${days} de ${from} a ${to}": los días se escriben como "lunes a viernes", ` +
    '"lunes, miércoles y viernes" o "lunes a domingo", y las horas de inicio y fin deben ser distintas',
  /** 404. */
  notFound: 'No existe una causa con ese id',
  /** 409 on a proposal whose id is taken. */
  idTaken: (id: string, status: string) =>
    `Ya existe la causa ${id} (${statusWord(status)}): elige otro id, o envía la propuesta sin id y el servicio lo genera a partir del texto`,
  /** 409 on a proposal or edit that says what another cause says. */
  textTaken: (id: string, status: string) =>
    `La causa ${id} (${statusWord(status)}) ya tiene ese texto: una necesidad se registra una sola vez`,
  /** 409: only a proposal is edited or approved. */
  notProposed: (id: string, status: string) =>
    `La causa ${id} está ${statusWord(status)}: solo una propuesta se edita o se aprueba. Una causa aprobada no cambia, pues ` +
    'los contratos que la imprimieron la citan; otra redacción es una nueva propuesta',
  /** 409: retired already. */
  alreadyRetired: (id: string) => `La causa ${id} ya está retirada`
} as const

const REQUEST_NOT_PROCESSED = 'La solicitud no se pudo procesar'

/** Envelope messages of request validation (spec Errors rule 4). */
export const VALIDATION_MESSAGE = {
  /** Any 4xx of a route that names no message of its own, and Fastify's own 4xx (plugins/errors.ts). */
  default: REQUEST_NOT_PROCESSED,
  /** The exports (spec endpoints 6-8). */
  reports: 'Validation error'
} as const

/** Endpoints 1 and 2 (service info, health) and readiness (D22), routes/root.ts and routes/health.ts. */
export const SERVICE_MESSAGES = {
  /** Endpoint 1 */
  info: 'Servicio de Generación de Contratos Laborales',
  /** Endpoint 2: the spec gives this text in English. */
  health: 'Server is running',
  /** `GET /api/health/ready`, 503: a check fails or shutdown has begun (D22). */
  notReady: 'El servicio no está listo para recibir solicitudes'
} as const

/**
 * Any endpoint: texts of the HTTP layer (plugins/errors.ts, plugins/cors.ts, plugins/employee-bodies.ts,
 * src/validation.ts, src/errors.ts), for requests refused before or outside a route's own rules.
 */
/** Sign-in and roles (docs/security.md, "Roles"): 401 and 403 in the spec's envelope. */
export const AUTH_MESSAGES = {
  missing: 'Se requiere autenticación: envíe un token en el encabezado Authorization: Bearer',
  invalid: 'El token no es válido o ha expirado: inicie sesión nuevamente',
  issuerUnreachable: 'No se puede verificar el token: el proveedor de identidad no responde. Intenta nuevamente en unos segundos.',
  forbidden: (roles: readonly string[]) => `Su rol no permite esta operación (requiere el rol ${roles.join(' o ')})`
} as const

/** The audit trail (docs/security.md, "Audit trail"). */
export const AUDIT_MESSAGES = {
  /** 503 (with Retry-After) from the routes that read personal data while AUDIT_LOG cannot be written. */
  unavailable: 'El registro de auditoría no se puede escribir: no se atienden datos personales. Intenta nuevamente en unos segundos.'
} as const

/** The contract registry (docs/registry.md). */
export const REGISTRY_MESSAGES = {
  /** 503 (with Retry-After) while the registry's database does not answer. */
  unavailable: 'El registro de contratos no está disponible en este momento. Intenta nuevamente en unos segundos.',
  /** 409: the worker already has a signed contract over these dates (a signed contract is not reprinted over). */
  overlapsSigned: (dni: string, entryDate: string, endDate: string) =>
    `El trabajador con DNI ${dni} ya tiene un contrato firmado del ${entryDate} al ${endDate} que se superpone con estas fechas: un contrato firmado no se reemplaza; para continuar la relación corresponde una adenda que empiece al día siguiente de su término`,
  /** 409 on marking signed: another signed contract of the worker overlaps. */
  signOverlaps: (entryDate: string, endDate: string) =>
    `El trabajador ya tiene un contrato firmado del ${entryDate} al ${endDate} que se superpone con este: no puede haber dos contratos firmados por las mismas fechas`,
  /** 404: no such recorded contract. */
  notFound: 'No existe un contrato o adenda registrado con ese identificador (o fue reemplazado por una reimpresión corregida)',
  /** The signing date of a `signed` mark. */
  signedInFuture: (today: string) => `La fecha de firma no puede ser posterior a hoy (${today})`,
  /** 400 on `signingDate`: before the date of signature the document printed (§3). */
  signedBeforePrinted: (printed: string) =>
    `La fecha de firma no puede ser anterior a la fecha de suscripción que el documento imprime (${printed}): se firma ese día o después`,
  /** 409: a contract already marked signed on another day. */
  alreadySigned: (date: string) =>
    `Este documento ya está marcado como firmado el ${date}: la fecha de firma registrada no se cambia`,
  /** History entries. */
  historyEmpty: 'Envía una lista de 1 a 50 contratos anteriores: [{modality, entryDate, endDate, position, probationMonths?}]',
  historyEndBeforeEntry: 'La fecha de término no puede ser anterior a la fecha de inicio',
  historyNotBegun: (today: string) =>
    `Un contrato anterior ya empezó: su fecha de inicio no puede ser posterior a hoy (${today})`,
  historyTooLong: (modality: string, months: number, lastDay: string) =>
    `Un contrato de la modalidad ${modality} no puede durar más de ${months} meses (art. 74 de la LPCL): con ese inicio ` +
    `termina como máximo el ${lastDay}; revise las fechas`,
  historyProbationMonths: 'Los meses de prueba deben ser un número entero de 0 a 12',
  historyEntryNotFound: 'El trabajador no tiene en su historial un contrato anterior con ese identificador',
  /** `GET /api/contracts/expiring?days=`. */
  expiringDays: 'days debe ser un número entero de días de 0 a 366'
} as const

/** `GET /api/documents/{code}`: the public check of an issued document's verification code (docs/registry.md). */
export const VERIFICATION_MESSAGES = {
  /** 400: not 8 characters of Crockford base32. */
  malformed: 'El código de verificación tiene 8 letras o números, como figura al pie del documento: XXXX-XXXX',
  /** 404: a well-formed code the registry does not hold. */
  notFound: 'No existe un documento emitido con ese código de verificación: revise el código impreso al pie del documento'
} as const

/** `1 mes`, `0 meses`, `7 meses`. */
const monthsText = (count: number) => count === 1 ? '1 mes' : `${count} meses`

/**
 * Rules on the worker's history in the registry (src/registry/history-rules.ts; LPCL art. 74;
 * Reglamento art. 16; DOCUMENT-REQUIREMENTS §32).
 */
export const HISTORY_MESSAGES = {
  beyondFiveYears: (used: number, left: number, maximum: number) =>
    `Los contratos sujetos a modalidad de esta persona con el empleador suman ${monthsText(used)} (contratos firmados e historial ` +
    `registrado): con este plazo superarían los ${maximum} meses (cinco años) del art. 74 de la LPCL; quedan ${monthsText(left)}, ` +
    'y la fecha de término debe ajustarse a ellos',
  beyondModality: (modality: string, maximum: number, used: number, left: number) =>
    `Los contratos de la modalidad ${modality} de esta persona suman ${monthsText(used)}: con este plazo superarían su máximo ` +
    `de ${maximum} meses (art. 74 de la LPCL); quedan ${monthsText(left)}, y la fecha de término debe ajustarse a ellos`,
  probationServed: (from: string, to: string) =>
    `Esta persona ya cumplió un periodo de prueba en el mismo puesto (contrato del ${from} al ${to}): no se le exige uno ` +
    'nuevo (art. 16 del D.S. 001-96-TR); indique "sin periodo de prueba"',
  /** A warning of the upload, and what the contract then prints. */
  probationNotRepeated: (from: string, to: string) =>
    `Se imprime "sin periodo de prueba": esta persona ya cumplió un periodo de prueba en el mismo puesto (contrato del ${from} ` +
    `al ${to}; art. 16 del D.S. 001-96-TR)`
} as const

/**
 * An adenda that names a recorded contract (`contractId`) extends it as it was issued
 * (src/registry/history-rules.ts linkedContractIssues; LPCL art. 72; DOCUMENT-REQUIREMENTS §21, §28).
 */
export const LINKED_CONTRACT_MESSAGES = {
  unknown: (id: string) =>
    `El contrato ${id} no está en el registro (no se emitió aquí, o una reimpresión lo reemplazó): elija uno de los ` +
    'contratos registrados de la persona, o genere la adenda sin indicar el contrato',
  otherWorker: (id: string) => `El contrato ${id} es de otra persona: una adenda solo prorroga un contrato de la misma persona`,
  otherModality: (stated: string, recorded: string) =>
    `La adenda prorroga un contrato de la modalidad ${recorded} y debe mantenerla (art. 72 de la LPCL): no puede indicar la ` +
    `modalidad ${stated}`,
  otherCause: (stated: string, recorded: string) =>
    `La adenda mantiene la causa objetiva del contrato que prorroga («${recorded}»), revisada para él: no puede imprimir otra ` +
    `(«${stated}»); la actualización explica por qué esa causa subsiste`,
  otherSite: (stated: string, recorded: string) =>
    `El contrato que se prorroga es de la sede ${recorded}, para la que se revisó su causa: la adenda no puede indicar la sede ${stated}`
} as const

/**
 * The upload's HISTORIAL sheet: earlier contracts HR enters once (src/spreadsheets/history-import.ts,
 * docs/import.md "The HISTORIAL sheet"; LPCL art. 74).
 */
export const HISTORY_IMPORT_MESSAGES = {
  /** The top message of a 400 on the sheet's rows; each item names the sheet, row and column. */
  invalidRows: (count: number) => count === 1
    ? 'No se pudo procesar el archivo: la hoja HISTORIAL tiene 1 error. No se registró nada.'
    : `No se pudo procesar el archivo: la hoja HISTORIAL tiene ${count} errores. No se registró nada.`,
  missingHeaders: 'La hoja HISTORIAL no tiene todas sus columnas obligatorias: DNI, MODALIDAD, FECHA DE INGRESO, FECHA DE CESE y CARGO.',
  headerNotFound: 'Encabezado requerido no encontrado en la hoja HISTORIAL.',
  tooManyRows: (limit: number) => `La hoja HISTORIAL tiene más de ${limit} filas con datos: divida el historial en varios archivos.`,
  modality: (codes: readonly string[]) => `La modalidad debe ser una de ${codes.join(', ')} (número de artículo o nombre de la modalidad)`,
  probationMonths: 'MESES DE PRUEBA debe ser un número entero de meses de 0 a 12',
  tooManyForWorker: (limit: number) => `Se admiten hasta ${limit} contratos anteriores por trabajador en un archivo`,
  /** The DNI is neither a row of the first sheet nor a worker the registry knows by name. */
  workerUnknown: (dni: string) =>
    `El DNI ${dni} no figura en la primera hoja del archivo ni en el registro de contratos: su historial necesita los ` +
    'nombres del trabajador; agregue su fila en la primera hoja de este archivo'
} as const

export const HTTP_MESSAGES = {
  /** D17: the `errors` text of a 500 in production, and the message of a failed PDF render. */
  internalError: 'Error interno del servidor',
  /** 503 when the event loop lags or a worker pool's queue is full (sent with Retry-After). */
  busy: 'El servicio está ocupado. Intenta nuevamente en unos segundos.',
  /**
   * 503 (with Retry-After) from the upload and the session preview while the shared session store
   * (SESSION_STORE, Redis) does not answer.
   */
  sessionStoreUnavailable: 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.',
  /** HAProxy's own 502 (deploy/errors/502.http): an instance gave no usable answer, even after the retries. */
  proxyBadGateway: 'El servicio no respondió correctamente. Intenta nuevamente en unos segundos.',
  /** HAProxy's own 504 (deploy/errors/504.http): an instance took longer than `timeout server`. */
  proxyTimeout: 'El servicio tardó demasiado en responder. Intenta nuevamente en unos segundos.',
  /** A read or render dropped because its client closed the connection (never reaches anyone: logs). */
  clientGone: 'El cliente cerró la conexión antes de la respuesta',
  invalidJson: 'El cuerpo JSON no es válido',
  /** A `__proto__` or `constructor.prototype` key, named by its path (`body.0.__proto__`; docs/reliability.md). */
  forbiddenJsonKey: (path: string) => `El cuerpo JSON contiene una clave prohibida: ${path}`,
  bodyTooLarge: 'El cuerpo de la solicitud supera el tamaño máximo permitido',
  /** Also a form upload sent to a JSON route. */
  unsupportedMediaType: 'Tipo de contenido no soportado',
  invalidContentLength: 'La longitud del contenido no es válida',
  badUrl: 'La URL de la solicitud no es válida',
  urlTooLong: 'La URL de la solicitud es demasiado larga',
  /** Written on the raw socket, before there is a request. */
  requestTimeout: 'La solicitud no llegó completa a tiempo',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes',
  badHttp: 'La solicitud HTTP no es válida',
  /** D16 */
  routeNotFound: (method: string, path: string) => `Ruta no encontrada: ${method} ${path}`,
  /** spec Authentication rule 4: a preflight from an origin outside CORS_ORIGINS. */
  corsOrigin: (origin: string) => `Origen no permitido por CORS: ${origin}`,
  /** A field error for which the field has no message of its own. */
  invalidValue: 'Valor inválido',
  /** A type error for which the field has no message of its own; `expected` from typeWords. */
  wrongType: (expected: string) => `Tipo de dato inválido: se esperaba ${expected}`,
  /** Words for JSON types in wrongType. */
  typeWords: {
    string: 'texto',
    number: 'número',
    integer: 'número entero',
    boolean: 'verdadero o falso',
    array: 'lista',
    object: 'objeto',
    null: 'nulo'
  } as Record<string, string>
} as const

/** Endpoints 3 and 4 (preview, download-zip): routes/contracts/index.ts, src/zip, plugins/document-zips.ts. */
export const CONTRACT_MESSAGES = {
  /** Endpoint 4: no list, or an empty one. */
  emptyBatch: 'Debes seleccionar al menos un empleado para generar el ZIP.',
  /** D3 session mode of the preview. */
  sessionId: { required: 'El identificador de sesión es requerido', invalid: 'El identificador de sesión debe ser un UUID válido' },
  format: { required: 'El formato es requerido', invalid: "El formato debe ser 'file' o 'base64'" },
  sessionNotFound: (sessionId: string) => `Sesión no encontrada: ${sessionId}`,
  employeeNotInSession: (dni: string) => `Empleado no encontrado en la sesión: ${dni}`,
  /** D19: first line of errores.txt in a ZIP, then one line per employee with its reason. */
  zipFailures: (failed: number, total: number) => `No se generaron los documentos de ${failed} de ${total} empleados:`,
  zipFailureGeneric: 'error interno al generar los documentos',
  zipFailureDetail: (detail: string) => `error al generar los documentos: ${detail}`
} as const

/** Rules across the records of one batch of contracts or adendas (src/employees/batch-rules.ts). */
export const BATCH_MESSAGES = {
  /** `position`: the earlier record's place in the list, counted from 1. */
  overlappingDuplicate: (dni: string, position: number, from: string, to: string) =>
    `La persona con DNI ${dni} ya está en el registro ${position} de esta lista, del ${from} al ${to}, con fechas que se ` +
    'superponen: el segundo documento reemplazaría al primero en cuanto se emita. Envíe uno solo (el correcto), o plazos sucesivos'
} as const

/**
 * The adenda documents (D22): `POST /api/addendum/preview` and `/download-zip`, routes/addendum/index.ts
 * and src/employees/cross-field-rules.ts addendumIssues; their ZIP's errores.txt uses CONTRACT_MESSAGES.
 */
export const ADDENDUM_DOCUMENT_MESSAGES = {
  /** No list, or an empty one: the contracts ZIP's text. */
  emptyBatch: CONTRACT_MESSAGES.emptyBatch,
  /** The amount in words must be the salary's (legal requirements, section 9). */
  salaryInWordsMismatch: 'El sueldo en letras no coincide con el sueldo',
  /** LPCL art. 74: successive fixed-term contracts total at most five years. */
  beyondFiveYears: 'La adenda no puede extender la contratación sujeta a modalidad más allá de cinco años desde la fecha de ingreso (art. 74 LPCL)',
  /** DOCUMENT-REQUIREMENTS §17: an adenda made after the end records a contract already indefinite. */
  expired: (end: string, today: string) =>
    `El contrato venció el ${end} y hoy es ${today}: una prórroga escrita después del vencimiento no lo regulariza; ` +
    'si la persona siguió trabajando, su contrato es de duración indeterminada (art. 77 a de la LPCL)',
  notContiguous: (nextDay: string) =>
    `La prórroga debe empezar el día siguiente al fin del contrato (${nextDay}), sin días sin contrato ni superpuestos`,
  termTooLong: (modality: string, months: number, lastDay: string) =>
    `Con la prórroga, la contratación supera el máximo de ${months} meses de la modalidad ${modality} desde la fecha de ` +
    `ingreso: el fin de la adenda debe ser como máximo ${lastDay}`,
  belowMinimum: (minimum: string) =>
    `El sueldo no puede ser menor a ${minimum}, la remuneración mínima vital`,
  belowPartTimeShare: (minimum: string, hours: string) =>
    `El sueldo no puede ser menor a ${minimum}: la parte de la remuneración mínima vital que corresponde a ${hours} ` +
    'horas semanales de un contrato a tiempo parcial',
  partTimeNeedsWorkingTime: 'Una adenda de un contrato a tiempo parcial debe indicar sus días de trabajo y su horario',
  signingAfterStart: 'La fecha de suscripción del contrato no puede ser posterior a su fecha de inicio',
  /** DOCUMENT-REQUIREMENTS §28: the adenda's own signing date, printed. */
  signingBeforeToday: (today: string) =>
    `La fecha de firma de la adenda no puede ser anterior a hoy (${today}): una adenda no se firma con fecha pasada`,
  signingAfterEnd: (end: string) =>
    `La fecha de firma de la adenda no puede ser posterior al fin del contrato (${end}): la prórroga consta por escrito antes ` +
    'del vencimiento; si se trabaja después sin ella, el contrato es de duración indeterminada (art. 77 a de la LPCL)',
  originalSigningAfterToday: (today: string) =>
    `La fecha de suscripción del contrato no puede ser posterior a hoy (${today}): el contrato que se prorroga ya está firmado`,
  entryAfterStart: 'La fecha de ingreso no puede ser posterior al inicio del contrato que se prorroga: el trabajador ingresó a más ' +
    'tardar el día en que ese contrato empezó',
  salaryReduced: (original: string) =>
    `El sueldo no puede ser menor al sueldo anterior (${original}) sin que el trabajador acepte expresamente la reducción: ` +
    'una reducción impuesta por el empleador es un acto de hostilidad (art. 30 b de la LPCL). Solo una reducción acordada ' +
    '(REDUCCIÓN ACORDADA: SÍ) es lícita, y la adenda la hace constar',
  positionOutsideCatalogue: (names: readonly string[]) =>
    'El cargo no está en el catálogo de puestos del empleador, que define las funciones, los riesgos y los equipos del anexo ' +
    `del contrato; el cargo del contrato que se prorroga es uno de estos: ${names.join(', ')}`,
  noExtension: (modality: string, months: number, lastDay: string) =>
    `No cabe prórroga: con el contrato, la contratación ya alcanzó el máximo de ${months} meses de la modalidad ${modality} ` +
    `desde la fecha de ingreso, que terminó el ${lastDay} (art. 74 de la LPCL)`,
  noExtensionFiveYears: (lastDay: string) =>
    `No cabe prórroga: la contratación sujeta a modalidad ya alcanzó los cinco años desde la fecha de ingreso, que terminaron el ${lastDay} (art. 74 de la LPCL)`
} as const

/** Endpoints 6-8 (Vida Ley, SCTR, photocheck exports), routes/excel/reports.ts. */
export const REPORT_MESSAGES = {
  /** No list, or an empty one: envelope message and the `body` item alike. */
  emptyBatch: 'No se recibieron datos. Debes enviar una lista de empleados.'
} as const

/**
 * Endpoints 5 and 9 (spreadsheet uploads): plugins/multipart.ts, routes/excel/upload.ts,
 * routes/addendum/index.ts and src/spreadsheets.
 */
export const IMPORT_MESSAGES = {
  /** The upload layer's defaults (spec Errors rule 3); the addendum upload overrides some. */
  upload: {
    noFile: 'No se recibió ningún archivo Excel.',
    tooLarge: (size: string) => `El archivo es demasiado grande. Tamaño máximo: ${size}`, // `10 MB`, `39 KB`
    tooMany: 'Solo puedes subir 1 archivo a la vez',
    wrongField: "Campo de archivo inesperado. Usa el campo 'excel'",
    /** parts/fields limits, prototype keys, a truncated body */
    invalidMultipart: 'La solicitud multipart no es válida'
  },
  /** Endpoint 5 */
  employees: {
    // the spec's texts; the singular agrees in number (docs/import.md, "Messages a person reads")
    imported: (count: number) => count === 1 ? 'Se importó 1 empleado correctamente.' : `Se importaron ${count} empleados correctamente.`,
    missingHeaders: 'La estructura del archivo es incorrecta. Faltan columnas obligatorias.',
    headerNotFound: 'Encabezado requerido no encontrado en el archivo.',
    invalidRows: (count: number) => count === 1
      ? 'No se pudo procesar el archivo. Se encontró 1 error.'
      : `No se pudo procesar el archivo. Se encontraron ${count} errores.`,
    badType: 'Tipo de archivo no permitido', // Errors rule 3, for extension and MIME type alike
    /** `?partial=true` with refused rows (docs/import.md, "Partial import of employees"). */
    importedWithErrors: (valid: number, invalid: number) =>
      `Se ${valid === 1 ? 'importó 1 empleado' : `importaron ${valid} empleados`}; ` +
      `${invalid === 1 ? '1 fila tiene errores y no se importó' : `${invalid} filas tienen errores y no se importaron`}.`
  },
  /** Endpoint 9, D14 */
  addenda: {
    processed: 'Adendas procesadas correctamente',
    processedWithErrors: 'Adendas procesadas con errores',
    invalidRows: 'Error de validación en los datos',
    missingField: (fields: string) => `Campo requerido faltante: ${fields}`,
    noFile: 'No se recibió ningún archivo. Envía un campo "excel"',
    tooLarge: (size: string) => `El archivo excede el tamaño máximo permitido de ${size}`, // `10MB`, as the spec writes it
    badMime: (ext: string) => `Tipo de archivo no permitidos ${ext}. solo se permiten archivos Excel( .xlsx, .xls,.csv)`,
    badExtension: (ext: string) => `Extensiones de archivo no permitidas: ${ext}. Solo se permiten: .xlsx, .xls, .csv`
  },
  /** Both uploads (spec endpoint 5 corrupt-file row, D20) */
  corrupt: 'El archivo Excel está corrupto o no es un archivo válido',
  /** Both uploads: a workbook with a cell far below the rows the batch limit allows. */
  rowsPastLimit: (lastRow: number, allowed: number) =>
    `El archivo tiene demasiadas filas: la hoja usa filas hasta la ${lastRow} y se admiten hasta la ${allowed}. Borra las filas sobrantes debajo de los datos.`,
  /** Both uploads: workbooks that would cost the reader seconds and gigabytes (docs/import.md). */
  tooManySheets: (count: number, limit: number) =>
    `El archivo tiene demasiadas hojas: ${count}; se admiten hasta ${limit}. Deja solo la hoja de datos.`,
  tooManyStrings: (count: number, limit: number) =>
    `El archivo tiene demasiados textos: ${count}; se admiten hasta ${limit}. Guarda solo la hoja de datos en un libro nuevo.`,
  tooManyCells: (count: number, limit: number) =>
    `La hoja tiene demasiadas celdas: ${count}; se admiten hasta ${limit}. Borra las celdas que no son datos de la importación.`,
  /** Both uploads: a header row and no data row (D5: a batch holds at least 1 employee). */
  noRows: 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.'
} as const

/** D5: the text of every batch limit (JSON bodies and uploads alike). */
export function batchLimitMessage (limit: number): string {
  return `Máximo ${limit} empleados por lote`
}

/**
 * Uploads over the D5 limit: the spec fixes the envelope message (batchLimitMessage), so how many
 * rows came and how to split goes in `data.hint` (docs/import.md). `received` undefined: not counted.
 */
export function batchSplitHint (limit: number, received: number | undefined): string {
  if (received === undefined) {
    return `El archivo tiene más de ${limit} filas con datos. Divídelo en archivos de hasta ${limit} filas, cada uno con la fila de encabezados.`
  }
  return `El archivo tiene ${received} filas con datos y se admiten hasta ${limit} por lote. ` +
    `Divídelo en ${Math.ceil(received / limit)} archivos de hasta ${limit} filas, cada uno con la fila de encabezados.`
}

/**
 * Spreadsheet cells that cannot be read into a value without guessing (D12): row errors of both
 * imports, on the field of the cell.
 */
export const CELL_MESSAGES = {
  /** `#N/A`, `#REF!`… : a formula that failed in the spreadsheet program. */
  excelError: (code: string) => `Celda con error de Excel (${code})`,
  /** `1.500`: a lone dot then exactly three digits reads as 1.5 or as 1500. */
  ambiguousAmount: (text: string, decimal: string, thousands: string) =>
    `El sueldo "${text}" es ambiguo: puede leerse como ${decimal} o como ${thousands}. Escríbelo como ${thousands} o ${Number(thousands).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  /** A date cell of the right shape that no calendar has (31/11/2026), not D10's format text (docs/import.md). */
  impossibleDate: (text: string, monthName: string | undefined, days: number | undefined) => monthName === undefined
    ? `La fecha ${text} no existe: el mes debe estar entre 01 y 12.`
    : `La fecha ${text} no existe: ${monthName} de ${text.slice(6)} tiene ${days} días.`,
  /** Warnings of an upload (docs/import.md, "Warnings"): facts the service added to a value it kept. */
  paddedDni: (read: string, padded: string) =>
    `El DNI ${read} tenía menos de 8 dígitos (la hoja lo guardó como número y perdió los ceros iniciales): se leyó como ${padded}.`,
  dateFromText: (text: string) => `La fecha ${text} estaba escrita como texto, no como fecha: se leyó como día/mes/año.`,
  /** The same DNI (or document number) on two rows of one upload. */
  duplicateDni: (firstRow: number) => `DNI duplicado: ya aparece en la fila ${firstRow}`
} as const

/** JSON bodies of every route: the encoding JSON requires (RFC 8259: UTF-8). */
export const BODY_MESSAGES = {
  notUtf8: 'El cuerpo debe estar codificado en UTF-8'
} as const

/** The preview body holds one mode or the other (D3), never both. */
export const PREVIEW_MODE_MESSAGES = {
  conflict: (fields: string) =>
    `Envía un registro de empleado o una referencia de sesión {sessionId, dni, format}, no ambos: sobran ${fields}`
} as const

/**
 * The import templates (`GET /api/templates/employees.xlsx`, `addenda.xlsx`, docs/import.md):
 * the note of each column (the input message a spreadsheet shows on its cells) and the
 * instructions sheet. Keys are record fields (src/spreadsheets/columns.ts).
 */
export const TEMPLATE_MESSAGES = {
  notes: {
    name: 'Nombres del trabajador, solo letras y espacios (2 a 50).',
    lastNameFather: 'Apellido paterno, solo letras y espacios.',
    lastNameMother: 'Apellido materno, solo letras y espacios.',
    dni: 'DNI de 8 dígitos. La columna es de texto: escribe los ceros iniciales (01234567).',
    email: 'Correo del trabajador (nombre@dominio.pe).',
    address: 'Domicilio del trabajador, como figurará en el contrato.',
    province: 'Provincia del domicilio.',
    district: 'Distrito del domicilio.',
    department: 'Departamento del domicilio.',
    position: 'Cargo: elige uno del catálogo del empleador.',
    subDivisionOrParking: 'Playa o estacionamiento donde trabajará.',
    salary: 'Sueldo mensual en soles, número (1500 o 1500.50).',
    salaryInWords: 'Opcional: si lo dejas vacío, el servicio lo escribe a partir del sueldo. Si lo escribes, debe decir el mismo monto.',
    entryDate: 'Fecha de inicio, DD/MM/AAAA (por ejemplo 01/12/2026).',
    endDate: 'Fecha de término, DD/MM/AAAA; no antes del inicio.',
    contractType: 'Planilla, Part Time o Subsidio.',
    sex: 'M, F, Masculino o Femenino: obligatorio para generar el contrato o la adenda (su género gramatical y el cargo en su forma).',
    birthDate: 'DD/MM/AAAA: obligatoria para generar el contrato o la adenda (y para Vida Ley y SCTR).',
    replacementFor: 'Solo Subsidio (obligatorio): nombre de la persona a quien se suple.',
    reasonForSubstitution: 'Solo Subsidio (obligatorio): motivo de la suplencia. No se imprime: el contrato imprime la CAUSAL DE SUSPENSIÓN.',
    timeForCompany: 'Opcional: tiempo de servicio en la empresa.',
    workingCondition: 'Subsidio (obligatoria para generar su contrato): condición laboral de la persona suplida. Opcional en los demás tipos.',
    probationaryPeriod: 'Subsidio (obligatorio para generar su contrato): período de prueba en meses o días ("3 meses", "15 días", "sin periodo de prueba"). Opcional en los demás tipos.',
    signingDate: 'Opcional: fecha de suscripción, DD/MM/AAAA.',
    weeklyHours: 'Opcional: horas semanales de la jornada.',
    workDays: 'Opcional: días de trabajo (por ejemplo, lunes a sábado).',
    workSchedule: 'Opcional: horario (por ejemplo, 08:00 a 16:00).',
    objectiveCause: 'No se imprime lo que se escriba aquí: solo se admite el texto exacto de una causa revisada del empleador. La causa se indica en CAUSA.',
    causeId: 'Causa objetiva revisada del empleador (elige una de la lista). Si la dejas vacía se usa la única causa de la playa y la modalidad que cubre el plazo y la jornada; si hay varias, la fila lo dirá.',
    replacedWorkerDni: 'Subsidio (obligatorio para generar su contrato): DNI de 8 dígitos de la persona suplida.',
    replacedWorkerPosition: 'Subsidio (obligatorio para generar su contrato): cargo de la persona suplida.',
    modality: 'Opcional: modalidad del contrato; elige una de la lista.',
    probationReason: 'Solo para un periodo de prueba mayor de 3 meses: calificado o confianza (hasta 6), direccion (hasta 12), si el catálogo lo admite para el cargo.',
    substitutionGround: 'Solo Subsidio: causal de la suplencia (elige una de la lista); si la dejas vacía, se reconoce del motivo si nombra una sola.',
    substitutionDocument: 'Solo Subsidio, opcional: documento que sustenta la causal (CITT, programación de vacaciones, memorando de destaque…).',
    absenceFrom: 'Solo Subsidio, opcional: inicio de la ausencia de la persona suplida, DD/MM/AAAA.',
    absenceTo: 'Solo Subsidio, opcional: fin previsto de la ausencia, DD/MM/AAAA; el contrato no puede terminar después.',
    positionProfile: 'Opcional: perfil del puesto.',
    division: 'División o área.',
    documentNumber: 'DNI de 8 dígitos. La columna es de texto: escribe los ceros iniciales.',
    worker: 'Nombres y apellidos del trabajador.',
    start: 'Inicio del contrato que se prorroga, DD/MM/AAAA.',
    end: 'Fin del contrato que se prorroga, DD/MM/AAAA.',
    startAddendum: 'Inicio de la adenda: el día siguiente al fin del contrato, DD/MM/AAAA.',
    endAddendum: 'Fin de la adenda, DD/MM/AAAA.',
    originalSigningDate: 'Opcional: fecha de suscripción del contrato original, DD/MM/AAAA.',
    causeUpdate: 'Obligatoria para generar la adenda: una oración completa que diga por qué subsiste la necesidad (por ejemplo, "La necesidad subsiste porque las obras continúan hasta junio").',
    originalSalary: 'Obligatorio para generar la adenda: sueldo mensual del contrato que se prorroga, número.',
    salaryReductionAgreed: 'SÍ solo si el trabajador aceptó expresamente un sueldo menor al anterior (la adenda lo hace constar); si no, NO o vacío.',
    // the addendum table's own meaning of a shared field
    'addendum.salaryInWords': 'Opcional: si lo dejas vacío, el servicio lo escribe a partir del sueldo. Si lo escribes (MIL QUINIENTOS Y 00/100 SOLES), debe decir el mismo monto.',
    'addendum.entryDate': 'Fecha de ingreso del trabajador a la empresa, DD/MM/AAAA.',
    'addendum.department': 'Departamento del domicilio.',
    'addendum.modality': 'Obligatoria para generar la adenda: modalidad del contrato que se prorroga; elige una de la lista.',
    'addendum.position': 'Obligatorio para generar la adenda: cargo del contrato que se prorroga, del catálogo del empleador.',
    'addendum.causeId': 'Déjala vacía si este servicio emitió el contrato que se prorroga: se toma la causa que imprimió. Si no, es obligatoria: la causa revisada de ese contrato (elige una de la lista).',
    'addendum.signingDate': 'Opcional: fecha de firma de la adenda, DD/MM/AAAA; no antes de hoy ni después del fin del contrato. Si la dejas vacía, la de hoy.',
    // the HISTORIAL sheet's columns (earlier contracts, docs/import.md)
    'history.dni': 'DNI de 8 dígitos del trabajador. Si aún no tiene contratos emitidos por el servicio, debe tener su fila en la hoja de empleados (de ahí se toman sus nombres).',
    'history.modality': 'Modalidad del contrato anterior: número de artículo (57, 58, 60, 61, 63, 67) o su nombre; elige una de la lista.',
    'history.entryDate': 'Inicio del contrato anterior, DD/MM/AAAA.',
    'history.endDate': 'Cese del contrato anterior, DD/MM/AAAA; no antes del inicio.',
    'history.position': 'Cargo que ocupó en ese contrato (cuenta para no repetir el periodo de prueba en el mismo puesto).',
    'history.probationMonths': 'Opcional: meses de periodo de prueba que cumplió en ese contrato, número entero de 0 a 12.'
  } as Record<string, string>,
  /** The HISTORIAL sheet of the employee template: the note beside its headers and the instructions' line. */
  historyNote: 'HISTORIAL (opcional): contratos anteriores del trabajador que este servicio no emitió, una fila por contrato. ' +
    'Se registran una sola vez al subir el archivo y cuentan para los cinco años y el máximo de cada modalidad (art. 74 de la LPCL) ' +
    'y para no repetir el periodo de prueba en el mismo puesto. Déjala vacía si no hay contratos anteriores.',
  historyInstruction: 'También se lee la hoja "HISTORIAL", que es opcional: registra los contratos anteriores que este servicio no emitió (DNI, MODALIDAD, ' +
    'FECHA DE INGRESO, FECHA DE CESE, CARGO, MESES DE PRUEBA). Una fila con errores rechaza el archivo; no cambies el nombre de la hoja.',
  required: 'Obligatoria',
  optional: 'Opcional',
  listError: 'Elige un valor de la lista.',
  instructionsTitle: (what: string) => `Cómo llenar la plantilla de ${what}`,
  instructions: (sheet: string, maxRows: number) => [
    `Escribe los datos en la hoja "${sheet}", una fila por persona, debajo de los encabezados de la fila 1.`,
    'El servicio lee solo la primera hoja: no cambies el orden de las hojas ni borres la fila de encabezados.',
    'Las columnas en amarillo son obligatorias; las demás pueden quedar vacías o borrarse.',
    'Al seleccionar una celda verás la nota de su columna; donde hay una lista, elige un valor de ella.',
    'Fechas: DD/MM/AAAA (día/mes/año). DNI: 8 dígitos, con sus ceros iniciales.',
    `Hasta ${maxRows} filas por archivo; si tienes más, divídelas en varios archivos con la misma fila de encabezados.`,
    'Guarda como .xlsx (también se aceptan .xls y .csv).'
  ],
  columnsHeader: ['Columna', '¿Obligatoria?', 'Qué escribir', 'Valores de la lista'] as const,
  /** The first sheet has no known header but another sheet has them (the reader reads only the first). */
  headersInOtherSheet: (first: string, other: string) =>
    `Solo se lee la primera hoja del archivo ("${first}") y no tiene los encabezados; están en la hoja "${other}". ` +
    'Mueve esa hoja al primer lugar o copia sus datos a la primera hoja.'
}

/**
 * Start-up refusals outside the config schema: one line naming the variable and
 * the fix, then exit 1 (app/server.ts, plugins/config.ts; docs/configuration.md).
 */
/** Texts of the OpenAPI document at /docs (plugins/docs.ts). */
export const OPENAPI_TEXTS = {
  service: 'Contratos y adendas PDF/ZIP, importación de hojas de cálculo y reportes (Vida Ley, SCTR, fotocheck).',
  noAuth: 'Sin autenticación (AUTH_MODE=none): solo en una red interna de confianza.',
  bearer: 'Con AUTH_MODE=oidc: cada ruta, salvo las públicas, pide `Authorization: Bearer <token>`, un token de acceso del ' +
    'proveedor de identidad o una clave de API; 401 sin credenciales válidas, 403 sin el rol que la ruta pide.',
  bearerScheme: 'Token de acceso OpenID Connect (JWT del emisor OIDC_ISSUER) o clave de API de API_KEYS_FILE.',
  signedIn: 'Acceso: cualquier identidad autenticada.',
  roles: (roles: string) => `Acceso: rol ${roles}.`
}

export const STARTUP_MESSAGES = {
  portInUse: (port: number, host: string) =>
    `No se puede iniciar: PORT=${port} ya está en uso en ${host}. Detén el otro proceso o elige otro PORT.`,
  portDenied: (port: number) =>
    `No se puede iniciar: PORT=${port} necesita privilegios en esta máquina. Usa un PORT de 1024 o más.`,
  badHost: (host: string, code: string) =>
    `No se puede iniciar: HOST=${host} no es una dirección de esta máquina (${code}). Usa 0.0.0.0, 127.0.0.1 o una IP o nombre de esta máquina.`,
  listenFailed: (host: string, port: number, code: string) =>
    `No se puede iniciar en HOST=${host} PORT=${port} (${code}). Revisa HOST y PORT.`,
  spreadsheetProcessesConflict: (processes: number, threads: number) =>
    `SPREADSHEET_PROCESSES=${processes} y SPREADSHEET_THREADS=${threads} se contradicen: SPREADSHEET_THREADS es el nombre anterior de SPREADSHEET_PROCESSES. Deja solo SPREADSHEET_PROCESSES.`,
  tempDirNotFolder: (dir: string) =>
    `TEMP_DIR=${dir} es un archivo, no una carpeta. Indica una carpeta (se crea si no existe).`,
  corsWildcard: 'CORS_ORIGINS=* no se admite (las cabeceras CORS solo se dan a orígenes concretos). ' +
    'Indica los orígenes permitidos separados por comas, p. ej. CORS_ORIGINS=https://rrhh.empresa.pe,http://localhost:5173',
  corsOrigin: (origin: string) =>
    `CORS_ORIGINS contiene "${origin}", que no es un origen. Escribe cada origen como esquema://host[:puerto], ` +
    'p. ej. https://rrhh.empresa.pe, separados por comas',
  /** AUTH_MODE=oidc with OIDC_ISSUER: the console signs people in and needs its client id (docs/security.md). */
  oidcClientIdMissing: 'con OIDC_ISSUER falta OIDC_CLIENT_ID: el identificador del cliente público de la consola (/app/) ' +
    'registrado en el proveedor de identidad (docs/security.md)',
  oidcIssuerNotUrl: (issuer: string) => `OIDC_ISSUER=${issuer} no es una URL https:// (o http:// en localhost)`,
  /** SESSION_STORE_CA_FILE is for TLS: with a plain redis:// (or file) store it would be ignored (docs/production.md). */
  sessionStoreCaNotTls: 'SESSION_STORE_CA_FILE solo se usa con SESSION_STORE=rediss:// (Redis con TLS); quítelo o use rediss://',
  sessionStoreCaUnreadable: (path: string, code: string) =>
    `SESSION_STORE_CA_FILE=${path} no se puede leer (${code}); indique un archivo PEM con los certificados de la CA privada de Redis`,
  sessionStoreCaNotPem: (path: string) =>
    `SESSION_STORE_CA_FILE=${path} no contiene ningún certificado PEM (-----BEGIN CERTIFICATE-----)`,
  /** OIDC_ISSUER reaches the console's page (GET /api/auth/config): no user or password in it (`redacted`). */
  oidcIssuerCredentials: (redacted: string) =>
    `OIDC_ISSUER=${redacted} lleva usuario o contraseña: la URL del emisor es pública (la consola la recibe); quítelos`,
  /**
   * AUTH_MODE=none beside settings that only mean something with authentication (docs/security.md, "Modes"):
   * the operator meant oidc, and the service would serve personal data to anyone.
   */
  authNoneWithAuthSettings: (names: readonly string[], stated: boolean) =>
    `AUTH_MODE=none (sin autenticación${stated ? '' : ', el valor por defecto fuera de producción'}) ` +
    `no se combina con ${names.join(', ')}: el servicio quedaría abierto a cualquiera. Indique AUTH_MODE=oidc, o quite esas variables`,
  /**
   * AUTH_MODE=oidc: SESSION_MAX_PER_USER promises that one identity never evicts another's sessions,
   * which a smaller SESSION_MAX breaks (the global cap evicts first).
   */
  sessionMaxBelowPerUser: (max: number, perUser: number) =>
    `SESSION_MAX=${max} es menor que SESSION_MAX_PER_USER=${perUser}: ` +
    'una sola identidad podría desalojar las sesiones de todas las demás. Suba SESSION_MAX o baje SESSION_MAX_PER_USER',
  /** API_KEYS_FILE that others can read or write, or its group can write (`mode`: four octal digits). */
  apiKeysFileOpen: (path: string, mode: string) =>
    `API_KEYS_FILE=${path} tiene permisos ${mode}: otros usuarios pueden leer o cambiar las claves ` +
    '(chmod 0600, o 0640 con el grupo del servicio)',
  /** AUTH_MODE=oidc with a key file holding no key and no OIDC_ISSUER: nothing could ever authenticate. */
  apiKeysFileEmpty: (path: string) =>
    `API_KEYS_FILE=${path} no tiene ninguna clave y no hay OIDC_ISSUER: nadie podría autenticarse`,
  /** An existing AUDIT_LOG whose mode is wider than 0600 and cannot be narrowed (the service does not own it). */
  auditLogOpen: (path: string, mode: string, code: string) =>
    `AUDIT_LOG=${path} tiene permisos ${mode} y no se pueden reducir a 0600 (${code}): ` +
    'otros usuarios leerían quién consultó qué datos personales. Ejecute chmod 0600 sobre el archivo, o hágalo propiedad del usuario del servicio'
} as const
