/**
 * The spreadsheet column tables of the spec ("Spreadsheet columns for employee import",
 * "Addendum employee record"): which headers fill which field, how a cell is read (D12) and which
 * headers must be present. Header matching ignores case, accents and surrounding whitespace (D12).
 */

/**
 * How a cell of the column is read (D12); not to be confused with Cell.kind, the type the cell came
 * with (sheet.ts). 'salary': any amount or number (also weekly hours).
 */
export type ColumnKind = 'text' | 'dni' | 'salary' | 'date'

/** One field of a record and the headers that fill it. */
export interface ColumnSpec {
  field: string
  /** Accepted headers as the spec writes them; the first one names the column in error items. */
  headers: readonly string[]
  kind: ColumnKind
  /** A file without one of these headers is refused before any row is read. */
  required: boolean
  /**
   * Required unless the registry holds the row's contract (the adendas sheet, docs/import.md "Adendas
   * from the registry"): the reader reads a file without it; the import refuses the file, as a
   * missing required header, only when no row's contract is recorded.
   */
  recorded?: boolean
}

/** A table of columns: one per record field, in the order records are returned. */
export type ColumnTable = readonly ColumnSpec[]

const column = (field: string, headers: readonly string[], kind: ColumnKind = 'text', required = true): ColumnSpec =>
  ({ field, headers, kind, required })

/** A column of the spec's addendum record that a recorded contract fills (ColumnSpec.recorded). */
const recordedColumn = (field: string, headers: readonly string[], kind: ColumnKind = 'text'): ColumnSpec =>
  ({ field, headers, kind, required: false, recorded: true })

/**
 * Employee import (spec endpoint 5). Required: every field the spec does not mark optional or
 * Subsidio-only; a Subsidio row without its replacement columns fails row validation (rules 1-2).
 */
export const EMPLOYEE_COLUMNS: ColumnTable = [
  column('name', ['NOMBRE', 'Nombre completo']),
  column('lastNameFather', ['APELLIDO PATERNO']),
  column('lastNameMother', ['APELLIDO MATERNO']),
  column('dni', ['DNI'], 'dni'),
  column('email', ['EMAIL', 'Correo']),
  column('address', ['DIRECCIÓN', 'DOMICILIO']),
  column('province', ['PROVINCIA']),
  column('district', ['DISTRITO']),
  column('department', ['DEPARTAMENTO']),
  column('position', ['CARGO']),
  column('subDivisionOrParking', ['PLAYA', 'ESTACIONAMIENTO']),
  column('salary', ['SUELDO'], 'salary'),
  column('salaryInWords', ['SUELDO EN LETRAS'], 'text', false), // written from SUELDO when absent (D22)
  column('entryDate', ['INICIO', 'FECHA DE INGRESO'], 'date'),
  column('endDate', ['FIN', 'FECHA DE TERMINO'], 'date'),
  column('contractType', ['TIPO DE CONTRATO']),
  column('sex', ['GENERO', 'SEXO'], 'text', false),
  column('birthDate', ['FECHA DE NACIMIENTO'], 'date', false),
  column('replacementFor', ['SUPLENCIA DE'], 'text', false),
  column('reasonForSubstitution', ['MOTIVO DE SUPLENCIA'], 'text', false),
  column('timeForCompany', ['TIEMPO EN EMPRESA'], 'text', false),
  column('workingCondition', ['CONDICION LABORAL'], 'text', false),
  column('probationaryPeriod', ['PERIODO DE PRUEBA'], 'text', false),
  // D22: optional columns beyond the spec
  column('signingDate', ['FECHA DE SUSCRIPCIÓN', 'FECHA DE FIRMA'], 'date', false),
  column('weeklyHours', ['HORAS SEMANALES'], 'salary', false),
  column('workDays', ['DÍAS DE TRABAJO', 'DÍAS LABORABLES'], 'text', false),
  column('workSchedule', ['HORARIO'], 'text', false),
  column('objectiveCause', ['CAUSA OBJETIVA'], 'text', false),
  column('replacedWorkerDni', ['DNI DEL SUPLIDO'], 'dni', false),
  column('replacedWorkerPosition', ['CARGO DEL SUPLIDO'], 'text', false),
  column('modality', ['MODALIDAD'], 'text', false),
  column('probationReason', ['MOTIVO DEL PERIODO DE PRUEBA'], 'text', false),
  column('positionProfile', ['PERFIL DE PUESTO'], 'text', false),
  // a suplencia's ground, its supporting document and the absence's dates (DOCUMENT-REQUIREMENTS §25)
  column('substitutionGround', ['CAUSAL DE SUSPENSIÓN', 'CAUSAL DE SUPLENCIA'], 'text', false),
  // the former free-text document, refused by the rules for the three columns after it (§37)
  column('substitutionDocument', ['DOCUMENTO DE SUSTENTO'], 'text', false),
  // the supporting document, structured (§37): src/employees/normalize.ts nests them into supportDocument
  column('supportDocument.kind', ['TIPO DE DOCUMENTO DE SUSTENTO'], 'text', false),
  column('supportDocument.number', ['N.º DE DOCUMENTO DE SUSTENTO', 'NUMERO DE DOCUMENTO DE SUSTENTO'], 'text', false),
  column('supportDocument.date', ['FECHA DE DOCUMENTO DE SUSTENTO'], 'date', false),
  column('absenceFrom', ['INICIO DE AUSENCIA'], 'date', false),
  column('absenceTo', ['FIN DE AUSENCIA'], 'date', false),
  // the id of a cause counsel reviewed (DOCUMENT-REQUIREMENTS §21)
  column('causeId', ['CAUSA'], 'text', false)
]

