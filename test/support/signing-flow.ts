/**
 * Helpers of the signing flow's tests (docs/signing-flow.md): a fake sealing engine (appends bytes
 * to the issued PDF and returns their SHA-256: the real engine is src/signing/'s own), issuing a
 * worker's contract, inviting, reading the codes from the outbox's .eml files, the page's Origin.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { DocumentSealer, SignedDocumentKind, WorkerSignature } from '../../src/signing/types.js'

/** What the fake sealer was asked, in order. */
export interface SealCall { kind: SignedDocumentKind, issuedSha256: string, signature: WorkerSignature }

/**
 * An `extend` for build(): `app.sealer` replaced by a fake that appends a line naming the signer and the
 * evidence; `sealRecord` appends a line too and keeps the record it was given in `records`. `fail`:
 * both throw (true), or only `sealRecord` (`'record'`), or `sealRecord` its first `recordTimes` times.
 */
export function fakeSealer (calls: SealCall[] = [], fail: boolean | 'record' | { recordTimes: number } = false,
  records: Uint8Array[] = []): FastifyPluginAsync {
  return fp(async (app) => {
    const certificate = { subject: 'CN=Prueba', issuer: 'CN=Prueba', serialNumber: '01', sha256: '0'.repeat(64), demo: true }
    const sealer: DocumentSealer = {
      certificate,
      async seal (issued, kind, signature) {
        if (fail === true) throw new Error('TSA did not answer')
        calls.push({ kind, issuedSha256: createHash('sha256').update(issued).digest('hex'), signature })
        const bytes = Buffer.concat([Buffer.from(issued), Buffer.from(`\n%fake-seal ${signature.dni} ${signature.evidenceNumber}\n%%EOF\n`)])
        return { bytes: new Uint8Array(bytes), sha256: createHash('sha256').update(bytes).digest('hex'), level: 'PAdES-B-B', certificate }
      },
      async sealRecord (pdf) {
        if (typeof fail === 'object' ? fail.recordTimes-- > 0 : fail !== false) throw new Error('TSA did not answer')
        records.push(pdf)
        const bytes = Buffer.concat([Buffer.from(pdf), Buffer.from('\n%fake-record-seal\n%%EOF\n')])
        return { bytes: new Uint8Array(bytes), sha256: createHash('sha256').update(bytes).digest('hex'), level: 'PAdES-B-B', certificate }
      }
    }
    // in place of the real engine plugins/sealer.ts decorated (the flow reads app.sealer when a worker signs)
    app.sealer = sealer
  })
}

/** The Origin header of the worker's page on this app (PUBLIC_URL, else http://localhost:PORT). */
export function pageOrigin (app: FastifyInstance): Record<string, string> {
  return { origin: new URL(app.signingMail.publicUrl).origin }
}

/** Issues one worker's contract (download-zip) and returns its id. */
export async function issueContract (app: FastifyInstance, employee: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee], headers })
  if (zip.statusCode !== 200) throw new Error(`download-zip ${zip.statusCode}: ${zip.body.slice(0, 300)}`)
  const listed = await app.inject({ method: 'GET', url: `/api/workers/${String(employee.dni)}/contracts`, headers })
  const contracts = listed.json().data.contracts as Array<{ id: string, status: string, entryDate: string }>
  const found = contracts.filter((contract) => contract.status === 'issued' && contract.entryDate === employee.entryDate).at(-1)
  if (found === undefined) throw new Error('contract not recorded')
  return found.id
}

/** The .eml files of the demo outbox (TEMP_DIR/outbox with DATA_DIR=memory://), oldest first. */
export function outboxFiles (app: FastifyInstance): Array<{ name: string, text: string, mode: number }> {
  const folder = join(app.config.tempDir, 'outbox')
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  return names.map((name) => ({ name, path: join(folder, name) }))
    .map(({ name, path }) => ({ name, text: decodeMail(readFileSync(path, 'latin1')), mode: statSync(path).mode & 0o777, time: statSync(path).mtimeMs }))
    .sort((a, b) => a.time - b.time || a.name.localeCompare(b.name))
}

/** A mail's text with its Subject and its quoted-printable or base64 body decoded (enough for our plain-text mails). */
export function decodeMail (raw: string): string {
  const [encoded, ...rest] = raw.split('\r\n\r\n')
  const head = encoded.replace(/\r\n\s+/g, ' ').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
    Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'))
  let body = rest.join('\r\n\r\n')
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    body = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
  } else if (/content-transfer-encoding: base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return `${head}\r\n\r\n${body}`
}

/** The latest six-digit code mailed to the demo outbox. */
export function latestCode (app: FastifyInstance): string {
  const codes = outboxFiles(app).map((file) => /Su código es: (\d{6})/.exec(file.text)?.[1]).filter((code) => code !== undefined)
  const code = codes.at(-1)
  if (code === undefined) throw new Error('no code in the outbox')
  return code
}

/** The `__Host-firma` cookie a reply set, as a Cookie header. */
export function sessionHeader (reply: { headers: Record<string, unknown> }): Record<string, string> {
  const set = String(reply.headers['set-cookie'] ?? '')
  const value = /__Host-firma=([^;]*)/.exec(set)?.[1] ?? ''
  return { cookie: `__Host-firma=${value}` }
}
