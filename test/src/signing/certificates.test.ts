/**
 * The signing certificate at start-up (src/signing/certificates.ts, plugins/sealer.ts): the PKCS#12
 * and its password file, the demo certificate in DATA_DIR, and each refusal that stops start-up.
 */
import tap from 'tap'
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from '../../support/helper.js'
import { issue, makeTestPki, TEST_PASSWORD, TEST_HOLDER, type TestPki } from '../../support/signing.js'
import { DEMO_SUBJECT, loadSigningIdentity, subjectRucs } from '../../../src/signing/certificates.js'
import { certificatePem, NAME_OIDS } from '../../../src/signing/x509.js'

const dir = mkdtempSync(join(tmpdir(), 'contratos-certs-'))
tap.teardown(() => rmSync(dir, { recursive: true, force: true }))
const DEMO_RUC = '20999999990'
/** test/fixtures/employer-profile.json's RUC (the profile build() uses in production). */
const PRODUCTION_RUC = '20600000005'

const pkis = new Map<string, TestPki>()
function pki (ruc: string): TestPki {
  let made = pkis.get(ruc)
  if (made === undefined) {
    const folder = join(dir, ruc)
    mkdirSync(folder)
    pkis.set(ruc, made = makeTestPki(folder, ruc))
  }
  return made
}

const CONFIG = /^Configuración inválida: /

tap.test('a PKCS#12 naming the profile\'s RUC starts, and the sealer names its holder', async (t) => {
  const app = await build(t, { SIGNING_CERT: pki(DEMO_RUC).p12, SIGNING_CERT_PASSWORD_FILE: pki(DEMO_RUC).passwordFile })
  t.equal(app.sealer.certificate.demo, false)
  t.match(app.sealer.certificate.subject, `organizationIdentifier=VATPE-${DEMO_RUC}`)
  t.match(app.sealer.certificate.subject, `CN=${TEST_HOLDER}`)
  t.match(app.sealer.certificate.issuer, 'CN=CA de pruebas contratos')
  t.match(app.sealer.certificate.sha256, /^[0-9a-f]{64}$/)
})

tap.test('a certificate naming another RUC stops start-up', async (t) => {
  await t.rejects(build(t, { SIGNING_CERT: pki(PRODUCTION_RUC).p12, SIGNING_CERT_PASSWORD_FILE: pki(PRODUCTION_RUC).passwordFile }),
    { message: new RegExp(`${CONFIG.source}SIGNING_CERT=.* nombra el RUC ${PRODUCTION_RUC}, no el del perfil del empleador \\(${DEMO_RUC}\\)`) })
})

tap.test('production starts with the employer\'s certificate and a TSA', async (t) => {
  const app = await build(t, {
    NODE_ENV: 'production', SIGNING_CERT: pki(PRODUCTION_RUC).p12, SIGNING_CERT_PASSWORD_FILE: pki(PRODUCTION_RUC).passwordFile, SIGNING_TSA_URL: 'http://127.0.0.1:9/tsa'
  })
  t.equal(app.sealer.certificate.demo, false)
})

tap.test('production refuses a certificate without SIGNING_TSA_URL, and a TSA URL that is not one', async (t) => {
  await t.rejects(build(t, { NODE_ENV: 'production', SIGNING_CERT: pki(PRODUCTION_RUC).p12, SIGNING_CERT_PASSWORD_FILE: pki(PRODUCTION_RUC).passwordFile }),
    { message: new RegExp(`${CONFIG.source}con NODE_ENV=production y SIGNING_CERT, SIGNING_TSA_URL es obligatorio`) })
  await t.rejects(build(t, { SIGNING_TSA_URL: 'ftp://tsa.example' }), { message: /SIGNING_TSA_URL=ftp:\/\/tsa.example no es una URL/ })
})

for (const [label, env] of [
  ['in production', { NODE_ENV: 'production', SIGNING_TSA_URL: 'http://127.0.0.1:9/tsa' }],
  ['with DATABASE_URL', { DATABASE_URL: 'postgres://contratos:secreto@127.0.0.1:1/contratos?connect_timeout=1' }]
] as const) {
  tap.test(`without SIGNING_CERT ${label} the demo certificate never signs: seal answers 503`, async (t) => {
    const app = await build(t, env)
    t.equal(app.sealer.enabled, false)
    t.equal(app.sealer.certificate.sha256, '', 'no certificate')
    const error = await app.sealer.seal(new Uint8Array(10), 'contrato', {
      name: 'Rosa', dni: '12345678', signedAt: new Date(), evidenceNumber: 'EV-1', printedSigningDate: '2026-01-01', evidence: {}
    }).then(() => undefined, (failure: unknown) => failure)
    t.match(error, { statusCode: 503, code: 'CONTRATOS_SIGNING_UNAVAILABLE', message: /falta el certificado de firma del empleador \(SIGNING_CERT\)/ })
  })
}

