import { test } from 'tap'
import { parseProbationMonths } from '../../../src/vocabulary/probation.js'

test('probation reads whole months', async (t) => {
  t.equal(parseProbationMonths('3'), 3)
  t.equal(parseProbationMonths('3 meses'), 3)
  t.equal(parseProbationMonths('tres (3) meses'), 3)
  t.equal(parseProbationMonths('un mes'), 1)
  t.equal(parseProbationMonths('Sin periodo de prueba'), 0)
  for (const text of ['tres (4) meses', 'noventa días', '3,5 meses', 'tres meses y medio']) t.equal(parseProbationMonths(text), undefined, text)
})
