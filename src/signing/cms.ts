/**
 * CMS SignedData (RFC 5652) as PAdES baseline signatures need it (ETSI EN 319 142-1 §5.2; ETSI EN
 * 319 122-1 for CAdES): SHA-256, RSA PKCS#1 v1.5 by node:crypto, signed attributes content-type,
 * message-digest and signing-certificate-v2 (ESS, RFC 5035: the signer's certificate hash and
 * issuer/serial) and never signing-time (PAdES puts the time in the signature dictionary's /M, and
 * B-T in a time-stamp token). The same builder makes an RFC 3161 token's SignedData (with
 * encapsulated TSTInfo) for the test TSA. Written as DER directly (src/signing/der.ts); what depends
 * only on the signer (its certificates, issuer and serial, the signing-certificate-v2 value) is
 * encoded once per signer.
 */
import { createHash, sign, type KeyObject } from 'node:crypto'
import * as pkijs from 'pkijs'
import { integer, oid, TAG, tlv } from './der.js'
import { RSA_ENCRYPTION, SHA256 } from './x509.js'

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4'
} as const

/** The signer: its certificate (DER), the chain sent with it (DER, without the signer's) and its private key. */
export interface Signer {
  certificate: Uint8Array
  chain: readonly Uint8Array[]
  key: KeyObject
}

/** What depends only on the signer, encoded once. */
interface SignerParts {
  /** IssuerAndSerialNumber (RFC 5652 §10.2.4). */
  issuerAndSerial: Buffer
  /** The signing-certificate-v2 attribute, whole. */
  signingCertificate: Buffer
  /** certificates [0] IMPLICIT CertificateSet: the signer's, then its chain. */
  certificates: Buffer
}

const parts = new WeakMap<Signer, SignerParts>()

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } with one ESSCertIDv2 {
 * certHash (SHA-256, the default algorithm, so omitted), issuerSerial { issuer GeneralNames
 * (directoryName [4]), serialNumber } } (RFC 5035 §3).
 */
function signerParts (signer: Signer): SignerParts {
  let cached = parts.get(signer)
  if (cached !== undefined) return cached
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(signer.certificate))
  const issuer = Buffer.from(certificate.issuer.toSchema().toBER(false))
  const serial = Buffer.from(certificate.serialNumber.toBER(false))
  const certHash = createHash('sha256').update(signer.certificate).digest()
  const issuerSerial = tlv(TAG.sequence, tlv(TAG.sequence, tlv(0xa4, issuer)), serial)
  const value = tlv(TAG.sequence, tlv(TAG.sequence, tlv(TAG.sequence, tlv(TAG.octetString, certHash), issuerSerial)))
  cached = {
    issuerAndSerial: tlv(TAG.sequence, issuer, serial),
    signingCertificate: attribute(OID.signingCertificateV2, value),
    certificates: tlv(0xa0, signer.certificate, ...signer.chain)
  }
  parts.set(signer, cached)
  return cached
}

/** Attribute ::= SEQUENCE { attrType, attrValues SET OF } with one value. */
function attribute (type: string, value: Uint8Array): Buffer {
  return tlv(TAG.sequence, oid(type), tlv(TAG.set, value))
}

/** AlgorithmIdentifier: SHA-256 without parameters (RFC 5754 §2), rsaEncryption with NULL (RFC 3370 §3.2). */
const SHA256_ALGORITHM = tlv(TAG.sequence, oid(SHA256))
const RSA_ALGORITHM = tlv(TAG.sequence, oid(RSA_ENCRYPTION), tlv(TAG.null))

/** What buildSignedData signs. */
export interface SignedContent {
  /** The content's type: id-data for a detached PDF signature, id-ct-TSTInfo for a time-stamp token. */
  contentType: string
  /** SHA-256 of the content (the ByteRange's bytes, or the TSTInfo's DER). */
  digest: Uint8Array
  /** The content itself when it is encapsulated (a TSTInfo); absent: detached. */
  encapsulated?: Uint8Array
}

/**
 * A SignedData before it is serialised: the signature value (for the time-stamp request) and a way
 * to add unsigned attributes.
 */
export interface SignedDataDraft {
  /** The signerInfo's signature value (RSA, 256 bytes for RSA-2048). */
  signatureValue: Uint8Array
  /**
   * The ContentInfo, DER.
   * @param timeStampToken a time-stamp token (ContentInfo DER) to add as id-aa-signatureTimeStampToken
   */
  encode: (timeStampToken?: Uint8Array) => Uint8Array
}

/** Signs `content` for `signer` (node:crypto RSA-SHA256 over the DER SET of signed attributes, RFC 5652 §5.4). */
export function buildSignedData (content: SignedContent, signer: Signer): SignedDataDraft {
  const { issuerAndSerial, signingCertificate, certificates } = signerParts(signer)
  // SET OF in DER: its elements sorted by their encodings (X.690 §11.6)
  const attributes = [
    attribute(OID.contentType, oid(content.contentType)),
    attribute(OID.messageDigest, tlv(TAG.octetString, content.digest)),
    signingCertificate
  ].sort(Buffer.compare)
  // signed over the attributes' DER with the SET tag (RFC 5652 §5.4), sent with the [0] IMPLICIT tag
  const signatureValue = new Uint8Array(sign('sha256', tlv(TAG.set, ...attributes), signer.key))
  return {
    signatureValue,
    encode: (timeStampToken) => {
      const signerInfo = tlv(TAG.sequence,
        integer(1), issuerAndSerial, SHA256_ALGORITHM, tlv(0xa0, ...attributes), RSA_ALGORITHM,
        tlv(TAG.octetString, signatureValue),
        ...(timeStampToken === undefined ? [] : [tlv(0xa1, attribute(OID.signatureTimeStampToken, timeStampToken))]))
      const encapsulated = tlv(TAG.sequence, oid(content.contentType),
        ...(content.encapsulated === undefined ? [] : [tlv(0xa0, tlv(TAG.octetString, content.encapsulated))]))
      // RFC 5652 §5.1: version 3 when the content is not id-data
      const version = integer(content.contentType === OID.data ? 1 : 3)
      const signedData = tlv(TAG.sequence,
        version, tlv(TAG.set, SHA256_ALGORITHM), encapsulated, certificates, tlv(TAG.set, signerInfo))
      return new Uint8Array(tlv(TAG.sequence, oid(OID.signedData), tlv(0xa0, signedData)))
    }
  }
}
