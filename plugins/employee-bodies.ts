/**
 * Decorates `app.employeeBodies`: route options for JSON bodies of records, shared by the contract,
 * adenda and report routes: D2 unwrapping and the D5 limit before validation (no per-element work on
 * an oversized list), D7/D8 normalisation, the TypeBox schema, then the rules of the route's record
 * kind (src/employees/record-kinds.ts), all reported together.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { employeeBatchSchema } from '../schemas/employee.js'
import { normalizeRecord, prepareBatchBody } from '../src/employees/normalize.js'
import { mergeIssues } from '../src/employees/cross-field-rules.js'
import { batchIssues, recordValidation, type PrintableRules, type RecordKind } from '../src/employees/record-kinds.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'
import { toValidationIssues } from '../src/validation.js'
import type { ErrorObject } from 'ajv'
import { AppError, RequestValidationError } from '../src/errors.js'
import { HTTP_MESSAGES } from '../schemas/messages.js'

export interface BodyOptions {
  /** Envelope message of a validation error (spec Errors rule 4). */
  validationMessage: string
  /** The record kind whose rules run after the schema: every rule, `accept` and `print`. */
  kind: RecordKind
}

export interface BatchBodyOptions extends BodyOptions {
  /** Text for a missing, non-list or empty body (e.g. endpoint 4's `Debes seleccionar…`). */
  emptyMessage: string
  /** Maximum elements; default BATCH_MAX (D5). */
  maxItems?: number
}

export interface EmployeeBodies {
  /** Route options (schema, config, hooks) for a route whose body is a list of `item` records (D2, D5). */
  batchRouteOptions: <T extends TSchema>(item: T, options: BatchBodyOptions) => ReturnType<typeof batchOptions<T>>
  /** Route options (schema, config, hooks) for a route whose body is one record. */
  singleRouteOptions: <T extends TSchema>(item: T, options: BodyOptions) => ReturnType<typeof singleOptions<T>>
}

declare module 'fastify' {
  interface FastifyInstance {
    employeeBodies: EmployeeBodies
  }
}

/** The schema's issues, attached to the request by Fastify (`attachValidation`). */
function schemaIssues (request: FastifyRequest): ReturnType<typeof toValidationIssues> {
  const error = request.validationError as
    (Error & { validation?: ErrorObject[], validationContext?: string }) | undefined
  if (error === undefined) return []
  return toValidationIssues(error.validation ?? [], error.validationContext ?? 'body')
}

/** JSON routes take JSON: a form upload sent to one is refused as such, not read as an empty list. */
function refuseMultipart (request: FastifyRequest): void {
  if (request.isMultipart()) throw new AppError(400, HTTP_MESSAGES.unsupportedMediaType)
}

/** The employer profile and the documents' text rules, read when the request comes. */
type ProfileSource = () => { profile: EmployerProfile, printable?: PrintableRules }

function batchOptions<T extends TSchema> (
  item: T, maxItems: number, options: BatchBodyOptions, profile: ProfileSource
) {
  const body = employeeBatchSchema(item, maxItems, options.emptyMessage)
  return {
    schema: { body },
    config: { validationMessage: options.validationMessage },
    preValidation: async (request: FastifyRequest) => {
      refuseMultipart(request)
      request.body = prepareBatchBody(request.body, maxItems)
    },
    attachValidation: true, // the preHandler reports schema and cross-field issues together
    preHandler: async (request: FastifyRequest) => {
      const { profile: employer, printable } = profile()
      const rules = batchIssues(request.body, recordValidation(options.kind, employer, printable).all)
      const issues = mergeIssues(schemaIssues(request), rules)
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
    }
  }
}

function singleOptions<T extends TSchema> (item: T, options: BodyOptions, profile: ProfileSource) {
  return {
    schema: { body: item },
    config: { validationMessage: options.validationMessage },
    preValidation: async (request: FastifyRequest) => {
      refuseMultipart(request)
      request.body = normalizeRecord(request.body)
    },
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => {
      const { profile: employer, printable } = profile()
      const rules = recordValidation(options.kind, employer, printable).all(request.body, 'body')
      const issues = mergeIssues(schemaIssues(request), rules)
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
    }
  }
}

export default fp(async (app) => {
  const source: ProfileSource = () => ({ profile: app.employerProfile, printable: app.printableRules })
  app.decorate('employeeBodies', {
    batchRouteOptions: (item, options) =>
      batchOptions(item, options.maxItems ?? app.config.BATCH_MAX, options, source),
    singleRouteOptions: (item, options) => singleOptions(item, options, source)
  } satisfies EmployeeBodies)
}, { name: 'employee-bodies', dependencies: ['config'] })
