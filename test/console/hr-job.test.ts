/**
 * The whole HR job in Chromium, as a new HR assistant does it (docs/console.md, "The whole job"), on a
 * 390 px phone and a 1366 px laptop: the employees template downloaded from the page, 15 rows typed the
 * way Excel keeps them (SheetJS) with the usual mistakes, uploaded; every refused or blocked row fixed in
 * the page (Corregir, the schedule editor, the catalogue picker); the contracts ZIP read with a real ZIP
 * reader (a contract's text with pdfjs); the three reports; then, in Por vencer, the adenda of a
 * contract just issued (Renovar) and its ZIP. Each time the job has to leave the console (edit the
 * sheet again, retype elsewhere, call someone) is counted: only filling the sheet and opening the ZIPs
 * may remain. No text HR reads carries the service's jargon.
 */
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, termEnd } from '../../src/vocabulary/dates.js'
import { pdfText, sampleEmployee, zipEntries } from '../support/helper.js'
import { launch, openConsole, startServer, submitUpload, type WatchedPage } from '../support/browser.js'

t.setTimeout(240_000)
const { origin } = await startServer(t, { BATCH_MAX: 40 })
const browser = await launch(t)
// one page for both widths: the browser's downloads go to one folder, which one watched page reads
const watched = await openConsole(t, browser, origin)
const folder = mkdtempSync(join(tmpdir(), 'contratos-hr-job-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

/** The ids of the employer's reviewed causes: the console names a cause by its text (docs/console.md, "Messages with the next step"). */
const causeIds: string[] = ((await (await fetch(`${origin}/api/profile`)).json()) as { data: { causes: { id: string }[] } }).data.causes.map((cause) => cause.id)
/**
 * What HR must not read: the service's words for its own data (a profile, an article number, a field's id, a
 * cause's id: nothing HR does in the console needs one; only the corrected sheet's ERRORES column has them).
 */
const JARGON = [/perfil del empleador/i, /\bdel perfil\b/i, /modalidad(es)? \d/i, /\bArt\. \d\d:/, /\bcauseId\b/, /\bsubDivisionOrParking\b/, /\bsalaryInWords\b/, /\bcauseUpdate\b/,
  /\bpositionProfile\b/, new RegExp(`(?<![\\w-])(?:${causeIds.join('|')})(?![\\w-])`)]

const fieldOf = (header: string): string => EMPLOYEE_COLUMNS.find((spec) => spec.headers.includes(header))?.field as string
const isDateField = (field: string): boolean => EMPLOYEE_COLUMNS.find((spec) => spec.field === field)?.kind === 'date'

/** A cell as Excel keeps what was typed: a date a date cell, unless `asText`; a number a number. */
function cellOf (field: string, value: unknown, asText: readonly string[]): unknown {
  if (value === undefined || value === null) return null
  const day = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null
  if (!isDateField(field) || day === null || asText.includes(field)) return value
  return new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])))
}

/**
 * The 15 rows of the sheet (DNIs from `base`): nine right, six with the usual mistakes. `asText` lists
 * the fields typed as text; the DNI of `zero` is typed as a number (Excel drops its leading zero).
 */
function people (base: number): { rows: Record<string, unknown>[], asText: Map<number, string[]>, zero: number } {
  const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabio', 'Gina', 'Hugo', 'Inés', 'Jorge', 'Karla', 'Luis', 'Marta', 'Nora', 'Óscar']
  const nextYear = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' }).slice(0, 4)) + 1
  const rows = names.map((name, index) => sampleEmployee({
    name,
    dni: String(base + index).padStart(8, '0'),
    email: `${name.normalize('NFD').replace(/[^a-z]/gi, '').toLowerCase()}@example.com`,
    salaryInWords: undefined, // the template says to leave it empty: the service writes it
    sex: index % 2 === 0 ? 'F' : 'M',
    ...[
      {},
      {}, // 1: the DNI as a number, its leading zero lost (below)
      { birthDate: undefined }, // 2: no birth date (Vida Ley and SCTR need it)
      { subDivisionOrParking: 'Playa Larcomr' }, // 3: a site misspelt
      { position: 'Técnico de línea' }, // 4: a position outside the catalogue
      { contractType: 'Part Time', salary: 700 }, // 5: a part-time without its days and hours
      {}, // 6: the start typed as text (below)
      { email: 'hugo-sin-arroba' }, // 7: a broken email
      { endDate: `31/11/${nextYear}` }, // 8: a day that does not exist
      { sex: undefined } // 9: no sex (Vida Ley and SCTR need it)
    ][index] ?? {}
  }))
  return { rows, asText: new Map([[6, ['entryDate']], [8, ['endDate']]]), zero: 1 }
}

