import { test } from 'tap'
import { readSpreadsheet, type ReadTask } from '../../../src/spreadsheets/read.js'
import { WORKBOOK_LIMITS, workbookRefusal, XLS_LIMITS, xlsCounts } from '../../../src/spreadsheets/bounds.js'
import { parseFirstSheet } from '../../../src/spreadsheets/workbook.js'
import { checkZipArchive } from '../../../src/spreadsheets/zip-guard.js'
import { importEmployees } from '../../../src/spreadsheets/import.js'
import {
  emptySharedStringsXlsx, farColumnXlsx, manyCellsXlsx, manySheetsXlsx, manyStringsXls, rawXlsx, rowXml
} from '../../support/hostile-files.js'
import { EMPLOYEE_HEADERS, employeeCells, numberedEmployee, workbook } from '../../support/spreadsheets.js'

const row = employeeCells(numberedEmployee(1)).map((cell) => (cell === null ? null : String(cell)))
/** The cells of the header row and `row`. */
const BASE_CELLS = EMPLOYEE_HEADERS.length + row.filter((cell) => cell !== null).length

function read (bytes: Uint8Array, format: ReadTask['format'], workbookLimits?: ReadTask['workbookLimits']) {
  return readSpreadsheet({ bytes, format, kind: 'employee', maxRows: 50, workbookLimits })
}

test('a row with a note in column XFD is not materialised 16 384 cells wide: only the cells present, left of the last header', async (t) => {
  const bytes = farColumnXlsx(EMPLOYEE_HEADERS, [row], 200)
  const sheet = parseFirstSheet(bytes)
  t.equal(sheet.rows.length, 202)
  const widest = Math.max(...sheet.rows.map((parsed) => parsed.cells.length))
  t.equal(widest, EMPLOYEE_HEADERS.length, 'no row is wider than the header row')
  t.same(Object.keys(sheet.rows[5].cells), [], 'a note right of the headers is not a cell of the import')
  const result = await read(bytes, 'xlsx')
  t.equal(result.status, 'ok')
  if (result.status === 'ok') t.equal(importEmployees(result).length, 1, 'the note rows are blank rows of the import')
})

test('the zip guard counts the sheets, shared strings and cells that SheetJS would build', async (t) => {
  const counts = async (bytes: Uint8Array) => (await checkZipArchive(bytes)).counts
  t.same(await counts(manySheetsXlsx(EMPLOYEE_HEADERS, [row], 7)), { sheets: 7, sharedStrings: 0, cells: BASE_CELLS })
  t.match(await counts(emptySharedStringsXlsx(EMPLOYEE_HEADERS, [row], 1234)), { sheets: 1, sharedStrings: 1234 })
  t.match(await counts(manyCellsXlsx(EMPLOYEE_HEADERS, [row], 100, 30)), { cells: BASE_CELLS + 3000 })
  // elements that only look alike are not counted: <sheets>, <sheetView>, <cols>, <c:chart>
  const lookalikes = rawXlsx({ sheetData: rowXml(1, ['a']) + '<cols/><sheetView/><c:chart/>' })
  t.same(await counts(lookalikes), { sheets: 1, sharedStrings: 0, cells: 1 })
  // a tag split between two inflated chunks (256 KiB) is counted once
  const long = emptySharedStringsXlsx(EMPLOYEE_HEADERS, [row], 100_000) // 1.2 MB of <si><t/></si>
  t.match(await counts(long), { sharedStrings: 100_000 })
})

test('workbooks over the bounds are refused by name before SheetJS parses them (docs/import.md)', async (t) => {
  t.same(await read(manySheetsXlsx(EMPLOYEE_HEADERS, [row], WORKBOOK_LIMITS.sheets + 1), 'xlsx'), {
    status: 'overBounds',
    message: 'El archivo tiene demasiadas hojas: 1001; se admiten hasta 1000. Deja solo la hoja de datos.'
  })
  const strings = WORKBOOK_LIMITS.sharedStrings + 1
  t.same(await read(emptySharedStringsXlsx(EMPLOYEE_HEADERS, [row], strings), 'xlsx'), {
    status: 'overBounds',
    message: `El archivo tiene demasiados textos: ${strings}; se admiten hasta ${WORKBOOK_LIMITS.sharedStrings}. ` +
      'Guarda solo la hoja de datos en un libro nuevo.'
  })
  const cells = { ...WORKBOOK_LIMITS, cells: 1000 }
  t.same(await read(manyCellsXlsx(EMPLOYEE_HEADERS, [row], 40, 30), 'xlsx', cells), {
    status: 'overBounds',
    message: `La hoja tiene demasiadas celdas: ${1200 + BASE_CELLS}; se admiten hasta 1000. ` +
      'Borra las celdas que no son datos de la importación.'
  })
  t.equal((await read(manySheetsXlsx(EMPLOYEE_HEADERS, [row], WORKBOOK_LIMITS.sheets), 'xlsx')).status, 'ok', 'at the bound: read')
})

test('an .xls is counted from its BIFF records: sheets, the SST unique strings, the cells of all sheets', async (t) => {
  const bytes = manyStringsXls(EMPLOYEE_HEADERS, [row], 2_000)
  const counts = xlsCounts(bytes)
  t.match(counts, { sheets: 2 })
  t.ok(counts !== undefined && counts.sharedStrings >= 2_000 && counts.cells === 2_048 + BASE_CELLS, JSON.stringify(counts))
  t.match(await read(bytes, 'xls', { ...XLS_LIMITS, sharedStrings: 1_000 }), {
    status: 'overBounds', message: /^El archivo tiene demasiados textos: \d+; se admiten hasta 1000\./
  })
  t.match(await read(bytes, 'xls', { ...XLS_LIMITS, cells: 2_000 }), {
    status: 'overBounds', message: /^La hoja tiene demasiadas celdas: \d+; se admiten hasta 2000\./
  })
  t.equal((await read(bytes, 'xls')).status, 'ok', 'under the default bounds: read')
  t.equal(xlsCounts(workbook([[['a']]], 'xls'))?.cells, 1)
  t.equal(workbookRefusal({ sheets: 1, sharedStrings: 1, cells: 1 }), undefined)
})
