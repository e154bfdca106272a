/**
 * The same worker twice in one batch of contracts or adendas (src/employees/batch-rules.ts): the later
 * of two overlapping terms is refused on its worker's field; successive terms, other workers and
 * records the schema has yet to refuse pass.
 */
import { test } from 'tap'
import { overlappingDuplicates } from '../../../src/employees/batch-rules.js'

test('contracts: a term that shares even one day with an earlier one of the same DNI is refused', async (t) => {
  const contract = (dni: string, entryDate: string, endDate: string) => ({ dni, entryDate, endDate })
  t.same(overlappingDuplicates([contract('12345678', '01/12/2026', '31/05/2027'), contract('12345678', '01/06/2027', '30/11/2027')], 'contract'), [],
    'successive terms: two contracts')
  const touching = overlappingDuplicates([contract('12345678', '01/12/2026', '31/05/2027'), contract('12345678', '31/05/2027', '30/11/2027')], 'contract')
  t.match(touching, [{ field: 'body.1.dni', message: /^Los registros 1 y 2 de esta lista son de la misma persona \(DNI 12345678\) con fechas que se superponen \(del 01\/12\/2026 al 31\/05\/2027 y del 31\/05\/2027 al 30\/11\/2027\)/ }], 'the last day of one is the first of the other')
  t.same(overlappingDuplicates([contract('12345678', '01/12/2026', '31/05/2027'), contract('87654321', '01/12/2026', '31/05/2027')], 'contract'), [],
    'other workers, the same dates')
  const third = overlappingDuplicates([
    contract('12345678', '01/12/2026', '31/05/2027'), contract('12345678', '01/06/2027', '30/11/2027'), contract('12345678', '01/01/2027', '28/02/2027')
  ], 'contract')
  t.match(third, [{ field: 'body.2.dni', message: /^Los registros 1 y 3 de esta lista/ }], 'checked against every earlier term, named by its place')
  t.same(overlappingDuplicates([contract('12345678', '2026-12-01', '31/05/2027'), null, 'x', contract('12345678', '01/12/2026', '31/05/2027')], 'contract'), [],
    'a record without a readable term is left to its own rules')
})

test('adendas: the worker is documentNumber, the term the extension', async (t) => {
  const addendum = (documentNumber: string, startAddendum: string, endAddendum: string) =>
    ({ documentNumber, start: '01/01/2026', end: '30/11/2026', startAddendum, endAddendum })
  t.match(overlappingDuplicates([addendum('12345678', '01/12/2026', '31/05/2027'), addendum('12345678', '01/12/2026', '30/06/2027')], 'addendumDocument'),
    [{ field: 'body.1.documentNumber' }], 'two extensions of the same contract from the same day')
  t.same(overlappingDuplicates([addendum('12345678', '01/12/2026', '31/05/2027'), addendum('12345678', '01/06/2027', '30/11/2027')], 'addendumDocument'), [],
    'a second extension after the first')
})
