/**
 * A test PKI for the sealing engine (src/signing/): a root CA, the employer's signing certificate
 * (a PKCS#12 file written by `openssl pkcs12 -export`, as an operator would make one, and its
 * password file 0600), a time-stamp authority's certificate, and an RFC 3161 TSA served over HTTP
 * by pkijs that can also misbehave (down, slow, another nonce, a refusal). Plus the real readers'
 * helpers: pdfsig with an NSS database trusting the test CA (certutil), and the ByteRange split.
 */
import { execFileSync } from 'node:child_process'
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { join } from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { buildSignedData, OID, type Signer } from '../../src/signing/cms.js'
import { certificatePem, makeCertificate, NAME_OIDS, TIME_STAMPING, type NameAttribute } from '../../src/signing/x509.js'

/** One certificate of the test PKI with its key. */
export interface Issued { certificate: Uint8Array, key: KeyObject }

const YEAR = 365 * 86_400_000

function serial (): Uint8Array {
  const bytes = randomBytes(12)
  bytes[0] = (bytes[0] & 0x7f) | 0x01
  return bytes
}

/** A certificate for `subject` issued by `issuer` (self-signed CA without one). */
export function issue (subject: NameAttribute[], issuer?: Issued, extra: { ca?: boolean, extendedKeyUsage?: string[], notAfter?: Date } = {}): Issued {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const now = Date.now()
  const certificate = makeCertificate({
    subject,
    publicKey,
    issuer: issuer === undefined ? undefined : { certificate: issuer.certificate, key: issuer.key },
    signingKey: issuer === undefined ? privateKey : undefined,
    serial: serial(),
    notBefore: new Date(now - 3_600_000),
    notAfter: extra.notAfter ?? new Date(now + YEAR),
    ca: extra.ca,
    extendedKeyUsage: extra.extendedKeyUsage
  })
  return { certificate, key: privateKey }
}

/** The files of a test PKI in `dir`. */
export interface TestPki {
  ca: Issued
  signer: Issued
  tsa: Issued
  /** PEM of the CA (openssl's -CAfile). */
  caPem: string
  /** The signer's PKCS#12 (with the CA in its chain) and its password file (0600). */
  p12: string
  passwordFile: string
  /** An NSS database trusting the CA (pdfsig -nssdir). */
  nssDir: string
}

export const TEST_HOLDER = 'María Ejemplo Ficticio'
export const TEST_PASSWORD = 'clave de prueba ñ'

/**
 * Makes the CA, the signer (CN TEST_HOLDER, organizationIdentifier `VATPE-<ruc>`) and the TSA in `dir`,
 * with the PKCS#12 written by openssl and an NSS database made by certutil.
 */
export function makeTestPki (dir: string, ruc: string, signerSubject?: NameAttribute[]): TestPki {
  const ca = issue([[NAME_OIDS.country, 'PE'], [NAME_OIDS.organization, 'CA de pruebas'], [NAME_OIDS.commonName, 'CA de pruebas contratos']], undefined, { ca: true })
  const signer = issue(signerSubject ?? [
    [NAME_OIDS.country, 'PE'],
    [NAME_OIDS.organization, 'ESTACIONAMIENTOS DEMO S.A.C.'],
    [NAME_OIDS.organizationIdentifier, `VATPE-${ruc}`],
    [NAME_OIDS.title, 'Gerente General'],
    [NAME_OIDS.commonName, TEST_HOLDER]
  ], ca)
  const tsa = issue([[NAME_OIDS.country, 'PE'], [NAME_OIDS.commonName, 'TSA de pruebas']], ca, { extendedKeyUsage: [TIME_STAMPING] })
  const caPem = join(dir, 'ca.pem')
  writeFileSync(caPem, certificatePem(ca.certificate))
  writeFileSync(join(dir, 'signer.pem'), certificatePem(signer.certificate))
  writeFileSync(join(dir, 'signer-key.pem'), signer.key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  const passwordFile = join(dir, 'password')
  writeFileSync(passwordFile, `${TEST_PASSWORD}\n`, { mode: 0o600 })
  const p12 = join(dir, 'signer.p12')
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(dir, 'signer-key.pem'), '-in', join(dir, 'signer.pem'),
    '-certfile', caPem, '-passout', `file:${passwordFile}`, '-out', p12])
  const nssDir = join(dir, 'nss')
  mkdirSync(nssDir, { recursive: true })
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password'])
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'ca-pruebas', '-t', 'CT,C,C', '-i', caPem])
  return { ca, signer, tsa, caPem, p12, passwordFile, nssDir }
}

