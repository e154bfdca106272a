/**
 * "Ver documentos" (docs/console.md, item 5): one person's contract, personal-data notice and annex
 * in the preview dialog, each from `POST /api/contracts/preview` (`?document=` for the notice and the
 * annex): from the upload session (D3), or from the record once a choice was made here or the session
 * is gone. A preview records nothing in the registry and its footers say "Vista previa".
 */
import { ApiError, postForFile } from '../api.js'
import { openPreview } from '../preview.js'
import { TEXT } from '../texts.js'

/** @param {import('./model.js').EmployeesState} state */
export function employeeDocuments (state) {
  /**
   * One of the person's documents: from the upload session (D4), or from the record when it was
   * changed here or the session is gone (a reload after FILE_CLEANUP_TIMEOUT: 404).
   * @param {import('./model.js').Employee} employee
   * @param {'contrato' | 'tratamiento-datos' | 'anexo'} document
   */
  async function previewPdf (employee, document) {
    const path = document === 'contrato' ? '/api/contracts/preview' : `/api/contracts/preview?document=${document}`
    const { sessionId } = state.sheet.state
    if (state.edited.has(employee.dni) || sessionId === '') return (await postForFile(path, employee)).blob
    try {
      return (await postForFile(path, { sessionId, dni: employee.dni, format: 'file' })).blob
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error
      return (await postForFile(path, employee)).blob
    }
  }

  /** @param {import('./model.js').Employee} employee */
  function open (employee) {
    openPreview(TEXT.previewTitle(`${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`), [
      { label: TEXT.documents.contract, load: async () => await previewPdf(employee, 'contrato') },
      { label: TEXT.documents.consent, load: async () => await previewPdf(employee, 'tratamiento-datos') },
      { label: TEXT.documents.annex, load: async () => await previewPdf(employee, 'anexo') }
    ])
  }

  return { open }
}
