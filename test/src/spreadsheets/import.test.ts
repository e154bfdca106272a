import { test } from 'tap'
import { importAddenda, importEmployeeRows, importEmployees } from '../../../src/spreadsheets/import.js'
import { EmptySpreadsheetError, SpreadsheetValidationError } from '../../../src/spreadsheets/errors.js'
import type { Cell, SheetRow } from '../../../src/spreadsheets/sheet.js'
import { sampleEmployee, sampleSubsidio } from '../../support/helper.js'

const text = (value: string): Cell => ({ kind: 'text', value })

/** A sheet row from a record: every value as a text cell (as a CSV gives them). */
function row (number: number, record: Record<string, unknown>): SheetRow {
  return { row: number, cells: Object.fromEntries(Object.entries(record).map(([key, value]) => [key, text(String(value))])) }
}

const addendum = (overrides: Record<string, unknown> = {}) => ({
  division: 'Playas Lima',
  documentNumber: '12345678',
  worker: 'Rosa Quispe Mamani',
  entryDate: '01/03/2030',
  start: '01/06/2031',
  end: '30/11/2031',
  startAddendum: '01/12/2031',
  endAddendum: '31/05/2032',
  address: 'Av. Lima 123',
  province: 'Lima',
  district: 'Miraflores',
  department: 'Lima',
  salary: '1,650.00',
  salaryInWords: 'MIL SEISCIENTOS CINCUENTA SOLES',
  ...overrides
})

test('valid employee rows become canonical records (D7, D8, D12)', async (t) => {
  const employees = importEmployees({
    status: 'ok',
    rows: [row(2, sampleEmployee({ contractType: 'PART  TIME', sex: 'femenino', salary: 'S/. 1,500.00' })), row(4, sampleSubsidio({ contractType: 'subsidio' }))]
  })
  t.equal(employees.length, 2)
  t.match(employees[0], { contractType: 'Part Time', sex: 'Femenino', salary: 1500, dni: '12345678' })
  t.match(employees[1], { contractType: 'Subsidio', replacementFor: 'Juan Pérez Gómez' })
})

test('sex and birthDate may be absent from an imported employee (spec: optional in spreadsheet import)', async (t) => {
  const record = sampleEmployee()
  delete record.sex
  delete record.birthDate
  const [employee] = importEmployees({ status: 'ok', rows: [row(2, record)] })
  t.notOk('sex' in employee)
  t.notOk('birthDate' in employee)
})

