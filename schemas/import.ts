/**
 * Spreadsheet import (spec endpoints 5 and 9): the JSON reply schemas of both uploads (their
 * Spanish messages are IMPORT_MESSAGES in schemas/messages.ts).
 */
import { Type, type Static } from '@sinclair/typebox'
import { stringEnum } from './common.js'
import { ImportedEmployeeSchema } from './employee.js'
import { AddendumSchema } from './addendum.js'
import { ImportWarningSchema, ValidationIssueSchema } from './envelope.js'

/** An imported employee as returned (spec endpoint 5): sex and birthDate only when the sheet had them. */
const ImportedEmployeeReplySchema = Type.Object(ImportedEmployeeSchema.properties)

const WARNINGS_DESCRIPTION = 'Valores que el servicio completó o interpretó sin rechazar la fila: un DNI con ceros añadidos (D12), ' +
  'una fecha leída de una celda de texto, un sueldo en letras escrito por el servicio, un turno sin refrigerio que ' +
  'cubre un horario de comida del perfil'

/** `data.rows` of both uploads (docs/import.md, "Replies"): the sheet row of each kept record. */
const SheetRowsSchema = Type.Array(Type.Integer({ minimum: 2 }), { description: 'La fila de la hoja de cada registro de `employees`, en el mismo orden' })

/**
 * Kept rows whose document cannot be made, with the message the document routes give: the
 * employee upload's `contractIssues` (keyed by `dni`) and the addendum upload's `documentIssues`
 * (keyed by `documentNumber`).
 */
function keptRowIssues<K extends string> (key: K, keyDescription: string, description: string) {
  return Type.Array(Type.Object({
    row: Type.Integer({ minimum: 2 }),
    ...{ [key]: Type.String({ description: keyDescription }) } as Record<K, ReturnType<typeof Type.String>>,
    field: Type.String(),
    header: Type.Optional(Type.String({ description: 'el encabezado de la columna en el archivo' })),
    message: Type.String()
  }), { description })
}

/** 200 of `POST /api/excel/upload` (endpoint 5; D4: the session id; docs/import.md: warnings, partial mode). */
export const EmployeeImportReplySchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    totalRecords: Type.Integer(),
    employees: Type.Array(ImportedEmployeeReplySchema),
    rows: SheetRowsSchema,
    sessionId: Type.String({ format: 'uuid', description: 'D4: la sesión que guarda los empleados para la vista previa' }),
    contractIssues: keptRowIssues('dni', 'el DNI de la fila, para ubicar al empleado',
      'Filas importadas que no pueden generar un contrato (fecha, modalidad, jornada…): las rutas de ' +
      'contratos las rechazan con el mismo mensaje'),
    warnings: Type.Array(ImportWarningSchema, { description: WARNINGS_DESCRIPTION }),
    validRecords: Type.Optional(Type.Integer({ description: 'Con `?partial=true`: filas importadas' })),
    invalidRecords: Type.Optional(Type.Integer({ description: 'Con `?partial=true`: filas rechazadas' })),
    errors: Type.Optional(Type.Array(ValidationIssueSchema, { description: 'Con `?partial=true`: los errores de las filas rechazadas' }))
  })
})
export type EmployeeImportReply = Static<typeof EmployeeImportReplySchema>

const AddendumReplySchema = Type.Object({
  ...AddendumSchema.properties,
  contractId: Type.Optional(Type.String({
    description: 'El contrato registrado que la fila prorroga (por DNI y FECHA FIN), cuando este servicio lo emitió: ' +
      'la vista previa y el ZIP de adendas lo aceptan tal cual'
  }))
})

/** 200 of `POST /api/addendum/upload` (endpoint 9, D14; `errors` only in partial mode). */
export const AddendumImportReplySchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    totalRecords: Type.Integer(),
    validRecords: Type.Integer(),
    invalidRecords: Type.Integer(),
    employees: Type.Array(AddendumReplySchema),
    rows: SheetRowsSchema,
    documentIssues: keptRowIssues('documentNumber', 'el documento de la fila, para ubicar el registro',
      'Filas importadas cuya adenda no se puede generar (contrato que prorroga, sueldo en letras, cinco años…): ' +
      'la vista previa y el ZIP las rechazan con el mismo mensaje'),
    errors: Type.Optional(Type.Array(ValidationIssueSchema)),
    warnings: Type.Array(ImportWarningSchema, { description: WARNINGS_DESCRIPTION })
  })
})
export type AddendumImportReply = Static<typeof AddendumImportReplySchema>

/** `?partial=true`: answer 200 with the valid rows and the errors instead of a 400 (D14). */
export const AddendumQuerySchema = Type.Object({
  partial: Type.Optional(stringEnum(['true', 'false'], {
    description: 'D14: devolver las filas válidas y los errores con estado 200',
    'x-messages': { required: "partial debe ser 'true' o 'false'", invalid: "partial debe ser 'true' o 'false'" }
  }))
})

/** `?partial=true` on the employee upload (docs/import.md): the valid rows kept, the others listed. */
export const EmployeeUploadQuerySchema = Type.Object({
  partial: Type.Optional(stringEnum(['true', 'false'], {
    description: 'Conservar las filas válidas y listar las rechazadas, con estado 200 (como D14 en las adendas)',
    'x-messages': { required: "partial debe ser 'true' o 'false'", invalid: "partial debe ser 'true' o 'false'" }
  }))
})

/**
 * The multipart form of both uploads, for OpenAPI only: @fastify/multipart leaves the body unset
 * (null to the validator, which this schema accepts) and request.excelUpload() reads the file.
 * `excel` is not listed as required so that a request without it gets the upload layer's
 * no-file message rather than a schema error.
 */
export const UploadBodySchema = Type.Unsafe<null>({
  type: ['object', 'null'],
  properties: { excel: { type: 'string', contentMediaType: 'application/octet-stream', description: 'Hoja de cálculo .xlsx, .xls o .csv (obligatorio)' } }
})
