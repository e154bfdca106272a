/**
 * The `documents` table (docs/registry.md "Verification codes"): each document issued, by its
 * verification code, with its template's and its PDF's SHA-256. One query per function, each on the
 * database or a transaction; the public check's view of a row is made at toDocumentCheck. The
 * documents are inserted with their contracts, in one statement (contracts.ts insertIssued).
 */
import type { ContractStatus, DocumentRow, RegistryDb } from './tables.js'
import { initialsOf, maskDni } from './verification-codes.js'

/** A document as its public check shows it (`GET /api/documents/{code}`): no name, the DNI masked. */
export interface DocumentCheck {
  code: string
  /** `contrato`, `tratamiento-datos`, `anexo` or `adenda`. */
  kind: string
  /** When it was recorded (ISO 8601, UTC). */
  issuedAt: string
  /** SHA-256 (hex) of the PDF issued; null until recorded (after it is rendered). */
  sha256: string | null
  /** Its contract's or adenda's: `superseded` by a corrected reprint, `signed` once HR marked it. */
  status: ContractStatus
  /** The worker's DNI with all but its last four digits hidden: `****5678`. */
  dni: string
  /** The worker's initials as recorded (`R. M. Q. M.`), never the name. */
  initials: string
  /** SHA-256 (hex) of the file signed electronically and sealed, once it is (docs/signing-flow.md). */
  signedSha256?: string
  /** When it was signed electronically (ISO 8601, UTC). */
  signedAt?: string
}

/** The columns a document is inserted with. */
export const DOCUMENT_COLUMNS = ['code', 'contract_id', 'kind', 'template_id', 'template_sha256', 'pdf_sha256'] as const satisfies ReadonlyArray<keyof DocumentRow>

/** The row of a document of contract `contractId`, under its verification code (`XXXX-XXXX`). */
export function toDocumentRow (
  contractId: string, code: string,
  document: { kind: string, templateId: string, templateSha256: string, sha256?: string }
): DocumentRow {
  return {
    code,
    contract_id: contractId,
    kind: document.kind,
    template_id: document.templateId,
    template_sha256: document.templateSha256,
    pdf_sha256: document.sha256 ?? null
  }
}

/**
 * A document by its verification code (`XXXX-XXXX`), as its public check shows it: the status of its
 * contract or adenda, the worker's DNI masked and initials (verification-codes.ts).
 * @returns undefined for a code the registry does not hold
 */
export async function selectDocumentCheck (db: RegistryDb, code: string): Promise<DocumentCheck | undefined> {
  const row = await db.selectFrom('documents as d')
    .innerJoin('contracts as c', 'c.id', 'd.contract_id')
    .innerJoin('workers as w', 'w.dni', 'c.worker_dni')
    .select(['d.code', 'd.kind', 'd.issued_at', 'd.pdf_sha256', 'c.status', 'c.worker_dni', 'w.names', 'w.last_name_father', 'w.last_name_mother'])
    .where('d.code', '=', code).executeTakeFirst()
  if (row === undefined) return undefined
  return {
    code: row.code,
    kind: row.kind,
    issuedAt: new Date(row.issued_at).toISOString(),
    sha256: row.pdf_sha256,
    status: row.status,
    dni: maskDni(row.worker_dni),
    initials: initialsOf(row.names, row.last_name_father, row.last_name_mother)
  }
}
