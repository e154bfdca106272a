/**
 * The electronic signature's terms, shared by the sealing engine (src/signing/ PDF side) and the
 * worker's signing flow (invitations, codes, the page): DOCUMENT-REQUIREMENTS §39.
 *
 * A signed document is the issued PDF, its bytes unchanged, followed by two incremental updates
 * (PDF 32000-1 §7.5.6): the worker's stamp (with `evidencia.json` attached), then the employer's
 * certification signature (PAdES, DocMDP P=1). The constancia de firma electrónica, a record the
 * service draws at signing, carries the certification signature alone.
 */

/** A document a worker signs: the three of a contract, or an adenda. */
export type SignedDocumentKind = 'contrato' | 'tratamiento-datos' | 'anexo' | 'adenda'

/**
 * One optional purpose of the data notice (Ley 29733 art. 13.5; src/documents/optional-purposes.ts)
 * as the worker answered it: every purpose the notice prints has one, answered or not.
 */
export interface ConsentAnswer {
  /** the purpose's id (OPTIONAL_PURPOSES) */
  purpose: string
  /** the letter the notice prints before it (`a`) */
  letter: string
  /** its wording as printed after the letter, in Spanish */
  text: string
  /** false when the worker left it unanswered: no consent (consent is express, art. 13.5) */
  answered: boolean
  /** true only for a SÍ */
  accepted: boolean
}

/** What the worker's stamp declares, printed in the document's signature block (§39). */
export interface WorkerSignature {
  /** the worker's full name as printed in the document */
  name: string
  dni: string
  /** the instant the worker signed; printed as Lima's date and time */
  signedAt: Date
  /** the evidence's number, printed in the stamp and named in `evidencia.json` */
  evidenceNumber: string
  /**
   * the signing date the document prints (YYYY-MM-DD); both dates are stamped when it differs from
   * signedAt's Lima day
   */
  printedSigningDate: string
  /** the data notice's optional purposes (only for `tratamiento-datos`) */
  consents?: ConsentAnswer[]
  /** attached to the document as `evidencia.json` */
  evidence: Record<string, unknown>
  /** true when the one-time code went to DATA_DIR/outbox/ (no SMTP_URL): the stamp says it is a demonstration */
  demo?: boolean
}

/** The certificate that sealed a document, as the registry keeps it. */
export interface SealCertificate {
  subject: string
  issuer: string
  serialNumber: string
  /** SHA-256 of the DER certificate, hex */
  sha256: string
  /** true for the demo certificate made in DATA_DIR (never the employer's, no legal value) */
  demo: boolean
}

/** A document once signed by the worker and sealed by the employer. */
export interface SealedDocument {
  bytes: Uint8Array
  /** SHA-256 of `bytes`, hex */
  sha256: string
  /** `B-T` with a time-stamp token from SIGNING_TSA_URL, `B-B` without one (never in production) */
  level: 'PAdES-B-T' | 'PAdES-B-B'
  certificate: SealCertificate
}

/** Seals documents; made once at start-up from SIGNING_CERT (or the demo certificate). */
export interface DocumentSealer {
  /**
   * false when nothing can be signed here: no SIGNING_CERT with DATABASE_URL or in production (the demo
   * certificate is not for real use); `seal` then throws SigningUnavailableError (503) and `certificate`
   * is empty. Absent: true.
   */
  readonly enabled?: boolean
  readonly certificate: SealCertificate
  /**
   * Appends the worker's stamp and the employer's certification signature to `issued`.
   * @throws when the TSA does not answer in time (the caller answers 503 with Retry-After)
   */
  seal (issued: Uint8Array, kind: SignedDocumentKind, signature: WorkerSignature): Promise<SealedDocument>
  /**
   * Appends only the employer's certification signature (no worker stamp) to a record the service drew
   * itself: the constancia de firma electrónica (src/signing/receipt.ts), sealed so that any later change
   * is detected (§39). The record leaves seal.ts RECORD_SEAL_AREA of its last page free and names its
   * WinAnsi font RECORD_FONT_KEY there.
   * @throws as `seal`
   */
  sealRecord (pdf: Uint8Array): Promise<SealedDocument>
}
