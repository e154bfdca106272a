/**
 * The "Firmas" tab of the HR console in Chromium (docs/console.md, item 10; docs/registry.md "Statuses",
 * "Paper and its scan", "What HR sees"): contracts issued through the API listed "Por firmar", the
 * started one first; "Firmado en papel" refused on its field (a signing date after today), then sent
 * with a small PDF scan: the contract leaves the list and is listed among the signed, its scan
 * downloads as sent and its history names the signature. A mark made through the JSON API is listed
 * "Firmados sin escaneo" and takes its scan from the row; "Terminó antes" ends the signed one; "Retirar"
 * refused on its field (too short a reason), then accepted. The Contratos tab's rows say how their
 * contracts stand in the registry, before and after a ZIP. No overlap at 390 and 1366 px; axe passes; screenshots at both widths.
 */
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { sampleEmployee } from '../support/helper.js'
import { ALL_IMPACTS, axeViolations, launch, openConsole, rowOverlaps, startServer, submitUpload } from '../support/browser.js'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'

const { app, origin } = await startServer(t)
const browser = await launch(t)
const today = todayInLima()

type Listed = { id: string, status: string, scans: string[] }
const contractsOf = async (dni: string): Promise<Listed[]> =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })).json().data.contracts

// three contracts issued (and so recorded) before the page opens: one starting next week, one today,
// one next week marked signed through the JSON API (no scan)
const later = sampleEmployee({ dni: '40889001', name: 'Lucía' })
const started = sampleEmployee({ dni: '40889002', name: 'Carmen', entryDate: today, endDate: termEnd(today, 3) })
const unscanned = sampleEmployee({ dni: '40889003', name: 'Julia' })
for (const employee of [later, started, unscanned]) {
  const issued = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  if (issued.statusCode !== 200) throw new Error(`sample contract refused: ${issued.body}`)
}
const [julia] = await contractsOf('40889003')
const marked = await app.inject({ method: 'POST', url: `/api/contracts/${julia.id}/signed`, payload: { signingDate: today } })
if (marked.statusCode !== 200) throw new Error(`JSON mark refused: ${marked.body}`)

/** A small one-page PDF, as a scanner would save it. */
const SCAN = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
  'trailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const folder = mkdtempSync(join(tmpdir(), 'contratos-signatures-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))
const scanPath = join(folder, 'contrato-firmado.pdf')
writeFileSync(scanPath, SCAN)

const watched = await openConsole(t, browser, origin)
const { page } = watched
const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
const listedDnis = async (): Promise<string[]> =>
  await page.$$eval('#signatures-table tbody tr[data-contract] td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent ?? ''))
/** The row of a DNI (its `tr[data-contract]`). */
const rowOf = (id: string): string => `#signatures-table tr[data-contract="${id}"]`

/** Chooses a filter and waits for its list. */
async function show (t: Test, filter: string): Promise<void> {
  const answer = page.waitForResponse((response) => response.url().includes('/api/contracts?status='))
  await page.select('#signatures-filter', filter)
  t.equal((await answer).status(), 200)
  await page.waitForFunction(() => !document.querySelector('#signatures-status')?.classList.contains('busy'))
}

/** Checks the layout and axe at 390 and 1366 px and takes a picture at each. */
async function layoutAt (t: Test, name: string): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewport({ width, height: 900 })
    t.same(await rowOverlaps(page, '#signatures-table tbody tr[data-contract]'), [], `${width} px: nothing over another`)
    t.same(await axeViolations(page), [], `${width} px: axe`)
    await watched.screenshot(`${name}-${width}`, true)
  }
  await page.setViewport({ width: 1280, height: 800 })
}

