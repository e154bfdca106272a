/**
 * docs/console.md, item 2, in Chromium: the legal facts a row declares are chosen in "Corregir" from
 * `GET /api/profile`, never typed (DOCUMENT-REQUIREMENTS §21, §22, §24, §25). A sheet with a cause of
 * another site, a 30-minute refrigerio and a suplencia whose reason names two grounds: CAUSA lists only
 * the site's reviewed causes of the row's modality and the chosen id makes the contract; the schedule
 * editor writes the canonical DÍAS DE TRABAJO and HORARIO and the service accepts them; CAUSAL DE
 * SUSPENSIÓN is a select of the grounds for Subsidio. Also the notices of §24 and §29, screenshots of
 * the form at 1366 and 390 px, and axe-core with no violation of any impact.
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { sampleEmployee, zipEntries } from '../support/helper.js'
import { sampleSubsidio, sampleTerm } from '../support/samples.js'
import { todayInLima } from '../../src/vocabulary/dates.js'
import { ALL_IMPACTS, axeViolations, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

t.setTimeout(300_000)
const { origin } = await startServer(t)
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-pickers-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
const headers = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
const people = [
  // Playa Larcomar, Planilla (art. 58): a cause of Playa Lince
  sampleEmployee({ dni: '71000001', name: 'Ana', causeId: 'lince-feria-comercial' }),
  // a refrigerio under 45 minutes (§22)
  sampleEmployee({ dni: '71000002', name: 'Bruno', workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 16:30 horas, con 30 minutos de refrigerio' }),
  // a suplencia whose reason names two grounds (§25)
  sampleSubsidio({ dni: '71000003', name: 'Carla', reasonForSubstitution: 'Descanso médico y vacaciones' }),
  // three months, no probation stated (§24)
  sampleEmployee({ dni: '71000004', name: 'Diego', ...sampleTerm(3) })
]

/** Sets a field of the open form as HR would: the change event lets the pickers follow the row. */
async function setField (header: string, value: string): Promise<void> {
  await page.$$eval('#fix-fields .fix-field', (fields, header, value) => {
    const control = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('input, select') as HTMLInputElement
    control.value = value
    control.dispatchEvent(new Event('change', { bubbles: true }))
  }, header, value)
}

/** The options of a select of the open form, by its label: [value, text]. */
async function optionsOf (header: string): Promise<string[][]> {
  return await page.$$eval('#fix-fields .fix-field', (fields, header) => {
    const select = fields.find((node) => node.querySelector('label')?.textContent === header)?.querySelector('select') as HTMLSelectElement
    return [...select.options].map((option) => [option.value, option.textContent ?? ''])
  }, header)
}

async function openFixOf (name: string): Promise<void> {
  await page.click(`#employees-table button[aria-label="Corregir la fila de Quispe Mamani, ${name}"]`)
  await page.waitForSelector('#fix[open]')
}

async function save (): Promise<void> {
  await page.click('#fix-save')
  await page.waitForFunction(() => !(document.querySelector('#fix') as HTMLDialogElement).open || document.querySelector('#fix-status.error') !== null)
}

const blockedDnis = async (): Promise<string[]> =>
  await page.$$eval('#employees-table tbody tr.blocked td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent ?? ''))

t.test('the sheet: three contracts that cannot be made, each with Corregir; the notices of §24 and §29', async (t) => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, ...people.map((person) => EMPLOYEE_COLUMNS.map((spec) => person[spec.field] ?? null))]), 'Empleados')
  const path = join(folder, 'empleados.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  const input = await page.$('input#employees-file')
  await input?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForSelector('#employees-table tbody tr')
  t.same(await blockedDnis(), ['71000001', '71000002', '71000003'])
  const notices = await page.$$eval('#employees-table tbody tr', (rows) => rows.map((row) => row.querySelector('p.notice')?.textContent ?? ''))
  t.same(notices, ['', '', '', 'Sin periodo de prueba: el empleador renuncia al periodo de prueba legal.'],
    'a contract of three months without a probation says the employer gives it up (§24); a six-month one does not')
  t.match(await text('#data-notice'), 'cuando se recogen sus datos por primera vez', 'the data notice beside the contracts\' download (§29)')
})

