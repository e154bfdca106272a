/**
 * The employer's signing certificate, read once at start-up (DOCUMENT-REQUIREMENTS §39; docs/signatures.md):
 * SIGNING_CERT, a PKCS#12 file (RFC 7292; PBES2 as `openssl pkcs12 -export` writes it, read with
 * pkijs) whose password is the first line of SIGNING_CERT_PASSWORD_FILE (refused when others can
 * read or write it, or its group can write it, as API_KEYS_FILE); or, without SIGNING_CERT, the demo
 * certificate: self-signed, subject "DEMOSTRACIÓN - SIN VALOR LEGAL" (never the employer's name),
 * made at its first seal, once, in DATA_DIR/signing/ (the key mode 0600, checked at each start
 * once made), or in memory for `memory://`. The demo
 * certificate is never used with DATABASE_URL or NODE_ENV=production: there, without SIGNING_CERT,
 * nothing can be signed (loadSigningIdentity answers undefined) and the service starts without
 * electronic signatures. Refusals stop start-up with one line (ConfigError): a certificate naming a
 * RUC other than the employer profile's, an expired one, a key that is not RSA of 2048 bits or more,
 * a password file without a certificate, and SIGNING_CERT without SIGNING_TSA_URL in production.
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import * as pkijs from 'pkijs'
import { SEALING_STARTUP_MESSAGES as MESSAGES } from '../../schemas/messages.js'
import type { ErrorCode } from '../errors.js'
import type { Signer } from './cms.js'
import type { SealCertificate } from './types.js'
import { certificatePem, describeCertificate, keyMatches, makeCertificate, NAME_OIDS, nameValues, pemCertificates } from './x509.js'

/**
 * A signing configuration that cannot run; its message is the single line printed at start-up, as
 * plugins/config.ts's ConfigError (same code and prefix; not imported: src/ knows nothing of plugins/).
 */
export class ConfigError extends Error {
  readonly code = 'CONTRATOS_CONFIG' satisfies ErrorCode
  constructor (message: string) {
    super(`Configuración inválida: ${message}`)
    this.name = 'ConfigError'
  }
}

/** A file mode as four octal digits, as `chmod` takes it. */
const octalMode = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0')

/** The demo certificate's subject CN (and O): says what it is, never names the employer. */
export const DEMO_SUBJECT = 'DEMOSTRACIÓN - SIN VALOR LEGAL'
/** Permission bits a password file must not have: read or write by others, write by the group (as API_KEYS_FILE). */
const PASSWORD_FILE_OPEN_BITS = 0o026
/** Years the demo certificate is valid. */
const DEMO_YEARS = 10

/** The certificate the sealer signs with, and what the documents and the registry say of it. */
export interface SigningIdentity {
  signer: Signer
  certificate: SealCertificate
  /** The holder printed in the seal's appearance: the subject's CN. */
  holder: string
}

/** What loadSigningIdentity reads from the configuration. */
export interface SigningSettings {
  SIGNING_CERT?: string
  SIGNING_CERT_PASSWORD_FILE?: string
  SIGNING_TSA_URL?: string
  DATABASE_URL?: string
  production: boolean
  /** DATA_DIR as resolved (`memory://` keeps the demo certificate in memory). */
  dataDir: string
  /** The employer profile's RUC. */
  ruc: string
}

