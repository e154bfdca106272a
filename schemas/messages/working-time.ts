/** The working time of a contract: the `workingTime` field and the refusals of a week that cannot be signed. */

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
  /**
   * §33: more than six days between the end of one rest of 24 consecutive hours and the start of
   * the next, measured on the real week (D.Leg. 713 art. 1; Res. Sala Plena 024-2024-SUNAFIL/TFL).
   */
  weeklyRestTooFar: (from: string, to: string, length: string, excess: string, pause: string) =>
    `La jornada no da a tiempo el descanso semanal de veinticuatro horas consecutivas: desde el ${from} hasta el ` +
    `${to} pasan ${length} sin un descanso de al menos veinticuatro horas seguidas, ${excess} más que los seis días ` +
    `(144 horas) que pueden separar dos descansos semanales (art. 1 del D. Leg. 713)${pause}`,
  /** §33: where the longest pause of a stretch without weekly rest lies, and how long it is. */
  restPause: (from: string, to: string, length: string) =>
    `; la pausa más larga de ese tramo, del ${from} al ${to}, es de solo ${length}`,
  /** §33: the refrigerio at the start or end of its shift (D.S. 007-2002-TR art. 7). */
  breakAtEdge: (day: string, shift: string, start: string) =>
    `El refrigerio del ${day} empieza a las ${start}, al borde del turno ${shift}: debe tomarse dentro del turno, ` +
    'con al menos una hora de trabajo antes y una hora después (art. 7 del D.S. 007-2002-TR)',
  /** §33: a refrigerio without a start, in a shift too short to leave an hour of work on each side. */
  breakNoRoom: (day: string, shift: string, minutes: number) =>
    `El turno del ${day} ${shift} no deja lugar para sus ${minutes} minutos de refrigerio con al menos una hora de ` +
    'trabajo antes y una hora después (art. 7 del D.S. 007-2002-TR)',
  shortBreak: (day: string, minutes: number) =>
    `El refrigerio del ${day} es de ${minutes} minutos: no puede ser menor de cuarenta y cinco minutos ` +
    '(art. 7 del D.S. 007-2002-TR y art. 14 del D.S. 008-2002-TR)',
  missingBreak: (day: string, shift: string, hours: string) =>
    `El turno del ${day} ${shift} dura más de ${hours} y no tiene refrigerio: indique un refrigerio de al menos ` +
    'cuarenta y cinco minutos dentro de ese turno (art. 7 del D.S. 007-2002-TR)',
  /** A warning (`data.warnings`), not a refusal. */
  mealWindowWithoutBreak: (day: string, shift: string, window: string) =>
    `El turno del ${day} ${shift} cubre el horario de comida de ${window} sin refrigerio: se acepta, pero conviene ` +
    'pactar un refrigerio de al menos cuarenta y cinco minutos (art. 7 del D.S. 007-2002-TR)',
  weeklyMaximum: (hours: string, weeks: number) => weeks === 1
    ? `La jornada suma ${hours} semanales: no puede superar cuarenta y ocho (art. 25 de la Constitución)`
    : `La jornada promedia ${hours} semanales en el ciclo de ${weeks} semanas: el promedio no puede superar ` +
      'cuarenta y ocho (art. 25 de la Constitución; art. 4 del D.S. 007-2002-TR)',
  hoursMismatch: (computed: string) =>
    `Las horas semanales no coinciden con los días y el horario indicados, que suman ${computed}`,
  /**
   * §35: part time under four hours over the workplace's week but not over the worker's own five or
   * six days (Cas. Lab. 18749-2016-Lima): refused as part time, the reduced Planilla named instead.
   */
  partTimeOwnDays: (hours: string, days: number, dayNames: string, average: string) =>
    `No es un contrato a tiempo parcial: sobre los ${days} días que la persona trabaja (${dayNames}), ${hours} semanales ` +
    `÷ ${days} = ${average} diarias, no menos de cuatro (art. 4 de la LPCL; art. 12 del D.S. 001-96-TR; Casación Laboral ` +
    '18749-2016-Lima). El camino lícito es un contrato de Planilla con jornada reducida, con esta misma jornada y todos sus beneficios',
  /**
   * The four-hour test (Reglamento art. 12): weekly hours ÷ the workplace's 6 or 5 days, or ÷ 5 for a
   * worker of fewer than five days (Informe 133-2016-MTPE), with the worker's own days beside it.
   */
  partTimeFourHours: (
    hours: string, divisor: number, average: string, workerDays: number, days: string, workplaceDays: number
  ) =>
    divisor === workplaceDays
      ? `Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: ${hours} semanales ÷ ${divisor} ` +
        `días de la semana del centro de trabajo = ${average} diarias (art. 12 del D.S. 001-96-TR); la persona ` +
        `trabaja ${workerDays} ${workerDays === 1 ? 'día' : 'días'} (${days})`
      : `Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: la persona trabaja ${workerDays} ` +
        `${workerDays === 1 ? 'día' : 'días'} (${days}), menos de cinco, y ${hours} semanales ÷ 5 = ${average} ` +
        'diarias (art. 12 del D.S. 001-96-TR; Informe 133-2016-MTPE: veinte horas o más en menos de cinco días ' +
        'no son tiempo parcial)'
} as const
