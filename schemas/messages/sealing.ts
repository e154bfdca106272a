/**
 * The sealing engine's texts (src/signing/: DOCUMENT-REQUIREMENTS §39): what the worker's stamp and
 * the employer's signature appearance print in a signed document, the constancia de firma electrónica,
 * the 503 a client gets when the time-stamp authority fails, and the operator's start-up refusals
 * about the signing certificate.
 * Printed texts use only WinAnsi characters (the templates' embedded font).
 */

export const SEALING_MESSAGES = {
  /** The worker's stamp, first paragraph (types.ts WorkerSignature): `date` DD/MM/AAAA and `time` HH:MM in Lima. */
  workerStamp: (name: string, dni: string, date: string, time: string, evidence: string) =>
    `Firmado electrónicamente por ${name}, DNI ${dni}, el ${date} a las ${time}, hora de Lima; evidencia N.º ${evidence}.`,
  /** Both dates when the printed signing date is not the signing day. */
  bothDates: (printed: string, signed: string) =>
    `Fecha de suscripción impresa: ${printed}; firmado electrónicamente el ${signed}.`,
  /** The data notice's optional purposes (its numeral 7), each `a) SÍ`. */
  consents: (answers: readonly string[]) => `Finalidades opcionales (numeral 7): ${answers.join('; ')}.`,
  /** One purpose by its printed letter; one left unanswered is no consent (Ley 29733 art. 13.5). */
  consentAnswer: (letter: string, answered: boolean, accepted: boolean) =>
    `${letter}) ${accepted ? 'SÍ' : answered ? 'NO' : 'NO (sin respuesta)'}`,
  /** Said in the stamp when the codes went to DATA_DIR/outbox/ (no SMTP_URL): a demonstration. */
  demoStamp: 'DEMOSTRACIÓN: código enviado sin correo real, sin valor legal.',
  /** The employer's signature appearance (the certificate's holder and the profile's razón social). */
  sealHolder: (holder: string, legalName: string) => `Firmado digitalmente por ${holder} en representación de ${legalName}.`,
  sealCertificate: (serial: string, issuer: string) => `Certificado N.º ${serial}, emitido por ${issuer}.`,
  sealTime: (date: string, time: string) => `${date} ${time}, hora de Lima. Firma de certificación: cualquier cambio posterior se detecta.`,
  sealDemo: 'CERTIFICADO DE DEMOSTRACIÓN - SIN VALOR LEGAL.',
  /** The signature field's name (/T) and the attachment's description. */
  sealFieldName: 'Firma del empleador',
  evidenceDescription: 'Evidencia de la firma electrónica del trabajador',
  /** 503 (CONTRATOS_SIGNING_UNAVAILABLE): no SIGNING_CERT where the demo certificate may not sign. */
  signingUnavailable: 'La firma electrónica no está disponible en este servicio: falta el certificado de firma del empleador (SIGNING_CERT).',
  /** 503 (CONTRATOS_TSA_UNAVAILABLE): the document was not signed. */
  tsaUnavailable: 'El servicio de sellado de tiempo no responde; el documento no se firmó. Intente nuevamente en unos minutos.'
} as const

/** A signed document's name as the constancia prints it, by its kind. */
const DOCUMENT_NAMES: Readonly<Record<string, string>> = {
  contrato: 'Contrato de trabajo',
  'tratamiento-datos': 'Información sobre el tratamiento de datos personales',
  anexo: 'Anexo',
  adenda: 'Adenda'
}
const documentName = (kind: string) => DOCUMENT_NAMES[kind] ?? kind

/**
 * The constancia de firma electrónica (src/signing/receipt.ts; `GET /api/contracts/{id}/evidence?format=pdf`):
 * one record per signature, drawn once at signing and sealed by the employer, gathering the evidence
 * §39 asks to keep (identity check, one-time code, time, each document's SHA-256). WinAnsi only.
 */
