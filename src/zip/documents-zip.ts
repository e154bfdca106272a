/**
 * The document ZIPs (contracts: spec endpoint 4, D18, D19; adendas: D22), streamed: records
 * (employees, addendum records) are rendered a few at a time (`concurrency`), their entries
 * appended in request order, and no more is rendered while the archive holds more than
 * `maxBufferedBytes` that the client has not read (backpressure), so memory stays flat whatever
 * the batch size. A record is written whole (all its entries) or not at all; failures are listed
 * in `errores.txt`. Aborting the signal stops rendering and destroys the archive. `beforeDirectory`
 * runs once every entry is out and before the central directory: when it rejects, the archive is
 * destroyed there, so the client never holds a complete ZIP (the registry's record, docs/registry.md).
 */
import { setTimeout as delay } from 'node:timers/promises'
import { StoredZip } from './stored-zip.js'
import { ZIP_TUNING } from './tuning.js'
import { CONTRACT_MESSAGES } from '../../schemas/messages.js'

export const ERRORS_ENTRY = 'errores.txt'

/** One entry of a record: its path in the ZIP (already safe, D18; before numbering) and its bytes. */
export interface ZipDocument {
  name: string
  /** The entry's bytes, in order: the document, or its template's bytes then its update (src/documents/pdf-pool.ts). */
  parts: readonly Uint8Array[]
  /** CRC-32 of the whole entry when the PDF worker computed it (src/zip/stored-zip.ts); computed there otherwise. */
  crc32?: number
  /** SHA-256 (hex) of the whole entry when the PDF worker computed it: not the ZIP's, the registry records it. */
  sha256?: string
}

/** What a render gives for each of its records, in order: the record's entries, or why it failed. */
export type RecordEntries = ZipDocument[] | Error

export interface DocumentsZipOptions<T> {
  /**
   * Renders a few records' entries at once (the worker pool). A rejection fails every record of
   * that call (eachRecord() makes one from a render of one record).
   */
  render: (records: readonly T[]) => Promise<RecordEntries[]>
  /** Records per render call after the first, which has one so that the first entry goes out early; default 1. */
  batchSize?: number
  /** How errores.txt names a record, e.g. `12345678 (Rosa María Quispe Mamani)`. */
  describe: (record: T) => string
  /** Render calls under way at once. */
  concurrency: number
  /** Aborted when the client goes away. */
  signal: AbortSignal
  /** Called for each failed record; returns the reason written to errores.txt (D19). */
  onFailure: (record: T, error: unknown) => string
  /**
   * Unread archive output above which rendering waits, bytes, read each time it is checked (it may
   * change while the ZIP is written); default ZIP_TUNING.maxBufferedBytes (src/zip/tuning.ts).
   */
  maxBufferedBytes?: number | (() => number)
  /**
   * Awaited after the last entry and before the central directory, with the records written whole
   * (in request order); a rejection destroys the archive there (the result: `cut`).
   */
  beforeDirectory?: (written: readonly T[]) => Promise<void>
}

/** `cut`: beforeDirectory rejected, the archive destroyed before its central directory. */
export interface DocumentsZipResult { written: number, failed: number, aborted: boolean, cut?: boolean }

/**
 * Entry paths of one batch. A record whose paths are already taken (the same DNI twice in one
 * batch) gets ` (2)`, ` (3)`… before the extension of all its entries.
 */
export class EntryNames {
  readonly #used = new Set<string>()