/** Reads a secret file, refusing one others may read or change (the mode of the file read, not of the path later). */
function readSecretFile (path: string): string {
  let text: string
  let mode: number
  try {
    const fd = openSync(path, 'r')
    try {
      mode = fstatSync(fd).mode
      text = readFileSync(fd, 'utf8')
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    throw new ConfigError(MESSAGES.passwordFileUnreadable(path, (error as NodeJS.ErrnoException).code ?? 'error'))
  }
  if ((mode & PASSWORD_FILE_OPEN_BITS) !== 0) throw new ConfigError(MESSAGES.passwordFileOpen(path, octalMode(mode)))
  return text.split(/\r?\n/)[0]
}

/** RUCs a certificate's subject names: any 11-digit run starting as a RUC does (10, 15, 16, 17, 20). */
export function subjectRucs (der: Uint8Array): string[] {
  const subject = pkijs.Certificate.fromBER(new Uint8Array(der)).subject
  const values = subject.typesAndValues.map((attribute) => String(attribute.value.valueBlock.value))
  return [...new Set(values.flatMap((value) => [...value.matchAll(/(?<!\d)((?:10|15|16|17|20)\d{9})(?!\d)/g)].map((match) => match[1])))]
}

/**
 * The key and certificates of a PKCS#12 file: the private key's certificate first, the others as its chain.
 * @throws ConfigError naming the file
 */
export async function readPkcs12 (
  path: string, bytes: Uint8Array, password: string
): Promise<{ key: KeyObject, certificate: Uint8Array, chain: Uint8Array[] }> {
  const secret = new TextEncoder().encode(password).buffer
  const keys: KeyObject[] = []
  const certificates: Uint8Array[] = []
  try {
    const pfx = pkijs.PFX.fromBER(new Uint8Array(bytes))
    await pfx.parseInternalValues({ password: secret, checkIntegrity: true })
    const safe = pfx.parsedValue?.authenticatedSafe
    if (safe === undefined) throw new Error('sin AuthenticatedSafe')
    await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: secret })) })
    for (const content of safe.parsedValue.safeContents as { value: pkijs.SafeContents }[]) {
      for (const bag of content.value.safeBags) {
        const value = bag.bagValue
        if (value instanceof pkijs.PKCS8ShroudedKeyBag) {
          // protected in pkijs's types, the way its own PKCS#12 examples decrypt a key bag
          type Decryptable = { parseInternalValues: (parameters: { password: ArrayBuffer }) => Promise<void> }
          const shrouded = value as unknown as Decryptable
          await shrouded.parseInternalValues({ password: secret })
          if (value.parsedValue !== undefined) keys.push(createPrivateKey({ key: Buffer.from(value.parsedValue.toSchema().toBER(false)), format: 'der', type: 'pkcs8' }))
        } else if (value instanceof pkijs.PrivateKeyInfo) {
          keys.push(createPrivateKey({ key: Buffer.from(value.toSchema().toBER(false)), format: 'der', type: 'pkcs8' }))
        } else if (value instanceof pkijs.CertBag && value.parsedValue instanceof pkijs.Certificate) {
          certificates.push(new Uint8Array(value.parsedValue.toSchema().toBER(false)))
        }
      }
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new ConfigError(MESSAGES.certNotPkcs12(path, (error as Error).message))
  }
  const key = keys[0]
  const certificate = key === undefined ? undefined : certificates.find((der) => keyMatches(der, key))
  if (key === undefined || certificate === undefined || key.asymmetricKeyType !== 'rsa') throw new ConfigError(MESSAGES.certNoKey(path))
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new ConfigError(MESSAGES.certNotRsa2048(path))
  return { key, certificate, chain: certificates.filter((der) => der !== certificate) }
}

/**
 * The demo certificate kept in memory for `memory://` (one per process, made at the first seal: RSA key
 * generation costs 0.1-0.2 s of CPU, which every test app would otherwise pay).
 */
let memoryDemo: { key: KeyObject, certificate: Uint8Array } | undefined

function makeDemo (): { key: KeyObject, certificate: Uint8Array } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const serial = randomBytes(16)
  serial[0] &= 0x7f
  const notBefore = new Date(Date.now() - 60_000)
  const notAfter = new Date(notBefore.getTime() + DEMO_YEARS * 365 * 86_400_000)
  const certificate = makeCertificate({
    subject: [[NAME_OIDS.country, 'PE'], [NAME_OIDS.organization, DEMO_SUBJECT], [NAME_OIDS.commonName, DEMO_SUBJECT]],
    publicKey,
    signingKey: privateKey,
    serial,
    notBefore,
    notAfter
  })
  return { key: privateKey, certificate }
}

