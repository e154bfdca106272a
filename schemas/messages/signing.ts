/**
 * The worker's electronic signature (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39): HR's refusals
 * of an invitation, the worker's page and its answers, and the mails' texts.
 */

/** HR's side: invitations and the worker's address. */
export const SIGNING_MESSAGES = {
  noEmail: (dni: string) =>
    `El trabajador con DNI ${dni} no tiene correo registrado: regístrelo (columna CORREO de la carga o PUT /api/workers/${dni}/email) antes de invitarlo a firmar`,
  employerDomain: (domain: string) =>
    `El correo del trabajador es del dominio de la empresa (${domain}): el código debe llegar a un correo propio del trabajador, no a uno que la empresa controla`,
  anotherWorker: 'Ese correo es el de otro trabajador: el código debe llegar a un correo propio de quien firma',
  notIssued: (status: string) =>
    `Solo se firma electrónicamente un documento emitido y sin firma registrada; este está ${status}`,
  started: (entryDate: string) =>
    `El contrato empezó el ${entryDate}: ya no se invita a firmarlo electrónicamente (regístrelo firmado en papel si se firmó)`,
  contractEnded: (entryDate: string) =>
    `La adenda empieza el ${entryDate}: su contrato ya terminó, y ya no se invita a firmarla electrónicamente`,
  notRecorded: 'El documento emitido no está registrado con su huella (SHA-256): vuelva a emitirlo para firmarlo electrónicamente',
  renderedDiffers: 'El documento ya no se genera idéntico al emitido (cambió la plantilla, el perfil o la causa): reimprímalo antes de invitar a firmarlo',
  noBirthDate: (dni: string) =>
    `El registro no tiene la fecha de nacimiento del trabajador con DNI ${dni}: sin ella no se confirma su identidad al firmar`,
  contractNotFound: (id: string) => `No hay un contrato o adenda registrado con id ${id}`,
  invitationNotFound: 'No hay una invitación con ese id',
  workerNotFound: (dni: string) => `El registro no conoce al trabajador con DNI ${dni}: emita primero un documento suyo`,
  productionNeeds: 'En producción las invitaciones a firmar requieren AUTH_MODE=oidc, SMTP_URL y PUBLIC_URL (la firma sin correo real es solo una demostración)',
  copyNotSigned: 'La invitación no está firmada: no hay copia firmada que reenviar',
  noReceipt: 'Este contrato o adenda no se firmó electrónicamente: no tiene constancia de firma electrónica',
  notRevoked: 'La invitación ya terminó (firmada, rechazada, vencida o revocada): no hay nada que revocar',
  noSealer: 'El sellado de documentos no está disponible en este momento. Intenta nuevamente en unos minutos.'
} as const

/** The worker's page and its API (`/firmar/{token}`, `/api/signing/{token}/…`). */
export const SIGNING_PAGE_MESSAGES = {
  notFound: 'Este enlace no es válido. Pida a Recursos Humanos un nuevo enlace, o firme en papel.',
  expired: 'Este enlace venció. Puede firmar en papel con Recursos Humanos, o pedir un nuevo enlace.',
  revoked: 'Este enlace ya no es válido (el documento cambió o se firmó en papel). Consulte con Recursos Humanos.',
  finished: 'Este enlace ya se usó: la firma o su rechazo ya quedaron registrados.',
  locked: 'Por seguridad este enlace quedó bloqueado tras varios intentos fallidos. Consulte con Recursos Humanos; puede firmar en papel.',
  wrongIdentity: 'Los datos no coinciden con los del documento.',
  noIdentity: 'Primero confirme su DNI y su fecha de nacimiento.',
  wrongCode: 'El código no es correcto.',
  noCode: 'El código venció o ya no es el último enviado: pida uno nuevo.',
  codeTooSoon: (seconds: number) => `Espere ${seconds} segundos antes de pedir otro código.`,
  codesPerDay: 'Ya se enviaron 5 códigos hoy. Intente mañana o firme en papel.',
  session: 'Su sesión terminó. Vuelva a abrir el enlace y confirme sus datos.',
  origin: 'Solicitud rechazada: no viene de la página de firma.',
  hashes: 'Los documentos no son los emitidos: vuelva a abrir el enlace y revíselos antes de firmar.',
  notIssued: 'El documento ya no está pendiente de firma (se reimprimió, se retiró o se firmó en papel). Consulte con Recursos Humanos.',
  mailDown: 'No se pudo enviar el código en este momento. Intente nuevamente en unos minutos; no se contó como intento.',
  documentNotFound: 'Ese documento no forma parte de esta invitación.',
  /** 400: a consent to a purpose the data notice does not print (docs/signing-flow.md, step 6). */
  unknownPurpose: 'Una de las finalidades respondidas no figura en el aviso de tratamiento de datos: vuelva a abrir el enlace y responda las que se muestran.',
  repeatedPurpose: 'Cada finalidad opcional se responde una sola vez: SÍ o NO.'
} as const

