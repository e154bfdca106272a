/**
 * The registry's rules on recorded contracts, without a database (src/registry/contract-rules.ts;
 * docs/registry.md): overlap with a signed contract, the corrected reprint that supersedes an issued
 * one, the linking of an adenda to the contract whose end it follows, the longest end of an adenda
 * (modality maximum and LPCL art. 74), and marking a contract signed. Every expected date is worked
 * out by hand from the calendar.
 */
import { test } from 'tap'
import {
  contractExtendedBy, extendableByWorker, longestEnd, bindingOverlap, bindingTerm, planIssue, signingHistoryNeed, signingOutcome, supersededBy, termsOverlap,
  type IssuingTerm, type LiveTerm
} from '../../../src/registry/contract-rules.js'

/** A recorded term of worker 12345678 (a contract, issued, recorded at `issuedAt` ms) unless told otherwise. */
function recorded (id: string, entryDate: string, endDate: string, fields: Partial<LiveTerm> = {}): LiveTerm {
  return {
    id, dni: '12345678', kind: 'contract', contractId: null, causeId: null, entryDate, endDate, status: 'issued', endedOn: null, issuedAt: 1000, ...fields
  }
}

/** A day before every term these tests record starts: no issued term has started (bindingTerm). */
const BEFORE = '01/12/2024'

/** A contract of worker 12345678 about to be recorded, unless told otherwise. */
function issuing (entryDate: string, endDate: string, fields: Partial<IssuingTerm> = {}): IssuingTerm {
  return { kind: 'contract', worker: { dni: '12345678' }, entryDate, endDate, ...fields }
}

/** Ids `new-1`, `new-2`… in order. */
function ids (): () => string {
  let next = 0
  return () => `new-${++next}`
}

test('two terms overlap when they share a day, both ends included', async (t) => {
  const first = { entryDate: '01/01/2026', endDate: '30/06/2026' }
  t.equal(termsOverlap(first, { entryDate: '30/06/2026', endDate: '31/12/2026' }), true, 'starting on the other\'s last day')
  t.equal(termsOverlap({ entryDate: '30/06/2026', endDate: '31/12/2026' }, first), true, 'either way round')
  t.equal(termsOverlap({ entryDate: '01/01/2026', endDate: '01/01/2026' }, first), true, 'one day, the other\'s first')
  t.equal(termsOverlap(first, { entryDate: '01/07/2026', endDate: '31/12/2026' }), false, 'starting the day after')
  t.equal(termsOverlap({ entryDate: '01/07/2026', endDate: '31/12/2026' }, first), false, 'either way round')
  t.equal(termsOverlap(first, { entryDate: '01/02/2026', endDate: '28/02/2026' }), true, 'one inside the other')
  t.equal(termsOverlap(first, { entryDate: '01/12/2025', endDate: '31/12/2025' }), false, 'ending the day before')
  t.equal(termsOverlap({ entryDate: '15/12/2025', endDate: '10/01/2026' }, first), true, 'across a year\'s end (not a text comparison)')
})

test('the signed term in the way is the earliest starting signed one of the same worker and kind', async (t) => {
  const terms = [
    recorded('late', '01/05/2026', '31/12/2026', { status: 'signed' }),
    recorded('early', '01/01/2026', '30/04/2026', { status: 'signed' }),
    recorded('issued', '01/01/2026', '31/12/2026'),
    recorded('addendum', '01/01/2026', '31/12/2026', { kind: 'addendum', status: 'signed' }),
    recorded('other', '01/01/2026', '31/12/2026', { dni: '87654321', status: 'signed' })
  ]
  t.equal(bindingOverlap(terms, issuing('01/03/2026', '31/08/2026'), BEFORE)?.id, 'early')
  t.equal(bindingOverlap(terms, issuing('01/06/2026', '31/08/2026'), BEFORE)?.id, 'late')
  t.equal(bindingOverlap(terms, issuing('01/01/2027', '31/03/2027'), BEFORE), undefined, 'after every signed term')
  t.equal(bindingOverlap(terms, issuing('01/06/2026', '31/08/2026', { worker: { dni: '11112222' } }), BEFORE), undefined, 'another worker')
  t.equal(bindingOverlap(terms, issuing('01/03/2026', '31/03/2026'), BEFORE, 'early'), undefined, 'the term itself (marking it signed) is not in its own way')
  t.equal(bindingOverlap(terms, issuing('01/03/2026', '31/03/2026', { kind: 'addendum' }), BEFORE)?.id, 'addendum', 'an adenda meets signed adendas only')
})

