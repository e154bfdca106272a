/**
 * Probation, suplencia and who the worker is (DOCUMENT-REQUIREMENTS §24-§27, §29, §31): each refusal on
 * its field on the preview, the ZIP and the upload's `data.contractIssues` (and its session preview),
 * and its lawful neighbour, whose PDF (read with pdfjs) prints what the rule decided.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleAddendum, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from '../../support/helper.js'
import { previewAndZipRefusals } from '../../support/refusals.js'
import { sampleTerm } from '../../support/samples.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../../support/spreadsheets.js'
import { ADDENDUM_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { SUBSTITUTION_GROUNDS, SUPPORT_DOCUMENT_KINDS } from '../../../src/vocabulary/substitution.js'
import {
  ANNEX_MESSAGES, PROBATION_MESSAGES, SUPLENCIA_MESSAGES, WORKER_MESSAGES, WORKING_TIME_MESSAGES
} from '../../../schemas/messages.js'

const app = await build(t)
const flat = (text: string) => text.replace(/\s+/g, ' ')
const GROUNDS = SUBSTITUTION_GROUNDS.map(({ name }) => name)

interface Issue { field: string, message: string }

/**
 * The refusals of `record` on the preview, on a ZIP holding it second, and in the upload's
 * `contractIssues` and its session preview, as `[field, message]`; each route must agree with the preview.
 */
async function refusals (record: Record<string, unknown>): Promise<string[][]> {
  // the preview and the ZIP refuse it alike (test/support/refusals.ts)
  const previewErrors: string[][] = await previewAndZipRefusals(t, app, record)
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[[...EMPLOYEE_HEADERS], employeeCells(record)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(upload.statusCode, 200, 'the import keeps the row (the exports take it)')
  const data = upload.json().data
  t.same((data.contractIssues as Issue[]).map(({ field, message }) => [field, message]), previewErrors, 'the upload lists the same issues')
  const session = await app.inject({
    method: 'POST', url: '/api/contracts/preview', payload: { sessionId: data.sessionId, dni: record.dni, format: 'file' }
  })
  t.equal(session.statusCode, 400, 'the session preview refuses it too')
  return previewErrors
}

/** The text of the contract (or, with `document`, the annex or the notice) of a lawful record. */
async function documentText (record: Record<string, unknown>, document: 'contract' | 'annex' | 'notice' = 'contract'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record] })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: zipped' : res.body)
  const entries = await zipEntries(res.rawPayload)
  const entry = entries.find(({ name }) => document === 'annex'
    ? name.includes('/Anexos/')
    : document === 'notice' ? name.includes('/Tratamiento de datos/') : !/\/(Anexos|Tratamiento de datos)\//.test(name))
  t.ok(entry, `the ZIP holds the ${document}`)
  const preview = document === 'contract'
    ? await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
    : undefined
  if (preview !== undefined) t.equal(preview.statusCode, 200, 'the preview makes it too')
  return flat(await pdfText((entry as { bytes: Buffer }).bytes))
}

