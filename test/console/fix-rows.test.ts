/**
 * docs/console.md in Chromium, as an HR assistant works: the employees template downloaded from the
 * console and filled by SheetJS (two rows with the usual mistakes), the valid rows kept and the
 * others listed, both fixed in the page without a spreadsheet program, the corrected .xlsx read
 * back, the contracts ZIP of every row; then a reload keeps the work, search and filters, "Vaciar",
 * a sheet with an instructions sheet first, and a 390 px phone. axe-core: no violation at all.
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { sampleEmployee, zipEntries } from '../support/helper.js'
import { ALL_IMPACTS, axeViolations, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

t.setTimeout(300_000)
const { origin } = await startServer(t, { BATCH_MAX: 40 })
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-fix-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
const nextYear = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' }).slice(0, 4)) + 1
const IMPOSSIBLE = `31/11/${nextYear}`

/** The people of the sheet: six lawful rows, the third with an impossible start, the fifth with a bad email. */
const people = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabio'].map((name, index) => sampleEmployee({
  name,
  dni: `7000000${index}`,
  email: `${name.toLowerCase()}@example.com`,
  ...(index === 2 ? { entryDate: IMPOSSIBLE } : {}),
  ...(index === 4 ? { email: 'elena-sin-arroba' } : {})
}))

/** A day as Excel keeps a typed date: a date cell (SheetJS Date, UTC midnight); an impossible one stays text. */
function cellOf (field: string, value: unknown): unknown {
  const day = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null
  if (EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.kind !== 'date' || day === null || value === IMPOSSIBLE) return value
  return new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])))
}

async function uploadFile (path: string): Promise<void> {
  const input = await page.$('input#employees-file')
  await input?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => !document.querySelector('#employees-status')?.classList.contains('busy'))
}

/** Sets one field of the open fix form, by the sheet's header. */
async function setField (header: string, value: string): Promise<void> {
  await page.$$eval('#fix-fields .fix-field', (fields, header, value) => {
    const input = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('input') as HTMLInputElement
    input.value = value
  }, header, value)
}

const shownDnis = async (): Promise<string[]> =>
  await page.$$eval('#employees-table tbody tr:not([hidden]) td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent ?? ''))

let templateHeaders: string[] = []

t.test('from the downloaded template to the valid rows and the two refused ones', async (t) => {
  const download = watched.nextDownload()
  await page.click('#employees-hint a')
  const template = await download
  t.equal(template.name, 'plantilla-empleados.xlsx')
  const book = XLSX.read(template.bytes, { cellDates: true })
  t.ok(book.SheetNames.length >= 2, 'the template has its instructions sheet after the data sheet')
  const sheet = book.Sheets[book.SheetNames[0]]
  templateHeaders = (XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []).map(String)
  const fieldOf = (header: string) => EMPLOYEE_COLUMNS.find((spec) => spec.headers[0] === header)?.field as string
  t.ok(templateHeaders.every((header) => fieldOf(header) !== undefined), 'every template column is a column of the import')
  XLSX.utils.sheet_add_aoa(sheet, people.map((person) => templateHeaders.map((header) => cellOf(fieldOf(header), person[fieldOf(header)] ?? null))), { origin: 'A2', cellDates: true })
  const filled = join(folder, 'empleados-noviembre.xlsx')
  writeFileSync(filled, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await uploadFile(filled)
  t.match(await text('#employees-status'), 'Se importaron 4 empleados; 2 filas tienen errores y no se importaron.')
  t.match(await text('#employees-status'), 'Corrige las 2 filas rechazadas con «Corregir» aquí mismo.')
  t.same(await shownDnis(), ['70000000', '70000001', '70000003', '70000005'])
  const refused = await page.$$eval('#employees-errors table tbody tr', (rows) => rows.map((row) => `${row.querySelector('th')?.textContent} ${row.querySelector('td.problems')?.textContent}`))
  t.same(refused, [`4 INICIO: La fecha ${IMPOSSIBLE} no existe: noviembre de ${nextYear} tiene 30 días.`, '6 EMAIL: El correo no tiene un formato válido'],
    'each refused row by its sheet row, the column by the template\'s header, an impossible date said to not exist')
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'no axe violation of any impact (`region` included)')
})

t.test('the corrected .xlsx: the template\'s columns, the rows as they are, ERRORES on the refused ones', async (t) => {
  const download = watched.nextDownload()
  await page.click('#employees-corrected')
  const file = await download
  t.equal(file.name, 'empleados-noviembre-corregido.xlsx')
  const book = XLSX.read(file.bytes)
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, defval: '' })
  t.same(rows[0], [...templateHeaders, 'ERRORES'])
  const dni = templateHeaders.indexOf('DNI')
  t.same(rows.slice(1).map((row) => row[dni]), people.map((person) => person.dni), 'every row, in the sheet\'s order, the DNI as text')
  t.same(rows.slice(1).map((row) => row.at(-1) === '' ? '' : row.at(-1)?.split(':')[0]), ['', '', 'INICIO', '', 'EMAIL', ''])
  // the file goes back to the service as it is: the same answer as the page's
  const form = new FormData()
  form.append('excel', new Blob([new Uint8Array(file.bytes)]), 'empleados-noviembre-corregido.xlsx')
  const reply = await (await fetch(`${origin}/api/excel/upload?partial=true`, { method: 'POST', body: form })).json()
  t.same(reply.data.employees.map((employee: { dni: string }) => employee.dni), ['70000000', '70000001', '70000003', '70000005'])
  t.same(reply.data.rows, [2, 3, 5, 7])
})

