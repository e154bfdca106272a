/**
 * Piscina worker: receives the compiled engine data once (workerData) and renders a preview, an
 * adenda, or the documents of a few employees per task. The PDFs' ArrayBuffers are transferred back,
 * not copied; for the ZIP, only each document's update is (src/pdf/update.ts), with the whole document's CRC-32.
 */
import { createHash, type Hash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine-data.js'
import { createRenderer, type DocumentCodes, type DocumentUpdate } from './renderer.js'
import type { TemplateId } from './fields.js'
import { lowerThreadPriority, nameThread } from '../workers.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import type { CauseSnapshot } from '../employer/cause-catalogue.js'
import { withCauses } from '../employer/reviewed-causes.js'

lowerThreadPriority() // the event loop first when the cores are short (src/workers.ts)
nameThread('pdf')

/**
 * A unit of work: `contract` for a preview, `documents` for a ZIP (`codes[i]`: the verification codes
 * of `employees[i]`'s documents), `addendum` for one adenda (preview without `code`, ZIP with it);
 * `ping` checks the worker starts.
 */
export type PdfTask = (
  | { kind: 'contract', employee: ImportedEmployee }
  | { kind: 'documents', employees: ImportedEmployee[], codes?: DocumentCodes[] }
  | { kind: 'addendum', addendum: AddendumRequest, signingDate: string, code?: string }
  | { kind: 'ping' }
) & {
  /** The approved causes in force, when they are not the profile's own (src/employer/cause-catalogue.ts). */
  causes?: CauseSnapshot
}

/** An adenda: its bytes, and their SHA-256 (hex) when it carries a code (an issued one, which the registry records). */
export interface WorkerAddendum { pdf: Uint8Array, sha256?: string }

const data = workerData as EngineData
const renderer = createRenderer(data)

/** The profile with the causes of the last snapshot seen, kept while its version is the one sent. */
let withSnapshot: { version: string, employer: EmployerProfile } | undefined

/** The employer profile a task prints from: the start-up one, or with the registry's approved causes. */
function employerOf (task: PdfTask): EmployerProfile {
  if (task.causes === undefined) return data.employer
  if (withSnapshot?.version !== task.causes.version) {
    withSnapshot = { version: task.causes.version, employer: withCauses(data.employer, task.causes.causes) }
  }
  return withSnapshot.employer
}

/** CRC-32 of each template's bytes, computed on first use: a document's CRC continues it over the update. */
const templateCrcs = new Map<TemplateId, number>()

/**
 * SHA-256 states after each template's bytes, made on first use: a document's hash continues a copy
 * of it over the update (the registry records it, docs/registry.md), so the template is hashed once.
 */
const templateHashes = new Map<TemplateId, Hash>()

/**
 * A document of the ZIP: its update, and the CRC-32 and SHA-256 (hex) of the whole document
 * (template bytes, then update).
 */
export interface WorkerDocument extends DocumentUpdate { crc32: number, sha256: string }

/** One employee of a `documents` task: contract, consent and annex, or why they failed (the others still render). */
export type WorkerEmployeeResult = { documents: [WorkerDocument, WorkerDocument, WorkerDocument] } | { error: string }

function withCrc (document: DocumentUpdate): WorkerDocument {
  let templateCrc = templateCrcs.get(document.template)
  if (templateCrc === undefined) {
    templateCrc = crc32(data.templates[document.template].base)
    templateCrcs.set(document.template, templateCrc)
  }
  let templateHash = templateHashes.get(document.template)
  if (templateHash === undefined) {
    templateHash = createHash('sha256').update(data.templates[document.template].base)
    templateHashes.set(document.template, templateHash)
  }
  return {
    ...document,
    crc32: crc32(document.update, templateCrc),
    sha256: templateHash.copy().update(document.update).digest('hex')
  }
}

/** Hands the PDFs' buffers to the main thread without a copy. */
class Movable<T> {
  readonly #value: T
  readonly #buffers: ArrayBuffer[]
  constructor (value: T, buffers: ArrayBuffer[]) {
    this.#value = value
    this.#buffers = buffers
  }

  get [transferableSymbol] (): ArrayBuffer[] { return this.#buffers }
  get [valueSymbol] (): T { return this.#value }
}

const bufferOf = (bytes: Uint8Array) => bytes.buffer as ArrayBuffer

export default async function run (task: PdfTask): Promise<unknown> {
  switch (task.kind) {
    case 'ping':
      return 'pong'
    case 'contract': {
      const bytes = await renderer.contract(task.employee, employerOf(task))
      return move(new Movable(bytes, [bufferOf(bytes)]))
    }
    case 'addendum': {
      const pdf = await renderer.addendum(task.addendum, task.signingDate, task.code, employerOf(task))
      const result: WorkerAddendum = task.code === undefined ? { pdf } : { pdf, sha256: createHash('sha256').update(pdf).digest('hex') }
      return move(new Movable(result, [bufferOf(pdf)]))
    }
    case 'documents': {
      // A few employees per task (one message each way for all of them). Only the updates travel
      // (the main thread holds the templates' bytes); the ZIP stores the PDFs as they are, with
      // CRCs computed here (native) rather than on the main thread.
      const results: WorkerEmployeeResult[] = []
      const buffers: ArrayBuffer[] = []
      const employer = employerOf(task)
      for (const [index, employee] of task.employees.entries()) {
        try {
          const updates = await renderer.documentUpdates(employee, task.codes?.[index], employer)
          const documents: [WorkerDocument, WorkerDocument, WorkerDocument] =
            [withCrc(updates.contract), withCrc(updates.consent), withCrc(updates.annex)]
          results.push({ documents })
          buffers.push(...documents.map((document) => bufferOf(document.update)))
        } catch (error) {
          results.push({ error: error instanceof Error ? error.message : String(error) })
        }
      }
      return move(new Movable(results, buffers))
    }
  }
}
