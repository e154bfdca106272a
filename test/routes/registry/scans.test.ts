/**
 * A paper signature with its scan (docs/registry.md "Paper and its scan"; DOCUMENT-REQUIREMENTS §39):
 * `POST /api/contracts/{id}/signed` as a form, each part at most 10 MB (413 past it, nothing recorded),
 * typed by its bytes (an .exe named .pdf is a 400; a PNG and a PDF pass), stored with its SHA-256 and
 * served back as an attachment with its stored type, nosniff and a CSP sandbox (a PDF with JavaScript
 * included); a JSON mark ("firmado sin escaneo") takes its scan later, once; counsel's undo leaves the
 * scan stored but no longer current; the copy handed over another day needs the worker's receipt.
 */
import { test } from 'tap'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { addDays, todayInLima } from '../../../src/vocabulary/dates.js'
import { REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { build, formPayload, sampleEmployee, sharedApp, type FormFile } from '../../support/helper.js'
import { KEYS, scratchDir, writeKeysFile } from '../../support/auth.js'

type App = Awaited<ReturnType<typeof build>>
const today = todayInLima()

/** A PNG of `width` × `height` grey pixels (real chunks and CRCs); `declared` overrides the IHDR's size. */
function png (width: number, height: number, declared?: { width: number, height: number }): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(declared?.width ?? width, 0)
  header.writeUInt32BE(declared?.height ?? height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

/** A one-page PDF whose opening runs JavaScript: served, it must never run in the service's origin. */
const PDF_WITH_JS = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj\n' +
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
  '4 0 obj << /S /JavaScript /JS (app.alert\\("firmado"\\);) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

const contractsOf = async (app: App, dni: string, headers: Record<string, string> = {}) =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts`, headers })).json().data.contracts as
    Array<{ id: string, status: string, signedOn: string | null, scans: string[], copyDeliveredOn: string | null, copyDeliveredVia: string | null }>

async function issued (app: App, dni: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni })], headers })
  if (res.statusCode !== 200) throw new Error(res.body)
  return (await contractsOf(app, dni, headers))[0].id
}

async function markWithScan (app: App, id: string, files: FormFile[], fields: Record<string, string> = { signingDate: today }, headers: Record<string, string> = {}) {
  const form = await formPayload(files, fields)
  return await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: form.payload, headers: { ...form.headers, ...headers } })
}

test('the scan\'s limits: 11 MB is a 413 and marks nothing; an .exe named .pdf, a PNG too large or a part of no kind are 400s', async (t) => {
  const app = await sharedApp()
  const id = await issued(app, '42300001')
  const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')])
  const tooLarge = await markWithScan(app, id, [{ field: 'file', name: 'contrato.pdf', type: 'application/pdf', bytes: large }])
  t.equal(tooLarge.statusCode, 413)
  t.same(tooLarge.json(), { success: false, message: REGISTRY_MESSAGES.scanTooLarge('10 MB'), data: null })
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0x41)])
  const renamed = await markWithScan(app, id, [{ field: 'file', name: 'contrato.pdf', type: 'application/pdf', bytes: exe }])
  t.equal(renamed.statusCode, 400)
  t.match(renamed.json().errors, [{ field: 'body.file', message: REGISTRY_MESSAGES.scanType('file') }])
  const truncated = await markWithScan(app, id, [{ field: 'file', name: 'contrato.pdf', bytes: PDF_WITH_JS.subarray(0, 200) }])
  t.match(truncated.json().errors, [{ field: 'body.file', message: REGISTRY_MESSAGES.scanType('file') }], 'a PDF without its %%EOF')
  const huge = await markWithScan(app, id, [{ field: 'contrato', name: 'foto.png', bytes: png(2, 2, { width: 10_001, height: 20 }) }])
  t.match(huge.json().errors, [{ field: 'body.contrato', message: REGISTRY_MESSAGES.scanPixels('contrato', 10_000) }])
  const unknownPart = await markWithScan(app, id, [{ field: 'anexo-2', name: 'a.png', bytes: png(2, 2) }])
  t.match(unknownPart.json().errors, [{ field: 'body.anexo-2' }])
  const noDate = await markWithScan(app, id, [{ field: 'file', name: 'c.pdf', bytes: PDF_WITH_JS }], {})
  t.match(noDate.json().errors, [{ field: 'body.signingDate' }])
  t.match(await contractsOf(app, '42300001'), [{ status: 'issued', signedOn: null, scans: [] }], 'nothing of them recorded')

  const signed = await markWithScan(app, id, [
    { field: 'contrato', name: 'pagina-1.png', type: 'image/png', bytes: png(40, 60) },
    { field: 'anexo', name: 'anexo.pdf', type: 'application/octet-stream', bytes: PDF_WITH_JS }
  ])
  t.equal(signed.statusCode, 200)
  t.match(signed.json().data.contract, { status: 'signed', signedOn: today, signedVia: 'paper', scans: ['anexo', 'contrato'], copyDeliveredOn: today, copyDeliveredVia: 'paper' })
  const image = await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=contrato` })
  t.equal(image.statusCode, 200)
  t.equal(image.headers['content-type'], 'image/png')
  t.same(image.rawPayload, png(40, 60), 'the bytes as sent')
})

