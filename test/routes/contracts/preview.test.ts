import { test } from 'tap'
import { randomUUID } from 'node:crypto'
import type { Employee } from '../../../schemas/employee.js'
import { build, sharedApp, pdfText, sampleEmployee, samplePartTime, sampleSubsidio } from '../../support/helper.js'
import { sampleTerm } from '../../support/samples.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { SUPLENCIA_MESSAGES } from '../../../schemas/messages.js'

const INVALID = 'La solicitud no se pudo procesar'

test('preview answers the contract PDF inline with the spec headers', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/pdf')
  t.equal(res.headers['content-disposition'], 'inline; filename="12345678-Operario de playa.pdf"')
  t.equal(Number(res.headers['content-length']), res.rawPayload.length)
  const text = await pdfText(res.rawPayload)
  t.match(text, /por necesidades del\s+mercado/)
  const { entryDate, endDate } = sampleTerm() // the sample's term, relative to today in Lima
  for (const value of ['Rosa María Quispe Mamani', '12345678', 'Operaria de playa', 'Playa Larcomar', 'S/ 1,500.00', dateInWords(entryDate), dateInWords(endDate)]) {
    t.match(text, value)
  }
})

test('the /api/contract alias serves the same preview (D1)', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contract/preview', payload: samplePartTime({ contractType: 'PART TIME' }) })
  t.equal(res.statusCode, 200)
  t.match(await pdfText(res.rawPayload), 'CONTRATO DE TRABAJO A TIEMPO PARCIAL')
})

test('a Subsidio preview prints the replacement data', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleSubsidio() })
  t.equal(res.statusCode, 200)
  const text = await pdfText(res.rawPayload)
  for (const value of ['Juan Pérez Gómez', 'comprobados (artículo 12, literal b, de la LPCL)', '44556677', 'Estable: contrato de trabajo a plazo indeterminado', 'tres (3) meses']) {
    t.match(text, value)
  }
})

test('characters outside WinAnsi render and read back', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ name: 'Zoltán Erdős', position: 'Supervisor ✓', positionProfile: 'supervisor' }) })
  t.equal(res.statusCode, 200)
  const text = await pdfText(res.rawPayload)
  t.match(text, 'Zoltán Erdős Quispe Mamani')
  t.match(text, 'Supervisor ✓')
})

const previewRules: [string, unknown, string][] = [
  ['name', 'R', 'Nombre debe tener al menos 2 letras'],
  ['lastNameFather', 'Quispe3', 'Apellido paterno solo puede contener letras y espacios'],
  ['lastNameMother', undefined, 'El apellido materno es requerido'],
  ['birthDate', '1990-03-15', 'Fecha debe estar en formato DD/MM/YYYY'],
  ['sex', 'X', 'El genero debe ser M, F, Masculino o Femenino'],
  ['dni', '1234567', 'DNI debe tener exactamente 8 dígitos numéricos.'],
  ['email', 'no-es-correo', 'El correo no tiene un formato válido'],
  ['address', 'x'.repeat(201), 'La dirección no puede superar 200 caracteres'],
  ['province', undefined, 'La provincia es requerida'],
  ['district', 'M', 'El distrito debe tener al menos 2 caracteres'],
  ['department', undefined, 'El departamento es requerido'],
  ['salary', 0, 'El sueldo debe ser mayor a 0'],
  ['salaryInWords', 'mil', 'El sueldo en letras debe tener entre 5 y 100 caracteres'],
  ['position', '', 'El cargo es requerido.'],
  ['entryDate', '31/02/2026', 'Fecha debe estar en formato DD/MM/YYYY'],
  ['endDate', undefined, 'La fecha de término es requerida'],
  ['subDivisionOrParking', undefined, 'sub división requerida'],
  ['contractType', 'Indefinido', 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time']
]
for (const [field, value, message] of previewRules) {
  test(`preview with ${field}=${JSON.stringify(value)?.slice(0, 16)} is a 400: body.${field} ${message}`, async (t) => {
    const app = await sharedApp()
    const payload = sampleEmployee({ [field]: value })
    if (value === undefined) delete payload[field]
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { success: false, message: INVALID, data: null, errors: [{ field: `body.${field}`, message }] })
  })
}

