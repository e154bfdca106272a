/**
 * Concurrency correctness: simultaneous ZIPs on a real listening server, with one PDF
 * thread so that their employees queue behind each other, each contain exactly the employees they
 * were asked for: three entries each, the right DNIs, nobody else's documents (the reference
 * implementation silently dropped employees under 3 concurrent requests).
 */
import { test, type Test } from 'tap'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { build, pdfText, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries, type ZipEntry } from './support/helper.js'

const BATCH_MAX = 50
const CONCURRENT = 6
const NAMES = ['Rosa', 'Luis', 'Ana', 'Jorge', 'Milagros', 'Carlos']
const SURNAMES = ['Quispe', 'Huamán', 'Flores', 'Chávez', 'Núñez', 'Ramírez']

/** Batch `r`: BATCH_MAX employees of mixed types, DNIs `7r0000ii`, a position naming the batch. */
function batch (r: number): Record<string, unknown>[] {
  return Array.from({ length: BATCH_MAX }, (_, i) => {
    const person = {
      dni: String(70000000 + r * 100000 + i),
      name: NAMES[r],
      lastNameFather: SURNAMES[r],
      lastNameMother: SURNAMES[(r + i) % SURNAMES.length],
      position: `Operario del lote ${r}`,
      positionProfile: 'operario-de-playa'
    }
    if (i % 3 === 0) return sampleEmployee(person)
    if (i % 3 === 1) return samplePartTime({ ...person, contractType: 'Part Time' })
    return sampleSubsidio(person)
  })
}

const FOLDERS: Record<string, string> = { Planilla: 'planilla', 'Part Time': 'parttime', Subsidio: 'subsidio' }

interface Reply { status: number, headers: Record<string, unknown>, body: Buffer }

/** POSTs JSON to the listening app and collects the whole reply. */
function post (port: number, path: string, body: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(data)
  })
}

async function listening (app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/** Exactly the three spec entries of every employee of the batch, and nothing else. */
function expectedNames (employees: Record<string, unknown>[]): string[] {
  return employees.flatMap((employee) => {
    const folder = FOLDERS[employee.contractType as string]
    return [`${folder}/${employee.dni}-${employee.position}.pdf`, `${folder}/Tratamiento de datos/${employee.dni}.pdf`, `${folder}/Anexos/${employee.dni}.pdf`]
  }).sort()
}

async function checkDocuments (t: Test, entries: ZipEntry[], employees: Record<string, unknown>[], r: number): Promise<void> {
  // documents of three employees per ZIP read back with pdfjs: their own data, no other batch's
  for (const employee of [employees[0], employees[BATCH_MAX / 2], employees[BATCH_MAX - 1]]) {
    const folder = FOLDERS[employee.contractType as string]
    const contract = await pdfText((entries.find((entry) => entry.name === `${folder}/${employee.dni}-${employee.position}.pdf`) as ZipEntry).bytes)
    t.match(contract, employee.dni as string, `batch ${r}: contract of ${employee.dni} holds its DNI`)
    t.match(contract, `${employee.name} ${employee.lastNameFather} ${employee.lastNameMother}`)
    t.match(contract, `Operario del lote ${r}`)
    t.notMatch(contract, new RegExp(`lote (?!${r}\\b)\\d`), 'no other batch\'s position')
    const annex = await pdfText((entries.find((entry) => entry.name === `${folder}/Anexos/${employee.dni}.pdf`) as ZipEntry).bytes)
    t.match(annex, employee.dni as string, `batch ${r}: annex of ${employee.dni} holds its DNI`)
  }
}

test(`${CONCURRENT} simultaneous ${BATCH_MAX}-employee ZIPs on one PDF thread each hold exactly their employees`, async (t) => {
  const app = await build(t, { PDF_THREADS: 1, BATCH_MAX })
  const port = await listening(app)
  const batches = Array.from({ length: CONCURRENT }, (_, r) => batch(r))
  const replies = await Promise.all(batches.map((employees) => post(port, '/api/contracts/download-zip', employees)))
  for (const [r, reply] of replies.entries()) {
    t.equal(reply.status, 200, `batch ${r}`)
    const entries = await zipEntries(reply.body)
    t.same(entries.map((entry) => entry.name).sort(), expectedNames(batches[r]), `batch ${r}: ${3 * BATCH_MAX} entries, its own DNIs, no errores.txt`)
    await checkDocuments(t, entries, batches[r], r)
  }
})

test('with a tiny PDF queue, every ZIP is either refused up front (503) or complete, never short', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 3, BATCH_MAX })
  const port = await listening(app)
  const batches = Array.from({ length: CONCURRENT }, (_, r) => batch(r))
  const replies = await Promise.all(batches.map((employees) => post(port, '/api/contracts/download-zip', employees)))
  let complete = 0
  for (const [r, reply] of replies.entries()) {
    if (reply.status === 503) {
      t.equal(reply.headers['retry-after'], '2', `batch ${r} refused with Retry-After`)
      t.match(JSON.parse(reply.body.toString()), { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.' })
      continue
    }
    t.equal(reply.status, 200, `batch ${r}`)
    const entries = await zipEntries(reply.body)
    t.same(entries.map((entry) => entry.name).sort(), expectedNames(batches[r]), `batch ${r}: complete, no errores.txt`)
    complete++
  }
  t.ok(complete >= 1, `${complete} of ${CONCURRENT} admitted, each complete`)
  t.comment(`${complete} of ${CONCURRENT} admitted with PDF_MAX_QUEUE=3`)
})