test('a PDF with JavaScript is served as stored, as an attachment in a sandbox; a JSON mark ("firmado sin escaneo") takes its scan later, once; the audit lines name the DNI', async (t) => {
  const log = join(scratchDir(t), 'audit.log')
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t), AUDIT_LOG: log })
  const hr = { authorization: `Bearer ${KEYS.hr}` }
  const legal = { authorization: `Bearer ${KEYS.legal}` }
  const dni = '42300002'
  const id = await issued(app, dni, hr)
  const json = await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: today }, headers: hr })
  t.match(json.json().data.contract, { status: 'signed', scans: [] })
  const unscanned = await app.inject({ method: 'GET', url: `/api/contracts?status=signed&scanned=false&dni=${dni}`, headers: hr })
  t.match(unscanned.json().data.contracts, [{ id, dni, status: 'signed', scans: [] }], 'listed among "firmados sin escaneo"')

  t.equal((await markWithScan(app, id, [{ field: 'file', name: 'c.pdf', bytes: PDF_WITH_JS }], { signingDate: addDays(today, -1) }, hr)).statusCode, 409,
    'another day: the recorded date is never rewritten')
  const scanned = await markWithScan(app, id, [{ field: 'file', name: 'firmado.pdf', type: 'application/pdf', bytes: PDF_WITH_JS }], { signingDate: today }, hr)
  t.equal(scanned.statusCode, 200)
  t.match(scanned.json().data.contract, { status: 'signed', signedOn: today, scans: ['file'] })
  const again = await markWithScan(app, id, [{ field: 'file', name: 'otro.pdf', bytes: PDF_WITH_JS }], { signingDate: today }, hr)
  t.equal(again.statusCode, 409, 'the scan is added once')
  t.equal(again.json().message, REGISTRY_MESSAGES.scanTaken)
  t.same((await app.inject({ method: 'GET', url: `/api/contracts?status=signed&scanned=false&dni=${dni}`, headers: hr })).json().data.contracts, [])

  for (const headers of [hr, legal]) {
    const served = await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=file`, headers })
    t.equal(served.statusCode, 200)
    t.equal(served.headers['content-type'], 'application/pdf')
    t.equal(served.headers['content-disposition'], `attachment; filename="${dni}-file.pdf"`)
    t.equal(served.headers['x-content-type-options'], 'nosniff')
    t.equal(served.headers['content-security-policy'], 'sandbox')
    t.equal(served.headers['x-scan-sha256'], createHash('sha256').update(PDF_WITH_JS).digest('hex'))
    t.same(served.rawPayload, PDF_WITH_JS)
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=cargo`, headers: hr })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=exe`, headers: hr })).statusCode, 400)
  const events = (await app.inject({ method: 'GET', url: `/api/contracts/${id}/events`, headers: hr })).json().data.events
  t.match(events, [{ what: 'signed', by: 'hr-job' }, { what: 'scan', by: 'hr-job', details: { sha256: { file: createHash('sha256').update(PDF_WITH_JS).digest('hex') } } }])

  // counsel's undo: the scan stays stored, no longer current
  t.equal((await app.inject({ method: 'DELETE', url: `/api/contracts/${id}/signed`, payload: { reason: 'Firmó otra persona' }, headers: legal })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=file`, headers: hr })).statusCode, 404)
  t.match(await contractsOf(app, dni, hr), [{ status: 'issued', scans: [] }])
  await app.close()

  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) : []
  const scans = lines.filter((line) => line.route === '/api/contracts/:id/scan')
  t.same(scans.map((line) => [line.identity, line.status, line.dnis]),
    [['hr-job', 200, [dni]], ['legal-job', 200, [dni]], ['hr-job', 404, [dni]], ['hr-job', 400, []], ['hr-job', 404, [dni]]])
  const marks = lines.filter((line) => line.route === '/api/contracts/:id/signed')
  t.same(marks.map((line) => [line.method, line.status, line.dnis]),
    [['POST', 200, [dni]], ['POST', 409, [dni]], ['POST', 200, [dni]], ['POST', 409, [dni]], ['DELETE', 200, [dni]]],
    'every mark, its refusals and the undo name the worker')
})

