/**
 * The requests `npm run bench` measures (bench/run.ts), each with what a right answer holds, so that
 * `npm run bench:smoke` (bench/smoke.ts) sends every one of them once and checks it. C4 and C8 send
 * W50 at once, the export stalls send the exports again: no records of their own.
 */
import { addenda, mixedEmployees, signers } from './lib.js'
import { SIGN_SERVER_ENV } from './signing.js'

/**
 * The servers measured run without the event-loop shedder: the bench measures speed, on a machine
 * other work may load past the shedder's threshold; `npm run bench:load` measures the behaviour under
 * overload, shedding included.
 */
export const BENCH_SERVER_ENV: Record<string, string> = { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }

/** PDFs in a contracts ZIP per employee: contract, data notice, annex. */
export const PDFS_PER_EMPLOYEE = 3

export interface Workload {
  path: string
  body: unknown
  /** PDFs the answer holds: a ZIP's entries, or 1 for a PDF; absent for a workbook or CSV. */
  pdfs?: number
  /** The server's environment it needs beyond the bench's own (W1000's batch limit). */
  env?: Record<string, string>
  /**
   * A signing round (bench/signing.ts) instead of one request: `body` is its workers, who each sign
   * through the page's API; `path` is where HR invites them.
   */
  signing?: true
}

export type WorkloadName = 'W50' | 'A80' | 'W1' | 'W1000' | 'sctr' | 'lawLife' | 'photocheck' | 'SIGN50'

/** Workers in SIGN50, and the first DNI's offset (apart from W50's, and from the warm-up round's). */
export const SIGNERS = 50
export const SIGNERS_SEED = 5000

/** Every workload, built now (dates relative to today in Lima, bench/lib.ts). */
export function workloads (): Record<WorkloadName, Workload> {
  const employees = mixedEmployees(50)
  const w1000 = mixedEmployees(1000)
  const batch = addenda(80) // ADDENDUM_BATCH_MAX
  return {
    W50: { path: '/api/contracts/download-zip', body: employees, pdfs: employees.length * PDFS_PER_EMPLOYEE },
    A80: { path: '/api/addendum/download-zip', body: batch, pdfs: batch.length },
    W1: { path: '/api/contracts/preview', body: mixedEmployees(3)[2], pdfs: 1 }, // a Subsidio: the longest contract
    W1000: { path: '/api/contracts/download-zip', body: w1000, pdfs: w1000.length * PDFS_PER_EMPLOYEE, env: { BATCH_MAX: '1000' } },
    sctr: { path: '/api/excel/download-sctr', body: employees },
    lawLife: { path: '/api/excel/download-lawlife', body: employees },
    photocheck: { path: '/api/excel/download-photocheck', body: employees },
    SIGN50: { path: '/api/signing/invitations', body: signers(SIGNERS, SIGNERS_SEED), pdfs: SIGNERS * PDFS_PER_EMPLOYEE, env: SIGN_SERVER_ENV, signing: true }
  }
}
