/**
 * Renders the documents of one employee, or one adenda, from the engine data (src/documents/engine-data.ts).
 * Runs in the worker threads; imports neither pdf-lib nor fontkit up front (fontkit only when a value needs
 * the Unicode font).
 */
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine-data.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import {
  SHARED_FIELDS, contractDocument, addendumFieldValues, addendumTemplateFor, fieldValues, templateFor,
  verificationFooter, type TemplateId
} from './fields.js'
import { fillTemplate, type EngineFonts } from '../pdf/fill.js'
import { loadUnicodeFont } from '../pdf/unicode-font.js'

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
 * The verification codes of an employee's three documents, in order contract, data notice, annex
 * (the registry's, docs/registry.md); without them each footer says it is a preview.
 */
export type DocumentCodes = readonly [contract: string, consent: string, annex: string]

/**
 * Each method prints from `employer` when given (the profile with the registry's approved causes,
 * src/employer/cause-catalogue.ts), else from the engine data's profile.
 */
export interface ContractRenderer {
  /** The contract alone (preview, spec endpoint 3): its footer says it is a preview. */
  contract: (employee: ImportedEmployee, employer?: EmployerProfile) => Promise<Uint8Array>
  /** Contract, consent and annex, each with its code in the footer when `codes` are given. */
  documents: (
    employee: ImportedEmployee, codes?: DocumentCodes, employer?: EmployerProfile
  ) => Promise<EmployeeDocuments>
  /** Contract, consent and annex as updates of their templates (the ZIP: src/documents/pdf-pool.ts). */
  documentUpdates: (
    employee: ImportedEmployee, codes?: DocumentCodes, employer?: EmployerProfile
  ) => Promise<EmployeeDocumentUpdates>
  /**
   * The adenda of one addendum record, signed on `signingDate` (`DD/MM/YYYY`), with `code` in its
   * footer (a preview's says it is one).
   */
  addendum: (
    addendum: AddendumRequest, signingDate: string, code?: string, employer?: EmployerProfile
  ) => Promise<Uint8Array>
}

/** A renderer over engine data; the Unicode font is parsed on first need (loadUnicodeFont keeps it per thread). */
export function createRenderer (data: EngineData): ContractRenderer {
  const fonts: EngineFonts = {
    text: data.textFont,
    unicode: async () => await loadUnicodeFont(data.unicodeFontPath)
  }
  const fill = (id: TemplateId, values: Record<string, string>) =>
    fillTemplate(data.templates[id], values, fonts, { shared: SHARED_FIELDS })
  const updateOf = async (id: TemplateId, values: Record<string, string>): Promise<DocumentUpdate> =>
    ({ template: id, update: await fillTemplate(data.templates[id], values, fonts, { shared: SHARED_FIELDS, output: 'update' }) })
  /** An employee's contract, consent and annex, each filled by `fillOne` from the same values and its own code. */
  const threeDocuments = async <D>(
    employee: ImportedEmployee, codes: DocumentCodes | undefined, employer: EmployerProfile,
    fillOne: (id: TemplateId, values: Record<string, string>) => D | Promise<D>
  ) => {
    const values: Record<string, string> = fieldValues(employee, employer)
    const coded = (index: number) => ({ ...values, verificationCode: verificationFooter(codes?.[index]) })
    const [contract, consent, annex] = await Promise.all([
      fillOne(templateFor(contractDocument(employee, employer), employee), coded(0)),
      fillOne(templateFor('tratamiento-datos', employee), coded(1)),
      fillOne(templateFor('anexo', employee), coded(2))
    ])
    return { contract, consent, annex }
  }
  return {
    contract: async (employee, employer = data.employer) => {
      const template = templateFor(contractDocument(employee, employer), employee)
      // a preview: its footer says so, and carries no code
      const values = fieldValues(employee, employer)
      return await fill(template, { ...values, verificationCode: verificationFooter(undefined) })
    },
    documents: async (employee, codes, employer = data.employer) =>
      await threeDocuments(employee, codes, employer, fill),
    documentUpdates: async (employee, codes, employer = data.employer) =>
      await threeDocuments(employee, codes, employer, updateOf),
    addendum: async (addendum, signingDate, code, employer = data.employer) =>
      await fill(addendumTemplateFor(addendum), {
        ...addendumFieldValues(addendum, employer, signingDate), verificationCode: verificationFooter(code)
      })
  }
}