export const RECEIPT_MESSAGES = {
  title: 'Constancia de firma electrónica',
  /** The PDF's /Title. */
  documentTitle: (evidence: string) => `Constancia de firma electrónica, evidencia N.º ${evidence}`,
  demo: 'DEMOSTRACIÓN - SIN VALOR LEGAL',
  demoDetail: 'El código de un solo uso no se envió por un correo real: esta firma es solo una demostración.',
  intro: 'Esta constancia reúne la evidencia de la firma electrónica de los documentos indicados: la verificación ' +
    'de identidad del trabajador, el código de un solo uso enviado a su correo, el momento de la firma y la huella ' +
    'SHA-256 de cada documento antes y después de firmarse. Se generó una sola vez, al firmar, y lleva la firma de ' +
    'certificación del empleador: cualquier cambio posterior se detecta.',
  parties: 'Partes',
  employer: 'Empleador',
  ruc: 'RUC',
  worker: 'Trabajador',
  dni: 'DNI',
  signature: 'Firma',
  contract: 'Contrato',
  addendum: 'Adenda',
  evidenceNumber: 'Evidencia N.º',
  signedAt: 'Fecha y hora',
  signedAtValue: (date: string, time: string) => `${date} ${time}, hora de Lima`,
  ip: 'Dirección IP',
  userAgent: 'Navegador',
  codeTo: 'Código enviado a',
  steps: 'Verificación de identidad y código de un solo uso',
  /** One step of the evidence, by its event (docs/signing-flow.md, Evidence); `ip` when the step recorded one. */
  step: (what: string, details: { kind?: string, failures?: number, to?: string, ip?: string }) => {
    const failures = details.failures === undefined ? '' : ` (intento ${details.failures})`
    const text = ({
      invited: 'Invitación a firmar creada por Recursos Humanos',
      'mail-sent': 'El servidor de correo aceptó la invitación',
      'identity-failed': `DNI o fecha de nacimiento no coinciden${failures}`,
      'identity-locked': `DNI o fecha de nacimiento no coinciden${failures}: invitación bloqueada`,
      'identity-confirmed': 'Identidad confirmada: DNI y fecha de nacimiento coinciden con el registro',
      'code-sent': `Código de un solo uso enviado a ${details.to ?? ''}`,
      'code-failed': `Código incorrecto o vencido${failures}`,
      'code-locked': `Código incorrecto${failures}: invitación bloqueada`,
      'code-confirmed': 'Código confirmado: sesión de firma abierta',
      downloaded: `Documento abierto: ${documentName(details.kind ?? '')}`,
      signed: 'Firma de los documentos'
    } as Record<string, string>)[what] ?? what
    return details.ip === undefined ? text : `${text}; IP ${details.ip}`
  },
  documents: 'Documentos firmados',
  /** A document's heading: its kind as printed and its verification code. */
  document: (kind: string, code: string) => `${documentName(kind)}, código de verificación ${code}`,
  before: 'SHA-256 emitido',
  after: 'SHA-256 firmado',
  /** The level of the employer's signature on the documents (PAdES-B-T, or B-B without a time-stamp). */
  level: 'Firma del empleador',
  consents: 'Finalidades opcionales del tratamiento de datos',
  noConsents: 'No se preguntó ninguna finalidad opcional.',
  chain: 'Cadena de evidencia',
  chainHead: 'SHA-256 del último evento',
  chainNote: 'Cada paso de la firma es un evento encadenado al anterior por su SHA-256; este es el del evento de la firma.',
  sealCaption: 'Firma de certificación del empleador'
} as const

/** Start-up refusals about the signing certificate (docs/configuration.md, docs/signatures.md). */
export const SEALING_STARTUP_MESSAGES = {
  certUnreadable: (path: string, code: string) => `SIGNING_CERT=${path} no se puede leer (${code})`,
  certNotPkcs12: (path: string, detail: string) =>
    `SIGNING_CERT=${path} no es un PKCS#12 legible con la contraseña de SIGNING_CERT_PASSWORD_FILE (${detail}); ` +
    'expórtelo de nuevo con `openssl pkcs12 -export` (AES-256, PBKDF2)',
  certNoKey: (path: string) => `SIGNING_CERT=${path} no tiene una clave privada RSA con su certificado`,
  certNotRsa2048: (path: string) => `SIGNING_CERT=${path}: la clave no es RSA de 2048 bits o más`,
  passwordFileMissing: 'SIGNING_CERT necesita SIGNING_CERT_PASSWORD_FILE: el archivo con la contraseña del PKCS#12',
  passwordFileWithoutCert: 'SIGNING_CERT_PASSWORD_FILE sin SIGNING_CERT: indique también el certificado (PKCS#12)',
  passwordFileUnreadable: (path: string, code: string) => `SIGNING_CERT_PASSWORD_FILE=${path} no se puede leer (${code})`,
  passwordFileOpen: (path: string, mode: string) =>
    `SIGNING_CERT_PASSWORD_FILE=${path} tiene permisos ${mode}: otros usuarios pueden leer o cambiar la contraseña ` +
    '(chmod 0600, o 0640 con el grupo del servicio)',
  certExpired: (path: string, notAfter: string) => `SIGNING_CERT=${path} venció el ${notAfter}`,
  otherRuc: (path: string, rucs: readonly string[], profileRuc: string) =>
    `SIGNING_CERT=${path} nombra el RUC ${rucs.join(', ')}, no el del perfil del empleador (${profileRuc}): ` +
    'la firma de certificación debe ser del empleador que emite los documentos',
  tsaRequired: 'con NODE_ENV=production y SIGNING_CERT, SIGNING_TSA_URL es obligatorio: las firmas llevan un sello de tiempo RFC 3161 (PAdES B-T)',
  tsaNotUrl: (url: string) => `SIGNING_TSA_URL=${url} no es una URL http:// o https://`,
  demoKeyOpen: (path: string, mode: string) =>
    `la clave del certificado de demostración ${path} tiene permisos ${mode}: chmod 0600, o bórrela para que se cree de nuevo`
} as const