t.test('probation: confianza 7 months refused, dirección 12 printed with the catalogue\'s justification', async (t) => {
  const supervisor = { position: 'Supervisor', sex: 'M', ...sampleTerm(12) }
  t.same(await refusals(sampleEmployee({ ...supervisor, probationaryPeriod: '7 meses', probationReason: 'confianza' })),
    [['probationaryPeriod', PROBATION_MESSAGES.overReason('confianza', 6)]])
  t.match(await documentText(sampleEmployee({ ...supervisor, probationaryPeriod: '6 meses', probationReason: 'confianza' })),
    /seis \(6\) meses EL EMPLEADOR califica el puesto de Supervisor como de confianza \(artículo 43 de la LPCL y artículo 59 del Decreto Supremo N\.º 001-96-TR\)\. Puesto de confianza, hasta seis \(6\) meses \(artículo 10 de la LPCL\): dirige el turno/,
    '§36: the qualification in its own sentence, before the probation\'s reason')
  const threeMonths = await documentText(sampleEmployee({ ...supervisor, probationaryPeriod: '3 meses', probationReason: 'confianza' }))
  t.match(threeMonths, 'EL EMPLEADOR califica el puesto de Supervisor como de confianza', 'qualified whatever the probation')
  t.match(threeMonths, 'No corresponde: el periodo de prueba no excede de tres (3) meses.')
  t.notMatch(await documentText(sampleEmployee({ ...supervisor, probationaryPeriod: '3 meses' })), 'califica el puesto', 'no reason: no qualification')
  const administrator = { position: 'Administradora de sede', ...sampleTerm(18) }
  const text = await documentText(sampleEmployee({ ...administrator, probationaryPeriod: '12 meses', probationReason: 'Dirección' }))
  t.match(text, 'doce (12) meses')
  t.match(text, 'EL EMPLEADOR califica el puesto de Administradora de sede como de dirección (artículo 43 de la LPCL y artículo 59 del Decreto ' +
    'Supremo N.º 001-96-TR). Puesto de dirección, hasta doce (12) meses (artículo 10 de la LPCL): representa a EL EMPLEADOR en la sede')
  t.match(text, 'artículo 59 del Decreto Supremo N.º 001-96-TR', 'the designation is communicated in writing')
  t.match(text, 'Administradora de sede', 'the position in its feminine form')
  t.same(await refusals(sampleEmployee({ ...administrator, probationaryPeriod: '13 meses', probationReason: 'direccion' })),
    [['probationaryPeriod', PROBATION_MESSAGES.overReason('direccion', 12)]], 'more than twelve months: the law, not a format')
})

t.test('probation: over three months needs a reason the catalogue gives the position', async (t) => {
  const term = sampleTerm(12)
  t.same(await refusals(sampleEmployee({ ...term, probationaryPeriod: '5 meses' })),
    [['probationaryPeriod', PROBATION_MESSAGES.needsReason('cinco (5) meses', [])]], 'an operario: no longer probation at all')
  t.same(await refusals(sampleEmployee({ ...term, position: 'Supervisora', probationaryPeriod: '5 meses' })),
    [['probationaryPeriod', PROBATION_MESSAGES.needsReason('cinco (5) meses', ['"confianza" (puesto de confianza, hasta 6 meses)'])]])
  t.same(await refusals(sampleEmployee({ ...term, position: 'Supervisora', probationaryPeriod: '5 meses', probationReason: 'calificado' })),
    [['probationReason', PROBATION_MESSAGES.reasonNotForPosition('calificado', 'Supervisor', ['"confianza" (puesto de confianza, hasta 6 meses)'])]])
  t.same(await refusals(sampleEmployee({ ...term, probationReason: 'gerencial' })), [['probationReason', PROBATION_MESSAGES.reasonUnknown]])
})

t.test('probation: "15 días" on a two-month term is printed; one as long as the term, or in part time, refused', async (t) => {
  const short = sampleTerm(2)
  const text = await documentText(sampleEmployee({ ...short, probationaryPeriod: '15 días' }))
  t.match(text, 'quince (15) días No corresponde: el periodo de prueba no excede de tres (3) meses.')
  t.match(await documentText(sampleEmployee(short)), 'No se pacta periodo de prueba. No corresponde: no se pacta periodo de prueba.',
    'none by default on a short term, said plainly (§36)')
  t.same(await refusals(sampleEmployee({ ...short, probationaryPeriod: '2 meses' })), [['probationaryPeriod', PROBATION_MESSAGES.notShorterThanTerm]])
  t.same(await refusals(samplePartTime({ probationaryPeriod: '1 mes' })), [['probationaryPeriod', PROBATION_MESSAGES.partTime]])
})

