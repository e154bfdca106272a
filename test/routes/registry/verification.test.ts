/**
 * Verification codes (docs/registry.md): every page of every document a ZIP issues prints its
 * code in the footer, the code resolves through the open `GET /api/documents/{code}` (also under
 * AUTH_MODE=oidc, without credentials) to the document's kind, status and the SHA-256 of the very
 * bytes in the ZIP, a reprint supersedes and a signed mark signs it; previews print no code.
 * The tests on test defaults share the file's app (sharedApp): each issues and checks its own DNIs'
 * documents, so none reads what another recorded.
 */
import { test, type Test } from 'tap'
import { createHash } from 'node:crypto'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { build, pdfPages, sampleAddendum, sampleEmployee, sharedApp, zipEntries } from '../../support/helper.js'
import { KEYS, writeKeysFile } from '../../support/auth.js'
import { todayInLima } from '../../../src/vocabulary/dates.js'
import { VALIDATION_MESSAGE, VERIFICATION_MESSAGES } from '../../../schemas/messages.js'
import { PREVIEW_FOOTER } from '../../../src/documents/fields.js'
import { parseVerificationCode } from '../../../src/registry/verification-codes.js'

const CODE_LINE = /Código de verificación: ([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})/g
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The one code printed on every page of a PDF (fails the test when pages disagree or one lacks it). */
async function printedCode (t: Test, bytes: Uint8Array, name: string): Promise<string> {
  const pages = await pdfPages(bytes)
  const codes = pages.map((page) => [...page.matchAll(CODE_LINE)].map((match) => match[1]))
  t.ok(codes.every((found) => found.length === 1), `${name}: each of its ${pages.length} pages prints one code`)
  t.equal(new Set(codes.flat()).size, 1, `${name}: the same code on every page`)
  return codes[0][0]
}

type Check = { code: string, kind: string, issuedAt: string, sha256: string | null, status: string, dni: string, initials: string }

async function check (app: FastifyInstance, code: string, headers: InjectOptions['headers'] = {}): Promise<{ statusCode: number, body: any }> {
  const res = await app.inject({ method: 'GET', url: `/api/documents/${encodeURIComponent(code)}`, headers })
  return { statusCode: res.statusCode, body: res.json() }
}

/** The check of `code`: its SHA-256 was recorded before the ZIP's central directory, so a whole ZIP's documents have it. */
async function checkWithHash (app: FastifyInstance, code: string): Promise<Check> {
  return (await check(app, code)).body.data.document
}

test('a contracts ZIP: each document prints its own code on every page; the code gives its kind, masked DNI and the SHA-256 of the bytes in the ZIP', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40555111' }), sampleEmployee({ dni: '40555222', sex: 'M', name: 'Luis Ángel' })] })
  t.equal(res.statusCode, 200)
  const entries = await zipEntries(res.rawPayload)
  t.equal(entries.length, 6)
  const codes = new Set<string>()
  for (const entry of entries) {
    const code = await printedCode(t, entry.bytes, entry.name)
    codes.add(code)
    const document = await checkWithHash(app, code)
    const dni = entry.name.includes('40555111') ? '40555111' : '40555222'
    t.match(document, {
      code,
      kind: entry.name.includes('Tratamiento de datos/') ? 'tratamiento-datos' : entry.name.includes('Anexos/') ? 'anexo' : 'contrato',
      status: 'issued',
      dni: `****${dni.slice(4)}`,
      sha256: sha256(entry.bytes)
    }, `${entry.name}: its check`)
    t.ok(Math.abs(Date.parse(document.issuedAt) - Date.now()) < 60_000, 'issued just now')
    t.equal(document.initials, dni === '40555111' ? 'R. M. Q. M.' : 'L. Á. Q. M.')
    t.notMatch(JSON.stringify(document), /Quispe|Rosa|40555111|40555222/, 'no name, no whole DNI')
  }
  t.equal(codes.size, 6, 'a code per document')
})

