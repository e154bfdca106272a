import { test, type Test } from 'tap'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Employee } from '../../schemas/employee.js'
import { buildApp } from '../../app/app.js'
import { assetPath } from '../../src/paths.js'
import { TEMPLATE_IDS } from '../../src/documents/fields.js'
import { employeeDocuments, wholeDocument } from '../support/documents.js'
import { PRODUCTION_PROFILE, build, pdfText, sampleEmployee } from '../support/helper.js'
import { planillaWithout } from '../src/pdf/engine-fixture.js'

/** A TEMPLATES_DIR holding copies of our templates, with `replace` written over some of them. */
async function templatesDir (t: Test, replace: Record<string, Uint8Array | undefined> = {}): Promise<string> {
  const dir = join(t.testdir({ templates: {}, temp: {} }), 'templates')
  for (const id of TEMPLATE_IDS) {
    const name = `${id}.pdf`
    if (name in replace) {
      const bytes = replace[name]
      if (bytes !== undefined) writeFileSync(join(dir, name), bytes)
    } else {
      copyFileSync(assetPath('templates', name), join(dir, name))
    }
  }
  return dir
}

/** Builds an app whose TEMP_DIR sits next to the test's other files (t.testdir() would wipe them). */
const start = async (t: Test, env: Record<string, string>) => await buildApp({ env: { NODE_ENV: 'test', AUTH_MODE: 'none', TEMP_DIR: join(t.testdirName, 'temp'), ...env } })

test('the pool renders a contract in a worker thread', async (t) => {
  const app = await build(t)
  const bytes = await app.pdfPool.contract(sampleEmployee() as Employee)
  t.match(await pdfText(bytes), 'Rosa María Quispe Mamani')
})

test('start-up stops when a template lacks a field it needs, naming template and field', async (t) => {
  const dir = await templatesDir(t, { 'contrato-planilla.pdf': await planillaWithout('dni') })
  await t.rejects(start(t, { TEMPLATES_DIR: dir }), { message: 'Plantilla contrato-planilla.pdf: falta el campo "dni"' })
})

test('start-up stops when a template file is missing', async (t) => {
  const dir = await templatesDir(t, { 'anexo.pdf': undefined })
  await t.rejects(start(t, { TEMPLATES_DIR: dir }), { message: `Plantilla anexo.pdf: no existe el archivo ${join(dir, 'anexo.pdf')}` })
})

test('an HR template with an extra field starts, with a warning in the log', async (t) => {
  const { PDFDocument } = await import('pdf-lib')
  const doc = await PDFDocument.load(await planillaWithout())
  doc.getForm().createTextField('observaciones').addToPage(doc.getPage(0), { x: 10, y: 10, width: 50, height: 10 })
  const dir = await templatesDir(t, { 'contrato-planilla.pdf': await doc.save() })
  let log = ''
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: join(t.testdirName, 'temp'), TEMPLATES_DIR: dir },
    logger: { level: 'warn', stream: new Writable({ write (chunk, _encoding, callback) { log += String(chunk); callback() } }) }
  })
  t.teardown(() => app.close())
  t.match(log, 'Plantilla contrato-planilla.pdf: el campo \\"observaciones\\" no es un campo conocido: se elimina sin rellenar')
})

