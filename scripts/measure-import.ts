/**
 * Measures the spreadsheet import on large and hostile inputs: parse time and peak memory (RSS)
 * of one read on the calling thread, each case in a fresh process, and the longest event-loop
 * stall while the same read runs in the worker pool of the compiled service (dist/).
 *
 *   npm run bench:import            (builds first; prints a table)
 *
 * Cases: a ~10 MB .xlsx, .xls and .csv of employee rows (far over the batch limit: the reply is
 * `Máximo 50 empleados por lote`), and a ~1 MB zip bomb that inflates past 1 GB.
 */
import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import * as XLSX from 'xlsx'
import { readSpreadsheet, type ReadResult } from '../src/spreadsheets/read.js'
import type { SpreadsheetFormat } from '../src/spreadsheets/formats.js'
import { zipBomb } from '../test/support/zip-tools.js'

const TARGET_BYTES = 10 * 1024 * 1024
const CASES = ['xlsx', 'xls', 'csv', 'bomb'] as const
type Case = typeof CASES[number]

const HEADERS = ['NOMBRE', 'APELLIDO PATERNO', 'APELLIDO MATERNO', 'DNI', 'EMAIL', 'DIRECCIÓN', 'PROVINCIA', 'DISTRITO', 'DEPARTAMENTO',
  'CARGO', 'PLAYA', 'SUELDO', 'SUELDO EN LETRAS', 'FECHA DE INGRESO', 'FECHA DE TERMINO', 'TIPO DE CONTRATO', 'SEXO', 'FECHA DE NACIMIENTO']

function employeeRow (i: number): unknown[] {
  return [`Nombre${i}`, `Paterno${i % 997}`, `Materno${i % 991}`, 10000000 + i, `persona${i}@example.com`, `Av. Los Álamos ${i}, Urb. San Ignacio`,
    'Lima', `Distrito ${i % 43}`, 'Lima', `Cargo ${i % 17}`, `Playa ${i % 29}`, 1000 + (i % 5000), 'MIL QUINIENTOS CON 00/100 SOLES',
    new Date(Date.UTC(2026, i % 12, 1 + (i % 28))), new Date(Date.UTC(2027, i % 12, 1 + (i % 28))), 'PLANILLA', i % 2 === 0 ? 'M' : 'F',
    new Date(Date.UTC(1980 + (i % 20), i % 12, 1 + (i % 28)))]
}

/** A workbook of `rows` employee rows written by SheetJS. */
function workbookBytes (rows: number, bookType: 'xlsx' | 'xls' | 'csv'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([HEADERS, ...Array.from({ length: rows }, (_, i) => employeeRow(i))], { cellDates: true, dateNF: 'dd/mm/yyyy' })
  const book = XLSX.utils.book_new(sheet, 'Empleados')
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer
}

/** Grows the row count until the file is about TARGET_BYTES. */
function tenMegabytes (bookType: 'xlsx' | 'xls' | 'csv'): Buffer {
  let rows = 10_000
  let bytes = workbookBytes(rows, bookType)
  rows = Math.round(rows * TARGET_BYTES / bytes.length)
  bytes = workbookBytes(rows, bookType)
  if (bookType === 'xls' && bytes.length > TARGET_BYTES) bytes = workbookBytes(Math.floor(rows * TARGET_BYTES / bytes.length) - 100, bookType)
  return bytes
}

const formatOf = (which: Case): SpreadsheetFormat => (which === 'bomb' ? 'xlsx' : which)

/** Writes the case's file (in its own process: generating a 10 MB workbook takes GBs). */
function make (which: Case, path: string): void {
  writeFileSync(path, which === 'bomb' ? zipBomb(1024) : tenMegabytes(which))
}

function describe (result: ReadResult): string {
  return result.status === 'corrupt' ? `corrupt (${result.reason})` : result.status
}

/** One read on this thread: time, and this process's peak RSS (a fresh process per case). */
async function parseHere (which: Case, path: string): Promise<Record<string, unknown>> {
  const bytes = readFileSync(path)
  const baseRssMb = process.resourceUsage().maxRSS / 1024
  const started = performance.now()
  const result = await readSpreadsheet({ bytes, format: formatOf(which), kind: 'employee', maxRows: 50 })
  const ms = performance.now() - started
  return { size: bytes.length, ms, peakRssMb: process.resourceUsage().maxRSS / 1024, baseRssMb, result: describe(result) }
}

/** The same read through the compiled worker pool, watching this thread's event loop. */
async function throughWorker (which: Case, path: string): Promise<Record<string, unknown>> {
  const { SpreadsheetReader } = await import(pathToFileURL('dist/src/spreadsheets/reader.js').href) as typeof import('../src/spreadsheets/reader.js')
  const reader = new SpreadsheetReader({ inline: false })
  const bytes = readFileSync(path)
  await reader.read(Buffer.from('A\n1\n'), 'csv', 'employee', 50).catch(() => {}) // start the worker first
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const started = performance.now()
  const result = await reader.read(bytes, formatOf(which), 'employee', 50).then(() => 'ok', (error: Error) => error.message)
  const ms = performance.now() - started
  delay.disable()
  await reader.close()
  return { ms, maxStallMs: delay.max / 1e6, result }
}

function inChild (...args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const proc = fork(new URL(import.meta.url).pathname, args, { execArgv: process.execArgv })
    proc.once('message', (message) => resolve(message as Record<string, unknown>))
    proc.once('error', reject)
    proc.once('exit', (code) => { if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}`)) })
  })
}

const [role, which, path] = process.argv.slice(2) as [string, Case, string]
if (role === 'make') {
  make(which, path)
  process.send?.({})
} else if (role === 'parse') {
  process.send?.(await parseHere(which, path))
} else if (role === 'worker') {
  process.send?.(await throughWorker(which, path))
} else {
  const dir = mkdtempSync(join(tmpdir(), 'measure-import-'))
  try {
    console.log('case | file | parse ms (1 thread) | peak RSS MB (base) | result | via worker ms | max event-loop stall ms')
    for (const which of CASES) {
      const file = join(dir, `${which}.${formatOf(which)}`)
      await inChild('make', which, file)
      const here = await inChild('parse', which, file)
      const worker = await inChild('worker', which, file)
      console.log([which, `${((here.size as number) / 1048576).toFixed(1)} MB`, (here.ms as number).toFixed(0),
        `${(here.peakRssMb as number).toFixed(0)} (${(here.baseRssMb as number).toFixed(0)})`, here.result,
        (worker.ms as number).toFixed(0), (worker.maxStallMs as number).toFixed(1)].join(' | '))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
