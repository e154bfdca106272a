/**
 * Piscina worker: receives the compiled engine data once (workerData) and renders the documents
 * of one employee per task. The PDFs' ArrayBuffers are transferred back, not copied.
 */
import { crc32 } from 'node:zlib'
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import type { EngineData } from './engine.js'
import { createRenderer, type EmployeeDocuments } from './renderer.js'

/**
 * A unit of work: `contract` for a preview, `documents` for a ZIP, `addendum` for one adenda
 * (preview and ZIP); `ping` checks the worker starts.
 */
export type PdfTask =
  | { kind: 'contract', employee: ImportedEmployee }
  | { kind: 'documents', employee: ImportedEmployee }
  | { kind: 'addendum', addendum: AddendumRequest, signingDate: string }
  | { kind: 'ping' }

const renderer = createRenderer(workerData as EngineData)

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
      const bytes = task.kind === 'contract' ? await renderer.contract(task.employee) : await renderer.addendum(task.addendum, task.signingDate)
      return move(new Movable(bytes, [bufferOf(bytes)]))
    }
    case 'documents': {
      const docs: EmployeeDocuments = await renderer.documents(task.employee)
      // The ZIP stores the PDFs as they are; their CRCs are computed here (native) rather than on the main thread.
      docs.crc32 = [crc32(docs.contract), crc32(docs.consent), crc32(docs.annex)]
      return move(new Movable(docs, [bufferOf(docs.contract), bufferOf(docs.consent), bufferOf(docs.annex)]))
    }
  }
}
