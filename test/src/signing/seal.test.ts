/**
 * The sealing engine (src/signing/seal.ts, docs/signatures.md) on real issued documents (the ZIP
 * route), checked by real readers: pdfsig with the test CA trusted, openssl cms over the ByteRange,
 * qpdf, pdfjs-dist (the stamp's text, the attachment) and pdftoppm (pages before and after).
 */
import tap, { type Test } from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { build, pdfText, qpdfCheck, sampleAddendum, sampleEmployee, zipEntries } from '../../support/helper.js'
import { makeTestPki, pdfsig, signatureParts, startTestTsa, TEST_HOLDER, type TestPki } from '../../support/signing.js'
import { findSignatureBlock } from '../../../src/signing/seal.js'
import { drawReceipt } from '../../../src/signing/receipt.js'
import { tokenInfo, TimestampUnavailableError } from '../../../src/signing/timestamp.js'
import { writeUpdate } from '../../../src/pdf/update.js'
import { PdfObjects } from '../../../src/signing/pdf-objects.js'
import type { WorkerSignature } from '../../../src/signing/types.js'
import { OPTIONAL_PURPOSES } from '../../../src/documents/optional-purposes.js'

const dir = mkdtempSync(join(tmpdir(), 'contratos-seal-'))
tap.teardown(() => rmSync(dir, { recursive: true, force: true }))
/** The demo employer profile's RUC (assets/employer-profile.json), named by the test certificate. */
const RUC = '20999999990'
let pkiMade: TestPki | undefined
const pki = () => (pkiMade ??= makeTestPki(dir, RUC))

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** An app sealing with the test certificate (and `tsaUrl` when given). */
async function sealingApp (t: Test, env: Record<string, string | number> = {}): Promise<FastifyInstance> {
  return await build(t, { SIGNING_CERT: pki().p12, SIGNING_CERT_PASSWORD_FILE: pki().passwordFile, ...env })
}

/** The three issued documents of the sample worker, from the ZIP route. */
async function issuedDocuments (app: FastifyInstance): Promise<{ contract: Buffer, notice: Buffer, annex: Buffer }> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
  if (res.statusCode !== 200) throw new Error(res.body)
  const entries = await zipEntries(res.rawPayload)
  const entry = (name: string) => (entries.find((candidate) => candidate.name === name) as { bytes: Buffer }).bytes
  return {
    contract: entry('planilla/12345678-Operario de playa.pdf'),
    notice: entry('planilla/Tratamiento de datos/12345678.pdf'),
    annex: entry('planilla/Anexos/12345678.pdf')
  }
}

/** Today in Lima as YYYY-MM-DD (the printed signing date of a document issued today). */
function limaToday (): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date())
}

function signature (overrides: Partial<WorkerSignature> = {}): WorkerSignature {
  return {
    name: 'Rosa María Quispe Mamani',
    dni: '12345678',
    signedAt: new Date(),
    evidenceNumber: 'EV-000042',
    printedSigningDate: limaToday(),
    evidence: { evidencia: 'EV-000042', pasos: [{ paso: 'identidad', ok: true }], hashAntes: 'abc' },
    ...overrides
  }
}

const file = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

/** openssl's stdout and stderr; `FAILED` first when it exits with an error. */
function openssl (args: string[]): string {
  const run = spawnSync('openssl', args, { encoding: 'latin1' })
  return `${run.status === 0 ? '' : 'FAILED '}${run.stdout}${run.stderr}`
}

/** The page text (pdfjs-dist), every run of white space one space. */
async function flatText (bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).replace(/\s+/g, ' ')
}

/** The text the seal's appearance stream draws (its Tj strings, WinAnsi), which page text extraction leaves out. */
function appearanceText (bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('latin1')
  const form = text.lastIndexOf('/Subtype /Form')
  const stream = text.slice(text.indexOf('stream\n', form), text.indexOf('endstream', form))
  return [...stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1].replace(/\\(.)/g, '$1')).join(' ')
}

