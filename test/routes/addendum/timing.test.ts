/**
 * An adenda made too early carries a warning (DOCUMENT-REQUIREMENTS §38): before the contract it
 * extends starts, or more than 30 days before that contract ends. The upload keeps the row and lists
 * it in `data.warnings`; `POST /api/addendum/from-contract` in its `data.warnings`; the adenda made in
 * the last 30 days has none. A warning refuses nothing: the preview still makes the adenda.
 */
import t from 'tap'
import { build, formPayload, sampleAddendum, sampleEmployee } from '../../support/helper.js'
import { sampleTerm } from '../../support/samples.js'
import { ADDENDUM_HEADERS, workbook } from '../../support/spreadsheets.js'
import { ADDENDUM_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { amountInWords } from '../../../src/vocabulary/salary-words.js'
import { ADDENDUM_DOCUMENT_MESSAGES } from '../../../schemas/messages.js'

const app = await build(t)
const today = todayInLima()

interface Warning { row: number, field: string, header?: string, message: string }
/** The timing warnings (the dates typed as text are warned of too). */
const TIMING = /^La adenda se firma el /

/** The adenda of a contract from `start` to `end`, extended for three months from the next day. */
const extending = (documentNumber: string, start: string, end: string, overrides: Record<string, unknown> = {}) => sampleAddendum({
  documentNumber, entryDate: start, start, end, startAddendum: addDays(end, 1), endAddendum: termEnd(addDays(end, 1), 3), ...overrides
})

/** The warnings of an addendum upload holding `records` from row 2, by row. */
async function uploadWarnings (records: Array<Record<string, unknown>>): Promise<Warning[]> {
  const cells = (fields: Record<string, unknown>) => ADDENDUM_COLUMNS.map((spec) =>
    spec.field === 'salaryInWords' ? (fields.salaryInWords ?? amountInWords(fields.salary as number)) : fields[spec.field] ?? null)
  const form = await formPayload([{ name: 'adendas.xlsx', bytes: workbook([[ADDENDUM_HEADERS, ...records.map(cells)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/addendum/upload', ...form })
  t.equal(upload.statusCode, 200, upload.body)
  t.equal(upload.json().data.employees.length, records.length, 'every row kept: a warning refuses nothing')
  return upload.json().data.warnings
}

t.test('the upload: made 60 days before the end, or before the start, is a warning; in the last 30 days none', async (t) => {
  const started = addDays(today, -200)
  const farEnd = addDays(today, 60)
  const edge = addDays(today, 30)
  const notStarted = addDays(today, 5)
  const warnings = await uploadWarnings([
    extending('10000001', started, addDays(today, 10)),
    extending('10000002', started, farEnd),
    extending('10000003', started, edge),
    extending('10000004', notStarted, termEnd(notStarted, 1))
  ])
  const timing = warnings.filter(({ message }) => TIMING.test(message))
  t.same(timing.map(({ row, message }) => [row, message]), [
    [3, ADDENDUM_DOCUMENT_MESSAGES.madeLongBeforeEnd(today, farEnd, 30)],
    [5, ADDENDUM_DOCUMENT_MESSAGES.madeBeforeStart(today, notStarted)]
  ], 'rows 3 and 5 only: ten and exactly thirty days before the end pass')
  t.equal(timing[0].header, 'FECHA DE FIRMA DE LA ADENDA', 'named by its column')
  t.match(timing[0].message, /más de 30 días antes del fin del contrato/)

  // its own signing date counts, not the day of the upload
  const signed = await uploadWarnings([extending('10000005', started, farEnd, { signingDate: addDays(farEnd, -20) })])
  t.same(signed.filter(({ message }) => TIMING.test(message)), [], 'signed 20 days before the end: no warning')

  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: extending('10000002', started, farEnd) })
  t.equal(preview.statusCode, 200, 'the preview still makes it')
})

t.test('from the record: an adenda of a contract that has not started carries the warning', async (t) => {
  const employee = sampleEmployee({ dni: '40777001', ...sampleTerm(3, 7) })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  const contracts = await app.inject({ method: 'GET', url: '/api/workers/40777001/contracts' })
  const [contract] = contracts.json().data.contracts as Array<{ id: string }>
  const res = await app.inject({
    method: 'POST',
    url: '/api/addendum/from-contract',
    payload: {
      contractId: contract.id,
      endAddendum: termEnd(addDays(employee.endDate as string, 1), 3),
      causeUpdate: 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año'
    }
  })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().data.warnings, [
    { field: 'body.signingDate', message: ADDENDUM_DOCUMENT_MESSAGES.madeBeforeStart(today, employee.entryDate as string) }
  ])
})
