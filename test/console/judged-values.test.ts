/**
 * docs/console.md, items 2 and 4, in Chromium: what the console shows for a row is what the service
 * read, never a blank. A sheet filled as the template's drop-downs fill it names the modality by its
 * legal name (`necesidades del mercado`), a suplencia's ground by its code or name; the Contrato column
 * and the "Corregir" form show each by its legal name (the modality's select is never blank), the cause
 * line lists only the causes whose period covers the row's term, and the corrected sheet keeps the
 * names.
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { sampleEmployee } from '../support/helper.js'
import { sampleSubsidio } from '../support/samples.js'
import { ALL_IMPACTS, axeViolations, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

t.setTimeout(240_000)
const { origin } = await startServer(t)
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-judged-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

interface ProfileCause { id: string, modality: string, sites: string[], text: string, period: { from: string, to: string } }
const profile = ((await (await fetch(`${origin}/api/profile`)).json()) as { data: { causes: ProfileCause[] } }).data
const season = profile.causes.find((cause) => cause.modality === '67') as ProfileCause
// a season contract whose term the season cause's period does not cover: after it, or (if it is over) from next week
const afterSeason = addDays(season.period.to, 1)
const seasonStart = dayMonthYearKey(afterSeason) > dayMonthYearKey(todayInLima()) ? afterSeason : addDays(todayInLima(), 7)

const headers = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
const people = [
  // the modality by its legal name, as the template's MODALIDAD list writes it
  sampleEmployee({ dni: '72000001', name: 'Ana', modality: 'necesidades del mercado' }),
  sampleEmployee({ dni: '72000002', name: 'Bruno', modality: 'Inicio o incremento de actividad' }),
  // the ground by its code; the reason names it too
  sampleSubsidio({ dni: '72000003', name: 'Carla', substitutionGround: 'vacaciones', reasonForSubstitution: 'Vacaciones del titular' }),
  // a season whose reviewed cause is for another period
  sampleEmployee({
    dni: '72000004', name: 'Diego', modality: 'temporada', subDivisionOrParking: 'Playa Mall Aventura', entryDate: seasonStart, endDate: termEnd(seasonStart, 1)
  }),
  sampleEmployee({ dni: '72000005', name: 'Elena', modality: 'Art. 58' })
]

const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')

/** The Contrato column of each row: the modality select's value and shown option, the cause line. */
async function contractCells (): Promise<Array<[string, string, string]>> {
  return await page.$$eval('#employees-table tbody tr', (rows) => rows.map((row) => {
    const select = row.querySelector('select[aria-label^="Modalidad del contrato"]') as HTMLSelectElement
    return [select.value, select.selectedOptions[0]?.textContent ?? '', row.querySelector('td.contract p.cause')?.textContent ?? ''] as [string, string, string]
  }))
}

/** A field of the open "Corregir" form, by its label: its value, its shown option and its options' values. */
async function formField (header: string): Promise<{ value: string, shown: string, options: string[] }> {
  return await page.$$eval('#fix-fields .fix-field', (fields, header) => {
    const control = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('input, select') as HTMLSelectElement
    return { value: control.value, shown: control.selectedOptions?.[0]?.textContent ?? '', options: [...(control.options ?? [])].map((option) => option.value) }
  }, header)
}

async function openFixOf (name: string): Promise<void> {
  await page.click(`#employees-table button[aria-label="Corregir la fila de Quispe Mamani, ${name}"]`)
  await page.waitForSelector('#fix[open]')
}

t.test('the Contrato column shows the modality the service read, by its legal name, and the causes of the row\'s period', async (t) => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, ...people.map((person) => EMPLOYEE_COLUMNS.map((spec) => person[spec.field] ?? null))]), 'Empleados')
  const path = join(folder, 'empleados.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await (await page.$('input#employees-file'))?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForSelector('#employees-table tbody tr')
  const cells = await contractCells()
  t.same(cells.map(([value, shown]) => [value, shown]), [
    ['58', 'Necesidades del mercado'],
    ['57', 'Inicio o incremento de actividad'],
    ['', 'La habitual: suplencia'],
    ['67', 'Temporada'],
    ['58', 'Necesidades del mercado']
  ], 'a modality named by its legal name or article is that modality, never a blank')
  t.equal(cells[2][2], 'Suplencia (Descanso vacacional): Vacaciones del titular', 'the ground by its name, though the sheet gave its code')
  t.equal(cells[3][2], 'Causa: la sede no tiene una causa revisada para esta modalidad. Una causa nueva la revisa el área legal antes de poder usarse.',
    `the season cause (${season.period.from} to ${season.period.to}) does not cover a term from ${seasonStart}: not offered`)
  t.notMatch(cells[3][2], season.text.slice(0, 30))
  t.same(await axeViolations(page), [])
})