tap.test('a sealed contract: pdfsig and openssl verify it, trusted, total, B-T, first revision unchanged', async (t) => {
  const tsa = await startTestTsa(pki())
  t.teardown(tsa.close)
  const app = await sealingApp(t, { SIGNING_TSA_URL: tsa.url })
  const { contract } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(contract, 'contrato', signature())
  t.equal(sealed.level, 'PAdES-B-T')
  t.equal(sealed.sha256, sha256(sealed.bytes))
  t.equal(tsa.requests, 1, 'one time-stamp request')
  t.equal(sha256(sealed.bytes.subarray(0, contract.length)), sha256(contract), 'the issued bytes are the first revision, unchanged')
  t.equal(sealed.certificate.demo, false)
  t.match(sealed.certificate.subject, `CN=${TEST_HOLDER}`)

  const path = file('contract-sealed.pdf', sealed.bytes)
  const report = pdfsig(path, pki().nssDir)
  t.match(report, 'Signature Field Name: Firma del empleador')
  t.match(report, 'Signature Type: ETSI.CAdES.detached')
  t.match(report, 'Total document signed')
  t.match(report, 'Signature Validation: Signature is Valid.')
  t.match(report, 'Certificate Validation: Certificate is Trusted.')
  t.equal(report.match(/Signature #/g)?.length, 1, 'one signature')

  const { signedBytes, cms } = signatureParts(sealed.bytes)
  const content = file('contract-range.bin', signedBytes)
  const cmsFile = file('contract.p7s', cms)
  const verify = openssl(['cms', '-verify', '-binary', '-inform', 'DER', '-in', cmsFile, '-content', content, '-CAfile', pki().caPem, '-out', '/dev/null'])
  t.match(verify, 'Verification successful')
  const printed = openssl(['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsFile])
  t.match(printed, 'signingCertificateV2')
  t.match(printed, 'contentType')
  t.match(printed, 'messageDigest')
  t.match(printed, 'id-smime-aa-timeStampToken', 'the token is an unsigned attribute')
  t.notMatch(printed, /signingTime/i, 'no CMS signing-time')
  // another content does not verify: the check can fail
  const tampered = Buffer.from(signedBytes)
  tampered[100] ^= 1
  t.match(openssl(['cms', '-verify', '-binary', '-inform', 'DER', '-in', cmsFile, '-content', file('tampered.bin', tampered), '-CAfile', pki().caPem, '-out', '/dev/null']),
    'FAILED')

  t.match(await qpdfCheck(sealed.bytes), 'No syntax or stream encoding errors found')
  // the catalog: certification (DocMDP P=1) and the attachment
  const objects = new PdfObjects(sealed.bytes)
  const catalog = objects.object(objects.trailer.root)
  t.match(catalog, /\/Perms << \/DocMDP \d+ 0 R >>/)
  t.match(catalog, /\/AF \[\d+ 0 R\]/)
  t.match(Buffer.from(sealed.bytes).toString('latin1'), /\/TransformMethod \/DocMDP \/TransformParams << \/Type \/TransformParams \/P 1 \/V \/1.2 >>/)

  const text = await flatText(sealed.bytes)
  const now = new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date())
  t.match(text, new RegExp(`Firmado electrónicamente por Rosa María Quispe Mamani, DNI 12345678, el ${now} a las \\d\\d:\\d\\d, hora de Lima; evidencia N\\.º EV-000042\\.`))
  t.match(appearanceText(sealed.bytes), `Firmado digitalmente por ${TEST_HOLDER} en representación de ESTACIONAMIENTOS DEMO S.A.C. (DATOS FICTICIOS).`)
  t.notMatch(text, 'Fecha de suscripción impresa', 'one date when the printed date is the signing day')
  t.notMatch(text, 'DEMOSTRACIÓN')
})

tap.test('a record sealed alone (sealRecord, the constancia): certification only, B-T, trusted, total, its first revision unchanged', async (t) => {
  const tsa = await startTestTsa(pki())
  t.teardown(tsa.close)
  const app = await sealingApp(t, { SIGNING_TSA_URL: tsa.url })
  const at = new Date()
  const record = await drawReceipt({
    employer: { legalName: 'ESTACIONAMIENTOS DEMO S.A.C. (DATOS FICTICIOS)', ruc: RUC },
    worker: { name: 'Rosa María Quispe Mamani', dni: '12345678' },
    contract: { id: '6f1c2a8e-0000-4000-8000-000000000001', kind: 'contract' },
    evidenceNumber: 'EV-000042',
    signedAt: at,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
    codeTo: 'r***@c*****.pe',
    steps: [{ what: 'identity-confirmed', at, details: { ip: '203.0.113.7' } }, { what: 'signed', at, details: {} }],
    documents: [{ kind: 'contrato', code: 'ABCD-1234', before: 'a'.repeat(64), after: 'b'.repeat(64), level: 'PAdES-B-T' }],
    consents: [{ purpose: 'beneficios-terceros', letter: 'c', text: 'Envío de información sobre beneficios', answered: true, accepted: false }],
    chainHead: 'c'.repeat(64),
    demo: false
  })
  const sealed = await app.sealer.sealRecord(record)
  t.equal(sealed.level, 'PAdES-B-T')
  t.equal(tsa.requests, 1, 'one time-stamp request')
  t.equal(sealed.sha256, sha256(sealed.bytes))
  t.equal(sha256(sealed.bytes.subarray(0, record.length)), sha256(record), 'the drawn record is the first revision, unchanged')
  const report = pdfsig(file('record-sealed.pdf', sealed.bytes), pki().nssDir)
  t.match(report, 'Signature Field Name: Firma del empleador')
  t.match(report, 'Total document signed')
  t.match(report, 'Signature Validation: Signature is Valid.')
  t.match(report, 'Certificate Validation: Certificate is Trusted.')
  t.equal(report.match(/Signature #/g)?.length, 1, 'one signature')
  t.match(await qpdfCheck(sealed.bytes), 'No syntax or stream encoding errors found')
  const objects = new PdfObjects(sealed.bytes)
  const catalog = objects.object(objects.trailer.root)
  t.match(catalog, /\/Perms << \/DocMDP \d+ 0 R >>/, 'a certification signature')
  t.notMatch(catalog, '/AF', 'no evidencia.json: the record is the evidence')
  t.match(appearanceText(sealed.bytes), `Firmado digitalmente por ${TEST_HOLDER} en representación de ESTACIONAMIENTOS DEMO S.A.C. (DATOS FICTICIOS).`)
  const text = await flatText(sealed.bytes)
  t.notMatch(text, 'Firmado electrónicamente por', 'no worker stamp')
  t.match(text, 'Finalidades opcionales (numeral 7): c) NO.')
  t.notMatch(text, 'DEMOSTRACIÓN')
  await t.rejects(app.sealer.sealRecord(new Uint8Array(Buffer.from('%PDF-1.7\n'))), /PDF ilegible para el sellado/, 'not a PDF the engine reads')
})

tap.test('the time-stamp token covers the signature value, with the request\'s nonce', async (t) => {
  const tsa = await startTestTsa(pki())
  t.teardown(tsa.close)
  const app = await sealingApp(t, { SIGNING_TSA_URL: tsa.url })
  const { annex } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(annex, 'anexo', signature())
  const { cms } = signatureParts(sealed.bytes)
  const pkijs = await import('pkijs')
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cms).content })
  const signerInfo = signedData.signerInfos[0]
  const token = signerInfo.unsignedAttrs?.attributes.find((attribute) => attribute.type === '1.2.840.113549.1.9.16.2.14')?.values[0]
  t.ok(token, 'the token attribute')
  const info = tokenInfo(new Uint8Array(token.toBER(false)))
  t.equal(Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex'),
    createHash('sha256').update(new Uint8Array(signerInfo.signature.valueBlock.valueHexView)).digest('hex'))
  t.notOk(signerInfo.signedAttrs?.attributes.some((attribute) => attribute.type === '1.2.840.113549.1.9.5'), 'no signing-time attribute')
})

/** Grey pixels of page `page` (1-based) at `dpi`, via pdftoppm. */
function render (bytes: Uint8Array, name: string, page: number, dpi: number): { width: number, height: number, pixels: Buffer } {
  const pdf = file(`${name}.pdf`, bytes)
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), pdf])
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'))
  if (header === null) throw new Error('not a PGM')
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) }
}

