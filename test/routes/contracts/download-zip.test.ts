import { test } from 'tap'
import type { AddressInfo } from 'node:net'
import type { Employee } from '../../../schemas/employee.js'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { build, sharedApp, failDocumentsOf, pdfText, postJson, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from '../../support/helper.js'
import { SUPLENCIA_MESSAGES } from '../../../schemas/messages.js'

const INVALID = 'La solicitud no se pudo procesar'
const EMPTY = 'Debes seleccionar al menos un empleado para generar el ZIP.'

function mixedBatch (): Record<string, unknown>[] {
  return [
    sampleEmployee(),
    samplePartTime({ dni: '22223333', name: 'Luis', lastNameFather: 'Huamán', contractType: 'PART TIME', position: 'Cajero' }),
    sampleSubsidio(),
    sampleSubsidio({ dni: '55556666', name: 'Ana', timeForCompany: undefined })
  ]
}

test('a mixed batch gives one ZIP with each employee\'s three PDFs in the spec layout', async (t) => {
  const app = await sharedApp()
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: mixedBatch() })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/zip')
  t.equal(res.headers['content-disposition'], `attachment; filename="contratos-${todayInLima().replaceAll('/', '-')}.zip"`)
  const entries = await zipEntries(res.rawPayload)
  t.same(entries.map((entry) => entry.name), [
    'planilla/12345678-Operario de playa.pdf',
    'planilla/Tratamiento de datos/12345678.pdf',
    'planilla/Anexos/12345678.pdf',
    'parttime/22223333-Cajero.pdf',
    'parttime/Tratamiento de datos/22223333.pdf',
    'parttime/Anexos/22223333.pdf',
    'subsidio/87654321-Operario de playa.pdf',
    'subsidio/Tratamiento de datos/87654321.pdf',
    'subsidio/Anexos/87654321.pdf',
    'subsidio/55556666-Operario de playa.pdf',
    'subsidio/Tratamiento de datos/55556666.pdf',
    'subsidio/Anexos/55556666.pdf'
  ])
  t.ok(entries.every((entry) => entry.compressionMethod === 0), 'entries stored: the PDFs are compressed inside already')
  const text = async (name: string) => await pdfText((entries.find((entry) => entry.name === name) as { bytes: Buffer }).bytes)
  const planilla = await text('planilla/12345678-Operario de playa.pdf')
  t.match(planilla, /por necesidades del\s+mercado/)
  t.match(planilla, 'Rosa María Quispe Mamani')
  const partTime = await text('parttime/22223333-Cajero.pdf')
  t.match(partTime, 'CONTRATO DE TRABAJO A TIEMPO PARCIAL')
  t.match(partTime, 'Luis Huamán Mamani')
  t.match(partTime, 'Cajera', 'the position in the catalogue\'s form for her (§26)')
  t.notMatch(partTime, '12345678', 'no other employee\'s data')
  const consent = await text('parttime/Tratamiento de datos/22223333.pdf')
  t.match(consent, 'INFORMACIÓN SOBRE EL TRATAMIENTO DE DATOS PERSONALES')
  t.match(consent, '22223333')
  const annex = await text('subsidio/Anexos/87654321.pdf')
  t.match(annex, 'ANEXO DEL CONTRATO DE TRABAJO')
  t.match(annex, '87654321')
  const subsidio = await text('subsidio/87654321-Operario de playa.pdf')
  t.match(subsidio, 'Juan Pérez Gómez')
  t.match(subsidio, 'por enfermedad o', 'the ground recognised from "Descanso médico" (§25)')
  t.match(subsidio, 'comprobados (artículo 12, literal b, de la LPCL)')
  t.notMatch(await text('subsidio/55556666-Operario de playa.pdf'), '2 años', 'the seniority is optional (D11) and never printed')
})

test('wrapped bodies and the /api/contract alias are accepted (D1, D2)', async (t) => {
  const app = await sharedApp()
  for (const [url, payload] of [['/api/contracts/download-zip', { employees: [sampleEmployee()] }], ['/api/contract/download-zip', { body: [sampleEmployee()] }]] as const) {
    const res = await app.inject({ method: 'POST', url, payload })
    t.equal(res.statusCode, 200, url)
    t.same((await zipEntries(res.rawPayload)).map((entry) => entry.name).length, 3)
  }
})