test('a ZIP of more documents than one hash write, its registry slow to record it: the first documents get their SHA-256 too', async (t) => {
  // a registry that takes 300 ms before it records a request: the ZIP renders on meanwhile
  const app = await build(t, {}, async (instance) => {
    const run = instance.registry.run
    instance.registry.run = async (work) => await run(async (registry) => await work(new Proxy(registry, {
      get: (target, name) => name !== 'recordIssued'
        ? (target as unknown as Record<string | symbol, (...args: unknown[]) => unknown>)[name].bind(target)
        : async (...args: Parameters<typeof target.recordIssued>) => {
          await new Promise((resolve) => setTimeout(resolve, 300))
          return await target.recordIssued(...args)
        }
    })))
  })
  const employees = Array.from({ length: 40 }, (_, index) => sampleEmployee({ dni: String(40_600_000 + index) }))
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: employees })
  t.equal(res.statusCode, 200)
  const entries = await zipEntries(res.rawPayload)
  t.equal(entries.length, 120, 'more than HASHES_PER_WRITE (100) documents')
  for (const entry of entries.slice(0, 6)) {
    const document = await checkWithHash(app, await printedCode(t, entry.bytes, entry.name))
    t.equal(document.sha256, sha256(entry.bytes), `${entry.name}: its SHA-256 recorded`)
  }
})

test('the code is read as a person types it: any case, without the dash, O for 0 and I or L for 1', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40555333' })] })
  const [contract] = await zipEntries(res.rawPayload)
  const code = await printedCode(t, contract.bytes, contract.name)
  const typed = [code.toLowerCase(), code.replace('-', ''), ` ${code.slice(0, 4)} ${code.slice(5)} `, code.replaceAll('0', 'O').replaceAll('1', 'l'), code.replaceAll('1', 'I').toLowerCase()]
  for (const variant of typed) {
    const { statusCode, body } = await check(app, variant)
    t.equal(statusCode, 200, `"${variant}"`)
    t.equal(body.data.document.code, code)
  }
  t.equal(parseVerificationCode('abcd-efgh'), 'ABCD-EFGH')
  t.equal(parseVerificationCode('OIL0-1234'), '0110-1234')
})

test('a reprint supersedes the first code; marking the reprint signed signs its codes', async (t) => {
  const app = await sharedApp()
  const employee = sampleEmployee({ dni: '40555444' })
  const first = await zipEntries((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).rawPayload)
  const firstCode = await printedCode(t, first[0].bytes, 'first contract')
  t.equal((await check(app, firstCode)).body.data.document.status, 'issued')
  const second = await zipEntries((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [{ ...employee, salary: 1600, salaryInWords: undefined }] })).rawPayload)
  const secondCodes = await Promise.all(second.map(async (entry) => await printedCode(t, entry.bytes, entry.name)))
  t.equal((await check(app, firstCode)).body.data.document.status, 'superseded', 'the reprint superseded the first')
  t.equal((await check(app, secondCodes[0])).body.data.document.status, 'issued')

  const contracts = (await app.inject({ method: 'GET', url: '/api/workers/40555444/contracts' })).json().data.contracts
  const current = contracts.find((contract: { status: string }) => contract.status === 'issued')
  t.equal((await app.inject({ method: 'POST', url: `/api/contracts/${current.id as string}/signed`, payload: { signingDate: todayInLima() } })).statusCode, 200)
  for (const code of secondCodes) t.equal((await check(app, code)).body.data.document.status, 'signed', `${code}: signed`)
  t.equal((await check(app, firstCode)).body.data.document.status, 'superseded')
})

test('an adenda ZIP prints its code on each page and records its SHA-256', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [sampleAddendum({ documentNumber: '40555555' })] })
  t.equal(res.statusCode, 200)
  const [adenda] = await zipEntries(res.rawPayload)
  const code = await printedCode(t, adenda.bytes, adenda.name)
  t.match(await checkWithHash(app, code), { code, kind: 'adenda', status: 'issued', dni: '****5555', initials: 'R. M. Q. M.', sha256: sha256(adenda.bytes) })
})

