/**
 * "Ver documentos" (docs/console.md, item 5): one person's contract, personal-data consent and annex
 * in the preview dialog. The contract comes from `POST /api/contracts/preview` (the upload session,
 * D3, or the record once a choice was made here or the session is gone); the consent and the annex
 * from a one-person `download-zip`, kept while the record is unchanged.
 */
import { ApiError, postForFile } from '../api.js'
import { readZip } from '../files.js'
import { openPreview } from '../preview.js'
import { TEXT } from '../texts.js'

/** @param {import('./model.js').EmployeesState} state */
export function employeeDocuments (state) {
  /**
   * A PDF of the one-person ZIP, by the folder its kind sits in (spec endpoint 4's layout).
   * @param {import('./model.js').Employee} employee
   * @param {RegExp} folder
   */
  async function zipDocument (employee, folder) {
    let pending = state.documentZips.get(employee.dni)
    if (pending === undefined) {
      pending = postForFile('/api/contracts/download-zip', [employee]).then((file) => readZip(file.bytes))
      state.documentZips.set(employee.dni, pending)
      pending.catch(() => state.documentZips.delete(employee.dni))
    }
    const entries = await pending
    const name = [...entries.keys()].find((entry) => folder.test(entry))
    if (name === undefined) throw new Error(TEXT.documentMissing)
    const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (entries.get(name))
    return new Blob([bytes], { type: 'application/pdf' })
  }

  /**
   * The contract of the preview: from the upload session (D4), or from the record when it was
   * changed here or the session is gone (a reload after FILE_CLEANUP_TIMEOUT: 404).
   * @param {import('./model.js').Employee} employee
   */
  async function contractPdf (employee) {
    const { sessionId } = state.sheet.state
    if (state.edited.has(employee.dni) || sessionId === '') return (await postForFile('/api/contracts/preview', employee)).blob
    try {
      return (await postForFile('/api/contracts/preview', { sessionId, dni: employee.dni, format: 'file' })).blob
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error
      return (await postForFile('/api/contracts/preview', employee)).blob
    }
  }

  /** @param {import('./model.js').Employee} employee */
  function open (employee) {
    openPreview(TEXT.previewTitle(`${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`), [
      { label: TEXT.documents.contract, load: async () => await contractPdf(employee) },
      { label: TEXT.documents.consent, load: async () => await zipDocument(employee, /\/Tratamiento de datos\/[^/]+\.pdf$/) },
      { label: TEXT.documents.annex, load: async () => await zipDocument(employee, /\/Anexos\/[^/]+\.pdf$/) }
    ])
  }

  return { open }
}
