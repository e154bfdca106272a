/**
 * The history table's plain parts, without a database (src/registry/history.ts): which entries of an
 * upload a worker already holds (docs/import.md, HISTORIAL), and the row an entry becomes.
 */
import { test } from 'tap'
import { toHistoryEntry, toHistoryRow, unheldEntries, type HistoryEntry } from '../../../src/registry/history.js'

const entry = (fields: Partial<HistoryEntry> = {}): HistoryEntry =>
  ({ modality: '58', entryDate: '01/03/2023', endDate: '29/02/2024', position: 'Cajera', ...fields })

test('an entry a worker holds is not added again; a different one, or the same for another worker, is', async (t) => {
  const held = [{ dni: '12345678', entry: entry({ probationMonths: 3 }) }]
  const given = [
    { dni: '12345678', entries: [entry({ probationMonths: 3 }), entry(), entry({ endDate: '28/02/2024', probationMonths: 3 })] },
    { dni: '87654321', entries: [entry({ probationMonths: 3 })] }
  ]
  t.same(unheldEntries(held, given), [
    { dni: '12345678', entry: entry() },
    { dni: '12345678', entry: entry({ endDate: '28/02/2024', probationMonths: 3 }) },
    { dni: '87654321', entry: entry({ probationMonths: 3 }) }
  ], 'no probation is not a probation of 3 months; another end is another entry')
})

test('the same entry twice in one upload is added once; a held entry read back from its row matches the one given', async (t) => {
  const given = [{ dni: '12345678', entries: [entry(), entry()] }, { dni: '12345678', entries: [entry({ position: 'Cajero' })] }]
  t.same(unheldEntries([], given), [{ dni: '12345678', entry: entry() }, { dni: '12345678', entry: entry({ position: 'Cajero' }) }])
  const row = toHistoryRow('12345678', entry(), 'rrhh@example.com')
  t.match(row, {
    worker_dni: '12345678', modality: '58', entry_date: '2023-03-01', end_date: '2024-02-29', probation_months: null, entered_by: 'rrhh@example.com'
  })
  const read = toHistoryEntry({ ...row, id: 'h1', probation_months: null } as Parameters<typeof toHistoryEntry>[0])
  t.same(read, { id: 'h1', ...entry() }, 'no probationMonths when none was entered')
  t.same(unheldEntries([{ dni: '12345678', entry: read }], [{ dni: '12345678', entries: [entry()] }]), [])
})
