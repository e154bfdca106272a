import { test } from 'tap'
import * as XLSX from 'xlsx'
import { strFromU8, unzipSync } from 'fflate'
import { buildImportTemplate } from '../../../src/spreadsheets/template.js'
import { writeXlsxSheets } from '../../../src/reports/xlsx.js'
import { ADDENDUM_HEADERS } from '../../support/spreadsheets.js'

const sheetXml = (bytes: Uint8Array, n = 1) => strFromU8(unzipSync(bytes)[`xl/worksheets/sheet${n}.xml`])

test('a template without lists: only notes, an empty lists sheet, the batch limit in the instructions', async (t) => {
  const bytes = buildImportTemplate('addendum', {}, 80)
  const book = XLSX.read(bytes)
  t.same(XLSX.utils.sheet_to_json(book.Sheets.Adendas, { header: 1 })[0], ADDENDUM_HEADERS)
  t.notMatch(sheetXml(bytes), /type="list"/)
  t.equal([...sheetXml(bytes).matchAll(/<dataValidation /g)].length, ADDENDUM_HEADERS.length)
  t.match(JSON.stringify(XLSX.utils.sheet_to_json(book.Sheets.Instrucciones, { header: 1 })), 'Hasta 80 filas por archivo')
})

test('the writer: inline lists quoted, strict or warning, prompts cut to Excel\'s lengths, bad lists refused', async (t) => {
  const bytes = writeXlsxSheets([{
    name: 'Datos',
    rows: [['A']],
    validations: [
      { sqref: 'A2:A9', type: 'list', values: ['Sí', 'No "quizás"'], prompt: 'x'.repeat(300), promptTitle: 'y'.repeat(40) },
      { sqref: 'B2:B9', type: 'list', values: ['1', '2'], strict: false }
    ]
  }])
  const xml = sheetXml(bytes)
  t.match(xml, '<formula1>&quot;Sí,No &quot;&quot;quizás&quot;&quot;&quot;</formula1>')
  t.match(xml, `prompt="${'x'.repeat(255)}"`)
  t.match(xml, `promptTitle="${'y'.repeat(32)}"`)
  t.match(xml, /errorStyle="warning"[^>]*sqref="B2:B9"/)
  t.throws(() => writeXlsxSheets([{ name: 'D', rows: [], validations: [{ sqref: 'A1', type: 'list', values: ['a,b'] }] }]), TypeError)
  t.throws(() => writeXlsxSheets([{ name: 'D', rows: [], validations: [{ sqref: 'A1', type: 'list', values: ['x'.repeat(256)] }] }]), TypeError)
  t.throws(() => writeXlsxSheets([]), TypeError)
  t.throws(() => writeXlsxSheets([{ name: 'a/b', rows: [] }]), TypeError)
  t.equal(XLSX.read(bytes).SheetNames[0], 'Datos', 'SheetJS reads it')
})