tap.test('a token larger than the room kept for it: signed again with more room, still valid', async (t) => {
  const tsa = await startTestTsa(pki(), 'big-token')
  t.teardown(tsa.close)
  const app = await sealingApp(t, { SIGNING_TSA_URL: tsa.url })
  const { annex } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(annex, 'anexo', signature())
  t.equal(tsa.requests, 2, 'the first CMS did not fit: a second signature and token')
  t.equal(sealed.level, 'PAdES-B-T')
  const report = pdfsig(file('big-token.pdf', sealed.bytes), pki().nssDir)
  t.match(report, 'Signature is Valid')
  t.match(report, 'Total document signed')
  await app.sealer.seal(annex, 'anexo', signature())
  t.equal(tsa.requests, 3, 'the next seal keeps the larger room: one request')
})

tap.test('pages render alike outside the stamp and the seal\'s appearance', async (t) => {
  const app = await sealingApp(t)
  const { contract } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(contract, 'contrato', signature())
  const block = findSignatureBlock(Object.values(app.pdfPool.engineData.templates), contract)
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file('pages.pdf', contract)], { encoding: 'utf8' }))?.[1])
  t.ok(pages >= 3)
  const dpi = 50
  const scale = dpi / 72
  for (let page = 1; page <= pages; page++) {
    const before = render(contract, 'before', page, dpi)
    const after = render(sealed.bytes, 'after', page, dpi)
    t.equal(after.width, before.width)
    if (page === pages) {
      // the areas the stamp and the seal take were blank on the issued page: they cover nothing printed
      let printed = 0
      for (const area of [block.worker, block.employer]) {
        for (let y = Math.ceil((841.89 - area.y - area.height + 1) * scale); y < Math.floor((841.89 - area.y - 1) * scale); y++) {
          for (let x = Math.ceil((area.x + 1) * scale); x < Math.floor((area.x + area.width - 1) * scale); x++) {
            if (before.pixels[y * before.width + x] < 250) printed++
          }
        }
      }
      t.equal(printed, 0, 'the stamp and the seal cover nothing printed')
    }
    let changed = 0
    let outside = 0
    for (let y = 0; y < before.height; y++) {
      for (let x = 0; x < before.width; x++) {
        const at = y * before.width + x
        if (before.pixels[at] === after.pixels[at]) continue
        changed++
        const pointX = x / scale
        const pointY = (before.height - y) / scale
        const inside = [block.worker, block.employer].some((area) =>
          pointX >= area.x - 2 && pointX <= area.x + area.width + 2 && pointY >= area.y - 2 && pointY <= area.y + area.height + 2)
        if (!inside) outside++
      }
    }
    t.equal(outside, 0, `page ${page}: nothing changes outside the stamp and the seal`)
    if (page === pages) t.ok(changed > 500, `the last page shows the stamp and the seal (${changed} pixels)`)
    else t.equal(changed, 0, `page ${page} is unchanged`)
  }
})

