/**
 * RFC 3161 time-stamp client (PAdES B-T, ETSI EN 319 142-1 §5.3): asks SIGNING_TSA_URL for a token
 * over a signature value (SHA-256, a fresh 64-bit nonce, certReq) by HTTP POST
 * (`application/timestamp-query`, RFC 3161 §3.4), and accepts the reply only when its status is
 * granted (or granted with modifications), and its TSTInfo's messageImprint and nonce are the
 * request's. Anything else (no answer within the timeout, an HTTP error, a refusal, a mismatch) is a
 * TimestampUnavailableError: a 503 with Retry-After, nothing sealed.
 */
import { createHash, randomBytes } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { AppError } from '../errors.js'
import { SEALING_MESSAGES } from '../../schemas/messages.js'
import { SHA256 } from './x509.js'
import { OID } from './cms.js'

/** Seconds a client is told to wait after the TSA failed (Retry-After). */
const RETRY_AFTER_SECONDS = 30

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

/** The TSTInfo of a token (ContentInfo DER). @throws when the token is not a SignedData holding a TSTInfo */
export function tokenInfo (token: Uint8Array): pkijs.TSTInfo {
  const info = pkijs.ContentInfo.fromBER(token)
  if (info.contentType !== OID.signedData) throw new Error('el token no es SignedData')
  const signedData = new pkijs.SignedData({ schema: info.content })
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || signedData.encapContentInfo.eContent === undefined) {
    throw new Error('el token no contiene TSTInfo')
  }
  return pkijs.TSTInfo.fromBER(signedData.encapContentInfo.eContent.getValue())
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
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest })
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true
  })
  let reply: Uint8Array
  try {
    const response = await fetch(authority.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(request.toSchema().toBER(false)),
      signal: AbortSignal.timeout(authority.timeoutMs)
    })
    if (!response.ok) throw new TimestampUnavailableError(`HTTP ${response.status}`)
    reply = new Uint8Array(await response.arrayBuffer())
  } catch (error) {
    if (error instanceof TimestampUnavailableError) throw error
    throw new TimestampUnavailableError((error as Error).name === 'TimeoutError' ? `sin respuesta en ${authority.timeoutMs} ms` : (error as Error).message)
  }
  let token: Uint8Array
  let info: pkijs.TSTInfo
  try {
    const response = pkijs.TimeStampResp.fromBER(reply)
    const status = response.status.status
    if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) throw new Error(`estado ${status}`)
    if (response.timeStampToken === undefined) throw new Error('respuesta sin token')
    token = new Uint8Array(response.timeStampToken.toSchema().toBER(false))
    info = tokenInfo(token)
  } catch (error) {
    throw new TimestampUnavailableError(`respuesta inválida: ${(error as Error).message}`)
  }
  const imprint = info.messageImprint
  const imprinted = Buffer.from(imprint.hashedMessage.valueBlock.valueHexView)
  if (imprint.hashAlgorithm.algorithmId !== SHA256 || !imprinted.equals(digest)) {
    throw new TimestampUnavailableError('el messageImprint no es el pedido')
  }
  if (info.nonce === undefined || !Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce)) {
    throw new TimestampUnavailableError('el nonce no es el pedido')
  }
  return token
}