/** The demo profile with some keys replaced (a complete profile for every other key). */
function profile (changes: Record<string, unknown>): string {
  return JSON.stringify({ ...JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')), ...changes })
}

test('EMPLOYER_PROFILE replaces the demo employer in every document', async (t) => {
  const path = join(t.testdir({ temp: {} }), 'empleador.json')
  writeFileSync(path, profile({
    fictitious: false,
    legalName: 'PLAYAS DEL SUR E.I.R.L.',
    ruc: '20123456786',
    address: 'Jr. Las Flores 456, Arequipa',
    businessActivity: 'la operación de playas de estacionamiento en Arequipa',
    laborRegime: 'pequena-empresa',
    representative: { name: 'Carlos Pérez Ríos', dni: '40404040', role: 'Gerente', powers: 'según poder inscrito en la partida N.º 11111111 del Registro de Personas Jurídicas de Arequipa' },
    signingCity: 'Arequipa'
  }))
  const app = await start(t, { EMPLOYER_PROFILE: path, NODE_ENV: 'production', PDF_THREADS: '1' })
  t.teardown(() => app.close())
  const text = (await pdfText(await app.pdfPool.contract(sampleEmployee() as Employee))).replace(/[\s\u00a0]+/g, ' ')
  for (const value of ['PLAYAS DEL SUR E.I.R.L.', '20123456786', 'Jr. Las Flores 456, Arequipa', 'Carlos Pérez Ríos', '40404040', 'Arequipa',
    'la operación de playas de estacionamiento en Arequipa', 'partida N.º 11111111', 'Régimen laboral especial de la pequeña empresa', 'media remuneración']) t.match(text, value)
})

test('start-up stops on a missing, malformed or invalid employer profile, one line per problem', async (t) => {
  const dir = t.testdir({
    temp: {},
    'roto.json': '{ no',
    'malo.json': JSON.stringify({ legalName: 'X', ruc: '123', address: 'Calle 1 2 3', representative: { name: 'Ana', dni: '1', role: 'GG' } }),
    'ruc.json': profile({ ruc: '20999999991' }),
    'sedes.json': profile({ sites: [{ name: 'Playa Lince', address: 'Av. Arequipa 1', modalities: ['58'] }, { name: 'playa  lince', address: 'Av. Arequipa 2', modalities: ['58'] }], causes: [] }),
    // the reviewed causes (DOCUMENT-REQUIREMENTS §21): ids, sites, modalities, periods and hours checked
    'causas.json': profile({
      causes: [
        { id: 'feria', modality: '58', sites: ['Playa Lince'], text: 'x'.repeat(30), period: { from: '01/01/2026', to: '31/12/2026' } },
        { id: 'feria', modality: '61', sites: ['Playa Sur', 'Playa Larcomar'], text: 'x'.repeat(30), period: { from: '31/02/2026', to: '01/03/2026' } },
        { id: 'nocturna', modality: '57', sites: ['Playa Lince'], text: 'x'.repeat(30), period: { from: '01/02/2026', to: '01/01/2026' }, justifies: { days: 'noches', from: '22:00', to: '06:00' } },
        { id: 'verano', modality: 'temporada', sites: ['Playa Mall Aventura'], text: 'x'.repeat(30), period: { from: '01/12/2026', to: '31/03/2028' } }
      ]
    }),
    'puestos.json': profile({ positions: { default: { functions: [], risks: ['caídas'], equipment: ['casco'] } }, contractDefaults: { Planilla: {} } }),
    'camaras.json': profile({ dataProtection: { ...JSON.parse(profile({})).dataProtection, videoSurveillance: { cameras: true, areas: 'los accesos de cada sede' } } }),
    'alias.json': profile({
      positions: {
        cajero: { name: 'Cajero', aliases: ['Cajera'], iperc: { code: 'IPERC-1', date: '01/02/2026' }, functions: ['cobrar'], risks: ['asaltos'], equipment: [] },
        cajera: { name: 'Cajera', iperc: { code: 'IPERC-2', date: '01/02/2026' }, functions: ['cobrar'], risks: ['asaltos'], equipment: [] }
      }
    })
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'falta.json') }), { message: `Perfil del empleador ${join(dir, 'falta.json')}: no existe` })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'roto.json') }), { message: /^Perfil del empleador .*roto\.json: no es JSON válido/ })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'malo.json') }), {
    message: `Perfil del empleador ${join(dir, 'malo.json')}: 15 problemas\n` + [
      'businessActivity: falta la actividad económica (businessActivity)',
      'laborRegime: falta el régimen laboral (laborRegime)',
      'signingCity: falta la ciudad de suscripción',
      'sites: falta sites (las sedes con su dirección)',
      'dataProtection: falta la protección de datos (dataProtection)',
      'internalRules: falta las normas internas (internalRules)',
      'contractDefaults: falta contractDefaults',
      'ordinaryWeek: falta la semana ordinaria del centro de trabajo (ordinaryWeek)',
      'refrigerioAfterHours: falta refrigerioAfterHours',
      'mealWindows: falta mealWindows (los horarios de comida; [] si no hay)',
      'positions: falta el catálogo de puestos (positions)',
      'legalName: la razón social debe tener entre 2 y 120 caracteres',
      'ruc: el RUC debe tener 11 dígitos',
      'representative.powers: falta los poderes del representante (representative.powers)',
      'representative.dni: el DNI del representante debe tener 8 dígitos'
    ].map((line) => `  - ${line}`).join('\n')
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'ruc.json') }), {
    message: `Perfil del empleador ${join(dir, 'ruc.json')}: ruc: el RUC 20999999991 no es válido (prefijo o dígito verificador)`
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'sedes.json') }), {
    message: `Perfil del empleador ${join(dir, 'sedes.json')}: sites.1: la sede "playa  lince" está repetida`
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'causas.json') }), {
    message: `Perfil del empleador ${join(dir, 'causas.json')}: 8 problemas\n` + [
      'causes.1 (feria): el id "feria" está repetido',
      'causes.1 (feria).modality: "61" no es 57, 58, 60, 63 ni 67 (la suplencia tiene por causa el reemplazo mismo)',
      'causes.1 (feria).sites: "Playa Sur" no es una de las sedes (sites)',
      'causes.1 (feria).period: 31/02/2026 no es una fecha',
      'causes.2 (nocturna).sites: la sede "Playa Lince" no admite la modalidad 57',
      'causes.2 (nocturna).period: termina (01/01/2026) antes de empezar (01/02/2026)',
      'causes.2 (nocturna).justifies: no se pueden leer los días "noches" de 22:00 a 06:00',
      'causes.3 (verano).period: una temporada (art. 67) es una época del año y no dura más de un año; del 01/12/2026 al 31/03/2028 dura más'
    ].map((line) => `  - ${line}`).join('\n')
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'puestos.json') }), {
    message: /contractDefaults\.Part Time: falta contractDefaults\.Part Time[\s\S]*positions\.default\.name: falta el nombre del puesto\n[\s\S]*positions\.default\.iperc: falta la evaluación de riesgos[\s\S]*positions\.default\.functions: functions debe ser una lista de 1 a 12 textos/
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'camaras.json') }), {
    message: /videoSurveillance\.purpose: falta \(hay cámaras[\s\S]*videoSurveillance\.retention: falta/
  })
  await t.rejects(start(t, { EMPLOYER_PROFILE: join(dir, 'alias.json') }), {
    message: `Perfil del empleador ${join(dir, 'alias.json')}: positions.cajera: el nombre "cajera" ya es de positions.cajero`
  })
})

