/**
 * The HR console's Contracts tab in Chromium against a listening server: limits read from the
 * service, an upload refused with its errors beside the sheet's rows, a good upload, the three
 * documents of one person, the contracts ZIP (progress, errores.txt) and the three reports.
 */
import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EMPLOYEE_HEADERS, employeeCells, lawfulEmployeeFixture, workbook } from '../support/spreadsheets.js'
import type { Page } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { parse } from 'csv-parse/sync'
import type { Employee } from '../../schemas/employee.js'
import { todayInLima } from '../../src/vocabulary/dates.js'
import { failDocumentsOf, formPayload, pdfText, sampleEmployee, zipEntries } from '../support/helper.js'
import { axeViolations, fixture, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

const FAILING_DNI = '87654321' // Carmen Huamán's documents fail in this server, so the ZIP gains errores.txt

const { app, origin } = await startServer(t, { BATCH_MAX: 40, ADDENDUM_BATCH_MAX: 60, MAX_FILE_SIZE: 2097152 }, failDocumentsOf(FAILING_DNI, 'plantilla ilegible'))
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched

const sheets = mkdtempSync(join(tmpdir(), 'contratos-console-'))
t.teardown(() => rmSync(sheets, { recursive: true, force: true }))
/**
 * The file HR uploads: a committed fixture; the good sheet as HR fills it today (dates from a week
 * ahead, the columns a contract that can be signed needs), so the contracts can be made whatever the day.
 */
function sheetPath (name: string): string {
  if (name !== 'empleados.xlsx') return fixture(name)
  const path = join(sheets, name)
  writeFileSync(path, lawfulEmployeeFixture(name))
  return path
}

/** What the API itself answers for a fixture (the page must show exactly this). */
async function apiUpload (name: string): Promise<{ statusCode: number, body: any }> {
  const form = await formPayload([{ name, bytes: readFileSync(sheetPath(name)) }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  return { statusCode: res.statusCode, body: res.json() }
}

async function upload (name: string): Promise<void> {
  const input = await page.$('input#employees-file')
  await input?.uploadFile(sheetPath(name))
  await page.waitForFunction((expected) => document.querySelector('#employees-file-name')?.textContent === expected, {}, name)
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => !document.querySelector('#employees-status')?.classList.contains('busy'))
}

const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')

/** The error table as `row|field|message` lines, and each row's content cell. */
async function shownIssues (p: Page): Promise<{ issues: string[], contents: Map<number, string> }> {
  return await p.$$eval('#employees-errors table tbody tr', (rows) => {
    const issues: string[] = []
    const contents: [number, string][] = []
    for (const row of rows) {
      const number = Number.parseInt(row.querySelector('th')?.textContent ?? '', 10)
      contents.push([number, row.querySelector('td.row-cells')?.textContent ?? ''])
      for (const item of row.querySelectorAll('td.problems li')) {
        const field = item.querySelector('code')?.textContent ?? ''
        issues.push(`${number}|${field}|${(item.textContent ?? '').slice(field.length + 2)}`)
      }
    }
    return { issues, contents }
  }).then((shown) => ({ issues: shown.issues, contents: new Map(shown.contents) }))
}

t.test('the limits come from the service, before any upload', async (t) => {
  t.match(await text('#limits'), /40 empleados por archivo y por descarga, 60 adendas por archivo, archivos de hasta 2 MB/)
  t.match(await text('[data-limit="employees"]'), 'Hasta 40 empleados por archivo.')
  await watched.screenshot('console-1-inicio')
})

t.test('a refused sheet: the API message and every {row, field, message} beside the sheet row', async (t) => {
  const api = await apiUpload('empleados-invalidos.xlsx')
  t.equal(api.statusCode, 400)
  await upload('empleados-invalidos.xlsx')
  await page.waitForSelector('#employees-errors table')
  // every row is refused even in the console's partial mode: the API's message, then what to do
  t.equal(await text('#employees-status'), `${api.body.message} Corrige cada fila con «Corregir» aquí mismo, o descarga la hoja corregida.`)
  const shown = await shownIssues(page)
  // the column as the sheet names it (docs/import.md), the API field where there is no column
  const expected = api.body.errors.map((issue: { row: number, field: string, header?: string, message: string }) => `${issue.row}|${issue.header ?? issue.field}|${issue.message}`)
  t.same([...shown.issues].sort(), [...expected].sort(), 'exactly the items of the API, none lost, none made up')
  t.ok(expected.length > 1)
  // the row content is the sheet's own row, read in the browser
  const sheet = XLSX.read(readFileSync(fixture('empleados-invalidos.xlsx')))
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1, raw: false, defval: '' })
  for (const [row, content] of shown.contents) {
    const dni = rows[row - 1]?.[3]
    t.ok(dni !== undefined && dni !== '' && content.includes(String(dni).trim()), `row ${row} shows its cells (${content})`)
  }
  t.same(await axeViolations(page), [], 'no serious or critical accessibility violation')
  await watched.screenshot('console-2-errores', true)
})

