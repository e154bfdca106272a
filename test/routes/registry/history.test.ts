/**
 * The rules on the worker's history (LPCL art. 74; Reglamento art. 16; docs/registry.md): the
 * history HR entered and the signed contracts count toward the five years and the modality's maximum
 * on the preview, the ZIP and the upload's contractIssues; a probation served in the same position
 * within three years is not repeated.
 */
import { test } from 'tap'
import { addDays, addMonths, termEnd, termLength, todayInLima } from '../../../src/vocabulary/dates.js'
import { termsLength } from '../../../src/registry/history-rules.js'
import { HISTORY_MESSAGES } from '../../../schemas/messages.js'
import { build, formPayload, pdfText, sampleEmployee } from '../../support/helper.js'
import { employeeCells, EMPLOYEE_HEADERS, workbook } from '../../support/spreadsheets.js'
import { modalityInWords } from '../../../src/vocabulary/modality.js'

const today = todayInLima()

/** The latest end date a history refusal names (`como máximo DD/MM/YYYY`). */
function latestEndOf (res: { json: () => { errors: Array<{ message: string }> } }): string {
  const match = /como máximo (\d{2}\/\d{2}\/\d{4})/.exec(res.json().errors[0].message)
  if (match === null) throw new Error(`no latest end in ${JSON.stringify(res.json())}`)
  return match[1]
}

test('57 months of art. 58 contracts entered: a 3-month contract is refused on endDate naming the months, a 2-month one passes', async (t) => {
  const app = await build(t)
  const history = [{ modality: '58', entryDate: addDays(today, -1745), endDate: addDays(today, -6), position: 'Operario de playa' }]
  t.equal((await app.inject({ method: 'POST', url: '/api/workers/42000001/history', payload: history })).statusCode, 201)
  const entryDate = addDays(today, 7)
  const long = sampleEmployee({ dni: '42000001', entryDate, endDate: termEnd(entryDate, 3) })
  const short = sampleEmployee({ dni: '42000001', entryDate, endDate: termEnd(entryDate, 2) })
  // §36: calendar months; the latest end the message names passes, the day after it does not
  const latest = latestEndOf(await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: long }))
  const used = termsLength([[history[0].entryDate, history[0].endDate]])
  const left = termLength(entryDate, latest)
  const message = HISTORY_MESSAGES.beyondFiveYears(used.months, used.days, left.months, left.days, latest, 60)
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...long, endDate: latest } })).statusCode, 200, 'the latest end named passes')
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...long, endDate: addDays(latest, 1) } })).statusCode, 400, 'the day after it does not')
  for (const url of ['/api/contracts/preview', '/api/contracts/download-zip']) {
    const payload = url.endsWith('preview') ? long : [long]
    const refused = await app.inject({ method: 'POST', url, payload })
    t.equal(refused.statusCode, 400, url)
    t.same(refused.json().errors, [{ field: url.endsWith('preview') ? 'body.endDate' : 'body.0.endDate', message }], `${url}: months used and left`)
  }
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: short })).statusCode, 200, 'two months fit')
  // the upload keeps the row and lists it
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, employeeCells(long)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(upload.statusCode, 200)
  t.match(upload.json().data.contractIssues, [{ row: 2, dni: '42000001', field: 'endDate', message }])
  // a worker without history is not affected
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...long, dni: '42000002' } })).statusCode, 200)
})

