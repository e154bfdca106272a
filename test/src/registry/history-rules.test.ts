/**
 * The history rules without a database (src/registry/history-rules.ts; LPCL art. 74; DOCUMENT-REQUIREMENTS
 * §36): terms counted in calendar months (Código Civil art. 183), leap years included; the months a
 * refusal says are left are the months the rules accept.
 */
import { test } from 'tap'
import { historyOutcome, lastedStatutoryProbation, termsLength, type HistoryNeed, type WorkerTerm } from '../../../src/registry/history-rules.js'
import { addDays, termEnd, termLength } from '../../../src/vocabulary/dates.js'
import { HISTORY_MESSAGES } from '../../../schemas/messages.js'
import { modalityInWords } from '../../../src/vocabulary/modality.js'

const term = (modality: string, entryDate: string, endDate: string, probation = false): WorkerTerm =>
  ({ modality, entryDate, endDate, position: 'Cajero', probation })
const need = (modality: string, from: string, to: string): HistoryNeed =>
  ({ modality, from, to, position: 'Cajero', statedProbation: undefined, endField: 'endDate' })

test('34 months of art. 57 and a 2-month contract are exactly 36 and pass, from a 31st too; a day more is refused', async (t) => {
  for (const start of ['01/01/2024', '31/01/2024', '29/02/2024']) {
    const history = [term('57', start, termEnd(start, 34))]
    const from = addDays(termEnd(start, 34), 1)
    t.same(historyOutcome(need('57', from, termEnd(from, 2)), history).issues, [], `from ${start}: 34 + 2 = 36`)
    const refused = historyOutcome(need('57', from, addDays(termEnd(from, 2), 1)), history).issues
    t.same(refused, [{
      field: 'endDate',
      message: HISTORY_MESSAGES.beyondModality(modalityInWords('57'), 36, 34, 0, 2, 0, termEnd(from, 2))
    }], `from ${start}: a day more is refused, naming 2 months left and their last day`)
  }
})

test('five years: 01/02/2024 to 31/01/2029 (two 29 Februaries) pass in pieces; the next day is refused', async (t) => {
  const history = [term('58', '01/02/2024', '31/01/2026'), term('57', '01/02/2026', '30/11/2026')]
  t.same(termsLength(history.map((entry) => [entry.entryDate, entry.endDate] as const)), { months: 34, days: 0 })
  t.same(historyOutcome(need('58', '01/12/2026', '31/01/2029'), history).issues, [], '24 + 10 + 26 = 60 months')
  t.match(historyOutcome(need('58', '01/12/2026', '01/02/2029'), history).issues,
    [{ field: 'endDate', message: /quedan 26 meses: la fecha de término debe ser como máximo 31\/01\/2029/ }])
})

test('"quedan N" agrees with what is accepted: the latest end named passes and the day after it does not', async (t) => {
  const cases: Array<[WorkerTerm[], HistoryNeed]> = [
    [[term('58', '17/03/2022', '02/11/2026')], need('58', '15/12/2026', '15/12/2027')],
    [[term('58', '10/01/2022', '20/06/2024'), term('63', '05/08/2024', '29/11/2026')], need('57', '31/12/2026', '31/12/2027')],
    [[term('60', '01/06/2026', '15/09/2026')], need('60', '31/10/2026', '30/06/2027')],
    [[term('58', '29/02/2024', '28/02/2026'), term('58', '01/01/2026', '30/11/2026')], need('58', '29/02/2028', '28/02/2031')]
  ]
  for (const [history, asked] of cases) {
    const [issue] = historyOutcome(asked, history).issues
    t.ok(issue, 'refused')
    const latest = (/como máximo (\d{2}\/\d{2}\/\d{4})/.exec(issue.message) ?? [])[1]
    t.ok(latest, issue.message)
    const left = termLength(asked.from, latest)
    t.match(issue.message, left.days === 0 ? `quedan ${left.months} meses` : `quedan ${left.months} meses y ${left.days} día`)
    t.same(historyOutcome({ ...asked, to: latest }, history).issues, [], `${latest} passes`)
    t.equal(historyOutcome({ ...asked, to: addDays(latest, 1) }, history).issues.length, 1, 'the day after it does not')
    t.same(historyOutcome({ ...asked, to: termEnd(asked.from, left.months) }, history).issues, [], `a term of the ${left.months} months left passes`)
  }
})

test('terms that share days count once; nothing left is said so', async (t) => {
  t.same(termsLength([['01/01/2026', '31/03/2026'], ['01/03/2026', '30/06/2026']]), { months: 6, days: 0 })
  t.same(termsLength([['01/01/2026', '31/01/2026'], ['01/03/2026', '16/03/2026'], ['01/05/2026', '15/05/2026']]), { months: 2, days: 1 })
  const full = [term('60', '01/01/2026', '30/06/2026')]
  t.match(historyOutcome(need('60', '01/08/2026', '15/08/2026'), full).issues,
    [{ message: /suman 6 meses .*no queda plazo para un nuevo contrato sujeto a modalidad/ }])
})

test('§36: an entry without probation months served the statutory three once it lasted three calendar months', async (t) => {
  t.equal(lastedStatutoryProbation('30/11/2027', '28/02/2028'), false, '30/11 to 28/02 is two months and 30 days')
  t.equal(lastedStatutoryProbation('30/11/2027', '29/02/2028'), true, 'to 29/02 in a leap year, three months')
  t.equal(lastedStatutoryProbation('01/03/2026', '31/05/2026'), true)
  t.equal(lastedStatutoryProbation('01/03/2026', '30/05/2026'), false)
})
