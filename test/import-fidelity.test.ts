/**
 * Spreadsheet imports never turn a cell into a wrong value: what cannot be read without guessing
 * is a row error on its field, what spreadsheet programs lose (a DNI's zeros) is restored, and a
 * person appears once per upload. Files are written as spreadsheet programs write them.
 */
import t from 'tap'
import { lawfulContractIssues, lawfulContractPolicy } from '../src/employees/lawful-contract.js'
import * as XLSX from 'xlsx'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, sampleEmployee, type FormFile } from './support/helper.js'
import { sheetXlsx } from './support/zip-tools.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, fixture, numberedEmployee, workbook } from './support/spreadsheets.js'

const app: FastifyInstance = await build(t)

function upload (files: FormFile[], url = '/api/excel/upload') {
  return formPayload(files, {}).then((form) => app.inject({ method: 'POST', url, ...form }))
}

const csv = (rows: unknown[][]) => ({ name: 'empleados.csv', type: 'text/csv', bytes: csvText([EMPLOYEE_HEADERS, ...rows]) })
const xlsx = (rows: unknown[][]) => ({ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, ...rows]]) })
const column = (header: string) => EMPLOYEE_HEADERS.indexOf(header)

const ROSA = ['Planillas', '01234567', 'Rosa María Quispe Mamani', '01/03/2030', '01/06/2031', '30/11/2031', '01/12/2031',
  '31/05/2032', 'Av. Los Álamos 123', 'Lima', 'Miraflores', 'Lima', '1650', 'MIL SEISCIENTOS CINCUENTA SOLES']
const addenda = (rows: unknown[][]) => ({ name: 'adendas.csv', type: 'text/csv', bytes: csvText([ADDENDUM_HEADERS, ...rows]) })

t.test('a salary text with a lone dot then three digits is ambiguous: a row error showing both readings', async (t) => {
  for (const [file, text, decimal, thousands] of [
    [csv([employeeCells(sampleEmployee({ salary: '1.500' }))]), '1.500', '1.5', '1500'],
    [xlsx([employeeCells(sampleEmployee({ salary: 'S/. 2.300' }))]), '2.300', '2.3', '2300']
  ] as const) {
    const res = await upload([file])
    t.equal(res.statusCode, 400, file.name)
    t.same(res.json().errors, [{ row: 2, field: 'salary', header: 'SUELDO', message: `El sueldo "${text}" es ambiguo: puede leerse como ${decimal} o como ${thousands}. Escríbelo como ${thousands} o ${thousands.slice(0, 1)},${thousands.slice(1)}.00` }])
  }
  const fine = await upload([csv([employeeCells(numberedEmployee(1, { salary: '1,500.00' })), employeeCells(numberedEmployee(2, { salary: '1500' })), employeeCells(numberedEmployee(3, { salary: '1.500,00' })), employeeCells(numberedEmployee(4, { salary: '1500.5', salaryInWords: 'MIL QUINIENTOS Y 50/100 SOLES' }))])])
  t.same(fine.json().data.employees.map((e: { salary: number }) => e.salary), [1500, 1500, 1500, 1500.5], 'the unambiguous forms read as before')
  const addendum = await upload([addenda([ROSA.map((cell, index) => (index === 12 ? '1.650' : cell))])], '/api/addendum/upload')
  t.equal(addendum.statusCode, 400)
  t.same(addendum.json().errors, [{ row: 2, field: 'salary', header: 'salario', message: 'El sueldo "1.650" es ambiguo: puede leerse como 1.65 o como 1650. Escríbelo como 1650 o 1,650.00' }])
})

t.test('a CSV DNI of 1 to 7 digits lost its zeros and is padded (D12); longer or non-digit values stay errors', async (t) => {
  const res = await upload([csv([employeeCells(numberedEmployee(1, { dni: '1234567' })), employeeCells(numberedEmployee(2, { dni: '42' }))])])
  t.equal(res.statusCode, 200)
  t.same(res.json().data.employees.map((e: { dni: string }) => e.dni), ['01234567', '00000042'])
  const bad = await upload([csv([employeeCells(numberedEmployee(1, { dni: '123456789' })), employeeCells(numberedEmployee(2, { dni: '12a4567' }))])])
  t.equal(bad.statusCode, 400)
  t.same(bad.json().errors.map((e: { row: number, field: string }) => [e.row, e.field]), [[2, 'dni'], [3, 'dni']])
  const addendum = await upload([addenda([ROSA.map((cell, index) => (index === 1 ? '1234567' : cell))])], '/api/addendum/upload')
  t.equal(addendum.json().data.employees[0].documentNumber, '01234567')
})

