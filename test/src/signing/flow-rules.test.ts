/**
 * The signing flow's plain rules (src/signing/flow/rules.ts, evidence.ts; DOCUMENT-REQUIREMENTS §39):
 * the expiry in Lima, who may be invited, the address's checks and masking, the flag on a recent
 * change, the typed birth date, the secrets, and the evidence chain's hashes (any change breaks them).
 */
import { test } from 'tap'
import {
  addressRecentlyChanged, employerDomains, invitationExpiry, limaEndOfDay, maskEmail, newCode, newSecret, sameHash, sha256Hex, typedBirthDate
} from '../../../src/signing/flow/rules.js'
import { canonicalJson, chainHash } from '../../../src/registry/evidence-chain.js'
import { notInvitable } from '../../../src/registry/contract-rules.js'

test('expiry: the earlier of the days given and 23:59 Lima of the start (an adenda: the day before it)', async (t) => {
  const now = new Date('2026-12-02T18:00:00Z')
  t.equal(invitationExpiry(now, 'contract', '04/12/2026', 7).toISOString(), '2026-12-05T04:59:00.000Z')
  t.equal(invitationExpiry(now, 'addendum', '04/12/2026', 7).toISOString(), '2026-12-04T04:59:00.000Z')
  t.equal(invitationExpiry(now, 'contract', '31/12/2026', 7).toISOString(), '2026-12-09T18:00:00.000Z')
  t.equal(limaEndOfDay('01/01/2027').toISOString(), '2027-01-02T04:59:00.000Z')
})

test('who may be invited: issued only; a contract until its start day; an adenda before it starts', async (t) => {
  t.equal(notInvitable({ kind: 'contract', status: 'signed', entryDate: '10/12/2026' }, '02/12/2026'), 'status')
  t.equal(notInvitable({ kind: 'contract', status: 'issued', entryDate: '02/12/2026' }, '02/12/2026'), undefined)
  t.equal(notInvitable({ kind: 'contract', status: 'issued', entryDate: '01/12/2026' }, '02/12/2026'), 'started')
  t.equal(notInvitable({ kind: 'addendum', status: 'issued', entryDate: '02/12/2026' }, '02/12/2026'), 'contractEnded')
  t.equal(notInvitable({ kind: 'addendum', status: 'issued', entryDate: '03/12/2026' }, '02/12/2026'), undefined)
})

test('addresses: the employer\'s domains, masking, a recent change or one made by the sender', async (t) => {
  t.same([...employerDomains('RR. HH. <rrhh@Empresa.pe>', { emailDomains: ['grupo.pe'], dataProtection: { arcoEmail: 'datos@empresa.com.pe' } })].sort(),
    ['empresa.com.pe', 'empresa.pe', 'grupo.pe'])
  t.equal(maskEmail('ana.quispe@correo.pe'), 'a*********@c*****.pe')
  t.equal(maskEmail('a@b.pe'), 'a*@b*.pe')
  const now = new Date('2026-12-02T18:00:00Z')
  const day = 86_400_000
  const upload = { setBy: 'hr-1', setAt: new Date(now.getTime() - 30 * day) }
  t.equal(addressRecentlyChanged([upload], 'hr-2', now), false, 'the first address, set by someone else')
  t.equal(addressRecentlyChanged([upload], 'hr-1', now), true, 'set by the sender')
  t.equal(addressRecentlyChanged([upload, { setBy: 'hr-3', setAt: new Date(now.getTime() - 6 * day) }], 'hr-2', now), true, 'changed 6 days ago')
  t.equal(addressRecentlyChanged([upload, { setBy: 'hr-3', setAt: new Date(now.getTime() - 8 * day) }], 'hr-2', now), false, 'changed 8 days ago')
  t.equal(addressRecentlyChanged([{ setBy: null, setAt: now }], undefined, now), false, 'unknown subjects never match')
  t.equal(addressRecentlyChanged([], 'hr-1', now), false)
})

test('typed birth dates, secrets and codes', async (t) => {
  t.equal(typedBirthDate('5/3/1990'), '05/03/1990')
  t.equal(typedBirthDate(' 1990-03-05 '), '05/03/1990')
  t.equal(typedBirthDate('05.03.1990'), '05/03/1990')
  t.equal(typedBirthDate('marzo'), undefined)
  const secret = newSecret()
  t.match(secret, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url')
  t.not(newSecret(), secret)
  t.match(newCode(), /^\d{6}$/)
  t.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  t.ok(sameHash(sha256Hex('a'), sha256Hex('a')))
  t.notOk(sameHash(sha256Hex('a'), sha256Hex('b')))
  t.notOk(sameHash('', ''))
})

test('the evidence chain: canonical JSON; any change of an event, or of the order, breaks the hashes after it', async (t) => {
  t.equal(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined }), '{"a":[{"c":null,"d":2}],"b":1}')
  const events = [
    { contractId: 'c', invitationId: 'i', what: 'invited', details: { by: 'hr' }, at: '2026-12-02T18:00:00.000Z' },
    { contractId: 'c', invitationId: 'i', what: 'signed', details: { ip: '10.0.0.1' }, at: '2026-12-02T18:05:00.000Z' }
  ]
  const first = chainHash(events[0], null)
  const second = chainHash(events[1], first)
  t.equal(chainHash({ ...events[0], details: { by: 'hr' } }, null), first, 'the same event, the same hash')
  t.not(chainHash({ ...events[0], details: { by: 'otro' } }, null), first, 'a changed detail')
  t.not(chainHash(events[1], chainHash({ ...events[0], at: '2026-12-02T18:00:00.001Z' }, null)), second, 'a change before it breaks the next')
  t.not(chainHash(events[1], null), second, 'a removed event breaks the link')
})
