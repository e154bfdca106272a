/**
 * Ajv set-up shared by Fastify's route validation and the spreadsheet import, and the mapping of
 * Ajv errors to the spec's `{field, message}` items with the Spanish texts of `x-messages`.
 */
import { Ajv, type ErrorObject, type Options, type Plugin } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { TSchema, Static } from '@sinclair/typebox'
import type { ValidationIssue } from './errors.js'
import { HTTP_MESSAGES, type FieldMessages } from '../schemas/messages.js'
import { DMY_DATE_FORMAT } from '../schemas/common.js'
import { isDayMonthYear } from './vocabulary/dates.js'

const addFormats = addFormatsModule as unknown as Plugin<unknown>

/**
 * Options for every Ajv instance. allErrors lists every bad field of a record at once; the
 * DoS it invites is bounded by the body limit and by the batch limit checked before Ajv runs
 * (src/employees/normalize.ts). verbose gives each error its schema, where `x-messages` lives.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  // no coercion: `true` must not become 1 or "true" (numeric strings and numbers are converted
  // where a rule says so: src/employees/normalize.ts, spreadsheet cells in src/spreadsheets/cells.ts)
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: true,
  strict: false,
  // salaries in céntimos: 1500.1 / 0.01 is 150010.00000000003 in floating point, and near the 1e9
  // maximum the quotient (1e11) is off by up to ~2e-5; 1e-4 céntimos still refuses 1500.555
  multipleOfPrecision: 4,
  keywords: ['x-messages']
}

/** Ajv plugin registering our formats (D10 dates); Fastify gets it through `ajv.plugins`. */
export function addAppFormats (ajv: Ajv): Ajv {
  ajv.addFormat(DMY_DATE_FORMAT, { type: 'string', validate: isDayMonthYear })
  return ajv
}

/** A type error for which the field has no message of its own: names the expected type. */
function typeMessage (error: ErrorObject): string {
  const expected = String((error.params as { type?: string | string[] }).type ?? '').split(',')
  return HTTP_MESSAGES.wrongType(expected.map((type) => HTTP_MESSAGES.typeWords[type] ?? type).join(' o '))
}

function messagesOf (schema: unknown): FieldMessages | undefined {
  return (schema as { 'x-messages'?: FieldMessages } | undefined)?.['x-messages']
}

/** Translates one Ajv error into an issue; field paths are dot-joined under `prefix`. */
function toIssue (error: ErrorObject, prefix: string): ValidationIssue {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
  let messages = messagesOf(error.parentSchema)
  let message: string | undefined
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty
    segments.push(missing)
    const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties
    messages = messagesOf(properties?.[missing])
    message = messages?.required
  } else if (error.keyword === 'type') {
    message = messages?.type ?? typeMessage(error) // the `invalid` text describes a length or format, not a type
  } else if (messages !== undefined) {
    message = messages[error.keyword] ?? messages.invalid
  }
  const field = [prefix, ...segments].filter((s) => s !== '').join('.')
  return { field, message: message ?? HTTP_MESSAGES.invalidValue }
}

/**
 * Ajv errors → spec validation items, one per field (the first rule that failed), in order.
 * Structural `if`/`allOf` wrapper errors are dropped: their inner errors say what is wrong.
 * @param prefix `body` for request bodies (spec: `body.<index>.<field>`), '' for spreadsheet rows
 */
export function toValidationIssues (errors: readonly ErrorObject[], prefix: string): ValidationIssue[] {
  const byField = new Map<string, ValidationIssue>()
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'allOf') continue
    const issue = toIssue(error, prefix)
    if (!byField.has(issue.field)) byField.set(issue.field, issue)
  }
  return [...byField.values()]
}

/** One Ajv instance with our options and formats for every validator compiled outside Fastify. */
let sharedAjv: Ajv | undefined

/**
 * A raw Ajv validate function with our options and formats, for a route that picks among several
 * body schemas itself (its `errors` feed the error handler like Fastify's own validation).
 */
export function compileAjvValidator<T extends TSchema> (schema: T) {
  if (sharedAjv === undefined) {
    sharedAjv = addAppFormats(new Ajv(AJV_OPTIONS))
    addFormats(sharedAjv)
  }
  return sharedAjv.compile<Static<T>>(schema)
}

/** A standalone validator for a TypeBox schema (spreadsheet rows, the employer profile): issues with '' paths. */
export function compileValidator<T extends TSchema> (schema: T) {
  const validate = compileAjvValidator(schema)
  return (value: unknown): { ok: true, value: Static<T> } | { ok: false, issues: ValidationIssue[] } => {
    if (validate(value)) return { ok: true, value }
    return { ok: false, issues: toValidationIssues(validate.errors ?? [], '') }
  }
}

/**
 * The path of the first key that Fastify's secure JSON parser refuses (`body.0.__proto__`,
 * `body.constructor.prototype`), for a JSON text that plain JSON.parse reads; undefined when the
 * text is not JSON or has no such key (the parser only says "invalid JSON"; docs/reliability.md).
 */
export function forbiddenKeyOf (text: string): string | undefined {
  let root: unknown
  try {
    root = JSON.parse(text)
  } catch {
    return undefined
  }
  const stack: Array<[unknown, string]> = [[root, 'body']]
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string]
    if (node === null || typeof node !== 'object') continue
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return `${path}.__proto__`
    const ctor = (node as Record<string, unknown>).constructor
    if (Object.prototype.hasOwnProperty.call(node, 'constructor') && ctor !== null && typeof ctor === 'object' &&
      Object.prototype.hasOwnProperty.call(ctor, 'prototype')) return `${path}.constructor.prototype`
    for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], `${path}.${key}`])
  }
  return undefined
}