t.test('Excel error values (#N/A, #REF!…) are a row error on their field, never printed', async (t) => {
  // an .xlsx whose CARGO and PLAYA cells hold cached formula errors, as Excel saves them
  const sheet = XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, employeeCells(sampleEmployee())])
  sheet[XLSX.utils.encode_cell({ r: 1, c: column('CARGO') })] = { t: 'e', v: 0x2a, w: '#N/A' }
  sheet[XLSX.utils.encode_cell({ r: 1, c: column('PLAYA') })] = { t: 'e', v: 0x17, w: '#REF!' }
  for (const bookType of ['xlsx', 'xls'] as const) {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, 'Hoja1')
    const res = await upload([{ name: `empleados.${bookType}`, bytes: XLSX.write(book, { type: 'buffer', bookType }) as Buffer }])
    t.equal(res.statusCode, 400, bookType)
    t.same(res.json().errors, [
      { row: 2, field: 'position', header: 'CARGO', message: 'Celda con error de Excel (#N/A)' },
      { row: 2, field: 'subDivisionOrParking', header: 'PLAYA', message: 'Celda con error de Excel (#REF!)' }
    ], bookType)
  }
  // a CSV export carries the error as text
  const codes = ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NULL!', '#NUM!']
  const res = await upload([csv(codes.map((code, index) => employeeCells(numberedEmployee(index, { position: code }))))])
  t.equal(res.statusCode, 400)
  t.same(res.json().errors.map((e: { message: string }) => e.message), codes.map((code) => `Celda con error de Excel (${code})`))
  const dni = await upload([csv([employeeCells(sampleEmployee({ dni: '#N/A', salary: '#VALUE!' }))])])
  t.same(dni.json().errors.map((e: { field: string }) => e.field), ['dni', 'salary'], 'in a DNI or salary column too')
})

t.test('a DNI twice in one upload is a row error on the later row (employees and addenda)', async (t) => {
  const res = await upload([xlsx([employeeCells(numberedEmployee(1)), employeeCells(numberedEmployee(2)), employeeCells(numberedEmployee(1, { name: 'Otra Persona' }))])])
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [{ row: 4, field: 'dni', header: 'DNI', message: 'DNI duplicado: ya aparece en la fila 2' }])
  // a numeric 1234567 and a text 01234567 are the same DNI once read
  const padded = await upload([csv([employeeCells(numberedEmployee(1, { dni: '01234567' })), employeeCells(numberedEmployee(2, { dni: '1234567' }))])])
  t.same(padded.json().errors, [{ row: 3, field: 'dni', header: 'DNI', message: 'DNI duplicado: ya aparece en la fila 2' }])
  const addendum = await upload([addenda([ROSA, ROSA])], '/api/addendum/upload?partial=true')
  t.equal(addendum.statusCode, 200)
  t.match(addendum.json().data, { validRecords: 1, invalidRecords: 1, errors: [{ row: 3, field: 'documentNumber', message: 'DNI duplicado: ya aparece en la fila 2' }] })
})

const PREVIEW_ONLY = ['timeForCompany', 'workingCondition', 'probationaryPeriod']

