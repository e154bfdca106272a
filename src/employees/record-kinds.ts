/**
 * The one record validation of the service, named by kind. Every route body,
 * spreadsheet row and console question about a record runs the same chain: normalise (D7, D8,
 * src/employees/normalize.ts) → the kind's TypeBox schema → the kind's rules below → one issue per
 * field (mergeIssues). Fastify runs the schema of a body (plugins/employee-bodies.ts), the import
 * its own compiled copy (src/spreadsheets/import.ts); both take the rules from here.
 *
 * | kind               | where                                    | rules                                       |
 * |--------------------|------------------------------------------|---------------------------------------------|
 * | `employee`         | the exports (spec endpoints 6-8)         | D10 cross-field, the insured worker's age   |
 * | `contract`         | employee upload (endpoint 5), contract   | D10 + contract-rules (RMV, §9) to be taken; |
 * |                    | preview and ZIP (endpoints 3-4)          | lawful-contract (§11-16, §20) to be printed |
 * | `addendum`         | addendum upload (endpoint 9)             | D10 + lawful-addendum for an upload row;    |
 * |                    |                                          | `addendumDocument`'s body and rules to print |
 * | `addendumDocument` | adenda preview and ZIP (D22)             | D22 (words, five years) + lawful-addendum   |
 *
 * A kind's `accept` rules decide whether a record is taken at all; its `print` rules whether the
 * document made from it can be signed. The contract routes apply both; the employee upload keeps a
 * row that fails only `print` and lists it in `data.contractIssues` (the same sheet feeds the
 * insurance exports).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { AddendumRequestSchema } from '../../schemas/addendum.js'
import { compileValidator } from '../validation.js'
import { addendumIssues, crossFieldIssues, insuredWorkerIssues, mergeIssues, type RecordRules } from './cross-field-rules.js'
import { contractIssues, contractPolicy } from './contract-rules.js'
import { lawfulContractIssues, lawfulContractPolicy, lawfulContractWarnings } from './lawful-contract.js'
import { addendumTimingWarnings, lawfulAddendumIssues } from './lawful-addendum.js'
import { workingTimeWarnings } from './working-time-rules.js'
import type { ContractType } from '../../schemas/employee.js'

/** The kinds of record the service validates. */
export type RecordKind = 'employee' | 'contract' | 'addendum' | 'addendumDocument'

/** A kind's rules for one employer profile on one day (both `(record, prefix) => issues`). */
export interface RecordValidation {
  /** Rules a record must meet to be taken (a route body, an upload row). */
  accept: RecordRules
  /** Rules the document made from the record must meet to be printed; none for `employee` and `addendum`. */
  print: RecordRules
  /** accept then print: every rule of a route that prints the document. */
  all: RecordRules
  /**
   * Facts about a kept record that refuse nothing but should be read (the uploads' `data.warnings`):
   * a shift without refrigerio over a meal window (working-time-rules.ts, DOCUMENT-REQUIREMENTS §22);
   * for an adenda, one made before its contract starts or more than 30 days before it ends
   * (lawful-addendum.ts addendumTimingWarnings, §38).
   */
  warnings: RecordRules
  /**
   * Facts about the employer's process, not the record, that refuse nothing (the upload's
   * `data.warnings`, with `scope: 'employer'`): for `contract`, the employer's outdated risk
   * assessment (DOCUMENT-REQUIREMENTS §27); none for the other kinds.
   */
  employerWarnings: RecordRules
}

const none: RecordRules = () => []

/**
 * The `employee` kind, the only one that needs no profile: D10 cross-field rules, and the insured
 * worker's age on the entry date (insuredWorkerIssues; only records with both dates: Vida Ley, SCTR).
 */
export const EMPLOYEE_VALIDATION: RecordValidation = {
  accept: insuredWorkerIssues, print: none, all: insuredWorkerIssues, warnings: none, employerWarnings: none
}

/**
 * Whether the documents can draw a record's texts whole and right (docs/documents.md): built
 * by src/documents/printable.ts from the compiled templates and fonts, and given by the caller (the
 * app decorates `printableRules`), as the employees never import the documents.
 */
export interface PrintableRules {
  contract: RecordRules
  addendum: RecordRules
  /** The scripts of `text` the documents' fonts cannot draw (a cause proposed for the registry); none: []. */
  unprintableScripts?: (text: string) => string[]
}

/**
 * The rules of `kind` under `profile`, with Lima's today read now: build one per request or per
 * upload, never once at start-up (the date rules would keep the day the service started).
 * @param printable the documents' text rules: `print` rules of a contract, `accept` rules of an
 *   addendum (an upload row whose adenda cannot be drawn is refused, as the adenda's other rules)
 */
export function recordValidation (
  kind: RecordKind, profile: EmployerProfile, printable?: PrintableRules
): RecordValidation {
  if (kind === 'employee') return EMPLOYEE_VALIDATION
  let accept: RecordRules = crossFieldIssues
  let print: RecordRules = none
  let warn: RecordRules = none
  if (kind === 'contract') {
    const money = contractPolicy(profile)
    const lawful = lawfulContractPolicy(profile)
    warn = (record, prefix) => lawfulContractWarnings(record, prefix, lawful)
    accept = (record, prefix) => [...crossFieldIssues(record, prefix), ...contractIssues(record, prefix, money)]
    print = (record, prefix) =>
      [...lawfulContractIssues(record, prefix, lawful), ...(printable?.contract(record, prefix) ?? [])]
  } else if (kind === 'addendum' || kind === 'addendumDocument') {
    const lawful = lawfulContractPolicy(profile)
    const document = kind === 'addendumDocument'
    const base = document ? addendumIssues : crossFieldIssues
    accept = (record, prefix) => [
      ...base(record, prefix), ...lawfulAddendumIssues(record, prefix, lawful, { document }),
      ...(printable?.addendum(record, prefix) ?? [])
    ]
    // an upload row kept but whose adenda the preview and the ZIP would refuse (data.documentIssues)
    if (!document) print = addendumDocumentIssues(profile)
  }
  const all: RecordRules = print === none
    ? accept
    : (record, prefix) => [...accept(record, prefix), ...print(record, prefix)]
  const { workingTime: policy, today } = lawfulContractPolicy(profile)
  const addendum = kind === 'addendum' || kind === 'addendumDocument'
  const warnings: RecordRules = (record, prefix) => {
    if (record === null || typeof record !== 'object') return []
    const fields = record as Record<string, unknown>
    const type = fields.contractType === 'Part Time' || fields.contractType === 'Subsidio' ? fields.contractType as ContractType : 'Planilla'
    return [
      ...workingTimeWarnings(fields, type, policy, (field) => (prefix === '' ? field : `${prefix}.${field}`)),
      ...(addendum ? addendumTimingWarnings(record, prefix, today) : [])
    ]
  }
  return { accept, print, all, warnings, employerWarnings: warn }
}

let documentSchema: ReturnType<typeof compileValidator<typeof AddendumRequestSchema>> | undefined

/**
 * What the adenda preview and ZIP check in an upload row: their body schema, then the
 * `addendumDocument` rules, merged as their routes merge them. The documents' text rules are left
 * out: a kept row already passed them (the `addendum` kind's accept).
 */
function addendumDocumentIssues (profile: EmployerProfile): RecordRules {
  documentSchema ??= compileValidator(AddendumRequestSchema)
  const validate = documentSchema
  const rules = recordValidation('addendumDocument', profile).all
  return (record, prefix) => {
    const result = validate(structuredClone(record))
    return mergeIssues(result.ok ? [] : result.issues, rules(record, prefix))
  }
}
