/** Test helpers over the PDF pool (src/documents/pdf-pool.ts) that product code has no use for. */
import type { PdfPool, DocumentParts, EmployeeDocumentParts } from '../../src/documents/pdf-pool.js'
import type { ImportedEmployee } from '../../schemas/employee.js'

/**
 * The three documents of one employee (documentsBatch of one).
 * @throws ServiceBusyError when the queue is full; the render's error
 */
export async function employeeDocuments (pool: PdfPool, employee: ImportedEmployee): Promise<EmployeeDocumentParts> {
  const [result] = await pool.documentsBatch([employee])
  if (result instanceof Error) throw result
  return result
}

/** The bytes of a document given in parts (a copy). */
export function wholeDocument (document: DocumentParts): Uint8Array {
  return Buffer.concat(document.parts)
}