t.test('Por firmar: the started contract first; "Firmado en papel" refused on its field, then sent with its scan', async (t) => {
  const list = page.waitForResponse((response) => response.url().includes('/api/contracts?status=issued'))
  await page.click('#tab-signatures')
  t.equal((await list).status(), 200)
  await page.waitForSelector('#signatures-table tbody tr[data-contract]')
  t.same(await listedDnis(), ['40889002', '40889001'], 'the started one first; the signed one not listed')
  const [carmen] = await contractsOf('40889002')
  const row = rowOf(carmen.id)
  t.equal(await text(`${row} td.name`), 'Carmen Quispe Mamani')
  t.equal(await text(`${row} td:nth-child(1)`), 'Sin firmar')
  t.equal(await text(`${row} td.term`), `${today} – ${termEnd(today, 3)}`)
  t.equal(await text(`${row} td.signature`), 'Ya empezó')
  t.match(await text('#signatures-status'), 'Por firmar: 2 contratos y adendas.')
  await layoutAt(t, 'console-31-firmas')

  // a signing date after today: the service's message on the date field, and first above the form
  await page.click(`${row} button[aria-label="Firmado en papel: Carmen Quispe Mamani"]`)
  const form = '#signatures-table tr.row-detail form'
  await page.waitForSelector(form)
  t.equal(await page.$eval(`${form} input[name="file"]`, (input) => input.getAttribute('accept')), 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png')
  t.equal(await page.$eval(`${form} input[name="photo"]`, (input) => input.getAttribute('capture')), 'environment', '«Tomar foto…» opens a phone\'s camera')
  await page.type(`${form} input[name="signingDate"]`, addDays(today, 1))
  await (await page.$(`${form} input[name="file"]`))?.uploadFile(scanPath)
  await page.click(`${form} button[type="submit"]`)
  await page.waitForSelector(`${form} [data-field="signingDate"].invalid p.field-error`)
  const fieldMessage = await text(`${form} [data-field="signingDate"] p.field-error`)
  t.ok(fieldMessage.length > 10, 'the service\'s message on the field')
  t.equal(await text(`${form} .form-general .alert.error > p`), fieldMessage, 'above the form, the field\'s message leads')
  t.notMatch(await text(form), 'La solicitud no se pudo procesar', 'never the envelope\'s generic text alone')
  t.equal(await page.$eval(`${form} input[name="signingDate"]`, (input) => input.getAttribute('aria-invalid')), 'true')
  t.same(await axeViolations(page), [], 'the form with its message')
  await page.setViewport({ width: 390, height: 900 })
  t.same(await rowOverlaps(page, '#signatures-table tbody tr[data-contract]'), [], '390 px: the form under its row')
  await watched.screenshot('console-33-firmas-firmar-390', true)
  await page.setViewport({ width: 1280, height: 800 })
  t.match(await contractsOf('40889002'), [{ status: 'issued', scans: [] }], 'nothing recorded')

  // the date picked on the calendar is written as DD/MM/AAAA; then sent with the scan
  const [year, month, day] = today.split('/').reverse()
  await page.$eval(`${form} input.date-pick`, (input, value) => {
    (input as HTMLInputElement).value = value
    input.dispatchEvent(new Event('change', { bubbles: true }))
  }, `${year}-${month}-${day}`)
  t.equal(await page.$eval(`${form} input[name="signingDate"]`, (input) => (input as HTMLInputElement).value), today)
  const sent = page.waitForResponse((response) => response.url().endsWith(`/api/contracts/${carmen.id}/signed`))
  await page.click(`${form} button[type="submit"]`)
  const answer = await sent
  t.equal(answer.status(), 200)
  t.match(answer.request().headers()['content-type'], /^multipart\/form-data/, 'sent as the multipart form')
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, row)
  t.same(await listedDnis(), ['40889001'], 'it left the list to sign')
  t.match(await text('#signatures-status'), 'Contrato de Carmen Quispe Mamani registrado como firmado en papel, con su escaneo.')
  t.match(await contractsOf('40889002'), [{ status: 'signed', scans: ['file'] }])
  t.same(watched.errors, [])
})

t.test('Firmados: the signed contract with its scan to download and its history', async (t) => {
  await show(t, 'signed')
  const [carmen] = await contractsOf('40889002')
  const row = rowOf(carmen.id)
  await page.waitForSelector(row)
  t.equal(await text(`${row} td:nth-child(1)`), 'Firmado')
  t.equal(await text(`${row} td.signature`), `Firmado en papel el ${today}`)
  const download = watched.nextDownload()
  await page.click(`${row} button[aria-label="Descargar el escaneo: Carmen Quispe Mamani"]`)
  const file = await download
  t.equal(file.name, '40889002-file.pdf')
  t.same(file.bytes, SCAN, 'the scan as sent')

  await page.click(`${row} button[aria-label="Historial: Carmen Quispe Mamani"]`)
  await page.waitForSelector('#signatures-table tr.row-detail ol.events li')
  const events = await page.$$eval('#signatures-table tr.row-detail ol.events li', (items) => items.map((item) => item.textContent ?? ''))
  t.ok(events.some((line) => line.includes(`Firmado el ${today}`)), `the signature in the history: ${events.join(' | ')}`)
  t.same(await axeViolations(page), [], 'the history open')
  await page.setViewport({ width: 390, height: 900 })
  t.same(await rowOverlaps(page, '#signatures-table tbody tr[data-contract]'), [], '390 px: the history under its row')
  await watched.screenshot('console-32-firmas-historial-390', true)
  await page.setViewport({ width: 1280, height: 800 })
  t.same(watched.errors, [])
})