tap.test('the password file: required, and refused when others may read it', async (t) => {
  const p12 = pki(DEMO_RUC).p12
  await t.rejects(build(t, { SIGNING_CERT: p12 }), { message: /SIGNING_CERT necesita SIGNING_CERT_PASSWORD_FILE/ })
  await t.rejects(build(t, { SIGNING_CERT_PASSWORD_FILE: pki(DEMO_RUC).passwordFile }), { message: /SIGNING_CERT_PASSWORD_FILE sin SIGNING_CERT/ })
  const open = join(dir, 'open-password')
  writeFileSync(open, TEST_PASSWORD)
  chmodSync(open, 0o644)
  await t.rejects(build(t, { SIGNING_CERT: p12, SIGNING_CERT_PASSWORD_FILE: open }), { message: /SIGNING_CERT_PASSWORD_FILE=.* tiene permisos 0644/ })
  const group = join(dir, 'group-password')
  writeFileSync(group, TEST_PASSWORD)
  chmodSync(group, 0o640)
  const app = await build(t, { SIGNING_CERT: p12, SIGNING_CERT_PASSWORD_FILE: group })
  t.equal(app.sealer.certificate.demo, false, '0640 is accepted, as API_KEYS_FILE')
  const wrong = join(dir, 'wrong-password')
  writeFileSync(wrong, 'otra clave\n', { mode: 0o600 })
  await t.rejects(build(t, { SIGNING_CERT: p12, SIGNING_CERT_PASSWORD_FILE: wrong }), { message: /no es un PKCS#12 legible/ })
  await t.rejects(build(t, { SIGNING_CERT: join(dir, 'missing.p12'), SIGNING_CERT_PASSWORD_FILE: wrong }), { message: /SIGNING_CERT=.*missing.p12 no se puede leer \(ENOENT\)/ })
})

tap.test('an expired certificate stops start-up', async (t) => {
  const folder = join(dir, 'expired')
  mkdirSync(folder)
  const base = pki(DEMO_RUC)
  const expired = issue([[NAME_OIDS.organizationIdentifier, `VATPE-${DEMO_RUC}`], [NAME_OIDS.commonName, 'Vencido']], base.ca, { notAfter: new Date(Date.now() - 86_400_000) })
  writeFileSync(join(folder, 'cert.pem'), certificatePem(expired.certificate))
  writeFileSync(join(folder, 'key.pem'), expired.key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  const p12 = join(folder, 'expired.p12')
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(folder, 'key.pem'), '-in', join(folder, 'cert.pem'), '-passout', `file:${base.passwordFile}`, '-out', p12])
  await t.rejects(build(t, { SIGNING_CERT: p12, SIGNING_CERT_PASSWORD_FILE: base.passwordFile }), { message: /SIGNING_CERT=.* venció el/ })
})

tap.test('in memory (DATA_DIR=memory://) the demo certificate is made at the first use, once', async (t) => {
  const lazy = await loadSigningIdentity({ production: false, dataDir: 'memory://', ruc: DEMO_RUC })
  if (typeof lazy !== 'function') throw new Error('a LazyIdentity')
  t.equal(lazy().certificate.sha256, lazy().certificate.sha256, 'the same certificate')
  t.equal(lazy().certificate.demo, true)
})

tap.test('the demo certificate is made once in DATA_DIR, its key 0600, never naming the employer', async (t) => {
  const dataDir = join(dir, 'data')
  const settings = { production: false, dataDir, ruc: DEMO_RUC }
  const lazy = await loadSigningIdentity(settings)
  if (typeof lazy !== 'function') throw new Error('made at the first seal')
  t.notOk(existsSync(join(dataDir, 'signing')), 'nothing written before the first seal')
  const first = lazy()
  const keyFile = join(dataDir, 'signing', 'demo-key.pem')
  t.equal(statSync(keyFile).mode & 0o777, 0o600)
  t.equal(first.certificate.demo, true)
  t.equal(first.holder, DEMO_SUBJECT)
  t.same(subjectRucs(new Uint8Array(Buffer.from(readFileSync(join(dataDir, 'signing', 'demo-cert.pem'), 'utf8').split('\n').slice(1, -2).join(''), 'base64'))), [])
  const second = await loadSigningIdentity(settings)
  if (second === undefined || typeof second === 'function') throw new Error('read at start-up once made')
  t.equal(second.certificate.sha256, first.certificate.sha256, 'read again, not made again')
  chmodSync(keyFile, 0o644)
  await t.rejects(loadSigningIdentity(settings), { message: /clave del certificado de demostración .* tiene permisos 0644/ })
})