t.test('a sheet without the required columns: the structure message and the missing headers', async (t) => {
  const api = await apiUpload('empleados-sin-columnas.xlsx')
  await upload('empleados-sin-columnas.xlsx')
  await page.waitForSelector('#employees-errors table')
  t.equal(await text('#employees-status'), api.body.message)
  const shown = await shownIssues(page)
  t.same(shown.issues.sort(), api.body.errors.map((issue: { row: number, field: string, header?: string, message: string }) => `${issue.row}|${issue.header ?? issue.field}|${issue.message}`).sort())
  t.match(await text('#employees-errors tbody th'), '1 (encabezados)')
})

t.test('a good sheet: the imported employees, those that can become a contract selected', async (t) => {
  const api = await apiUpload('empleados.xlsx')
  t.equal(api.statusCode, 200)
  await upload('empleados.xlsx')
  t.match(await text('#employees-status'), api.body.message)
  t.equal(await page.$('#employees-errors table'), null, 'the earlier errors are gone')
  // docs/import.md: the service's warnings on the kept rows, each with its row and the sheet's column, grouped
  // by kind and also on their row (the employer's notices, such as an outdated IPERC, follow in a box of their own)
  const warnings = (api.body.data.warnings as Array<{ row: number, field: string, header?: string, message: string, scope?: string }>)
    .filter((w) => w.scope === undefined)
  t.notOk(warnings.some((w) => w.field === 'salaryInWords'), 'the fixture leaves SUELDO EN LETRAS empty, as the template says: no warning for it')
  const shownWarnings = await page.$$eval('#employees-errors .alert.warnings li', (items) => items.map((item) => item.textContent))
  t.same([...shownWarnings].sort(), warnings.map((w) => `Fila ${w.row}, ${w.header ?? w.field}: ${w.message}`).sort())
  t.equal(await page.$$eval('#employees-table .row-warnings li', (items) => items.length), warnings.length, 'each warning on its row too')
  const dnis = await page.$$eval('#employees-table tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent))
  t.same(dnis, api.body.data.employees.map((employee: Employee) => employee.dni))
  // a row without a birth date cannot become a contract (DOCUMENT-REQUIREMENTS §26): listed, left unselected
  const blocked = new Set((api.body.data.contractIssues as Array<{ dni: string }>).map((issue) => issue.dni))
  t.same([...blocked].sort(), api.body.data.employees.filter((employee: Employee) => employee.birthDate === undefined).map((employee: Employee) => employee.dni).sort())
  const selectable = dnis.length - blocked.size
  t.equal(await page.$$eval('#employees-table tbody input:checked', (boxes) => boxes.length), selectable)
  t.equal(await text('#selection-count'), `${selectable} de ${dnis.length} empleados seleccionados.`)
  const missing = await page.$$eval('#employees-table tbody td.missing', (cells) => cells.length)
  t.equal(missing, api.body.data.employees.filter((employee: Employee) => employee.birthDate === undefined).length + api.body.data.employees.filter((employee: Employee) => employee.sex === undefined).length, 'missing sex/birth dates are marked')
  t.same(await axeViolations(page), [])
  await watched.screenshot('console-3-empleados')
})

t.test('preview: the contract (session preview), then the consent and the annex, in the page', async (t) => {
  const waitPreview = page.waitForResponse((response) => response.url().endsWith('/api/contracts/preview'))
  await page.click('#employees-table tbody tr:first-child button')
  const preview = await waitPreview
  t.equal(preview.status(), 200)
  t.equal(preview.headers()['content-type'], 'application/pdf')
  // the same request again from here: Chrome keeps no copy of a no-store reply (docs/security.md) for the DevTools protocol
  const contract = await fetch(origin + '/api/contracts/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: preview.request().postData() })
  t.match(await pdfText(Buffer.from(await contract.arrayBuffer())), /Rosa Mar[ií]a/)
  t.match(JSON.parse(preview.request().postData() ?? '{}'), { dni: '01234567', format: 'file', sessionId: /^[0-9a-f-]{36}$/ })
  await page.waitForFunction(() => (document.querySelector('#preview-frame') as HTMLIFrameElement).src.startsWith('blob:'))
  t.equal(await text('#preview-title'), 'Documentos de Rosa María Quispe Mamani')
  const contractSrc = await page.$eval('#preview-frame', (frame) => (frame as HTMLIFrameElement).src)
  await new Promise((resolve) => setTimeout(resolve, 500)) // let the PDF viewer paint before the picture
  await watched.screenshot('console-4-vista-previa')

  const waitConsent = page.waitForResponse((response) => response.url().endsWith('/api/contracts/preview?document=tratamiento-datos'))
  await page.click('#preview-tabs button:nth-child(2)')
  const consent = await waitConsent
  t.equal(consent.status(), 200)
  t.match(JSON.parse(consent.request().postData() ?? '{}'), { dni: '01234567', sessionId: /^[0-9a-f-]{36}$/ }, 'the session\'s record')
  // the same request again from here (no-store, as above): the notice as a preview
  const again = await fetch(origin + '/api/contracts/preview?document=tratamiento-datos', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: consent.request().postData()
  })
  t.match(await pdfText(Buffer.from(await again.arrayBuffer())), /Vista previa/)
  t.same((await app.inject({ method: 'GET', url: '/api/workers/01234567/contracts' })).json().data.contracts, [],
    'looking at the documents records nothing')
  await page.waitForFunction((before) => (document.querySelector('#preview-frame') as HTMLIFrameElement).src !== before, {}, contractSrc)
  const consentSrc = await page.$eval('#preview-frame', (frame) => (frame as HTMLIFrameElement).src)
  await page.click('#preview-tabs button:nth-child(3)')
  await page.waitForFunction((before) => (document.querySelector('#preview-frame') as HTMLIFrameElement).src !== before, {}, consentSrc)
  t.equal(await page.$eval('#preview-tabs button:nth-child(3)', (button) => button.getAttribute('aria-pressed')), 'true')
  t.equal(await text('#preview-status'), '', 'no error shown')
  t.same(await axeViolations(page), [])
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)
})

