/** The contract registry: its routes, the public verification code, and the rules on a worker's history. */

/** A contract's status, as the registry's messages name it. */
const STATUS_LABELS: Record<string, string> = {
  issued: 'emitido sin firma registrada',
  signed: 'firmado',
  withdrawn: 'retirado',
  ended: 'terminado antes de su fin',
  superseded: 'reemplazado por una reimpresión'
}

/** A binding contract in an overlap refusal. */
const BINDING_LABELS: Record<string, string> = {
  signed: 'firmado',
  issued: 'que ya empezó sin firma registrada',
  ended: 'terminado anticipadamente'
}

/** The lawful ways out of an overlap (DOCUMENT-REQUIREMENTS §39). */
const WAYS_OUT = 'Salidas lícitas: retírelo si nunca se trabajó; registre su término anticipado si terminó antes; o emita una adenda que empiece al día siguiente de su término'

/** The contract registry (docs/registry.md). */
export const REGISTRY_MESSAGES = {
  /** 503 (with Retry-After) while the registry's database does not answer. */
  unavailable: 'El registro de contratos no está disponible en este momento. Intenta nuevamente en unos segundos.',
  /**
   * 409: the worker already has a contract over these dates that binds (signed, started unsigned, or
   * ended: counted up to its end), with the lawful ways out (DOCUMENT-REQUIREMENTS §39).
   */
  overlapsSigned: (dni: string, entryDate: string, endDate: string, status = 'signed') =>
    `El trabajador con DNI ${dni} ya tiene un contrato ${BINDING_LABELS[status] ?? 'firmado'} del ${entryDate} al ${endDate} que se ` +
    `superpone con estas fechas y cuenta para el art. 74 de la LPCL: no se reemplaza. ${WAYS_OUT}`,
  /** 409 on marking signed: another binding contract of the worker overlaps (marking it signed ends no overlap). */
  signOverlaps: (entryDate: string, endDate: string, status = 'signed') =>
    `El trabajador ya tiene un contrato ${BINDING_LABELS[status] ?? 'firmado'} del ${entryDate} al ${endDate} que se superpone con este: ` +
    `no puede haber dos contratos por las mismas fechas, y marcarlo firmado no lo resuelve. ${WAYS_OUT}`,
  /** 409: the contract's status does not allow the change asked. */
  statusForbids: (status: string) =>
    `Este documento está ${STATUS_LABELS[status] ?? status}: no admite ese cambio`,
  /** 403: withdrawing a contract that has started needs counsel (it counts for art. 74 once worked). */
  withdrawStartedNeedsLegal: (entryDate: string) =>
    `Este contrato empezó el ${entryDate}: un contrato que empezó cuenta para el art. 74 de la LPCL si se trabajó, y solo asesoría ` +
    'legal (rol legal) puede retirarlo; si se trabajó y terminó antes, registre su término anticipado',
  /** 409: an electronic signature is never undone by a DELETE. */
  electronicNotUndone: 'Esta firma es electrónica: queda con su evidencia y no se deshace; para corregir el documento emita una adenda',
  /** 409: already ended on another day. */
  alreadyEnded: (date: string) => `Este contrato ya está registrado como terminado el ${date}: esa fecha no se cambia`,
  /** 400 on `endedOn`. */
  endedInFuture: (today: string) => `La fecha de término no puede ser posterior a hoy (${today}): se registra cuando ya terminó`,
  endedBeforeStart: (entryDate: string) => `La fecha de término no puede ser anterior al inicio del contrato (${entryDate})`,
  endedNotBeforeEnd: (endDate: string) =>
    `El término anticipado es anterior al fin impreso (${endDate}): indique un día anterior a esa fecha; si terminó en su fecha no se registra nada`,
  /** 400 on `copyDeliveredOn`. */
  copyInFuture: (today: string) => `La fecha de entrega de la copia no puede ser posterior a hoy (${today})`,
  copyBeforeSigning: (signingDate: string) => `La copia no se entrega antes de la firma (${signingDate})`,
  cargoNeeded: 'La copia en papel se entrega con la firma: otra fecha de entrega requiere el escaneo del cargo firmado por el trabajador (parte cargo)',
  /** 409: the scans of a mark are added once. */
  scanTaken: 'Este documento ya tiene su escaneo: el escaneo de una firma se agrega una sola vez',
  /** 400: a reason is required for a withdrawal, an early end or an undo. */
  reasonRequired: 'Indique el motivo (reason), de 3 a 500 caracteres',
  /** `POST /api/contracts/{id}/signed` multipart. */
  scanTooLarge: (limit: string) => `Cada escaneo puede pesar como máximo ${limit}`,
  scanType: (part: string) => `El archivo de ${part} no es un PDF, JPEG ni PNG (se reconoce por su contenido, no por su nombre)`,
  scanPixels: (part: string, maximum: number) => `La imagen de ${part} no se puede leer o mide más de ${maximum} píxeles por lado`,
  scanPart: (parts: string) => `Parte desconocida: envíe signingDate y el escaneo como file o una parte por documento (${parts})`,
  scanNone: 'Envíe signingDate y al menos un escaneo (file, o una parte por documento)',
  scanTwice: (part: string) => `La parte ${part} va una sola vez`,
  scanFileAndKinds: 'Envíe el escaneo completo como file, o una parte por documento, no ambos',
  scanMultipart: 'El formulario no se pudo leer: envíe multipart/form-data con signingDate y los escaneos',
  /** 404: no current scan of that kind. */
  scanNotFound: (kind: string) => `Este documento no tiene un escaneo ${kind}`,
  scanKind: (kinds: string) => `kind debe ser uno de: ${kinds}`,
  /** `GET /api/contracts`. */
  listStatus: 'status debe ser issued, signed, withdrawn, ended o superseded',
  listBoolean: (name: string) => `${name} debe ser true o false`,
  listLimit: 'limit debe ser un número entero de 1 a 200',
  listCursor: 'cursor no es válido: use el nextCursor de la página anterior',
  /** A warning of the employee upload (DOCUMENT-REQUIREMENTS §39). */
  startedUnsigned: (dni: string, entryDate: string, endDate: string) =>
    `El trabajador con DNI ${dni} tiene un contrato del ${entryDate} al ${endDate} que empezó sin registrarse su firma: cuenta para ` +
    'el art. 74 de la LPCL; márquelo firmado, retírelo si nunca se trabajó o registre su término anticipado',
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
  /** `stated`, `recorded`: the causes as HR reads them (their text, quoted). */
  otherCause: (stated: string, recorded: string) =>
    `La adenda mantiene la causa objetiva del contrato que prorroga (${recorded}), revisada para él: no puede imprimir otra ` +
    `(${stated}); la actualización explica por qué esa causa subsiste`,
  otherSite: (stated: string, recorded: string) =>
    `El contrato que se prorroga es de la sede ${recorded}, para la que se revisó su causa: la adenda no puede indicar la sede ${stated}`
} as const