test('previews record nothing and print no code: their footer says they are previews', async (t) => {
  const app = await sharedApp()
  for (const [url, payload] of [['/api/contracts/preview', sampleEmployee()], ['/api/addendum/preview', sampleAddendum()]] as const) {
    const res = await app.inject({ method: 'POST', url, payload })
    t.equal(res.statusCode, 200)
    const pages = await pdfPages(res.rawPayload)
    t.ok(pages.every((page) => page.includes(PREVIEW_FOOTER)), `${url}: every page says "${PREVIEW_FOOTER}"`)
    t.notMatch(pages.join('\n'), /Código de verificación/)
  }
})

test('an unknown code is a 404, a malformed one a 400, both in the spec envelope', async (t) => {
  const app = await sharedApp()
  const unknown = await check(app, '0000-0000')
  t.equal(unknown.statusCode, 404)
  t.same(unknown.body, { success: false, message: VERIFICATION_MESSAGES.notFound, data: null })
  for (const bad of ['ABC', 'ABCD-EFGU', 'ABCD-EFGH-J', 'ABCD_EFGH', 'ÁBCD-EFGH', 'x'.repeat(21)]) {
    const res = await check(app, bad)
    t.equal(res.statusCode, 400, `"${bad}"`)
    t.match(res.body, { success: false, message: VALIDATION_MESSAGE.default, errors: [{ field: 'params.code', message: VERIFICATION_MESSAGES.malformed }] })
  }
})

test('AUTH_MODE=oidc: HR issues with its key, anyone checks the code without credentials', async (t) => {
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40555666' })], headers: { authorization: `Bearer ${KEYS.hr}` } })
  t.equal(res.statusCode, 200)
  const [contract] = await zipEntries(res.rawPayload)
  const code = await printedCode(t, contract.bytes, contract.name)
  const open = await check(app, code)
  t.equal(open.statusCode, 200)
  t.match(open.body.data.document, { code, kind: 'contrato', dni: '****5666' })
  t.equal((await check(app, '0000-0000')).statusCode, 404, 'an unknown code: 404, not 401')
})

test('the record failing after the first byte: the ZIP cut before its central directory, nothing recorded, counted', async (t) => {
  const app = await build(t, {}, async (instance) => {
    instance.addHook('onReady', async () => {
      const run = instance.registry.run
      instance.registry.run = async (work) => await run(async (registry) => {
        registry.recordIssued = async () => { throw new Error('disco lleno') }
        return await work(registry)
      })
    })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const employees = [sampleEmployee({ dni: '40555777' }), sampleEmployee({ dni: '40555778' })]
  const body = JSON.stringify(employees)
  const outcome = await new Promise<{ status: number, bytes: Buffer, complete: boolean }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/contracts/download-zip', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), complete: res.complete }) })
      res.on('error', () => { resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), complete: false }) })
      res.on('aborted', () => { resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), complete: false }) })
    })
    req.on('error', reject)
    req.end(body)
  })
  t.equal(outcome.status, 200, 'the headers went out before the record (the first byte does not wait for it)')
  t.equal(outcome.complete, false, 'the response is cut')
  t.ok(outcome.bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')), `documents were sent (${outcome.bytes.length} bytes)`)
  t.equal(outcome.bytes.indexOf(Buffer.from('PK\x05\x06', 'latin1')), -1, 'no end of central directory: no ZIP reader opens it whole')
  t.equal(outcome.bytes.indexOf(Buffer.from('PK\x01\x02', 'latin1')), -1, 'no central directory entry')
  for (const { dni } of employees) {
    const listed = await app.inject({ method: 'GET', url: `/api/workers/${String(dni)}/contracts` })
    t.same(listed.json().data.contracts, [], `nothing recorded for ${String(dni)}`)
  }
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.equal(Number(/^contratos_zip_unrecorded_total (\d+)/m.exec(metrics)?.[1]), 1, 'counted once')
})