t.test('contracts ZIP of the selection: progress in bytes, saved, errores.txt shown', async (t) => {
  // Luis and José are left out already: without a birth date they cannot become a contract (§26)
  t.equal(await text('#selection-count'), '2 de 4 empleados seleccionados.')
  await page.evaluate(() => {
    const seen: string[] = []
    ;(globalThis as unknown as { progressSeen: string[] }).progressSeen = seen
    const node = document.querySelector('#contracts-progress-text') as HTMLElement
    new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { childList: true, characterData: true, subtree: true })
  })
  const download = watched.nextDownload()
  await page.click('#download-contracts')
  const file = await download
  const limaNow = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date())
  t.match(file.name, new RegExp(`^contratos-${todayInLima().replaceAll('/', '-')}-(\\d{4})\\.zip$`), 'the service\'s day, then the hour and minute in Lima')
  const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(-2))
  t.ok(Math.abs(minutes(file.name.slice(-8, -4)) - minutes(limaNow)) <= 2, `saved at ${file.name.slice(-8, -4)}, Lima's ${limaNow}`)
  const entries = await zipEntries(file.bytes)
  const names = entries.map((entry) => entry.name)
  t.same(names.filter((name) => name.endsWith('.pdf')).sort(), ['planilla/01234567-Operario de playa.pdf', 'planilla/Anexos/01234567.pdf', 'planilla/Tratamiento de datos/01234567.pdf'], 'Rosa: her three PDFs; Carmen failed; the others were not selected')
  const errors = entries.find((entry) => entry.name === 'errores.txt')?.bytes.toString('utf8') ?? ''
  t.match(errors, FAILING_DNI)
  await page.waitForSelector('#downloads-report pre.errors-file')
  t.equal((await text('#downloads-report pre.errors-file')).replace(/\r/g, ''), errors.replace(/\r/g, ''), 'errores.txt is shown as it is in the archive')
  t.match(await text('#downloads-status'), new RegExp(`Descargado ${file.name} \\(.+, 3 PDF\\)`))
  const progress = await page.evaluate(() => (globalThis as unknown as { progressSeen: string[] }).progressSeen)
  t.ok(progress.some((line) => /^Recibidos [\d,.]+ (bytes|KB|MB)…$/.test(line)), `progress in bytes was shown (${progress.join(' / ')})`)
  await watched.screenshot('console-5-zip', true)
})

