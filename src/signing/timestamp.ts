/**
 * RFC 3161 time-stamp client (PAdES B-T, ETSI EN 319 142-1 §5.3): asks SIGNING_TSA_URL for a token
 * over a signature value (SHA-256, a fresh 64-bit nonce, certReq) by HTTP POST
 * (`application/timestamp-query`, RFC 3161 §3.4), and accepts the reply only when its status is
 * granted (or granted with modifications), and its TSTInfo's messageImprint and nonce are the
 * request's. Anything else (no answer within the timeout, an HTTP error, a refusal, a mismatch) is a
 * TimestampUnavailableError: a 503 with Retry-After, nothing sealed. The request and the reply are
 * written and read as DER directly (src/signing/der.ts), on node:http(s).
 */
import { createHash, randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import * as pkijs from 'pkijs'
import { AppError } from '../errors.js'
import { SEALING_MESSAGES } from '../../schemas/messages.js'
import { SHA256 } from './x509.js'
import { OID } from './cms.js'
import { children, content, encoding, oid, read, TAG, tlv, type Node } from './der.js'

/** Seconds a client is told to wait after the TSA failed (Retry-After). */
const RETRY_AFTER_SECONDS = 30
/** Largest reply read from a TSA, bytes (a token with its certificates is a few KB). */
const MAX_REPLY_BYTES = 1 << 20

/** 503: the time-stamp authority (SIGNING_TSA_URL) did not give a valid token in time; nothing was sealed. */
export class TimestampUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  /** What went wrong, for the log (never the answer's body). */
  readonly detail: string
  constructor (detail: string) {
    super(503, SEALING_MESSAGES.tsaUnavailable, { code: 'CONTRATOS_TSA_UNAVAILABLE' })
    this.detail = detail
  }
}

/** A time-stamp authority: its URL and how long one request may take (ms). */
export interface TimestampAuthority {
  url: string
  timeoutMs: number
}

/** The TSTInfo of a token (ContentInfo DER), parsed by pkijs (tests). @throws when the token holds no TSTInfo */
export function tokenInfo (token: Uint8Array): pkijs.TSTInfo {
  return pkijs.TSTInfo.fromBER(new Uint8Array(tstInfoBytes(token)))
}

/** The DER TSTInfo inside a token: ContentInfo → SignedData → encapContentInfo → eContent. */
function tstInfoBytes (token: Uint8Array): Uint8Array {
  const [type, explicit] = children(read(token))
  if (!Buffer.from(encoding(type)).equals(oid(OID.signedData))) throw new Error('el token no es SignedData')
  const signedData = children(children(explicit)[0])
  const [contentType, eContent] = children(signedData[2])
  if (!Buffer.from(encoding(contentType)).equals(oid(OID.tstInfo)) || eContent === undefined) throw new Error('el token no contiene TSTInfo')
  return content(children(eContent)[0])
}

/** POSTs `body` to `url`; the reply's status and bytes. Aborted past `timeoutMs`. */
async function post (url: URL, body: Uint8Array, timeoutMs: number): Promise<{ status: number, body: Buffer }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return await new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply', 'content-length': body.length },
      signal: AbortSignal.timeout(timeoutMs)
    }, (res) => {
      const chunks: Buffer[] = []
      let length = 0
      res.on('data', (chunk: Buffer) => {
        length += chunk.length
        if (length > MAX_REPLY_BYTES) req.destroy(new Error('respuesta demasiado grande'))
        else chunks.push(chunk)
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A TimeStampResp's token and its TSTInfo's imprint (algorithm OID and hash) and nonce. */
interface Reply { token: Uint8Array, algorithm: Uint8Array, imprint: Uint8Array, nonce?: Uint8Array }

/** @throws Error when the reply is not granted or not readable */
function readReply (reply: Uint8Array): Reply {
  const [status, tokenNode] = children(read(reply))
  const value = content(children(status)[0])
  if (value.length !== 1 || value[0] > 1) throw new Error(`estado ${value.length === 1 ? value[0] : '?'}`)
  if (tokenNode === undefined) throw new Error('respuesta sin token')
  const token = encoding(tokenNode)
  const info = children(read(tstInfoBytes(token)))
  const [algorithm, hashed] = children(info[2])
  // after serialNumber and genTime: accuracy (SEQUENCE), ordering (BOOLEAN), nonce (INTEGER), tsa [0], extensions [1]
  const nonce = info.slice(5).find((node: Node) => node.tag === TAG.integer)
  return {
    token,
    algorithm: encoding(children(algorithm)[0]),
    imprint: content(hashed),
    nonce: nonce === undefined ? undefined : content(nonce)
  }
}

/**
 * A time-stamp token over `data` (its SHA-256 goes in the request).
 * @returns the token, a ContentInfo (DER), ready to be the id-aa-signatureTimeStampToken attribute
 * @throws TimestampUnavailableError
 */
export async function requestTimestamp (authority: TimestampAuthority, data: Uint8Array): Promise<Uint8Array> {
  const digest = createHash('sha256').update(data).digest()
  const nonce = randomBytes(8)
  nonce[0] = (nonce[0] & 0x7f) | 0x01 // positive and without a leading zero byte: compared as sent
  const query = tlv(TAG.sequence,
    tlv(TAG.integer, Buffer.from([1])),
    tlv(TAG.sequence, tlv(TAG.sequence, oid(SHA256)), tlv(TAG.octetString, digest)),
    tlv(TAG.integer, nonce),
    tlv(TAG.boolean, Buffer.from([0xff])))
  let reply: Buffer
  try {
    const response = await post(new URL(authority.url), query, authority.timeoutMs)
    if (response.status !== 200) throw new TimestampUnavailableError(`HTTP ${response.status}`)
    reply = response.body
  } catch (error) {
    if (error instanceof TimestampUnavailableError) throw error
    const name = (error as Error).name
    throw new TimestampUnavailableError(name === 'TimeoutError' || name === 'AbortError' ? `sin respuesta en ${authority.timeoutMs} ms` : (error as Error).message)
  }
  let parsed: Reply
  try {
    parsed = readReply(reply)
  } catch (error) {
    throw new TimestampUnavailableError(`respuesta inválida: ${(error as Error).message}`)
  }
  if (!Buffer.from(parsed.algorithm).equals(oid(SHA256)) || !Buffer.from(parsed.imprint).equals(digest)) {
    throw new TimestampUnavailableError('el messageImprint no es el pedido')
  }
  if (parsed.nonce === undefined || !Buffer.from(parsed.nonce).equals(nonce)) throw new TimestampUnavailableError('el nonce no es el pedido')
  return parsed.token
}
