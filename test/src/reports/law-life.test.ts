import { test } from 'tap'
import { LAW_LIFE_FILENAME, buildLawLifeWorkbook } from '../../../src/reports/law-life.js'
import { cellXmlStyle, columnWidths, frozenRows, readWorkbook, serialToDayMonthYear } from './read-workbook.js'
import { REPORT_EMPLOYEES } from './fixtures.js'

// Spec endpoint 6, word for word.
const COLUMNS = ['Item', 'Apellido Paterno', 'Apellido Materno', 'Nombres', 'Sexo', 'Fecha Nac.', 'Tipo Doc.', 'Numero Doc.', 'Condición', 'Cargo', 'Monedas Sueldo', 'Sueldo', 'Tasa/Nivel Riesgo', 'Fec. Ingreso']
const col = (name: string) => COLUMNS.indexOf(name)
const SEX = ['F', 'M', 'F', 'M'] // Femenino, M, F, Masculino (D8)

test('the file name is the spec\'s', async (t) => {
  t.equal(LAW_LIFE_FILENAME, 'VIDA_LEY_TRAMA_INV_URB_OP.xlsx')
})

test('Vida Ley: columns in the spec\'s order, one row per employee in order, every value', async (t) => {
  const book = readWorkbook(await buildLawLifeWorkbook(REPORT_EMPLOYEES))
  t.same(book.header, COLUMNS)
  t.equal(book.dataRows, REPORT_EMPLOYEES.length)
  REPORT_EMPLOYEES.forEach((employee, i) => {
    const row = i + 2
    const value = (name: string) => book.cell(row, col(name))?.v
    t.equal(value('Item'), i + 1)
    t.equal(value('Apellido Paterno'), employee.lastNameFather)
    t.equal(value('Apellido Materno'), employee.lastNameMother)
    t.equal(value('Nombres'), employee.name)
    t.equal(value('Sexo'), SEX[i])
    t.equal(value('Tipo Doc.'), 'DNI')
    t.equal(value('Numero Doc.'), employee.dni, 'DNI kept as text, leading zero included')
    t.equal(book.cell(row, col('Numero Doc.'))?.t, 's')
    t.equal(value('Condición'), 'P')
    t.equal(value('Cargo'), employee.position)
    t.equal(value('Monedas Sueldo'), 'SOLES')
    t.equal(value('Sueldo'), employee.salary)
    t.equal(book.cell(row, col('Tasa/Nivel Riesgo')), undefined, 'Tasa/Nivel Riesgo is empty')
  })
})

test('Vida Ley: accents and ñ survive the round trip', async (t) => {
  const book = readWorkbook(await buildLawLifeWorkbook(REPORT_EMPLOYEES))
  t.equal(book.cell(2, col('Apellido Materno'))?.v, 'Muñoz')
  t.equal(book.cell(3, col('Nombres'))?.v, 'José Ñique')
  t.equal(book.cell(3, col('Apellido Materno'))?.v, 'Álvarez')
  t.equal(book.header[col('Condición')], 'Condición')
})

test('Vida Ley: Fecha Nac. and Fec. Ingreso are date serials shown DD/MM/YYYY that convert back', async (t) => {
  const book = readWorkbook(await buildLawLifeWorkbook(REPORT_EMPLOYEES))
  REPORT_EMPLOYEES.forEach((employee, i) => {
    for (const [name, text] of [['Fecha Nac.', employee.birthDate], ['Fec. Ingreso', employee.entryDate]] as const) {
      const cell = book.cell(i + 2, col(name))
      t.equal(cell?.t, 'n', `${name} is a number`)
      t.ok(Number.isInteger(cell?.v), `${name} is a whole-day serial`)
      t.equal(cell?.z, 'dd/mm/yyyy')
      t.equal(serialToDayMonthYear(cell?.v as number), text, `${name} converts back`)
      t.equal(cell?.w, text, `${name} is shown as the input`)
    }
  })
})

test('Vida Ley: Sueldo is a number shown with S/.', async (t) => {
  const book = readWorkbook(await buildLawLifeWorkbook(REPORT_EMPLOYEES))
  const shown = ['S/. 1,500.00', 'S/. 2,750.50', 'S/. 1,130.00', 'S/. 0.01']
  REPORT_EMPLOYEES.forEach((_, i) => {
    const cell = book.cell(i + 2, col('Sueldo'))
    t.equal(cell?.t, 'n')
    t.equal(cell?.z, '"S/." #,##0.00')
    t.equal(cell?.w, shown[i])
  })
})

test('Vida Ley: every header cell is filled yellow and bold, data cells are not filled', async (t) => {
  const bytes = await buildLawLifeWorkbook(REPORT_EMPLOYEES)
  const book = readWorkbook(bytes)
  COLUMNS.forEach((_, c) => {
    t.match(book.cell(1, c)?.s, { patternType: 'solid', fgColor: { rgb: 'FFFF00' } }, `header ${COLUMNS[c]} (SheetJS)`)
  })
  for (const address of ['A1', 'H1', 'N1']) {
    t.match(await cellXmlStyle(bytes, address), { bold: true, fillRgb: 'FFFFFF00' }, `${address} (XML)`)
  }
  t.match(await cellXmlStyle(bytes, 'B2'), { fillRgb: undefined })
  t.not(book.cell(2, 1)?.s?.patternType, 'solid')
  t.equal(await frozenRows(bytes), 1)
})

test('Vida Ley: columns are wide enough for their header and text', async (t) => {
  const bytes = await buildLawLifeWorkbook(REPORT_EMPLOYEES)
  const widths = await columnWidths(bytes)
  COLUMNS.forEach((header, c) => t.ok((widths.get(c + 1) ?? 0) > header.length, `${header}: ${widths.get(c + 1)}`))
  t.ok((widths.get(col('Cargo') + 1) ?? 0) > 'Supervisor de estacionamiento'.length)
  t.ok((widths.get(col('Sueldo') + 1) ?? 0) >= 'S/. 2,750.50'.length + 2)
})