  claim (wanted: readonly string[]): string[] {
    for (let n = 1; ; n++) {
      const names = wanted.map((name) => (n === 1 ? name : name.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`)))
      if (names.some((name) => this.#used.has(name))) continue
      for (const name of names) this.#used.add(name)
      return names
    }
  }
}

/**
 * A render of several records from a render of one: all of them at once, each failure kept to its record.
 * @param renderOne one record's entries; a rejection fails that record alone
 */
export function eachRecord<T> (
  renderOne: (record: T) => Promise<ZipDocument[]>
): (records: readonly T[]) => Promise<RecordEntries[]> {
  return async (records) => await Promise.all(records.map(async (record) => await renderOne(record).catch(asError)))
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)))

/** Records handed to one render call, and what it will give for each. */
interface Batch<T> { records: readonly T[], results: Promise<RecordEntries[]> }

/**
 * Starts writing the ZIP of `records`; read (pipe) `archive` to get it.
 * @returns the archive stream and a promise of what was written (never rejects)
 */
export function streamDocumentsZip<T> (
  records: readonly T[], options: DocumentsZipOptions<T>
): { archive: StoredZip, done: Promise<DocumentsZipResult> } {
  // Stored, not deflated: the PDFs' streams are already compressed (src/pdf/), so deflating them
  // again would cost the main thread most of a ZIP's time for a few per cent of size.
  const archive = new StoredZip()
  const limit = options.maxBufferedBytes ?? ZIP_TUNING.maxBufferedBytes
  const maxBuffered = typeof limit === 'function' ? limit : () => limit
  const { signal } = options
  const stopped = () => signal.aborted || archive.destroyed

  /**
   * Backpressure: waits while the archive holds more unread output than `maxBuffered()`. The writer
   * takes whatever is added, so the producer has to look; polling readableLength adds no 'data'
   * listener (which would switch the stream to flowing and lose data before it is piped).
   */
  const drained = async (): Promise<void> => {
    while (archive.readableLength > maxBuffered() && !stopped()) {
      await delay(ZIP_TUNING.backpressurePollMs, undefined, { signal }).catch(() => {})
    }
  }

  const run = async (): Promise<DocumentsZipResult> => {
    const names = new EntryNames()
    const failures: string[] = []
    const writtenRecords: T[] = []
    let written = 0
    let next = 0
    const batchSize = Math.max(1, options.batchSize ?? 1)
    const inFlight: Batch<T>[] = []
    const launch = () => {
      const batch = records.slice(next, next + (next === 0 ? 1 : batchSize))
      next += batch.length
      const results = options.render(batch).catch((error: unknown) => batch.map(() => asError(error)))
      inFlight.push({ records: batch, results })
    }
    while (inFlight.length < options.concurrency && next < records.length) launch()
    while (inFlight.length > 0 && !stopped()) {
      const batch = inFlight.shift() as Batch<T>
      const results = await batch.results
      if (stopped()) break
      if (next < records.length) launch()
      batch.records.forEach((record, index) => {
        const result = results[index] ?? new Error('render gave no result for this record') // our bug: listed, not lost
        if (result instanceof Error) {
          failures.push(`${options.describe(record)}: ${options.onFailure(record, result)}`)
          return
        }
        const claimed = names.claim(result.map((entry) => entry.name))
        result.forEach((entry, at) => archive.add(entry.parts, claimed[at], entry.crc32))
        writtenRecords.push(record)
        written++
      })
      await drained()
    }
    if (stopped()) {
      // Tasks already handed to the pool finish (each takes well under a millisecond); nothing new starts.
      if (!archive.destroyed) archive.destroy()
      return { written, failed: failures.length, aborted: true }
    }
    if (failures.length > 0) {
      const text = [CONTRACT_MESSAGES.zipFailures(failures.length, records.length), ...failures, ''].join('\r\n')
      archive.add([Buffer.from(text, 'utf8')], ERRORS_ENTRY)
    }
    if (options.beforeDirectory !== undefined) {
      try {
        await options.beforeDirectory(writtenRecords)
      } catch (error) {
        archive.destroy(asError(error))
        return { written, failed: failures.length, aborted: true, cut: true }
      }
      if (stopped()) return { written, failed: failures.length, aborted: true }
    }
    // finalize() settles when the reader has the whole archive, or when a client leaving at the very end destroys it
    await archive.finalize()
    return { written, failed: failures.length, aborted: archive.destroyed && !archive.readableEnded }
  }

  const done = run().catch(() => {
    archive.destroy()
    return { written: 0, failed: records.length, aborted: true }
  })
  return { archive, done }
}