t.test('two rows fixed in the page join the valid ones, and the ZIP holds every contract', async (t) => {
  await page.click('#employees-errors button[aria-label="Corregir la fila 4"]')
  await page.waitForSelector('#fix[open]')
  t.equal(await text('#fix-title'), 'Corregir la fila 4 de la hoja (Carla Quispe Mamani)')
  t.match(await page.$eval('#fix-fields .invalid', (node) => node.textContent), `INICIO${IMPOSSIBLE}`.slice(0, 6))
  t.match(await page.$eval('#fix-fields .invalid p.field-error', (node) => node.textContent), 'no existe')
  t.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), IMPOSSIBLE, 'the field in error has the focus')
  const carla = people[2]
  const fixedStart = String(sampleEmployee().entryDate)
  await setField('INICIO', fixedStart)
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the fix form')
  await watched.screenshot('console-14-corregir-fila')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open)
  t.equal(await text('#employees-status'), 'Fila 4 corregida: el servicio la aceptó.')
  t.equal(await page.evaluate(() => document.activeElement?.closest('tr')?.querySelector('td:nth-child(2)')?.textContent), '70000002',
    'the focus goes to the fixed row\'s checkbox, not to the page\'s body')
  t.ok((await shownDnis()).includes(String(carla.dni)))
  const warnings = await page.$$eval('#employees-errors .alert.warn li', (items) => items.map((item) => item.textContent ?? ''))
  t.notOk(warnings.some((warning) => warning.startsWith('Fila 4, INICIO')), 'the fixed date went back as a date cell, as in the rest of its column: no "written as text" warning')

  await page.click('#employees-errors button[aria-label="Corregir la fila 6"]')
  await page.waitForSelector('#fix[open]')
  await setField('EMAIL', 'elena@example')
  await page.click('#fix-save')
  await page.waitForSelector('#fix-status.error')
  t.match(await text('#fix-status'), 'aún encuentra 1 problema', 'still wrong: the form stays open with the service\'s message')
  await setField('EMAIL', 'elena@example.com')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open)
  t.same(await shownDnis(), people.map((person) => person.dni), 'all six, in the sheet\'s order')
  t.equal(await page.$('#employees-errors table'), null, 'no refused row left')
  t.equal(await text('#selection-count'), '6 de 6 empleados seleccionados.')

  const download = watched.nextDownload()
  await page.click('#download-contracts')
  const names = (await zipEntries((await download).bytes)).map((entry) => entry.name)
  t.equal(names.filter((name) => name.endsWith('.pdf')).length, 18, 'three documents for each of the six')
  t.notOk(names.includes('errores.txt'))
  t.ok(names.some((name) => name.includes('70000002')) && names.some((name) => name.includes('70000004')), 'the two fixed rows included')
})