test('with NODE_ENV=production the service refuses the fictitious demo profile', async (t) => {
  t.testdir({ temp: {} })
  await t.rejects(start(t, { NODE_ENV: 'production', PDF_THREADS: '1' }), {
    message: `Perfil del empleador ${assetPath('employer-profile.json')}: es el perfil ficticio de demostración: en producción indique su propio perfil con EMPLOYER_PROFILE`
  })
})

test('outside tests the worker threads start with the app (a broken worker stops start-up)', async (t) => {
  const app = await buildApp({ env: { NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: PRODUCTION_PROFILE, TEMP_DIR: t.testdir({}), PDF_THREADS: 1 } })
  t.teardown(() => app.close())
  t.equal(app.pdfPool.threads, 1)
  t.equal(app.pdfPool.capacity, app.config.PDF_MAX_QUEUE)
  t.match(await pdfText(await app.pdfPool.contract(sampleEmployee() as Employee)), '12345678')
})

test('an admitted ZIP waits for room in a full queue instead of failing its employees', async (t) => {
  const app = await build(t, { PDF_THREADS: 1, PDF_MAX_QUEUE: 1 })
  const pool = app.pdfPool
  const signal = new AbortController().signal
  const employees = Array.from({ length: 5 }, (_, index) => sampleEmployee({ dni: String(60000000 + index) }) as Employee)
  await t.rejects(Promise.all(employees.map(async (employee) => await employeeDocuments(pool, employee))), { name: 'ServiceBusyError' }, 'without waiting, some are refused')
  // up to 10 s of retries (the default is 2 s): on a loaded machine the one thread may take longer to start
  const docs = await Promise.all(employees.map(async (employee) => await pool.whenFree(async () => await employeeDocuments(pool, employee), signal, 1000)))
  t.equal(docs.length, 5)
  t.match(await pdfText(wholeDocument(docs[4].annex)), '60000004')
  const aborted = AbortSignal.abort()
  await t.rejects(Promise.all(employees.map(async (employee) => await pool.whenFree(async () => await employeeDocuments(pool, employee), aborted))), { name: 'ServiceBusyError' }, 'an aborted request does not wait')
})
