/**
 * An adenda that cannot be signed is refused with a 400 on the field, the same way on the
 * preview, the ZIP and, as a row error, the addendum upload; its lawful neighbour (made before the end,
 * starting the next day) passes and its PDF, read with pdfjs, says what it extends and why.
 * DOCUMENT-REQUIREMENTS §17, §19, §21, §28.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleAddendum, zipEntries } from '../../support/helper.js'
import { sampleAddendumTerm } from '../../support/samples.js'
import { ADDENDUM_HEADERS, cellOf, workbook } from '../../support/spreadsheets.js'
import { ADDENDUM_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { amountInWords } from '../../../src/vocabulary/salary-words.js'
import { CAUSE_MESSAGES, SUPLENCIA_MESSAGES } from '../../../schemas/messages.js'
import { SUBSTITUTION_GROUNDS } from '../../../src/vocabulary/substitution.js'

// every "today" is Lima's whatever the process time zone
process.env.TZ = 'Pacific/Kiritimati'
const app = await build(t)

const flat = (text: string) => text.replace(/\s+/g, ' ')
const partTime = (overrides: Record<string, unknown> = {}) => sampleAddendum({
  contractType: 'Part Time', workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas', salary: 600, salaryInWords: undefined, originalSalary: 400, ...overrides
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
    spec.field === 'salaryInWords' ? (fields.salaryInWords ?? amountInWords(fields.salary as number)) : cellOf(fields, spec.field))
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
  const eighteen = sampleAddendumTerm(6, 100)
  const entryDate = addDays(todayInLima(), -500)
  t.same(await refusals(sampleAddendum({ ...eighteen, entryDate, modality: '57', causeId: 'mall-aventura-apertura', endAddendum: termEnd(eighteen.startAddendum, 30) })), [[
    'endAddendum',
    'Con la prórroga, la contratación supera el máximo de 36 meses de la modalidad «inicio o incremento de actividad» desde la ' +
      `fecha de ingreso: el fin de la adenda debe ser como máximo ${termEnd(entryDate, 36)}`
  ], ...(dayMonthYearKey(termEnd(eighteen.startAddendum, 30)) > dayMonthYearKey('31/12/2028')
    ? [['causeId', CAUSE_MESSAGES.extensionOutsidePeriod('«Apertura de la nueva sede en el centro comercial Mall Aventura, cuya…»', '01/01/2026', '31/12/2028')] as [string, string]]
    : [])])
  t.match(await refusals(sampleAddendum({ modality: '59' })), [['modality', /^La modalidad debe ser una de estas: inicio o incremento de actividad, necesidades del mercado/]])
  t.match(await refusals(sampleAddendum({ endAddendum: addDays(termEnd(term.entryDate, 60), 1) })), [['endAddendum', /más allá de cinco años/]])
  t.match(await addendumText(sampleAddendum({ endAddendum: termEnd(term.entryDate, 60) })), 'necesidades del mercado (artículo 58 de la LPCL)')
})

t.test('a contract already past its modality\'s maximum, or art. 74\'s five years: "no cabe prórroga", never a date before the start', async (t) => {
  const today = todayInLima()
  const mallAventura = { modality: '57', causeId: 'mall-aventura-apertura' }
  const threeYearsAgo = addDays(today, -1200)
  t.same(await refusals(sampleAddendum({ ...mallAventura, entryDate: threeYearsAgo })), [[
    'endAddendum',
    'No cabe prórroga: con el contrato, la contratación ya alcanzó el máximo de 36 meses de la modalidad «inicio o incremento de ' +
      `actividad» desde la fecha de ingreso, que terminó el ${termEnd(threeYearsAgo, 36)} (art. 74 de la LPCL)`
  ]])
  const fiveYearsAgo = addDays(today, -1830)
  t.same(await refusals(sampleAddendum({ entryDate: fiveYearsAgo })), [[
    'endAddendum',
    'No cabe prórroga: la contratación sujeta a modalidad ya alcanzó los cinco años desde la fecha de ingreso, que terminaron el ' +
      `${termEnd(fiveYearsAgo, 60)} (art. 74 de la LPCL)`
  ]])
  t.match(await addendumText(sampleAddendum({ ...mallAventura, entryDate: addDays(today, -880) })),
    'inicio o incremento de actividad (artículo 57 de la LPCL)', 'with months left under its maximum the contract is extended')
})

t.test('a salary under the RMV, or under its share for part time, is refused on salary', async (t) => {
  t.same(await refusals(sampleAddendum({ salary: 1000, salaryInWords: undefined, originalSalary: 900 })),
    [['salary', 'El sueldo no puede ser menor a S/ 1,130.00, la remuneración mínima vital']])
  t.same(await refusals(partTime({ salary: 400 })), [[
    'salary',
    'El sueldo no puede ser menor a S/ 441.41: la parte de la remuneración mínima vital que corresponde a 18 horas y 45 minutos semanales ' +
      'de un contrato a tiempo parcial'
  ]])
  const text = await addendumText(partTime({ salary: 450 }))
  t.match(text, '18 horas y 45 minutos semanales, lunes a viernes: de 18:00 a 21:45 horas, sin refrigerio.', 'the working time restated, canonical')
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
  t.match(female, 'Incremento temporal e imprevisible de vehículos atendidos en la sede', 'the contract\'s reviewed cause')
  t.match(female, 'La necesidad subsiste porque las obras del centro comercial vecino continúan', 'its update')
  t.match(female, /Distrito Provincia Departamento/, 'Departamento beside Provincia and Distrito')
  t.match(female, 'antes del vencimiento de EL CONTRATO')
  const male = await addendumText(sampleAddendum({ sex: 'M' }))
  t.match(male, 'DATOS DEL TRABAJADOR')
  t.match(male, 'la que consta en EL CONTRATO', 'no original signing date given')
  t.match(male, 'La pactada en EL CONTRATO.', 'a full-time adenda keeps the contract\'s working time')
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [sampleAddendum({ sex: 'Femenino' })] })
  t.match(flat(await pdfText((await zipEntries(zip.rawPayload))[0].bytes)), 'DATOS DE LA TRABAJADORA', 'the ZIP too')
})

t.test('the adenda keeps its contract\'s reviewed cause: an unknown id, another modality, a period that does not cover the extension, a typed cause are refused (§21, §28)', async (t) => {
  t.same(await refusals(sampleAddendum({ causeId: 'obras-vecinas' })), [[
    'causeId',
    'La causa «obras-vecinas» no es una de las causas objetivas revisadas del empleador: un contrato sujeto a modalidad solo es válido ' +
      'por una causa objetiva real y concreta que conste por escrito (arts. 53 y 72 de la LPCL); sin ella, o con una simulada, es de ' +
      'duración indeterminada (art. 77 d). Ninguna causa objetiva revisada del empleador se ajusta a esta sede, modalidad, plazo y jornada'
  ]], '§34: an unknown cause names no site, so no cause of another site is suggested')
  t.same(await refusals(sampleAddendum({ causeId: 'larcomar-servicio-nocturno' })),
    [['causeId', CAUSE_MESSAGES.otherModality('«Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos…»', '«inicio o incremento de actividad»', '«necesidades del mercado»',
      ['«Incremento temporal e imprevisible de vehículos atendidos en la sede…»'])]], '§34: only the cause of the same site and modality is suggested, never Lince\'s')
  t.same(await refusals(sampleAddendum({ modality: '67', causeId: 'mall-aventura-campana-navidena', entryDate: sampleAddendumTerm().start })), [[
    'causeId',
    'La causa «Campaña navideña y de fin de año del centro comercial Mall Aventura…» cubre del 15/11/2026 al 15/01/2027: la prórroga debe quedar dentro de ese periodo, pues ' +
      'la contratación sujeta a modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL); una necesidad que continúa después es ' +
      'otra causa, que el asesor legal del empleador debe revisar antes de imprimirla'
  ]])
  // a JSON body's; a sheet's CAUSA OBJETIVA column is the update of the cause (ACTUALIZACIÓN DE LA CAUSA)
  t.match(await refusals(sampleAddendum({ objectiveCause: 'Continúan las obras del centro comercial vecino que trasladan su estacionamiento a esta sede' }), { upload: false }),
    [['objectiveCause', /^La causa objetiva escrita en el registro no se imprime: una causa debe ser revisada por el asesor legal del empleador antes de poder imprimirse/]])
  t.match(await refusals(sampleAddendum({ causeId: undefined }), { upload: false }),
    [['causeId', /^La causa es requerida: el contrato que se prorroga se celebró por una de las causas objetivas revisadas/]], 'the upload takes the row; the adenda needs its cause')
  const text = await addendumText(sampleAddendum({ causeId: 'lince-feria-comercial' }))
  t.match(text, 'Incremento temporal e imprevisible de la demanda por la feria comercial instalada frente a la sede')
})

t.test('a lower salary than the original is refused unless the reduction was agreed, and then the adenda says so (§28; LPCL art. 30 b)', async (t) => {
  t.same(await refusals(sampleAddendum({ salary: 1400, salaryInWords: undefined })), [[
    'salary',
    'El sueldo no puede ser menor al sueldo anterior (S/ 1,500.00) sin que el trabajador acepte expresamente la reducción: una ' +
      'reducción impuesta por el empleador es un acto de hostilidad (art. 30 b de la LPCL). Solo una reducción acordada ' +
      '(REDUCCIÓN ACORDADA: SÍ) es lícita, y la adenda la hace constar'
  ]])
  t.match(await refusals(sampleAddendum({ originalSalary: undefined }), { upload: false }), [['originalSalary', /^El sueldo anterior es requerido/]])
  const agreed = await addendumText(sampleAddendum({ salary: 1400, salaryInWords: undefined, salaryReductionAgreed: true }))
  // the sample is a woman: the party as her adenda names her
  t.match(agreed, 'Menor que la anterior, de S/ 1,500.00: LA TRABAJADORA acepta expresamente esta reducción, acordada en esta adenda (Ley N.º 9463)')
  const agreedByHim = await addendumText(sampleAddendum({ sex: 'M', salary: 1400, salaryInWords: undefined, salaryReductionAgreed: true }))
  t.match(agreedByHim, 'EL TRABAJADOR acepta expresamente esta reducción')
  t.match(await addendumText(sampleAddendum()), 'Mayor que la anterior, de S/ 1,500.00.')
  // the sheet's SÍ / NO column
  const cells = (fields: Record<string, unknown>) => ADDENDUM_COLUMNS.map((spec) => fields[spec.field] ?? null)
  const sheet = workbook([[ADDENDUM_HEADERS,
    cells(sampleAddendum({ documentNumber: '11112222', salary: 1400, salaryInWords: 'MIL CUATROCIENTOS CON 00/100 SOLES', salaryReductionAgreed: 'SÍ' })),
    cells(sampleAddendum({ salary: 1400, salaryInWords: 'MIL CUATROCIENTOS CON 00/100 SOLES', salaryReductionAgreed: 'no' }))]])
  const upload = await app.inject({ method: 'POST', url: '/api/addendum/upload?partial=true', ...(await formPayload([{ name: 'adendas.xlsx', bytes: sheet }])) })
  t.match(upload.json().data.employees, [{ documentNumber: '11112222', salaryReductionAgreed: true }])
  t.match(upload.json().data.errors, [{ row: 3, field: 'salary', message: /sin que el trabajador acepte expresamente la reducción/ }])
})

t.test('the adenda\'s own signing date: not before today nor after the contract\'s end, and printed; entry and original signing against the start (§28)', async (t) => {
  const today = todayInLima()
  const { start, end } = sampleAddendumTerm()
  t.same(await refusals(sampleAddendum({ signingDate: addDays(today, -1) })),
    [['signingDate', `La fecha de firma de la adenda no puede ser anterior a hoy (${today}): una adenda no se firma con fecha pasada`]])
  t.same(await refusals(sampleAddendum({ signingDate: addDays(end, 1) })), [[
    'signingDate',
    `La fecha de firma de la adenda no puede ser posterior al fin del contrato (${end}): la prórroga consta por escrito antes del ` +
      'vencimiento; si se trabaja después sin ella, el contrato es de duración indeterminada (art. 77 a de la LPCL)'
  ]])
  t.same(await refusals(sampleAddendum({ entryDate: addDays(start, 1) })), [[
    'entryDate', 'La fecha de ingreso no puede ser posterior al inicio del contrato que se prorroga: el trabajador ingresó a más tardar el día en que ese contrato empezó'
  ]])
  t.same(await refusals(sampleAddendum({ start: addDays(today, 1), originalSigningDate: addDays(today, 1) })), [[
    'originalSigningDate', `La fecha de suscripción del contrato no puede ser posterior a hoy (${today}): el contrato que se prorroga ya está firmado`
  ]])
  t.match(await refusals(sampleAddendum({ position: 'Gerente de playa' })),
    [['position', /^El cargo no está en el catálogo de puestos del empleador.*: Operario de playa, Cajero, Supervisor, Vigilante, Asistente administrativo/]])
  const signed = addDays(today, 3)
  const text = await addendumText(sampleAddendum({ signingDate: signed, originalSigningDate: addDays(start, -2) }))
  t.match(text, `Lima ${dateInWords(signed)}`, 'its own signing date printed')
  t.match(text, `Operaria de playa ${dateInWords(addDays(start, -2))}`, 'the original contract\'s, in cuadro III')
  t.notMatch(text, /artículo 73|quince \(15\) días/, 'no art. 73 filing is promised (§30)')
  t.match(text, /ENTREGA DE LA ADENDA\. EL EMPLEADOR entrega a (EL TRABAJADOR|LA TRABAJADORA) un ejemplar/)
})

t.test('§37 the suplencia adenda restates its ground, its document and the new absenceTo, checked as in the contract, and prints them', async (t) => {
  const today = todayInLima()
  const term = sampleAddendumTerm()
  const citt = { kind: 'citt', number: 'A-987654321', date: today }
  const suplencia = (overrides: Record<string, unknown> = {}) => sampleAddendum({
    contractType: 'Subsidio',
    modality: '61',
    causeId: undefined,
    causeUpdate: 'La necesidad subsiste porque la persona suplida continúa ausente y su puesto debe seguir cubierto',
    substitutionGround: 'enfermedad-accidente',
    supportDocument: citt,
    absenceTo: term.endAddendum,
    ...overrides
  })
  const grounds = SUBSTITUTION_GROUNDS.map(({ name }) => name) // by name, never their codes (HR's words)
  t.same(await refusals(suplencia({ substitutionGround: undefined, absenceTo: undefined }), { upload: false }), [
    ['substitutionGround', SUPLENCIA_MESSAGES.addendumGroundRequired(grounds)],
    ['absenceTo', SUPLENCIA_MESSAGES.addendumAbsenceToRequired]
  ], 'the document needs both; the upload keeps the row')
  const shorter = addDays(term.endAddendum, -20)
  t.same(await refusals(suplencia({ absenceTo: shorter })), [['endAddendum', SUPLENCIA_MESSAGES.addendumEndsAfterAbsence(shorter)]],
    'the extension ends by the new expected return')
  t.same(await refusals(suplencia({ absenceTo: term.end })), [['absenceTo', SUPLENCIA_MESSAGES.addendumAbsenceBeforeStart(term.startAddendum)]],
    'a titular already back: no suplencia to extend')
  t.same(await refusals(suplencia({ supportDocument: { ...citt, number: 'A-987654321 (lumbalgia)' } })),
    [['supportDocument.number', SUPLENCIA_MESSAGES.documentNumberNotReference]], 'no diagnosis after the number')
  t.same(await refusals(suplencia({ substitutionGround: 'renuncia' })), [['substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(grounds)]])
  t.same(await refusals(sampleAddendum({ substitutionGround: 'maternidad' })), [['substitutionGround', SUPLENCIA_MESSAGES.addendumSuplenciaOnly]],
    'an art. 58 adenda names no suplencia ground')
  // maternity in the contract, illness now: the adenda prints the ground it has now, the CITT neutrally, the new return
  const text = await addendumText(suplencia())
  t.match(text, 'El reemplazo de la persona suplida indicada en EL CONTRATO, cuya ausencia subsiste (artículo 61 de la LPCL). Causa actual ' +
    'de la ausencia: La suspensión del vínculo laboral de la persona suplida por enfermedad o accidente comprobados (artículo 12, literal b, ' +
    'de la LPCL). Documento que la sustenta: Certificado de Incapacidad Temporal para el Trabajo (CITT) de EsSalud N.º A-987654321, del ' +
    `${dateInWords(today)}. Ausencia prevista hasta el ${dateInWords(term.endAddendum)}.`)
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [suplencia()] })
  t.equal(zip.statusCode, 200)
  const [entry] = (await zipEntries(zip.rawPayload)).filter((file) => file.name.endsWith('.pdf'))
  t.match(flat(await pdfText(entry.bytes)), 'Causa actual de la ausencia: La suspensión del vínculo laboral de la persona suplida por enfermedad')
})
