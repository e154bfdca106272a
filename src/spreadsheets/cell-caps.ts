/**
 * The longest text a cell of each import column may hold before anything reads it character by
 * character (docs/import.md): a 5 MB name stalled the event loop 3 s, a 20 MB one overflowed the
 * stack. Checked in the reader's child process (sheet.ts extractRows), on `String.length` alone, so
 * a cell over its cap costs nothing and never reaches the service's process: it becomes a row
 * error on its field with the spec's length message (the schema's `x-messages`).
 */
import type { TObject } from '@sinclair/typebox'
import { ImportedEmployeeSchema } from '../../schemas/employee.js'
import { AddendumSchema } from '../../schemas/addendum.js'
import { HistoryRowSchema } from '../../schemas/history.js'
import type { FieldMessages } from '../../schemas/messages.js'
import { COLUMN_TABLES, HISTORY_COLUMNS, type ColumnTable, type ImportKind } from './columns.js'

/** A field's cap: UTF-16 code units, and the row error of a cell over it. */
export interface CellCap {
  maxUnits: number
  message: string
}

/**
 * The cap of a field with no maximum length in the spec (DNI, dates, amounts, contract type, sex):
 * far above any value such a field accepts (`S/ 1,500.00`, `Masculino`), so only junk is caught.
 */
export const UNBOUNDED_FIELD_UNITS = 256

/**
 * A field's cap from its schema: twice its `maxLength` (a value of maxLength characters outside
 * the BMP takes two code units each; the exact count stays the schema's), or UNBOUNDED_FIELD_UNITS.
 * The message: the field's `maxLength` text, else its `invalid` text (which names the length for
 * the fields whose spec message does).
 */
function capOf (property: { maxLength?: number, 'x-messages'?: FieldMessages } | undefined, field: string): CellCap {
  const messages = property?.['x-messages']
  const message = (property?.maxLength !== undefined ? messages?.maxLength : undefined) ?? messages?.invalid ?? field
  return { maxUnits: property?.maxLength !== undefined ? 2 * property.maxLength : UNBOUNDED_FIELD_UNITS, message }
}

function capsOf (schema: TObject, table: ColumnTable): ReadonlyMap<string, CellCap> {
  const properties = schema.properties as Record<string, { maxLength?: number, 'x-messages'?: FieldMessages } | undefined>
  return new Map(table.map((spec) => [spec.field, capOf(properties[spec.field], spec.field)]))
}

/** The caps of each import's fields. */
export const CELL_CAPS: Record<ImportKind, ReadonlyMap<string, CellCap>> = {
  employee: capsOf(ImportedEmployeeSchema, COLUMN_TABLES.employee),
  addendum: new Map([
    ...capsOf(AddendumSchema, COLUMN_TABLES.addendum),
    // CAUSA names a reviewed cause by its id or, as the template lists them, by its text (read as the id)
    ['causeId', capOf(AddendumSchema.properties.objectiveCause, 'causeId')]
  ])
}

/** The caps of the HISTORIAL sheet's fields (columns.ts HISTORY_COLUMNS). */
export const HISTORY_CELL_CAPS: ReadonlyMap<string, CellCap> = capsOf(HistoryRowSchema, HISTORY_COLUMNS)

/**
 * A header cell longer than this is no header of the tables (their longest is a few tens of
 * characters): it is not normalised for matching, whatever it holds.
 */
export const MAX_HEADER_UNITS = 256