tap.test('the data notice\'s stamp says each purpose SÍ or NO (an unanswered one NO), both dates when they differ, and carries evidencia.json', async (t) => {
  const app = await sealingApp(t)
  const { notice } = await issuedDocuments(app)
  const evidence = { evidencia: 'EV-000043', documento: 'tratamiento-datos', sha256Emitido: sha256(notice), consentimientos: [true, false, true] }
  const sealed = await app.sealer.seal(notice, 'tratamiento-datos', signature({
    evidenceNumber: 'EV-000043',
    printedSigningDate: '2026-01-15',
    signedAt: new Date('2026-01-16T15:30:00Z'),
    evidence,
    consents: OPTIONAL_PURPOSES.map((purpose, index) =>
      ({ purpose: purpose.id, letter: purpose.letter, text: purpose.text, answered: index < 2, accepted: index === 0 }))
  }))
  const text = await flatText(sealed.bytes)
  t.match(text, 'el 16/01/2026 a las 10:30, hora de Lima; evidencia N.º EV-000043', 'Lima\'s time (UTC-5)')
  t.match(text, 'Fecha de suscripción impresa: 15/01/2026; firmado electrónicamente el 16/01/2026.')
  t.match(text, 'Finalidades opcionales (numeral 7): a) SÍ; b) NO; c) NO (sin respuesta).')

  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(sealed.bytes), verbosity: 0, isEvalSupported: false }).promise
  t.teardown(() => doc.destroy())
  const attachments = await doc.getAttachments() as Record<string, { filename: string, content: Uint8Array }>
  const attached = Object.values(attachments)
  t.equal(attached.length, 1)
  t.equal(attached[0].filename, 'evidencia.json')
  t.same(JSON.parse(Buffer.from(attached[0].content).toString('utf8')), evidence)
  t.match(pdfsig(file('notice.pdf', sealed.bytes), pki().nssDir), 'Signature is Valid')
})