t.test('the output of an import, sent unchanged, is accepted by the routes that take employees, but for what it lists in contractIssues (D21)', async (t) => {
  const fixtures = ['empleados.xlsx', 'empleados.xls', 'empleados.csv', 'empleados-semicolon.csv', 'empleados-cp1252.csv', 'empleados-alias.xlsx']
  const json = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object })
  const policy = lawfulContractPolicy(app.employerProfile)
  for (const name of fixtures) {
    const imported = await upload([{ name, bytes: fixture(name) }])
    t.equal(imported.statusCode, 200, name)
    const { employees, contractIssues } = imported.json().data as { employees: Record<string, unknown>[], contractIssues: Array<{ row: number }> }
    // docs/documents.md, "Contracts that can be signed": what the import lists is exactly what the contract routes refuse, with the same messages
    const unlawful = employees.map((employee) => lawfulContractIssues(employee, 'body', policy))
    t.equal(new Set(contractIssues.map((issue) => issue.row)).size, unlawful.filter((issues) => issues.length > 0).length,
      `${name}: one listed row per record that cannot become a contract`)
    const lawful = employees.filter((_, index) => unlawful[index].length === 0)
    if (lawful.length > 0) {
      const zip = await json('/api/contracts/download-zip', lawful)
      t.equal(zip.statusCode, 200, `${name}: download-zip of the lawful ones`)
      t.equal(zip.headers['content-type'], 'application/zip')
    }
    if (lawful.length < employees.length) t.equal((await json('/api/contracts/download-zip', employees)).statusCode, 400, `${name}: the others refused`)
    for (const [index, employee] of employees.entries()) {
      const preview = await json('/api/contracts/preview', employee)
      // D11: a Subsidio preview also needs the three fields an import may leave out, and says so
      const missing = employee.contractType === 'Subsidio' ? PREVIEW_ONLY.filter((field) => !(field in employee)) : []
      const refused = missing.length > 0 || unlawful[index].length > 0
      t.equal(preview.statusCode, refused ? 400 : 200, `${name}: preview of ${String(employee.dni)}`)
      if (refused) {
        const fields = preview.json().errors.map((e: { field: string }) => e.field)
        for (const field of [...missing.map((field) => `body.${field}`), ...unlawful[index].map((issue) => issue.field)]) {
          t.ok(fields.includes(field), `${name}: ${String(employee.dni)} refused on ${field}`)
        }
      }
    }
    t.equal((await json('/api/excel/download-photocheck', employees)).statusCode, 200, `${name}: photocheck`)
    // the exports that print sex and birthDate still require them
    const complete = employees.every((employee) => 'sex' in employee && 'birthDate' in employee)
    for (const url of ['/api/excel/download-lawlife', '/api/excel/download-sctr']) {
      const res = await json(url, employees)
      t.equal(res.statusCode, complete ? 200 : 400, `${name}: ${url}`)
      if (!complete) t.ok(res.json().errors.every((e: { field: string }) => /\.(sex|birthDate)$/.test(e.field)), 'only for sex and birthDate')
    }
  }
  t.ok(fixtures.some((name) => name === 'empleados-alias.xlsx'), 'a fixture without FECHA DE NACIMIENTO is among them')
})

t.test('a UTF-8 CSV with one Windows-1252 byte: that field is read as Windows-1252, every other as UTF-8', async (t) => {
  const utf8 = Buffer.from(csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1, { position: 'Técnico de línea', address: 'Av. Perú 123' })), employeeCells(numberedEmployee(2, { position: 'Técnico' }))]), 'utf8')
  // the address of the first employee pasted from a Windows-1252 file: ú is the single byte 0xFA
  const at = utf8.indexOf(Buffer.from('Perú', 'utf8'))
  const mixed = Buffer.concat([utf8.subarray(0, at), Buffer.from('Perú', 'latin1'), utf8.subarray(at + Buffer.byteLength('Perú'))])
  for (const bytes of [mixed, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), mixed])]) {
    const res = await upload([{ name: 'empleados.csv', type: 'text/csv', bytes }])
    t.equal(res.statusCode, 200, 'the DIRECCIÓN header is recognised')
    t.match(res.json().data.employees, [{ position: 'Técnico de línea', address: 'Av. Perú 123' }, { position: 'Técnico' }])
  }
  // a whole file in Windows-1252 still reads as Windows-1252
  const latin = Buffer.from(csvText([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1, { position: 'Técnico', name: 'Ñusta José' }))]), 'latin1')
  t.match((await upload([{ name: 'empleados.csv', type: 'text/csv', bytes: latin }])).json().data.employees, [{ position: 'Técnico', name: 'Ñusta José' }])
})

t.test('a tiny .xlsx with a row numbered 1 000 000 000 is refused before its cells are read; an upload sent meanwhile is answered', async (t) => {
  const valid = [[1, EMPLOYEE_HEADERS.map(String)], [2, employeeCells().map((cell) => String(cell ?? ''))]] as [number, string[]][]
  const bomb = sheetXlsx([...valid, [1_000_000_000, ['Rosa']]])
  t.ok(bomb.length < 4096, `a ${bomb.length}-byte file`)
  const [refused, meanwhile] = await Promise.all([
    upload([{ name: 'bomba.xlsx', bytes: bomb }]),
    upload([{ name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }])
  ])
  t.equal(refused.statusCode, 400)
  t.equal(refused.json().message, 'El archivo tiene demasiadas filas: la hoja usa filas hasta la 1000000000 y se admiten hasta la 65587. Borra las filas sobrantes debajo de los datos.')
  t.equal(meanwhile.statusCode, 200, 'the upload queued behind it is read')
  // rows below the data within the headroom are still read (blank or note rows are skipped)
  const notes = await upload([{ name: 'notas.xlsx', bytes: sheetXlsx([...valid, [60_000, [...EMPLOYEE_HEADERS.map(() => ''), '', 'nota']]]) }])
  t.equal(notes.statusCode, 200)
  t.equal(notes.json().data.totalRecords, 1)
})