t.test('a reload keeps the work: rows, fixes, selection and filters; search and filters by name, DNI, type and site', async (t) => {
  await page.type('#employees-search', 'fabio')
  t.same(await shownDnis(), ['70000005'])
  t.match(await text('#employees-filter-count'), 'Se muestran 1 de 6 empleados')
  t.equal(await text('#selection-count'), '1 de 1 empleado seleccionado.', 'the downloads take the rows shown')
  await page.$eval('#employees-search', (input) => { (input as HTMLInputElement).value = '' })
  await page.type('#employees-search', '7000000')
  t.equal((await shownDnis()).length, 6, 'by DNI')
  await page.$eval('#employees-search', (input) => { (input as HTMLInputElement).value = '' })
  await page.type('#employees-search', 'ana')
  await page.click('#employees-table tbody tr:not([hidden]) input[type="checkbox"]') // Ana left out
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  t.equal(await page.$eval('#employees-search', (input) => (input as HTMLInputElement).value), 'ana', 'the search is kept')
  t.match(await text('#employees-status'), 'Se recuperó el trabajo de esta pestaña con empleados-noviembre.xlsx')
  t.same(await shownDnis(), ['70000000'])
  t.equal(await page.$eval('#employees-table tbody tr:not([hidden]) input[type="checkbox"]', (box) => (box as HTMLInputElement).checked), false, 'the selection is kept')
  await page.$eval('#employees-search', (input) => { (input as HTMLInputElement).value = '' })
  await page.type('#employees-search', ' ')
  t.same(await shownDnis(), people.map((person) => person.dni), 'the fixed rows survive the reload')
  t.equal(await text('#selection-count'), '5 de 6 empleados seleccionados.')
  await page.select('#employees-type', 'Planilla')
  t.equal((await shownDnis()).length, 6)
  t.same(await page.$$eval('#employees-site option', (options) => options.map((option) => option.textContent)), ['Todas las sedes', 'Playa Larcomar'])
  const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('contratos.')))
  // the work of each tab, and where HR was (the tab, an open form)
  t.same(stored.sort(), ['contratos.consola.addenda', 'contratos.consola.employees', 'contratos.consola.vista'].filter((key) => stored.includes(key)).sort())
  t.ok(stored.includes('contratos.consola.employees'))
  t.same(await page.evaluate(() => Object.keys(localStorage)), [], 'nothing in localStorage')

  // it asks first: the focus on keeping the work, and keeping it keeps everything
  await page.click('#clear-console')
  await page.waitForSelector('#clear[open]')
  t.equal(await page.evaluate(() => document.activeElement?.id), 'clear-cancel', 'the focus on keeping the work')
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the question')
  await page.click('#clear-cancel')
  await page.waitForFunction(() => !(document.querySelector('#clear') as HTMLDialogElement).open)
  t.ok(await page.evaluate(() => Object.keys(sessionStorage).includes('contratos.consola.employees')), 'nothing forgotten on "Seguir con el trabajo"')
  t.equal(await page.$eval('#employees-result', (node) => node.hasAttribute('hidden')), false)
  await page.click('#clear-console')
  await page.waitForSelector('#clear[open]')
  await page.click('#clear-confirm')
  await page.waitForFunction(() => document.readyState === 'complete' && document.body.dataset.ready === 'true' && document.querySelector('#employees-result')?.hasAttribute('hidden') === true)
  t.equal(await text('#employees-status'), 'Se vació la consola: no queda ningún dato en esta pestaña del navegador.')
  t.same(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('contratos.consola.'))), [], '"Vaciar" forgets it all')
  t.equal(await page.$eval('#clear-console', (button) => (button as HTMLElement).hidden), true)
})

