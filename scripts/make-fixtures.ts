/**
 * Writes the spreadsheet fixtures of the import tests (test/fixtures/) the way users make them:
 * each sheet below is written as a flat OpenDocument spreadsheet (test/fixtures/source/*.fods,
 * readable XML with typed cells: dates, currency, numbers formatted 00000000), then LibreOffice
 * Calc converts it to .xlsx, .xls and .csv. Run once after changing a sheet (needs `soffice`;
 * the tests do not): `npm run make:fixtures`. The outputs are committed.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A cell of the source: text, a General number, a date (ISO), a S/. amount, a DNI shown as 00000000, or empty. */
type CellSource = string | number | { date: string } | { money: number } | { dni: number } | null

interface SheetSource {
  name: string
  /** Outputs: .xlsx/.xls/.csv (comma, UTF-8), `;` with a UTF-8 BOM (Excel "CSV UTF-8" in Spanish), `;` in Windows-1252 (Excel "CSV"). */
  formats: ('xlsx' | 'xls' | 'csv' | 'csv-semicolon' | 'csv-cp1252')[]
  rows: CellSource[][]
}

const root = new URL('../test/fixtures', import.meta.url).pathname
const sourceDir = join(root, 'source')

const EMPLOYEE_HEADERS = [' Nombre completo ', 'Apellido Paterno', 'APELLIDO MATERNO', 'DNI', 'Correo', 'Dirección', 'Provincia',
  'Distrito', 'Departamento', 'Cargo', 'Estacionamiento', 'Sueldo', 'Sueldo en Letras', 'Fecha de Ingreso', 'Fecha de Término',
  'Tipo de Contrato', 'Género', 'Fecha de Nacimiento', 'Suplencia de', 'Motivo de Suplencia', 'Tiempo en Empresa',
  'Condición Laboral', 'Periodo de Prueba', 'Observaciones']
const none = [null, null, null, null, null] as const

const ADDENDUM_HEADERS = ['División', 'Número de Documento', 'Trabajador', 'Fecha Ingreso', 'Inicio', 'Fecha Fin', 'Inicio Adenda',
  'Fin Adenda', 'Dirección', 'Provincia', 'Distrito', 'Departamento', 'Sueldo', 'Sueldo en Letras']

/**
 * The adenda's own columns (DOCUMENT-REQUIREMENTS §17, §21, §28): who, which contract (its reviewed cause and
 * original salary), why the need continues.
 */
const ADDENDUM_CONTRACT_HEADERS = ['Sexo', 'Modalidad', 'Cargo', 'Causa', 'Actualización de la causa', 'Sueldo anterior', 'Fecha de nacimiento']
/** The demo profile's reviewed cause (assets/employer-profile.json) and its update, as test/support/samples.ts sampleAddendum. */
const CAUSE = ['larcomar-remodelacion-vecino', 'La necesidad subsiste porque las obras del centro comercial vecino continúan y siguen trasladando su estacionamiento a esta sede']

