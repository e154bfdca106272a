/**
 * The HR console's Addenda tab in Chromium against a listening server: a sheet with good and bad
 * rows (partial mode: the valid ones listed, the errors beside the sheet's rows), a sheet missing a
 * column (refused whole), then preview and ZIP of the valid adendas.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { formPayload, pdfText, zipEntries } from '../support/helper.js'
import { axeViolations, fixture, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

const { app, origin } = await startServer(t, { ADDENDUM_BATCH_MAX: 60 })
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched

const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')

interface Issue { row: number, field: string, header?: string, message: string }

async function apiUpload (name: string): Promise<{ statusCode: number, body: any }> {
  const form = await formPayload([{ name, bytes: readFileSync(fixture(name)) }])
  const res = await app.inject({ method: 'POST', url: '/api/addendum/upload?partial=true', ...form })
  return { statusCode: res.statusCode, body: res.json() }
}

async function upload (name: string): Promise<void> {
  const input = await page.$('input#addenda-file')
  await input?.uploadFile(fixture(name))
  await page.waitForFunction((expected) => document.querySelector('#addenda-file-name')?.textContent === expected, {}, name)
  await submitUpload(page, '#addenda-form')
  await page.waitForFunction(() => !document.querySelector('#addenda-status')?.classList.contains('busy'))
}

async function shownIssues (): Promise<string[]> {
  return await page.$$eval('#addenda-errors table tbody tr', (rows) => rows.flatMap((row) => {
    const number = Number.parseInt(row.querySelector('th')?.textContent ?? '', 10)
    return [...row.querySelectorAll('td.problems li')].map((item) => {
      const field = item.querySelector('code')?.textContent ?? ''
      return `${number}|${field}|${(item.textContent ?? '').slice(field.length + 2)}`
    })
  }))
}

t.test('partial upload: the valid adendas listed, the errors beside the sheet rows', async (t) => {
  await page.click('#tab-addenda')
  t.match(await text('[data-limit="addenda"]'), 'Hasta 60 adendas por archivo.')
  const api = await apiUpload('adendas-mixtas.xlsx')
  t.equal(api.statusCode, 200)
  t.ok(api.body.data.errors.length > 0 && api.body.data.employees.length > 0, 'the fixture mixes good and bad rows')
  await upload('adendas-mixtas.xlsx')
  await page.waitForSelector('#addenda-errors table')
  t.equal(await text('#addenda-status'), `${api.body.message}. ${api.body.data.totalRecords} filas leídas: ${api.body.data.validRecords} válidas, ${api.body.data.invalidRecords} con errores.`)
  t.same((await shownIssues()).sort(), api.body.data.errors.map((issue: Issue) => `${issue.row}|${issue.header ?? issue.field}|${issue.message}`).sort())
  const contents = await page.$$eval('#addenda-errors td.row-cells', (cells) => cells.map((cell) => cell.textContent ?? ''))
  t.ok(contents.every((content) => /Playas (Lima|Sur)/.test(content)), 'each error row shows the sheet row it is about')
  const documents = await page.$$eval('#addenda-table tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent))
  t.same(documents, api.body.data.employees.map((record: { documentNumber: string }) => record.documentNumber))
  t.equal(await page.$eval('#download-addenda', (button) => (button as HTMLButtonElement).disabled), false)
  t.equal(await page.$$eval('#addenda-table tbody input[type="checkbox"]:checked', (boxes) => boxes.length), documents.length, 'every valid adenda selected')
  t.equal(await text('#addenda-selection'), `${documents.length} de ${documents.length} adendas seleccionadas.`)
  t.same(await axeViolations(page), [])
  await watched.screenshot('console-8-adendas', true)
})

t.test('preview of one adenda in the page, and the ZIP of the valid ones', async (t) => {
  const api = await apiUpload('adendas-mixtas.xlsx')
  const valid = api.body.data.employees as { documentNumber: string, worker: string }[]
  const waitPreview = page.waitForResponse((response) => response.url().endsWith('/api/addendum/preview'))
  await page.click('#addenda-table tbody tr:first-child button')
  const preview = await waitPreview
  t.equal(preview.status(), 200)
  t.equal(preview.headers()['content-type'], 'application/pdf')
  t.same(JSON.parse(preview.request().postData() ?? '{}'), valid[0], 'the upload\'s record, sent unchanged')
  // the same request again from here: Chrome keeps no copy of a no-store reply (docs/security.md) for the DevTools protocol
  const again = await fetch(origin + '/api/addendum/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: preview.request().postData() })
  const pdf = await pdfText(Buffer.from(await again.arrayBuffer()))
  t.match(pdf, valid[0].documentNumber)
  await page.waitForFunction(() => (document.querySelector('#preview-frame') as HTMLIFrameElement).src.startsWith('blob:'))
  t.equal(await text('#preview-title'), `Adenda de ${valid[0].worker}`)
  t.equal(await text('#preview-status'), '')
  await new Promise((resolve) => setTimeout(resolve, 500)) // let the PDF viewer paint before the picture
  await watched.screenshot('console-9-adenda-vista-previa')
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)

  const download = watched.nextDownload()
  await page.click('#download-addenda')
  const file = await download
  t.match(file.name, /^adendas-\d{2}-\d{2}-\d{4}-\d{4}\.zip$/, 'the day, then the hour and minute in Lima')
  const names = (await zipEntries(file.bytes)).map((entry) => entry.name)
  t.same(names.sort(), valid.map((record) => `adendas/${record.documentNumber}.pdf`).sort(), 'one PDF per valid row: what the table shows as valid, the ZIP accepts (docs/console.md, item 7)')
  t.match(await text('#addenda-download-status'), new RegExp(`Descargado ${file.name} \\(.+, ${valid.length} PDF\\)`))
  t.equal(await text('#addenda-report'), '')

  // the checkboxes (docs/console.md, item 7): the first adenda left out, the ZIP holds the others only
  await page.click('#addenda-table tbody tr:first-child input[type="checkbox"]')
  t.equal(await text('#addenda-selection'), `${valid.length - 1} de ${valid.length} adendas seleccionadas.`)
  const fewer = watched.nextDownload()
  await page.click('#download-addenda')
  const fewerNames = (await zipEntries((await fewer).bytes)).map((entry) => entry.name)
  t.same(fewerNames.sort(), valid.slice(1).map((record) => `adendas/${record.documentNumber}.pdf`).sort())
  await page.click('#addenda-all')
  t.equal(await page.$$eval('#addenda-table tbody input[type="checkbox"]:checked', (boxes) => boxes.length), valid.length, 'select all')
})

t.test('a refused adenda fixed in the page joins the valid ones', async (t) => {
  const before = await page.$$eval('#addenda-table tbody tr', (rows) => rows.length)
  const api = await apiUpload('adendas-mixtas.xlsx')
  const row = (api.body.data.errors as Issue[]).find((issue) => issue.field === 'documentNumber')?.row as number
  await page.click(`#addenda-errors button[aria-label="Corregir la fila ${row}"]`)
  await page.waitForSelector('#fix[open]')
  const field = await page.$eval('#fix-fields input[aria-invalid="true"]', (input) => (input.previousElementSibling as HTMLElement).textContent)
  t.equal(field, 'Número de Documento', 'the first field in error is focused-ready, named by the sheet\'s header')
  t.match(await page.$eval('#fix-fields .invalid p.field-error', (node) => node.textContent), 'DNI debe tener exactamente 8 dígitos.')
  /** Sets a field as HR would: a text typed, an option picked (the pickers follow the row's modality). */
  const setField = async (header: string, value: string): Promise<void> => {
    await page.$$eval('#fix-fields .fix-field', (fields, header, value) => {
      const input = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('input, select') as HTMLInputElement
      input.value = value
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }, header, value)
  }
  await setField('Número de Documento', '12121212')
  await page.click('#fix-save')
  await page.waitForSelector('#fix-status.error')
  t.match(await text('#fix-status'), 'aún encuentra 1 problema', 'the salary of that row is still wrong')
  t.match(await page.$eval('#fix-fields .invalid label', (node) => node.textContent), 'Sueldo')
  await setField('Sueldo', '1800')
  await page.click('#fix-save')
  // now a valid addendum record, but not an adenda the ZIP would make: the form says why (docs/console.md, item 7)
  await page.waitForFunction(() => /aún encuentra [2-9]/.test(document.querySelector('#fix-status')?.textContent ?? ''))
  const invalid = await page.$$eval('#fix-fields .invalid label', (labels) => labels.map((label) => label.textContent))
  t.same(invalid.sort(), ['Actualización de la causa', 'Cargo', 'Causa', 'Fecha de nacimiento', 'Modalidad', 'Sexo', 'Sueldo anterior', 'Sueldo en Letras'],
    'the preview\'s and ZIP\'s own rules, by the sheet\'s headers')
  t.same(await axeViolations(page), [], 'the form with its messages')
  await watched.screenshot('console-16-corregir-adenda')
  await page.click('#fix-cancel')
  // kept but marked: unticked, no preview; ticked on purpose, the ZIP leaves it out and says why
  const blockedRow = '#addenda-table tbody tr.blocked'
  t.match(await text(`${blockedRow} p.blocked`), /^No se puede generar la adenda: .*Sueldo en Letras: El sueldo en letras no coincide con el sueldo/)
  t.equal(await page.$eval(`${blockedRow} input[type="checkbox"]`, (box) => (box as HTMLInputElement).checked), false)
  await page.click(`${blockedRow} input[type="checkbox"]`)
  const partial = watched.nextDownload()
  await page.click('#download-addenda')
  const partialNames = (await zipEntries((await partial).bytes)).map((entry) => entry.name)
  t.equal(partialNames.length, before, 'the others only')
  t.notOk(partialNames.includes('adendas/12121212.pdf'))
  await page.waitForSelector('#addenda-report .alert.warn')
  t.match(await text('#addenda-report .alert.warn'), 'Adendas: 1 fila no se incluye porque su adenda no se puede generar:')
  await page.click(`${blockedRow} button[aria-label="Corregir la fila ${row}"]`)
  await page.waitForSelector('#fix[open]')
  await setField('Sueldo en Letras', 'MIL OCHOCIENTOS CON 00/100 SOLES')
  await setField('Modalidad', 'necesidades del mercado') // by its legal name, as the picker writes it
  await setField('Cargo', 'Operario de playa')
  await setField('Causa', 'larcomar-remodelacion-vecino')
  await setField('Actualización de la causa', 'La necesidad subsiste porque las obras del centro comercial vecino continúan')
  await setField('Sueldo anterior', '1800')
  await setField('Sexo', 'F')
  await setField('Fecha de nacimiento', '15/03/1990')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open)
  t.equal(await text('#addenda-status'), `Fila ${row} corregida: el servicio la aceptó.`)
  const documents = await page.$$eval('#addenda-table tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent))
  t.equal(documents.length, before + 1)
  t.ok(documents.includes('12121212'), 'the fixed row is listed and selected')
  const download = watched.nextDownload()
  await page.click('#download-addenda')
  const names = (await zipEntries((await download).bytes)).map((entry) => entry.name)
  t.ok(names.includes('adendas/12121212.pdf'), 'and goes into the ZIP')
  t.equal(names.length, before + 1)
})

t.test('a sheet missing a column is refused whole, with the missing headers on row 1', async (t) => {
  const api = await apiUpload('adendas-sin-division.xlsx')
  t.equal(api.statusCode, 400)
  await upload('adendas-sin-division.xlsx')
  await page.waitForSelector('#addenda-errors table')
  t.equal(await text('#addenda-status'), api.body.message)
  t.same((await shownIssues()).sort(), api.body.errors.map((issue: Issue) => `${issue.row}|${issue.header ?? issue.field}|${issue.message}`).sort())
  t.equal(await page.$eval('#addenda-result', (node) => (node as HTMLElement).hidden), true, 'no table of adendas for a refused file')
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
