/**
 * The contracts ZIP (spec endpoint 4, D18, D19), streamed: employees are rendered a few at a
 * time (`concurrency`), their documents appended in request order, and no more is rendered while
 * the archive holds more than `maxBufferedBytes` that the client has not read (backpressure), so
 * memory stays flat whatever the batch size. An employee is written whole (three entries) or not
 * at all; failures are listed in `errores.txt`. Aborting the signal stops rendering and destroys
 * the archive.
 */
import { once, type EventEmitter } from 'node:events'
import { setTimeout as delay } from 'node:timers/promises'
import { ZipArchive } from 'archiver'
import type { Employee } from '../../schemas/employee.js'
import type { EmployeeDocuments } from '../pdf/renderer.js'
import { fullName } from '../pdf/format.js'
import { contractFileName, contractFolder, safeFileName } from './names.js'
import { CONTRACT_MESSAGES } from '../../schemas/messages.js'

export const ERRORS_ENTRY = 'errores.txt'
/** How often a backpressured ZIP looks whether the client has read (ms). */
const POLL_MS = 5

/** Resolves on the first of `events` (or the signal's abort), leaving no listener behind. */
function nextEvent (emitter: EventEmitter, events: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done)
      signal.removeEventListener('abort', done)
      resolve()
    }
    for (const event of events) emitter.on(event, done)
    signal.addEventListener('abort', done)
  })
}

export interface ContractsZipOptions {
  /** Renders one employee's three PDFs (the worker pool). */
  render: (employee: Employee) => Promise<EmployeeDocuments>
  /** Employees rendered at once. */
  concurrency: number
  /** Aborted when the client goes away. */
  signal: AbortSignal
  /** Called for each failed employee; returns the reason written to errores.txt (D19). */
  onFailure: (employee: Employee, error: unknown) => string
  /** Unread archive output above which rendering waits; default 512 KiB. */
  maxBufferedBytes?: number
  /** Deflate level of the entries (PDFs here shrink by about half). */
  compressionLevel?: number
}

export interface ContractsZipResult { written: number, failed: number, aborted: boolean }

/**
 * Entry paths of one employee (spec endpoint 4 table). Duplicate names in one batch (the same
 * DNI twice in a folder) get ` (2)`, ` (3)`… on all three of that employee's entries.
 */
export class EntryNames {
  readonly #used = new Set<string>()

  claim (employee: Employee): [contract: string, consent: string, annex: string] {
    const folder = contractFolder(employee.contractType)
    const contract = contractFileName(employee).slice(0, -'.pdf'.length)
    const dni = safeFileName(employee.dni)
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : ` (${n})`
      const names: [string, string, string] = [
        `${folder}/${contract}${suffix}.pdf`,
        `${folder}/Tratamiento de datos/${dni}${suffix}.pdf`,
        `${folder}/Anexos/${dni}${suffix}.pdf`
      ]
      if (names.some((name) => this.#used.has(name))) continue
      for (const name of names) this.#used.add(name)
      return names
    }
  }
}

type Outcome = { employee: Employee, docs: EmployeeDocuments } | { employee: Employee, error: unknown }

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * Starts writing the ZIP of `employees`; read (pipe) `archive` to get it.
 * @returns the archive stream and a promise of what was written (never rejects)
 */
export function streamContractsZip (employees: readonly Employee[], options: ContractsZipOptions): { archive: ZipArchive, done: Promise<ContractsZipResult> } {
  const archive = new ZipArchive({ zlib: { level: options.compressionLevel ?? 1 } })
  const maxBuffered = options.maxBufferedBytes ?? 512 * 1024
  const { signal } = options
  const stopped = () => signal.aborted || archive.destroyed

  let appended = 0
  let processed = 0
  archive.on('entry', () => { processed++ })

  /**
   * Backpressure: waits until archiver has taken in what was appended (its 'entry' events), then
   * while the archive holds more unread output than `maxBuffered`. archiver buffers its output
   * without limit, so the producer has to look; polling readableLength adds no 'data' listener
   * (which would switch the stream to flowing and lose data before it is piped).
   */
  const drained = async (): Promise<void> => {
    const unprocessed = () => appended - processed
    while (unprocessed() > 0 && !stopped()) await nextEvent(archive, ['entry', 'close'], signal)
    while (archive.readableLength > maxBuffered && !stopped()) await delay(POLL_MS, undefined, { signal }).catch(() => {})
  }

  const run = async (): Promise<ContractsZipResult> => {
    const names = new EntryNames()
    const failures: string[] = []
    let written = 0
    let next = 0
    const inFlight: Promise<Outcome>[] = []
    const launch = () => {
      const employee = employees[next++]
      inFlight.push(options.render(employee).then((docs) => ({ employee, docs }), (error: unknown) => ({ employee, error })))
    }
    while (inFlight.length < options.concurrency && next < employees.length) launch()
    while (inFlight.length > 0 && !stopped()) {
      const outcome = await (inFlight.shift() as Promise<Outcome>)
      if (stopped()) break
      if (next < employees.length) launch()
      if ('docs' in outcome) {
        const [contract, consent, annex] = names.claim(outcome.employee)
        archive.append(buffer(outcome.docs.contract), { name: contract })
        archive.append(buffer(outcome.docs.consent), { name: consent })
        archive.append(buffer(outcome.docs.annex), { name: annex })
        appended += 3
        written++
      } else {
        const { employee } = outcome
        failures.push(`${safeFileName(employee.dni)} (${fullName(employee)}): ${options.onFailure(employee, outcome.error)}`)
      }
      await drained()
    }
    if (stopped()) {
      // Tasks already handed to the pool finish (each takes well under a millisecond); nothing new starts.
      if (!archive.destroyed) archive.destroy()
      return { written, failed: failures.length, aborted: true }
    }
    if (failures.length > 0) {
      const text = [CONTRACT_MESSAGES.zipFailures(failures.length, employees.length), ...failures, ''].join('\r\n')
      archive.append(Buffer.from(text, 'utf8'), { name: ERRORS_ENTRY })
    }
    // finalize() settles when the archive ends; a client leaving at the very end destroys it instead
    await Promise.race([archive.finalize(), once(archive, 'close')])
    return { written, failed: failures.length, aborted: archive.destroyed && !archive.readableEnded }
  }

  const done = run().catch(() => {
    archive.destroy()
    return { written: 0, failed: employees.length, aborted: true }
  })
  return { archive, done }
}
