/**
 * Every Spanish text the console's scripts write (labels fixed in the page are in index.html).
 * Texts from the service (envelope messages, `{row, field, message}` items) are shown as they come.
 */

/**
 * `1536` → `1.5 KB`: sizes in units of 1024 bytes, written as in Peru (es-PE: decimal point).
 * @param {number} bytes
 */
export function formatBytes (bytes) {
  if (bytes < 1024) return `${bytes} bytes`
  const kb = bytes / 1024
  if (kb < 1024) return `${kb.toLocaleString('es-PE', { maximumFractionDigits: 1 })} KB`
  return `${(kb / 1024).toLocaleString('es-PE', { maximumFractionDigits: 1 })} MB`
}

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`

export const TEXT = {
  network: 'No se pudo conectar con el servicio. Revisa la red e inténtalo de nuevo.',
  emptyAnswer: 'El servicio respondió sin contenido.',
  /** @param {number} status */
  httpStatus: (status) => `El servicio respondió con un error (HTTP ${status}).`,
  /** @param {string} seconds */
  retryAfter: (seconds) => `Vuelve a intentarlo en ${seconds} s.`,
  /** @param {number} received */
  cutDownload: (received) => `La descarga se interrumpió después de ${formatBytes(received)}. Inténtalo de nuevo.`,
  limitsUnavailable: 'No se pudieron leer los límites del servicio.',
  /** @param {import('./api.js').Limits} limits */
  limits: (limits) => `Límites de este servicio: ${plural(limits.batchMax, 'empleado', 'empleados')} por archivo y por descarga, ${plural(limits.addendumBatchMax, 'adenda', 'adendas')} por archivo, archivos de hasta ${formatBytes(limits.maxFileSize)}.`,
  /** @param {number} max */
  employeesLimit: (max) => `Hasta ${plural(max, 'empleado', 'empleados')} por archivo.`,
  /** @param {number} max */
  addendaLimit: (max) => `Hasta ${plural(max, 'adenda', 'adendas')} por archivo.`,
  /** @param {string} name @param {number} size @param {number} max */
  fileTooLarge: (name, size, max) => `${name} pesa ${formatBytes(size)}; el máximo es ${formatBytes(max)}.`,
  chooseFile: 'Elige un archivo primero.',
  noFileChosen: 'Ningún archivo elegido',
  /** @param {string} name */
  uploading: (name) => `Subiendo ${name}…`,
  /**
   * @param {number} total employees kept
   * @param {number} blocked those whose contract cannot be made
   * @param {number} refused sheet rows the service did not import
   */
  employeesLoaded: (total, blocked = 0, refused = 0) => [
    blocked > 0
      ? `${plural(blocked, 'no puede generar su contrato y queda', 'no pueden generar su contrato y quedan')} sin seleccionar (motivo en su fila).`
      : total === 1 ? 'Queda seleccionado para descargar.' : 'Todos quedan seleccionados para descargar.',
    refused > 0 ? `Corrige ${refused === 1 ? 'la fila rechazada' : `las ${refused} filas rechazadas`} con «Corregir» aquí mismo.` : ''
  ].filter(Boolean).join(' '),
  /** @param {string} current @param {number} rows @param {number} fixed @param {string} next */
  replaceQuestion: (current, rows, fixed, next) => `La página tiene ${current} (${plural(rows, 'fila', 'filas')}${fixed > 0 ? `, ${plural(fixed, 'corregida aquí', 'corregidas aquí')}` : ''}). ¿Añades las filas de ${next} a ese trabajo, o lo reemplazas por ${next}? Reemplazarlo descarta las correcciones y la selección.`,
  /** @param {string} next @param {string} current */
  appendedFile: (next, current) => `Se añadieron las filas de ${next} a ${current}.`,
  fixRowsHint: 'Corrige cada fila con «Corregir» aquí mismo, o descarga la hoja corregida.',
  errorsTitle: 'Errores por fila del archivo',
  /** @param {number} n */
  warningsTitle: (n) => `${plural(n, 'aviso', 'avisos')} sobre valores que el servicio leyó de otra forma (revisa primero los que pueden cambiar un documento; cada aviso está también en su fila):`,
  /** Titles of the warnings' kinds (upload-errors.js warningKind), those that may change a document first. */
  warningGroups: {
    dni: 'Pueden cambiar el documento: DNI guardados como número, que perdieron sus ceros iniciales. Comprueba que sea el DNI de la persona.',
    date: 'Pueden cambiar el documento: fechas escritas como texto, leídas como día/mes/año. Comprueba el día y el mes.',
    other: 'Para revisar:'
  },
  /** @param {number} n @param {string[]} columns */
  rowWarningsSummary: (n, columns) => `${plural(n, 'aviso', 'avisos')}: ${columns.join(', ')}`,
  /** @param {import('./api.js').Warning} warning */
  rowWarning: (warning) => `Aviso, ${warning.header ?? warning.field}: ${warning.message}`,
  employerNoticesTitle: 'Avisos para el empleador (no impiden generar los contratos):',
  /** @param {string} message @param {number[]} rows */
  employerNotice: (message, rows) => `${message} (${rows.length === 1 ? 'fila' : 'filas'} ${rows.join(', ')})`,
  /** @param {import('./api.js').Warning} warning */
  warningItem: (warning) => `Fila ${warning.row}, ${warning.header ?? warning.field}: ${warning.message}`,
  rowColumn: 'Fila',
  rowContentColumn: 'Contenido de la fila',
  problemsColumn: 'Problemas',
  headerRow: 'encabezados',
  /** @param {number} n */
  errorsCount: (n) => plural(n, 'problema', 'problemas'),
  rowUnreadable: '(no se pudo leer la fila en el navegador)',
  viewDocuments: 'Ver documentos',
  /** @param {string} name */
  viewDocumentsOf: (name) => `Ver documentos de ${name}`,
  /** @param {string} name */
  selectEmployee: (name) => `Seleccionar a ${name}`,
  missingValue: 'falta',
  /** @param {number} selected @param {number} total */
  selection: (selected, total) => `${selected} de ${plural(total, 'empleado seleccionado', 'empleados seleccionados')}.`,
  noneSelected: 'Selecciona al menos un empleado.',
  documents: { contract: 'Contrato', consent: 'Tratamiento de datos', annex: 'Anexo', addendum: 'Adenda' },
  /** @param {string} name */
  previewTitle: (name) => `Documentos de ${name}`,
  /** @param {string} name */
  addendumPreviewTitle: (name) => `Adenda de ${name}`,
  loadingDocument: 'Generando el documento…',
  /** @param {number} bytes */
  receiving: (bytes) => `Recibidos ${formatBytes(bytes)}…`,
  /** @param {number} n */
  preparingZip: (n) => `Generando ${plural(n, 'documento', 'documentos')}…`,
  /** @param {string} fileName @param {number} bytes @param {number} pdfs */
  zipSaved: (fileName, bytes, pdfs) => `Descargado ${fileName} (${formatBytes(bytes)}, ${plural(pdfs, 'PDF', 'PDF')}).`,
  errorsFileTitle: 'El archivo trae errores.txt: estos empleados no se generaron',
  /** @param {string} fileName @param {number} bytes */
  fileSaved: (fileName, bytes) => `Descargado ${fileName} (${formatBytes(bytes)}).`,
  /** @param {string} report @param {number} n */
  skippedTitle: (report, n) => `${report}: ${plural(n, 'empleado no se incluye', 'empleados no se incluyen')} porque faltan datos que este reporte necesita:`,
  cannotMakeContract: 'No se puede generar el contrato',
  /** @param {string} name */
  positionPickerOf: (name) => `Puesto del catálogo para el contrato de ${name}`,
  /** @param {string} name */
  modalityPickerOf: (name) => `Modalidad del contrato de ${name}`,
  positionByName: 'Puesto: según el cargo',
  /** @param {string} name */
  positionOption: (name) => `Puesto: ${name}`,
  /** A modality by its name, never its article number. @param {string} name */
  modalityOption: (name) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
  /** The type's usual modality, by name. @param {string} name */
  modalityDefault: (name) => `La habitual: ${name}`,
  /** @param {string} cause */
  causeLine: (cause) => `Causa: ${cause}`,
  noReviewedCause: 'Causa: la sede no tiene una causa revisada para esta modalidad. Una causa nueva la revisa el área legal antes de poder usarse.',
  /** @param {string[]} texts the causes' (short) texts */
  severalCauses: (texts) => `Causa: una de las causas revisadas de la sede (${texts.map((text) => `«${text}»`).join('; ')}), según el plazo y la jornada`,
  /** @param {string} id the sheet's value */
  unknownCause: (id) => `Causa: «${id}», escrita en la hoja, no es una causa revisada de la empresa`,
  /** @param {string} reason @param {string | undefined} ground the ground's name, when the row names one */
  suplenciaLine: (reason, ground) => ground === undefined ? `Suplencia: ${reason}` : `Suplencia (${ground}): ${reason}`,
  checking: 'Comprobando el contrato…',
  contractReady: 'El contrato se puede generar.',
  /** @param {number} n */
  contractsSkippedTitle: (n) => `Contratos: ${plural(n, 'empleado no se incluye', 'empleados no se incluyen')} porque su contrato no se puede generar:`,
  noContractToMake: 'Ningún empleado seleccionado puede generar su contrato; no se descargó nada.',
  /** @param {string} report */
  nothingToExport: (report) => `${report}: ningún empleado seleccionado tiene los datos que este reporte necesita; no se descargó nada.`,
  fieldLabels: /** @type {Record<string, string>} */ ({ sex: 'sexo', birthDate: 'fecha de nacimiento', endDate: 'fecha de término', position: 'cargo', subDivisionOrParking: 'playa o sub división' }),
  /** @param {string[]} fields */
  missingFields: (fields) => `falta ${fields.join(' y ')}`,
  reports: { lawlife: 'Vida Ley', sctr: 'SCTR', photocheck: 'Fotocheck' },
  /** @param {number} total @param {number} valid @param {number} invalid */
  addendaLoaded: (total, valid, invalid) => `${plural(total, 'fila leída', 'filas leídas')}: ${plural(valid, 'válida', 'válidas')}, ${plural(invalid, 'con errores', 'con errores')}.`,
  /**
   * The contract an adenda extends (docs/console.md, item 7), or what is missing for the adenda to name it.
   * @param {unknown} modality @param {unknown} position
   */
  extendedContract: (modality, position) => modality === undefined || position === undefined
    ? `Falta ${[modality === undefined ? 'MODALIDAD' : '', position === undefined ? 'CARGO' : ''].filter(Boolean).join(' y ')}: la adenda debe nombrar el contrato que prorroga`
    : `${String(modality)}, ${position}`,
  noValidAddenda: 'Ninguna adenda del archivo es válida: corrige los errores y vuelve a cargarlo.',
  preview: 'Vista previa',
  /** @param {string} name */
  previewOf: (name) => `Vista previa de la adenda de ${name}`,
  /** @param {number} index */
  sentItem: (index) => `registro ${index + 1}`,
  // fixing rows in the page, the corrected sheet, search and filters, "Vaciar" (docs/console.md, items 2-3)
  fix: 'Corregir',
  /** @param {number} row */
  fixRow: (row) => `Corregir la fila ${row}`,
  /** @param {string} name */
  fixOf: (name) => `Corregir la fila de ${name}`,
  actionColumn: 'Acción',
  /** @param {number} row @param {string} name who the row is about; '' when the row names nobody */
  fixTitle: (row, name) => name === '' ? `Corregir la fila ${row} de la hoja` : `Corregir la fila ${row} de la hoja (${name})`,
  fixChecking: 'El servicio está revisando la hoja…',
  /** @param {number} n */
  fixStillWrong: (n) => `Guardado. El servicio aún encuentra ${plural(n, 'problema', 'problemas')} en esta fila:`,
  /** @param {number} row */
  rowFixed: (row) => `Fila ${row} corregida: el servicio la aceptó.`,
  /** @param {number} rows @param {number} items */
  refusedTitle: (rows, items) => `${plural(rows, 'fila rechazada', 'filas rechazadas')} (${plural(items, 'problema', 'problemas')})`,
  errorsColumn: 'ERRORES',
  correctedSheetName: 'Datos',
  sheetUnreadable: 'El navegador no pudo leer el archivo: corrígelo en la hoja de cálculo y vuelve a cargarlo.',
  allTypes: 'Todos los tipos',
  allSites: 'Todas las sedes',
  /** @param {number} shown @param {number} total */
  filtered: (shown, total) => `Se muestran ${shown} de ${plural(total, 'empleado', 'empleados')}; las descargas toman solo los que se muestran.`,
  noAddendumSelected: 'Selecciona al menos una adenda.',
  /** @param {number} selected @param {number} total */
  addendaSelection: (selected, total) => `${selected} de ${plural(total, 'adenda seleccionada', 'adendas seleccionadas')}.`,
  /** @param {string} name */
  selectAddendum: (name) => `Seleccionar la adenda de ${name}`,
  cannotMakeAddendum: 'No se puede generar la adenda',
  noAddendumToMake: 'Ninguna adenda seleccionada se puede generar; no se descargó nada.',
  /** @param {number} n */
  addendaSkippedTitle: (n) => `Adendas: ${plural(n, 'fila no se incluye', 'filas no se incluyen')} porque su adenda no se puede generar:`,
  /** @param {number} n */
  addendaBlocked: (n) => `${plural(n, 'adenda no se puede generar y queda', 'adendas no se pueden generar y quedan')} sin seleccionar (motivo en su fila).`,
  /** @param {string} fileName */
  restored: (fileName) => `Se recuperó el trabajo de esta pestaña con ${fileName}: filas, correcciones, selección, filtros y el formulario abierto. «Vaciar la consola» lo borra.`,
  cleared: 'Se vació la consola: no queda ningún dato en esta pestaña del navegador.',
  // the closed choices and the schedule editor of "Corregir" (docs/console.md, item 2; console/js/fix/)
  sheetValueGroup: 'Valor de la hoja',
  /** @param {string} value */
  notAnOption: (value) => `${value} (no está en la lista)`,
  causeServiceChooses: 'Que el servicio elija la que corresponda',
  /** A reviewed cause by its text, never its id. @param {string} text @param {string} from @param {string} to */
  causeOption: (text, from, to) => `${text} (del ${from} al ${to})`,
  sitePick: 'Elige la sede',
  divisionPick: 'Elige la sede (o escribe el área en la hoja)',
  positionPick: 'Elige el cargo',
  /** A position of the catalogue, by its two names. @param {string} name @param {string} feminine */
  positionNames: (name, feminine) => `${name} / ${feminine}`,
  positionHint: 'Los cargos del catálogo del empleador; el documento lo escribe en masculino o femenino según el sexo.',
  contractTypePick: 'Elige el tipo de contrato',
  /** @param {string} header */
  pickDate: (header) => `Elegir en el calendario: ${header}`,
  sexPick: 'Elige el sexo',
  sexFemale: 'Femenino (F)',
  sexMale: 'Masculino (M)',
  siteHint: 'Las sedes de la empresa: elige la que corresponde a la fila.',
  causeHint: 'Solo las causas revisadas de esta sede y modalidad. Una causa nueva la revisa el área legal antes de poder usarse.',
  addendumCauseHint: 'Si este servicio emitió el contrato, déjala vacía: se toma la causa que imprimió. Si no, la causa revisada del contrato que se prorroga, de su modalidad.',
  causeNoneForSubsidio: 'Ninguna: la causa de una suplencia es el reemplazo',
  causeSubsidioHint: 'Una suplencia no lleva una causa de la lista: su causa es el reemplazo de la persona suplida (CAUSAL DE SUSPENSIÓN).',
  objectiveCauseCleared: 'Vacía: el contrato lleva la causa elegida en CAUSA',
  objectiveCauseHint: 'Un texto escrito como causa no se imprime: el contrato lleva una causa revisada, elegida en CAUSA. Una causa nueva la revisa el área legal antes de poder usarse.',
  groundFromReason: 'Según el motivo de suplencia (si nombra una sola causal)',
  supportDocumentKindPick: 'Elige el documento de sustento',
  supportDocumentKindHint: 'El documento que acredita la ausencia del titular (CITT, resolución, rol de vacaciones…): se imprime su tipo, número y fecha, nunca un diagnóstico.',
  groundHint: 'La causal de suspensión del titular (art. 12 de la LPCL) o su destaque temporal (art. 61).',
  probationNoReason: 'Ninguno: periodo de prueba de hasta tres meses',
  /** @param {string} reason @param {number} months */
  probationReasonOption: (reason, months) => `${({ calificado: 'Puesto calificado', confianza: 'Puesto de confianza', direccion: 'Puesto de dirección' })[reason] ?? reason}, hasta ${months} meses`,
  probationReasonHint: 'Solo para un periodo de prueba mayor de tres meses: los motivos que el catálogo de puestos da a este cargo.',
  reductionEmpty: 'Vacía (no)',
  reductionYes: 'SÍ: el trabajador aceptó expresamente el sueldo menor',
  reductionNo: 'NO',
  /** @param {string} daysHeader @param {string} scheduleHeader */
  scheduleLegend: (daysHeader, scheduleHeader) => `Jornada (${daysHeader} y ${scheduleHeader})`,
  scheduleDays: 'Días de trabajo',
  /** @param {number} n */
  shiftName: (n) => `Turno ${n}`,
  shiftStart: 'entrada',
  shiftEnd: 'salida',
  splitShift: 'Turno partido (dos turnos al día)',
  breakMinutes: 'Refrigerio (minutos; 0 si no hay)',
  breakStart: 'desde las (opcional)',
  /** The service's reading of the edited week (`POST /api/working-time`). @param {string} hours */
  weekReadAs: (hours) => `El servicio lee ${hours}.`,
  /** @param {string} rest the weekly rest as the contract prints it */
  weeklyRestIs: (rest) => `Descanso semanal: ${rest}.`,
  weeklyRestNone: 'Esta jornada no deja un descanso semanal de 24 horas seguidas.',
  /** @param {string} why */
  weekUnreadable: (why) => `El servicio no puede leer esta jornada: ${why}`,
  /** @param {string} daysHeader @param {string} days @param {string} scheduleHeader @param {string} schedule */
  scheduleWrites: (daysHeader, days, scheduleHeader, schedule) => `Se escribe en ${daysHeader}: «${days}»; en ${scheduleHeader}: «${schedule}».`,
  /** @param {string} days @param {string} schedule */
  scheduleKept: (days, schedule) => `La hoja dice «${[days, schedule].filter(Boolean).join('», «')}»: se mantiene así mientras no cambies la jornada aquí.`,
  /** @param {string} defaultDays @param {string} defaultSchedule the profile's working time ('' when none) */
  scheduleFromProfile: (defaultDays, defaultSchedule) => defaultDays === ''
    ? 'La hoja no indica la jornada: márcala aquí.'
    : `La hoja no indica la jornada: el contrato lleva la jornada habitual de la empresa (${defaultDays}, ${defaultSchedule}). Cámbiala aquí si es otra.`,
  // notices the legal requirements ask of the console (DOCUMENT-REQUIREMENTS §24, §29)
  noProbation: 'Sin periodo de prueba: el empleador renuncia al periodo de prueba legal.',
  dataNotice: 'Entrega a cada persona la información sobre el tratamiento de sus datos personales (el documento «Tratamiento de datos» de cada ZIP) cuando se recogen sus datos por primera vez, no recién al firmar el contrato.',
  // sign-in (docs/security.md): console/js/auth.js
  signInTitle: 'Inicia sesión para usar la consola',
  signInHint: 'Los datos de los trabajadores solo se muestran a quien inicia sesión con su cuenta de la empresa.',
  signIn: 'Iniciar sesión',
  signOut: 'Cerrar sesión',
  /** @param {string} name */
  signedInAs: (name) => `Sesión de ${name}`,
  /** @param {string[]} roles */
  rolesLine: (roles) => `(${roles.join(', ')})`,
  redirectingToSignIn: 'Abriendo el inicio de sesión de la empresa…',
  /** @param {string} detail */
  signInFailed: (detail) => `No se pudo iniciar sesión: ${detail}. Vuelve a intentarlo.`,
  /** @param {string} detail */
  signInUnavailable: (detail) => `No se puede iniciar sesión: el proveedor de identidad no responde (${detail}).`,
  apiKeysOnly: 'Este servicio solo acepta claves de API de sistemas: la consola no tiene inicio de sesión para personas. Pide a TI que configure OIDC_ISSUER y OIDC_CLIENT_ID.',
  authConfigUnavailable: 'No se pudo saber cómo iniciar sesión en el servicio; recarga la página para reintentar.',

  // "Por vencer" (expiring.js, expiring/renew.js)
  /**
   * The modality's name from the profile, never its article number alone.
   * @param {string | null} code @param {import('./api.js').Profile | undefined} profile
   */
  modalityName: (code, profile) => {
    if (code === null || code === '') return 'Sin modalidad'
    const known = profile?.modalities.find((modality) => modality.code === code)
    return known === undefined ? `Modalidad ${code}` : known.name
  },
  signed: 'Firmado',
  unsigned: 'Sin firmar',
  /** The registry's word on a row's contract (Contratos tab). @param {string} status */
  recordedSigned: (status) => `Registro: ${status}`,
  recordedUnsigned: 'Registro: Emitido, sin firmar',
  recordedStartedUnsigned: 'Registro: Empezó sin firmar (regístrelo en Firmas)',
  /** @param {number} count */
  withAddenda: (count) => `Con ${plural(count, 'adenda', 'adendas')}`,
  /** @param {number} days */
  daysLeft: (days) => days === 0 ? 'Termina hoy' : days === 1 ? '1 día' : `${days} días`,
  noLongestEnd: 'No se puede renovar',
  renew: 'Renovar',
  /** @param {string} name */
  renewOf: (name) => `Renovar el contrato de ${name}`,
  /** @param {number} shown @param {number} total */
  expiringCount: (shown, total) => shown === total ? '' : `Se muestran ${shown} de ${total}.`,
  expiringDaysInvalid: 'Escribe un número de días entre 0 y 366.',
  expiringLoading: 'Buscando los contratos por vencer…',
  /** @param {string} from @param {string} to */
  noneExpiring: (from, to) => `Ningún contrato registrado termina entre el ${from} y el ${to}.`,
  /** @param {string} from @param {string} to */
  expiringRange: (from, to) => `Contratos que terminan entre el ${from} y el ${to}.`,
  /** @param {string} name */
  renewTitle: (name) => `Renovar el contrato de ${name}`,
  /** @param {{ dni: string, position: string, site: string | null, entryDate: string, endDate: string }} contract */
  renewContract: (contract) => `DNI ${contract.dni}, ${contract.position}${contract.site === null ? '' : `, ${contract.site}`}: vigente del ${contract.entryDate} al ${contract.endDate}. La adenda empieza el día siguiente.`,
  /**
   * @param {string} end @param {string} longest @param {boolean} absence a suplencia bounded by its absence
   * @param {string | undefined} causeEnd the end of its cause's period
   */
  renewEndHint: (end, longest, absence, causeEnd) => `Después del ${end} y hasta el ${longest} como máximo (${absence
    ? 'el fin previsto de la ausencia que cubre la suplencia'
    : 'el plazo máximo de la modalidad y los cinco años de contratos temporales'}${causeEnd === undefined ? '' : `; la causa del contrato está revisada hasta el ${causeEnd}`}). Propuesta: el mismo plazo del contrato.`,
  /** @param {string} shown the end the list showed @param {string} now the end the registry holds */
  renewStale: (shown, now) => `Este contrato ya fue prorrogado: ya no termina el ${shown} sino el ${now}. La lista se actualizó; vuelve a abrir Renovar si hace falta otra adenda.`,
  causeUpdateStarter: 'Elegir una frase de inicio (opcional)…',
  causeUpdateStarters: [
    'La necesidad que motivó el contrato subsiste porque ',
    'La causa objetiva del contrato continúa, ya que '
  ],
  causeUpdateHint: 'Una oración completa, de 30 a 1000 caracteres, que diga por qué la necesidad continúa.',
  /** @param {string} text */
  causeUpdateHintWith: (text) => `Una oración completa, de 30 a 1000 caracteres, que diga por qué continúa la causa del contrato: «${text}»`,
  renewPreparing: 'Preparando la adenda con los datos del contrato registrado…',
  renewReady: 'Adenda lista: revisa la vista previa y descarga el ZIP.',
  renewWarnings: 'Revisa antes de firmarla (no impide generar la adenda):',

  // "Causas" (causes.js, causes/form.js)
  causeStatus: { proposed: 'Pendiente', approved: 'Aprobada', retired: 'Retirada' },
  redateCause: 'Proponer con otras fechas',
  /** @param {string} id */
  redateTitle: (id) => `Proponer la causa ${id} con otras fechas`,
  approve: 'Aprobar',
  retire: 'Retirar',
  /** @param {{ days: string, from: string, to: string }} justifies */
  justifies: (justifies) => `Justifica: ${justifies.days}, de ${justifies.from} a ${justifies.to}`,
  causesLoading: 'Leyendo las causas…',
  /** @param {number} proposed @param {number} reviewed */
  causesCount: (proposed, reviewed) => `${plural(proposed, 'causa pendiente', 'causas pendientes')}, ${plural(reviewed, 'revisada', 'revisadas')}.`,
  causeSending: 'Enviando…',
  /** @param {string} id */
  causeProposed: (id) => `Causa ${id} propuesta: queda pendiente de la revisión del asesor legal.`,
  /** @param {string} id */
  causeEdited: (id) => `Propuesta ${id} corregida.`,
  /** @param {string} id */
  causeApproved: (id) => `Causa ${id} aprobada: los contratos ya la pueden imprimir.`,
  /** @param {string} id */
  causeRetired: (id) => `Causa ${id} retirada: ya no se imprime.`,
  chooseModality: 'Elegir la modalidad…',
  noSiteForModality: 'Ninguna sede del perfil admite esta modalidad.',
  proposeCause: 'Proponer causa',
  /** @param {string} id */
  editCause: (id) => `Corregir la propuesta ${id}`,
  sendProposal: 'Enviar la propuesta',
  saveEdit: 'Guardar la corrección',

  // "Firmas" (signatures.js, signatures/forms.js; docs/registry.md "Statuses")
  /** Each status in HR's words. */
  contractStatus: /** @type {Record<string, string>} */ ({ issued: 'Sin firmar', signed: 'Firmado', withdrawn: 'Retirado', ended: 'Terminó antes', superseded: 'Reemplazado' }),
  /** @param {string | null} via @param {string | null} on */
  signedLine: (via, on) => `${via === 'electronic' ? 'Firmado electrónicamente' : 'Firmado en papel'}${on === null ? '' : ` el ${on}`}`,
  noScan: 'Sin escaneo',
  started: 'Ya empezó',
  notStarted: 'Aún no empieza',
  /** @param {string} on */
  endedLine: (on) => `Terminó el ${on}`,
  kindNames: /** @type {Record<string, string>} */ ({ contract: 'Contrato', addendum: 'Adenda' }),
  signaturesFilters: /** @type {Record<string, string>} */ ({
    issued: 'Por firmar',
    unscanned: 'Firmados sin escaneo',
    signed: 'Firmados',
    ended: 'Terminados antes',
    withdrawn: 'Retirados'
  }),
  signaturesLoading: 'Leyendo los contratos…',
  /** @param {string} filter the filter's name @param {number} n */
  signaturesCount: (filter, n) => n === 0 ? `${filter}: ninguno.` : `${filter}: ${plural(n, 'contrato o adenda', 'contratos y adendas')}.`,
  signPaper: 'Firmado en papel',
  addScan: 'Añadir el escaneo',
  withdraw: 'Retirar',
  endEarly: 'Terminó antes',
  history: 'Historial',
  hideHistory: 'Ocultar el historial',
  /** @param {string} kind */
  viewScan: (kind) => kind === 'file' ? 'Descargar el escaneo' : `Descargar el escaneo (${kind})`,
  /** @param {string} action @param {string} name */
  actionOf: (action, name) => `${action}: ${name}`,
  signingDate: 'Fecha de firma (dd/mm/aaaa)',
  scanFile: 'Escaneo firmado (PDF, JPEG o PNG, hasta 10 MB)',
  chooseScanFile: 'Elegir archivo…',
  takePhoto: 'Tomar foto…',
  scanHint: 'Un solo PDF con todas las páginas firmadas, o una imagen escaneada; en el teléfono, «Tomar foto…» abre la cámara.',
  endedOn: 'Último día trabajado (dd/mm/aaaa)',
  reason: 'Motivo',
  withdrawHint: 'Solo un contrato que nunca se firmó ni se trabajó. Si ya empezó, lo retira el asesor legal.',
  endedHint: 'Un contrato que terminó antes de su fecha de término: cuenta hasta el último día trabajado.',
  save: 'Guardar',
  cancel: 'Cancelar',
  sending: 'Enviando…',
  chooseScan: 'Elige el escaneo firmado o toma una foto.',
  /** @param {string} name */
  markedSigned: (name) => `Contrato de ${name} registrado como firmado en papel, con su escaneo.`,
  /** @param {string} name */
  scanAdded: (name) => `Escaneo del contrato de ${name} añadido.`,
  /** @param {string} name */
  markedWithdrawn: (name) => `Contrato de ${name} retirado.`,
  /** @param {string} name */
  markedEnded: (name) => `Término anticipado del contrato de ${name} registrado.`,
  historyLoading: 'Leyendo el historial…',
  /** The events of docs/registry.md "Statuses", in HR's words. */
  eventNames: /** @type {Record<string, string>} */ ({
    signed: 'Firmado',
    scan: 'Escaneo añadido',
    unsigned: 'Firma anulada',
    withdrawn: 'Retirado',
    ended: 'Terminó antes',
    superseded: 'Reemplazado por una reimpresión',
    copy: 'Copia entregada',
    issued: 'Emitido'
  }),
  /** @param {string} by */
  eventBy: (by) => `por ${by}`,
  /** @param {string} on */
  eventOn: (on) => `el ${on}`,
  noEvents: 'Sin cambios desde que se emitió.',

  // "Firmas", the electronic signature (signatures/invitations.js; docs/signing-flow.md)
  inviteToSign: 'Invitar a firmar',
  inviting: 'Enviando la invitación…',
  /** @param {string} email masked @param {string} until Lima date and time */
  invitedTo: (email, until) => `Invitación enviada a ${email}. El enlace sirve hasta el ${until}.`,
  addressRecentlyChanged: 'El correo cambió hace poco o lo registró usted: confírmelo con el trabajador antes de que firme.',
  recentAddress: 'Correo reciente',
  demoLink: 'Demostración (sin servidor de correo): el enlace para el trabajador se muestra solo esta vez.',
  demoLinkLabel: 'Enlace de la demostración',
  demo: 'Demostración',
  /** @param {string} name */
  workerEmail: (name) => `Correo propio de ${name}`,
  workerEmailHint: 'El código para firmar llega a este correo: debe ser del trabajador, no uno de la empresa.',
  saveAndInvite: 'Guardar e invitar',
  invitationFilters: /** @type {Record<string, string>} */ ({
    '': 'Todas',
    queued: 'En cola',
    sent: 'Enviadas',
    opened: 'Abiertas',
    signed: 'Firmadas',
    declined: 'Rechazadas',
    expired: 'Vencidas',
    revoked: 'Revocadas',
    locked: 'Bloqueadas'
  }),
  /** @param {string} status @param {string | null} choice */
  invitationStatus: (status, choice) => {
    const names = /** @type {Record<string, string>} */ ({
      queued: 'En cola (correo por enviar)',
      sent: 'Enviada',
      opened: 'Abierta (identidad confirmada)',
      signed: 'Firmada',
      declined: 'Rechazada',
      expired: 'Vencida',
      revoked: 'Revocada',
      locked: 'Bloqueada por intentos fallidos'
    })
    const choices = /** @type {Record<string, string>} */ ({ paper: 'prefiere papel', disagree: 'no está de acuerdo', 'not-my-address': 'dice que no es su correo' })
    const name = names[status] ?? status
    return choice === null || choices[choice] === undefined ? name : `${name}: ${choices[choice]}`
  },
  invitationsLoading: 'Leyendo las invitaciones…',
  /** @param {string} filter @param {number} n */
  invitationsCount: (filter, n) => n === 0 ? `${filter}: ninguna.` : `${filter}: ${plural(n, 'invitación', 'invitaciones')}.`,
  /** @param {string} at @param {string | null} by */
  invitedOn: (at, by) => `Enviada el ${at}${by === null ? '' : ` por ${by}`}`,
  /** @param {string} at */
  expiresOn: (at) => `Vence el ${at}`,
  revoke: 'Revocar',
  reinvite: 'Reenviar',
  inviteAgain: 'Invitar de nuevo',
  /** @param {string} kind */
  signedCopy: (kind) => `Copia firmada: ${({ contrato: 'contrato', 'tratamiento-datos': 'tratamiento de datos', anexo: 'anexo', adenda: 'adenda' })[kind] ?? kind}`,
  resendCopy: 'Reenviar la copia',
  /** @param {string} email */
  copyQueued: (email) => `La copia firmada se enviará de nuevo a ${email}.`,
  constancia: 'Constancia (PDF)',
  evidence: 'Evidencia',
  chainValid: 'La cadena de evidencia está íntegra: ningún evento se cambió ni se quitó.',
  chainBroken: 'La cadena de evidencia NO está íntegra: un evento se cambió o se quitó. Avise al asesor legal.',
  /** The evidence's events (docs/signing-flow.md "Evidence") in HR's words. */
  evidenceNames: /** @type {Record<string, string>} */ ({
    invited: 'Invitación creada',
    'mail-sent': 'Correo aceptado por el servidor',
    'identity-failed': 'DNI o fecha de nacimiento incorrectos',
    'identity-locked': 'Bloqueada por identidad incorrecta',
    'identity-confirmed': 'Identidad confirmada',
    'code-sent': 'Código enviado',
    'code-failed': 'Código incorrecto',
    'code-locked': 'Bloqueada por códigos incorrectos',
    'code-confirmed': 'Código confirmado',
    signed: 'Firmado',
    declined: 'Rechazado',
    revoked: 'Revocada',
    downloaded: 'Descarga',
    'copy-queued': 'Copia por enviar'
  })
}