test('what binds on a day: signed; issued once started; ended up to its end; never withdrawn or superseded (§39)', async (t) => {
  const issued = recorded('i', '01/03/2026', '31/08/2026')
  t.equal(bindingTerm(issued, '28/02/2026'), undefined, 'issued, the day before its start')
  t.equal(bindingTerm(issued, '01/03/2026'), issued, 'issued, on its start: a contract worked binds')
  t.same(bindingTerm({ ...issued, status: 'ended', endedOn: '15/04/2026' }, '01/05/2026'), { ...issued, status: 'ended', endedOn: '15/04/2026', endDate: '15/04/2026' })
  t.equal(bindingTerm({ ...issued, status: 'withdrawn' }, '01/05/2026'), undefined)
  t.equal(bindingTerm({ ...issued, status: 'superseded' }, '01/05/2026'), undefined)
  const terms = [issued, recorded('e', '01/09/2026', '31/12/2026', { status: 'ended', endedOn: '30/09/2026' })]
  t.equal(bindingOverlap(terms, issuing('01/08/2026', '31/10/2026'), '01/08/2026')?.id, 'i', 'the started issued one is in the way')
  t.equal(bindingOverlap(terms, issuing('01/08/2026', '31/10/2026'), '28/02/2026')?.id, 'e', 'before the start only the ended one binds')
  t.equal(bindingOverlap(terms, issuing('01/10/2026', '31/12/2026'), '01/10/2026'), undefined, 'a rehire after the early end')
  const refused = planIssue([issuing('01/05/2026', '31/10/2026')], [issued], ids(), '01/05/2026')
  t.same(refused, { conflict: issued }, 'a reprint over a started contract is refused, not superseded')
  t.same(planIssue([issuing('01/05/2026', '31/10/2026'), issuing('01/05/2026', '30/11/2026')], [], ids(), '01/06/2026'), {
    planned: [{ id: 'new-1', contractId: undefined, supersededBy: 'new-2' }, { id: 'new-2', contractId: undefined, supersededBy: undefined }],
    superseded: []
  }, 'within one request the later record still replaces the earlier')
})

test('a corrected reprint supersedes the overlapping issued terms of its worker and kind, never a signed one', async (t) => {
  const terms = [
    recorded('a', '01/01/2026', '30/06/2026'),
    recorded('b', '01/07/2026', '31/12/2026'),
    recorded('signed', '01/01/2025', '31/12/2025', { status: 'signed' }),
    recorded('addendum', '01/01/2026', '30/06/2026', { kind: 'addendum' }),
    recorded('other', '01/01/2026', '30/06/2026', { dni: '87654321' })
  ]
  t.same(supersededBy(terms, issuing('01/03/2026', '31/07/2026'), BEFORE).map((term) => term.id), ['a', 'b'])
  t.same(supersededBy(terms, issuing('01/01/2027', '31/03/2027'), BEFORE), [])
  t.same(supersededBy(terms, issuing('01/01/2025', '31/01/2026'), BEFORE).map((term) => term.id), ['a'], 'the signed one is left')
})

test('planIssue: a reprint of a recorded contract supersedes it, the new one is issued', async (t) => {
  const plan = planIssue([issuing('01/01/2026', '31/07/2026')], [recorded('a', '01/01/2026', '30/06/2026')], ids(), BEFORE)
  t.same(plan, { planned: [{ id: 'new-1', contractId: undefined, supersededBy: undefined }], superseded: [{ id: 'a', by: 'new-1' }] })
})

test('planIssue: the same worker twice in a request over the same days: the earlier record is superseded by the later', async (t) => {
  const plan = planIssue([issuing('01/01/2026', '30/06/2026'), issuing('01/06/2026', '31/12/2026'), issuing('01/01/2027', '31/03/2027')], [], ids(), BEFORE)
  t.same(plan, {
    planned: [
      { id: 'new-1', contractId: undefined, supersededBy: 'new-2' },
      { id: 'new-2', contractId: undefined, supersededBy: undefined },
      { id: 'new-3', contractId: undefined, supersededBy: undefined }
    ],
    superseded: []
  })
})

test('planIssue: a record overlapping a signed contract of its worker refuses the whole request', async (t) => {
  const signed = recorded('s', '01/01/2026', '30/06/2026', { status: 'signed' })
  const plan = planIssue([issuing('01/01/2027', '31/03/2027'), issuing('30/06/2026', '31/12/2026')], [signed, recorded('a', '01/01/2027', '31/01/2027')], ids(), BEFORE)
  t.same(plan, { conflict: signed })
  t.same(planIssue([issuing('01/07/2026', '31/12/2026')], [signed], ids(), BEFORE), {
    planned: [{ id: 'new-1', contractId: undefined, supersededBy: undefined }], superseded: []
  }, 'a term starting the day after the signed one ends is recorded')
})

