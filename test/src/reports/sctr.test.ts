import { test } from 'tap'
import { SCTR_FILENAME, buildSctrWorkbook } from '../../../src/reports/sctr.js'
import { cellXmlStyle, columnWidths, frozenRows, readWorkbook, serialToDayMonthYear } from './read-workbook.js'
import { REPORT_EMPLOYEES } from './fixtures.js'

// Spec endpoint 7, word for word.
const COLUMNS = ['Item', 'Apellido Paterno', 'Apellido Materno', 'Nombres', 'Sexo', 'Fecha Nac.', 'Nacionalidad', 'Tipo Doc.', 'Numero Doc.', 'DC', 'Condición', 'Cargo', 'Moneda Sueldo', 'Sueldo', 'Tasa', 'Fecha Ingreso', 'Fecha cese', 'Cod/Cliente', 'Sede']
const col = (name: string) => COLUMNS.indexOf(name)
const SEX = ['F', 'M', 'F', 'M']

test('the file name is the spec\'s', async (t) => {
  t.equal(SCTR_FILENAME, 'FORMATO_SCTR.xlsx')
})

test('SCTR: columns in the spec\'s order, one row per employee in order, every fixed value', async (t) => {
  const book = readWorkbook(await buildSctrWorkbook(REPORT_EMPLOYEES))
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
    t.equal(value('Nacionalidad'), 'PERUANA')
    t.equal(value('Tipo Doc.'), 'DNI')
    t.equal(value('Numero Doc.'), employee.dni)
    t.equal(book.cell(row, col('Numero Doc.'))?.t, 's')
    t.equal(book.cell(row, col('DC')), undefined, 'DC is empty')
    t.equal(value('Condición'), 'P')
    t.equal(value('Cargo'), employee.position)
    t.equal(value('Moneda Sueldo'), 'SOLES')
    t.equal(value('Sueldo'), employee.salary)
    t.equal(value('Tasa'), 'ALTO RIESGO')
    t.equal(book.cell(row, col('Cod/Cliente')), undefined, 'Cod/Cliente is empty')
    t.equal(value('Sede'), 'PLAYA')
  })
})

test('SCTR: accents and ñ survive the round trip', async (t) => {
  const book = readWorkbook(await buildSctrWorkbook(REPORT_EMPLOYEES))
  t.equal(book.cell(2, col('Apellido Materno'))?.v, 'Muñoz')
  t.equal(book.cell(3, col('Apellido Paterno'))?.v, 'Peña')
  t.equal(book.cell(3, col('Nombres'))?.v, 'José Ñique')
  t.equal(book.cell(4, col('Apellido Paterno'))?.v, 'Huamán')
})

test('SCTR: Fecha Nac., Fecha Ingreso and Fecha cese (= endDate) are serials shown DD/MM/YYYY that convert back', async (t) => {
  const book = readWorkbook(await buildSctrWorkbook(REPORT_EMPLOYEES))
  REPORT_EMPLOYEES.forEach((employee, i) => {
    for (const [name, text] of [['Fecha Nac.', employee.birthDate], ['Fecha Ingreso', employee.entryDate], ['Fecha cese', employee.endDate]] as const) {
      const cell = book.cell(i + 2, col(name))
      t.equal(cell?.t, 'n', `${name} is a number`)
      t.ok(Number.isInteger(cell?.v), `${name} is a whole-day serial`)
      t.equal(cell?.z, 'dd/mm/yyyy')
      t.equal(serialToDayMonthYear(cell?.v as number), text, `${name} converts back`)
      t.equal(cell?.w, text)
    }
  })
})

test('SCTR: Sueldo is a number shown with S/.', async (t) => {
  const book = readWorkbook(await buildSctrWorkbook(REPORT_EMPLOYEES))
  const cell = book.cell(3, col('Sueldo'))
  t.equal(cell?.t, 'n')
  t.equal(cell?.v, 2750.5)
  t.equal(cell?.z, '"S/." #,##0.00')
  t.equal(cell?.w, 'S/. 2,750.50')
})

test('SCTR: every header cell is centred and bold; data cells are not centred; no yellow fill', async (t) => {
  const bytes = await buildSctrWorkbook(REPORT_EMPLOYEES)
  for (let c = 0; c < COLUMNS.length; c++) {
    const address = `${String.fromCharCode(65 + c)}1`
    t.same(await cellXmlStyle(bytes, address), { horizontal: 'center', bold: true, fillRgb: undefined }, `${COLUMNS[c]} header`)
  }
  t.same(await cellXmlStyle(bytes, 'B2'), { horizontal: undefined, bold: false, fillRgb: undefined })
  t.equal(await frozenRows(bytes), 1)
})

test('SCTR: columns are wide enough for their header and text', async (t) => {
  const widths = await columnWidths(await buildSctrWorkbook(REPORT_EMPLOYEES))
  COLUMNS.forEach((header, c) => t.ok((widths.get(c + 1) ?? 0) > header.length, `${header}: ${widths.get(c + 1)}`))
})

test('SCTR: a sex the schema should have refused is our bug, thrown (answered 500)', async (t) => {
  await t.rejects(buildSctrWorkbook([{ ...REPORT_EMPLOYEES[0], sex: 'X' as 'M' }]), TypeError)
})