t.test('every row fixable; a reload returns to the tab and the open form; a second upload asks first', async (t) => {
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  const sheet = join(folder, 'empleados-noviembre.xlsx')
  await uploadFile(sheet)
  // a kept row has Corregir too: its birth date, which Vida Ley and SCTR need, can be changed here
  const ana = '#employees-table button[aria-label="Corregir la fila de Quispe Mamani, Ana"]'
  t.ok(await page.$(ana), 'Corregir on a row the service kept')
  await page.click(ana)
  await page.waitForSelector('#fix[open]')
  await setField('FECHA DE NACIMIENTO', '01/02/1990')
  await page.$eval('#fix-fields', (node) => node.dispatchEvent(new Event('input', { bubbles: true })))
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  await page.waitForSelector('#fix[open]')
  t.equal(await text('#fix-title'), 'Corregir la fila 2 de la hoja (Ana Quispe Mamani)', 'the form HR had open is open again')
  t.equal(await page.$$eval('#fix-fields .fix-field', (fields) => (fields.find((node) => node.querySelector('label')?.textContent === 'FECHA DE NACIMIENTO')?.querySelector('input') as HTMLInputElement).value), '01/02/1990', 'with what was typed')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open)
  t.equal(await text('#employees-status'), 'Fila 2 corregida: el servicio la aceptó.')
  t.equal(await page.$eval('#employees-table tbody tr:first-child td:nth-child(9)', (cell) => cell.textContent), '01/02/1990')
  // the tab is kept too
  await page.click('#tab-addenda')
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  t.equal(await page.$eval('#panel-addenda', (panel) => (panel as HTMLElement).hidden), false, 'the Adendas tab after a reload')
  await page.click('#tab-employees')
  // a second file: the page asks; "Añadir sus filas" adds them to the work (the sheet judged whole)
  const other = join(folder, 'otra.xlsx')
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([templateHeaders, templateHeaders.map((header) => sampleEmployee({ dni: '70000099', name: 'Gina' })[EMPLOYEE_COLUMNS.find((spec) => spec.headers[0] === header)?.field as string] ?? null)]), 'Empleados')
  writeFileSync(other, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  const input = await page.$('input#employees-file')
  await input?.uploadFile(other)
  await page.click('#employees-form button[type="submit"]')
  await page.waitForSelector('#replace[open]')
  t.match(await text('#replace-text'), 'La página tiene empleados-noviembre.xlsx (6 filas, 1 corregida aquí)')
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the question')
  await page.click('#replace-add')
  await page.waitForFunction(() => !document.querySelector('#employees-status')?.classList.contains('busy') && document.querySelectorAll('#employees-table tbody tr').length === 5)
  t.match(await text('#employees-status'), 'Se añadieron las filas de otra.xlsx a empleados-noviembre.xlsx.')
  t.ok((await shownDnis()).includes('70000099'), 'the new row joins the kept ones')
  t.equal(await page.$eval('#employees-table tbody tr:first-child td:nth-child(9)', (cell) => cell.textContent), '01/02/1990', 'the fix made before stays')
})