t.test('reports: each tells who lacks a field it needs and exports the others', async (t) => {
  for (const row of [2, 4]) await page.click(`#employees-table tbody tr:nth-child(${row}) input[type="checkbox"]`) // all four again
  const download = watched.nextDownload()
  await page.click('#download-lawlife')
  const lawLife = await download
  t.equal(lawLife.name, 'VIDA_LEY_TRAMA_INV_URB_OP.xlsx')
  const book = XLSX.read(lawLife.bytes)
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false })
  const dnis = rows.slice(1).map((row) => row[7])
  t.same(dnis, ['01234567', '87654321'], 'only the employees with sex and birth date')
  const warning = await text('#downloads-report .alert.warn')
  t.match(warning, 'Vida Ley: 2 empleados no se incluyen porque faltan datos que este reporte necesita:')
  t.match(warning, 'Ñahui Pérez, Luis Ángel (DNI 45678912): falta fecha de nacimiento')
  t.match(warning, 'García Sánchez, José (DNI 23456789): falta fecha de nacimiento')
  await watched.screenshot('console-6-reportes', true)

  const sctrDownload = watched.nextDownload()
  await page.click('#download-sctr')
  const sctr = await sctrDownload
  t.equal(sctr.name, 'FORMATO_SCTR.xlsx')
  const sctrBook = XLSX.read(sctr.bytes)
  t.equal(XLSX.utils.sheet_to_json(sctrBook.Sheets[sctrBook.SheetNames[0]]).length, 2)
  t.match(await text('#downloads-report .alert.warn'), 'SCTR: 2 empleados no se incluyen')

  const photoDownload = watched.nextDownload()
  await page.click('#download-photocheck')
  const photo = await photoDownload
  t.equal(photo.name, 'Fotocheck.csv')
  const records = parse(photo.bytes.toString('utf8'), { columns: true }) as Record<string, string>[]
  t.same(records.map((record) => record.DNI), ['01234567', '45678912', '87654321', '23456789'], 'every employee: the card needs no optional field')
  t.equal(await text('#downloads-report'), '', 'nothing left out, no warning')

  // the .xlsx is offered first, the DNI as text: Excel keeps its leading zeros
  t.same(await page.$$eval('#employees-downloads .actions button', (buttons) => buttons.map((button) => button.textContent)).then((names) => names.slice(3)),
    ['Fotocheck (.xlsx)', 'Fotocheck (.csv)'])
  t.match(await text('#photocheck-hint'), 'conserva los ceros iniciales')
  const photoXlsx = watched.nextDownload()
  await page.click('#download-photocheck-xlsx')
  const xlsx = await photoXlsx
  t.equal(xlsx.name, 'Fotocheck.xlsx')
  const photoBook = XLSX.read(xlsx.bytes)
  const photoSheet = photoBook.Sheets[photoBook.SheetNames[0]]
  const dniColumn = (XLSX.utils.sheet_to_json<string[]>(photoSheet, { header: 1 })[0] ?? []).indexOf('DNI')
  const rosa = photoSheet[XLSX.utils.encode_cell({ r: 1, c: dniColumn })] as XLSX.CellObject
  t.same([rosa.t, rosa.v], ['s', '01234567'], 'the DNI is a text cell with its zero')

  // only people without a birth date selected: nothing is sent, and the page says why
  for (const row of [1, 3]) await page.click(`#employees-table tbody tr:nth-child(${row}) input[type="checkbox"]`)
  let requests = 0
  const count = (): void => { requests++ }
  page.on('request', count)
  await page.click('#download-lawlife')
  await page.waitForSelector('#downloads-status.error')
  page.off('request', count)
  t.equal(requests, 0, 'no request for a report nobody can be in')
  t.match(await text('#downloads-status'), 'Vida Ley: ningún empleado seleccionado tiene los datos que este reporte necesita')
})

