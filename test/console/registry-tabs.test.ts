/**
 * The registry's tabs of the HR console in Chromium (docs/console.md, items 9 and 10): "Por vencer"
 * lists a contract issued through the API that ends within 30 days, with the modality's name and the
 * days left; "Renovar" refuses an end past the longest one on its field, then prepares the adenda
 * from the recorded contract, previews its PDF and downloads its ZIP. "Causas": a cause proposed in
 * the form appears pending, is approved, and is listed approved. No overlap at 390 and 1366 px;
 * axe passes; screenshots at both widths.
 */
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { pdfText, sampleEmployee, zipEntries } from '../support/helper.js'
import { axeViolations, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

const { app, origin } = await startServer(t)
const browser = await launch(t)

// a lawful contract from tomorrow that ends within 30 days, issued (and so recorded) before the page opens
const entryDate = addDays(todayInLima(), 1)
const employee = sampleEmployee({ dni: '40888001', entryDate, endDate: addDays(todayInLima(), 20) })
const issued = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
if (issued.statusCode !== 200) throw new Error(`sample contract refused: ${issued.body}`)

const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-registry-tabs-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))
const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')

/** What overlaps in the shown rows of the registry's tables (as in layout.test.ts); source text, run in the page. */
const OVERLAPS = `(() => {
  const found = []
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
  for (const table of document.querySelectorAll('table.registry')) {
    if (table.closest('[hidden]') !== null) continue
    for (const row of table.querySelectorAll('tbody tr')) {
      const cells = [...row.cells].map((cell) => ({ name: cell.dataset.label, box: cell.getBoundingClientRect(), cell }))
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) if (cross(cells[i].box, cells[j].box)) found.push(table.id + ': ' + cells[i].name + ' overlaps ' + cells[j].name)
        if (cells[i].cell.scrollWidth > cells[i].cell.clientWidth + 1) found.push(table.id + ': ' + cells[i].name + ' cuts its content')
      }
      for (const button of row.querySelectorAll('button')) {
        const cell = button.closest('td').getBoundingClientRect()
        const box = button.getBoundingClientRect()
        if (box.left < cell.left - 1 || box.right > cell.right + 1) found.push(table.id + ': a button leaves its cell')
      }
    }
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) found.push('the page scrolls sideways')
  return found
})()`

/** Checks the layout at 390 and 1366 px and takes a picture at each. */
async function layoutAt (t: Test, name: string): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewport({ width, height: 900 })
    t.same(await page.evaluate(OVERLAPS), [], `${width} px: nothing over another`)
    await watched.screenshot(`${name}-${width}`, true)
  }
  await page.setViewport({ width: 1280, height: 800 })
}