t.test('CAUSA lists only the site\'s reviewed causes of the row\'s modality; the chosen id makes the contract', async (t) => {
  await openFixOf('Ana')
  const options = await optionsOf('CAUSA')
  t.same(options.map(([value]) => value), ['', 'larcomar-remodelacion-vecino', 'lince-feria-comercial'],
    'empty (the service chooses), the one art. 58 cause of Playa Larcomar, then the sheet\'s own value, kept until HR picks')
  t.equal(options[0][1], 'Que el servicio elija la que corresponda')
  t.match(options[1][1], /^Incremento temporal e imprevisible .*… \(del 01\/01\/2026 al 31\/12\/2032\)$/)
  t.equal(options[2][1], 'lince-feria-comercial (no está en la lista)')
  t.match(await page.$eval('#fix-fields .fix-field.invalid p.field-hint', (node) => node.textContent), 'Una causa nueva la revisa el área legal antes de poder usarse.')
  t.equal(await page.$$eval('#fix-fields input[type="text"]', (inputs) => inputs.filter((input) => /CAUSA/.test(input.labels?.[0]?.textContent ?? '')).length), 0, 'no cause is typed')
  const positions = await optionsOf('CARGO')
  t.same(positions[0], ['', 'Elige el cargo'])
  t.ok(positions.some(([value, label]) => value === 'Operario de playa' && label === 'Operario de playa / Operaria de playa'), 'the catalogue\'s positions, by both names')
  t.equal(await page.$$eval('#fix-fields .fix-field', (fields) =>
    (fields.find((node) => node.querySelector('label')?.textContent === 'CARGO')?.querySelector('select') as HTMLSelectElement).value), 'Operario de playa',
  'the sheet\'s position selected')
  await setField('MODALIDAD', 'inicio o incremento de actividad')
  t.same((await optionsOf('CAUSA')).map(([value]) => value), ['', 'larcomar-servicio-nocturno', 'lince-feria-comercial'], 'the art. 57 causes of the site once the row says 57')
  await setField('MODALIDAD', '')
  await setField('CAUSA', 'larcomar-remodelacion-vecino')
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the form with its pickers')
  await save()
  t.equal(await text('#employees-status'), 'Fila 2 corregida: el servicio la aceptó.')
  t.same(await blockedDnis(), ['71000002', '71000003'])
})

