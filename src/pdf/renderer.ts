/**
 * Renders the documents of one employee, or one adenda, from the engine data (src/pdf/engine.ts). Runs in the
 * worker threads; imports neither pdf-lib nor fontkit up front (fontkit only when a value needs
 * the Unicode font).
 */
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine.js'
import { CONTRACT_DOCUMENT, addendumFieldValues, fieldValues, templateFor, type TemplateId } from './fields.js'
import { fillTemplate, type EngineFonts } from './fill.js'
import { loadUnicodeFont, type UnicodeFont } from './unicode-font.js'

/** The three documents of one employee (spec endpoint 4). */
export interface EmployeeDocuments {
  contract: Uint8Array
  consent: Uint8Array
  annex: Uint8Array
  /** CRC-32 of contract, consent and annex, when the worker computed them for the ZIP (src/zip/stored-archive.ts). */
  crc32?: [contract: number, consent: number, annex: number]
}

export interface ContractRenderer {
  /** The contract alone (preview, spec endpoint 3). */
  contract: (employee: ImportedEmployee) => Promise<Uint8Array>
  /** Contract, consent and annex. */
  documents: (employee: ImportedEmployee) => Promise<EmployeeDocuments>
  /** The adenda of one addendum record, signed on `signingDate` (`DD/MM/YYYY`). */
  addendum: (addendum: AddendumRequest, signingDate: string) => Promise<Uint8Array>
}

/** A renderer over engine data; the Unicode font is parsed on first need and kept. */
export function createRenderer (data: EngineData): ContractRenderer {
  let unicode: Promise<UnicodeFont> | undefined
  const fonts: EngineFonts = {
    text: data.textFont,
    unicode: () => (unicode ??= loadUnicodeFont(data.unicodeFontPath))
  }
  const fill = (id: TemplateId, values: Record<string, string>) => fillTemplate(data.templates[id], values, fonts)
  return {
    contract: async (employee) => await fill(templateFor(CONTRACT_DOCUMENT[employee.contractType], employee), fieldValues(employee, data.employer)),
    documents: async (employee) => {
      const values = fieldValues(employee, data.employer)
      const [contract, consent, annex] = await Promise.all([
        fill(templateFor(CONTRACT_DOCUMENT[employee.contractType], employee), values),
        fill(templateFor('tratamiento-datos', employee), values),
        fill(templateFor('anexo', employee), values)
      ])
      return { contract, consent, annex }
    },
    addendum: async (addendum, signingDate) => await fill('adenda', addendumFieldValues(addendum, data.employer, signingDate))
  }
}
