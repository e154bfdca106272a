/**
 * What a batch of records asks of its workers' registry history, and the history rules' verdict on
 * each (src/registry/history-rules.ts: LPCL art. 74, each modality's maximum, Reglamento art. 16's
 * probation once per post; an adenda that names its contract checked against that recorded contract).
 * Records come as they passed every other rule, plain objects (a contract's fields of
 * schemas/employee.ts, an adenda's of schemas/addendum.ts); the registry's answers come as maps.
 */
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { recordModality } from '../documents/contract-terms.js'
import { profileSite } from '../employer/sites.js'
import { causeInWords } from '../employer/reviewed-causes.js'
import {
  historyOutcome, linkedContractIssues, type HistoryNeed, type HistoryOutcome, type LinkedContract, type WorkerTerm
} from '../registry/history-rules.js'
import { parseProbation } from '../vocabulary/probation.js'

/** A contract record, or an adenda record. */
export type RecordKind = 'contract' | 'addendum'

/** What the registry must answer for a batch: per record its need (undefined: not checkable), the contract it names. */
export interface HistoryQuery {
  needs: ReadonlyArray<(HistoryNeed & { dni: string }) | undefined>
  /** Per record, the recorded contract an adenda names (`contractId`); empty for contracts. */
  linkedIds: ReadonlyArray<string | undefined>
  /** The workers whose terms to read, and the contracts to read, each once or more. */
  dnis: string[]
  contractIds: string[]
}

/** What the registry answered for a HistoryQuery: each worker's terms, each named contract. */
export interface HistoryFound {
  terms: ReadonlyMap<string, WorkerTerm[]>
  linked: ReadonlyMap<string, LinkedContract>
  /** By DNI, the worker's earliest contract started unsigned, when asked (Registry.startedUnsigned). */
  startedUnsigned?: ReadonlyMap<string, { entryDate: string, endDate: string }>
}

/** The query of a batch of `kind` records. */
export function historyQuery (records: readonly object[], kind: RecordKind, profile: EmployerProfile): HistoryQuery {
  const needs = records.map((record) => historyNeed(record as Record<string, unknown>, kind, profile))
  const linkedIds = kind === 'addendum' ? records.map((record) => linkedContractId(record as Record<string, unknown>)) : []
  return {
    needs,
    linkedIds,
    dnis: needs.flatMap((need) => need === undefined ? [] : [need.dni]),
    contractIds: linkedIds.filter((id): id is string => id !== undefined)
  }
}

/**
 * Per record of the query, in order: its refusals (field, Spanish message), whether a probation was
 * already served, and the worker's contract started unsigned when the registry was asked for it.
 */
export function historyOutcomes (
  records: readonly object[], query: HistoryQuery, found: HistoryFound, profile: EmployerProfile
): HistoryOutcome[] {
  return query.needs.map((need, index) => {
    const judged = need === undefined ? { issues: [] } : historyOutcome(need, found.terms.get(need.dni) ?? [])
    const unsigned = need === undefined ? undefined : found.startedUnsigned?.get(need.dni)
    const outcome = unsigned === undefined
      ? judged
      : { ...judged, startedUnsigned: { entryDate: unsigned.entryDate, endDate: unsigned.endDate } }
    const id = query.linkedIds[index]
    if (id === undefined) return outcome
    const addendum = records[index] as Record<string, unknown>
    const division = textOf(addendum, 'division')
    const divisionSite = division === undefined ? undefined : profileSite(profile, division)?.name
    const stated = { documentNumber: textOf(addendum, 'documentNumber'), modality: textOf(addendum, 'modality'), causeId: textOf(addendum, 'causeId') }
    const words = (cause: string) => causeInWords(profile, cause)
    const issues = linkedContractIssues(stated, id, found.linked.get(id), divisionSite, words)
    return { ...outcome, issues: [...outcome.issues, ...issues] }
  })
}

/** What a record asks of its worker's history, or undefined when a field the rules need is missing. */
export function historyNeed (
  record: Record<string, unknown>, kind: RecordKind, profile: EmployerProfile
): (HistoryNeed & { dni: string }) | undefined {
  const text = (field: string) => textOf(record, field)
  const position = text('position')
  if (kind === 'addendum') {
    const [dni, from, to] = [text('documentNumber'), text('startAddendum'), text('endAddendum')]
    if (dni === undefined || from === undefined || to === undefined || position === undefined) return undefined
    return { dni, modality: text('modality'), from, to, position, statedProbation: false, endField: 'endAddendum' }
  }
  const [dni, from, to] = [text('dni'), text('entryDate'), text('endDate')]
  if (dni === undefined || from === undefined || to === undefined || position === undefined) return undefined
  let modality: string | undefined
  try {
    modality = recordModality(record as unknown as ImportedEmployee, profile)
  } catch {}
  const stated = text('probationaryPeriod')
  const probation = stated === undefined ? undefined : parseProbation(stated)
  return {
    dni, modality, from, to, position, endField: 'endDate', statedProbation: probation === undefined ? undefined : probation.count > 0
  }
}

/** The recorded contract an adenda record names (`contractId`), if it names one. */
export function linkedContractId (record: Record<string, unknown>): string | undefined {
  const id = textOf(record, 'contractId')
  return id === '' ? undefined : id
}

/** A record's field when it is text. */
function textOf (record: Record<string, unknown>, field: string): string | undefined {
  return typeof record[field] === 'string' ? record[field] : undefined
}