t.test('suplencia: a resignation, a dismissal or a vacancy is no ground; an unknown code lists the grounds', async (t) => {
  t.same(await refusals(sampleSubsidio({ substitutionGround: 'renuncia' })), [['substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(GROUNDS)]])
  t.same(await refusals(sampleSubsidio({ reasonForSubstitution: 'Renuncia del titular, plaza vacante' })),
    [['substitutionGround', SUPLENCIA_MESSAGES.noSuplencia(GROUNDS)]])
  t.same(await refusals(sampleSubsidio({ substitutionGround: 'huelga' })), [['substitutionGround', SUPLENCIA_MESSAGES.groundUnknown(GROUNDS)]])
})

t.test('suplencia: the ground recognised from "licencia por maternidad" is the only one printed; ambiguous text refused', async (t) => {
  const text = await documentText(sampleSubsidio({ reasonForSubstitution: 'Licencia por maternidad de la titular' }))
  t.match(text, 'La suspensión del vínculo laboral de la persona suplida por el descanso prenatal y postnatal por maternidad (artículo 12, literal c, de la LPCL).')
  t.notMatch(text, /por el descanso vacacional|destaque temporal|por enfermedad o accidente|Licencia por maternidad de la titular/, 'no other ground, and not the free text')
  t.match(text, 'artículo 77, literal c, de la LPCL', 'a titular who does not return while the substitute works on: c')
  t.match(text, 'artículo 77, literal a, de la LPCL', 'working on after the return: a')
  t.same(await refusals(sampleSubsidio({ reasonForSubstitution: 'Vacaciones y luego descanso médico' })), [[
    'substitutionGround',
    SUPLENCIA_MESSAGES.groundAmbiguous(['Enfermedad o accidente comprobados (descanso médico)', 'Descanso vacacional'], GROUNDS)
  ]])
  t.same(await refusals(sampleSubsidio({ reasonForSubstitution: 'Motivos personales' })), [['substitutionGround', SUPLENCIA_MESSAGES.groundNotRecognised(GROUNDS)]])
  const chosen = await documentText(sampleSubsidio({
    reasonForSubstitution: 'Vacaciones y luego descanso médico',
    substitutionGround: 'vacaciones',
    supportDocument: { kind: 'Rol de vacaciones', number: '2026-014', date: todayInLima() },
    absenceFrom: sampleTerm().entryDate,
    absenceTo: sampleTerm().endDate
  }))
  t.match(chosen, 'por el descanso vacacional (artículo 12, literal d, de la LPCL). Documento que la sustenta: Rol de vacaciones ' +
    `N.º 2026-014, del ${dateInWords(todayInLima())}.`)
  t.match(chosen, `Ausencia prevista del ${dateInWords(sampleTerm().entryDate)} al ${dateInWords(sampleTerm().endDate)}.`)
  const transfer = await documentText(sampleSubsidio({ substitutionGround: 'destaque' }))
  t.match(transfer, 'su vínculo laboral no está suspendido', 'a transfer is not called a suspension')
  t.same(await refusals(sampleSubsidio({ absenceTo: addDays(sampleTerm().endDate, -10) })),
    [['endDate', SUPLENCIA_MESSAGES.endsAfterAbsence(addDays(sampleTerm().endDate, -10))]])
})

t.test('§37 suplencia evidence: a CITT with a diagnosis after it refused; the document printed neutrally; absenceTo required', async (t) => {
  const today = todayInLima()
  const citt = { kind: 'CITT de EsSalud', number: 'A-123456789', date: today }
  const text = await documentText(sampleSubsidio({ supportDocument: citt }))
  t.match(text, 'Documento que la sustenta: Certificado de Incapacidad Temporal para el Trabajo (CITT) de EsSalud N.º ' +
    `A-123456789, del ${dateInWords(today)}. Ausencia prevista hasta el ${dateInWords(sampleTerm().endDate)}.`)
  t.same(await refusals(sampleSubsidio({ supportDocument: { ...citt, number: 'A-123456789 por lumbalgia aguda' } })),
    [['supportDocument.number', SUPLENCIA_MESSAGES.documentNumberNotReference]], 'free text after the number: refused, never printed')
  t.same(await refusals(sampleSubsidio({ supportDocument: { ...citt, number: 'M54.5' } })),
    [['supportDocument.number', SUPLENCIA_MESSAGES.documentNumberNotReference]], 'a CIE-10 diagnosis is no reference')
  t.same(await refusals(sampleSubsidio({ supportDocument: { ...citt, kind: 'Informe de la clínica' } })),
    [['supportDocument.kind', SUPLENCIA_MESSAGES.documentKindUnknown(SUPPORT_DOCUMENT_KINDS.map(({ name }) => name))]])
  t.same(await refusals(sampleSubsidio({ supportDocument: { ...citt, date: addDays(today, 1) } })),
    [['supportDocument.date', SUPLENCIA_MESSAGES.documentDateAfterToday(today)]])
  t.same(await refusals(sampleSubsidio({ absenceTo: undefined })), [['absenceTo', SUPLENCIA_MESSAGES.absenceToRequired]],
    'a suplencia without the expected return is refused')
  t.same(await refusals(sampleSubsidio({ substitutionDocument: 'CITT A-123456789, lumbalgia' })),
    [['substitutionDocument', SUPLENCIA_MESSAGES.documentAsText]], 'the former free text: refused clearly, never printed')
  t.match(await previewAndZipRefusals(t, app, sampleEmployee({ supportDocument: citt })), [['supportDocument', /Subsidio/]], 'a suplencia\'s field only')
  // the template's three columns fill supportDocument; the upload keeps the row and its session preview prints it
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[[...EMPLOYEE_HEADERS], employeeCells(sampleSubsidio({ supportDocument: citt }))]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(upload.statusCode, 200)
  t.same(upload.json().data.contractIssues, [])
  const session = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: upload.json().data.sessionId, dni: '87654321', format: 'file' } })
  t.equal(session.statusCode, 200)
  t.match(flat(await pdfText(session.rawPayload)), 'de EsSalud N.º A-123456789')
  const profile = (await app.inject({ method: 'GET', url: '/api/profile' })).json().data
  t.same(profile.supportDocumentKinds.map(({ name }: { name: string }) => name).slice(0, 4),
    ['CITT de EsSalud', 'Certificado médico', 'Resolución de licencia', 'Documento de destaque'], 'GET /api/profile lists the kinds')
})