t.test('a row that cannot become a contract: marked with its reason, left out of the contracts ZIP, kept for the reports', async (t) => {
  const sheet = join(sheets, 'empleados-con-inicio-pasado.xlsx')
  writeFileSync(sheet, workbook([[EMPLOYEE_HEADERS, employeeCells(sampleEmployee()),
    employeeCells(sampleEmployee({ dni: '33334444', name: 'Pedro', entryDate: '01/03/2020', endDate: '31/12/2020' }))]]))
  const input = await page.$('input#employees-file')
  await input?.uploadFile(sheet)
  await page.waitForFunction(() => document.querySelector('#employees-file-name')?.textContent === 'empleados-con-inicio-pasado.xlsx')
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody tr').length === 2)
  const blockedRow = '#employees-table tbody tr:nth-child(2)'
  t.match(await text(`${blockedRow} p.blocked`), /^No se puede generar el contrato: La fecha de ingreso no puede ser anterior a hoy/)
  t.equal(await page.$eval(`${blockedRow} input[type="checkbox"]`, (box) => (box as HTMLInputElement).checked), false, 'not selected')
  t.equal(await page.$eval(`${blockedRow} button`, (button) => (button as HTMLButtonElement).disabled), true, 'no preview')
  await page.click(`${blockedRow} input[type="checkbox"]`) // selected on purpose: the ZIP still leaves it out and says why
  const download = watched.nextDownload()
  await page.click('#download-contracts')
  const file = await download
  const names = (await zipEntries(file.bytes)).map((entry) => entry.name)
  t.equal(names.length, 3, 'the other person\'s three documents')
  t.notOk(names.some((name) => name.includes('33334444')))
  await page.waitForSelector('#downloads-report .alert.warn')
  t.match(await text('#downloads-report .alert.warn'), 'Contratos: 1 empleado no se incluye porque su contrato no se puede generar:')
  t.match(await text('#downloads-report .alert.warn'), 'Pedro (DNI 33334444): La fecha de ingreso no puede ser anterior a hoy')
  t.match(await text('#employees-status'), '1 no puede generar su contrato y queda sin seleccionar (motivo en su fila).')
  t.same(await axeViolations(page), [])
  await watched.screenshot('console-10-no-se-puede', true)
  const photo = watched.nextDownload()
  await page.click('#download-photocheck')
  const records = parse((await photo).bytes.toString('utf8'), { columns: true }) as Record<string, string>[]
  t.same(records.map((record) => record.DNI), ['12345678', '33334444'], 'the reports take every imported row')
})

