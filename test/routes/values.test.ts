/**
 * Values at the edges, judged the same way on every route: dates whose terms would leave the
 * calendar (a 400 on that record, never a 500), terms that end at a month's end or on a leap day
 * (Código Civil art. 183, src/vocabulary/dates.ts termEnd), values made only of blank-looking
 * characters (src/vocabulary/blank.ts), a UTF-16 CSV with an unpaired surrogate (refused as JSON
 * refuses one) and the insured worker's age in the Vida Ley and SCTR exports.
 */
import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, formPayload, sampleAddendum, sampleEmployee } from '../support/helper.js'
import { assetPath } from '../../src/paths.js'
import { sampleAddendumTerm } from '../support/samples.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, workbook } from '../support/spreadsheets.js'
import { ADDENDUM_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, addMonths, dayMonthYearKey, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { amountInWords } from '../../src/vocabulary/salary-words.js'
import { ADDENDUM_DOCUMENT_MESSAGES, MESSAGES, PROBATION_MESSAGES, RULE_MESSAGES } from '../../schemas/messages.js'

/**
 * The demo profile with its reviewed causes (but the season's) covering every date the calendar has, and an
 * art. 60 cause at Playa Larcomar: the edges here are the calendar's, not a cause's period (DOCUMENT-REQUIREMENTS §21).
 */
function edgeProfile (): string {
  const profile = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8'))
  for (const cause of profile.causes) if (cause.modality !== '67') cause.period = { from: '01/01/1900', to: '31/12/9999' }
  // §34: an art. 57 cause lasts 36 months from its activity's start: here, from the next leap day
  let leap = Number(todayInLima().slice(6))
  while (!((leap % 4 === 0 && leap % 100 !== 0) || leap % 400 === 0) || dayMonthYearKey(`29/02/${leap}`) <= dayMonthYearKey(todayInLima())) leap++
  const start = `29/02/${leap}`
  for (const cause of profile.causes) {
    if (cause.modality === '57') Object.assign(cause, { activityStart: start, period: { from: start, to: termEnd(start, 36) } })
  }
  profile.sites[0].modalities.push('60')
  profile.causes.push({
    id: 'larcomar-inventario',
    modality: '60',
    sites: ['Playa Larcomar'],
    text: 'Inventario anual de los abonados de la sede, tarea ajena a la operación diaria',
    period: { from: '01/01/1900', to: '31/12/9999' }
  })
  const dir = mkdtempSync(join(tmpdir(), 'contratos-perfil-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'perfil.json')
  writeFileSync(path, JSON.stringify(profile))
  return path
}

const app = await build(t, { EMPLOYER_PROFILE: edgeProfile() })

type Issue = { field: string, message: string, row?: number }
const post = async (url: string, payload: object) => await app.inject({ method: 'POST', url, payload })
const upload = async (url: string, name: string, bytes: Uint8Array | string) =>
  await app.inject({ method: 'POST', url, ...(await formPayload([{ name, bytes }])) })
const today = todayInLima()
const year = Number(today.slice(6))
/** The first date `DD/MM` of a year from `from` on that is after today. */
const nextDate = (dayMonth: string, from = year) => {
  for (let y = from; ; y++) if (dayMonthYearKey(`${dayMonth}/${y}`) > dayMonthYearKey(today)) return `${dayMonth}/${y}`
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
/** 29/02 of the first leap year after today. */
const nextLeapDay = () => {
  for (let y = year; ; y++) if (isLeap(y) && dayMonthYearKey(`29/02/${y}`) > dayMonthYearKey(today)) return `29/02/${y}`
}
const yearOf = (date: string) => Number(date.slice(6))
const addendumCells = (fields: Record<string, unknown>) => ADDENDUM_COLUMNS.map((spec) =>
  spec.field === 'salaryInWords' ? (fields.salaryInWords ?? amountInWords(fields.salary as number)) : fields[spec.field] ?? null)

t.test('an entry date in 9995-9999: a 400 on that record alone on the preview, the ZIP, the adenda and the uploads, never a 500', async (t) => {
  for (const entryDate of ['02/01/9995', '15/06/9997', '29/02/9996', '31/12/9999']) {
    const record = sampleEmployee({ entryDate, endDate: '31/12/9999', dni: '22223333' })
    const preview = await post('/api/contracts/preview', record)
    t.equal(preview.statusCode, 400, `preview ${entryDate}`)
    t.match(preview.json().errors, [{ field: 'body.entryDate', message: RULE_MESSAGES.beyondCalendar }])
    const zip = await post('/api/contracts/download-zip', [sampleEmployee(), record])
    t.equal(zip.statusCode, 400, `ZIP ${entryDate}`)
    const zipErrors = zip.json().errors as Issue[]
    t.ok(zipErrors.some((issue) => issue.field === 'body.1.entryDate' && issue.message === RULE_MESSAGES.beyondCalendar))
    t.ok(zipErrors.every((issue) => issue.field.startsWith('body.1.')), 'only the far record')
    const adenda = await post('/api/addendum/preview', sampleAddendum({ entryDate }))
    t.equal(adenda.statusCode, 400, `adenda ${entryDate}`)
    t.match(adenda.json().errors, [{ field: 'body.entryDate', message: RULE_MESSAGES.beyondCalendar }])
    const adendas = await post('/api/addendum/download-zip', [sampleAddendum({ documentNumber: '11112222' }), sampleAddendum({ entryDate })])
    t.equal(adendas.statusCode, 400)
    t.ok((adendas.json().errors as Issue[]).every((issue) => issue.field.startsWith('body.1.')))
  }
  // 01/01/9995 + five years ends on 31/12/9999: still a date, so no refusal for the calendar
  const edge = await post('/api/contracts/preview', sampleEmployee({ entryDate: '01/01/9995', endDate: '31/12/9999' }))
  t.equal(edge.statusCode, 200, 'the last entry date whose five years end in the calendar')
  // an adenda whose contract ends on the calendar's last day has no next day to start on
  const last = await post('/api/addendum/preview', sampleAddendum({ end: '31/12/9999', startAddendum: '31/12/9999', endAddendum: '31/12/9999' }))
  t.equal(last.statusCode, 400)
  t.ok((last.json().errors as Issue[]).some((issue) => issue.field === 'body.end' && issue.message === RULE_MESSAGES.beyondCalendar))

  const sheet = workbook([[EMPLOYEE_HEADERS, employeeCells(sampleEmployee()),
    employeeCells(sampleEmployee({ dni: '22223333', email: 'otra@example.com', entryDate: '15/06/9997', endDate: '31/12/9999' }))]])
  const partial = await upload('/api/excel/upload?partial=true', 'empleados.xlsx', sheet)
  t.equal(partial.statusCode, 200, 'partial mode: the other row is kept')
  t.equal(partial.json().data.employees.length, 1)
  t.same(partial.json().data.errors.map((issue: Issue) => [issue.row, issue.field, issue.message]), [[3, 'entryDate', RULE_MESSAGES.beyondCalendar]])
  const whole = await upload('/api/excel/upload', 'empleados.xlsx', sheet)
  t.equal(whole.statusCode, 400)
  t.same(whole.json().errors.map((issue: Issue) => [issue.row, issue.field]), [[3, 'entryDate']], 'a row error, not a 500')

  const adendaSheet = workbook([[ADDENDUM_HEADERS, addendumCells(sampleAddendum({ documentNumber: '11112222' })), addendumCells(sampleAddendum({ entryDate: '15/06/9997' }))]])
  const adendaUpload = await upload('/api/addendum/upload?partial=true', 'adendas.xlsx', adendaSheet)
  t.equal(adendaUpload.statusCode, 200)
  t.same(adendaUpload.json().data.errors.map((issue: Issue) => [issue.row, issue.field, issue.message]), [[3, 'entryDate', RULE_MESSAGES.beyondCalendar]])
})

t.test('terms that end at a month\'s end or on a leap day: the lawful last day is accepted, the next one refused', async (t) => {
  const leap = nextLeapDay()
  const y = yearOf(leap)
  const contract = (overrides: Record<string, unknown>) => post('/api/contracts/preview', sampleEmployee(overrides))
  // art. 57, three years; art. 58, five: from 29/02 they end on 28/02 (there is no 29/02 then)
  const causes = { 57: { subDivisionOrParking: 'Playa Mall Aventura', causeId: 'mall-aventura-apertura' }, 58: {} }
  for (const [modality, years] of [['57', 3], ['58', 5]] as const) {
    const lawful = await contract({ modality, ...causes[modality], entryDate: leap, endDate: `28/02/${y + years}` })
    t.equal(lawful.statusCode, 200, `${leap} + ${years} years ends on 28/02/${y + years}: ${lawful.body.slice(0, 300)}`)
    const over = await contract({ modality, ...causes[modality], entryDate: leap, endDate: `01/03/${y + years}` })
    t.equal(over.statusCode, 400)
    t.match(over.json().errors, [{ field: 'body.endDate', message: new RegExp(`como máximo 28/02/${y + years}$`) }])
  }
  // art. 60, six months: from 31/12 they end on 30/06 (there is no 31/06)
  const newYearsEve = nextDate('31/12')
  const june = await contract({ modality: '60', entryDate: newYearsEve, endDate: `30/06/${yearOf(newYearsEve) + 1}` })
  t.equal(june.statusCode, 200, `31/12 + 6 months ends on 30/06: ${june.body.slice(0, 300)}`)
  const july = await contract({ modality: '60', entryDate: newYearsEve, endDate: `01/07/${yearOf(newYearsEve) + 1}` })
  t.equal(july.statusCode, 400)

  // three months from 30/11 end on the last day of February, from 31/01 on 30/04: a term of three
  // months, which a probation of three months does not end before (§14, §24)
  for (const entryDate of [nextDate('30/11'), nextDate('31/01')]) {
    const end = entryDate.startsWith('30/11')
      ? `${isLeap(yearOf(entryDate) + 1) ? 29 : 28}/02/${yearOf(entryDate) + 1}`
      : `30/04/${yearOf(entryDate)}`
    const res = await contract({ entryDate, endDate: end, probationaryPeriod: '3 meses' })
    t.equal(res.statusCode, 400, `${entryDate} to ${end} is three months`)
    t.match(res.json().errors, [{ field: 'body.probationaryPeriod', message: PROBATION_MESSAGES.notShorterThanTerm }])
    const longer = await contract({ entryDate, endDate: addDays(end, 1), probationaryPeriod: '3 meses' })
    t.equal(longer.statusCode, 200, 'a day longer is more than three months: its probation is lawful')
  }

  // art. 74 on an adenda: five years from a 29/02 entry end on 28/02
  const lastLeap = (() => { for (let y = year; ; y--) if (isLeap(y) && dayMonthYearKey(`29/02/${y}`) <= dayMonthYearKey(today)) return `29/02/${y}` })()
  const term = sampleAddendumTerm()
  const fifth = `28/02/${yearOf(lastLeap) + 5}`
  const adenda = await post('/api/addendum/preview', sampleAddendum({ ...term, entryDate: lastLeap, endAddendum: fifth }))
  t.equal(adenda.statusCode, 200, `${lastLeap} + 5 years ends on ${fifth}: ${adenda.body.slice(0, 300)}`)
  const beyond = await post('/api/addendum/preview', sampleAddendum({ ...term, entryDate: lastLeap, endAddendum: addDays(fifth, 1) }))
  t.equal(beyond.statusCode, 400)
  t.match(beyond.json().errors, [{ field: 'body.endAddendum', message: ADDENDUM_DOCUMENT_MESSAGES.beyondFiveYears }])
})

t.test('a value made only of blank-looking characters is empty: the required field says so', async (t) => {
  const blanks = ['\u2800', '\u2800\u2800 ', '\u3164', '\u115f\u1160', '\uffa0', '\u0085', '\u3000', '\u200b\u00a0', '\u180e', '\u2800\u0085\u3164']
  for (const blank of blanks) {
    const code = [...blank].map((char) => `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')
    const res = await post('/api/contracts/preview', sampleEmployee({ name: blank }))
    t.equal(res.statusCode, 400, code)
    t.same(res.json().errors, [{ field: 'body.name', message: MESSAGES.name.required }], code)
  }
  const address = await post('/api/contracts/preview', sampleEmployee({ address: '\u2800 \u3000' }))
  t.match(address.json().errors, [{ field: 'body.address', message: MESSAGES.address.required }], 'any field')
  // in a sheet too: the cell is blank, and a row of only such cells is an empty row
  const csv = csvText([EMPLOYEE_HEADERS, employeeCells(sampleEmployee()), employeeCells(sampleEmployee({ dni: '22223333', email: 'otra@example.com', name: '\u2800' })),
    EMPLOYEE_HEADERS.map(() => '\u2800')])
  const res = await upload('/api/excel/upload?partial=true', 'empleados.csv', csv)
  t.equal(res.statusCode, 200)
  t.same(res.json().data.errors.map((issue: Issue) => [issue.row, issue.field]), [[3, 'name']], 'row 4, all blank, is skipped')
})

t.test('a UTF-16 CSV with an unpaired surrogate is refused as JSON refuses it', async (t) => {
  const address = 'Av. Los Álamos \ud800 123'
  const json = await post('/api/contracts/preview', sampleEmployee({ address }))
  t.equal(json.statusCode, 400)
  t.same(json.json().errors, [{ field: 'body.address', message: RULE_MESSAGES.invalidUnicode }])
  const text = csvText([EMPLOYEE_HEADERS, employeeCells(sampleEmployee()), employeeCells(sampleEmployee({ dni: '22223333', email: 'otra@example.com', address }))])
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
  const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(Buffer.from(text, 'utf16le')).swap16()])
  for (const [name, bytes] of [['UTF-16LE', le], ['UTF-16BE', be]] as const) {
    const res = await upload('/api/excel/upload?partial=true', 'empleados.csv', bytes)
    t.equal(res.statusCode, 200, name)
    t.same(res.json().data.errors.map((issue: Issue) => [issue.row, issue.field, issue.message]), [[3, 'address', RULE_MESSAGES.invalidUnicode]], name)
    t.equal(res.json().data.employees[0].name, 'Rosa María', `${name}: the other row read whole`)
  }
})

t.test('a character outside the BMP where the CSV parser cuts its 4 KiB pieces is read whole', async (t) => {
  const header = csvText([EMPLOYEE_HEADERS])
  const record = sampleEmployee({ address: 'Av. Los Álamos 😀 123' })
  const line = csvText([employeeCells(record)])
  // blank lines (rows with nothing) until the emoji's first half is the last unit of the first piece
  const blanks = 4095 - header.length - line.indexOf('😀')
  t.ok(blanks > 0 && blanks % 2 === 0)
  const res = await upload('/api/excel/upload', 'empleados.csv', header + '\r\n'.repeat(blanks / 2) + line)
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  t.equal(res.json().data.employees[0].address, 'Av. Los Álamos 😀 123', 'not two U+FFFD')
})

t.test('Vida Ley and SCTR refuse a birth date after the entry date, or a worker under 14 on it', async (t) => {
  const { entryDate } = sampleEmployee()
  const entry = entryDate as string
  const fourteenth = addMonths(entry, -14 * 12)
  for (const url of ['/api/excel/download-lawlife', '/api/excel/download-sctr']) {
    const after = await post(url, [sampleEmployee(), sampleEmployee({ birthDate: addDays(entry, 1) })])
    t.equal(after.statusCode, 400, url)
    t.same(after.json().errors, [{ field: 'body.1.birthDate', message: RULE_MESSAGES.birthAfterEntry }])
    const young = await post(url, [sampleEmployee({ birthDate: addDays(fourteenth, 1) })])
    t.equal(young.statusCode, 400)
    t.same(young.json().errors, [{ field: 'body.0.birthDate', message: RULE_MESSAGES.underWorkingAge(entry) }])
    const fourteen = await post(url, [sampleEmployee({ birthDate: fourteenth })])
    t.equal(fourteen.statusCode, 200, `14 on the entry date: ${fourteen.body.slice(0, 200)}`)
  }
})
