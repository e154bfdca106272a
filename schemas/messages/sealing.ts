/**
 * The sealing engine's texts (src/signing/: DOCUMENT-REQUIREMENTS §39): what the worker's stamp and
 * the employer's signature appearance print in a signed document, the 503 a client gets when the
 * time-stamp authority fails, and the operator's start-up refusals about the signing certificate.
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
