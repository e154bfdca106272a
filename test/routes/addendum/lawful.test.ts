/**
 * An adenda that cannot be signed is refused with a 400 on the field, the same way on the
 * preview, the ZIP and, as a row error, the addendum upload; its lawful neighbour (made before the end,
 * starting the next day) passes and its PDF, read with pdfjs, says what it extends and why.
 * DOCUMENT-REQUIREMENTS §17, §19.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleAddendum, zipEntries } from '../../support/helper.js'
import { sampleAddendumTerm } from '../../support/samples.js'
import { ADDENDUM_HEADERS, workbook } from '../../support/spreadsheets.js'
import { ADDENDUM_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { amountInWords } from '../../../src/vocabulary/salary-words.js'

// every "today" is Lima's whatever the process time zone
process.env.TZ = 'Pacific/Kiritimati'
const app = await build(t)

const flat = (text: string) => text.replace(/\s+/g, ' ')
const partTime = (overrides: Record<string, unknown> = {}) => sampleAddendum({
  contractType: 'Part Time', workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas', salary: 600, salaryInWords: undefined, ...overrides
})

/** The refusals of `record` on the preview, on a ZIP holding it second, and on an upload holding it as row 3: `[field, message]`. */
async function refusals (record: Record<string, unknown>, options = { upload: true }) {
  const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: record })
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [sampleAddendum({ documentNumber: '11112222' }), record] })
  t.equal(preview.statusCode, 400, 'preview refused')
  t.equal(zip.statusCode, 400, 'ZIP refused')
  const strip = (prefix: RegExp) => (issue: { field: string, message: string }) => [issue.field.replace(prefix, ''), issue.message]
  const previewErrors = preview.json().errors.map(strip(/^body\./))
  t.same(zip.json().errors.map(strip(/^body\.1\./)), previewErrors, 'the same refusals on the ZIP')
  // a sheet states the amount in words (a required column of the spec)
  const cells = (fields: Record<string, unknown>) => ADDENDUM_COLUMNS.map((spec) =>
    spec.field === 'salaryInWords' ? (fields.salaryInWords ?? amountInWords(fields.salary as number)) : fields[spec.field] ?? null)
  const form = await formPayload([{ name: 'adendas.xlsx', bytes: workbook([[ADDENDUM_HEADERS, cells(sampleAddendum({ documentNumber: '11112222' })), cells(record)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/addendum/upload?partial=true', ...form })
  t.equal(upload.statusCode, 200)
  t.same((upload.json().data.errors ?? []).map((issue: { row: number, field: string, message: string }) => [issue.row, issue.field, issue.message]),
    options.upload ? previewErrors.map(([field, message]: string[]) => [3, field, message]) : [],
    options.upload ? 'the same refusals as row errors of the upload' : 'the upload accepts the row: the adenda needs it, not the import')
  return previewErrors
}

async function addendumText (record: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: record })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: printed' : res.body)
  return flat(await pdfText(res.rawPayload))
}

t.test('an adenda made after the contract ended is refused on end; one made before it passes', async (t) => {
  const today = todayInLima()
  const end = addDays(today, -1)
  t.same(await refusals(sampleAddendum({ end, startAddendum: today, endAddendum: termEnd(today, 6) })), [[
    'end',
    `El contrato venció el ${end} y hoy es ${today}: una prórroga escrita después del vencimiento no lo regulariza; ` +
      'si la persona siguió trabajando, su contrato es de duración indeterminada (art. 77 a de la LPCL)'
  ]])
  const lastDay = sampleAddendum({ end: today, startAddendum: addDays(today, 1), endAddendum: termEnd(addDays(today, 1), 6) })
  t.match(await addendumText(lastDay), dateInWords(today), 'made on the last day of the contract')
})

t.test('a gap or an overlap between the contract and its extension is refused on startAddendum', async (t) => {
  const { end } = sampleAddendumTerm()
  const message = `La prórroga debe empezar el día siguiente al fin del contrato (${addDays(end, 1)}), sin días sin contrato ni superpuestos`
  t.same(await refusals(sampleAddendum({ startAddendum: addDays(end, 2) })), [['startAddendum', message]], 'a gap')
  t.same(await refusals(sampleAddendum({ startAddendum: end })), [['startAddendum', message]], 'an overlap')
})

t.test('the extension stays within its modality\'s maximum from the entry date, and within five years', async (t) => {
  const term = sampleAddendumTerm()
  t.same(await refusals(sampleAddendum({ modality: '60' })), [[
    'endAddendum',
    'Con la prórroga, la contratación supera el máximo de 6 meses de la modalidad 60 (ocasional) desde la fecha de ingreso: ' +
      `el fin de la adenda debe ser como máximo ${termEnd(term.entryDate, 6)}`
  ]])
  t.match(await refusals(sampleAddendum({ modality: '59' })), [['modality', /La modalidad debe ser 57/]])
  t.match(await refusals(sampleAddendum({ endAddendum: addDays(termEnd(term.entryDate, 60), 1) })), [['endAddendum', /más allá de cinco años/]])
  t.match(await addendumText(sampleAddendum({ endAddendum: termEnd(term.entryDate, 60) })), 'necesidades del mercado (artículo 58 de la LPCL)')
})

t.test('a salary under the RMV, or under its share for part time, is refused on salary', async (t) => {
  t.same(await refusals(sampleAddendum({ salary: 1000, salaryInWords: undefined })),
    [['salary', 'El sueldo no puede ser menor a S/ 1,130.00, la remuneración mínima vital']])
  t.same(await refusals(partTime({ salary: 400 })), [[
    'salary',
    'El sueldo no puede ser menor a S/ 441.41: la parte de la remuneración mínima vital que corresponde a 18.75 horas semanales ' +
      'de un contrato a tiempo parcial'
  ]])
  const text = await addendumText(partTime({ salary: 450 }))
  t.match(text, '18.75 horas semanales, lunes a viernes: de 18:00 a 21:45 horas, sin refrigerio.', 'the working time restated, canonical')
  t.match(text, 'Es una jornada a tiempo parcial, inferior en promedio a cuatro (4) horas diarias')
  t.match(await refusals(partTime({ workSchedule: undefined }), { upload: false }), [['workSchedule', /debe indicar sus días de trabajo y su horario/]])
  t.match(await refusals(partTime({ weeklyHours: 24, workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 22:00 horas' })),
    [['weeklyHours', /menos de cuatro horas diarias: 24 horas semanales ÷ 6 días/]])
  t.match(await refusals(partTime({ workSchedule: 'de 08:00 a 11:30 horas, con 30 minutos de refrigerio' })),
    [['workSchedule', /refrigerio del lunes es de 30 minutos/]], 'the working-time rules of contracts')
})

t.test('the adenda names the contract it extends, why the need continues, in the feminine when she is', async (t) => {
  const term = sampleAddendumTerm()
  const signed = addDays(term.start, -2)
  t.match(await refusals(sampleAddendum({ originalSigningDate: addDays(term.start, 1) })),
    [['originalSigningDate', 'La fecha de suscripción del contrato no puede ser posterior a su fecha de inicio']])
  const female = await addendumText(sampleAddendum({ sex: 'F', originalSigningDate: signed }))
  t.match(female, 'DATOS DE LA TRABAJADORA')
  t.match(female, 'LA TRABAJADORA presta servicios')
  t.notMatch(female, 'EL TRABAJADOR')
  t.match(female, 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)', 'the modality')
  t.match(female, 'Operaria de playa', 'the position')
  t.match(female, dateInWords(signed), 'the original signing date')
  t.match(female, 'La necesidad subsiste porque', 'the updated cause')
  t.match(female, 'Las obras del centro comercial vecino siguen trasladando su estacionamiento')
  t.match(female, /Distrito Provincia Departamento/, 'Departamento beside Provincia and Distrito')
  t.match(female, 'antes del vencimiento de EL CONTRATO')
  const male = await addendumText(sampleAddendum({ sex: 'M' }))
  t.match(male, 'DATOS DEL TRABAJADOR')
  t.match(male, 'la que consta en EL CONTRATO', 'no original signing date given')
  t.match(male, 'La pactada en EL CONTRATO.', 'a full-time adenda keeps the contract\'s working time')
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [sampleAddendum({ sex: 'Femenino' })] })
  t.match(flat(await pdfText((await zipEntries(zip.rawPayload))[0].bytes)), 'DATOS DE LA TRABAJADORA', 'the ZIP too')
})