t.test('the schedule editor writes the canonical text; a 30-minute refrigerio is fixed by it', async (t) => {
  await openFixOf('Bruno')
  const editor = '#fix-fields fieldset.schedule'
  t.match(await text(`${editor} legend`), 'Jornada (DÍAS DE TRABAJO y HORARIO)')
  t.match(await text('#fix-fields .schedule-field p.field-error'), 'El refrigerio del lunes es de 30 minutos')
  // the service's reading of the sheet's week, refused: a 30-minute refrigerio (§22)
  await page.waitForFunction((selector) => document.querySelector(selector)?.classList.contains('refused') === true, {}, '#fix-fields .schedule-service')
  t.match(await text('#fix-fields .schedule-service'), /^El servicio lee 40 horas semanales\. Descanso semanal: del viernes a las 16:30 al lunes a las 08:00\. El refrigerio del lunes es de 30 minutos/)
  const state = async () => await page.$eval(editor, (box) => ({
    days: [...box.querySelectorAll<HTMLInputElement>('.days input')].map((input) => input.checked),
    times: [...box.querySelectorAll<HTMLInputElement>('input[type="time"]')].map((input) => input.value),
    pause: box.querySelector<HTMLInputElement>('input[type="number"]')?.value
  }))
  t.same(await state(), { days: [true, true, true, true, true, false, false], times: ['08:00', '16:30', '', '', ''], pause: '30' },
    'the sheet\'s week, read into the editor; the refrigerio\'s start left unsaid')
  // no named function inside: tsx would wrap it in its own `__name` helper, which the page lacks
  await page.$eval(editor, (box) => {
    const changes: Array<[HTMLInputElement | null, string]> = [
      [box.querySelector<HTMLInputElement>('input[type="number"]'), '45'],
      [box.querySelectorAll<HTMLInputElement>('input[type="time"]')[1], '16:45']
    ]
    for (const [input, value] of changes) {
      if (input === null) continue
      input.value = value
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
  })
  t.equal(await text(`${editor} .schedule-output`),
    'Se escribe en DÍAS DE TRABAJO: «lunes a viernes»; en HORARIO: «de 08:00 a 16:45 horas, con 45 minutos de refrigerio».')
  // the service's reading of the week as edited: its hours and the weekly rest the contract prints (§33)
  const reading = 'El servicio lee 40 horas semanales. Descanso semanal: del viernes a las 16:45 al lunes a las 08:00.'
  await page.waitForFunction((selector, wanted) => document.querySelector(selector)?.textContent === wanted, {}, `${editor} .schedule-service`, reading)
  t.equal(await page.$eval(`${editor} .schedule-service`, (line) => line.classList.contains('refused')), false, 'nothing refused')
  // the refrigerio's start, as the service reads it
  await page.$eval(editor, (box) => {
    const start = box.querySelectorAll<HTMLInputElement>('input[type="time"]')[4]
    start.value = '12:30'
    start.dispatchEvent(new Event('input', { bubbles: true }))
  })
  t.equal(await text(`${editor} .schedule-output`),
    'Se escribe en DÍAS DE TRABAJO: «lunes a viernes»; en HORARIO: «de 08:00 a 16:45 horas, con 45 minutos de refrigerio desde las 12:30».')
  t.equal(await page.$eval(`${editor} input[id$="-break-start"]`, (input) => input.labels?.[0]?.textContent), 'desde las (opcional)')
  // a split shift, then back: the text follows the editor
  await page.$eval(editor, (box) => {
    const split = box.querySelector<HTMLInputElement>('.split input') as HTMLInputElement
    split.checked = true
    const times = box.querySelectorAll<HTMLInputElement>('input[type="time"]')
    times[0].value = '07:00'; times[1].value = '11:00'; times[2].value = '12:00'; times[3].value = '16:00'
    split.dispatchEvent(new Event('input', { bubbles: true }))
  })
  t.match(await text(`${editor} .schedule-output`), '«de 07:00 a 11:00 y de 12:00 a 16:00 horas, con 45 minutos de refrigerio desde las 12:30»')
  await page.$eval(editor, (box) => {
    const split = box.querySelector<HTMLInputElement>('.split input') as HTMLInputElement
    split.checked = false
    const times = box.querySelectorAll<HTMLInputElement>('input[type="time"]')
    times[0].value = '08:00'; times[1].value = '16:45'
    split.dispatchEvent(new Event('input', { bubbles: true }))
  })
  t.same(await axeViolations(page, ALL_IMPACTS), [], 'the schedule editor')
  await page.setViewport({ width: 1366, height: 900 })
  await page.$eval('#fix-fields fieldset.schedule', (node) => node.scrollIntoView({ block: 'center' }))
  await watched.screenshot('console-17-corregir-jornada')
  await page.setViewport({ width: 390, height: 844 }) // isMobile would reload the page and close the form
  t.equal(await page.$eval('#fix', (dialog) => dialog.scrollWidth - dialog.clientWidth), 0, 'no sideways scrolling of the form on a phone')
  await page.$eval('#fix-fields fieldset.schedule', (node) => node.scrollIntoView())
  await watched.screenshot('console-18-corregir-telefono')
  await page.setViewport({ width: 1280, height: 800 })
  await save()
  t.equal(await text('#employees-status'), 'Fila 3 corregida: el servicio la aceptó.')
  t.same(await blockedDnis(), ['71000003'])
})

t.test('a Subsidio row picks its CAUSAL DE SUSPENSIÓN from the grounds; no CAUSA of the list for a suplencia', async (t) => {
  await openFixOf('Carla')
  const grounds = await optionsOf('CAUSAL DE SUSPENSIÓN')
  t.equal(grounds.length, 13, 'the twelve grounds and the empty choice')
  t.same(grounds.slice(0, 3), [['', 'Según el motivo de suplencia (si nombra una sola causal)'], ['Invalidez temporal', 'Invalidez temporal'],
    ['Enfermedad o accidente comprobados (descanso médico)', 'Enfermedad o accidente comprobados (descanso médico)']], 'by name, as the sheet writes it')
  t.same((await optionsOf('CAUSA')).map(([value]) => value), [''], 'a suplencia\'s cause is the replacement')
  await setField('CAUSAL DE SUSPENSIÓN', 'Enfermedad o accidente comprobados (descanso médico)')
  // the supporting document's kind is picked from the service's list (§37), by name
  const kinds = await optionsOf('TIPO DE DOCUMENTO DE SUSTENTO')
  t.same(kinds[0], ['', 'Elige el documento de sustento'])
  t.ok(kinds.some(([value]) => value === 'CITT de EsSalud'), 'the kinds by their names')
  t.equal(kinds.length, 9, 'the eight kinds and the empty choice')
  await setField('TIPO DE DOCUMENTO DE SUSTENTO', 'CITT de EsSalud')
  await setField('N.º DE DOCUMENTO DE SUSTENTO', 'A-1234567')
  await setField('FECHA DE DOCUMENTO DE SUSTENTO', todayInLima())
  await watched.screenshot('console-19-corregir-suplencia')
  await save()
  t.equal(await text('#employees-status'), 'Fila 4 corregida: el servicio la aceptó.')
  t.same(await blockedDnis(), [])
})

t.test('the corrected sheet keeps what was chosen, and every contract is made', async (t) => {
  const download = watched.nextDownload()
  await page.click('#employees-corrected')
  const book = XLSX.read((await download).bytes)
  const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false, defval: '' })
  t.same(rows.map((row) => [row.CAUSA, row['DÍAS DE TRABAJO'], row.HORARIO, row['CAUSAL DE SUSPENSIÓN'], row['TIPO DE DOCUMENTO DE SUSTENTO']]), [
    ['larcomar-remodelacion-vecino', '', '', '', ''],
    ['', 'lunes a viernes', 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio desde las 12:30', '', ''],
    ['', '', '', 'Enfermedad o accidente comprobados (descanso médico)', 'CITT de EsSalud'],
    ['', '', '', '', '']
  ])
  const zip = watched.nextDownload()
  await page.click('#download-contracts')
  const names = (await zipEntries((await zip).bytes)).map((entry) => entry.name)
  t.equal(names.filter((name) => name.endsWith('.pdf')).length, 12, 'three documents for each of the four')
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
