/**
 * Renders the documents of one employee, or one adenda, from the engine data (src/documents/engine-data.ts).
 * Runs in the worker threads; imports neither pdf-lib nor fontkit up front (fontkit only when a value needs
 * the Unicode font).
 */
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine-data.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { SHARED_FIELDS, contractDocument, addendumFieldValues, fieldValues, templateFor, type TemplateId } from './fields.js'
import { fillTemplate, type EngineFonts } from '../pdf/fill.js'
import { loadUnicodeFont, type UnicodeFont } from '../pdf/unicode-font.js'

/** The three documents of one employee (spec endpoint 4). */
export interface EmployeeDocuments {
  contract: Uint8Array
  consent: Uint8Array
  annex: Uint8Array
}

/**
 * One document as the ZIP takes it: the template it was filled from, whose bytes come first and are
 * the same in every document of that template, and the update that follows them (src/pdf/update.ts).
 */
export interface DocumentUpdate { template: TemplateId, update: Uint8Array }

/** The three documents of one employee, as updates of their templates. */
export interface EmployeeDocumentUpdates { contract: DocumentUpdate, consent: DocumentUpdate, annex: DocumentUpdate }

/**
 * Each method prints from `employer` when given (the profile with the registry's approved causes,
 * src/employer/cause-catalogue.ts), else from the engine data's profile.
 */
export interface ContractRenderer {
  /** The contract alone (preview, spec endpoint 3). */
  contract: (employee: ImportedEmployee, employer?: EmployerProfile) => Promise<Uint8Array>
  /** Contract, consent and annex. */
  documents: (employee: ImportedEmployee, employer?: EmployerProfile) => Promise<EmployeeDocuments>
  /** Contract, consent and annex as updates of their templates (the ZIP: src/documents/pdf-pool.ts). */
  documentUpdates: (employee: ImportedEmployee, employer?: EmployerProfile) => Promise<EmployeeDocumentUpdates>
  /** The adenda of one addendum record, signed on `signingDate` (`DD/MM/YYYY`). */
  addendum: (addendum: AddendumRequest, signingDate: string, employer?: EmployerProfile) => Promise<Uint8Array>
}

/** A renderer over engine data; the Unicode font is parsed on first need and kept. */
export function createRenderer (data: EngineData): ContractRenderer {
  let unicode: Promise<UnicodeFont> | undefined
  const fonts: EngineFonts = {
    text: data.textFont,
    unicode: () => (unicode ??= loadUnicodeFont(data.unicodeFontPath))
  }
  const fill = (id: TemplateId, values: Record<string, string>) =>
    fillTemplate(data.templates[id], values, fonts, { shared: SHARED_FIELDS })
  const updateOf = async (id: TemplateId, values: Record<string, string>): Promise<DocumentUpdate> =>
    ({ template: id, update: await fillTemplate(data.templates[id], values, fonts, { shared: SHARED_FIELDS, output: 'update' }) })
  /** An employee's contract, consent and annex, each filled by `fillOne` from the same values. */
  const threeDocuments = async <D>(
    employee: ImportedEmployee, employer: EmployerProfile,
    fillOne: (id: TemplateId, values: Record<string, string>) => D | Promise<D>
  ) => {
    const values = fieldValues(employee, employer)
    const [contract, consent, annex] = await Promise.all([
      fillOne(templateFor(contractDocument(employee, employer), employee), values),
      fillOne(templateFor('tratamiento-datos', employee), values),
      fillOne(templateFor('anexo', employee), values)
    ])
    return { contract, consent, annex }
  }
  return {
    contract: async (employee, employer = data.employer) => {
      const template = templateFor(contractDocument(employee, employer), employee)
      return await fill(template, fieldValues(employee, employer))
    },
    documents: async (employee, employer = data.employer) => await threeDocuments(employee, employer, fill),
    documentUpdates: async (employee, employer = data.employer) => await threeDocuments(employee, employer, updateOf),
    addendum: async (addendum, signingDate, employer = data.employer) =>
      await fill(addendum.sex === 'F' || addendum.sex === 'Femenino' ? 'adenda-f' : 'adenda', addendumFieldValues(addendum, employer, signingDate))
  }
}