test('validation errors of the ZIP endpoint (spec endpoint 4)', async (t) => {
  const app = await sharedApp()
  const post = async (payload: unknown) => await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: payload as object })
  const empty = await post([])
  t.equal(empty.statusCode, 400)
  t.same(empty.json(), { success: false, message: INVALID, data: null, errors: [{ field: 'body', message: EMPTY }] })
  t.same((await post({ employees: [] })).json().errors, [{ field: 'body', message: EMPTY }])
  t.same((await post({ nada: 1 })).json().errors, [{ field: 'body', message: EMPTY }])
  const many = await post(Array.from({ length: 51 }, () => sampleEmployee()))
  t.equal(many.statusCode, 400)
  t.equal(many.json().message, 'Máximo 50 empleados por lote')
  const type = await post([sampleEmployee(), sampleEmployee({ contractType: 'Locación' })])
  t.same(type.json(), { success: false, message: INVALID, data: null, errors: [{ field: 'body.1.contractType', message: 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time' }] })
  t.same((await post([sampleEmployee({ dni: '1234567A' })])).json().errors, [{ field: 'body.0.dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.' }])
  t.same((await post([sampleEmployee({ contractType: 'Subsidio' })])).json().errors, [
    { field: 'body.0.replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio" },
    { field: 'body.0.reasonForSubstitution', message: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio" },
    // a suplencia names the person replaced in full on the ZIP as on the preview (DOCUMENT-REQUIREMENTS §15)
    { field: 'body.0.replacedWorkerDni', message: 'El DNI de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)' },
    { field: 'body.0.replacedWorkerPosition', message: 'El cargo de la persona suplida es obligatorio para contratos de Subsidio (art. 61 de la LPCL)' },
    { field: 'body.0.workingCondition', message: 'La condición laboral de la persona suplida es obligatoria para contratos de Subsidio' },
    { field: 'body.0.probationaryPeriod', message: 'El periodo de prueba es obligatorio para contratos de Subsidio' },
    // the expected end of the absence bounds the term (DOCUMENT-REQUIREMENTS §37)
    { field: 'body.0.absenceTo', message: SUPLENCIA_MESSAGES.absenceToRequired }
  ])
  t.same((await post([sampleEmployee({ endDate: '30/11/2026' })])).json().errors, [{ field: 'body.0.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' }])
  t.same((await post([sampleEmployee({ position: '', subDivisionOrParking: undefined })])).json().errors, [
    { field: 'body.0.position', message: 'El cargo es requerido.' },
    { field: 'body.0.subDivisionOrParking', message: 'sub división requerida' }
  ])
})

test('hostile positions never escape their folder in entry names (D18)', async (t) => {
  const app = await sharedApp()
  const positions = ['../x', '../../etc/passwd', 'Jefe "A"', 'Jefe\nde turno', 'Cajero ✓', 'a/b', 'a\\b', '..', 'C:\\Windows']
  const payload = positions.map((position, index) => sampleEmployee({ position, positionProfile: 'cajero', dni: String(10000000 + index) }))
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload })
  t.equal(res.statusCode, 200)
  const names = (await zipEntries(res.rawPayload)).map((entry) => entry.name).filter((name) => name.split('/').length === 2)
  t.same(names, [
    'planilla/10000000-.-x.pdf',
    'planilla/10000001-.-.-etc-passwd.pdf',
    'planilla/10000002-Jefe _A_.pdf',
    'planilla/10000003-Jefe de turno.pdf',
    'planilla/10000004-Cajero ✓.pdf',
    'planilla/10000005-a-b.pdf',
    'planilla/10000006-a-b.pdf',
    'planilla/10000007-.pdf',
    'planilla/10000008-C_-Windows.pdf'
  ])
  for (const name of names) t.notMatch(name, /\.\.|\\|[\u0000-\u001f]/, name) // eslint-disable-line no-control-regex
})

test('duplicate DNIs in one batch (successive terms) get a numbered suffix instead of overwriting', async (t) => {
  const app = await sharedApp()
  const first = sampleEmployee()
  const second = addDays(first.endDate as string, 1)
  const third = addDays(termEnd(second, 3), 1)
  const res = await app.inject({
    method: 'POST',
    url: '/api/contracts/download-zip',
    payload: [first, sampleEmployee({ position: 'Cajero', entryDate: second, endDate: termEnd(second, 3) }), sampleEmployee({ entryDate: third, endDate: termEnd(third, 3) })]
  })
  t.same((await zipEntries(res.rawPayload)).map((entry) => entry.name), [
    'planilla/12345678-Operario de playa.pdf', 'planilla/Tratamiento de datos/12345678.pdf', 'planilla/Anexos/12345678.pdf',
    'planilla/12345678-Cajero (2).pdf', 'planilla/Tratamiento de datos/12345678 (2).pdf', 'planilla/Anexos/12345678 (2).pdf',
    'planilla/12345678-Operario de playa (3).pdf', 'planilla/Tratamiento de datos/12345678 (3).pdf', 'planilla/Anexos/12345678 (3).pdf'
  ])
})

test('a failure for one employee is listed in errores.txt and the others are written (D19)', async (t) => {
  const app = await build(t, {}, failDocumentsOf('22223333'))
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: mixedBatch() })
  t.equal(res.statusCode, 200)
  const entries = await zipEntries(res.rawPayload)
  t.notOk(entries.some((entry) => entry.name.includes('22223333')), 'the failed employee is absent, whole')
  t.equal(entries.filter((entry) => entry.name.endsWith('.pdf')).length, 9)
  t.equal(entries.at(-1)?.name, 'errores.txt')
  t.equal(entries.at(-1)?.bytes.toString('utf8'),
    'No se generaron los documentos de 1 de 4 empleados:\r\n22223333 (Luis Huamán Mamani): error al generar los documentos: plantilla ilegible\r\n')
})

