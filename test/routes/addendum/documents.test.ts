import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import type { IncomingMessage } from 'node:http'
import type { AddendumRequest } from '../../../schemas/addendum.js'
import { WORKER_MESSAGES } from '../../../schemas/messages.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { addDays, termEnd, todayInLima } from '../../../src/vocabulary/dates.js'
import { build, formPayload, pdfText, pdfWidgetCount, postJson, sampleAddendum, zipEntries } from '../../support/helper.js'
import { sampleAddendumTerm } from '../../support/samples.js'
import { fixture } from '../../support/spreadsheets.js'
import { CAUSE_MESSAGES } from '../../../schemas/messages.js'

const PREVIEW = '/api/addendum/preview'
const ZIP = '/api/addendum/download-zip'
const INVALID = 'La solicitud no se pudo procesar'

// one app (one worker pool) for the tests that need no fault injected
const app: FastifyInstance = await build(t, { ADDENDUM_BATCH_MAX: 80 })

const today = () => todayInLima()

/** What every adenda must show of its record (pdfjs text). */
function checkAddendum (t: Test, text: string, record: Record<string, unknown>, what: string): void {
  for (const field of ['worker', 'documentNumber', 'division', 'entryDate', 'start', 'end', 'startAddendum', 'endAddendum', 'address', 'district', 'province']) {
    t.match(text, String(record[field]), `${what}: ${field}`)
  }
  t.match(text, dateInWords(record.startAddendum as string), `${what}: start of the extension in words`)
  t.match(text, dateInWords(record.endAddendum as string), `${what}: end of the extension in words`)
  const soles = `S/ ${(record.salary as number).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  t.match(text, soles, `${what}: salary`)
}

async function readAll (res: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function listen (instance: FastifyInstance): Promise<number> {
  await instance.listen({ port: 0, host: '127.0.0.1' })
  return (instance.server.address() as AddressInfo).port
}

t.test('preview answers the adenda inline with the spec headers, flattened, dated today', async (t) => {
  const record = sampleAddendum()
  const res = await app.inject({ method: 'POST', url: PREVIEW, payload: record })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/pdf')
  t.equal(res.headers['content-disposition'], 'inline; filename="01234567-adenda.pdf"')
  t.equal(Number(res.headers['content-length']), res.rawPayload.length)
  const text = await pdfText(res.rawPayload)
  checkAddendum(t, text, record, 'preview')
  t.match(text, 'ADENDA DE PRÓRROGA DEL CONTRATO DE TRABAJO SUJETO A')
  t.match(text, 'MIL SEISCIENTOS CINCUENTA CON 00/100 SOLES', 'the words as sent')
  t.match(text, 'ESTACIONAMIENTOS DEMO S.A.C.', 'the employer from the profile')
  t.match(text, /artículo 74 de la\s+LPCL/)
  t.match(text, dateInWords(today()), 'signed on the real day, not on a record date')
  t.equal(await pdfWidgetCount(res.rawPayload), 0, 'no form left')
})

t.test('salaryInWords is optional: written from the salary when absent (D22)', async (t) => {
  const res = await app.inject({ method: 'POST', url: PREVIEW, payload: sampleAddendum({ salaryInWords: undefined, salary: 2100.5 }) })
  t.equal(res.statusCode, 200)
  t.match(await pdfText(res.rawPayload), 'DOS MIL CIEN Y 50/100 SOLES')
})

t.test('validation: the import\'s rules and messages, trimming, date order, amount in words, five years', async (t) => {
  const errorsOf = async (payload: object, url = PREVIEW) => {
    const res = await app.inject({ method: 'POST', url, payload })
    t.equal(res.statusCode, 400)
    const body = res.json()
    t.equal(body.message, INVALID)
    t.equal(body.success, false)
    return body.errors
  }
  t.same(await errorsOf(sampleAddendum({ documentNumber: '1234567' })), [{ field: 'body.documentNumber', message: 'DNI debe tener exactamente 8 dígitos.' }])
  t.same(await errorsOf(sampleAddendum({ salary: 0 })), [{ field: 'body.salary', message: 'El sueldo debe ser mayor a 0' }])
  t.same(await errorsOf(sampleAddendum({ startAddendum: '2025-12-01' })), [{ field: 'body.startAddendum', message: 'Fecha debe estar en formato DD/MM/YYYY' }])
  t.same(await errorsOf(sampleAddendum({ endAddendum: '31/02/2026' })), [{ field: 'body.endAddendum', message: 'Fecha debe estar en formato DD/MM/YYYY' }])
  const term = sampleAddendumTerm()
  t.same(await errorsOf(sampleAddendum({ endAddendum: term.end })),
    [{ field: 'body.endAddendum', message: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda' }])
  t.same(await errorsOf(sampleAddendum({ startAddendum: addDays(term.start, -1) })),
    [{ field: 'body.startAddendum', message: 'La fecha de inicio de adenda no puede ser anterior a la fecha de inicio del contrato' }])
  t.same(await errorsOf(sampleAddendum({ salaryInWords: 'MIL QUINIENTOS Y 00/100 SOLES' })), [{ field: 'body.salaryInWords', message: 'El sueldo en letras no coincide con el sueldo' }])
  t.same(await errorsOf(sampleAddendum({ salaryInWords: 'lo de siempre' })), [{ field: 'body.salaryInWords', message: 'El sueldo en letras no coincide con el sueldo' }], 'unreadable words')
  t.same(await errorsOf(sampleAddendum({ endAddendum: addDays(termEnd(term.entryDate, 60), 1) })),
    [{ field: 'body.endAddendum', message: 'La adenda no puede extender la contratación sujeta a modalidad más allá de cinco años desde la fecha de ingreso (art. 74 LPCL)' }])
  t.same(await errorsOf(sampleAddendum({ salary: 1e9, salaryInWords: undefined })), [{ field: 'body.salaryInWords', message: 'El sueldo en letras es requerido' }], 'beyond what the words writer covers')
  t.same(await errorsOf({ documentNumber: '01234567' }), [
    { field: 'body.division', message: 'Division es requerido.' },
    { field: 'body.worker', message: 'Trabajador es requerido.' },
    { field: 'body.entryDate', message: 'La fecha de ingreso es requerida' },
    { field: 'body.start', message: 'Inicio es requerido.' },
    { field: 'body.end', message: 'Fin es requerido.' },
    { field: 'body.startAddendum', message: 'Inicio de adenda es requerido.' },
    { field: 'body.endAddendum', message: 'Fin de adenda es requerido.' },
    { field: 'body.address', message: 'Dirección es requerido.' },
    { field: 'body.province', message: 'La provincia es requerida' },
    { field: 'body.district', message: 'El distrito es requerido' },
    { field: 'body.department', message: 'El departamento es requerido' },
    { field: 'body.salary', message: 'El sueldo es requerido' },
    { field: 'body.modality', message: 'La modalidad es requerida' },
    { field: 'body.position', message: 'El cargo es requerido.' },
    { field: 'body.causeUpdate', message: 'La actualización de la causa es requerida: la adenda dice, en una oración completa, por qué subsiste la necesidad (art. 72 de la LPCL)' },
    { field: 'body.originalSalary', message: 'El sueldo anterior es requerido: la adenda se compara con el sueldo del contrato que prorroga' },
    { field: 'body.sex', message: WORKER_MESSAGES.sexRequired('adenda') },
    { field: 'body.birthDate', message: WORKER_MESSAGES.birthDateRequired('adenda') },
    { field: 'body.causeId', message: 'La causa es requerida: el contrato que se prorroga se celebró por una de las causas objetivas revisadas del empleador' }
  ])
  t.same(await errorsOf([sampleAddendum(), sampleAddendum({ documentNumber: 'x', startAddendum: '01/01/2020' })], ZIP), [
    { field: 'body.1.documentNumber', message: 'DNI debe tener exactamente 8 dígitos.' },
    { field: 'body.1.startAddendum', message: 'La fecha de inicio de adenda no puede ser anterior a la fecha de inicio del contrato' },
    { field: 'body.1.causeId', message: CAUSE_MESSAGES.extensionOutsidePeriod('«Incremento temporal e imprevisible de vehículos atendidos en la sede…»', '01/01/2026', '31/12/2032') }
  ], 'batch paths name the element')
  t.same(await errorsOf({ employees: [sampleAddendum(), sampleAddendum({ salary: -5 })] }, ZIP), [{ field: 'body.1.salary', message: 'El sueldo debe ser mayor a 0' }])

  const trimmed = await app.inject({ method: 'POST', url: PREVIEW, payload: sampleAddendum({ documentNumber: ' 01234567 ', worker: '  Rosa María Quispe Mamani\t', salary: '1650' }) })
  t.equal(trimmed.statusCode, 200, 'text trimmed, a numeric salary string read as a number')
  t.equal(trimmed.headers['content-disposition'], 'inline; filename="01234567-adenda.pdf"')

  for (const payload of [[], { employees: [] }, undefined]) {
    const res = await app.inject({ method: 'POST', url: ZIP, payload: payload as object })
    t.equal(res.statusCode, 400)
    t.match(res.json(), { success: false, errors: [{ field: 'body', message: 'Debes seleccionar al menos un empleado para generar el ZIP.' }] })
  }
  const many = await app.inject({ method: 'POST', url: ZIP, payload: Array.from({ length: 81 }, () => sampleAddendum()) })
  t.equal(many.statusCode, 400)
  t.match(many.json(), { success: false, message: 'Máximo 80 empleados por lote', errors: [{ field: 'body', message: 'Máximo 80 empleados por lote' }] })
})

t.test('the ZIP on a real server: bare and wrapped bodies, adendas/<documentNumber>.pdf, repeats numbered, every PDF read back', async (t) => {
  const port = await listen(await build(t))
  const first = sampleAddendum()
  // the same worker again: a second adenda, following the first (an overlapping one would be refused)
  const secondStart = addDays(first.endAddendum as string, 1)
  const records = [
    first,
    sampleAddendum({ documentNumber: '45678912', worker: 'Luis Ángel Ñahui Pérez', salary: 1250, originalSalary: 1250, salaryInWords: undefined, division: 'Playas Sur', ...sampleAddendumTerm(3, 90) }),
    sampleAddendum({ worker: 'Rosa María Quispe Mamani Repetida', end: first.endAddendum, startAddendum: secondStart, endAddendum: termEnd(secondStart, 3) })
  ]
  for (const body of [records, { employees: records }, { body: records }]) {
    const res = await postJson(port, ZIP, body)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'application/zip')
    t.equal(res.headers['content-disposition'], `attachment; filename="adendas-${today().replaceAll('/', '-')}.zip"`)
    const entries = await zipEntries(await readAll(res))
    t.same(entries.map((entry) => entry.name), ['adendas/01234567.pdf', 'adendas/45678912.pdf', 'adendas/01234567 (2).pdf'])
    for (const [index, entry] of entries.entries()) checkAddendum(t, await pdfText(entry.bytes), records[index], entry.name)
  }
})

t.test('the addendum upload\'s records, with the contract they extend, are accepted by both routes (every fixture)', async (t) => {
  // what the adenda names beyond the spec's record (DOCUMENT-REQUIREMENTS §17, §21, §28), for the fixtures without these columns
  const extended = {
    modality: 'necesidades del mercado',
    position: 'Operario de playa',
    causeId: 'larcomar-remodelacion-vecino',
    causeUpdate: 'La necesidad subsiste porque continúan las obras del centro comercial vecino que trasladan su estacionamiento a esta sede',
    originalSalary: 1130,
    sex: 'F', // who the worker is (§26): the fixtures predate GENERO and FECHA DE NACIMIENTO too
    birthDate: '15/03/1990'
  }
  const fixtures = ['adendas.xlsx', 'adendas.xls', 'adendas.csv', 'adendas-semicolon.csv', 'adendas-alias.xlsx', 'adendas-mixtas.xlsx', 'adendas-mixtas.csv']
  for (const name of fixtures) {
    const form = await formPayload([{ name, bytes: fixture(name) }])
    const upload = await app.inject({ method: 'POST', url: '/api/addendum/upload?partial=true', ...form })
    t.equal(upload.statusCode, 200, name)
    const uploaded = upload.json().data.employees as AddendumRequest[]
    t.ok(uploaded.length > 0, `${name}: ${uploaded.length} records`)
    if (name === 'adendas-alias.xlsx') {
      const bare = await app.inject({ method: 'POST', url: PREVIEW, payload: uploaded[0] })
      t.match(bare.json().errors, [{ field: 'body.modality' }, { field: 'body.position' }, { field: 'body.causeUpdate' }, { field: 'body.originalSalary' }, { field: 'body.sex' }, { field: 'body.birthDate' }, { field: 'body.causeId' }],
        `${name}: the adenda needs the contract it extends`)
    }
    // a sheet without the adenda's own columns is completed as HR would; the others are sent unchanged
    const records = uploaded.map((record) => ({ ...extended, ...record }))
    const zip = await app.inject({ method: 'POST', url: ZIP, payload: records })
    t.equal(zip.statusCode, 200, `${name}: ZIP`)
    const entries = await zipEntries(zip.rawPayload)
    t.same(entries.map((entry) => entry.name), records.map((record) => `adendas/${record.documentNumber}.pdf`), `${name}: no errores.txt`)
    for (const [index, record] of records.entries()) {
      checkAddendum(t, await pdfText(entries[index].bytes), record, `${name} ${record.documentNumber}`)
      const preview = await app.inject({ method: 'POST', url: PREVIEW, payload: record })
      t.equal(preview.statusCode, 200, `${name} ${record.documentNumber}: preview`)
    }
  }
  const form = await formPayload([{ name: 'adendas-sin-division.xlsx', bytes: fixture('adendas-sin-division.xlsx') }])
  const refused = await app.inject({ method: 'POST', url: '/api/addendum/upload?partial=true', ...form })
  t.equal(refused.statusCode, 400, 'the fixture without a division column yields no records to send')
})

t.test('headers go out before the first adenda is rendered; an abort mid-ZIP leaves no work behind', async (t) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => { release = resolve })
  let rendered = 0
  const slow = await build(t, {}, async (instance) => {
    const pool = instance.pdfPool
    const issuedAddendum = pool.issuedAddendum.bind(pool) // what the ZIP renders (with its verification code)
    pool.issuedAddendum = async (record, signingDate, code) => {
      await gate
      await new Promise((resolve) => setTimeout(resolve, 20))
      rendered++
      return await issuedAddendum(record, signingDate, code)
    }
  })
  const port = await listen(slow)
  const batch = Array.from({ length: 80 }, (_, index) => sampleAddendum({ documentNumber: String(20000000 + index) }))
  const res = await postJson(port, ZIP, batch)
  t.equal(res.statusCode, 200, 'headers received while rendering is held')
  t.equal(rendered, 0)
  release()
  await new Promise((resolve) => res.once('data', resolve)) // the first entry is on its way
  res.destroy() // the client goes away
  await new Promise((resolve) => setTimeout(resolve, 300))
  const afterAbort = rendered
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.ok(afterAbort < 80, `stopped after ${afterAbort} of 80 adendas`)
  t.equal(rendered, afterAbort, 'nothing rendered after the abort settled')
  t.match(slow.pdfPool.stats, { pending: 0, queued: 0 }, 'no PDF task left in the pool')
  const again = await slow.inject({ method: 'POST', url: ZIP, payload: [sampleAddendum()] })
  t.same((await zipEntries(again.rawPayload)).map((entry) => entry.name), ['adendas/01234567.pdf'], 'the next ZIP is complete')
})

t.test('a failed adenda is listed in errores.txt and the others are written (D19); a failed preview is a 500', async (t) => {
  const faulty = await build(t, {}, async (instance) => {
    const pool = instance.pdfPool
    // the preview's render and the ZIP's (with its verification code)
    const addendum = pool.addendum.bind(pool)
    pool.addendum = async (record, signingDate) => {
      if (record.documentNumber === '66666666') throw new Error('plantilla dañada')
      return await addendum(record, signingDate)
    }
    const issuedAddendum = pool.issuedAddendum.bind(pool)
    pool.issuedAddendum = async (record, signingDate, code) => {
      if (record.documentNumber === '66666666') throw new Error('plantilla dañada')
      return await issuedAddendum(record, signingDate, code)
    }
  })
  const res = await faulty.inject({ method: 'POST', url: ZIP, payload: [sampleAddendum(), sampleAddendum({ documentNumber: '66666666', worker: 'Ana Flores Rojas' })] })
  t.equal(res.statusCode, 200)
  const entries = await zipEntries(res.rawPayload)
  t.same(entries.map((entry) => entry.name), ['adendas/01234567.pdf', 'errores.txt'])
  t.match(entries[1].bytes.toString('utf8'), '66666666 (Ana Flores Rojas): error al generar los documentos: plantilla dañada')
  const preview = await faulty.inject({ method: 'POST', url: PREVIEW, payload: sampleAddendum({ documentNumber: '66666666' }) })
  t.equal(preview.statusCode, 500)
  t.equal(preview.json().success, false)
})

t.test('a saturated pool refuses the ZIP up front with a 503 and Retry-After', async (t) => {
  const busy = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 1 })
  const res = await busy.inject({ method: 'POST', url: ZIP, payload: [sampleAddendum(), sampleAddendum({ documentNumber: '76543210' })] })
  t.equal(res.statusCode, 503)
  t.ok(res.headers['retry-after'])
  t.equal(res.json().message, 'El servicio está ocupado. Intenta nuevamente en unos segundos.')
})

t.test('GET / lists both routes; OpenAPI documents them', async (t) => {
  const endpoints = (await app.inject({ method: 'GET', url: '/' })).json().endpoints
  t.equal(endpoints.addendumPreview, PREVIEW)
  t.equal(endpoints.addendumDownloadZip, ZIP)
  const paths = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths
  const preview = paths[PREVIEW].post
  t.same(preview.tags, ['addenda'])
  t.ok(preview.requestBody.content['application/json'].schema.properties.startAddendum)
  t.ok(preview.responses['200'].content['application/pdf'])
  const zip = paths[ZIP].post
  t.equal(zip.requestBody.content['application/json'].schema.maxItems, 80)
  t.ok(zip.responses['200'].content['application/zip'])
  t.ok(zip.responses['503'])
})
