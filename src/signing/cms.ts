/**
 * CMS SignedData (RFC 5652) as PAdES baseline signatures need it (ETSI EN 319 142-1 §5.2; ETSI EN
 * 319 122-1 for CAdES): SHA-256, RSA PKCS#1 v1.5 by node:crypto, signed attributes content-type,
 * message-digest and signing-certificate-v2 (ESS, RFC 5035: the signer's certificate hash and
 * issuer/serial) and never signing-time (PAdES puts the time in the signature dictionary's /M, and
 * B-T in a time-stamp token). The same builder makes an RFC 3161 token's SignedData (with
 * encapsulated TSTInfo) for the test TSA.
 */
import { createHash, sign, type KeyObject } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
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

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest()
}

const algorithm = (id: string) => new pkijs.AlgorithmIdentifier({ algorithmId: id, algorithmParams: new asn1js.Null() })

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } with one ESSCertIDv2 {
 * certHash (SHA-256, the default algorithm, so omitted), issuerSerial { issuer GeneralNames
 * (directoryName), serialNumber } } (RFC 5035 §3).
 */
function signingCertificateV2 (certificateDer: Uint8Array): asn1js.Sequence {
  const certificate = pkijs.Certificate.fromBER(certificateDer)
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        // GeneralName directoryName: [4] EXPLICIT Name
        value: [new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()]
        })]
      }),
      new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView.slice().buffer })
    ]
  })
  const certHash = new asn1js.OctetString({ valueHex: sha256(certificateDer) })
  const essCertId = new asn1js.Sequence({ value: [certHash, issuerSerial] })
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] })
}

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
  const certificate = pkijs.Certificate.fromBER(signer.certificate)
  const attributes = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({
        type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: content.contentType })]
      }),
      new pkijs.Attribute({
        type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: content.digest.slice().buffer })]
      }),
      new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(signer.certificate)] })
    ]
  })
  // signed over the attributes' DER with the SET tag (RFC 5652 §5.4), sent with the [0] IMPLICIT tag
  const encoded = new Uint8Array(attributes.toSchema().toBER(false))
  attributes.encodedValue = encoded.slice().buffer
  const toSign = encoded.slice()
  toSign[0] = 0x31
  const signatureValue = new Uint8Array(sign('sha256', toSign, signer.key))
  return {
    signatureValue,
    encode: (timeStampToken) => {
      const signerInfo = new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
        signedAttrs: attributes,
        signatureAlgorithm: algorithm(RSA_ENCRYPTION),
        signature: new asn1js.OctetString({ valueHex: signatureValue.slice().buffer })
      })
      if (timeStampToken !== undefined) {
        const token = asn1js.fromBER(timeStampToken.slice().buffer)
        signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
          type: 1,
          attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token.result] })]
        })
      }
      const signedData = new pkijs.SignedData({
        version: 1,
        digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 })],
        encapContentInfo: new pkijs.EncapsulatedContentInfo({
          eContentType: content.contentType,
          ...(content.encapsulated === undefined
            ? {}
            : { eContent: new asn1js.OctetString({ valueHex: content.encapsulated.slice().buffer }) })
        }),
        certificates: [signer.certificate, ...signer.chain].map((der) => pkijs.Certificate.fromBER(der)),
        signerInfos: [signerInfo]
      })
      if (content.contentType !== OID.data) signedData.version = 3 // RFC 5652 §5.1: another eContentType
      const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) })
      return new Uint8Array(info.toSchema().toBER(false))
    }
  }
}
