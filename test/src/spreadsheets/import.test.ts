import { test } from 'tap'
import { importAddenda, importEmployees } from '../../../src/spreadsheets/import.js'
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
    { row: 3, field: 'dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.' },
    { row: 3, field: 'email', message: 'El correo es requerido' },
    { row: 7, field: 'endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' },
    { row: 9, field: 'replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio" }
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
      { row: 1, field: 'DNI', message: 'Encabezado requerido no encontrado en el archivo.' },
      { row: 1, field: 'DIRECCIÓN', message: 'Encabezado requerido no encontrado en el archivo.' }
    ]
  })
})

test('a header row with no data is refused (D5: at least one record)', async (t) => {
  t.throws(() => importEmployees({ status: 'ok', rows: [] }), EmptySpreadsheetError)
  t.throws(() => importAddenda({ status: 'ok', rows: [] }, { partial: true }), { message: 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.' })
})

test('addenda: all valid, counts of D14', async (t) => {
  const result = importAddenda({ status: 'ok', rows: [row(2, addendum()), row(3, addendum({ documentNumber: '87654321' }))] }, { partial: false })
  t.same({ ...result, employees: result.employees.length }, { employees: 2, errors: [], totalRecords: 2, validRecords: 2, invalidRecords: 0 })
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
    { row: 3, field: 'documentNumber', message: 'DNI debe tener exactamente 8 dígitos.' },
    { row: 3, field: 'salary', message: 'El sueldo debe ser mayor a 0' },
    { row: 5, field: 'endAddendum', message: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda' },
    { row: 6, field: 'startAddendum', message: 'Fecha debe estar en formato DD/MM/YYYY' }
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
    { row: 1, field: 'division', message: 'Division es requerido.' },
    { row: 1, field: 'salary', message: 'El sueldo es requerido' }
  ])
})
