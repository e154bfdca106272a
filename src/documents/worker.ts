/**
 * Piscina worker: receives the compiled engine data once (workerData) and renders a preview, an
 * adenda, or the documents of a few employees per task. The PDFs' ArrayBuffers are transferred back,
 * not copied; for the ZIP, only each document's update is (src/pdf/update.ts), with the whole document's CRC-32.
 */
import { crc32 } from 'node:zlib'
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine-data.js'
import { createRenderer, type DocumentUpdate } from './renderer.js'
import type { TemplateId } from './fields.js'
import { lowerThreadPriority } from '../workers.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import type { CauseSnapshot } from '../employer/cause-catalogue.js'
import { withCauses } from '../employer/causes.js'

lowerThreadPriority() // the event loop first when the cores are short (src/workers.ts)

/**
 * A unit of work: `contract` for a preview, `documents` for a ZIP, `addendum` for one adenda
 * (preview and ZIP); `ping` checks the worker starts.
 */
export type PdfTask = (
  | { kind: 'contract', employee: ImportedEmployee }
  | { kind: 'documents', employees: ImportedEmployee[] }
  | { kind: 'addendum', addendum: AddendumRequest, signingDate: string }
  | { kind: 'ping' }
) & {
  /** The approved causes in force, when they are not the profile's own (src/employer/cause-catalogue.ts). */
  causes?: CauseSnapshot
}

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

/** A document of the ZIP: its update, and the CRC-32 of the whole document (template bytes, then update). */
export interface WorkerDocument extends DocumentUpdate { crc32: number }

/** One employee of a `documents` task: contract, consent and annex, or why they failed (the others still render). */
export type WorkerEmployeeResult = { documents: [WorkerDocument, WorkerDocument, WorkerDocument] } | { error: string }

function withCrc (document: DocumentUpdate): WorkerDocument {
  let templateCrc = templateCrcs.get(document.template)
  if (templateCrc === undefined) {
    templateCrc = crc32(data.templates[document.template].base)
    templateCrcs.set(document.template, templateCrc)
  }
  return { ...document, crc32: crc32(document.update, templateCrc) }
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
    case 'contract':
    case 'addendum': {
      const employer = employerOf(task)
      const bytes = task.kind === 'contract'
        ? await renderer.contract(task.employee, employer)
        : await renderer.addendum(task.addendum, task.signingDate, employer)
      return move(new Movable(bytes, [bufferOf(bytes)]))
    }
    case 'documents': {
      // A few employees per task (one message each way for all of them). Only the updates travel
      // (the main thread holds the templates' bytes); the ZIP stores the PDFs as they are, with
      // CRCs computed here (native) rather than on the main thread.
      const results: WorkerEmployeeResult[] = []
      const buffers: ArrayBuffer[] = []
      const employer = employerOf(task)
      for (const employee of task.employees) {
        try {
          const updates = await renderer.documentUpdates(employee, employer)
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
