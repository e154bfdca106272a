/**
 * A contract the service cannot make lawful is refused with a 400 on the field, the same
 * way on the preview (record and session modes), the ZIP and, as `data.contractIssues`, the import;
 * its lawful neighbour passes and its PDF, read with pdfjs, prints what the rule decided.
 * DOCUMENT-REQUIREMENTS §11-16, §20.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleEmployee, sampleSubsidio, zipEntries } from '../../support/helper.js'
import { flat, previewAndZipRefusals, previewedContractText } from '../../support/refusals.js'
import { sampleTerm } from '../../support/samples.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../../support/spreadsheets.js'
import { EMPLOYEE_COLUMNS } from '../../../src/spreadsheets/columns.js'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { WORKING_TIME_MESSAGES } from '../../../schemas/messages.js'

// every "today" is Lima's whatever the process time zone: run this file where it is already tomorrow
process.env.TZ = 'Pacific/Kiritimati'
const app = await build(t)

const partTime = (overrides: Record<string, unknown> = {}) =>
  sampleEmployee({ contractType: 'Part Time', salary: 600, salaryInWords: undefined, workDays: 'lunes a viernes', ...overrides })

/** The errors of a preview of `record` and of a ZIP holding it second, the same on both (test/support/refusals.ts). */
const refusals = async (record: Record<string, unknown>) => await previewAndZipRefusals(t, app, record)

/** The contract of a lawful record, flattened. */
const contractText = async (record: Record<string, unknown>) => await previewedContractText(t, app, record)

t.test('the signing date: none prints today in Lima; past, or after the start, refused', async (t) => {
  const today = todayInLima()
  t.match(await contractText(sampleEmployee()), `Lima ${dateInWords(today)}`, 'today in Lima although TZ is Pacific/Kiritimati')
  t.same(await refusals(sampleEmployee({ signingDate: addDays(today, -1) })),
    [['signingDate', `La fecha de suscripción no puede ser anterior a hoy (${today}): un contrato no se firma con fecha pasada`]])
  const { entryDate } = sampleTerm()
  t.match((await refusals(sampleEmployee({ signingDate: addDays(entryDate, 1) })))[0], ['signingDate', /posterior a la fecha de ingreso/])
  t.match((await refusals(sampleEmployee({ entryDate: addDays(today, -3) })))[0], ['entryDate', /no puede ser anterior a hoy/])
})

t.test('a six-year art. 58 term is refused on endDate; five years pass', async (t) => {
  const { entryDate } = sampleTerm()
  t.same(await refusals(sampleEmployee({ modality: '58', endDate: termEnd(entryDate, 72) })), [[
    'endDate',
    `El plazo supera el máximo de 60 meses de la modalidad «necesidades del mercado»: la fecha de término debe ser como máximo ${termEnd(entryDate, 60)}`
  ]])
  const text = await contractText(sampleEmployee({ modality: 'necesidades del mercado', endDate: termEnd(entryDate, 60) }))
  t.match(text, 'necesidades del mercado (artículo 58 de la LPCL)')
  t.match(text, 'EL EMPLEADOR declara que el incremento de la demanda es coyuntural e imprevisible')
  t.notMatch(text, 'Cuando la modalidad')
  t.notMatch(text, 'plazo de este contrato.', "the cause is not tied to the contract's term")
})

t.test('a modality the site does not contract in is refused on modality, naming the site\'s; another passes with its reviewed cause', async (t) => {
  t.same(await refusals(sampleEmployee({ modality: '60' })), [[
    'modality',
    'La sede Playa Larcomar no contrata en la modalidad «ocasional»: las modalidades de esa sede son «inicio o incremento ' +
      'de actividad», «necesidades del mercado», «suplencia»'
  ]])
  const text = await contractText(sampleEmployee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '57', causeId: 'mall-aventura-apertura' }))
  t.match(text, 'inicio o incremento de actividad (artículo 57 de la LPCL)')
  t.match(text, 'Apertura de la nueva sede en el centro comercial Mall Aventura')
  t.match(text, 'EL EMPLEADOR declara que esta necesidad nace del inicio de una nueva actividad')
  t.notMatch(text, 'coyuntural e imprevisible', "art. 58's declaration only with an art. 58 cause")
})

