/**
 * Piscina worker of the report exports (src/reports/pool.ts): builds one workbook per task off the
 * event loop and hands its bytes back without a copy.
 */
import { move } from 'piscina'
import type { LawLifeEmployee, PhotocheckEmployee, SctrEmployee } from '../../schemas/reports.js'
import { buildLawLifeWorkbook } from './law-life.js'
import { buildSctrWorkbook } from './sctr.js'
import { buildPhotocheckWorkbook } from './photocheck.js'
import { lowerThreadPriority, nameThread } from '../workers.js'

lowerThreadPriority() // the event loop first when the cores are short (src/workers.ts)
nameThread('reports')

/** One workbook to build: which report, and its validated records. */
export type ReportTask =
  | { kind: 'sctr', employees: SctrEmployee[] }
  | { kind: 'lawLife', employees: LawLifeEmployee[] }
  | { kind: 'photocheck', employees: PhotocheckEmployee[] }
  | { kind: 'ping' } // the warm-up: the thread is up with its modules loaded

/** The bytes copied into an ArrayBuffer of their own (a Buffer may share one): transferring it moves nothing else. */
const own = (bytes: Buffer) => new Uint8Array(bytes)

export default async function build (task: ReportTask): Promise<unknown> {
  switch (task.kind) {
    case 'sctr':
      return move(own(await buildSctrWorkbook(task.employees)))
    case 'lawLife':
      return move(own(await buildLawLifeWorkbook(task.employees)))
    case 'photocheck':
      return move(own(await buildPhotocheckWorkbook(task.employees)))
    case 'ping':
      return new Uint8Array(0)
  }
}
