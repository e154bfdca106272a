import { test } from 'tap'
import fc from 'fast-check'
import { DATE_FORMAT, SOLES_FORMAT, excelDateSerial, sexCell, writeReportWorkbook } from '../../../src/reports/workbook.js'
import * as XLSX from 'xlsx'
import { escapeOoxmlText, writeXlsx } from '../../../src/reports/xlsx.js'
import { cellXmlStyle, columnWidths, frozenRows, readWorkbook, serialToDayMonthYear } from './read-workbook.js'

test('excelDateSerial gives Excel 1900-system serials, phantom 29/02/1900 included', async (t) => {
  t.equal(excelDateSerial('01/01/1900'), 1)
  t.equal(excelDateSerial('28/02/1900'), 59)
  t.equal(excelDateSerial('01/03/1900'), 61) // Excel's 60 is the 29/02/1900 that never was
  t.equal(excelDateSerial('01/01/1970'), 25569)
})

test('every serial converts back to its date with SheetJS, 1900 to 2200', async (t) => {
  const pad = (n: number) => String(n).padStart(2, '0')
  fc.assert(fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2200, 11, 31)), noInvalidDate: true }), (date) => {
    const text = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
    const serial = excelDateSerial(text)
    return Number.isInteger(serial) && serialToDayMonthYear(serial) === text
  }), { numRuns: 2000 })
  t.pass('2000 random dates round-tripped')
})

test('excelDateSerial refuses what is not a real DD/MM/YYYY date (a schema bug, answered 500)', async (t) => {
  for (const text of ['31/02/2025', '2025-01-01', '', '01/01/1899']) {
    t.throws(() => excelDateSerial(text), TypeError, text)
  }
})

test('sexCell maps M, F, Masculino, Femenino in any case to M/F and refuses the rest (D8)', async (t) => {
  t.same(['M', 'm', 'Masculino', 'MASCULINO', 'F', 'f', 'Femenino', 'femenino'].map(sexCell), ['M', 'M', 'M', 'M', 'F', 'F', 'F', 'F'])
  t.throws(() => sexCell('X'), TypeError)
})

test('writeReportWorkbook writes header style, frozen header, cell types and readable widths', async (t) => {
  const bytes = await writeReportWorkbook({
    sheet: 'Prueba',
    headerStyle: { fill: '#00FF00', align: 'right' },
    columns: [
      { header: 'N', cell: (_, index) => index + 1 },
      { header: 'Texto', cell: (r: { text: string }) => r.text },
      { header: 'Vacío', cell: () => null },
      { header: 'Fecha', cell: () => ({ value: excelDateSerial('05/06/2027'), format: DATE_FORMAT }), minWidth: 10 },
      { header: 'Monto', cell: () => ({ value: 12.5, format: SOLES_FORMAT }) }
    ]
  }, [{ text: 'x'.repeat(80) }, { text: 'año' }])
  const book = readWorkbook(bytes)
  t.equal(book.sheetName, 'Prueba')
  t.same(book.header, ['N', 'Texto', 'Vacío', 'Fecha', 'Monto'])
  t.equal(book.dataRows, 2)
  t.same([book.cell(2, 0)?.v, book.cell(3, 0)?.v], [1, 2])
  t.equal(book.cell(3, 1)?.v, 'año')
  t.equal(book.cell(2, 2), undefined)
  t.equal(book.cell(2, 3)?.w, '05/06/2027')
  t.equal(book.cell(2, 4)?.w, 'S/. 12.50')
  const style = await cellXmlStyle(bytes, 'B1')
  t.same(style, { horizontal: 'right', bold: true, fillRgb: 'FF00FF00' })
  t.same(await cellXmlStyle(bytes, 'B2'), { horizontal: undefined, bold: false, fillRgb: undefined })
  const widths = await columnWidths(bytes)
  t.equal(widths.get(2), 60, 'long text is capped')
  t.equal(widths.get(4), 13, 'minWidth plus margin')
  t.equal(widths.get(3), 8, 'header length plus margin')
  t.equal(await frozenRows(bytes), 1, 'the header row stays in view')
})

test('text that looks like an OOXML escape reads back as written, in SheetJS (ECMA-376 ST_Xstring)', async (t) => {
  const texts = ['Jefe_x0041_B', '_x000D__x000A_', 'a_x005F_b', '_x00e9_', 'a_b', '_x', 'x_x12_']
  const bytes = writeXlsx({ name: 'Hoja', rows: [texts] })
  const sheet = XLSX.read(bytes).Sheets.Hoja
  t.same(texts.map((_, c) => sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v), texts)
  t.equal(escapeOoxmlText('a_b_x'), 'a_b_x', 'an underscore that starts no escape stays')
})
