/**
 * The sheets' column headers by field and kind of import, as src/spreadsheets/columns.ts has them:
 * a field's header (plain.js columnOf) and a header's field (the "Corregir" form, fix.js).
 */
import { headerKey } from './text-fold.js'

/**
 * The headers of the columns, by field and import kind (src/spreadsheets/columns.ts): the first one is
 * the column's header in that kind's template (GET /api/templates/…, the table's first header), so it
 * is how the console names a field the service names by its id (plain.js columnOf); the others are
 * the ones the "Corregir" form also recognises. A header belongs to the first field that lists it.
 * test/console/plain.test.ts holds this table to the service's.
 * @type {Record<'employee' | 'addendum', Record<string, string[]>>}
 */
export const FIELD_HEADERS = {
  employee: {
    causeId: ['CAUSA'],
    objectiveCause: ['CAUSA OBJETIVA'],
    substitutionGround: ['CAUSAL DE SUSPENSIÓN', 'CAUSAL DE SUPLENCIA'],
    probationReason: ['MOTIVO DEL PERIODO DE PRUEBA'],
    probationaryPeriod: ['PERIODO DE PRUEBA'],
    workDays: ['DÍAS DE TRABAJO', 'DÍAS LABORABLES'],
    workSchedule: ['HORARIO'],
    weeklyHours: ['HORAS SEMANALES'],
    contractType: ['TIPO DE CONTRATO'],
    site: ['PLAYA', 'ESTACIONAMIENTO'], // the service's subDivisionOrParking
    modality: ['MODALIDAD'],
    position: ['CARGO'],
    positionProfile: ['PERFIL DE PUESTO'],
    sex: ['GENERO', 'SEXO'],
    birthDate: ['FECHA DE NACIMIENTO'],
    // named in messages only
    name: ['NOMBRE'],
    lastNameFather: ['APELLIDO PATERNO'],
    lastNameMother: ['APELLIDO MATERNO'],
    dni: ['DNI'],
    email: ['EMAIL'],
    address: ['DIRECCIÓN'],
    province: ['PROVINCIA'],
    district: ['DISTRITO'],
    department: ['DEPARTAMENTO'],
    salary: ['SUELDO'],
    salaryInWords: ['SUELDO EN LETRAS'],
    entryDate: ['INICIO', 'FECHA DE INGRESO'],
    endDate: ['FIN', 'FECHA DE TERMINO'],
    replacementFor: ['SUPLENCIA DE'],
    reasonForSubstitution: ['MOTIVO DE SUPLENCIA'],
    signingDate: ['FECHA DE SUSCRIPCIÓN'],
    replacedWorkerDni: ['DNI DEL SUPLIDO'],
    replacedWorkerPosition: ['CARGO DEL SUPLIDO'],
    substitutionDocument: ['DOCUMENTO DE SUSTENTO'],
    'supportDocument.kind': ['TIPO DE DOCUMENTO DE SUSTENTO'],
    'supportDocument.number': ['N.º DE DOCUMENTO DE SUSTENTO', 'NUMERO DE DOCUMENTO DE SUSTENTO'],
    'supportDocument.date': ['FECHA DE DOCUMENTO DE SUSTENTO'],
    absenceFrom: ['INICIO DE AUSENCIA'],
    absenceTo: ['FIN DE AUSENCIA']
  },
  addendum: {
    causeId: ['CAUSA'],
    salaryReductionAgreed: ['REDUCCIÓN ACORDADA'],
    workDays: ['DÍAS DE TRABAJO', 'DÍAS LABORABLES'],
    workSchedule: ['HORARIO'],
    weeklyHours: ['HORAS SEMANALES'],
    contractType: ['TIPO DE CONTRATO'],
    modality: ['MODALIDAD'],
    position: ['CARGO'],
    // named in messages only
    division: ['DIVISION'],
    documentNumber: ['Numero Documento', 'dni', 'documento', 'NÚMERO DE DOCUMENTO', 'Num. Documento'],
    worker: ['TRABAJADOR'],
    entryDate: ['fecha de ingreso'],
    start: ['INICIO'],
    end: ['FECHA FIN'],
    startAddendum: ['INICIO ADENDA'],
    endAddendum: ['FIN ADENDA'],
    address: ['dirección'],
    province: ['provincia'],
    district: ['distrito'],
    department: ['departamento'],
    salary: ['salario'],
    salaryInWords: ['salario en letras'],
    sex: ['GENERO', 'SEXO'],
    birthDate: ['FECHA DE NACIMIENTO'],
    originalSigningDate: ['FECHA DE SUSCRIPCIÓN'],
    causeUpdate: ['ACTUALIZACIÓN DE LA CAUSA'],
    originalSalary: ['SUELDO ANTERIOR'],
    signingDate: ['FECHA DE FIRMA DE LA ADENDA'],
    // a suplencia's adenda (DOCUMENT-REQUIREMENTS §37)
    substitutionGround: ['CAUSAL DE SUSPENSIÓN', 'CAUSAL DE SUPLENCIA'],
    'supportDocument.kind': ['TIPO DE DOCUMENTO DE SUSTENTO'],
    'supportDocument.number': ['N.º DE DOCUMENTO DE SUSTENTO', 'NUMERO DE DOCUMENTO DE SUSTENTO'],
    'supportDocument.date': ['FECHA DE DOCUMENTO DE SUSTENTO'],
    absenceTo: ['FIN DE AUSENCIA']
  }
}

/**
 * The field a header fills, for this kind of sheet; undefined for the others.
 * @param {'employee' | 'addendum'} kind
 * @param {string} header
 */
export function fieldOf (kind, header) {
  const key = headerKey(header)
  return Object.entries(FIELD_HEADERS[kind]).find(([, headers]) => headers.some((name) => headerKey(name) === key))?.[0]
}
