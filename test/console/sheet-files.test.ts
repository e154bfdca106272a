/**
 * docs/console.md, items 1 and 2, in Chromium: the files the console writes. The template downloaded
 * from the page, filled as Excel fills it (SheetJS: the DNI a text cell, `07234561`; a row of HISTORIAL),
 * uploaded and downloaded again as the corrected sheet: every sheet of the template is there (Listas
 * still hidden, HISTORIAL with its row), the DNI a text cell with its zero. A CSV added to that
 * workbook is judged as a CSV: its dates, typed as text as every CSV cell is, are dates (no "escrita
 * como texto" warning on them).
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { EMPLOYEE_COLUMNS } from '../../src/spreadsheets/columns.js'
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { sampleEmployee } from '../support/helper.js'
import { launch, openConsole, startServer, submitUpload } from '../support/browser.js'

t.setTimeout(240_000)
const { origin } = await startServer(t)
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-sheet-files-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

const fieldOf = (header: string): string => EMPLOYEE_COLUMNS.find((spec) => spec.headers.includes(header))?.field as string
/** A cell as Excel keeps what was typed in the template: a date a date cell. */
const cellOf = (header: string, value: unknown): unknown => {
  const day = typeof value === 'string' && EMPLOYEE_COLUMNS.find((spec) => spec.headers.includes(header))?.kind === 'date'
    ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
    : null
  return day === null ? value ?? null : new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])))
}
const people = [
  sampleEmployee({ dni: '07234561', name: 'Ana' }),
  sampleEmployee({ dni: '73000002', name: 'Bruno', email: 'bruno-sin-arroba' })
]
// an earlier contract, as HR fills HISTORIAL: two years ago, one year long
const earlierStart = addDays(todayInLima(), -730)
const history = ['07234561', 'necesidades del mercado', earlierStart, termEnd(earlierStart, 12), 'Operario de playa']
let templateSheets: string[] = []

t.test('the corrected sheet keeps every sheet of the template and the DNI as text', async (t) => {
  const download = watched.nextDownload()
  await page.click('#employees-hint a')
  const book = XLSX.read((await download).bytes, { cellDates: true, cellStyles: true })
  templateSheets = book.SheetNames
  t.same(templateSheets, ['Empleados', 'Instrucciones', 'HISTORIAL', 'Listas'])
  const sheet = book.Sheets.Empleados
  const headers = (XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []).map(String)
  // the DNI typed into the template's text column stays a text cell: SheetJS writes a string as one
  XLSX.utils.sheet_add_aoa(sheet, people.map((person) => headers.map((header) => cellOf(header, person[fieldOf(header)]))), { origin: 'A2', cellDates: true })
  XLSX.utils.sheet_add_aoa(book.Sheets.HISTORIAL, [history], { origin: 'A2' })
  const path = join(folder, 'empleados.xlsx')
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
  await (await page.$('input#employees-file'))?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForSelector('#employees-errors table')

  const corrected = watched.nextDownload()
  await page.click('#employees-corrected')
  const file = XLSX.read((await corrected).bytes, { cellStyles: true })
  t.same(file.SheetNames, templateSheets, 'every sheet of the template, in its order')
  t.same(file.Workbook?.Sheets?.map((entry) => Boolean(entry.Hidden)), [false, false, false, true], 'Listas still hidden')
  const rows = XLSX.utils.sheet_to_json<string[]>(file.Sheets[file.SheetNames[0]], { header: 1, raw: false, defval: '' })
  const dni = (rows[0] ?? []).indexOf('DNI')
  const address = XLSX.utils.encode_cell({ r: 1, c: dni })
  t.same([file.Sheets[file.SheetNames[0]][address]?.t, file.Sheets[file.SheetNames[0]][address]?.v], ['s', '07234561'], 'the DNI a text cell, its zero kept')
  t.equal(file.Sheets[file.SheetNames[0]][address]?.z, '@', 'formatted as text: Excel keeps the next DNI typed there')
  t.match(XLSX.utils.sheet_to_json<string[]>(file.Sheets.HISTORIAL, { header: 1, raw: false, defval: '' })[1], history, 'HISTORIAL with its row')
  const instructions = XLSX.utils.sheet_to_json<string[]>(file.Sheets.Instrucciones, { header: 1, defval: '' })
  t.match(String(instructions[0]?.[0]), /^Cómo llenar la plantilla/, `the instructions (${JSON.stringify(instructions.slice(0, 2))})`)
  // and the service reads it as the page's sheet
  const form = new FormData()
  form.append('excel', new Blob([new Uint8Array((await (async () => { const next = watched.nextDownload(); await page.click('#employees-corrected'); return await next })()).bytes)]), 'corregido.xlsx')
  const reply = await (await fetch(`${origin}/api/excel/upload?partial=true`, { method: 'POST', body: form })).json()
  t.same(reply.data.employees.map((employee: { dni: string }) => employee.dni), ['07234561'])
  t.same(reply.data.errors.map((issue: { row: number, header: string }) => `${issue.row} ${issue.header}`), ['3 EMAIL'])
})

t.test('a CSV added to the workbook: its dates judged as a CSV\'s, no "written as text" warning', async (t) => {
  const headers = EMPLOYEE_COLUMNS.map((spec) => spec.headers[0])
  const csvRows = [sampleEmployee({ dni: '73000003', name: 'Carla' }), sampleEmployee({ dni: '73000004', name: 'Diego' })]
  const csv = [headers, ...csvRows.map((person) => headers.map((header) => String(person[fieldOf(header)] ?? '')))]
    .map((row) => row.map((cell) => /[,"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell).join(',')).join('\r\n') + '\r\n'
  const path = join(folder, 'mas-empleados.csv')
  writeFileSync(path, csv)
  await (await page.$('input#employees-file'))?.uploadFile(path)
  await submitUpload(page, '#employees-form', 'add')
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody tr').length === 3)
  const warnings = await page.$$eval('#employees-errors .alert.warn li, #employees-table .row-warnings li', (items) => items.map((item) => item.textContent ?? ''))
  t.same(warnings.filter((line) => /escrita como texto/.test(line)), [], `no date of the CSV read as text (${warnings.join(' / ')})`)
  t.same(await page.$$eval('#employees-table tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent)), ['07234561', '73000003', '73000004'])
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