test('a probation served in the same position within three years: not printed again (warned); one asked for is refused', async (t) => {
  const app = await build(t)
  const history = [{ modality: '58', entryDate: addDays(today, -400), endDate: addDays(today, -100), position: 'Operario de playa', probationMonths: 3 }]
  t.equal((await app.inject({ method: 'POST', url: '/api/workers/42000003/history', payload: history })).statusCode, 201)
  const employee = sampleEmployee({ dni: '42000003' }) // six months: the profile's three months of probation by default
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: employee })
  t.equal(preview.statusCode, 200)
  const text = (await pdfText(preview.rawPayload)).replace(/\s+/g, ' ')
  t.match(text, 'No se pacta periodo de prueba. No corresponde: no se pacta periodo de prueba.')
  const other = (await pdfText((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...employee, dni: '42000004' } })).rawPayload)).replace(/\s+/g, ' ')
  t.match(other, 'tres (3) meses No corresponde: el periodo de prueba no excede de tres (3) meses.', 'a worker who served none gets the default three months')
  t.notMatch(other, 'No se pacta periodo de prueba')

  const asked = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...employee, probationaryPeriod: '3 meses' } })
  t.equal(asked.statusCode, 400)
  t.same(asked.json().errors, [{ field: 'body.probationaryPeriod', message: HISTORY_MESSAGES.probationServed(history[0].entryDate, history[0].endDate) }])

  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, employeeCells(employee)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.same(upload.json().data.warnings.filter((warning: { field: string }) => warning.field === 'probationaryPeriod'),
    [{ row: 2, field: 'probationaryPeriod', message: HISTORY_MESSAGES.probationNotRepeated(history[0].entryDate, history[0].endDate) }])
  t.same(upload.json().data.contractIssues, [])
})

test('§36 calendar months: 34 months of art. 57 history and a 2-month contract are exactly 36 and pass; a day more is refused', async (t) => {
  const app = await build(t)
  const from = addMonths(today, -35)
  const history = [{ modality: '57', entryDate: from, endDate: termEnd(from, 34), position: 'Operario de playa' }]
  t.equal((await app.inject({ method: 'POST', url: '/api/workers/42000005/history', payload: history })).statusCode, 201)
  const entryDate = addDays(today, 7)
  const contract = (endDate: string) => sampleEmployee({
    dni: '42000005', subDivisionOrParking: 'Playa Mall Aventura', modality: '57', causeId: 'mall-aventura-apertura', entryDate, endDate
  })
  const exact = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: contract(termEnd(entryDate, 2)) })
  t.equal(exact.statusCode, 200, exact.statusCode === 200 ? '34 + 2 = 36 months pass' : exact.body)
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [contract(termEnd(entryDate, 2))] })
  t.equal(zip.statusCode, 200, 'the ZIP too')
  const over = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [contract(addDays(termEnd(entryDate, 2), 1))] })
  t.equal(over.statusCode, 400)
  const message = HISTORY_MESSAGES.beyondModality(modalityInWords('57'), 36, 34, 0, 2, 0, termEnd(entryDate, 2))
  t.same(over.json().errors, [{ field: 'body.0.endDate', message }], 'quedan 2 meses, and the last day they allow')
  t.match(message, 'suman 34 meses')
  t.match(message, `quedan 2 meses: la fecha de término debe ser como máximo ${termEnd(entryDate, 2)}`)
})

test('§36: an entry without probation months served the statutory three once it lasted three; a shorter one did not', async (t) => {
  const app = await build(t)
  const entries = [
    { dni: '42000006', modality: '58', entryDate: addMonths(today, -8), endDate: addDays(termEnd(addMonths(today, -8), 3), -1), position: 'Operario de playa' },
    { dni: '42000007', modality: '58', entryDate: addMonths(today, -8), endDate: termEnd(addMonths(today, -8), 3), position: 'Operario de playa' }
  ]
  for (const { dni, ...entry } of entries) {
    t.equal((await app.inject({ method: 'POST', url: `/api/workers/${dni}/history`, payload: [entry] })).statusCode, 201)
  }
  const text = async (dni: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni }) })
    t.equal(res.statusCode, 200)
    return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ')
  }
  t.match(await text('42000006'), 'tres (3) meses No corresponde: el periodo de prueba no excede', 'three months less a day: no probation served, the default printed')
  t.match(await text('42000007'), 'No se pacta periodo de prueba', 'three months: served, none printed')
  const asked = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ dni: '42000007', probationaryPeriod: '3 meses' }) })
  t.same(asked.json().errors, [{ field: 'body.probationaryPeriod', message: HISTORY_MESSAGES.probationServed(entries[1].entryDate, entries[1].endDate) }])
})
