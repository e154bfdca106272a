/**
 * The contract record and its rules: the field messages of the employee and addendum records
 * (`x-messages`, read by src/validation.ts), the cross-field rules, the rules that need the employer
 * profile, the refusals of a contract the service cannot make lawful, who the worker is, and the
 * employer-process warnings of the annex.
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
  // the structured supporting document (DOCUMENT-REQUIREMENTS §37): kind, number, date
  supportDocument: {
    required: 'El documento de sustento es requerido',
    invalid: 'El documento de sustento debe indicar su tipo (kind), su número (number) y su fecha (date)'
  },
  supportDocumentKind: {
    required: 'El tipo de documento de sustento es requerido (por ejemplo, CITT de EsSalud)',
    invalid: 'El tipo de documento de sustento debe tener entre 1 y 80 caracteres'
  },
  supportDocumentNumber: {
    required: 'El número del documento de sustento es requerido',
    invalid: 'El número del documento de sustento debe tener entre 1 y 40 caracteres'
  },
  supportDocumentDate: { required: 'La fecha del documento de sustento es requerida', invalid: dateInvalid },
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
 * Rules of a contract that need the employer profile or several fields (contract routes and the
 * employee import; DOCUMENT-REQUIREMENTS §2, §3, §4, §9; D22).
 */
export const CONTRACT_RULE_MESSAGES = {
  belowMinimumWage: (minimum: string) => `El sueldo no puede ser menor a la remuneración mínima vital (${minimum})`,
  belowPartTimeMinimum: (minimum: string, hours: string) =>
    `El sueldo no puede ser menor a ${minimum}, la parte proporcional de la remuneración mínima vital para ${hours} semanales`,
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
  unknownModality: 'La modalidad debe ser una de estas: inicio o incremento de actividad, necesidades del mercado, ' +
    'ocasional, suplencia, obra determinada o servicio específico, o temporada',
  subsidioIsSuplencia: 'Un contrato de Subsidio es siempre de suplencia (art. 61 de la LPCL)',
  suplenciaIsSubsidio: 'La modalidad de suplencia corresponde al tipo de contrato Subsidio',
  workDaysUnreadable: 'Los días de trabajo no se pueden leer; use nombres o rangos de días, por ejemplo ' +
    '"lunes a viernes", "lun, mié y vie" o "sábado y domingo"',
  workScheduleUnreadable: 'El horario no se puede leer; use por ejemplo "de 18:00 a 21:45 horas" o "18:00-21:45", ' +
    'y si corresponde ", con 45 minutos de refrigerio" o ", sin refrigerio"; turnos partidos "de 07:00 a 11:00 y de ' +
    '12:00 a 16:00"; días con horarios distintos separados por ";" ("lunes a viernes de 08:00 a 16:45, con 45 minutos de ' +
    'refrigerio; sábado de 08:00 a 12:00"); turnos rotativos "rotativo semanal: 06:00-14:45 / 22:00-06:45 / ' +
    '14:00-22:45, lunes a sábado, con 45 minutos de refrigerio"',
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
