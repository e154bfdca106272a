import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { Employee } from '../../../schemas/employee.js'
import { EntryNames, eachRecord, streamDocumentsZip, type ZipDocument } from '../../../src/zip/documents-zip.js'
import { contractEntryNames } from '../../../src/zip/names.js'
import { sampleEmployee, samplePartTime, zipEntries } from '../../support/helper.js'

const employees = (n: number) => Array.from({ length: n }, (_, i) => sampleEmployee({ dni: String(30000000 + i) }) as Employee)
/** Incompressible stand-ins for an employee's three PDFs (~30 KB each), so that buffered bytes are predictable. */
const fakeDocuments = async (employee: Employee): Promise<ZipDocument[]> => contractEntryNames(employee).map((name) => ({ name, parts: [randomBytes(30000)] }))
const describe = (employee: Employee) => `${employee.dni} (${employee.name} ${employee.lastNameFather} ${employee.lastNameMother})`
const tick = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms))

async function collect (stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

test('a reader that does not read stops the rendering (backpressure); reading resumes it', async (t) => {
  let rendered = 0
  const { archive, done } = streamDocumentsZip(employees(60), {
    render: eachRecord(async (employee) => { rendered++; return await fakeDocuments(employee) }),
    describe,
    concurrency: 2,
    signal: new AbortController().signal,
    onFailure: () => 'x',
    maxBufferedBytes: 200 * 1024
  })
  await tick(200)
  t.ok(rendered < 15, `only ${rendered} of 60 rendered while nobody reads`)
  const zip = await collect(archive)
  t.same(await done, { written: 60, failed: 0, aborted: false })
  t.equal(rendered, 60)
  t.equal((await zipEntries(zip)).length, 180)
})

test('a limit given as a function is read each time: a larger one before sending, the smaller one after', async (t) => {
  let rendered = 0
  let sending = false
  const { archive, done } = streamDocumentsZip(employees(60), {
    render: eachRecord(async (employee) => { rendered++; return await fakeDocuments(employee) }),
    describe,
    concurrency: 2,
    signal: new AbortController().signal,
    onFailure: () => 'x',
    maxBufferedBytes: () => sending ? 200 * 1024 : 1024 * 1024
  })
  await tick(200)
  const beforeSend = rendered
  t.ok(beforeSend >= 11 && beforeSend < 20, `${beforeSend} of 60 rendered into the larger limit (about 1 MB of 90 KB records)`)
  sending = true
  await tick(100)
  t.equal(rendered, beforeSend, 'nothing more while the unread output is above the smaller limit')
  const zip = await collect(archive)
  t.same(await done, { written: 60, failed: 0, aborted: false })
  t.equal((await zipEntries(zip)).length, 180)
})

test('aborting the signal stops rendering and destroys the archive', async (t) => {
  let rendered = 0
  const controller = new AbortController()
  const { archive, done } = streamDocumentsZip(employees(40), {
    render: eachRecord(async (employee) => { rendered++; await tick(10); return await fakeDocuments(employee) }),
    describe,
    concurrency: 2,
    signal: controller.signal,
    onFailure: () => 'x'
  })
  archive.pipe(new PassThrough()).resume()
  await tick(40)
  controller.abort()
  const result = await done
  t.equal(result.aborted, true)
  t.ok(result.written < 40)
  const settled = rendered
  await tick(100)
  t.equal(rendered, settled, 'no new rendering after the abort')
  t.ok(archive.destroyed)
})

test('an archive destroyed by its consumer stops the rendering too', async (t) => {
  let rendered = 0
  const { archive, done } = streamDocumentsZip(employees(40), {
    render: eachRecord(async (employee) => { rendered++; await tick(5); return await fakeDocuments(employee) }),
    describe,
    concurrency: 2,
    signal: new AbortController().signal,
    onFailure: () => 'x',
    maxBufferedBytes: 64 * 1024
  })
  await tick(30)
  archive.destroy()
  t.equal((await done).aborted, true)
  t.ok(rendered < 40)
})

test('every employee failing gives a ZIP with only errores.txt', async (t) => {
  const { archive, done } = streamDocumentsZip(employees(2), {
    render: eachRecord(async () => { throw new Error('x') }),
    describe,
    concurrency: 4,
    signal: new AbortController().signal,
    onFailure: (_employee, error) => `motivo ${(error as Error).message}`
  })
  const entries = await zipEntries(await collect(archive))
  t.same(entries.map((entry) => entry.name), ['errores.txt'])
  t.equal(entries[0].bytes.toString(), 'No se generaron los documentos de 2 de 2 empleados:\r\n30000000 (Rosa María Quispe Mamani): motivo x\r\n30000001 (Rosa María Quispe Mamani): motivo x\r\n')
  t.same(await done, { written: 0, failed: 2, aborted: false })
})

test('entry names of duplicates are numbered across all of a record\'s documents', async (t) => {
  const names = new EntryNames()
  const employee = samplePartTime({ contractType: 'Part Time' }) as Employee
  const claim = (record: Employee) => names.claim(contractEntryNames(record))
  t.same(claim(employee), ['parttime/12345678-Operario de playa.pdf', 'parttime/Tratamiento de datos/12345678.pdf', 'parttime/Anexos/12345678.pdf'])
  t.same(claim({ ...employee, position: 'Otro' }), ['parttime/12345678-Otro (2).pdf', 'parttime/Tratamiento de datos/12345678 (2).pdf', 'parttime/Anexos/12345678 (2).pdf'])
  t.same(claim({ ...employee, contractType: 'Planilla' })[0], 'planilla/12345678-Operario de playa.pdf', 'another folder: no clash')
  t.same(names.claim(['adendas/12345678.pdf']), ['adendas/12345678.pdf'])
  t.same(names.claim(['adendas/12345678.pdf']), ['adendas/12345678 (2).pdf'])
  t.same(names.claim(['adendas/12345678.pdf']), ['adendas/12345678 (3).pdf'])
  t.same(names.claim(['Sr. López/sin extensión']), ['Sr. López/sin extensión'])
  t.same(names.claim(['Sr. López/sin extensión']), ['Sr. López/sin extensión (2)'], 'a dot in a folder is not an extension')
})

test('batches: the first render has one record, then batchSize; a failure inside a batch stays with its record, a rejected batch fails each of its records', async (t) => {
  const batches: number[] = []
  const batch = employees(10)
  const { archive, done } = streamDocumentsZip(batch, {
    render: async (records) => {
      batches.push(records.length)
      if (records.some((employee) => employee.dni === '30000009')) throw new Error('tarea perdida')
      return await Promise.all(records.map(async (employee) => (employee.dni === '30000002' ? new Error('plantilla ilegible') : await fakeDocuments(employee))))
    },
    batchSize: 4,
    describe,
    concurrency: 2,
    signal: new AbortController().signal,
    onFailure: (_employee, error) => (error as Error).message
  })
  const entries = await zipEntries(await collect(archive))
  t.same(batches, [1, 4, 4, 1])
  t.same(await done, { written: 8, failed: 2, aborted: false })
  const pdfs = entries.filter((entry) => entry.name.endsWith('.pdf'))
  t.equal(pdfs.length, 24)
  t.same([...new Set(pdfs.map((entry) => /(\d{8})/.exec(entry.name)?.[1]))], ['30000000', '30000001', '30000003', '30000004', '30000005', '30000006', '30000007', '30000008'], 'in request order')
  const errors = entries.find((entry) => entry.name === 'errores.txt')?.bytes.toString('utf8') ?? ''
  t.match(errors, /30000002 .*: plantilla ilegible/)
  t.match(errors, /30000009 .*: tarea perdida/)
})