test('an adenda follows its contract\'s end or one of its adendas\' ends; superseded terms and other workers count for nothing', async (t) => {
  const terms = [
    recorded('c1', '01/01/2026', '30/06/2026', { causeId: 'cause-a', issuedAt: 1000 }),
    recorded('a1', '01/07/2026', '31/12/2026', { kind: 'addendum', contractId: 'c1', issuedAt: 2000 }),
    recorded('c2', '01/01/2027', '30/06/2027', { issuedAt: 3000 }),
    recorded('gone', '01/01/2025', '30/06/2026', { status: 'superseded', issuedAt: 4000 }),
    recorded('x', '01/01/2026', '30/06/2026', { dni: '87654321', issuedAt: 5000 })
  ]
  const extendable = extendableByWorker(terms)
  t.same(extendable.get('12345678'), [
    { id: 'c2', causeId: null, ends: ['30/06/2027'] },
    { id: 'c1', causeId: 'cause-a', ends: ['30/06/2026', '31/12/2026'] }
  ], 'newest first, each with its ends')
  t.same(extendable.get('87654321'), [{ id: 'x', causeId: null, ends: ['30/06/2026'] }])
  const mine = extendable.get('12345678') ?? []
  t.equal(contractExtendedBy(mine, '31/12/2026')?.id, 'c1', 'a second adenda follows the first')
  t.equal(contractExtendedBy(mine, '30/06/2026')?.id, 'c1', 'a reprint of the first adenda follows the contract')
  t.equal(contractExtendedBy(mine, '30/06/2027')?.id, 'c2')
  t.equal(contractExtendedBy(mine, '29/06/2027'), undefined, 'no contract ends that day')
  const twice = extendableByWorker([recorded('old', '01/01/2026', '30/06/2026', { issuedAt: 1 }), recorded('new', '01/02/2026', '30/06/2026', { issuedAt: 2 })])
  t.equal(contractExtendedBy(twice.get('12345678') ?? [], '30/06/2026')?.id, 'new', 'two ending that day: the newest')
})

test('planIssue links an adenda by the end it follows, recorded or issued earlier in the request; a given contractId is kept', async (t) => {
  const contract = recorded('c1', '01/01/2026', '30/06/2026')
  const addendum = (entryDate: string, endDate: string, fields: Partial<IssuingTerm> = {}) =>
    issuing(entryDate, endDate, { kind: 'addendum', ...fields })
  const plan = planIssue([
    addendum('01/07/2026', '31/12/2026', { extendsEnd: '30/06/2026' }),
    addendum('01/01/2027', '30/06/2027', { extendsEnd: '31/12/2026' }),
    addendum('01/07/2027', '31/12/2027', { extendsEnd: '30/06/2027', contractId: 'given' }),
    addendum('01/01/2028', '30/06/2028', { extendsEnd: '15/05/2027' })
  ], [contract], ids(), BEFORE)
  t.same('planned' in plan ? plan.planned.map((term) => term.contractId) : plan, ['c1', 'c1', 'given', undefined])
  const request = planIssue([issuing('01/01/2027', '30/06/2027'), addendum('01/07/2027', '31/12/2027', { extendsEnd: '30/06/2027' })], [], ids(), BEFORE)
  t.same('planned' in request ? request.planned.map((term) => term.contractId) : request, [undefined, 'new-1'], 'a contract of the same request')
  // a corrected reprint of an adenda: linked to the contract (the link is read before the reprint supersedes)
  const reprint = planIssue([addendum('01/07/2026', '31/01/2027', { extendsEnd: '30/06/2026' })],
    [contract, recorded('a1', '01/07/2026', '31/12/2026', { kind: 'addendum', contractId: 'c1' })], ids(), BEFORE)
  t.same(reprint, { planned: [{ id: 'new-1', contractId: 'c1', supersededBy: undefined }], superseded: [{ id: 'a1', by: 'new-1' }] })
})

test('the longest end: the modality\'s maximum from the contract\'s start, capped by art. 74\'s five years from the first entry', async (t) => {
  t.equal(longestEnd('58', '01/03/2024', '01/03/2024'), '28/02/2029', 'five years of art. 58 end the day before 01/03/2029')
  t.equal(longestEnd('57', '01/06/2025', '15/01/2022'), '14/01/2027', 'art. 74 caps the three years of art. 57 (31/05/2028)')
  t.equal(longestEnd('57', '01/06/2025', '01/06/2025'), '31/05/2028', 'a first contract: its modality\'s three years')
  t.equal(longestEnd('Necesidades del mercado', '01/01/2026', '01/01/2026'), '31/12/2030', 'the modality by its legal name')
  t.equal(longestEnd('art. 67', '10/01/2026', '10/01/2026'), '09/01/2027', 'temporada: one year')
})