t.test('the contract pickers: a position outside the catalogue is given its entry in the page, a modality without a cause is refused at once', async (t) => {
  const sheet = join(sheets, 'empleados-cargo-nuevo.xlsx')
  writeFileSync(sheet, workbook([[EMPLOYEE_HEADERS, employeeCells(sampleEmployee()),
    employeeCells(sampleEmployee({ dni: '55556666', name: 'Jorge', position: 'Técnico de línea' }))]]))
  const input = await page.$('input#employees-file')
  await input?.uploadFile(sheet)
  await page.waitForFunction(() => document.querySelector('#employees-file-name')?.textContent === 'empleados-cargo-nuevo.xlsx')
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => document.querySelector('#employees-table tbody tr:nth-child(2)')?.textContent?.includes('55556666') === true &&
    document.querySelector('#employees-table tbody tr:nth-child(2) p.blocked') !== null)
  const row = '#employees-table tbody tr:nth-child(2)'
  t.match(await text(`${row} p.blocked`), /El cargo no está en el catálogo de puestos del empleador/)
  t.match(await text(`${row} p.cause`), /^Causa: Incremento temporal e imprevisible de vehículos/, 'the site\'s reviewed cause for the profile\'s modality (58)')
  const positionPicker = `${row} select[aria-label^="Puesto del catálogo"]`
  await page.select(positionPicker, 'operario-de-playa')
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, `${row} p.blocked`)
  t.match(await text('#employees-status'), 'Jorge: El contrato se puede generar.')
  t.equal(await page.$eval(`${row} input[type="checkbox"]`, (box) => (box as HTMLInputElement).checked), true, 'selected once it can be made')
  await page.select(`${row} select[aria-label^="Modalidad"]`, '60')
  await page.waitForSelector(`${row} p.blocked`)
  // in HR's words: the modalities by name, never by article number, and what to pick next (console/js/plain.js)
  t.match(await text(`${row} p.blocked`),
    'La sede Playa Larcomar no contrata en la modalidad «ocasional»: las modalidades de esa sede son «inicio o incremento de actividad», «necesidades del mercado», «suplencia»')
  t.notMatch(await text(`${row} p.blocked`), /modalidad(es)? \d|perfil del empleador/, 'no article numbers, no "perfil del empleador"')
  // the next step follows the message: one of the site's modalities, not its causes of other modalities
  t.match(await text(`${row} p.blocked`), /Siguiente paso: elige en la columna Contrato una de esas modalidades\./)
  t.notMatch(await text(`${row} p.blocked`), /Siguiente paso: elige en CAUSA/)
  t.equal(await text(`${row} p.cause`), 'Causa: la sede no tiene una causa revisada para esta modalidad. Una causa nueva la revisa el área legal antes de poder usarse.')
  // the site's one art. 57 cause is its night service, which justifies no day shift (DOCUMENT-REQUIREMENTS §21)
  await page.select(`${row} select[aria-label^="Modalidad"]`, '57')
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes('se ajusta al plazo y la jornada') === true, {}, `${row} p.blocked`)
  t.match(await text(`${row} p.cause`), /^Causa: Inicio del servicio nocturno/)
  await page.select(`${row} select[aria-label^="Modalidad"]`, '')
  await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, `${row} p.blocked`)
  t.match(await text(`${row} p.cause`), /^Causa: Incremento temporal e imprevisible de vehículos/, 'the profile\'s modality (58) and its cause')
  t.same(await axeViolations(page), [])
  await watched.screenshot('console-11-contrato', true)
  const download = watched.nextDownload()
  await page.click('#download-contracts')
  const entries = await zipEntries((await download).bytes)
  t.equal(entries.length, 6, 'both people\'s documents')
  const annex = entries.find((entry) => entry.name.includes('/Anexos/55556666')) as { bytes: Buffer }
  const annexText = await pdfText(annex.bytes)
  t.match(annexText, 'Técnico de línea')
  t.match(annexText, 'IPERC-OP-01', 'the chosen catalogue entry\'s annex')
  const contract = entries.find((entry) => entry.name.includes('55556666-')) as { bytes: Buffer }
  t.match(await pdfText(contract.bytes), /necesidades del\s+mercado/, 'the modality chosen at last')
})

t.test('keyboard: the tabs switch with the arrow keys and the upload is reachable', async (t) => {
  await page.focus('#tab-employees')
  await page.keyboard.press('ArrowRight')
  t.equal(await page.evaluate(() => document.activeElement?.id), 'tab-addenda')
  t.equal(await page.$eval('#panel-addenda', (panel) => (panel as HTMLElement).hidden), false)
  t.equal(await page.$eval('#panel-employees', (panel) => (panel as HTMLElement).hidden), true)
  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-pick')), 'addenda-file', 'Tab from the tabs goes to the file picker')
  await page.focus('#tab-addenda')
  await page.keyboard.press('ArrowLeft')
  t.equal(await page.evaluate(() => document.activeElement?.id), 'tab-employees')
})

t.test('readable on a 1024-wide laptop', async (t) => {
  await page.setViewport({ width: 1024, height: 768 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  t.equal(overflow, 0, 'no horizontal scrolling of the page')
  await watched.screenshot('console-7-1024')
  await page.setViewport({ width: 1280, height: 800 })
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