/**
 * Addendum import (spec endpoint 9): every field of the spec's record is required, DNI and FIN ADENDA
 * always, the others (`recorded`) unless the registry holds the row's contract, which fills them
 * (docs/import.md, "Adendas from the registry"). The spec lists `division` under
 * both division and department; a header belongs to the first field that lists it, so
 * `DIVISION` fills division and department needs its own header (`DEPARTAMENTO`).
 */
export const ADDENDUM_COLUMNS: ColumnTable = [
  recordedColumn('division', ['DIVISION', 'división', 'division', 'area', 'AREA', 'Division']),
  column('documentNumber', ['Numero Documento', 'dni', 'documento', 'NÚMERO DE DOCUMENTO', 'Num. Documento'], 'dni'),
  recordedColumn('worker', ['TRABAJADOR', 'trabajador', 'nombres y apellidos', 'empleado', 'colaborador', 'Trabajador']),
  recordedColumn('entryDate', ['fecha de ingreso', 'fechadeingreso', 'fecha_de_ingreso', 'entrydate', 'entry_date', 'fecha ingreso', 'Fecha Ingreso'], 'date'),
  recordedColumn('start', ['INICIO', 'inicio', 'Inicio'], 'date'),
  recordedColumn('end', ['FECHA FIN', 'fecha fin', 'fin contrato', 'termino', 'Fin', 'FIN', 'fin'], 'date'),
  recordedColumn('startAddendum', ['INICIO ADENDA', 'inicio adenda', 'fecha inicio adenda', 'vigencia desde', 'Inicio Adenda'], 'date'),
  column('endAddendum', ['FIN ADENDA', 'fin adenda', 'fecha fin adenda', 'vigencia hasta'], 'date'),
  recordedColumn('address', ['dirección', 'direccion', 'address', 'direccion completa', 'DOMICILIO', 'domicilio', 'Dirección']),
  recordedColumn('province', ['provincia', 'province', 'PROVINCIA', 'Provincia']),
  recordedColumn('district', ['distrito', 'district', 'Distrito', 'DISTRITO']),
  recordedColumn('department', ['departamento', 'department', 'division', 'Departamento', 'DEPARTAMENTO']),
  recordedColumn('salary', ['salario', 'salary', 'sueldo', 'remuneracion', 'remuneración', 'Sueldo', 'SUELDO'], 'salary'),
  // written from the salary when absent, as for contracts (D22): HR is not asked for what the service knows
  column('salaryInWords', [
    'salario en letras', 'salarioenletras', 'salario_en_letras', 'salaryinwords', 'salary_in_words', 'sueldo en letras', 'Sueldo en Letras'
  ], 'text', false),
  // optional columns naming the contract the adenda extends (DOCUMENT-REQUIREMENTS §17; the preview and ZIP need some)
  // who the worker is: both required to generate the adenda (DOCUMENT-REQUIREMENTS §26)
  column('sex', ['GENERO', 'SEXO'], 'text', false),
  column('birthDate', ['FECHA DE NACIMIENTO'], 'date', false),
  column('contractType', ['TIPO DE CONTRATO'], 'text', false),
  column('weeklyHours', ['HORAS SEMANALES'], 'salary', false),
  column('workDays', ['DÍAS DE TRABAJO', 'DÍAS LABORABLES'], 'text', false),
  column('workSchedule', ['HORARIO'], 'text', false),
  column('modality', ['MODALIDAD'], 'text', false),
  column('position', ['CARGO'], 'text', false),
  column('originalSigningDate', ['FECHA DE SUSCRIPCIÓN', 'FECHA DE FIRMA'], 'date', false),
  // the contract's reviewed cause and why it continues; the original salary, an agreed reduction and the
  // adenda's own signing date (DOCUMENT-REQUIREMENTS §21, §28). The older CAUSA OBJETIVA column held
  // why the need continues: it fills causeUpdate
  column('causeId', ['CAUSA'], 'text', false),
  column('causeUpdate', ['ACTUALIZACIÓN DE LA CAUSA', 'CAUSA OBJETIVA'], 'text', false),
  column('originalSalary', ['SUELDO ANTERIOR'], 'salary', false),
  column('salaryReductionAgreed', ['REDUCCIÓN ACORDADA'], 'text', false),
  column('signingDate', ['FECHA DE FIRMA DE LA ADENDA'], 'date', false),
  // a suplencia's adenda: the ground the absence has now, its supporting document, the new expected end (§37)
  column('substitutionGround', ['CAUSAL DE SUSPENSIÓN', 'CAUSAL DE SUPLENCIA'], 'text', false),
  column('supportDocument.kind', ['TIPO DE DOCUMENTO DE SUSTENTO'], 'text', false),
  column('supportDocument.number', ['N.º DE DOCUMENTO DE SUSTENTO', 'NUMERO DE DOCUMENTO DE SUSTENTO'], 'text', false),
  column('supportDocument.date', ['FECHA DE DOCUMENTO DE SUSTENTO'], 'date', false),
  column('absenceTo', ['FIN DE AUSENCIA'], 'date', false)
]