tap.test('a name WinAnsi cannot print (Ł, ễ): the stamp draws it with a Unicode subset, as written; still valid and total', async (t) => {
  const app = await sealingApp(t)
  const { contract } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(contract, 'contrato', signature({ name: 'Łucja Nguyễn Pérez' }))
  t.match(await flatText(sealed.bytes), 'Firmado electrónicamente por Łucja Nguyễn Pérez, DNI 12345678,', 'the name as written, not ?ucja Nguyen')
  const report = pdfsig(file('unicode-stamp.pdf', sealed.bytes), pki().nssDir)
  t.match(report, 'Signature is Valid')
  t.match(report, 'Total document signed')
  t.match(await qpdfCheck(sealed.bytes), 'No syntax or stream encoding errors found')
  const fonts = execFileSync('pdffonts', [file('unicode-stamp.pdf', sealed.bytes)], { encoding: 'utf8' })
  t.match(fonts, /[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/, 'a DejaVu Sans subset, embedded, with its ToUnicode map')
  t.equal(sha256(sealed.bytes.subarray(0, contract.length)), sha256(contract), 'the issued bytes are the first revision, unchanged')

  const plain = await app.sealer.seal(contract, 'contrato', signature())
  t.notMatch(execFileSync('pdffonts', [file('plain-stamp.pdf', plain.bytes)], { encoding: 'utf8' }), /\+DejaVuSans\s/,
    'a WinAnsi name embeds no Unicode font')
})

tap.test('an update appended after the seal: pdfsig says the signature no longer covers the document', async (t) => {
  const app = await sealingApp(t)
  const { contract } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(contract, 'contrato', signature())
  t.match(pdfsig(file('total.pdf', sealed.bytes), pki().nssDir), 'Total document signed')
  const objects = new PdfObjects(sealed.bytes)
  const { size, startXref, entries } = objects.trailer
  // a new page content object, as an editor adding a note would write one
  const changed = writeUpdate({ base: sealed.bytes, size, prevXref: startXref, trailer: entries }, { dicts: [], streams: [{ objectNumber: size, content: 'BT ET' }] })
  t.not(sha256(changed), sealed.sha256)
  const report = pdfsig(file('changed.pdf', changed), pki().nssDir)
  t.match(report, 'Not total document signed')
  t.notMatch(report, /^\s+- Total document signed/m)
})

tap.test('a TSA that fails leaves nothing sealed: 503 CONTRATOS_TSA_UNAVAILABLE', async (t) => {
  const tsa = await startTestTsa(pki())
  t.teardown(tsa.close)
  const app = await sealingApp(t, { SIGNING_TSA_URL: tsa.url, SIGNING_TSA_TIMEOUT_MS: 500 })
  const { contract } = await issuedDocuments(app)
  for (const behaviour of ['slow', 'other-nonce', 'other-imprint', 'refuse', 'http-500'] as const) {
    tsa.behaviour = behaviour
    const error = await app.sealer.seal(contract, 'contrato', signature()).then(() => undefined, (failure: unknown) => failure)
    t.ok(error instanceof TimestampUnavailableError, `${behaviour}: TimestampUnavailableError`)
    t.equal((error as TimestampUnavailableError).statusCode, 503)
    t.equal((error as TimestampUnavailableError).code, 'CONTRATOS_TSA_UNAVAILABLE')
    t.ok((error as TimestampUnavailableError).retryAfterSeconds > 0)
  }
  tsa.behaviour = 'ok'
  t.equal((await app.sealer.seal(contract, 'contrato', signature())).level, 'PAdES-B-T', 'the same document seals once the TSA answers')
  await tsa.close()
  const down = await app.sealer.seal(contract, 'contrato', signature()).then(() => undefined, (failure: unknown) => failure)
  t.ok(down instanceof TimestampUnavailableError, 'TSA down: TimestampUnavailableError')
})

tap.test('without SIGNING_CERT nor a TSA: the demo certificate, PAdES-B-B, said on the page', async (t) => {
  const app = await build(t)
  t.equal(app.sealer.enabled, true)
  t.equal(app.sealer.certificate.demo, true)
  t.match(app.sealer.certificate.subject, 'CN=DEMOSTRACIÓN - SIN VALOR LEGAL')
  t.notMatch(app.sealer.certificate.subject, 'ESTACIONAMIENTOS', 'never the employer\'s name')
  const { annex } = await issuedDocuments(app)
  const sealed = await app.sealer.seal(annex, 'anexo', signature({ demo: true }))
  t.equal(sealed.level, 'PAdES-B-B')
  const report = pdfsig(file('demo.pdf', sealed.bytes), pki().nssDir)
  t.match(report, 'Signature is Valid')
  t.match(report, 'Total document signed')
  t.notMatch(report, 'Certificate is Trusted', 'the demo certificate is trusted by nobody')
  t.match(appearanceText(sealed.bytes), 'CERTIFICADO DE DEMOSTRACI\xd3N - SIN VALOR LEGAL', 'the seal says it (WinAnsi Ó)')
  t.match(await flatText(sealed.bytes), 'DEMOSTRACIÓN: código enviado sin correo real, sin valor legal.')
  const printed = openssl(['cms', '-cmsout', '-print', '-inform', 'DER', '-in', file('demo.p7s', signatureParts(sealed.bytes).cms)])
  t.notMatch(printed, 'timeStampToken', 'B-B: no token')
})

tap.test('every template has a signature block: two areas side by side on one page', async (t) => {
  const app = await build(t)
  const templates = Object.values(app.pdfPool.engineData.templates)
  t.ok(templates.length >= 12)
  for (const template of templates) {
    const block = findSignatureBlock(templates, Buffer.concat([template.base, Buffer.from('\n')]))
    t.equal(block.worker.y, block.employer.y, `${template.name}: one height`)
    t.ok(block.employer.x + block.employer.width < block.worker.x, `${template.name}: the employer left, the worker right`)
    t.ok(block.worker.y > 64 && block.worker.y + block.worker.height < 841.89 - 58, `${template.name}: inside the margins`)
  }
})

tap.test('an adenda seals as the documents do', async (t) => {
  const app = await sealingApp(t)
  const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum() })
  t.equal(res.statusCode, 200)
  const sealed = await app.sealer.seal(res.rawPayload, 'adenda', signature())
  t.match(pdfsig(file('adenda.pdf', sealed.bytes), pki().nssDir), 'Total document signed')
  t.match(await flatText(sealed.bytes), 'Firmado electrónicamente por Rosa María Quispe Mamani, DNI 12345678')
})

tap.test('a document no current template begins is refused', async (t) => {
  const app = await build(t)
  const { contract } = await issuedDocuments(app)
  const other = Buffer.from(contract)
  other[20] ^= 1
  await t.rejects(app.sealer.seal(other, 'contrato', signature()), /ninguna plantilla vigente/)
})
