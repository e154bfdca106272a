/** The documents and exports: what they cannot print, the contract and adenda previews and ZIPs, and the reports. */

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

/** Endpoints 3 and 4 (preview, download-zip): routes/contracts/index.ts, src/zip, plugins/document-zips.ts. */
export const CONTRACT_MESSAGES = {
  /** Endpoint 4: no list, or an empty one. */
  emptyBatch: 'Debes seleccionar al menos un empleado para generar el ZIP.',
  /** D3 session mode of the preview. */
  sessionId: { required: 'El identificador de sesión es requerido', invalid: 'El identificador de sesión debe ser un UUID válido' },
  format: { required: 'El formato es requerido', invalid: "El formato debe ser 'file' o 'base64'" },
  previewDocument: { invalid: "El documento debe ser 'contrato', 'tratamiento-datos' o 'anexo'" },
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
  /**
   * On the later record's worker field: `earlier` and `later` are the two records' places in the list
   * (from 1), each with its term (`DD/MM/YYYY`).
   */
  overlappingDuplicate: (dni: string, earlier: number, earlierTerm: string, later: number, laterTerm: string) =>
    `Los registros ${earlier} y ${later} de esta lista son de la misma persona (DNI ${dni}) con fechas que se superponen ` +
    `(${earlierTerm} y ${laterTerm}): el documento del registro ${later} reemplazaría al del registro ${earlier} en cuanto ` +
    'se emita. Envíe uno solo (el correcto), o plazos sucesivos'
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
    'semanales de un contrato a tiempo parcial',
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
    `No cabe prórroga: la contratación sujeta a modalidad ya alcanzó los cinco años desde la fecha de ingreso, que terminaron el ${lastDay} (art. 74 de la LPCL)`,
  /** Warning (DOCUMENT-REQUIREMENTS §38): the adenda is made before the contract it extends starts. */
  madeBeforeStart: (made: string, start: string) =>
    `La adenda se firma el ${made}, antes de que empiece el contrato que prorroga (${start}): la prórroga se acuerda ` +
    'cuando se sabe que la causa objetiva subsiste al vencimiento (arts. 53 y 72 de la LPCL); conviene firmarla cerca del fin del contrato',
  /** Warning (DOCUMENT-REQUIREMENTS §38): the adenda is made more than `days` days before the contract ends. */
  madeLongBeforeEnd: (made: string, end: string, days: number) =>
    `La adenda se firma el ${made}, más de ${days} días antes del fin del contrato (${end}): la prórroga se acuerda ` +
    'cuando se sabe que la causa objetiva subsiste al vencimiento (arts. 53 y 72 de la LPCL); conviene firmarla en los ' +
    `${days} días anteriores al fin del contrato`
} as const

/** Endpoints 6-8 (Vida Ley, SCTR, photocheck exports), routes/excel/reports.ts. */
export const REPORT_MESSAGES = {
  /** No list, or an empty one: envelope message and the `body` item alike. */
  emptyBatch: 'No se recibieron datos. Debes enviar una lista de empleados.'
} as const

/** The preview body holds one mode or the other (D3), never both. */
export const PREVIEW_MODE_MESSAGES = {
  conflict: (fields: string) =>
    `Envía un registro de empleado o una referencia de sesión {sessionId, dni, format}, no ambos: sobran ${fields}`
} as const
