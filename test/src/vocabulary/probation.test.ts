import { test } from 'tap'
import {
  parseProbation, parseProbationMonths, parseProbationReason, probationInWords, probationLastDay
} from '../../../src/vocabulary/probation.js'

test('probation reads whole months', async (t) => {
  t.equal(parseProbationMonths('3'), 3)
  t.equal(parseProbationMonths('3 meses'), 3)
  t.equal(parseProbationMonths('tres (3) meses'), 3)
  t.equal(parseProbationMonths('un mes'), 1)
  t.equal(parseProbationMonths('Sin periodo de prueba'), 0)
  for (const text of ['tres (4) meses', 'noventa días', '3,5 meses', 'tres meses y medio']) t.equal(parseProbationMonths(text), undefined, text)
})

test('probation reads months or days (DOCUMENT-REQUIREMENTS §24), and prints them in words', async (t) => {
  t.same(parseProbation('15 días'), { unit: 'days', count: 15 })
  t.same(parseProbation('quince (15) días'), { unit: 'days', count: 15 })
  t.same(parseProbation('noventa dias'), { unit: 'days', count: 90 })
  t.same(parseProbation('1 mes'), { unit: 'months', count: 1 })
  t.same(parseProbation('12 meses'), { unit: 'months', count: 12 })
  t.same(parseProbation('13 meses'), { unit: 'months', count: 13 }, 'read: the rules say what art. 10 allows')
  for (const text of ['tres', 'meses', 'quince (16) días', '1,5 meses']) t.equal(parseProbation(text), undefined, text)
  t.equal(probationInWords({ unit: 'days', count: 15 }), 'quince (15) días')
  t.equal(probationInWords({ unit: 'days', count: 45 }), 'cuarenta y cinco (45) días')
  t.equal(probationInWords({ unit: 'months', count: 1 }), 'un (1) mes')
  t.equal(probationLastDay('01/03/2027', { unit: 'days', count: 15 }), '15/03/2027')
  t.equal(probationLastDay('01/03/2027', { unit: 'months', count: 3 }), '31/05/2027')
  t.equal(parseProbationReason('Dirección'), 'direccion')
  t.equal(parseProbationReason('gerencial'), undefined)
})
