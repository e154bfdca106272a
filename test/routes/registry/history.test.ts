/**
 * The rules on the worker's history (LPCL art. 74; Reglamento art. 16; docs/registry.md): the
 * history HR entered and the signed contracts count toward the five years and the modality's maximum
 * on the preview, the ZIP and the upload's contractIssues; a probation served in the same position
 * within three years is not repeated.
 */
import { test } from 'tap'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { HISTORY_MESSAGES } from '../../../schemas/messages.js'
import { build, formPayload, pdfText, sampleEmployee } from '../../support/helper.js'
import { employeeCells, EMPLOYEE_HEADERS, workbook } from '../../support/spreadsheets.js'

const today = todayInLima()

test('57 months of art. 58 contracts entered: a 3-month contract is refused on endDate naming the months, a 2-month one passes', async (t) => {
  const app = await build(t)
  const history = [{ modality: '58', entryDate: addDays(today, -1745), endDate: addDays(today, -6), position: 'Operario de playa' }]
  t.equal((await app.inject({ method: 'POST', url: '/api/workers/42000001/history', payload: history })).statusCode, 201)
  const entryDate = addDays(today, 7)
  const long = sampleEmployee({ dni: '42000001', entryDate, endDate: termEnd(entryDate, 3) })
  const short = sampleEmployee({ dni: '42000001', entryDate, endDate: termEnd(entryDate, 2) })
  const message = HISTORY_MESSAGES.beyondFiveYears(58, 2, 60)
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
  t.match(text, /sin periodo de prueba/i)
  const other = (await pdfText((await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...employee, dni: '42000004' } })).rawPayload)).replace(/\s+/g, ' ')
  const count = (value: string) => value.split('tres (3) meses').length - 1
  t.equal(count(text), count(other) - 1, 'a worker who served none gets the default three months; this one does not')

  const asked = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { ...employee, probationaryPeriod: '3 meses' } })
  t.equal(asked.statusCode, 400)
  t.same(asked.json().errors, [{ field: 'body.probationaryPeriod', message: HISTORY_MESSAGES.probationServed(history[0].entryDate, history[0].endDate) }])

  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, employeeCells(employee)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.same(upload.json().data.warnings.filter((warning: { field: string }) => warning.field === 'probationaryPeriod'),
    [{ row: 2, field: 'probationaryPeriod', message: HISTORY_MESSAGES.probationNotRepeated(history[0].entryDate, history[0].endDate) }])
  t.same(upload.json().data.contractIssues, [])
})
