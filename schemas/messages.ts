/**
 * Spanish messages returned to clients, word for word from service-spec.md where the spec gives one
 * (the others follow the same voice). Schemas attach them through the `x-messages` annotation, which
 * src/validation.ts reads when it turns Ajv errors into {field, message} items.
 */

/** Messages of one field or array, keyed by the Ajv keyword that failed; `invalid` is the fallback. */
export interface FieldMessages {
  required: string
  invalid: string
  [keyword: string]: string
}

const dateInvalid = 'Fecha debe estar en formato DD/MM/YYYY' // D10

export const MESSAGES = {
  name: { required: 'El nombre es requerido', invalid: 'Nombre debe tener al menos 2 letras', maxLength: 'Nombre no puede superar 50 caracteres', pattern: 'Nombre solo puede contener letras y espacios' },
  lastNameFather: { required: 'El apellido paterno es requerido', invalid: 'Apellido paterno debe tener al menos 2 letras', maxLength: 'Apellido paterno no puede superar 50 caracteres', pattern: 'Apellido paterno solo puede contener letras y espacios' },
  lastNameMother: { required: 'El apellido materno es requerido', invalid: 'Apellido materno debe tener al menos 2 letras', maxLength: 'Apellido materno no puede superar 50 caracteres', pattern: 'Apellido materno solo puede contener letras y espacios' },
  birthDate: { required: 'La fecha de nacimiento es requerida', invalid: dateInvalid },
  sex: { required: 'El genero es requerido.', invalid: 'El genero debe ser M, F, Masculino o Femenino' }, // D8
  dni: { required: 'El DNI es requerido', invalid: 'DNI debe tener exactamente 8 dígitos numéricos.' },
  email: { required: 'El correo es requerido', invalid: 'El correo no tiene un formato válido' },
  address: { required: 'La dirección es requerida', invalid: 'La dirección no puede superar 200 caracteres' },
  province: { required: 'La provincia es requerida', invalid: 'La provincia debe tener al menos 2 caracteres', maxLength: 'La provincia no puede superar 100 caracteres' },
  district: { required: 'El distrito es requerido', invalid: 'El distrito debe tener al menos 2 caracteres', maxLength: 'El distrito no puede superar 100 caracteres' },
  department: { required: 'El departamento es requerido', invalid: 'El departamento debe tener al menos 2 caracteres', maxLength: 'El departamento no puede superar 100 caracteres' },
  salary: { required: 'El sueldo es requerido', invalid: 'El sueldo debe ser mayor a 0', type: 'El sueldo debe ser un número', maximum: 'El sueldo no puede superar 1000000000', multipleOf: 'El sueldo debe tener como máximo 2 decimales' },
  salaryInWords: { required: 'El sueldo en letras es requerido', invalid: 'El sueldo en letras debe tener entre 5 y 100 caracteres' },
  position: { required: 'El cargo es requerido.', invalid: 'El cargo no puede superar 100 caracteres' }, // D9
  entryDate: { required: 'La fecha de ingreso es requerida', invalid: dateInvalid },
  endDate: { required: 'La fecha de término es requerida', invalid: dateInvalid },
  subDivisionOrParking: { required: 'sub división requerida', invalid: 'La sub división no puede superar 100 caracteres' }, // D9
  contractType: { required: 'El tipo de contrato es requerido', invalid: 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time' },
  replacementFor: { required: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio", invalid: "El campo 'SUPLENCIA DE' no puede superar 100 caracteres" },
  reasonForSubstitution: { required: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio", invalid: "El campo 'MOTIVO DE SUPLENCIA' no puede superar 200 caracteres" },
  timeForCompany: { required: 'El campo Tiempo en empresa es obligatorio', invalid: 'El tiempo en empresa no puede superar 100 caracteres' },
  workingCondition: { required: 'La condición laboral es obligatoria', invalid: 'La condición laboral no puede superar 100 caracteres' },
  probationaryPeriod: { required: 'El periodo de prueba es obligatorio', invalid: 'El periodo de prueba no puede superar 100 caracteres' },
  // addendum record (spec "Addendum employee record")
  division: { required: 'Division es requerido.', invalid: 'Division no puede superar 100 caracteres' },
  documentNumber: { required: 'Numero de documento es requerido.', invalid: 'DNI debe tener exactamente 8 dígitos.' },
  worker: { required: 'Trabajador es requerido.', invalid: 'Trabajador debe tener entre 2 y 150 caracteres' },
  start: { required: 'Inicio es requerido.', invalid: dateInvalid },
  end: { required: 'Fin es requerido.', invalid: dateInvalid },
  startAddendum: { required: 'Inicio de adenda es requerido.', invalid: dateInvalid },
  endAddendum: { required: 'Fin de adenda es requerido.', invalid: dateInvalid },
  addendumAddress: { required: 'Dirección es requerido.', invalid: 'La dirección debe tener entre 5 y 200 caracteres' }
} as const satisfies Record<string, FieldMessages>

/** Cross-field rules that no single field schema expresses (D10). */
export const RULE_MESSAGES = {
  endBeforeEntry: 'La fecha de término no puede ser anterior a la fecha de ingreso',
  endAddendumBeforeStart: 'La fecha de fin de adenda no puede ser anterior a la fecha de inicio de adenda',
  startAddendumBeforeStart: 'La fecha de inicio de adenda no puede ser anterior a la fecha de inicio del contrato'
} as const

/** `POST /api/addendum/preview` and `POST /api/addendum/download-zip` (D22). */
export const ADDENDUM_DOCUMENT_MESSAGES = {
  emptyBatch: 'Debes seleccionar al menos un empleado para generar el ZIP.',
  /** The amount in words must be the salary's (legal requirements, section 9). */
  salaryInWordsMismatch: 'El sueldo en letras no coincide con el sueldo',
  /** LPCL art. 74: successive fixed-term contracts total at most five years. */
  beyondFiveYears: 'La adenda no puede extender la contratación sujeta a modalidad más allá de cinco años desde la fecha de ingreso (art. 74 LPCL)'
} as const

/** Envelope messages of request validation (spec Errors rule 4). */
export const VALIDATION_MESSAGE = {
  contracts: 'La solicitud no se pudo procesar',
  reports: 'Validation error'
} as const

/** D5: the text of every batch limit. */
export function batchLimitMessage (limit: number): string {
  return `Máximo ${limit} empleados por lote`
}