t.test('Corregir shows the modality and the ground by their legal names, selected; the corrected sheet keeps the names', async (t) => {
  await openFixOf('Ana')
  const modality = await formField('MODALIDAD')
  t.equal(modality.value, 'necesidades del mercado')
  t.equal(modality.shown, 'Necesidades del mercado')
  t.notOk(modality.options.some((value) => /no está/.test(value)), 'the sheet\'s value is an option, not marked apart')
  t.same(modality.options, ['', 'inicio o incremento de actividad', 'necesidades del mercado', 'ocasional', 'obra determinada o servicio específico', 'temporada'],
    'the modalities by name, the suplencia only for a Subsidio')
  const sex = await formField('GENERO')
  t.same([sex.value, sex.shown], ['F', 'Femenino (F)'], 'the sex a select')
  t.same((await formField('TIPO DE CONTRATO')).options, ['', 'Planilla', 'Part Time', 'Subsidio'])
  // a date: typed, or picked on the calendar beside it, which writes DD/MM/AAAA
  const endField = await page.$$eval('#fix-fields .fix-field', (fields) => {
    const field = fields.find((node) => node.querySelector('label')?.textContent === 'FIN') as HTMLElement
    return { text: (field.querySelector('input[type="text"]') as HTMLInputElement).value, calendar: (field.querySelector('input[type="date"]') as HTMLInputElement).value }
  })
  const [day, month, year] = String(people[0].endDate).split('/')
  t.same(endField, { text: people[0].endDate, calendar: `${year}-${month}-${day}` }, 'the calendar shows the sheet\'s day')
  await page.$$eval('#fix-fields .fix-field', (fields) => {
    const calendar = fields.find((node) => node.querySelector('label')?.textContent === 'FIN')?.querySelector('input[type="date"]') as HTMLInputElement
    calendar.value = '2027-03-31'
    calendar.dispatchEvent(new Event('change', { bubbles: true }))
  })
  t.equal((await formField('FIN')).value, '31/03/2027', 'a day picked on the calendar is written as the sheet writes it')
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the form with its pickers')
  await page.click('#fix-cancel')

  await openFixOf('Elena')
  t.same([(await formField('MODALIDAD')).value], ['necesidades del mercado'], 'Art. 58 is that modality')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open || document.querySelector('#fix-status.error') !== null)
  t.equal(await text('#employees-status'), 'Fila 6 corregida: el servicio la aceptó.')

  await openFixOf('Carla')
  const ground = await formField('CAUSAL DE SUSPENSIÓN')
  t.same([ground.value, ground.shown], ['Descanso vacacional', 'Descanso vacacional'], 'the ground the sheet gave by code, shown by its name')
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open || document.querySelector('#fix-status.error') !== null)
  t.equal(await text('#employees-status'), 'Fila 4 corregida: el servicio la aceptó.', 'the service reads the ground by its name')

  const download = watched.nextDownload()
  await page.click('#employees-corrected')
  const corrected = XLSX.read((await download).bytes)
  const rows = XLSX.utils.sheet_to_json<Record<string, string>>(corrected.Sheets[corrected.SheetNames[0]], { raw: false, defval: '' })
  t.same(rows.map((row) => [row.MODALIDAD, row['CAUSAL DE SUSPENSIÓN']]), [
    ['necesidades del mercado', ''],
    ['Inicio o incremento de actividad', ''],
    ['', 'Descanso vacacional'],
    ['temporada', ''],
    ['necesidades del mercado', '']
  ], 'the corrected sheet names the modality and the ground by their legal names')
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
