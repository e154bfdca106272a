/**
 * Decorates `app.employeeBodies`: route options for JSON bodies of employee records, shared by the contract and
 * report routes:
 * D2 unwrapping and the D5 limit before validation (no per-element work on an oversized list),
 * D7/D8 normalisation, the TypeBox schema, then the D10 cross-field rules.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { employeeBatchSchema } from '../schemas/employee.js'
import { normalizeRecord, prepareBatchBody } from '../src/employees/normalize.js'
import { batchCrossFieldIssues, crossFieldIssues, mergeIssues, type RecordRules } from '../src/employees/rules.js'
import { batchContractIssues, contractIssues, contractPolicy } from '../src/employees/contract-rules.js'
import {
  batchLawfulContractIssues, lawfulContractIssues, lawfulContractPolicy
} from '../src/employees/lawful-contract.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'
import { toValidationIssues } from '../src/validation.js'
import type { ErrorObject } from 'ajv'
import { AppError, RequestValidationError } from '../src/errors.js'
import { HTTP_MESSAGES } from '../schemas/messages.js'

export interface BodyOptions {
  /** Envelope message of a validation error (spec Errors rule 4). */
  validationMessage: string
  /** Cross-field rules run after the schema; default crossFieldIssues (D10). */
  rules?: RecordRules
  /** Also apply the contract rules: src/employees/contract-rules.ts and lawful-contract.ts. */
  contractRules?: boolean
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

/** The contract rules' issues when the route asks for them (the profile is read when the request comes). */
type ProfileSource = () => EmployerProfile

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
      const rules = batchCrossFieldIssues(request.body, options.rules)
      if (options.contractRules === true) {
        rules.push(...batchContractIssues(request.body, contractPolicy(profile())))
        rules.push(...batchLawfulContractIssues(request.body, lawfulContractPolicy(profile())))
      }
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
      const rules = (options.rules ?? crossFieldIssues)(request.body, 'body')
      if (options.contractRules === true) {
        rules.push(...contractIssues(request.body, 'body', contractPolicy(profile())))
        rules.push(...lawfulContractIssues(request.body, 'body', lawfulContractPolicy(profile())))
      }
      const issues = mergeIssues(schemaIssues(request), rules)
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
    }
  }
}

export default fp(async (app) => {
  app.decorate('employeeBodies', {
    batchRouteOptions: (item, options) =>
      batchOptions(item, options.maxItems ?? app.config.BATCH_MAX, options, () => app.employerProfile),
    singleRouteOptions: (item, options) => singleOptions(item, options, () => app.employerProfile)
  } satisfies EmployeeBodies)
}, { name: 'employee-bodies', dependencies: ['config'] })