t.test('Firmados sin escaneo: a JSON mark takes its scan from the row and leaves the filter', async (t) => {
  await show(t, 'unscanned')
  t.same(await listedDnis(), ['40889003'])
  const row = rowOf(julia.id)
  t.match(await text(`${row} td.signature`), `Firmado en papel el ${today}Sin escaneo`)
  await page.click(`${row} button[aria-label="Añadir el escaneo: Julia Quispe Mamani"]`)
  const form = '#signatures-table tr.row-detail form'
  await page.waitForSelector(form)
  t.equal(await page.$eval(`${form} input[name="signingDate"]`, (input) => (input as HTMLInputElement).value), today, 'the recorded date')
  await (await page.$(`${form} input[name="file"]`))?.uploadFile(scanPath)
  await page.click(`${form} button[type="submit"]`)
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, row)
  t.match(await text('#signatures-status'), 'Escaneo del contrato de Julia Quispe Mamani añadido.')
  t.match(await contractsOf('40889003'), [{ status: 'signed', scans: ['file'] }])
  t.same(watched.errors, [])
})

t.test('Terminó antes: the signed contract that started today ended today', async (t) => {
  await show(t, 'signed')
  const [carmen] = await contractsOf('40889002')
  const row = rowOf(carmen.id)
  await page.waitForSelector(row)
  await page.click(`${row} button[aria-label="Terminó antes: Carmen Quispe Mamani"]`)
  const form = '#signatures-table tr.row-detail form'
  await page.waitForSelector(`${form} input[name="endedOn"]`)
  await page.type(`${form} input[name="endedOn"]`, today)
  await page.type(`${form} textarea[name="reason"]`, 'Renunció el primer día')
  await page.click(`${form} button[type="submit"]`)
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, row)
  t.match(await text('#signatures-status'), 'Término anticipado del contrato de Carmen Quispe Mamani registrado.')
  t.match(await contractsOf('40889002'), [{ status: 'ended' }])
  await show(t, 'ended')
  t.equal(await text(`${row} td:nth-child(1)`), 'Terminó antes')
  t.match(await text(`${row} td.term`), `Terminó el ${today}`)
  t.same(watched.errors, [])
})

t.test('Retirar: refused on its field, then withdrawn', async (t) => {
  await show(t, 'issued')
  const [lucia] = await contractsOf('40889001')
  const row = rowOf(lucia.id)
  await page.waitForSelector(row)
  await page.click(`${row} button[aria-label="Retirar: Lucía Quispe Mamani"]`)
  const form = '#signatures-table tr.row-detail form'
  await page.waitForSelector(`${form} textarea[name="reason"]`)
  await page.type(`${form} textarea[name="reason"]`, 'no')
  await page.click(`${form} button[type="submit"]`)
  await page.waitForSelector(`${form} [data-field="reason"].invalid p.field-error`)
  t.equal(await text(`${form} .form-general .alert.error > p`), await text(`${form} [data-field="reason"] p.field-error`))
  await page.type(`${form} textarea[name="reason"]`, ' se presentó: nunca empezó a trabajar')
  await page.click(`${form} button[type="submit"]`)
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, row)
  t.same(await listedDnis(), [], 'nothing left to sign')
  t.match(await contractsOf('40889001'), [{ status: 'withdrawn' }])
  await show(t, 'withdrawn')
  t.same(await listedDnis(), ['40889001'])
  t.equal(await text(`${row} td:nth-child(1)`), 'Retirado')
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})

t.test('Contratos: each row says how its contract stands in the registry, and a ZIP\'s rows become "Emitido"', async (t) => {
  await page.click('#tab-employees')
  const fresh = sampleEmployee({ dni: '40889004', name: 'Rosa' })
  const book = XLSX.utils.book_new()
  const rows = [unscanned, later, fresh].map((person) => EMPLOYEE_COLUMNS.map((spec) => person[spec.field] ?? null))
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([EMPLOYEE_COLUMNS.map((spec) => spec.headers[0]), ...rows]), 'Empleados')
  const sheet = join(folder, 'empleados.xlsx')
  writeFileSync(sheet, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await (await page.$('input#employees-file'))?.uploadFile(sheet)
  await submitUpload(page, '#employees-form')
  /** Each row's DNI and the registry's line under its name ('' without one). */
  const lines = async (): Promise<string[][]> => await page.$$eval('#employees-table tbody tr', (trs) => trs.map((tr) =>
    [tr.cells[1].textContent ?? '', tr.querySelector('p.recorded')?.textContent ?? '']))
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody p.recorded').length === 2)
  t.same(await lines(), [
    ['40889003', `Registro: Firmado en papel el ${today}`],
    ['40889001', 'Registro: Retirado'],
    ['40889004', '']
  ], 'the signed one, the withdrawn one, and one the registry does not hold')
  // only Rosa's contract: the ZIP records it, and her row says so
  await page.click('#employees-all')
  await page.click('#employees-table input[aria-label="Seleccionar a Quispe Mamani, Rosa"]')
  const zip = watched.nextDownload()
  await page.click('#download-contracts')
  await zip
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody p.recorded').length === 3)
  t.same((await lines())[2], ['40889004', 'Registro: Emitido, sin firmar'])
  await page.$eval('#employees-table', (table) => { table.scrollIntoView() })
  await watched.screenshot('console-34-contratos-registro')
  t.same(await axeViolations(page, ALL_IMPACTS), [])
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
