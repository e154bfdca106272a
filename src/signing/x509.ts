/**
 * X.509 certificates (RFC 5280) as the sealing engine needs them: made (the demo certificate, and the
 * test CA's), read (subject, issuer, serial, SHA-256) and described for the registry. Signatures are
 * RSA PKCS#1 v1.5 with SHA-256 by node:crypto; pkijs and asn1js only encode and decode.
 */
import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import type { SealCertificate } from './types.js'

/** OIDs of the attribute types a certificate's name uses here (RFC 5280 §4.1.2.4; X.520). */
export const NAME_OIDS = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  title: '2.5.4.12',
  organizationIdentifier: '2.5.4.97'
} as const

const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN', '2.5.4.5': 'serialNumber', '2.5.4.6': 'C', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.12': 'title', '2.5.4.97': 'organizationIdentifier'
}

export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11'
export const RSA_ENCRYPTION = '1.2.840.113549.1.1.1'
export const SHA256 = '2.16.840.1.101.3.4.2.1'
/** id-kp-timeStamping (RFC 3161 §2.3). */
export const TIME_STAMPING = '1.3.6.1.5.5.7.3.8'

/**
 * One attribute of a name: its type (an OID of NAME_OIDS) and value; country and serial number are
 * PrintableString, the rest UTF8String.
 */
export type NameAttribute = [oid: string, value: string]

/** A Name (RFC 5280 §4.1.2.4): one RDN per attribute (pkijs alone would put them all in one multi-valued RDN). */
function name (attributes: readonly NameAttribute[]): pkijs.RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({
    value: attributes.map(([type, value]) => new asn1js.Set({
      value: [new pkijs.AttributeTypeAndValue({
        type,
        value: type === NAME_OIDS.country || type === NAME_OIDS.serialNumber
          ? new asn1js.PrintableString({ value })
          : new asn1js.Utf8String({ value })
      }).toSchema()]
    }))
  })
  return pkijs.RelativeDistinguishedNames.fromBER(new Uint8Array(sequence.toBER(false)))
}

/** What makeCertificate writes. */
export interface CertificateRequest {
  subject: readonly NameAttribute[]
  /** The subject's public key. */
  publicKey: KeyObject
  /** Who signs: its certificate (DER) and private key; absent: self-signed with `signingKey`. */
  issuer?: { certificate: Uint8Array, key: KeyObject }
  /** Self-signed: the subject's own private key. */
  signingKey?: KeyObject
  /** Positive serial number, as bytes (first byte below 0x80). */
  serial: Uint8Array
  notBefore: Date
  notAfter: Date
  /** A CA (basicConstraints cA, keyCertSign and cRLSign); else an end entity (digitalSignature, nonRepudiation). */
  ca?: boolean
  /** Extended key usages (critical), e.g. TIME_STAMPING for a TSA. */
  extendedKeyUsage?: string[]
}

/** Key usage bits as DER's BIT STRING of KeyUsage (RFC 5280 §4.2.1.3): the first byte of bits 0-7. */
function keyUsage (bits: number[]): asn1js.BitString {
  let byte = 0
  for (const bit of bits) byte |= 0x80 >> bit
  const unused = bits.length === 0 ? 0 : 7 - Math.max(...bits)
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: unused })
}

/**
 * An X.509 v3 certificate, DER, signed with SHA-256 and RSA (node:crypto).
 * @throws when neither `issuer` nor `signingKey` is given
 */
export function makeCertificate (request: CertificateRequest): Uint8Array {
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = new asn1js.Integer({ valueHex: request.serial.slice().buffer })
  const issuerCertificate = request.issuer === undefined
    ? undefined
    : pkijs.Certificate.fromBER(new Uint8Array(request.issuer.certificate))
  certificate.subject = name(request.subject)
  certificate.issuer = issuerCertificate?.subject ?? name(request.subject)
  certificate.notBefore.value = request.notBefore
  certificate.notAfter.value = request.notAfter
  const spki = request.publicKey.export({ type: 'spki', format: 'der' })
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(new Uint8Array(spki))
  const keyId = createHash('sha1').update(new Uint8Array(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)).digest()
  const extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: request.ca === true }).toSchema().toBER(false)
    }),
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      extnValue: keyUsage(request.ca === true ? [5, 6] : [0, 1]).toBER(false)
    }),
    new pkijs.Extension({ extnID: '2.5.29.14', extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(false) })
  ]
  if (issuerCertificate !== undefined) {
    const issuerKeyId = createHash('sha1').update(new Uint8Array(issuerCertificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)).digest()
    extensions.push(new pkijs.Extension({
      extnID: '2.5.29.35',
      extnValue: new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: issuerKeyId }) })
        .toSchema().toBER(false)
    }))
  }
  if (request.extendedKeyUsage !== undefined) {
    extensions.push(new pkijs.Extension({
      extnID: '2.5.29.37',
      critical: true,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: request.extendedKeyUsage }).toSchema().toBER(false)
    }))
  }
  certificate.extensions = extensions
  const algorithm = new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_WITH_RSA, algorithmParams: new asn1js.Null() })
  certificate.signature = algorithm
  certificate.signatureAlgorithm = algorithm
  const key = request.issuer?.key ?? request.signingKey
  if (key === undefined) throw new Error('makeCertificate: falta la clave que firma')
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER(false))
  certificate.signatureValue = new asn1js.BitString({ valueHex: sign('sha256', certificate.tbsView, key) })
  return new Uint8Array(certificate.toSchema(false).toBER(false))
}

/** A name as `CN=…, O=…` (RFC 4514 order reversed: as people read it). */
export function nameText (names: pkijs.RelativeDistinguishedNames): string {
  return names.typesAndValues
    .map((attribute) => `${SHORT_NAMES[attribute.type] ?? attribute.type}=${String(attribute.value.valueBlock.value)}`)
    .join(', ')
}

/** The values of the attributes of `type` in a name. */
export function nameValues (names: pkijs.RelativeDistinguishedNames, type: string): string[] {
  return names.typesAndValues
    .filter((attribute) => attribute.type === type)
    .map((attribute) => String(attribute.value.valueBlock.value))
}

/** The certificate as the registry keeps it (types.ts SealCertificate). */
export function describeCertificate (der: Uint8Array, demo: boolean): SealCertificate {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(der))
  return {
    subject: nameText(certificate.subject),
    issuer: nameText(certificate.issuer),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    sha256: createHash('sha256').update(der).digest('hex'),
    demo
  }
}

/** Whether `key` (a private key) belongs to the certificate `der`. */
export function keyMatches (der: Uint8Array, key: KeyObject): boolean {
  const spki = Buffer.from(pkijs.Certificate.fromBER(new Uint8Array(der)).subjectPublicKeyInfo.toSchema().toBER(false))
  return createPublicKey(key).export({ type: 'spki', format: 'der' }).equals(spki)
}

/** PEM text of a DER certificate. */
export function certificatePem (der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')
  return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`
}

/** Every certificate of a PEM text, DER. */
export function pemCertificates (pem: string): Uint8Array[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)]
    .map((match) => new Uint8Array(Buffer.from(match[1].replace(/\s+/g, ''), 'base64')))
}
