/**
 * The adenda of a recorded contract (`POST /api/addendum/from-contract`, docs/registry.md): what the
 * adenda repeats of the contract comes from the record, never retyped by HR (LPCL art. 72;
 * DOCUMENT-REQUIREMENTS §28, §32): the worker, the dates (the contract's start, the end of its
 * last adenda, the worker's first entry), the salary, modality, position, reviewed cause, working
 * time and signing date. HR gives the new end, the sentence saying why the need continues, and
 * optionally a new salary (a lower one with the worker's express agreement, art. 30 b) and the
 * adenda's signing date; for a suplencia, the ground the absence has now (the contract's when not
 * given), its supporting document and the new expected end of the absence (§37). The result is an addendum record
 * (schemas/addendum.ts) that every adenda rule then checks.
 */
import { addDays } from '../vocabulary/dates.js'
import { recordGround, type SupportDocument } from '../vocabulary/substitution.js'

/** What the registry keeps of the contract (registry.ts `contractForAddendum`). */
export interface RecordedForAddendum {
  record: Record<string, unknown>
  entryDate: string
  endDate: string
  signingDate: string
  /** The salary in force, soles: its last adenda's when it has any, else the contract's. */
  salary: number
  /** The end of the contract or of its last adenda, `DD/MM/YYYY`. */
  lastEnd: string
  /** The worker's first entry (recorded contracts and entered history). */
  firstEntryDate: string
}

const text = (record: Record<string, unknown>, field: string) => (typeof record[field] === 'string' ? record[field] as string : undefined)

/**
 * The addendum record built from the contract and HR's choices; fields the contract lacked are
 * left out (the adenda rules then name them).
 */
export function addendumFromContract (
  contract: RecordedForAddendum, contractId: string,
  choice: {
    endAddendum: string,
    causeUpdate: string,
    salary?: number,
    salaryReductionAgreed?: boolean,
    signingDate?: string,
    substitutionGround?: string,
    supportDocument?: SupportDocument,
    absenceTo?: string
  }
): Record<string, unknown> {
  const { record } = contract
  const worker = [text(record, 'name'), text(record, 'lastNameFather'), text(record, 'lastNameMother')].filter(Boolean).join(' ')
  const copied = Object.fromEntries(
    ['address', 'province', 'district', 'department', 'contractType', 'position', 'causeId', 'sex', 'birthDate',
      'workDays', 'workSchedule', 'workingTime', 'modality']
      .flatMap((field) => record[field] === undefined ? [] : [[field, record[field]]])
  )
  return {
    contractId,
    division: text(record, 'subDivisionOrParking'),
    documentNumber: text(record, 'dni'),
    worker,
    ...copied,
    entryDate: contract.firstEntryDate,
    start: contract.entryDate,
    end: contract.lastEnd,
    startAddendum: addDays(contract.lastEnd, 1),
    endAddendum: choice.endAddendum,
    salary: choice.salary ?? contract.salary,
    originalSalary: contract.salary,
    originalSigningDate: contract.signingDate,
    causeUpdate: choice.causeUpdate,
    ...(choice.salaryReductionAgreed === undefined ? {} : { salaryReductionAgreed: choice.salaryReductionAgreed }),
    ...(choice.signingDate === undefined ? {} : { signingDate: choice.signingDate }),
    ...suplenciaChoice(record, choice)
  }
}

/**
 * What a suplencia's adenda adds (§37): HR's ground, else the one the contract printed (recordGround);
 * HR's supporting document and new `absenceTo` (the adenda rules require the ground and `absenceTo`).
 * Nothing for another contract.
 */
function suplenciaChoice (
  record: Record<string, unknown>,
  choice: { substitutionGround?: string, supportDocument?: SupportDocument, absenceTo?: string }
): Record<string, unknown> {
  if (record.contractType !== 'Subsidio') return {}
  const ground = choice.substitutionGround ??
    recordGround({ substitutionGround: text(record, 'substitutionGround'), reasonForSubstitution: text(record, 'reasonForSubstitution') })?.code
  return {
    ...(ground === undefined ? {} : { substitutionGround: ground }),
    ...(choice.supportDocument === undefined ? {} : { supportDocument: choice.supportDocument }),
    ...(choice.absenceTo === undefined ? {} : { absenceTo: choice.absenceTo })
  }
}

/**
 * An adendas sheet's row completed from the recorded contract it extends (docs/import.md, "Adendas
 * from the registry"), as `addendumFromContract` builds the adenda of `POST
 * /api/addendum/from-contract`: every field the row leaves out takes the contract's value; what the
 * row states wins (what changes: a new SUELDO, CARGO, HORARIO…). The end it follows is the row's FECHA
 * FIN when it gives one (the contract or adenda it names), else the end of the contract's last adenda;
 * INICIO ADENDA is the day after; SUELDO ANTERIOR is the salary in force and, without a new SUELDO, the
 * adenda keeps it (LPCL art. 72; DOCUMENT-REQUIREMENTS §28).
 * @param row the row's values as read from its cells (`DD/MM/YYYY` dates, numbers for amounts)
 * @returns a new record; `row` is not changed
 */
export function addendumRowFromContract (
  contract: RecordedForAddendum, row: Readonly<Record<string, unknown>>
): Record<string, unknown> {
  const end = typeof row.end === 'string' ? row.end : contract.lastEnd
  const { contractId: _id, endAddendum: _end, causeUpdate: _update, ...known } = addendumFromContract(contract, '', {
    endAddendum: '', causeUpdate: ''
  })
  const filled: Record<string, unknown> = { ...known, end, startAddendum: addDays(end, 1) }
  for (const [field, value] of Object.entries(row)) if (value !== undefined) filled[field] = value
  for (const [field, value] of Object.entries(filled)) if (value === undefined) Reflect.deleteProperty(filled, field)
  return filled
}
