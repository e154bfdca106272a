/**
 * Route options for JSON bodies of employee records, shared by the contract and report routes:
 * D2 unwrapping and the D5 limit before validation (no per-element work on an oversized list),
 * D7/D8 normalisation, the TypeBox schema, then the D10 cross-field rules.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { employeeBatchSchema } from '../schemas/employee.js'
import { normalizeRecord, prepareBatchBody } from '../src/employees/normalize.js'
import { batchCrossFieldIssues, crossFieldIssues } from '../src/employees/rules.js'
import { RequestValidationError } from '../src/errors.js'

export interface BodyOptions {
  /** Envelope message of a validation error (spec Errors rule 4). */
  validationMessage: string
}

export interface BatchBodyOptions extends BodyOptions {
  /** Text for a missing, non-list or empty body (e.g. endpoint 4's `Debes seleccionar…`). */
  emptyMessage: string
  /** Maximum elements; default BATCH_MAX (D5). */
  maxItems?: number
}

export interface EmployeeBodies {
  /** Options for a route whose body is a list of `item` records (D2, D5). */
  batch: <T extends TSchema>(item: T, options: BatchBodyOptions) => ReturnType<typeof batchOptions<T>>
  /** Options for a route whose body is one record. */
  single: <T extends TSchema>(item: T, options: BodyOptions) => ReturnType<typeof singleOptions<T>>
}

declare module 'fastify' {
  interface FastifyInstance {
    employeeBodies: EmployeeBodies
  }
}

function batchOptions<T extends TSchema> (item: T, maxItems: number, options: BatchBodyOptions) {
  const body = employeeBatchSchema(item, maxItems, options.emptyMessage)
  return {
    schema: { body },
    config: { validationMessage: options.validationMessage, emptyBodyMessage: options.emptyMessage },
    preValidation: async (request: FastifyRequest) => {
      request.body = prepareBatchBody(request.body, maxItems)
    },
    preHandler: async (request: FastifyRequest) => {
      const issues = batchCrossFieldIssues(request.body as object[])
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
    }
  }
}

function singleOptions<T extends TSchema> (item: T, options: BodyOptions) {
  return {
    schema: { body: item },
    config: { validationMessage: options.validationMessage },
    preValidation: async (request: FastifyRequest) => {
      request.body = normalizeRecord(request.body)
    },
    preHandler: async (request: FastifyRequest) => {
      const issues = crossFieldIssues(request.body as object, 'body')
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
    }
  }
}

export default fp(async (app) => {
  app.decorate('employeeBodies', {
    batch: (item, options) => batchOptions(item, options.maxItems ?? app.config.BATCH_MAX, options),
    single: (item, options) => singleOptions(item, options)
  } satisfies EmployeeBodies)
}, { name: 'employee-bodies', dependencies: ['config'] })
