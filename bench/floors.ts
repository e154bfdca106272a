/**
 * The floors `npm run bench` prints beside its figures, measured in the bench process on the
 * built code (dist/, so run `npm run build` first) while the server is idle:
 * - the engine alone: the PDF worker pool rendering a batch's documents, with as many employees
 *   in flight as the ZIP route keeps (two per thread), no HTTP and no ZIP;
 * - the ZIP writer alone: the same PDFs framed into a stored ZIP and read out, nothing else;
 * - the workbook builders alone, on one thread.
 * What a figure spends above its floor is the HTTP, streaming and scheduling around it.
 */
import { Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { PROJECT_ROOT, assetPath } from '../src/paths.js'
import type { Employee } from '../schemas/employee.js'
import type { EmployeeDocumentParts } from '../src/documents/pdf-pool.js'
import { median } from './lib.js'

type PoolModule = typeof import('../src/documents/pdf-pool.js')
type EngineModule = typeof import('../src/documents/engine-data.js')
type NormalizeModule = typeof import('../src/employees/normalize.js')
type SctrModule = typeof import('../src/reports/sctr.js')
type LawLifeModule = typeof import('../src/reports/law-life.js')
type StoredZipModule = typeof import('../src/zip/stored-zip.js')
type TuningModule = typeof import('../src/zip/tuning.js')

/** A module of the build (dist/src/...), typed as its source. */
async function built<T> (path: string): Promise<T> {
  return await import(pathToFileURL(join(PROJECT_ROOT, 'dist', path)).href) as T
}

export interface EngineFloor {
  /** Median wall time of rendering every batch once, all batches at once, ms. */
  wallMs: number
  pdfsPerSec: number
  /** The documents of the first batch (last run), for the ZIP writer floor and the sizes. */
  documents: EmployeeDocumentParts[]
}

/** Runs the engine floor and the ZIP writer floor; the pool is closed afterwards. */
export async function measureFloors (employees: readonly Record<string, unknown>[], runs: number): Promise<{ w50: EngineFloor, c4: EngineFloor, zipWriterMs: number }> {
  const { PdfPool } = await built<PoolModule>('src/documents/pdf-pool.js')
  const { ZIP_TUNING } = await built<TuningModule>('src/zip/tuning.js')
  const { loadEngineData } = await built<EngineModule>('src/documents/engine-data.js')
  const { normalizeRecord } = await built<NormalizeModule>('src/employees/normalize.js')
  const { data } = await loadEngineData({
    templatesDir: assetPath('templates'),
    employerProfilePath: assetPath('employer-profile.json'),
    unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf')
  })
  const pool = new PdfPool(data, { threads: 0, maxQueue: 1024 })
  await pool.ready()
  const batch = employees.map((employee) => normalizeRecord(employee) as Employee)
  const inFlight = ZIP_TUNING.inFlightPerThread * pool.threads // tasks under way, as the ZIP route

  /** One batch rendered as the ZIP route does: tasks of one, then four employees, `inFlight` tasks under way. */
  const renderBatch = async (): Promise<EmployeeDocumentParts[]> => {
    const out: EmployeeDocumentParts[] = new Array(batch.length)
    let next = 0
    const lane = async () => {
      while (next < batch.length) {
        const start = next
        next += start === 0 ? 1 : ZIP_TUNING.employeesPerTask
        const results = await pool.documentsBatch(batch.slice(start, next))
        results.forEach((result, index) => {
          if (result instanceof Error) throw result
          out[start + index] = result
        })
      }
    }
    await Promise.all(Array.from({ length: inFlight }, lane))
    return out
  }
  const engine = async (batches: number): Promise<EngineFloor> => {
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: batches }, renderBatch)) // warm-up
    const walls: number[] = []
    let documents: EmployeeDocumentParts[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      const results = await Promise.all(Array.from({ length: batches }, renderBatch))
      walls.push(performance.now() - started)
      documents = results[0]
    }
    const wallMs = median(walls)
    return { wallMs, pdfsPerSec: (batches * batch.length * 3) / (wallMs / 1000), documents }
  }
  try {
    const w50 = await engine(1)
    const c4 = await engine(4)
    const zipWriterMs = await zipWriterFloor(w50.documents, runs)
    return { w50, c4, zipWriterMs }
  } finally {
    await pool.close()
  }
}

/**
 * The ZIP writer alone: the PDFs appended as stored entries with their CRCs (as the ZIP route does,
 * src/zip/stored-zip.ts), the archive read to its end; median ms.
 */
async function zipWriterFloor (documents: readonly EmployeeDocumentParts[], runs: number): Promise<number> {
  const { StoredZip } = await built<StoredZipModule>('src/zip/stored-zip.js')
  const once = async (): Promise<number> => {
    const started = performance.now()
    const archive = new StoredZip()
    const sink = new Writable({ write: (_chunk, _encoding, callback) => { callback() } })
    const finished = new Promise((resolve, reject) => { sink.on('finish', resolve); archive.on('error', reject) })
    archive.pipe(sink)
    documents.forEach((docs, index) => {
      [docs.contract, docs.consent, docs.annex].forEach((document, kind) => {
        archive.add(document.parts, `${kind}/${index}.pdf`, document.crc32)
      })
    })
    await archive.finalize()
    await finished
    return performance.now() - started
  }
  for (let i = 0; i < 3; i++) await once()
  const walls: number[] = []
  for (let i = 0; i < runs; i++) walls.push(await once())
  return median(walls)
}

/** The workbook builders alone on this thread (no worker, no HTTP): median ms per workbook. */
export async function builderFloors (employees: readonly Record<string, unknown>[], runs: number): Promise<{ sctrMs: number, lawLifeMs: number }> {
  const { buildSctrWorkbook } = await built<SctrModule>('src/reports/sctr.js')
  const { buildLawLifeWorkbook } = await built<LawLifeModule>('src/reports/law-life.js')
  const { normalizeRecord } = await built<NormalizeModule>('src/employees/normalize.js')
  const records = employees.map((employee) => normalizeRecord(employee)) as Parameters<typeof buildSctrWorkbook>[0]
  const time = async (build: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await build()
    const walls: number[] = []
    for (let i = 0; i < runs * 5; i++) {
      const started = performance.now()
      await build()
      walls.push(performance.now() - started)
    }
    return median(walls)
  }
  return {
    sctrMs: await time(async () => await buildSctrWorkbook(records)),
    lawLifeMs: await time(async () => await buildLawLifeWorkbook(records))
  }
}