const SHEETS: SheetSource[] = [
  {
    name: 'empleados',
    formats: ['xlsx', 'xls', 'csv', 'csv-semicolon', 'csv-cp1252'],
    rows: [
      EMPLOYEE_HEADERS,
      ['Rosa María', 'Quispe', 'Mamani', { dni: 1234567 }, 'rosa.quispe@example.com', 'Av. Los Álamos 123, Urb. San Ignacio', 'Lima', 'Miraflores', 'Lima',
        'Operario de playa', 'Playa Larcomar', { money: 1500 }, 'MIL QUINIENTOS CON 00/100 SOLES', { date: '2026-12-01' }, { date: '2027-05-31' },
        'PLANILLA', 'Femenino', { date: '1990-03-15' }, ...none, 'ingresa en diciembre'],
      ['  Luis Ángel ', 'Ñahui', 'Pérez', { dni: 45678912 }, 'luis.nahui@example.com', 'Jr. Huallaga 456', 'Lima', 'Cercado de Lima', 'Lima',
        'Cajero', 'Estacionamiento Centro', '1,500.00', 'MIL QUINIENTOS CON 00/100 SOLES', { date: '2026-12-15' }, { date: '2027-06-14' },
        'part time', 'M', null, ...none, null],
      [],
      ['Carmen', 'Huamán', 'Torres', { dni: 87654321 }, 'carmen.huaman@example.com', 'Calle Las Flores 789', 'Arequipa', 'Cayma', 'Arequipa',
        'Supervisora', 'Playa Mall Aventura', 'S/. 2300', 'DOS MIL TRESCIENTOS CON 00/100 SOLES', { date: '2027-01-02' }, { date: '2027-03-31' },
        'SUBSIDIO', 'F', { date: '1985-07-20' }, 'Juana Pérez Gómez', 'Descanso médico', '2 años', 'Tiempo completo', '3 meses', null],
      ['José', 'García', 'Sánchez', { dni: 23456789 }, 'jose.garcia@example.com', 'Av. Brasil 1020', 'Lima', 'Jesús María', 'Lima',
        'Operario de playa', 'Playa Larcomar', 1800.5, 'MIL OCHOCIENTOS CON 50/100 SOLES', '05/01/2027', { date: '2027-07-04' },
        'Planilla', 'masculino', null, ...none, null]
    ]
  },
  {
    name: 'empleados-alias',
    formats: ['xlsx'],
    rows: [
      ['NOMBRE', 'APELLIDO PATERNO', 'APELLIDO MATERNO', 'DNI', 'EMAIL', 'DOMICILIO', 'PROVINCIA', 'DISTRITO', 'DEPARTAMENTO', 'CARGO', 'PLAYA',
        'SUELDO', 'SUELDO EN LETRAS', 'INICIO', 'FIN', 'TIPO DE CONTRATO', 'SEXO', 'SUPLENCIA DE', 'MOTIVO DE SUPLENCIA'],
      ['Ana', 'Flores', 'Rojas', 7654321, 'ana.flores@example.com', 'Av. Arequipa 2050', 'Lima', 'Lince', 'Lima', 'Cajera', 'Playa Lince',
        1200, 'MIL DOSCIENTOS CON 00/100 SOLES', { date: '2026-11-01' }, { date: '2027-04-30' }, 'PART TIME', 'F', null, null],
      ['Pedro', 'Castillo', 'Vega', 34567890, 'pedro.castillo@example.com', 'Jr. Junín 300', 'Cusco', 'Wanchaq', 'Cusco', 'Vigilante', 'Playa Cusco',
        { money: 1350 }, 'MIL TRESCIENTOS CINCUENTA CON 00/100 SOLES', { date: '2026-11-15' }, { date: '2027-02-15' }, 'Subsidio', 'Masculino',
        'Mario Quispe', 'Licencia por paternidad']
    ]
  },
  {
    name: 'empleados-invalidos',
    formats: ['xlsx', 'csv'],
    rows: [
      EMPLOYEE_HEADERS,
      ['Rosa', 'Quispe', 'Mamani', '1234', 'rosa@example.com', 'Av. Lima 1', 'Lima', 'Lima', 'Lima', 'Cajera', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', { date: '2026-12-01' }, { date: '2027-05-31' }, 'Planilla', null, null, ...none, null],
      ['Mario', 'Rojas', 'Díaz', { dni: 11111111 }, null, 'Av. Lima 2', 'Lima', 'Lima', 'Lima', 'Cajero', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', { date: '2026-12-01' }, { date: '2027-05-31' }, 'Planilla', null, null, ...none, null],
      [],
      ['Lucía', 'Vargas', 'Ramos', { dni: 22222222 }, 'lucia@example.com', 'Av. Lima 3', 'Lima', 'Lima', 'Lima', 'Cajera', 'Playa A', 0,
        'CERO SOLES', { date: '2026-12-01' }, { date: '2027-05-31' }, 'Planilla', null, null, ...none, null],
      ['Jorge', 'Paredes', 'Luna', { dni: 33333333 }, 'jorge@example.com', 'Av. Lima 4', 'Lima', 'Lima', 'Lima', 'Cajero', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', '31/02/2025', { date: '2027-05-31' }, 'Planilla', null, null, ...none, null],
      ['Elena', 'Soto', 'Cruz', { dni: 44444444 }, 'elena@example.com', 'Av. Lima 5', 'Lima', 'Lima', 'Lima', 'Cajera', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', { date: '2027-05-31' }, { date: '2026-12-01' }, 'Planilla', null, null, ...none, null],
      ['Raúl', 'Mendoza', 'Ortiz', { dni: 55555555 }, 'raul@example.com', 'Av. Lima 6', 'Lima', 'Lima', 'Lima', 'Cajero', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', { date: '2026-12-01' }, { date: '2027-05-31' }, 'Subsidio', null, null, null, null, null, null, null, null],
      ['Sara', 'Chávez', 'León', { dni: 66666666 }, 'sara@example.com', 'Av. Lima 7', 'Lima', 'Lima', 'Lima', 'Cajera', 'Playa A', { money: 1500 },
        'MIL QUINIENTOS SOLES', { date: '2026-12-01' }, { date: '2027-05-31' }, 'Locación', null, null, ...none, null]
    ]
  },
  {
    name: 'empleados-sin-columnas',
    formats: ['xlsx'],
    rows: [
      ['NOMBRE', 'APELLIDO PATERNO', 'APELLIDO MATERNO', 'Dirección', 'PROVINCIA', 'DISTRITO', 'DEPARTAMENTO', 'CARGO', 'PLAYA',
        'SUELDO', 'SUELDO EN LETRAS', 'INICIO', 'FIN', 'TIPO DE CONTRATO'],
      ['Ana', 'Flores', 'Rojas', 'Av. Arequipa 2050', 'Lima', 'Lince', 'Lima', 'Cajera', 'Playa Lince', 1200, 'MIL DOSCIENTOS CON 00/100 SOLES',
        { date: '2026-11-01' }, { date: '2027-04-30' }, 'PART TIME']
    ]
  },
  {
    name: 'adendas',
    formats: ['xlsx', 'xls', 'csv', 'csv-semicolon'],
    rows: [
      [...ADDENDUM_HEADERS, ...ADDENDUM_CONTRACT_HEADERS],
      ['Playas Lima', { dni: 1234567 }, 'Rosa María Quispe Mamani', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2031-12-01' }, { date: '2032-05-31' }, 'Av. Los Álamos 123, Miraflores', 'Lima', 'Miraflores', 'Lima', { money: 1650 },
        'MIL SEISCIENTOS CINCUENTA CON 00/100 SOLES', 'F', '58', 'Operaria de playa', ...CAUSE, { money: 1500 }, { date: '1990-03-15' }],
      [],
      ['Playas Sur', { dni: 45678912 }, 'Luis Ángel Ñahui Pérez', { date: '2029-08-15' }, { date: '2031-02-15' }, { date: '2031-08-14' },
        { date: '2031-08-15' }, { date: '2032-02-14' }, 'Jr. Huallaga 456', 'Arequipa', 'Cayma', 'Arequipa', '1,250.00', 'MIL DOSCIENTOS CINCUENTA CON 00/100 SOLES',
        'M', 'necesidades del mercado', 'Cajero', ...CAUSE, '1,130.00', { date: '1988-11-02' }],
      ['Estacionamientos', { dni: 87654321 }, 'Carmen Huamán Torres', { date: '2028-01-10' }, { date: '2031-01-10' }, { date: '2031-12-31' },
        { date: '2032-01-01' }, { date: '2032-12-31' }, 'Calle Las Flores 789', 'Lima', 'San Isidro', 'Lima', 'S/. 2,100.50', 'DOS MIL CIEN CON 50/100 SOLES',
        'Femenino', '58', 'Supervisora', ...CAUSE, { money: 2000 }, { date: '1985-07-20' }]
    ]
  },
  {
    name: 'adendas-alias',
    formats: ['xlsx'],
    rows: [
      ['area', 'dni', 'colaborador', 'fecha_de_ingreso', 'inicio', 'termino', 'vigencia desde', 'vigencia hasta', 'direccion completa',
        'province', 'district', 'department', 'remuneración', 'salary_in_words'],
      ['Playas Norte', 7654321, 'Ana Flores Rojas', { date: '2030-05-02' }, { date: '2031-05-02' }, { date: '2031-11-01' },
        { date: '2031-11-02' }, { date: '2032-05-01' }, 'Av. Arequipa 2050, Lince', 'Lima', 'Lince', 'Lima', 1400, 'MIL CUATROCIENTOS CON 00/100 SOLES']
    ]
  },
  {
    name: 'adendas-mixtas',
    formats: ['xlsx', 'csv'],
    rows: [
      [...ADDENDUM_HEADERS, ...ADDENDUM_CONTRACT_HEADERS],
      ['Playas Lima', { dni: 11111111 }, 'Mario Rojas Díaz', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2031-12-01' }, { date: '2032-05-31' }, 'Av. Lima 200, Lima', 'Lima', 'Lima', 'Lima', { money: 1500 }, 'MIL QUINIENTOS CON 00/100 SOLES',
        'M', '58', 'Operario de playa', ...CAUSE, { money: 1500 }, { date: '1992-05-09' }],
      ['Playas Lima', '123', 'Lucía Vargas Ramos', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2031-12-01' }, { date: '2032-05-31' }, 'Av. Lima 300, Lima', 'Lima', 'Lima', 'Lima', 0, 'CERO SOLES'],
      [],
      ['Playas Sur', { dni: 22222222 }, 'Jorge Paredes Luna', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2032-05-31' }, { date: '2031-12-01' }, 'Av. Lima 400, Lima', 'Lima', 'Lima', 'Lima', { money: 1500 }, 'MIL QUINIENTOS CON 00/100 SOLES'],
      ['Playas Sur', { dni: 33333333 }, 'Elena Soto Cruz', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2031-12-01' }, { date: '2032-05-31' }, 'Av. Lima 500, Lima', 'Lima', 'Lima', 'Lima', '1,800.00', 'MIL OCHOCIENTOS CON 00/100 SOLES',
        'F', '58', 'Cajera', ...CAUSE, '1,800.00', { date: '1995-01-30' }]
    ]
  },
  {
    name: 'adendas-sin-division',
    formats: ['xlsx'],
    rows: [
      ADDENDUM_HEADERS.slice(1),
      [{ dni: 11111111 }, 'Mario Rojas Díaz', { date: '2030-03-01' }, { date: '2031-06-01' }, { date: '2031-11-30' },
        { date: '2031-12-01' }, { date: '2032-05-31' }, 'Av. Lima 200, Lima', 'Lima', 'Lima', 'Lima', { money: 1500 }, 'MIL QUINIENTOS CON 00/100 SOLES']
    ]
  }
]

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function dmy (iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${day}/${month}/${year}`
}

function cellXml (cell: CellSource): string {
  if (cell === null) return '<table:table-cell/>'
  if (typeof cell === 'string') return `<table:table-cell office:value-type="string"><text:p>${escape(cell)}</text:p></table:table-cell>`
  if (typeof cell === 'number') return `<table:table-cell office:value-type="float" office:value="${cell}"><text:p>${cell}</text:p></table:table-cell>`
  if ('date' in cell) return `<table:table-cell table:style-name="ceDate" office:value-type="date" office:date-value="${cell.date}"><text:p>${dmy(cell.date)}</text:p></table:table-cell>`
  if ('money' in cell) return `<table:table-cell table:style-name="ceMoney" office:value-type="currency" office:currency="PEN" office:value="${cell.money}"><text:p>S/. ${cell.money.toFixed(2)}</text:p></table:table-cell>`
  return `<table:table-cell table:style-name="ceDni" office:value-type="float" office:value="${cell.dni}"><text:p>${String(cell.dni).padStart(8, '0')}</text:p></table:table-cell>`
}

function fods (sheet: SheetSource): string {
  const rows = sheet.rows.map((row) => `<table:table-row>${row.length === 0 ? '<table:table-cell/>' : row.map(cellXml).join('')}</table:table-row>`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="nDate"><number:day number:style="long"/><number:text>/</number:text><number:month number:style="long"/><number:text>/</number:text><number:year number:style="long"/></number:date-style>
<number:currency-style style:name="nMoney"><number:currency-symbol>S/.</number:currency-symbol><number:text> </number:text><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/></number:currency-style>
<number:number-style style:name="nDni"><number:number number:decimal-places="0" number:min-integer-digits="8"/></number:number-style>
<style:style style:name="ceDate" style:family="table-cell" style:data-style-name="nDate"/>
<style:style style:name="ceMoney" style:family="table-cell" style:data-style-name="nMoney"/>
<style:style style:name="ceDni" style:family="table-cell" style:data-style-name="nDni"/>
</office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="Hoja1">
${rows.join('\n')}
</table:table></office:spreadsheet></office:body></office:document>
`
}

// LibreOffice CSV filter options: separator, text delimiter (34 = "), character set (76 = UTF-8, 1 = Windows-1252), first line
const CSV_FILTERS = {
  csv: 'csv:Text - txt - csv (StarCalc):44,34,76,1',
  'csv-semicolon': 'csv:Text - txt - csv (StarCalc):59,34,76,1',
  'csv-cp1252': 'csv:Text - txt - csv (StarCalc):59,34,1,1'
} as const

mkdirSync(sourceDir, { recursive: true })
const profile = mkdtempSync(join(tmpdir(), 'lo-profile-'))
const work = mkdtempSync(join(tmpdir(), 'lo-out-'))
try {
  for (const sheet of SHEETS) {
    const source = join(sourceDir, `${sheet.name}.fods`)
    writeFileSync(source, fods(sheet))
    for (const format of sheet.formats) {
      const filter = format === 'xlsx' || format === 'xls' ? format : CSV_FILTERS[format]
      execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', filter, '--outdir', work, source], { stdio: 'ignore' })
      const extension = format === 'xlsx' || format === 'xls' ? format : 'csv'
      const produced = join(work, `${sheet.name}.${extension}`)
      const target = join(root, format.startsWith('csv-') ? `${sheet.name}-${format.slice(4)}.csv` : `${sheet.name}.${extension}`)
      if (format === 'csv-semicolon') {
        writeFileSync(target, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(produced)])) // Excel's "CSV UTF-8" starts with a BOM
        rmSync(produced)
      } else {
        renameSync(produced, target)
      }
      console.log(target)
    }
  }
} finally {
  rmSync(profile, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
}