test('in production errores.txt gives a generic reason', async (t) => {
  const app = await build(t, { NODE_ENV: 'production', LOG_LEVEL: 'silent' }, async (instance) => {
    instance.pdfPool.documentsBatch = async () => { throw new Error('/ruta/secreta') } // the whole task fails: each of its employees is listed
  })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
  const entries = await zipEntries(res.rawPayload)
  t.same(entries.map((entry) => entry.name), ['errores.txt'])
  t.match(entries[0].bytes.toString('utf8'), '12345678 (Rosa María Quispe Mamani): error interno al generar los documentos')
})

test('a saturated pool refuses a ZIP up front with a 503, before any header', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 1 })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee(), sampleSubsidio()] })
  t.equal(res.statusCode, 503)
  t.equal(res.json().message, 'El servicio está ocupado. Intenta nuevamente en unos segundos.')
})

test('on a real server the headers go out before the first document is done', async (t) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => { release = resolve })
  const app = await build(t, {}, async (instance) => {
    const pool = instance.pdfPool
    const documentsBatch = pool.documentsBatch.bind(pool)
    pool.documentsBatch = async (employees: readonly Employee[], codes) => {
      await gate
      return await documentsBatch(employees, codes)
    }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const res = await postJson(port, '/api/contracts/download-zip', [sampleEmployee()])
  t.equal(res.statusCode, 200, 'headers received while rendering is still held')
  t.equal(res.headers['content-type'], 'application/zip')
  release()
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  t.equal((await zipEntries(Buffer.concat(chunks))).length, 3)
})

test('a client that goes away stops the generation; the server stays healthy', async (t) => {
  let rendered = 0
  const app = await build(t, {}, async (instance) => {
    const pool = instance.pdfPool
    const documentsBatch = pool.documentsBatch.bind(pool)
    pool.documentsBatch = async (employees: readonly Employee[], codes) => {
      await new Promise((resolve) => setTimeout(resolve, 25 * employees.length)) // slow enough that 50 employees take a while
      rendered += employees.length
      return await documentsBatch(employees, codes)
    }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const batch = Array.from({ length: 50 }, (_, index) => sampleEmployee({ dni: String(20000000 + index) }))
  const res = await postJson(port, '/api/contracts/download-zip', batch)
  t.equal(res.statusCode, 200)
  await new Promise((resolve) => res.once('data', resolve)) // the first entry is on its way
  res.destroy() // the client goes away
  await new Promise((resolve) => setTimeout(resolve, 300))
  const afterAbort = rendered
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.ok(afterAbort < 50, `stopped after ${afterAbort} of 50 employees`)
  t.equal(rendered, afterAbort, 'nothing rendered after the abort settled')
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200)
  const again = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
  t.equal((await zipEntries(again.rawPayload)).length, 3, 'the next ZIP is fine')
})
