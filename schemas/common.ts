import { Type, type SchemaOptions } from '@sinclair/typebox'
import { type FieldMessages } from './messages.js'

/** Name of the Ajv format for `DD/MM/YYYY` real calendar dates (D10); registered in src/validation.ts. */
export const DMY_DATE_FORMAT = 'dmy-date'

/** Exactly 8 digits, no separators (spec Employee record `dni`). */
export function dniSchema (messages: FieldMessages) {
  return Type.String({ pattern: '^[0-9]{8}$', examples: ['45678912'], 'x-messages': messages })
}

/** `DD/MM/YYYY`, a real calendar date (D10). */
export function dayMonthYearSchema (messages: FieldMessages) {
  return Type.String({ format: DMY_DATE_FORMAT, examples: ['01/12/2026'], 'x-messages': messages })
}

/** Trimmed text with length bounds (the caller trims, src/employees/normalize.ts). */
export function textSchema (
  messages: FieldMessages, minLength: number, maxLength: number, extra: Record<string, unknown> = {}
) {
  return Type.String({ minLength, maxLength, 'x-messages': messages, ...extra })
}

/** A string enum as one JSON Schema `enum` (one Ajv error, not one per `anyOf` branch). */
export function stringEnum<const T extends readonly string[]> (values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
}