t.test('part time over the six-day ordinary week: 24 h over lunes a sábado refused, 20 h over five days passes; a wrong total refused', async (t) => {
  t.same(await refusals(partTime({ weeklyHours: 24, workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 22:00 horas' })), [[
    'weeklyHours',
    'Un contrato a tiempo parcial debe promediar menos de cuatro horas diarias: 24 horas semanales ÷ 6 días de la semana ' +
      'del centro de trabajo = 4 horas diarias (art. 12 del D.S. 001-96-TR); la persona trabaja 6 días (lunes a sábado)'
  ]])
  const text = await contractText(partTime({ weeklyHours: 19.25, workSchedule: 'de 18:00 a 21:51 horas' }))
  t.match(text, '19 horas y 15 minutos semanales')
  t.match(text, 'lunes a viernes')
  t.match(text, 'de 18:00 a 21:51 horas')
  // §35: 20 ÷ 6 is under four, but over the worker's own five days it is four: refused as part time
  t.same(await refusals(partTime({ weeklyHours: 20, workSchedule: 'de 18:00 a 22:00 horas' })), [['contractType',
    WORKING_TIME_MESSAGES.partTimeOwnDays('20 horas', 5, 'lunes a viernes', '4 horas')]])
  const fiveByThreeFortyFive = await contractText(partTime({ workSchedule: 'de 18:00 a 21:45 horas' }))
  t.match(fiveByThreeFortyFive, '18 horas y 45 minutos semanales', '5 x 3 h 45 min is part time under both readings')
  t.notMatch(fiveByThreeFortyFive, 'cuarenta y ocho (48) semanales', 'no 8-h/48-h sentence in part time')
  const weekend = await contractText(partTime({ workDays: 'sábado y domingo', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' }))
  t.match(weekend, '16 horas semanales', 'a weekend part time of 16 hours stays part time (÷ 5)')
  const reduced = await contractText(sampleEmployee({ workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 12:00 horas', salary: 1200, salaryInWords: undefined }))
  t.notMatch(reduced, 'A TIEMPO PARCIAL', 'a Planilla of 5 x 4 h is the full-benefit contract with a reduced week')
  t.same(await refusals(partTime({ weeklyHours: 18, workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 14:00 horas', salary: 900 })),
    [['weeklyHours', 'Las horas semanales no coinciden con los días y el horario indicados, que suman 36 horas semanales']])
  t.match(await refusals(partTime({ workDays: undefined, workSchedule: undefined })), [
    ['workDays', 'Un contrato a tiempo parcial debe indicar sus días de trabajo y su horario'],
    ['workSchedule', 'Un contrato a tiempo parcial debe indicar sus días de trabajo y su horario']
  ])
  t.match((await refusals(partTime({ workSchedule: 'por las noches' })))[0], ['workSchedule', /de 18:00 a 21:45 horas/], 'names the accepted forms')
})

t.test('night work: below RMV + 35 % on its share refused, above it printed with a night-work clause', async (t) => {
  const night = { workDays: 'lunes a sábado', workSchedule: 'de 22:00 a 06:45 horas, con 45 minutos de refrigerio' }
  t.match(await refusals(sampleEmployee({ ...night, salary: 1500 })), [['salary', /S\/ 1,525\.50: el horario incluye trabajo nocturno/]])
  const text = await contractText(sampleEmployee({ ...night, salary: 1600, salaryInWords: undefined }))
  t.match(text, 'Incluye trabajo nocturno')
  t.notMatch(await contractText(sampleEmployee()), 'nocturno', 'a day schedule has no night clause')
})

t.test('probation: a three-month term prints none; five months need their reason', async (t) => {
  const text = await contractText(sampleEmployee(sampleTerm(3)))
  t.match(text, 'No se pacta periodo de prueba. No corresponde: no se pacta periodo de prueba.',
    '§36: said plainly, not "no excede de tres meses"')
  t.notMatch(text, /sin periodo de prueba|no excede de tres/)
  t.match(text, 'artículo 16 del Decreto Supremo N.º 001-96-TR', 'the Reglamento on periods already served')
  t.match(await refusals(sampleEmployee({ probationaryPeriod: '5 meses' })), [['probationaryPeriod', /supera los tres meses del art\. 10/]])
  t.match(await contractText(sampleEmployee({ ...sampleTerm(12), position: 'Supervisora', probationaryPeriod: '5 meses', probationReason: 'confianza' })),
    'cinco (5) meses EL EMPLEADOR califica el puesto de Supervisora como de confianza')
})

t.test('suplencia: the replaced person in full, a stable titular; the ZIP refuses what the preview refuses', async (t) => {
  t.same(await refusals(sampleSubsidio({ replacedWorkerDni: undefined })),
    [['replacedWorkerDni', 'El DNI de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)']])
  t.match(await refusals(sampleSubsidio({ workingCondition: 'Plazo fijo' })), [['workingCondition', /debe ser estable/]])
  t.match(await refusals(sampleSubsidio({ workingCondition: 'No es estable ni de plazo indeterminado: es temporal' })),
    [['workingCondition', /debe ser estable/]], 'words of stability negated are no stable titular')
  const text = await contractText(sampleSubsidio({ workingCondition: 'indefinido, tiempo completo (según RR. HH.)' }))
  t.match(text, 'Estable: contrato de trabajo a plazo indeterminado', 'the fact checked is printed')
  t.notMatch(text, 'según RR. HH.', 'not the words typed')
  t.match(text, 'la persona suplida')
  t.match(text, '44556677')
  t.match(text, 'artículo 77, literal c, de la LPCL')
  t.match(await contractText(sampleSubsidio({ substitutionGround: 'destaque' })), 'en el mismo centro de trabajo', 'a transfer: art. 61\'s wording')
  t.notMatch(text, '2 años', 'seniority is accepted but no longer printed')
})

t.test('a minor is refused on birthDate', async (t) => {
  const { entryDate } = sampleTerm()
  const [day, month, year] = entryDate.split('/')
  t.match(await refusals(sampleEmployee({ birthDate: `${day}/${month}/${Number(year) - 17}` })), [['birthDate', /menos de 18 años/]])
})

/** The annex of `record` from a one-person ZIP, flattened. */
async function annexText (record: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record] })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: zipped' : res.body)
  const annex = (await zipEntries(res.rawPayload)).find((entry) => entry.name.includes('/Anexos/'))
  return flat(await pdfText((annex as { bytes: Buffer }).bytes))
}

t.test('a position outside the catalogue is refused naming its positions; by alias or by positionProfile it gets its own annex', async (t) => {
  const names = 'Operario de playa, Cajero, Supervisor, Vigilante, Asistente administrativo, Administrador de sede'
  t.same(await refusals(sampleEmployee({ position: 'Técnico de línea' })), [[
    'position',
    'El cargo no está en el catálogo de puestos del empleador, que define las funciones, los riesgos y los equipos del anexo; ' +
      `use uno de estos: ${names}, o indique el puesto del catálogo en PERFIL DE PUESTO`
  ]])
  t.same(await refusals(sampleEmployee({ position: 'Cajero', positionProfile: 'gerente' })), [[
    'positionProfile',
    'El perfil de puesto no existe en el catálogo del empleador; use una de estas claves: ' +
      'operario-de-playa, cajero, supervisor, vigilante, asistente-administrativo, administrador-de-sede'
  ]])
  const cashier = await annexText(sampleEmployee({ position: 'CAJERA' }))
  t.match(cashier, 'Cajera', 'the catalogue\'s form of the position for her sex (§26)')
  t.match(cashier, 'IPERC-CA-01, del 15 de enero de 2026', 'the IPERC is identified')
  t.match(cashier, 'realizar los cobros y emitir los comprobantes de pago', 'the cashier\'s functions')
  t.match(cashier, 'no requiere equipos de protección personal', 'a chair is no PPE')
  t.match(cashier, /a\) silla ergonómica regulable; b\) apoyapiés/)
  t.notMatch(cashier, 'chaleco', 'never another position\'s equipment')
  const technician = await annexText(sampleEmployee({ position: 'Técnico de línea', positionProfile: 'operario-de-playa', subDivisionOrParking: 'Playa Lince' }))
  t.match(technician, 'Técnico de línea')
  t.match(technician, 'IPERC-OP-01')
  t.match(technician, /a\) chaleco con cinta reflectiva; .* protector solar/)
  t.match(technician, 'Se entrega un ejemplar del Reglamento Interno de Trabajo', 'the internal rules')
})

t.test('the import keeps the rows the spec accepts and lists those that cannot become a contract; their preview is refused', async (t) => {
  const header = [...EMPLOYEE_HEADERS]
  const cells = (record: Record<string, unknown>) => employeeCells(record)
  const rows = [
    header,
    cells(sampleEmployee({ dni: '10000001' })),
    cells(sampleEmployee({ dni: '10000002', entryDate: '01/03/2020', endDate: '31/12/2020' })),
    cells(sampleSubsidio({ dni: '10000003', workingCondition: 'Contrato temporal' })),
    cells(sampleEmployee({ dni: '10000004', position: 'Gerente' })),
    cells(sampleEmployee({ dni: '10000005', position: 'Gerente', positionProfile: 'supervisor' }))
  ]
  t.equal(header.length, EMPLOYEE_COLUMNS.length)
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([rows]) }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.equal(data.totalRecords, 5, 'every row the spec accepts is imported (the exports take them)')
  t.match(data.contractIssues, [
    { row: 3, field: 'entryDate', message: /no puede ser anterior a hoy/ },
    { row: 3, field: 'causeId', message: /se ajusta al plazo y la jornada de este contrato/ },
    { row: 4, field: 'workingCondition', message: /debe ser estable/ },
    { row: 5, dni: '10000004', field: 'position', message: /no está en el catálogo de puestos/ }
  ])
  t.equal(data.contractIssues.length, 4, 'a position given its catalogue entry by PERFIL DE PUESTO is no issue')
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: data.sessionId, dni: '10000002', format: 'file' } })
  t.equal(preview.statusCode, 400)
  t.match(preview.json().errors, [{ field: 'entryDate', message: /no puede ser anterior a hoy/ }], 'session mode names the bare field, as its other errors')
  const ok = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: data.sessionId, dni: '10000001', format: 'file' } })
  t.equal(ok.statusCode, 200)
})

