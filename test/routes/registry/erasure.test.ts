/**
 * Deletion that erases (docs/registry.md "Personal data at rest"; Ley 29733 art. 8): after the
 * retention purge and after a history entry is deleted, `grep` of the embedded registry's folder
 * (DATA_DIR: table files, indexes, TOAST, write-ahead log) finds none of the deleted values, which
 * it found before; a worker the purge kept is still there, and still found.
 */
import { test } from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDays, todayInLima } from '../../../src/vocabulary/dates.js'
import { build } from '../../support/helper.js'

const today = todayInLima()

/** The values among `values` that `grep` finds in the files under `dir` (recursively, binary files as text). */
function found (dir: string, values: readonly string[]): string[] {
  return values.filter((value) => spawnSync('grep', ['-r', '-l', '-a', '-F', '-e', value, dir]).status === 0)
}

test('after the retention purge and a history deletion, no deleted name, DNI, address or entry is readable in DATA_DIR', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'contratos-erasure-'))
  t.teardown(() => { rmSync(parent, { recursive: true, force: true }) })
  const dataDir = join(parent, 'registry')
  const app = await build(t, { DATA_DIR: dataDir })
  const gone = { dni: '48151623', names: 'Zenobia Filomena', lastNameFather: 'Quispehuaman', lastNameMother: 'Atahualpa' }
  const kept = { dni: '48151624', names: 'Marcelina Hortensia', lastNameFather: 'Chumpitaz', lastNameMother: 'Yupanqui' }
  const goneAddress = 'Jiron Tumbesino 4711, Urb. Las Casuarinas'
  const record = (worker: typeof gone, entryDate: string, endDate: string, address: string) => ({
    kind: 'contract' as const,
    worker,
    contractType: 'Planilla',
    modality: '58',
    entryDate,
    endDate,
    signingDate: entryDate,
    salary: 1500,
    position: 'Operario de playa',
    record: { dni: worker.dni, name: worker.names, lastNameFather: worker.lastNameFather, address },
    documents: [{ kind: 'contrato', templateId: 'contrato-planilla', templateSha256: 'x' }]
  })
  await app.registry.run(async (registry) => {
    await registry.recordIssued([record(gone, addDays(today, -3000), addDays(today, -2500), goneAddress)], { requestId: 'old' })
    await registry.addHistory(gone, [{ modality: '58', entryDate: addDays(today, -3500), endDate: addDays(today, -3200), position: 'Cajera antigua' }])
    await registry.recordIssued([record(kept, addDays(today, -100), addDays(today, 80), 'Av. Retenida 12')], { requestId: 'recent' })
  })
  const keptEntry = { modality: '58', entryDate: addDays(today, -700), endDate: addDays(today, -400), position: 'Vigilante Errado Xq' }
  const added = await app.inject({ method: 'POST', url: `/api/workers/${kept.dni}/history`, payload: [keptEntry] })
  t.equal(added.statusCode, 201)
  const deletedValues = [gone.dni, gone.names, gone.lastNameFather, gone.lastNameMother, goneAddress, 'Cajera antigua', keptEntry.position]
  t.same(found(dataDir, deletedValues), deletedValues, 'before: every value is readable in the folder (the test can fail)')

  const [{ id: entryId }] = added.json().data.history as Array<{ id: string }>
  t.equal((await app.inject({ method: 'DELETE', url: `/api/workers/${kept.dni}/history/${entryId}` })).statusCode, 200)
  t.same(found(dataDir, [keptEntry.position]), [], 'a deleted history entry is not readable')
  const purged = await app.registry.run(async (registry) => await registry.purgeEndedBefore(addDays(today, -1825)))
  t.same(purged, { contracts: 1, history: 1, walCleared: true })
  t.same(found(dataDir, deletedValues), [], 'after: none is readable in any file of the folder')
  t.same(found(dataDir, [kept.dni, kept.lastNameFather, 'Av. Retenida 12']), [kept.dni, kept.lastNameFather, 'Av. Retenida 12'], 'what was kept is still there')
  t.match(await app.registry.run(async (registry) => await registry.workerContracts(kept.dni)), [{ status: 'issued' }])
  t.same(await app.registry.run(async (registry) => await registry.workerContracts(gone.dni)), [])
})