/** The demo certificate: made once in `dataDir`/signing/ (key 0600), or in memory; read again when made. */
function demoCertificate (dataDir: string): { key: KeyObject, certificate: Uint8Array } {
  if (dataDir === 'memory://') return (memoryDemo ??= makeDemo())
  const dir = join(dataDir, 'signing')
  const keyPath = join(dir, 'demo-key.pem')
  const certPath = join(dir, 'demo-cert.pem')
  if (existsSync(keyPath) && existsSync(certPath)) {
    const fd = openSync(keyPath, 'r')
    try {
      const mode = fstatSync(fd).mode
      if ((mode & 0o077) !== 0) throw new ConfigError(MESSAGES.demoKeyOpen(keyPath, octalMode(mode)))
      return { key: createPrivateKey(readFileSync(fd, 'utf8')), certificate: pemCertificates(readFileSync(certPath, 'utf8'))[0] }
    } finally {
      closeSync(fd)
    }
  }
  const demo = makeDemo()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(keyPath, demo.key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  writeFileSync(certPath, certificatePem(demo.certificate), { mode: 0o644 })
  return demo
}

/** The subject's CN, else its O: who the seal names as holder. */
function holderOf (der: Uint8Array): string {
  const subject = pkijs.Certificate.fromBER(new Uint8Array(der)).subject
  return nameValues(subject, NAME_OIDS.commonName)[0] ?? nameValues(subject, NAME_OIDS.organization)[0] ?? ''
}

/**
 * Checks SIGNING_TSA_URL's shape, and that production signs with one (docs/configuration.md).
 * @throws ConfigError
 */
export function checkTsaSetting (settings: Pick<SigningSettings, 'SIGNING_TSA_URL' | 'SIGNING_CERT' | 'production'>): void {
  const url = settings.SIGNING_TSA_URL
  if (url === undefined) {
    if (settings.production && settings.SIGNING_CERT !== undefined) throw new ConfigError(MESSAGES.tsaRequired)
    return
  }
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {}
  if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) throw new ConfigError(MESSAGES.tsaNotUrl(url))
}

/**
 * What keeps the demo certificate from signing (the demo is not for real use): `NODE_ENV=production`
 * or `DATABASE_URL`; undefined when it may sign.
 */
export function demoRefusal (settings: Pick<SigningSettings, 'production' | 'DATABASE_URL'>): string | undefined {
  if (settings.production) return 'NODE_ENV=production'
  if (settings.DATABASE_URL !== undefined) return 'DATABASE_URL'
  return undefined
}

/** The demo certificate's identity, in `dataDir` (or memory). */
function demoIdentity (dataDir: string): SigningIdentity {
  const demo = demoCertificate(dataDir)
  return {
    signer: { certificate: demo.certificate, chain: [], key: demo.key },
    certificate: describeCertificate(demo.certificate, true),
    holder: DEMO_SUBJECT
  }
}

/** An identity made when first needed: the demo certificate not made yet (in memory, or not yet in DATA_DIR). */
export type LazyIdentity = () => SigningIdentity

/**
 * The signing certificate of the configuration, checked (see the module's docstring).
 * @returns undefined when nothing may sign: no SIGNING_CERT, with DATABASE_URL or in production
 *   (demoRefusal); a LazyIdentity for the demo certificate in memory
 * @throws ConfigError, one line naming the variable
 */
export async function loadSigningIdentity (
  settings: SigningSettings
): Promise<SigningIdentity | LazyIdentity | undefined> {
  checkTsaSetting(settings)
  if (settings.SIGNING_CERT === undefined) {
    if (settings.SIGNING_CERT_PASSWORD_FILE !== undefined) throw new ConfigError(MESSAGES.passwordFileWithoutCert)
    if (demoRefusal(settings) !== undefined) return undefined
    // made at the first seal (a start that never signs writes no key); one already made is read now, its mode checked
    const made = settings.dataDir !== 'memory://' && existsSync(join(settings.dataDir, 'signing', 'demo-key.pem'))
    if (!made) return () => demoIdentity(settings.dataDir)
    return demoIdentity(settings.dataDir)
  }
  const path = settings.SIGNING_CERT
  if (settings.SIGNING_CERT_PASSWORD_FILE === undefined) throw new ConfigError(MESSAGES.passwordFileMissing)
  const password = readSecretFile(settings.SIGNING_CERT_PASSWORD_FILE)
  let bytes: Uint8Array
  try {
    bytes = readFileSync(path)
  } catch (error) {
    throw new ConfigError(MESSAGES.certUnreadable(path, (error as NodeJS.ErrnoException).code ?? 'error'))
  }
  const { key, certificate, chain } = await readPkcs12(path, bytes, password)
  const rucs = subjectRucs(certificate)
  const others = rucs.filter((ruc) => ruc !== settings.ruc)
  if (others.length > 0) throw new ConfigError(MESSAGES.otherRuc(path, others, settings.ruc))
  const notAfter = pkijs.Certificate.fromBER(new Uint8Array(certificate)).notAfter.value
  if (notAfter.getTime() < Date.now()) {
    throw new ConfigError(MESSAGES.certExpired(path, notAfter.toISOString().slice(0, 10)))
  }
  return {
    signer: { certificate, chain, key },
    certificate: describeCertificate(certificate, false),
    holder: holderOf(certificate)
  }
}