t.test('a ZIP of lawful contracts holds every document', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contracts/download-zip',
    payload: [sampleEmployee(), sampleSubsidio(), partTime({ dni: '22334455', workSchedule: 'de 18:00 a 21:45 horas' })]
  })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-disposition'], `attachment; filename="contratos-${todayInLima().replaceAll('/', '-')}.zip"`)
  const names = (await zipEntries(res.rawPayload)).map((entry) => entry.name)
  t.equal(names.length, 9)
  t.notOk(names.includes('errores.txt'))
})

t.test('wording: feminine agreement, art. 76 said once for part time, the representative\'s DNI beside the representative', async (t) => {
  const female = await contractText(sampleEmployee({ sex: 'F' }))
  t.match(female, 'será incorporada en la planilla')
  t.match(female, 'no queda sujeta a uno nuevo')
  t.notMatch(female, /incorporado en la planilla|queda sujeto a uno/)
  t.match(female, /Representante\s+DNI N\.º del representante[\s\S]*María Ejemplo Ficticio\s+99999999/, 'one row: name, then DNI')
  const text = await contractText(partTime({ weeklyHours: 18.75, workSchedule: 'de 18:00 a 21:45 horas' }))
  // §35: no categorical denial of art. 76's indemnity: the law decides it
  t.match(text, 'LA TRABAJADORA tendrá derecho a la indemnización que corresponda conforme a ley (artículo 76 de la LPCL)')
  t.notMatch(text, /tampoco le corresponde la indemnización|no le corresponde la indemnización|salvo que el cuadro III/)
  t.notMatch(text, 'en la medida en que le sea aplicable')
  t.match(text, 'ni al descanso vacacional (artículo 11 del Decreto Legislativo N.º 713 y artículo 11 del Decreto Supremo N.º 012-92-TR)',
    'vacations cite D.S. 012-92-TR art. 11')
  t.match(text, 'PERIODO DE PRUEBA. No se pacta periodo de prueba.', '§36 said plainly in part time too')
  const suplencia = await contractText(sampleSubsidio({ workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas', salary: 600, salaryInWords: undefined }))
  t.match(suplencia, 'la indemnización que corresponda conforme a ley (artículo 76 de la LPCL)', 'a part-time suplencia: the same clause')
  t.notMatch(suplencia, 'salvo que el cuadro III califique su jornada')
})