test('preview of a Subsidio needs all five replacement fields (rules 1-3, D11)', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ contractType: 'Subsidio' }) })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'body.replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio" },
    { field: 'body.reasonForSubstitution', message: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio" },
    { field: 'body.timeForCompany', message: 'El campo Tiempo en empresa es obligatorio' },
    { field: 'body.workingCondition', message: 'La condición laboral es obligatoria' },
    { field: 'body.probationaryPeriod', message: 'El periodo de prueba es obligatorio' },
    { field: 'body.replacedWorkerDni', message: 'El DNI de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)' },
    { field: 'body.replacedWorkerPosition', message: 'El cargo de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)' },
    { field: 'body.absenceTo', message: SUPLENCIA_MESSAGES.absenceToRequired } // §37
  ])
})

test('an end date before the entry date is refused (D10)', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ entryDate: '01/06/2027', endDate: '31/05/2027' }) })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [{ field: 'body.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' }])
})

test('a body that is not an object, or empty, is a 400', async (t) => {
  const app = await sharedApp()
  const list = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: [sampleEmployee()] })
  t.equal(list.statusCode, 400)
  t.equal(list.json().message, INVALID)
  const empty = await app.inject({ method: 'POST', url: '/api/contracts/preview', headers: { 'content-type': 'application/json' }, payload: '' })
  t.equal(empty.statusCode, 400)
})

test('hostile positions are made safe in Content-Disposition (D18)', async (t) => {
  const app = await sharedApp()
  const cases: [string, string, string | undefined][] = [
    ['../x', 'inline; filename="12345678-.-x.pdf"', undefined],
    ['Jefe "A"', 'inline; filename="12345678-Jefe _A_.pdf"', undefined],
    ['Jefe\nde turno', 'inline; filename="12345678-Jefe de turno.pdf"', undefined],
    ['a/b\\c', 'inline; filename="12345678-a-b-c.pdf"', undefined],
    ['Cajero ✓', 'inline; filename="12345678-Cajero _.pdf"', '12345678-Cajero%20%E2%9C%93.pdf'],
    ['Vigilante nocturno', 'inline; filename="12345678-Vigilante nocturno.pdf"', undefined],
    ['Técnico', 'inline; filename="12345678-Tecnico.pdf"', '12345678-T%C3%A9cnico.pdf']
  ]
  for (const [position, ascii, utf8] of cases) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ position, positionProfile: 'cajero' }) })
    t.equal(res.statusCode, 200, JSON.stringify(position))
    const header = res.headers['content-disposition'] as string
    t.equal(header, utf8 === undefined ? ascii : `${ascii}; filename*=UTF-8''${utf8}`)
    t.notMatch(header, /[\r\n]|\.\.|\//)
  }
})

test('session mode answers the PDF, or base64 JSON, for a DNI of an upload session (D3)', async (t) => {
  const app = await sharedApp()
  const imported = sampleSubsidio({ dni: '44445555' })
  const anonymous = sampleEmployee({ dni: '44446666' }) // as a sheet may import it: without sex and birth date
  delete anonymous.sex
  delete anonymous.birthDate
  const sessionId = await app.sessions.create([sampleEmployee() as Employee, imported as Employee, anonymous as Employee])
  const refused = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '44446666', format: 'file' } })
  t.equal(refused.statusCode, 400, 'no contract without sex and birth date, in session mode too (DOCUMENT-REQUIREMENTS §26)')
  t.same(refused.json().errors.map((issue: { field: string }) => issue.field), ['sex', 'birthDate'])

  const file = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '44445555', format: 'file' } })
  t.equal(file.statusCode, 200)
  t.equal(file.headers['content-type'], 'application/pdf')
  t.equal(file.headers['content-disposition'], 'inline; filename="44445555-Operario de playa.pdf"')
  const text = await pdfText(file.rawPayload)
  t.match(text, '44445555')

  const json = await app.inject({ method: 'POST', url: '/api/contract/preview', payload: { sessionId, dni: '12345678', format: 'base64' } })
  t.equal(json.statusCode, 200)
  const body = json.json()
  t.match(body, { success: true, data: { dni: '12345678', fileName: '12345678-Operario de playa.pdf' } })
  t.match(await pdfText(Buffer.from(body.data.pdfBase64, 'base64')), 'Rosa María Quispe Mamani')

  const byDefault = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '12345678' } })
  t.equal(byDefault.headers['content-type'], 'application/pdf', 'format defaults to file')
})