/** Sets one field of the open fix form, by the sheet's header (an input or a picker). */
async function setField (page: WatchedPage['page'], header: string, value: string): Promise<void> {
  await page.$$eval('#fix-fields .fix-field', (fields, header, value) => {
    const control = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('input, select') as HTMLInputElement
    control.value = value
    control.dispatchEvent(new Event('change', { bubbles: true }))
  }, header, value)
}

/** Saves the open fix form and waits until it closes (the service accepted the row). */
async function saveFix (page: WatchedPage['page']): Promise<void> {
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open || document.querySelector('#fix-status.error') !== null)
  const refused = await page.$eval('#fix', (dialog) => (dialog as HTMLDialogElement).open ? dialog.textContent ?? '' : '')
  if (refused !== '') throw new Error(`the fix was refused: ${refused}`)
}

/** Every text HR can read now (visible or in a dialog), checked for jargon. */
async function jargonShown (page: WatchedPage['page']): Promise<string[]> {
  const shown = await page.evaluate(() => document.body.innerText)
  return shown.split('\n').filter((line) => JARGON.some((word) => word.test(line)))
}

async function job (t: Test, width: number, base: number): Promise<void> {
  const { page } = watched
  await page.setViewport({ width, height: 900 })
  if (await page.$eval('#clear-console', (button) => !(button as HTMLElement).hidden)) {
    // the console emptied, as a new day's work starts: a fresh page
    await page.click('#clear-console')
    await page.waitForSelector('#clear[open]')
    await page.click('#clear-confirm')
    await page.waitForFunction(() => document.readyState === 'complete' && document.body.dataset.ready === 'true' && document.querySelector('#employees-result')?.hasAttribute('hidden') === true)
  }
  await page.click('#tab-employees')
  const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
  /** Each time HR has to leave the console, and why. */
  const exits: string[] = []
  const jargon = new Set<string>()
  const lookForJargon = async (): Promise<void> => { for (const line of await jargonShown(page)) jargon.add(line) }
  const { rows, asText, zero } = people(base)
  const nameOf = (index: number): string => `${String(rows[index].lastNameFather)} ${String(rows[index].lastNameMother)}, ${String(rows[index].name)}`

  // 1. the template from the page, filled as Excel writes it
  const download = watched.nextDownload()
  await page.click('#employees-hint a')
  const template = await download
  const book = XLSX.read(template.bytes, { cellDates: true })
  const sheet = book.Sheets[book.SheetNames[0]]
  const headers = (XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []).map(String)
  exits.push('llenar la hoja')
  XLSX.utils.sheet_add_aoa(sheet, rows.map((person, index) => headers.map((header) => {
    const field = fieldOf(header)
    if (field === 'dni' && index === zero) return Number(person.dni)
    return cellOf(field, person[field], asText.get(index) ?? [])
  })), { origin: 'A2', cellDates: true })
  const filled = join(folder, `empleados-${width}.xlsx`)
  writeFileSync(filled, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))

  // 2. upload: kept rows, refused rows, warnings
  await (await page.$('input#employees-file'))?.uploadFile(filled)
  await submitUpload(page, '#employees-form')
  // the status line of this upload's answer (after "Vaciar" the line already holds another text)
  await page.waitForFunction(() => {
    const status = document.querySelector('#employees-status')
    return status?.classList.contains('busy') === false && (/Se importaron|\bfilas? tienen errores/.test(status.textContent ?? '') || status.classList.contains('error'))
  })
  t.match(await text('#employees-status'), /Se importaron 13 empleados; 2 filas tienen errores/, `${width}: the two broken rows refused, the rest kept`)
  const warnings = await page.$$eval('#employees-errors .alert.warn li', (items) => items.map((item) => item.textContent ?? ''))
  t.ok(warnings.some((line) => line.includes('DNI')), `${width}: the DNI that lost its zero is warned`)
  await lookForJargon()

  // 3. the refused rows, fixed in the page
  await page.click(`#employees-errors button[aria-label="Corregir la fila ${2 + 7}"]`)
  await page.waitForSelector('#fix[open]')
  await lookForJargon()
  await setField(page, 'EMAIL', 'hugo@example.com')
  await saveFix(page)
  await page.click(`#employees-errors button[aria-label="Corregir la fila ${2 + 8}"]`)
  await page.waitForSelector('#fix[open]')
  await setField(page, 'FIN', String(rows[0].endDate))
  await saveFix(page)
  t.equal(await page.$('#employees-errors table'), null, `${width}: no refused row left`)

  // 4. the kept rows a contract or a report cannot use yet: their reasons, fixed in the page
  const blocked = await page.$$eval('#employees-table tbody tr.blocked', (trs) => trs.map((tr) => tr.querySelector('p.blocked')?.textContent ?? ''))
  t.equal(blocked.length, 5, `${width}: the wrong site, the position outside the catalogue, the part-time without hours (${blocked.join(' / ')})`)
  await lookForJargon()
  const openKept = async (index: number): Promise<void> => {
    await page.click(`#employees-table button[aria-label="Corregir la fila de ${nameOf(index)}"]`)
    await page.waitForSelector('#fix[open]')
    await lookForJargon()
  }
  // the site: picked among the employer's sites, the sheet's misspelt one marked
  await openKept(3)
  const sites = await page.$$eval('#fix-fields .fix-field', (fields) => [...(fields.find((node) => node.querySelector('label')?.textContent === 'PLAYA')?.querySelectorAll('option') ?? [])].map((option) => option.value))
  t.same(sites, ['', 'Playa Larcomar', 'Playa Lince', 'Playa Mall Aventura', 'Playa Larcomr'], `${width}: the sites offered, the sheet's value kept apart`)
  if (!sites.includes('Playa Larcomar')) exits.push('preguntar el nombre exacto de la sede y escribirlo')
  await setField(page, 'PLAYA', 'Playa Larcomar')
  await saveFix(page)
  // the part-time: the schedule editor
  await openKept(5)
  await page.$eval('#fix-fields fieldset.schedule', (box) => {
    const days = box.querySelectorAll<HTMLInputElement>('.days input')
    for (let d = 0; d < days.length; d++) days[d].checked = d < 5
    const times = box.querySelectorAll<HTMLInputElement>('input[type="time"]')
    times[0].value = '18:00'; times[1].value = '21:45'
    const pause = box.querySelector<HTMLInputElement>('input[type="number"]')
    if (pause !== null) pause.value = '0'
    days[0].dispatchEvent(new Event('input', { bubbles: true }))
  })
  await saveFix(page)
  // the missing birth date and sex (Vida Ley, SCTR)
  await openKept(2)
  await setField(page, 'FECHA DE NACIMIENTO', '20/05/1995')
  await saveFix(page)
  await openKept(9)
  await setField(page, 'GENERO', 'M')
  await saveFix(page)
  // the position: the catalogue picker on its row
  const elena = `#employees-table tbody tr:nth-child(${4 + 1})`
  await page.select(`${elena} select[aria-label^="Puesto del catálogo"]`, 'operario-de-playa')
  await page.waitForFunction(() => document.querySelector('#employees-table tbody tr.blocked') === null)
  t.equal(await text('#selection-count'), '15 de 15 empleados seleccionados.', `${width}: every row can become a contract`)
  await lookForJargon()
  await watched.screenshot(`console-28-trabajo-${width}`, true)

  // 5. the contracts ZIP: a real ZIP reader, a contract read back
  const zipDownload = watched.nextDownload()
  await page.click('#download-contracts')
  const zip = await zipDownload
  exits.push('abrir el ZIP')
  const entries = await zipEntries(zip.bytes)
  t.equal(entries.filter((entry) => entry.name.endsWith('.pdf')).length, 45, `${width}: three documents for each of the 15`)
  t.notOk(entries.some((entry) => entry.name === 'errores.txt'), `${width}: no errores.txt`)
  const fabio = entries.find((entry) => entry.name.includes(`${String(rows[5].dni)}-`) && !entry.name.includes('/Anexos/') && !entry.name.includes('Tratamiento')) as { bytes: Buffer }
  t.match(await pdfText(fabio.bytes), /lunes a viernes/, `${width}: the part-time's contract prints the days chosen in the page`)

  // 6. the reports: everyone is in them, the DNI with its zero
  for (const [button, name] of [['#download-lawlife', 'VIDA_LEY_TRAMA_INV_URB_OP.xlsx'], ['#download-sctr', 'FORMATO_SCTR.xlsx'], ['#download-photocheck-xlsx', 'Fotocheck.xlsx']]) {
    const next = watched.nextDownload()
    await page.click(button)
    const report = await next
    t.equal(report.name, name)
    const reportBook = XLSX.read(report.bytes)
    const lines = XLSX.utils.sheet_to_json<string[]>(reportBook.Sheets[reportBook.SheetNames[0]], { header: 1, raw: false }).slice(1).filter((line) => line.length > 0)
    t.equal(lines.length, 15, `${width}: ${name} takes all 15`)
    t.equal(await page.$('#downloads-report .alert.warn'), null, `${width}: ${name}: nobody left out`)
  }
  const photo = XLSX.read((await (async () => { const next = watched.nextDownload(); await page.click('#download-photocheck-xlsx'); return await next })()).bytes)
  t.ok(JSON.stringify(XLSX.utils.sheet_to_json(photo.Sheets[photo.SheetNames[0]])).includes(String(rows[zero].dni)), `${width}: the DNI typed as a number keeps its zero`)

  // 7. an adenda of a contract just issued: Por vencer, Renovar, its ZIP
  await page.click('#tab-expiring')
  await page.waitForFunction(() => !document.querySelector('#expiring-status')?.classList.contains('busy'))
  await page.$eval('#expiring-days', (input) => { (input as HTMLInputElement).value = '366' })
  const list = page.waitForResponse((response) => response.url().includes('/api/contracts/expiring?days=366'))
  await page.$eval('#expiring-form', (form) => { (form as HTMLFormElement).requestSubmit() })
  await list
  await page.waitForFunction((dni) => [...document.querySelectorAll('#expiring-table tbody tr')].some((tr) => tr.textContent?.includes(dni)), {}, String(rows[0].dni))
  const index = await page.$$eval('#expiring-table tbody tr', (trs, dni) => trs.findIndex((tr) => tr.textContent?.includes(dni)), String(rows[0].dni))
  t.ok(index >= 0, `${width}: the contract just issued is listed`)
  await page.click(`#expiring-table tbody tr:nth-child(${index + 1}) button`)
  await page.waitForSelector('#renew[open]')
  await lookForJargon()
  const newEnd = termEnd(addDays(String(rows[0].endDate), 1), 3)
  await page.$eval('#renew-end', (input, value) => { (input as HTMLInputElement).value = value }, newEnd)
  await page.type('#renew-cause', 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año')
  await page.click('#renew-save')
  await page.waitForFunction(() => !(document.querySelector('#renew-zip') as HTMLElement).hidden || document.querySelector('#renew .field-error, #renew-status.error') !== null)
  t.equal(await page.$('#renew .field-error, #renew-status.error'), null, `${width}: the adenda prepared from the recorded contract`)
  if (await page.$('#preview[open]') !== null) {
    await page.click('#preview-close')
    await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)
  }
  const addendaDownload = watched.nextDownload()
  await page.click('#renew-zip')
  const addenda = await zipEntries((await addendaDownload).bytes)
  t.same(addenda.map((entry) => entry.name), [`adendas/${String(rows[0].dni)}.pdf`], `${width}: the adenda's ZIP`)
  t.match(await pdfText(addenda[0].bytes), newEnd, `${width}: the adenda prints the new end`)
  await lookForJargon()
  await page.click('#renew-cancel')

  t.same([...jargon], [], `${width}: no jargon in what HR read`)
  t.same(exits, ['llenar la hoja', 'abrir el ZIP'], `${width}: the job leaves the console only to fill the sheet and open the ZIP`)
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
}

t.test('the whole job on a 390 px phone', async (t) => { await job(t, 390, 1_000_100) })
t.test('the whole job on a 1366 px laptop', async (t) => { await job(t, 1366, 1_000_200) })