t.test('Por vencer: the issued contract listed; Renovar: a refusal on its field, then preview and ZIP', async (t) => {
  const waitList = page.waitForResponse((response) => response.url().includes('/api/contracts/expiring?days=30'))
  await page.click('#tab-expiring')
  t.equal((await waitList).status(), 200)
  await page.waitForSelector('#expiring-table tbody tr')
  const row = '#expiring-table tbody tr:first-child'
  t.equal(await text(`${row} td:nth-child(2)`), '40888001')
  t.equal(await text(`${row} td.name`), 'Rosa María Quispe Mamani')
  t.equal(await text(`${row} td:nth-child(1)`), 'Sin firmar', 'issued only: flagged')
  const modality = ((await app.inject({ method: 'GET', url: '/api/profile' })).json().data.modalities as { code: string, name: string }[])
    .find((known) => known.code === '58')?.name as string
  t.match(await text(`${row} td:nth-child(5)`), modality, 'the modality by its name')
  t.notMatch(await text(`${row} td:nth-child(5)`), /\b58\b/)
  t.equal(await text(`${row} td:nth-child(7)`), '20 días')
  t.equal(await text(`${row} td:nth-child(8)`), termEnd(entryDate, 60), 'the longest end: the modality\'s five years')
  const sites = await page.$$eval('#expiring-site option', (options) => options.map((option) => option.textContent))
  t.same(sites, ['Todas las sedes', 'Playa Larcomar'])
  t.same(await axeViolations(page), [])
  await layoutAt(t, 'console-24-por-vencer')

  await page.click(`${row} button`)
  await page.waitForSelector('#renew[open]')
  t.equal(await page.$eval('#renew-end', (input) => (input as HTMLInputElement).value), addDays(employee.endDate as string, 20),
    'prefilled with the contract\'s own term again (20 days), not the longest end')
  // too far: the service's refusal on the end date field
  await page.$eval('#renew-end', (input, value) => { (input as HTMLInputElement).value = value }, addDays(termEnd(entryDate, 60), 1))
  await page.type('#renew-cause', 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año')
  await page.click('#renew-save')
  await page.waitForSelector('#renew [data-field="endAddendum"].invalid p.field-error')
  t.ok((await text('#renew [data-field="endAddendum"] p.field-error')).length > 20, 'the service\'s message on the field')
  t.equal(await text('#renew-general .alert.error > p'), await text('#renew [data-field="endAddendum"] p.field-error'),
    'above the form, the field\'s message leads')
  t.notMatch(await text('#renew'), 'La solicitud no se pudo procesar', 'never the envelope\'s generic text alone')
  t.notMatch(await text('#renew [data-field="endAddendum"] p.field-error'), /modalidad \d\d|\b\d\d \(/, 'the modality by its name, not its code')
  t.equal(await text('#renew-general .alert.error > p'), await text('#renew [data-field="endAddendum"] p.field-error'),
    'above the form, the field\'s message leads')
  t.notMatch(await text('#renew'), 'La solicitud no se pudo procesar', 'never the envelope\'s generic text alone')
  t.notMatch(await text('#renew [data-field="endAddendum"] p.field-error'), /\b(57|58|60|61|63|67)\b(?! de la LPCL)/, 'no modality code')
  t.equal(await page.$eval('#renew-end', (input) => input.getAttribute('aria-invalid')), 'true')
  t.same(await axeViolations(page), [], 'the form with its message')
  await watched.screenshot('console-25-renovar-error')

  const newEnd = termEnd(addDays(employee.endDate as string, 1), 3)
  await page.$eval('#renew-end', (input, value) => { (input as HTMLInputElement).value = value }, newEnd)
  const waitPreview = page.waitForResponse((response) => response.url().endsWith('/api/addendum/preview'))
  await page.click('#renew-save')
  const preview = await waitPreview
  t.equal(preview.status(), 200)
  t.equal(preview.headers()['content-type'], 'application/pdf')
  const sent = JSON.parse(preview.request().postData() ?? '{}')
  t.match(sent, { documentNumber: '40888001', startAddendum: addDays(employee.endDate as string, 1), endAddendum: newEnd, modality: '58' }, 'the adenda the service built')
  // the contract starts tomorrow: the adenda made today carries the service's warning (DOCUMENT-REQUIREMENTS §38)
  await page.waitForSelector('#renew-report .alert.warn')
  t.match(await text('#renew-report .alert.warn'),
    `Revisa antes de firmarla (no impide generar la adenda):La adenda se firma el ${todayInLima()}, antes de que empiece el contrato que prorroga (${entryDate})`)
  const again = await fetch(origin + '/api/addendum/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: preview.request().postData() })
  t.match(await pdfText(Buffer.from(await again.arrayBuffer())), '40888001')
  await page.waitForFunction(() => (document.querySelector('#preview-frame') as HTMLIFrameElement).src.startsWith('blob:'))
  t.equal(await text('#preview-title'), 'Adenda de Rosa María Quispe Mamani')
  await new Promise((resolve) => setTimeout(resolve, 500))
  await watched.screenshot('console-26-renovar-vista-previa')
  await page.click('#preview-close')
  await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)

  const download = watched.nextDownload()
  await page.click('#renew-zip')
  const file = await download
  t.same((await zipEntries(file.bytes)).map((entry) => entry.name), ['adendas/40888001.pdf'])
  const recorded = (await app.inject({ method: 'GET', url: '/api/workers/40888001/contracts' })).json().data.contracts
  t.match(recorded, [{ kind: 'contract' }, { kind: 'addendum', entryDate: addDays(employee.endDate as string, 1), endDate: newEnd }], 'the adenda recorded')
  t.match(await text('#renew-status'), /Descargado .+\(.+, 1 PDF\)/)
  t.equal(await page.$eval('#renew-zip', (button) => (button as HTMLElement).hidden), true, 'the adenda issued: it cannot be downloaded (issued) twice')
  await page.click('#renew-cancel')
  // the list was read again: the contract now ends past the 30 days
  await page.waitForFunction(() => ![...document.querySelectorAll('#expiring-table tbody tr')].some((tr) => tr.textContent?.includes('40888001')))
  t.pass('the renewed contract left the 30-day list')
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})

/** The row of 40888001 in the list: its term cell and its index. */
async function rowOf40888001 (): Promise<{ index: number, term: string }> {
  return await page.$$eval('#expiring-table tbody tr', (trs) => {
    const index = trs.findIndex((tr) => tr.textContent?.includes('40888001'))
    return { index, term: trs[index]?.querySelector('td.term')?.textContent ?? '' }
  })
}

t.test('Por vencer after adendas: the row shows every adenda; a stale row never prepares a second adenda; renewed again', async (t) => {
  const firstEnd = termEnd(addDays(employee.endDate as string, 1), 3)
  await page.$eval('#expiring-days', (input) => { (input as HTMLInputElement).value = '366' })
  await page.click('#expiring-form button[type="submit"]')
  await page.waitForFunction(() => [...document.querySelectorAll('#expiring-table tbody tr')].some((tr) => tr.textContent?.includes('40888001')))
  t.match((await rowOf40888001()).term, `${entryDate} – ${firstEnd}Con 1 adenda`, 'extended by its adenda')

  // another adenda issued meanwhile (another HR assistant, through the API): the row on screen is stale
  const [contract] = (await app.inject({ method: 'GET', url: '/api/workers/40888001/contracts' })).json().data.contracts as { id: string }[]
  const secondEnd = addDays(firstEnd, 10)
  const built = await app.inject({
    method: 'POST',
    url: '/api/addendum/from-contract',
    payload: { contractId: contract.id, endAddendum: secondEnd, causeUpdate: 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año' }
  })
  t.equal(built.statusCode, 200, built.body)
  t.equal((await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [built.json().data.addendum] })).statusCode, 200)
  await page.click(`#expiring-table tbody tr:nth-child(${(await rowOf40888001()).index + 1}) button`)
  await page.waitForSelector('#renew[open]')
  t.equal(await page.$eval('#renew-end', (input) => (input as HTMLInputElement).value), addDays(firstEnd, 20), 'the stale row\'s own proposal')
  await page.type('#renew-cause', 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año')
  await page.click('#renew-save')
  await page.waitForSelector('#renew-status.error')
  t.equal(await text('#renew-status'), `Este contrato ya fue prorrogado: ya no termina el ${firstEnd} sino el ${secondEnd}. ` +
    'La lista se actualizó; vuelve a abrir Renovar si hace falta otra adenda.')
  t.equal(await page.$eval('#renew-zip', (button) => (button as HTMLElement).hidden), true, 'no adenda offered for a period already covered')
  await page.click('#renew-cancel')
  await page.waitForFunction(() => /Con 2 adendas/.test([...document.querySelectorAll('#expiring-table tbody tr')].find((tr) => tr.textContent?.includes('40888001'))?.textContent ?? ''))
  t.match((await rowOf40888001()).term, `${entryDate} – ${secondEnd}`, 'the list read again')

  // renewed again from the fresh row: from the day after the second adenda
  await page.click(`#expiring-table tbody tr:nth-child(${(await rowOf40888001()).index + 1}) button`)
  await page.waitForSelector('#renew[open]')
  const thirdEnd = addDays(secondEnd, 20)
  t.equal(await page.$eval('#renew-end', (input) => (input as HTMLInputElement).value), thirdEnd)
  await page.type('#renew-cause', 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año')
  const waitPreview = page.waitForResponse((response) => response.url().endsWith('/api/addendum/preview'))
  await page.click('#renew-save')
  t.match(JSON.parse((await waitPreview).request().postData() ?? '{}'), { startAddendum: addDays(secondEnd, 1), endAddendum: thirdEnd })
  await page.waitForFunction(() => (document.querySelector('#preview-frame') as HTMLIFrameElement).src.startsWith('blob:'))
  await page.click('#preview-close')
  await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)
  const download = watched.nextDownload()
  await page.click('#renew-zip')
  await download
  await page.click('#renew-cancel')
  await page.waitForFunction(() => /Con 3 adendas/.test([...document.querySelectorAll('#expiring-table tbody tr')].find((tr) => tr.textContent?.includes('40888001'))?.textContent ?? ''))
  const recorded = (await app.inject({ method: 'GET', url: '/api/workers/40888001/contracts' })).json().data.contracts as { kind: string, entryDate: string, endDate: string }[]
  t.same(recorded.filter((entry) => entry.kind === 'addendum').map((entry) => [entry.entryDate, entry.endDate]), [
    [addDays(employee.endDate as string, 1), firstEnd], [addDays(firstEnd, 1), secondEnd], [addDays(secondEnd, 1), thirdEnd]
  ], 'three adendas, one after another, none over another')
  t.same(watched.errors, [])
})

const CAUSE = 'Incremento temporal e imprevisible de vehículos atendidos en la sede por la feria de libros instalada en el parque vecino, mientras dure'

t.test('Causas: proposed in the form, pending, approved, listed approved', async (t) => {
  await page.click('#tab-causes')
  await page.waitForFunction(() => !document.querySelector('#causes-status')?.classList.contains('busy') && document.querySelectorAll('#causes-reviewed tbody tr').length > 0)
  t.equal(await page.$eval('#causes-proposed', (table) => (table as HTMLElement).hidden), true, 'nothing pending yet')
  await page.click('#cause-propose')
  await page.waitForSelector('#cause[open]')
  await page.type('#cause-text', CAUSE)
  await page.select('#cause-modality', '58')
  const offered = await page.$$eval('#cause-sites input', (boxes) => boxes.map((box) => (box as HTMLInputElement).value))
  t.same(offered, ['Playa Larcomar', 'Playa Lince'], 'only the sites that allow the modality')
  await page.click('#cause-sites input[value="Playa Larcomar"]')
  await page.type('#cause-from', '01/01/2026')
  await page.type('#cause-to', '31/12/2032x')
  await page.click('#cause-save')
  await page.waitForSelector('#cause [data-field="period.to"].invalid p.field-error')
  t.same(await axeViolations(page), [], 'the form with its message')
  await page.$eval('#cause-to', (input) => { (input as HTMLInputElement).value = '31/12/2032' })
  await page.click('#cause-save')
  await page.waitForFunction(() => !(document.querySelector('#cause') as HTMLDialogElement).open)
  await page.waitForSelector('#causes-proposed tbody tr')
  const pending = '#causes-proposed tbody tr:first-child'
  t.equal(await text(`${pending} td.name`), CAUSE)
  t.equal(await text(`${pending} td:nth-child(1)`), 'Pendiente')
  t.equal(await text(`${pending} td:nth-child(5)`), 'Playa Larcomar')
  const id = await page.$eval(pending, (row) => row.getAttribute('data-cause') as string)
  t.match(await text('#causes-status'), `Causa ${id} propuesta`)
  t.same(await axeViolations(page), [])
  await layoutAt(t, 'console-27-causas')

  await page.click(`${pending} button[aria-label="Aprobar: ${id}"]`)
  await page.waitForFunction((id) => document.querySelector(`#causes-reviewed tr[data-cause="${id}"]`) !== null, {}, id)
  t.equal(await text(`#causes-reviewed tr[data-cause="${id}"] td:nth-child(1)`), 'Aprobada')
  t.equal(await page.$eval('#causes-proposed', (table) => (table as HTMLElement).hidden), true, 'nothing pending any more')
  t.match(await text('#causes-status'), `Causa ${id} aprobada`)
  const approved = (await app.inject({ method: 'GET', url: '/api/causes?status=approved' })).json().data.causes.map((cause: { id: string }) => cause.id)
  t.ok(approved.includes(id), 'approved in the registry')
  t.same(watched.errors, [])
})

t.test('Causas: a season re-dated for a contract its period does not cover; the approval unblocks the contract in Contratos', async (t) => {
  const profile = (await app.inject({ method: 'GET', url: '/api/profile' })).json().data as { causes: Array<{ id: string, modality: string, text: string, period: { from: string, to: string } }> }
  const season = profile.causes.find((cause) => cause.modality === '67') as { id: string, text: string, period: { from: string, to: string } }
  // a season contract after the reviewed season's period (or from next week, if that period is over)
  const afterSeason = addDays(season.period.to, 1)
  const start = dayMonthYearKey(afterSeason) > dayMonthYearKey(todayInLima()) ? afterSeason : addDays(todayInLima(), 7)
  const worker = sampleEmployee({ dni: '40888002', name: 'Teresa', modality: 'temporada', subDivisionOrParking: 'Playa Mall Aventura', entryDate: start, endDate: termEnd(start, 1) })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([EMPLOYEE_COLUMNS.map((spec) => spec.headers[0]), EMPLOYEE_COLUMNS.map((spec) => worker[spec.field] ?? null)]), 'Empleados')
  const path = join(folder, 'temporada.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await page.click('#tab-employees')
  await (await page.$('input#employees-file'))?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForSelector('#employees-table tbody tr.blocked')
  t.match(await text('#employees-table tbody tr td.contract p.cause'), 'la sede no tiene una causa revisada', 'no reviewed cause covers its term')

  await page.click('#tab-causes')
  await page.click(`#causes-reviewed tr[data-cause="${season.id}"] button[aria-label="Proponer con otras fechas: ${season.id}"]`)
  await page.waitForSelector('#cause[open]')
  t.equal(await text('#cause-title'), `Proponer la causa ${season.id} con otras fechas`)
  t.equal(await page.$eval('#cause-text', (input) => (input as HTMLTextAreaElement).value), season.text, 'the same need')
  t.same(await page.$$eval('#cause-sites input:checked', (boxes) => boxes.map((box) => (box as HTMLInputElement).value)), ['Playa Mall Aventura'])
  t.same(await page.$eval('#cause-from', (input) => (input as HTMLInputElement).value), '', 'the dates to type')
  t.notOk((await page.$$eval('#cause-modality option', (options) => options.map((option) => (option as HTMLOptionElement).value))).includes('61'),
    'no suplencia: it has no reviewed cause')
  await page.type('#cause-from', start)
  await page.type('#cause-to', termEnd(start, 2))
  await page.click('#cause-save')
  await page.waitForFunction(() => !(document.querySelector('#cause') as HTMLDialogElement).open || document.querySelector('#cause .field-error, #cause-general .field-error') !== null)
  t.equal(await page.$eval('#cause', (dialog) => (dialog as HTMLDialogElement).open), false, 'the same text for a period that does not overlap is accepted')
  await page.waitForSelector('#causes-proposed tbody tr')
  const id = await page.$eval('#causes-proposed tbody tr:first-child', (row) => row.getAttribute('data-cause') as string)
  t.not(id, season.id)
  t.same(await axeViolations(page), [])
  await layoutAt(t, 'console-29-causas-fechas')
  await page.click(`#causes-proposed tr[data-cause="${id}"] button[aria-label="Aprobar: ${id}"]`)
  await page.waitForFunction((id) => document.querySelector(`#causes-reviewed tr[data-cause="${id}"]`) !== null, {}, id)

  // the approval refreshes the Contratos tab: the sheet judged again with the new cause
  await page.click('#tab-employees')
  await page.waitForFunction(() => document.querySelector('#employees-table tbody tr.blocked') === null)
  t.equal(await text('#employees-table tbody tr td.contract p.cause'), `Causa: ${season.text}`, 'the cause line prints the re-dated cause')
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
