/**
 * What the registry records of a request that issues documents (docs/registry.md; DOCUMENT-REQUIREMENTS
 * §32): per contract or adenda record, the facts its documents print, resolved once (the modality as
 * its code, the reviewed cause chosen, the probation), its templates with their SHA-256 and a
 * verification code per document, drawn here so the documents print them while the registry records
 * them. Plain data: the reply that streams the ZIP (plugins/document-zips.ts) records these.
 */
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { addendumTemplateFor, contractDocument, templateFor, type DocumentId, type TemplateId } from '../documents/fields.js'
import { probationText, recordModality } from '../documents/contract-terms.js'
import { contractCauseOf } from '../employees/lawful-contract.js'
import type { IssuedRecord } from '../registry/contracts.js'
import { verificationCode } from '../registry/verification-codes.js'
import { parseModality, type ModalityCode } from '../vocabulary/modality.js'

/** SHA-256 (hex) of each template file, as issued documents record it. */
export type TemplateHashes = Readonly<Record<TemplateId, string>>

/** What a contract's documents print that the profile decides: derived once per record (issue-cache.ts `derived`). */
export interface ContractFacts {
  /** The contract printed: its type's, or Part Time's for a Planilla under four hours a day (§23). */
  document: DocumentId
  modality: ModalityCode
  /** The reviewed cause chosen (§21); undefined for a suplencia. */
  causeId?: string
}

/**
 * The contract facts of a record the rules accepted (§21, §23).
 * @throws as recordModality when the record names no modality the profile can print (the rules refused it before)
 */
export function contractFacts (employee: ImportedEmployee, profile: EmployerProfile): ContractFacts {
  return {
    document: contractDocument(employee, profile),
    modality: recordModality(employee, profile),
    causeId: (employee as { causeId?: string }).causeId ?? contractCauseOf(employee, profile)?.id
  }
}

/**
 * What the registry records of a contract record: the facts its documents print (so an adenda built
 * from the record repeats them, src/registry/from-contract.ts) and its three documents (contract,
 * data notice, annex), each with a fresh verification code.
 * @param today Lima's today, `DD/MM/YYYY`: the signing date when the record gives none
 */
export function issuedContract (
  employee: ImportedEmployee, facts: ContractFacts, profile: EmployerProfile, sha256: TemplateHashes, today: string
): IssuedRecord {
  const templates = [templateFor(facts.document, employee), templateFor('tratamiento-datos', employee), templateFor('anexo', employee)]
  const { modality, causeId } = facts
  return {
    kind: 'contract',
    worker: {
      dni: employee.dni,
      names: employee.name,
      lastNameFather: employee.lastNameFather,
      lastNameMother: employee.lastNameMother,
      sex: employee.sex,
      birthDate: employee.birthDate
    },
    contractType: employee.contractType,
    modality,
    causeId,
    entryDate: employee.entryDate,
    endDate: employee.endDate,
    signingDate: employee.signingDate ?? today,
    workingTime: (employee as { workingTime?: unknown }).workingTime,
    probation: probationText(employee, profile),
    salary: employee.salary,
    position: employee.position,
    site: employee.subDivisionOrParking,
    record: { ...employee, modality, ...(causeId === undefined ? {} : { causeId }) },
    documents: templates.map((templateId, index) => ({
      kind: CONTRACT_DOCUMENT_KINDS[index], templateId, templateSha256: sha256[templateId], code: verificationCode()
    }))
  }
}

/** The kinds of a contract record's documents, in the order they are issued and zipped. */
const CONTRACT_DOCUMENT_KINDS = ['contrato', 'tratamiento-datos', 'anexo'] as const

/**
 * What the registry records of an adenda (D22): its extension, salary, the contract it extends
 * (`contractId`, or the end it follows) and its one document with a fresh verification code.
 * @param signingDate Lima's today, `DD/MM/YYYY` (§3: the day the adenda is generated) unless the record gives one
 */
export function issuedAddendum (addendum: AddendumRequest, sha256: TemplateHashes, signingDate: string): IssuedRecord {
  const templateId = addendumTemplateFor(addendum)
  const linked = addendum as { contractId?: string, causeId?: string, signingDate?: string }
  return {
    kind: 'addendum',
    worker: { dni: addendum.documentNumber, names: addendum.worker, lastNameFather: '', lastNameMother: '', sex: addendum.sex },
    contractId: linked.contractId,
    extendsEnd: addendum.end,
    contractType: addendum.contractType ?? 'Planilla',
    // recorded as its code (`58`), however the sheet named it (`necesidades del mercado`)
    modality: addendum.modality === undefined ? undefined : parseModality(addendum.modality) ?? addendum.modality,
    causeId: linked.causeId,
    entryDate: addendum.startAddendum,
    endDate: addendum.endAddendum,
    signingDate: linked.signingDate ?? signingDate,
    salary: addendum.salary,
    position: addendum.position,
    record: addendum,
    documents: [{ kind: 'adenda', templateId, templateSha256: sha256[templateId], code: verificationCode() }]
  }
}

/** The verification codes drawn for a record's documents, in the order its entries come. */
export function codesOf (issued: IssuedRecord): string[] {
  return issued.documents.map((document) => document.code as string)
}