/** The page's own texts (served to its script as JSON, so every Spanish word lives here). */
export const SIGNING_PAGE_TEXTS = {
  title: 'Firma de documentos laborales',
  paperFirst: 'Puede firmar en papel con Recursos Humanos: es su derecho y no tiene ninguna consecuencia. Si prefiere firmar aquí, continúe.',
  choosePaper: 'Prefiero firmar en papel',
  identityIntro: 'Confirme que es usted: escriba su DNI y su fecha de nacimiento.',
  dni: 'DNI',
  birthDate: 'Fecha de nacimiento (DD/MM/AAAA)',
  confirm: 'Continuar',
  codeSent: (masked: string) => `Enviamos un código de 6 dígitos a ${masked}. Vence en 10 minutos.`,
  notMyAddress: 'No es mi correo',
  code: 'Código',
  resend: 'Enviar otro código',
  read: 'Lea cada documento antes de firmar. Puede ampliarlo o descargarlo.',
  download: 'Descargar',
  readHere: 'Leer',
  /** The documents by their kind, as the page names them. */
  documentNames: { contrato: 'Contrato', 'tratamiento-datos': 'Tratamiento de datos personales', anexo: 'Anexo', adenda: 'Adenda' },
  loadingDocument: 'Abriendo el documento…',
  documentFailed: 'No se pudo mostrar el documento aquí: descárguelo para leerlo.',
  zoomIn: 'Ampliar',
  zoomOut: 'Reducir',
  closeDocument: 'Cerrar el documento',
  pageOf: 'Página {n} de {total}',
  consentsIntro: 'Finalidades opcionales del tratamiento de sus datos: responda SÍ o NO a cada una. Ninguna es obligatoria.',
  yes: 'SÍ',
  no: 'NO',
  sign: 'Firmar los documentos',
  disagree: 'No estoy de acuerdo',
  reason: 'Motivo (opcional)',
  signed: 'Listo: los documentos quedaron firmados. Descargue su copia; también la recibirá por correo.',
  declined: 'Registramos su respuesta. Recursos Humanos se pondrá en contacto con usted.',
  demo: 'DEMOSTRACIÓN: esta firma no tiene valor legal.'
} as const

/**
 * The mails (§39): the invitation holds no DNI, salary, dates, attachments or remote images; the code never in the
 * subject.
 */
export const SIGNING_MAIL = {
  invitationSubject: (employer: string) => `${employer}: documentos laborales para firmar`,
  invitationText: (employer: string, link: string, demo: boolean) => [
    ...(demo ? ['DEMOSTRACIÓN: este mensaje no tiene valor legal.', ''] : []),
    'Hola:',
    '',
    `${employer} le invita a revisar y firmar electrónicamente sus documentos laborales.`,
    '',
    'Firmar en papel sigue disponible: puede pedirlo a Recursos Humanos, y elegir el papel no tiene ninguna consecuencia.',
    '',
    'Para revisar y firmar, abra este enlace personal (no lo reenvíe):',
    link,
    '',
    'Si no esperaba este mensaje, ignórelo.'
  ].join('\n'),
  codeSubject: 'Su código para firmar',
  codeText: (code: string, demo: boolean) => [
    ...(demo ? ['DEMOSTRACIÓN: este mensaje no tiene valor legal.', ''] : []),
    `Su código es: ${code}`,
    '',
    'Vence en 10 minutos. No lo comparta con nadie, tampoco con Recursos Humanos.'
  ].join('\n'),
  copySubject: (employer: string) => `${employer}: su copia de los documentos firmados`,
  /** One attached file of the copy's mail. */
  copyLine: (kind: string, code: string, sha256: string) => `- ${kind}.pdf, código de verificación ${code}, SHA-256 ${sha256}`,
  /** @param lines copyLine of each file */
  copyText: (lines: readonly string[], demo: boolean) => [
    ...(demo ? ['DEMOSTRACIÓN: estos documentos no tienen valor legal.', ''] : []),
    'Adjuntamos su copia de los documentos que firmó. Guárdela.',
    '',
    ...lines,
    '',
    'Puede comprobar cada documento con su código de verificación.'
  ].join('\n'),
  alertSubject: 'Un trabajador indicó que el correo de su invitación no es suyo',
  alertText: (dni: string, contractId: string) =>
    `El trabajador con DNI ${dni} indicó que el correo al que se envió su invitación a firmar (contrato ${contractId}) no es suyo. Revise el correo registrado.`
} as const

/** The fields of the signing routes' bodies. */
export const SIGNING_FIELD_MESSAGES = {
  contractIds: 'contractIds debe ser una lista de 1 a 50 ids de contratos o adendas registrados',
  email: 'email debe ser un correo válido',
  status: 'status debe ser queued, sent, opened, signed, declined, paper, disagree, not-my-address, expired, revoked o locked',
  dni: 'Escriba su DNI de 8 dígitos',
  birthDate: 'Escriba su fecha de nacimiento como DD/MM/AAAA',
  code: 'El código tiene 6 dígitos',
  documents: 'documents debe dar el SHA-256 de cada documento, por tipo',
  consents: 'consents debe ser una lista de respuestas {purpose, accepted}',
  choice: 'choice debe ser paper, disagree o not-my-address',
  reason: 'El motivo tiene hasta 500 caracteres',
  kind: 'kind debe ser contrato, tratamiento-datos, anexo o adenda',
  format: 'format debe ser json o pdf'
} as const