test('a suplencia\'s longest end is the absence\'s expected end, when earlier than the law\'s', async (t) => {
  t.equal(longestEnd('61', '01/01/2026', '01/01/2026', '30/06/2026'), '30/06/2026', 'the absence ends first (art. 61)')
  t.equal(longestEnd('61', '01/01/2026', '01/01/2026', null), '31/12/2030', 'no recorded absence: the five years')
  t.equal(longestEnd('61', '01/01/2026', '01/01/2026', '31/12/2035'), '31/12/2030', 'an absence past the five years: the five years')
  t.equal(longestEnd('58', '01/01/2026', '01/01/2026', '30/06/2026'), '31/12/2030', 'only a suplencia ends with an absence')
})

test('the longest end across February: a month without the corresponding day ends on its last day', async (t) => {
  t.equal(longestEnd('60', '31/08/2023', '31/08/2023'), '29/02/2024', 'six months from 31/08/2023 in a leap year')
  t.equal(longestEnd('60', '31/08/2024', '31/08/2024'), '28/02/2025', 'and in a common year')
  t.equal(longestEnd('58', '01/03/2026', '29/02/2024'), '28/02/2029', 'five years from 29/02/2024 (2029 has no 29/02), before 28/02/2031')
  t.equal(longestEnd('67', '29/02/2024', '29/02/2024'), '28/02/2025', 'a year from 29/02/2024')
})

test('a contract without a modality the service knows has no longest end', async (t) => {
  t.equal(longestEnd(null, '01/01/2026', '01/01/2026'), null, 'no modality (an indefinite contract)')
  t.equal(longestEnd('Indeterminado', '01/01/2026', '01/01/2026'), null)
  t.equal(longestEnd('59', '01/01/2026', '01/01/2026'), null, 'an article the service does not print')
})

test('a contract is marked signed once, on one day, never before the signing date it printed', async (t) => {
  const issued = { status: 'issued' as const, signedOn: null, signingDate: '15/01/2026', supersededBy: null }
  t.equal(signingOutcome(issued, '15/01/2026', '31/12/2026'), 'sign', 'on the day it printed')
  t.equal(signingOutcome(issued, '02/02/2026', '31/12/2026'), 'sign')
  t.same(signingOutcome(issued, '14/01/2026', '31/12/2026'), { refusal: 'beforeSigning', date: '15/01/2026' })
  t.same(signingOutcome(issued, '02/02/2026', '01/02/2026'), { refusal: 'afterToday', date: '01/02/2026' }, 'never after today')
  t.same(signingOutcome({ ...issued, signingDate: '31/12/2025' }, '01/01/2026', '31/12/2026'), 'sign', 'across a year\'s end')
  const signed = { status: 'signed' as const, signedOn: '20/01/2026', signingDate: '15/01/2026', supersededBy: null }
  t.equal(signingOutcome(signed, '20/01/2026', '31/12/2026'), 'unchanged', 'again on the same day')
  t.same(signingOutcome(signed, '21/01/2026', '31/12/2026'), { refusal: 'signedOn', date: '20/01/2026' })
  t.same(signingOutcome(undefined, '20/01/2026', '31/12/2026'), { refusal: 'missing' })
  t.same(signingOutcome({ ...issued, status: 'superseded' }, '20/01/2026', '31/12/2026'), { refusal: 'missing' }, 'superseded without a known reprint')
  const reprint = { id: 'r-1', entryDate: '01/02/2026', endDate: '31/07/2026' }
  t.same(signingOutcome({ ...issued, status: 'superseded', supersededBy: reprint }, '20/01/2026', '31/12/2026'), { refusal: 'superseded', by: reprint },
    'a contract a reprint replaced: refused naming the reprint')
})

test('what marking signed asks of the history: its own term, modality, position; a probation only a contract prints', async (t) => {
  const state = {
    kind: 'contract' as const,
    worker: { dni: '40000001' },
    entryDate: '01/02/2026',
    endDate: '31/07/2026',
    status: 'issued' as const,
    signedOn: null,
    signingDate: '25/01/2026',
    supersededBy: null,
    modality: '58',
    position: 'Operario de playa',
    probation: true
  }
  t.same(signingHistoryNeed(state), {
    modality: '58', from: '01/02/2026', to: '31/07/2026', position: 'Operario de playa', statedProbation: true, endField: 'endDate'
  })
  t.match(signingHistoryNeed({ ...state, probation: false }), { statedProbation: false })
  t.match(signingHistoryNeed({ ...state, kind: 'addendum' }), { statedProbation: false, endField: 'endAddendum' }, 'an adenda states no probation')
  t.match(signingHistoryNeed({ ...state, modality: null }), { modality: undefined })
})
