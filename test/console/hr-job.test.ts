/**
 * The whole HR job in Chromium, as a new HR assistant does it (docs/console.md, "The whole job"), on a
 * 390 px phone and a 1366 px laptop: the employees template downloaded from the page, 15 rows typed the
 * way Excel keeps them (SheetJS) with the usual mistakes, uploaded; every refused or blocked row fixed in
 * the page (Corregir, the schedule editor, the catalogue picker); the contracts ZIP read with a real ZIP
 * reader (a contract's text with pdfjs); the three reports; then, in Por vencer, the adenda of a
 * contract just issued (Renovar) and its ZIP, renewed a second time; an adendas sheet giving only DNI,
 * FIN ADENDA and the update, completed from the registry; a reviewed cause proposed with other dates
 * and approved; axe on the way. Each time the job has to leave the console (edit the
 * sheet again, retype elsewhere, call someone) is counted: only filling the sheet and opening the ZIPs
 * may remain. No text HR reads carries the service's jargon.
 */
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { pdfText, sampleEmployee, zipEntries } from '../support/helper.js'
import { axeViolations, failedAt, launch, openConsole, startServer, submitUpload, type WatchedPage } from '../support/browser.js'

t.setTimeout(420_000)
const { origin } = await startServer(t, { BATCH_MAX: 40 })
const folder = mkdtempSync(join(tmpdir(), 'contratos-hr-job-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

/** The ids of the employer's reviewed causes: the console names a cause by its text (docs/console.md, "Messages with the next step"). */
const profile = ((await (await fetch(`${origin}/api/profile`)).json()) as {
  data: { causes: Array<{ id: string, modality: string, text: string, period: { from: string, to: string } }>, modalities: Array<{ code: string, name: string }> }
}).data
const causeIds: string[] = profile.causes.map((cause) => cause.id)
/** Art. 58's legal name, as the template's MODALIDAD list offers it. */
const MARKET_NEEDS = profile.modalities.find((modality) => modality.code === '58')?.name as string
const CAUSE_UPDATE = 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año'
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
      { modality: MARKET_NEEDS }, // 0: the modality by its legal name, from the template's list
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

/**
 * The job on one device: its own browser (a phone and a laptop share neither the console's saved work
 * nor its downloads), the same service. A failure names the step it happened in and the page's state.
 */
async function job (t: Test, width: number, base: number): Promise<void> {
  const watched = await openConsole(t, await launch(t), origin)
  const progress = { step: 'opening the console' }
  try {
    await steps(t, watched, width, base, progress)
  } catch (error) {
    throw await failedAt(`${width} px, ${progress.step}`, error, watched)
  }
}

async function steps (t: Test, watched: WatchedPage, width: number, base: number, progress: { step: string }): Promise<void> {
  const { page } = watched
  await page.setViewport({ width, height: 900 })
  await page.click('#tab-employees')
  const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
  /** Each time HR has to leave the console, and why. */
  const exits: string[] = []
  const jargon = new Set<string>()
  const lookForJargon = async (): Promise<void> => { for (const line of await jargonShown(page)) jargon.add(line) }
  const { rows, asText, zero } = people(base)
  const nameOf = (index: number): string => `${String(rows[index].lastNameFather)} ${String(rows[index].lastNameMother)}, ${String(rows[index].name)}`

  // 1. the template from the page, filled as Excel writes it
  progress.step = 'step 1'
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
  progress.step = 'step 2'
  await (await page.$('input#employees-file'))?.uploadFile(filled)
  await submitUpload(page, '#employees-form')
  // the status line of this upload's answer (after "Vaciar" the line already holds another text)
  await page.waitForFunction(() => {
    const status = document.querySelector('#employees-status')
    return status?.classList.contains('busy') === false && (/Se importaron|\bfilas? tienen errores/.test(status.textContent ?? '') || status.classList.contains('error'))
  })
  t.match(await text('#employees-status'), /Se importaron 13 empleados; 2 filas tienen errores/, `${width}: the two broken rows refused, the rest kept`)
  t.equal(await page.$eval(`#employees-table select[aria-label="Modalidad del contrato de ${nameOf(0)}"]`,
    (select) => { const picked = select as HTMLSelectElement; return picked.options[picked.selectedIndex]?.textContent ?? '' }),
  `${MARKET_NEEDS.charAt(0).toUpperCase()}${MARKET_NEEDS.slice(1)}`, `${width}: the modality named by its legal name is shown as the service read it, never blank`)
  t.same(await axeViolations(page), [], `${width}: the sheet's answer`)
  const warnings = await page.$$eval('#employees-errors .alert.warn li', (items) => items.map((item) => item.textContent ?? ''))
  t.ok(warnings.some((line) => line.includes('DNI')), `${width}: the DNI that lost its zero is warned`)
  await lookForJargon()

  // 3. the refused rows, fixed in the page
  progress.step = 'step 3'
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
  progress.step = 'step 4'
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
  progress.step = 'step 5'
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
  progress.step = 'step 6'
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
  progress.step = 'step 7'
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

  // 8. renewed twice: the row shows the first adenda; the second starts the day after it
  progress.step = 'step 8'
  const anaRow = async (): Promise<string> => await page.$$eval('#expiring-table tbody tr', (trs, dni) =>
    trs.find((tr) => tr.textContent?.includes(dni))?.textContent ?? '', String(rows[0].dni))
  await page.waitForFunction((dni) => /Con 1 adenda/.test([...document.querySelectorAll('#expiring-table tbody tr')]
    .find((tr) => tr.textContent?.includes(dni))?.textContent ?? ''), {}, String(rows[0].dni))
  t.match(await anaRow(), newEnd, `${width}: Por vencer shows the contract as its adenda extended it`)
  const again = await page.$$eval('#expiring-table tbody tr', (trs, dni) => trs.findIndex((tr) => tr.textContent?.includes(dni)), String(rows[0].dni))
  await page.click(`#expiring-table tbody tr:nth-child(${again + 1}) button`)
  await page.waitForSelector('#renew[open]')
  const secondEnd = termEnd(addDays(newEnd, 1), 1) // a month more: the row stays within the 366 days listed
  await page.$eval('#renew-end', (input, value) => { (input as HTMLInputElement).value = value }, secondEnd)
  await page.type('#renew-cause', CAUSE_UPDATE)
  const secondPreview = page.waitForResponse((response) => response.url().endsWith('/api/addendum/preview'))
  await page.click('#renew-save')
  t.match(JSON.parse((await secondPreview).request().postData() ?? '{}'), { startAddendum: addDays(newEnd, 1), endAddendum: secondEnd },
    `${width}: the second adenda follows the first`)
  await page.waitForFunction(() => !(document.querySelector('#renew-zip') as HTMLElement).hidden || document.querySelector('#renew .field-error, #renew-status.error') !== null)
  if (await page.$('#preview[open]') !== null) {
    await page.click('#preview-close')
    await page.waitForFunction(() => !(document.querySelector('#preview') as HTMLDialogElement).open)
  }
  const secondDownload = watched.nextDownload()
  await page.click('#renew-zip')
  t.match(await pdfText((await zipEntries((await secondDownload).bytes))[0].bytes), secondEnd, `${width}: the second adenda prints its end`)
  await page.click('#renew-cancel')
  await page.waitForFunction((dni) => /Con 2 adendas/.test([...document.querySelectorAll('#expiring-table tbody tr')]
    .find((tr) => tr.textContent?.includes(dni))?.textContent ?? ''), {}, String(rows[0].dni))

  // 9. an adendas sheet of recorded contracts: only DNI, FIN ADENDA and why the need continues
  progress.step = 'step 9'
  const addendaEnd = termEnd(addDays(String(rows[1].endDate), 1), 3)
  const addendaBook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(addendaBook, XLSX.utils.aoa_to_sheet([
    ['Numero Documento', 'FIN ADENDA', 'ACTUALIZACIÓN DE LA CAUSA'],
    ...[1, 2].map((index) => [String(rows[index].dni), cellOf('endDate', addendaEnd, []), CAUSE_UPDATE]) // a date cell, as Excel keeps it
  ]), 'Adendas')
  const addendaPath = join(folder, `adendas-${width}.xlsx`)
  writeFileSync(addendaPath, XLSX.write(addendaBook, { type: 'buffer', bookType: 'xlsx' }))
  exits.push('llenar la hoja de adendas')
  await page.click('#tab-addenda')
  await (await page.$('input#addenda-file'))?.uploadFile(addendaPath)
  await submitUpload(page, '#addenda-form')
  await page.waitForFunction(() => document.querySelectorAll('#addenda-table tbody tr').length > 0 || document.querySelector('#addenda-status.error') !== null)
  t.same(await page.$$eval('#addenda-table tbody tr', (trs) => trs.map((tr) => [tr.querySelector('td.nowrap')?.textContent, tr.classList.contains('blocked')])),
    [[String(rows[1].dni), false], [String(rows[2].dni), false]], `${width}: both adendas can be made, nothing retyped`)
  t.match(await page.$eval('#addenda-table tbody tr', (tr) => tr.textContent ?? ''), String(rows[1].endDate), `${width}: the contract's end, from the registry`)
  t.same(await axeViolations(page), [], `${width}: the adendas tab`)
  await lookForJargon()
  await watched.screenshot(`console-30-adendas-registro-${width}`, true)
  const addendaZip = watched.nextDownload()
  await page.click('#download-addenda')
  t.same((await zipEntries((await addendaZip).bytes)).map((entry) => entry.name).sort(),
    [`adendas/${String(rows[1].dni)}.pdf`, `adendas/${String(rows[2].dni)}.pdf`], `${width}: the adendas' ZIP`)

  // 10. a reviewed cause proposed again with other dates (each width its own period), then approved
  progress.step = 'step 10'
  const season = profile.causes.find((cause) => cause.modality === '67') as { id: string, period: { from: string, to: string } }
  // after the reviewed season (or from next week, when it is over); the two widths' periods do not overlap
  const afterSeason = addDays(season.period.to, 1)
  const from = addDays(dayMonthYearKey(afterSeason) > dayMonthYearKey(todayInLima()) ? afterSeason : addDays(todayInLima(), 7), width === 390 ? 0 : 100)
  await page.click('#tab-causes')
  await page.waitForSelector(`#causes-reviewed tr[data-cause="${season.id}"]`)
  await page.click(`#causes-reviewed tr[data-cause="${season.id}"] button[aria-label="Proponer con otras fechas: ${season.id}"]`)
  await page.waitForSelector('#cause[open]')
  await page.type('#cause-from', from)
  await page.type('#cause-to', addDays(from, 60))
  await page.click('#cause-save')
  await page.waitForFunction(() => !(document.querySelector('#cause') as HTMLDialogElement).open || document.querySelector('#cause .field-error, #cause-general .field-error') !== null)
  t.equal(await page.$eval('#cause', (dialog) => (dialog as HTMLDialogElement).open), false, `${width}: the same need for another period is proposed`)
  await page.waitForSelector('#causes-proposed tbody tr')
  const proposed = await page.$eval('#causes-proposed tbody tr:first-child', (row) => row.getAttribute('data-cause') as string)
  await page.click(`#causes-proposed tr[data-cause="${proposed}"] button[aria-label="Aprobar: ${proposed}"]`)
  await page.waitForFunction((id) => document.querySelector(`#causes-reviewed tr[data-cause="${id}"]`) !== null, {}, proposed)
  t.same(await axeViolations(page), [], `${width}: Causas`)

  t.same([...jargon], [], `${width}: no jargon in what HR read`)
  t.same(exits, ['llenar la hoja', 'abrir el ZIP', 'llenar la hoja de adendas'], `${width}: the job leaves the console only to fill the sheets and open the ZIP`)
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
}

t.test('the whole job on a 390 px phone', async (t) => { await job(t, 390, 1_000_100) })
t.test('the whole job on a 1366 px laptop', async (t) => { await job(t, 1366, 1_000_200) })