/** How the test TSA answers (`big-token`: a token carrying its CA certificate 16 times, about 14 KB). */
export type TsaBehaviour = 'ok' | 'slow' | 'other-nonce' | 'other-imprint' | 'refuse' | 'http-500' | 'big-token'

/** A running test TSA: its URL, the requests it got, and how to change its behaviour or close it (once; again is a no-op). */
export interface TestTsa {
  url: string
  requests: number
  behaviour: TsaBehaviour
  close: () => Promise<void>
}

/** The TimeStampResp for a request, as a TSA behaving as `behaviour` would send it. */
function reply (request: Uint8Array, tsa: Issued, chain: Uint8Array[], behaviour: TsaBehaviour): Uint8Array {
  const query = pkijs.TimeStampReq.fromBER(request)
  if (behaviour === 'refuse') {
    return new Uint8Array(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.rejection }) }).toSchema().toBER(false))
  }
  const imprint = behaviour === 'other-imprint'
    ? new pkijs.MessageImprint({ hashAlgorithm: query.messageImprint.hashAlgorithm, hashedMessage: new asn1js.OctetString({ valueHex: randomBytes(32) }) })
    : query.messageImprint
  const nonce = behaviour === 'other-nonce' ? new asn1js.Integer({ value: 42 }) : query.nonce
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: '1.3.6.1.4.1.55555.1.1',
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ valueHex: serial() }),
    genTime: new Date(),
    ...(nonce === undefined ? {} : { nonce })
  })
  const der = new Uint8Array(info.toSchema().toBER(false))
  const signer: Signer = { certificate: tsa.certificate, chain, key: tsa.key }
  const token = buildSignedData({ contentType: OID.tstInfo, digest: createHash('sha256').update(der).digest(), encapsulated: der }, signer).encode()
  return new Uint8Array(new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: pkijs.ContentInfo.fromBER(token)
  }).toSchema().toBER(false))
}

/** Starts the test TSA on a loopback port (RFC 3161 over HTTP, §3.4). */
export async function startTestTsa (pki: TestPki, behaviour: TsaBehaviour = 'ok'): Promise<TestTsa> {
  const state: TestTsa = { url: '', requests: 0, behaviour, close: async () => {} }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      state.requests++
      if (state.behaviour === 'http-500') {
        res.writeHead(500).end()
        return
      }
      const answer = () => {
        const chain = state.behaviour === 'big-token' ? Array.from({ length: 16 }, () => pki.ca.certificate) : [pki.ca.certificate]
        const body = reply(Buffer.concat(chunks), pki.tsa, chain, state.behaviour)
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body)
      }
      if (state.behaviour === 'slow') setTimeout(answer, 2000).unref()
      else answer()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/tsa`
  let closed = false
  state.close = async () => {
    if (closed) return
    closed = true
    server.closeAllConnections()
    server.close()
    await once(server, 'close')
  }
  return state
}

/** The two signed pieces of a signed PDF (its /ByteRange) and the CMS in /Contents, DER. */
export function signatureParts (pdf: Uint8Array): { signedBytes: Buffer, cms: Buffer, byteRange: number[] } {
  const text = Buffer.from(pdf).toString('latin1')
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)]
  const last = matches.at(-1)
  if (last === undefined) throw new Error('sin /ByteRange')
  const byteRange = last.slice(1, 5).map(Number)
  const [start, length, second, secondLength] = byteRange
  const bytes = Buffer.from(pdf)
  const signedBytes = Buffer.concat([bytes.subarray(start, start + length), bytes.subarray(second, second + secondLength)])
  const hex = bytes.subarray(start + length + 1, second - 1).toString('latin1')
  const cms = Buffer.from(hex, 'hex')
  // the DER's own length: the rest of /Contents is zero padding
  const parsed = asn1js.fromBER(new Uint8Array(cms).buffer)
  return { signedBytes, cms: cms.subarray(0, parsed.offset), byteRange }
}

/** `pdfsig` of a PDF with the test CA trusted (its NSS database); stdout, whatever the exit code. */
export function pdfsig (file: string, nssDir: string): string {
  try {
    return execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], { encoding: 'utf8' })
  } catch (error) {
    const failed = error as { stdout?: string, stderr?: string }
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`
  }
}