test('the worker\'s copy: on paper, handed over on the signing date; another day needs the cargo the worker signed, then or later', async (t) => {
  const app = await sharedApp()
  const dni = '42300003'
  const [id, other] = [await issued(app, dni), await issued(app, '42300004')]
  // a document printed today is signed today at the earliest, and its copy is not handed over in the
  // future: the registry's clock is moved a few days on (`today`) to reach another day
  const later = addDays(today, 4)
  const refusal = async (work: Promise<unknown>) => await work.then(() => undefined, (error: { reason?: string, field?: string }) => error)
  t.match(await refusal(app.registry.run(async (registry) =>
    await registry.markSigned(id, today, { today: later, copyDeliveredOn: addDays(today, 2) }))),
  { reason: 'cargoNeeded', field: 'body.copyDeliveredOn' }, 'another day without the cargo')
  const json = await app.inject({ method: 'POST', url: `/api/contracts/${other}/signed`, payload: { signingDate: today, copyDeliveredOn: addDays(today, 1) } })
  t.match(json.json().errors, [{ field: 'body.copyDeliveredOn', message: REGISTRY_MESSAGES.copyInFuture(today) }])
  const marked = await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: today } })
  t.match(marked.json().data.contract, { status: 'signed', signedOn: today, copyDeliveredOn: today, copyDeliveredVia: 'paper' }, 'by default, with the signature (§30)')

  const cargo = png(30, 20)
  const { contract } = await app.registry.run(async (registry) => await registry.markSigned(id, today, {
    today: later, copyDeliveredOn: addDays(today, 2), scans: [{ kind: 'cargo', mediaType: 'image/png', bytes: cargo }]
  }))
  t.match(contract, { signedOn: today, copyDeliveredOn: addDays(today, 2), copyDeliveredVia: 'paper', scans: ['cargo'] }, 'the cargo added later moves it')
  const events = await app.registry.run(async (registry) => await registry.contractEvents(id))
  t.match(events?.events.map((event) => event.what), ['signed', 'copy', 'scan'])
  const { rebuildStatus } = await import('../../../src/registry/statuses.js')
  t.match(rebuildStatus(events?.events ?? []), { status: 'signed', signedOn: today, copyDeliveredOn: addDays(today, 2), copyDeliveredVia: 'paper' }, 'rebuilt from the events')
  t.same((await app.inject({ method: 'GET', url: `/api/contracts/${id}/scan?kind=cargo` })).rawPayload, cargo)
})