t.test('suplencia: the titular is another worker, in the same post, and stable ("indefinido" too)', async (t) => {
  t.same(await refusals(sampleSubsidio({ replacedWorkerDni: '87654321' })), [['replacedWorkerDni', SUPLENCIA_MESSAGES.titularIsWorker]])
  t.same(await refusals(sampleSubsidio({ replacedWorkerPosition: 'Cajero' })),
    [['replacedWorkerPosition', SUPLENCIA_MESSAGES.titularOtherPosition('Operario de playa')]])
  t.same(await refusals(sampleSubsidio({ workingCondition: 'Plazo fijo' })), [['workingCondition', SUPLENCIA_MESSAGES.titularNotStable]])
  const text = await documentText(sampleSubsidio({ workingCondition: 'Con contrato indefinido', replacedWorkerPosition: 'Operaria de playa' }))
  t.match(text, 'Estable: contrato de trabajo a plazo indeterminado', 'the stable titular as the fact checked')
  t.notMatch(text, '2 años', 'timeForCompany is accepted and not printed')
})

t.test('who: a contract without sex or birth date is refused on the field; a woman\'s prints "Cajera" and the site\'s address', async (t) => {
  t.same(await refusals(sampleEmployee({ sex: undefined })), [['sex', WORKER_MESSAGES.sexRequired('contrato')]])
  t.same(await refusals(sampleEmployee({ birthDate: undefined })), [['birthDate', WORKER_MESSAGES.birthDateRequired('contrato')]])
  const woman = await documentText(sampleEmployee({ position: 'Cajero', sex: 'F' }))
  t.match(woman, 'Cajera Playa Larcomar: Malecón')
  t.match(woman, 'Playa Larcomar: Malecón de la Reserva 610, sótano 2, Miraflores, Lima (dirección ficticia)')
  t.match(woman, 'ante el juez del lugar donde presta servicios, indicado en el cuadro III')
  t.match(woman, 'DATOS DE LA TRABAJADORA')
  const man = await documentText(sampleEmployee({ position: 'Cajera', sex: 'M' }))
  t.match(man, 'Cajero Playa Larcomar: Malecón')
  t.match(man, 'DATOS DEL TRABAJADOR')
})