/** The name of the employee upload's optional sheet of earlier contracts (matched as headers are, D12). */
export const HISTORY_SHEET = 'HISTORIAL'

/**
 * The HISTORIAL sheet of the employee upload (docs/import.md): earlier contracts the service did not
 * issue, one per row, as POST /api/workers/{dni}/history takes them (`MESES DE PRUEBA` optional).
 */
export const HISTORY_COLUMNS: ColumnTable = [
  column('dni', ['DNI'], 'dni'),
  column('modality', ['MODALIDAD']),
  column('entryDate', ['FECHA DE INGRESO', 'INICIO'], 'date'),
  column('endDate', ['FECHA DE CESE', 'FIN', 'FECHA DE TERMINO'], 'date'),
  column('position', ['CARGO']),
  column('probationMonths', ['MESES DE PRUEBA'], 'salary', false)
]

/** The column tables by import kind; the worker receives the kind, not the table. */
export const COLUMN_TABLES = { employee: EMPLOYEE_COLUMNS, addendum: ADDENDUM_COLUMNS } as const
export type ImportKind = keyof typeof COLUMN_TABLES

/** `  Dirección ` → `direccion`: NFD without combining marks, lower case, whitespace collapsed (D12). */
export function headerKey (header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * Maps the header row to fields: column index → field. A header belongs to the first field of
 * the table that lists it; when two columns name the same field the first (leftmost) one is
 * read. Unknown headers are ignored.
 * @param headers the cells of row 1 as text, by column index (holes for empty cells)
 * @returns the field of each recognised column and the required fields with no column
 */
export function matchHeaders (
  headers: readonly (string | undefined)[], table: ColumnTable
): { fields: Map<number, ColumnSpec>, missing: ColumnSpec[] } {
  const byKey = new Map<string, ColumnSpec>()
  for (const spec of table) {
    for (const header of spec.headers) {
      const key = headerKey(header)
      if (!byKey.has(key)) byKey.set(key, spec)
    }
  }
  const fields = new Map<number, ColumnSpec>()
  const seen = new Set<string>()
  headers.forEach((header, index) => {
    if (header === undefined) return
    const spec = byKey.get(headerKey(header))
    if (spec === undefined || seen.has(spec.field)) return
    seen.add(spec.field)
    fields.set(index, spec)
  })
  return { fields, missing: table.filter((spec) => spec.required && !seen.has(spec.field)) }
}
