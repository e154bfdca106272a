/**
 * Measures the reader on the hostile spreadsheets of docs/import.md (what a workbook may hold, and
 * cell lengths): time and peak memory (RSS) of one read on the calling thread, each case in a fresh process.
 *
 *   node --import tsx scripts/measure-hostile.ts            (prints a table)
 *   node --import tsx scripts/measure-hostile.ts xfd         (one case)
 */
import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSpreadsheet, type ReadResult } from '../src/spreadsheets/read.js'
import type { SpreadsheetFormat } from '../src/spreadsheets/formats.js'
import { importEmployees } from '../src/spreadsheets/import.js'
import {
  emptySharedStringsXlsx, farColumnXlsx, longCellXlsx, manyCellsXlsx, manySheetsXlsx, manyStringsXls
} from '../test/support/hostile-files.js'
import { EMPLOYEE_HEADERS, employeeCells, numberedEmployee } from '../test/support/spreadsheets.js'

const row = employeeCells(numberedEmployee(1)).map((cell) => (cell === null ? null : String(cell)))

const CASES: Record<string, { format: SpreadsheetFormat, make: () => Buffer }> = {
  xfd: { format: 'xlsx', make: () => farColumnXlsx(EMPLOYEE_HEADERS, [row], 5_000) },
  'sst-5M': { format: 'xlsx', make: () => emptySharedStringsXlsx(EMPLOYEE_HEADERS, [row], 5_000_000) },
  'sheets-1M': { format: 'xlsx', make: () => manySheetsXlsx(EMPLOYEE_HEADERS, [row], 1_000_000) },
  'xls-262k': { format: 'xls', make: () => manyStringsXls(EMPLOYEE_HEADERS, [row], 262_144) },
  'xls-131k': { format: 'xls', make: () => manyStringsXls(EMPLOYEE_HEADERS, [row], 131_000) },
  'cells-3M': { format: 'xlsx', make: () => manyCellsXlsx(EMPLOYEE_HEADERS, [row], 60_000, 50) },
  'name-5MB': { format: 'xlsx', make: () => longCellXlsx(EMPLOYEE_HEADERS, row, 0, 5 * 1024 * 1024) },
  'name-20MB': { format: 'xlsx', make: () => longCellXlsx(EMPLOYEE_HEADERS, row, 0, 20 * 1024 * 1024) }
}

function describe (result: ReadResult): string {
  if (result.status === 'corrupt') return `corrupt (${result.reason})`
  if (result.status === 'overBounds') return `refused: ${result.message}`
  if (result.status !== 'ok') return result.status
  try {
    return `ok, ${importEmployees(result).length} rows`
  } catch (error) {
    const { message, errors } = error as { message: string, errors?: { message: string }[] }
    return `${message}${errors?.[0] === undefined ? '' : ` / ${errors[0].message}`}`
  }
}

/** One case in this process, its file made by another one (making a workbook takes more memory than reading it). */
async function measure (name: string, path: string): Promise<Record<string, unknown>> {
  const { format } = CASES[name]
  const bytes = readFileSync(path)
  const baseRssMb = process.resourceUsage().maxRSS / 1024
  const started = performance.now()
  const result = await readSpreadsheet({ bytes, format, kind: 'employee', maxRows: 50 })
  const readMs = performance.now() - started
  const outcome = describe(result) // record validation, as the main thread does it
  const totalMs = performance.now() - started
  return { name, kb: bytes.length / 1024, readMs, totalMs, baseRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024, outcome }
}

function inChild (role: string, name: string, path: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, [role, name, path], { execArgv: process.execArgv })
    child.once('message', (message) => resolve(message as Record<string, unknown>))
    child.once('error', reject)
    child.once('exit', (code) => { if (code !== 0) resolve({ name, outcome: `process exited ${code}` }) })
  })
}

const args = process.argv.slice(2)
if (args[0] === '--make') {
  writeFileSync(args[2], CASES[args[1]].make())
  process.send?.({})
} else if (args[0] === '--read') {
  process.send?.(await measure(args[1], args[2]))
} else {
  const dir = mkdtempSync(join(tmpdir(), 'measure-hostile-'))
  try {
    console.log('case | file KB | read ms | read + validation ms | peak RSS MB (base) | outcome')
    for (const name of args.length > 0 ? args : Object.keys(CASES)) {
      const path = join(dir, name)
      await inChild('--make', name, path)
      const m = await inChild('--read', name, path)
      const n = (key: string, digits = 0) => (typeof m[key] === 'number' ? (m[key] as number).toFixed(digits) : '-')
      console.log([name, n('kb'), n('readMs'), n('totalMs'), `${n('peakRssMb')} (${n('baseRssMb')})`, m.outcome].join(' | '))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