t.test('§35 part time: 5 x 4 h refused on contractType naming the Planilla con jornada reducida (preview, ZIP, upload); 5 x 3 h 45 and a 16-hour weekend pass', async (t) => {
  const [[field, message]] = await refusals(samplePartTime({ workSchedule: 'de 18:00 a 22:00 horas' }))
  t.equal(field, 'contractType')
  t.equal(message, WORKING_TIME_MESSAGES.partTimeOwnDays('20 horas', 5, 'lunes a viernes', '4 horas'))
  t.match(message, 'El camino lícito es un contrato de Planilla con jornada reducida', 'the lawful way, in HR\'s words')
  t.match(await documentText(samplePartTime({ workSchedule: 'de 18:00 a 21:45 horas' })), '18 horas y 45 minutos semanales')
  const weekend = await documentText(samplePartTime({ workDays: 'sábado y domingo', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' }))
  t.match(weekend, 'CONTRATO DE TRABAJO A TIEMPO PARCIAL')
  t.match(weekend, '16 horas semanales')
  t.notMatch(weekend, /cuarenta y ocho \(48\) semanales|conforme a ley\)?\.? no le corresponde/)
})

t.test('part time: the exclusions are clause text, and the dismissal clauses agree (§31)', async (t) => {
  const text = await documentText(samplePartTime())
  t.match(text, 'LA TRABAJADORA no tiene derecho a la compensación por tiempo de servicios (artículo 4 del Decreto Supremo N.º 001-97-TR) ni al descanso vacacional')
  t.match(text, 'LA TRABAJADORA tendrá derecho a la indemnización que corresponda conforme a ley (artículo 76 de la LPCL)',
    '§35: art. 76 neither granted nor denied categorically beside "no le alcanza la protección"')
  t.notMatch(text, /abonará a LA TRABAJADORA la indemnización|tampoco le corresponde/)
})

t.test('annex: maternity and reproductive risks in every annex; night-work risks when the schedule touches 22:00-06:00', async (t) => {
  const day = await documentText(sampleEmployee({ sex: 'M' }), 'annex')
  t.match(day, 'factores que pueden afectar la función reproductiva de trabajadoras y trabajadores')
  t.match(day, 'puede comunicarlo a EL EMPLEADOR, con el certificado médico correspondiente, para que se aplique esta protección')
  t.match(day, 'Ley N.º 28048')
  t.match(day, 'El horario pactado no incluye trabajo nocturno')
  const night = await documentText(sampleEmployee({ workDays: 'lunes a sábado', workSchedule: 'de 22:00 a 06:00 horas, con 45 minutos de refrigerio', salary: 1600, salaryInWords: undefined }), 'annex')
  t.match(night, 'a) fatiga, somnolencia y alteración del sueño por trabajar entre las 22:00 y las 06:00 horas')
  t.match(night, 'artículo 49, literal d, de la Ley N.º 29783')
})

t.test('annex: an IPERC more than 12 months old at the start is a warning of the upload, not a refusal', async (t) => {
  const late = addDays(termEnd('15/01/2026', 12), 2) // the test profile's IPERCs are of 15/01/2026
  const entryDate = dayMonthYearKey(late) > dayMonthYearKey(todayInLima()) ? late : addDays(todayInLima(), 7)
  const record = sampleEmployee({ position: 'Cajero', entryDate, endDate: termEnd(entryDate, 6) })
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[[...EMPLOYEE_HEADERS], employeeCells(record)]]) }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 200)
  const { warnings, contractIssues } = res.json().data
  t.same(contractIssues, [], 'the contract is not refused for it')
  t.same(warnings.filter((w: { scope?: string }) => w.scope === 'employer'), [{
    row: 2, field: 'position', header: 'CARGO', scope: 'employer', message: ANNEX_MESSAGES.ipercOutdated('IPERC-CA-01', '15/01/2026', 'Cajero', entryDate)
  }])
})