test('session mode errors: bad id 400, unknown session 404, DNI not in session 404 (D3)', async (t) => {
  const app = await sharedApp()
  const sessionId = await app.sessions.create([sampleEmployee() as Employee])
  const bad = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: '../../etc/passwd', dni: '12345678' } })
  t.equal(bad.statusCode, 400)
  t.same(bad.json(), { success: false, message: INVALID, data: null, errors: [{ field: 'body.sessionId', message: 'El identificador de sesión debe ser un UUID válido' }] })

  const unknown = randomUUID()
  const missing = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: unknown, dni: '12345678' } })
  t.equal(missing.statusCode, 404)
  t.same(missing.json(), { success: false, message: `Sesión no encontrada: ${unknown}`, data: null })

  const notThere = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '87654321' } })
  t.equal(notThere.statusCode, 404)
  t.same(notThere.json(), { success: false, message: 'Empleado no encontrado en la sesión: 87654321', data: null })

  const both = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: '123', format: 'pdf' } })
  t.equal(both.statusCode, 400)
  t.same(both.json().errors, [
    { field: 'body.dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.' },
    { field: 'body.format', message: "El formato debe ser 'file' o 'base64'" }
  ])
  const noDni = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId } })
  t.same(noDni.json().errors, [{ field: 'body.dni', message: 'El DNI es requerido' }])
})

test('a PDF generation failure is a 500 with the spec message', async (t) => {
  const app = await build(t, {}, async (instance) => {
    instance.pdfPool.contract = async () => { throw new Error('plantilla dañada') }
  })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal(res.statusCode, 500)
  t.match(res.json(), { success: false, message: 'Error interno del servidor', data: null })
})

test('when the PDF queue is full, previews are refused with a 503 instead of waiting', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 1 })
  const replies = await Promise.all(Array.from({ length: 6 }, () => app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })))
  const busy = replies.filter((res) => res.statusCode === 503)
  t.ok(busy.length >= 1, `${busy.length} refused`)
  t.ok(replies.some((res) => res.statusCode === 200), 'the first ones are served')
  t.same(busy[0].json(), { success: false, message: 'El servicio está ocupado. Intenta nuevamente en unos segundos.', data: null })
  t.equal(busy[0].headers['retry-after'], '2')
})

test('session mode applies the preview rules too: a Subsidio without its three extra fields is a 400 (rule 3, D11)', async (t) => {
  const app = await sharedApp()
  const imported = sampleSubsidio({ timeForCompany: undefined, workingCondition: undefined, probationaryPeriod: undefined })
  for (const key of ['timeForCompany', 'workingCondition', 'probationaryPeriod']) delete imported[key]
  const sessionId = await app.sessions.create([imported as Employee])
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: imported.dni, format: 'file' } })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'timeForCompany', message: 'El campo Tiempo en empresa es obligatorio' },
    { field: 'workingCondition', message: 'La condición laboral es obligatoria' },
    { field: 'probationaryPeriod', message: 'El periodo de prueba es obligatorio' }
  ])
})

test('?document= previews the data notice and the annex, marked "Vista previa", and records nothing', async (t) => {
  const app = await sharedApp()
  const dni = '40991234'
  for (const [document, title] of [['tratamiento-datos', /TRATAMIENTO DE (SUS )?DATOS PERSONALES/i], ['anexo', /ANEXO/]] as const) {
    const res = await app.inject({ method: 'POST', url: `/api/contracts/preview?document=${document}`, payload: sampleEmployee({ dni }) })
    t.equal(res.statusCode, 200, document)
    t.equal(res.headers['content-type'], 'application/pdf')
    t.equal(res.headers['content-disposition'], `inline; filename="${document}-${dni}.pdf"`)
    const text = await pdfText(res.rawPayload)
    t.match(text, title)
    t.match(text, 'Vista previa', 'no verification code: a preview')
    t.match(text, 'Rosa María Quispe Mamani')
  }
  const recorded = await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })
  t.same(recorded.json().data.contracts, [], 'a preview is never recorded')
  const wrong = await app.inject({ method: 'POST', url: '/api/contracts/preview?document=contrato.pdf', payload: sampleEmployee() })
  t.equal(wrong.statusCode, 400)
  t.match(wrong.json(), { success: false, errors: [{ field: 'document', message: "El documento debe ser 'contrato', 'tratamiento-datos' o 'anexo'" }] })
})