t.test('the buttons of every row stay in view at 1280 px, the table scrolling under them', async (t) => {
  await page.reload({ waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  await uploadFile(join(folder, 'empleados-noviembre.xlsx'))
  const edges = await page.$$eval('#employees-table tbody td.row-actions', (cells) => cells.map((cell) => cell.getBoundingClientRect().right))
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  t.ok(edges.length >= 4 && edges.every((right) => right <= width), `each row's buttons within ${width} px (${edges.join(', ')})`)
})

t.test('a CSV as Excel in Spanish saves it: a row fixed in the page, and the corrected .xlsx gives the CSV\'s verdict', async (t) => {
  const headers = templateHeaders
  const cells = (person: Record<string, unknown>) => headers.map((header) => String(person[EMPLOYEE_COLUMNS.find((spec) => spec.headers[0] === header)?.field as string] ?? ''))
  const csv = [headers, cells(sampleEmployee({ dni: '7000011', name: 'Begoña' })), cells(sampleEmployee({ dni: '70000012', name: 'Íñigo', endDate: IMPOSSIBLE }))]
    .map((row) => row.map((cell) => /[;"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell).join(';')).join('\r\n') + '\r\n'
  const path = join(folder, 'empleados.csv')
  writeFileSync(path, Buffer.from(csv, 'latin1')) // Windows-1252: the accents of Begoña and Íñigo
  await uploadFile(path)
  await page.waitForSelector('#employees-errors table')
  t.same(await shownDnis(), ['07000011'], 'the short DNI padded (D12)')
  t.match(await text('#employees-errors .alert.warn'), 'Fila 2, DNI')
  // the warnings that may change a document come first, and each is on its row
  t.match(await text('#employees-errors .alert.warnings .warning-group:first-of-type .warning-kind'), 'Pueden cambiar el documento: DNI guardados como número')
  t.match(await text('#employees-table tbody tr:first-child .row-warnings li'), /^Aviso, DNI: El DNI 7000011 tenía menos de 8 dígitos/)
  const download = watched.nextDownload()
  await page.click('#employees-corrected')
  const file = await download
  const form = new FormData()
  form.append('excel', new Blob([new Uint8Array(file.bytes)]), file.name)
  const reply = await (await fetch(`${origin}/api/excel/upload?partial=true`, { method: 'POST', body: form })).json()
  t.same(reply.data.employees.map((employee: { dni: string, name: string }) => `${employee.dni} ${employee.name}`), ['07000011 Begoña'], 'the same verdict from the .xlsx')
  t.same(reply.data.errors.map((issue: { row: number, header: string }) => `${issue.row} ${issue.header}`), ['3 FIN'])
  t.notOk(reply.data.warnings.some((warning: { field: string }) => warning.field === 'entryDate'), 'dates went into the .xlsx as dates')
  await page.click('#employees-errors button[aria-label="Corregir la fila 3"]')
  await page.waitForSelector('#fix[open]')
  t.equal(await text('#fix-title'), 'Corregir la fila 3 de la hoja (Íñigo Quispe Mamani)', 'accents read from Windows-1252')
  await setField('FIN', String(sampleEmployee().endDate))
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open)
  t.same(await shownDnis(), ['07000011', '70000012'])
  t.match(await page.$eval('#employees-table tbody tr:nth-child(2)', (row) => row.textContent), 'Íñigo')
})

t.test('a sheet whose first sheet is the instructions: the service says which sheet to move', async (t) => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Cómo llenar esta hoja'], ['Una fila por trabajador']]), 'Instrucciones')
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([templateHeaders, templateHeaders.map((header) => people[0][EMPLOYEE_COLUMNS.find((spec) => spec.headers[0] === header)?.field as string] ?? null)]), 'Empleados')
  const path = join(folder, 'con-instrucciones.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await uploadFile(path)
  await page.waitForSelector('#employees-errors .alert.error')
  t.match(await text('#employees-errors .alert.error'), 'Solo se lee la primera hoja del archivo ("Instrucciones") y no tiene los encabezados; están en la hoja "Empleados".')
})

t.test('a 390 px phone: the problems of a refused row are on screen', async (t) => {
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([templateHeaders, ...[people[1], people[4]].map((person) => templateHeaders.map((header) => person[EMPLOYEE_COLUMNS.find((spec) => spec.headers[0] === header)?.field as string] ?? null))]), 'Empleados')
  const path = join(folder, 'telefono.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await uploadFile(path)
  await page.waitForSelector('#employees-errors table')
  const box = await page.$eval('#employees-errors td.problems', (cell) => { const r = cell.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width } })
  t.ok(box.left >= 0 && box.right <= 390 && box.width > 150, `the problems cell is within the screen (${JSON.stringify(box)})`)
  t.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling of the page')
  await page.$eval('#employees-errors', (node) => node.scrollIntoView())
  await watched.screenshot('console-15-telefono')
  await page.setViewport({ width: 1280, height: 800 })
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