t.test('adenda: sex and birth date required on the preview, the ZIP and the upload\'s documentIssues; printed in her gender', async (t) => {
  for (const field of ['sex', 'birthDate'] as const) {
    const record = sampleAddendum({ [field]: undefined })
    const preview = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: record })
    const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [record] })
    const message = field === 'sex' ? WORKER_MESSAGES.sexRequired('adenda') : WORKER_MESSAGES.birthDateRequired('adenda')
    t.equal(preview.statusCode, 400)
    t.same(preview.json().errors, [{ field: `body.${field}`, message }])
    t.equal(zip.statusCode, 400)
    t.same(zip.json().errors, [{ field: `body.0.${field}`, message }])
    const cells = ADDENDUM_COLUMNS.map((spec) => record[spec.field] ?? null)
    const form = await formPayload([{ name: 'adendas.xlsx', bytes: workbook([[ADDENDUM_COLUMNS.map((spec) => spec.headers[0]), cells]]) }])
    const upload = await app.inject({ method: 'POST', url: '/api/addendum/upload', ...form })
    t.equal(upload.statusCode, 200)
    t.match(upload.json().data.documentIssues, [{ row: 2, field, message }])
  }
  const res = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ position: 'Operario de playa' }) })
  t.equal(res.statusCode, 200)
  const text = flat(await pdfText(res.rawPayload))
  t.match(text, 'DATOS DE LA TRABAJADORA')
  t.match(text, 'Operaria de playa', 'the catalogue\'s form for her sex')
})

t.test('GET /api/profile publishes the sites with their address, the suplencia grounds and each position\'s probation reasons', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/profile' })
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.match(data.sites[0], { name: 'Playa Larcomar', address: /^Malecón de la Reserva 610/, modalities: ['57', '58', '61'] })
  t.same(data.substitutionGrounds.map((ground: { code: string }) => ground.code), SUBSTITUTION_GROUNDS.map(({ code }) => code))
  t.notOk(data.substitutionGrounds.some((ground: { code: string }) => /huelga|renuncia/.test(ground.code)))
  t.match(data.positions.find((position: { key: string }) => position.key === 'administrador-de-sede'), {
    feminineName: 'Administradora de sede', probationReasons: [{ reason: 'direccion', maxMonths: 12, justification: /^representa a EL EMPLEADOR/ }]
  })
  t.same(data.positions.find((position: { key: string }) => position.key === 'cajero').probationReasons, [])
})

t.test('the data notice: ARCO times of D.S. 016-2024-JUS, CCTV retention apart, neutral texts', async (t) => {
  const text = await documentText(sampleEmployee(), 'notice')
  t.match(text, 'Reglamento de la LPDP, aprobado por Decreto Supremo N.º 016-2024-JUS: ocho (8) días hábiles')
  t.match(text, 'Las imágenes de las cámaras de videovigilancia se conservan solo el plazo indicado en el apartado de videovigilancia')
  t.match(text, 'la AFP que elija la persona trabajadora')
  t.notMatch(text, 'elija el trabajador')
})
