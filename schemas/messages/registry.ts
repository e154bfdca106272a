/** The contract registry: its routes, the public verification code, and the rules on a worker's history. */

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
  /** 409 on marking signed a contract a corrected reprint replaced: the reprint is the one signed. */
  supersededByReprint: (id: string, entryDate: string, endDate: string) =>
    `Este documento fue reemplazado por una reimpresión corregida (${id}, del ${entryDate} al ${endDate}): ` +
    'se firma la reimpresión, no el documento reemplazado',
  /** 409 on marking signed a term the history rules refuse (LPCL art. 74; Reglamento art. 16): each rule's message. */
  signBreaksHistory: (reasons: readonly string[]) =>
    `No se puede marcar como firmado: con los contratos firmados y el historial registrado de esta persona, ${reasons.join('; ')}`,
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
/** `34 meses`, `1 mes y 12 días`, `20 días` (DOCUMENT-REQUIREMENTS §36: calendar months and the days left over). */
const lengthText = (months: number, days: number) => {
  const dayText = days === 1 ? '1 día' : `${days} días`
  if (days === 0) return monthsText(months)
  return months === 0 ? dayText : `${monthsText(months)} y ${dayText}`
}
/** What is left from the new term's start, and the latest end it allows (none: not a day). */
const leftText = (months: number, days: number, latest: string | undefined) => latest === undefined
  ? 'no queda plazo para un nuevo contrato sujeto a modalidad'
  : `quedan ${lengthText(months, days)}: la fecha de término debe ser como máximo ${latest}`

/**
 * Rules on the worker's history in the registry (src/registry/history-rules.ts; LPCL art. 74;
 * Reglamento art. 16; DOCUMENT-REQUIREMENTS §32).
 */
export const HISTORY_MESSAGES = {
  /**
   * Art. 74's five years in calendar months (§36): what is used (months and days), what is left from
   * the new term's start and the latest end it allows (undefined: none left).
   */
  beyondFiveYears: (
    usedMonths: number, usedDays: number, leftMonths: number, leftDays: number, latest: string | undefined,
    maximum: number
  ) =>
    `Los contratos sujetos a modalidad de esta persona con el empleador suman ${lengthText(usedMonths, usedDays)} (contratos ` +
    `firmados e historial registrado, en meses calendario): con este plazo superarían los ${maximum} meses (cinco años) ` +
    `del art. 74 de la LPCL; ${leftText(leftMonths, leftDays, latest)}`,
  /** A modality's maximum in calendar months (§36), as beyondFiveYears. */
  beyondModality: (
    modality: string, maximum: number, usedMonths: number, usedDays: number, leftMonths: number, leftDays: number,
    latest: string | undefined
  ) =>
    `Los contratos de la modalidad ${modality} de esta persona suman ${lengthText(usedMonths, usedDays)} (en meses ` +
    `calendario): con este plazo superarían su máximo de ${maximum} meses (art. 74 de la LPCL); ` +
    leftText(leftMonths, leftDays, latest),
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