test('invalid employee rows: every problem with its spreadsheet row, the same messages as the JSON routes', async (t) => {
  const error = t.throws(() => importEmployees({
    status: 'ok',
    rows: [
      row(2, sampleEmployee()),
      row(3, sampleEmployee({ dni: '1234', email: '' })),
      row(7, sampleEmployee({ dni: '23456789', endDate: '01/01/2020' })),
      row(9, sampleSubsidio({ replacementFor: '' }))
    ]
  })) as SpreadsheetValidationError
  t.type(error, SpreadsheetValidationError)
  t.equal(error.message, 'No se pudo procesar el archivo. Se encontraron 4 errores.')
  const issues = [
    { row: 3, field: 'dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.', header: 'DNI' },
    { row: 3, field: 'email', message: 'El correo es requerido', header: 'EMAIL' },
    { row: 7, field: 'endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso', header: 'FIN' },
    { row: 9, field: 'replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio", header: 'SUPLENCIA DE' }
  ]
  t.same(error.data, { validationErrors: issues })
  t.same(error.extra, { context: { validationErrors: issues } }, 'D13: both places')
  t.same(error.errors, issues)
})

test('missing employee headers are named by their spec header, row 1', async (t) => {
  const error = t.throws(() => importEmployees({ status: 'missingHeaders', missing: ['dni', 'address'] })) as SpreadsheetValidationError
  t.equal(error.message, 'La estructura del archivo es incorrecta. Faltan columnas obligatorias.')
  t.same(error.data, {
    validationErrors: [
      { row: 1, field: 'DNI', message: 'Encabezado requerido no encontrado en el archivo.', header: 'DNI' },
      { row: 1, field: 'DIRECCIÓN', message: 'Encabezado requerido no encontrado en el archivo.', header: 'DIRECCIÓN' }
    ]
  })
})

test('a header row with no data is refused (D5: at least one record)', async (t) => {
  t.throws(() => importEmployees({ status: 'ok', rows: [] }), EmptySpreadsheetError)
  t.throws(() => importAddenda({ status: 'ok', rows: [] }, { partial: true }), { message: 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.' })
})

test('addenda: all valid, counts of D14', async (t) => {
  const rows = [row(2, addendum()), row(3, addendum({ documentNumber: '87654321' }))]
  const result = importAddenda({ status: 'ok', rows, untyped: true }, { partial: false })
  t.same({ ...result, employees: result.employees.length }, { employees: 2, rows: [2, 3], documentIssues: [], errors: [], warnings: [], totalRecords: 2, validRecords: 2, invalidRecords: 0 })
  t.equal(result.employees[0].salary, 1650)
})

test('addenda with invalid rows: a 400 unless partial, then valid rows, errors and counts (D14)', async (t) => {
  const rows = [
    row(2, addendum()),
    row(3, addendum({ documentNumber: '123', salary: '0' })),
    row(5, addendum({ documentNumber: '23456789', startAddendum: '31/05/2032', endAddendum: '01/12/2031' })),
    row(6, addendum({ documentNumber: '34567890', startAddendum: '31/02/2032' }))
  ]
  const issues = [
    { row: 3, field: 'documentNumber', message: 'DNI debe tener exactamente 8 dígitos.', header: 'Numero Documento' },
    { row: 3, field: 'salary', message: 'El sueldo debe ser mayor a 0', header: 'salario' },
    { row: 5, field: 'endAddendum', message: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda', header: 'FIN ADENDA' },
    { row: 6, field: 'startAddendum', message: 'La fecha 31/02/2032 no existe: febrero de 2032 tiene 29 días.', header: 'INICIO ADENDA' }
  ]
  const error = t.throws(() => importAddenda({ status: 'ok', rows }, { partial: false })) as SpreadsheetValidationError
  t.equal(error.message, 'Error de validación en los datos')
  t.same(error.errors, issues)
  const partial = importAddenda({ status: 'ok', rows }, { partial: true })
  t.same(partial.errors, issues)
  t.same([partial.totalRecords, partial.validRecords, partial.invalidRecords], [4, 1, 3])
  t.equal(partial.employees[0].documentNumber, '12345678')
})

test('a missing addendum header names the field, with the field messages', async (t) => {
  const error = t.throws(() => importAddenda({ status: 'missingHeaders', missing: ['division', 'salary'] }, { partial: true })) as SpreadsheetValidationError
  t.equal(error.message, 'Campo requerido faltante: division, salary')
  t.same(error.errors, [
    { row: 1, field: 'division', message: 'Division es requerido.', header: 'DIVISION' },
    { row: 1, field: 'salary', message: 'El sueldo es requerido', header: 'salario' }
  ])
})

test('row errors name the header the file had; an impossible date says it does not exist (docs/import.md)', async (t) => {
  const headers = { dni: 'dni ', email: 'Correo', entryDate: 'FECHA DE INGRESO' }
  const rows = [
    row(2, sampleEmployee({ dni: '1234', email: 'no es correo' })),
    row(3, sampleEmployee({ dni: '23456789', entryDate: '31/11/2030', endDate: '01/13/2031' }))
  ]
  const error = t.throws(() => importEmployees({ status: 'ok', rows, headers })) as SpreadsheetValidationError
  t.match(error.errors, [
    { row: 2, field: 'dni', header: 'dni ' },
    { row: 2, field: 'email', header: 'Correo' },
    { row: 3, field: 'entryDate', header: 'FECHA DE INGRESO', message: 'La fecha 31/11/2030 no existe: noviembre de 2030 tiene 30 días.' },
    { row: 3, field: 'endDate', header: 'FIN', message: 'La fecha 01/13/2031 no existe: el mes debe estar entre 01 y 12.' }
  ])
  t.equal(error.errors?.length, 4)
  t.equal(error.message, 'No se pudo procesar el archivo. Se encontraron 4 errores.')
  const one = t.throws(() => importEmployees({ status: 'ok', rows: [row(2, sampleEmployee({ entryDate: '2030-01-01' }))] })) as SpreadsheetValidationError
  t.equal(one.message, 'No se pudo procesar el archivo. Se encontró 1 error.', 'singular agrees in number')
  t.same(one.errors, [{ row: 2, field: 'entryDate', header: 'INICIO', message: 'Fecha debe estar en formato DD/MM/YYYY' }], 'a wrong form keeps D10\'s text')
})

test('warnings: a padded DNI, a date from a text cell; an empty salary in words is none, by design (docs/import.md)', async (t) => {
  const employee = sampleEmployee()
  delete employee.salaryInWords
  const cells = { ...row(2, employee).cells, dni: { kind: 'number' as const, value: 7654321 }, endDate: { kind: 'date' as const, value: String(employee.endDate) } }
  const result = importEmployeeRows({ status: 'ok', rows: [{ row: 2, cells }, row(3, sampleEmployee({ dni: '87654321' }))] }, { partial: false })
  t.equal(result.employees[0].dni, '07654321', 'the record is padded as D12 says')
  t.equal(result.employees[0].salaryInWords, undefined, 'and not completed: the documents write the words')
  t.same(result.warnings.map((w) => [w.row, w.field, w.header]), [
    [2, 'dni', 'DNI'], [2, 'entryDate', 'INICIO'], [2, 'birthDate', 'FECHA DE NACIMIENTO'],
    [3, 'entryDate', 'INICIO'], [3, 'endDate', 'FIN'], [3, 'birthDate', 'FECHA DE NACIMIENTO']
  ], 'row 2\'s endDate was a date cell: no warning; its empty SUELDO EN LETRAS, left to the service by the template, neither')
  t.same([result.warnings[0].message, result.warnings[1].message], [
    'El DNI 7654321 tenía menos de 8 dígitos (la hoja lo guardó como número y perdió los ceros iniciales): se leyó como 07654321.',
    `La fecha ${String(employee.entryDate)} estaba escrita como texto, no como fecha: se leyó como día/mes/año.`
  ])
  const csv = importEmployeeRows({ status: 'ok', rows: [row(2, sampleEmployee({ dni: '7654321' }))], untyped: true }, { partial: false })
  t.same(csv.warnings.map((w) => w.field), ['dni'], 'a CSV: its 7-digit DNI is padded and said so; its dates are text by nature')
})

test('partial employee import (docs/import.md): valid rows kept, refused rows listed; none valid is still a 400', async (t) => {
  const rows = [row(2, sampleEmployee()), row(3, sampleEmployee({ dni: '87654321', email: 'x' })), row(4, sampleEmployee({ dni: '11112222' }))]
  t.throws(() => importEmployeeRows({ status: 'ok', rows }, { partial: false }), { message: 'No se pudo procesar el archivo. Se encontró 1 error.' })
  const partial = importEmployeeRows({ status: 'ok', rows }, { partial: true })
  t.same(partial.employees.map((e) => e.dni), ['12345678', '11112222'])
  t.same([partial.totalRecords, partial.validRecords, partial.invalidRecords], [3, 2, 1])
  t.match(partial.errors, [{ row: 3, field: 'email', header: 'EMAIL' }])
  t.throws(() => importEmployeeRows({ status: 'ok', rows: [rows[1]] }, { partial: true }), SpreadsheetValidationError)
})
