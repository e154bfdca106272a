/**
 * Decorates `app.employeeBodies`: route options for JSON bodies of records, shared by the contract,
 * adenda and report routes: D2 unwrapping and the D5 limit before validation (no per-element work on
 * an oversized list), D7/D8 normalisation, the TypeBox schema, then the rules of the route's record
 * kind (src/employees/record-kinds.ts), all reported together. The contract preview's body is a
 * record or a reference to one in an upload session (D3): its options resolve either to the record.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { PreviewEmployeeSchema, PreviewImportedEmployeeSchema, employeeBatchSchema, type ImportedEmployee } from '../schemas/employee.js'
import { PreviewSessionSchema, type PreviewSession } from '../schemas/contracts.js'
import { normalizeRecord, prepareBatchBody } from '../src/employees/normalize.js'
import { mergeIssues } from '../src/employees/cross-field-rules.js'
import { recordValidation, type PrintableRules, type RecordKind } from '../src/employees/record-kinds.js'
import { RecordIssueCache } from '../src/employees/issue-cache.js'
import type { RecordRules } from '../src/employees/cross-field-rules.js'
import type { EmployerProfile } from '../schemas/employer-profile.js'
import { compileAjvValidator, compileValidator, toValidationIssues } from '../src/validation.js'
import type { ErrorObject } from 'ajv'
import { AppError, EmployeeNotInSessionError, RequestValidationError, SessionNotFoundError, type ValidationIssue } from '../src/errors.js'
import { HTTP_MESSAGES, PREVIEW_MODE_MESSAGES, REGISTRY_MESSAGES, VALIDATION_MESSAGE } from '../schemas/messages.js'
import { AddendumRequestSchema } from '../schemas/addendum.js'
import { AddendumFromContractSchema, type AddendumFromContract } from '../schemas/registry.js'
import { addendumFromContract, type RecordedForAddendum } from '../src/registry/from-contract.js'
import { ownerOf } from '../src/auth/roles.js'
import { overlappingDuplicates } from '../src/employees/batch-rules.js'
import type { IssueState } from '../src/registry/issue-state.js'

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

/** The contract preview's record, whichever mode its body used (D3), and the answer's format. */
export interface ContractPreviewRecord { employee: ImportedEmployee, format: 'file' | 'base64' }

export interface EmployeeBodies {
  /** Route options (schema, config, hooks) for a route whose body is a list of `item` records (D2, D5). */
  batchRouteOptions: <T extends TSchema>(item: T, options: BatchBodyOptions) => ReturnType<typeof batchOptions<T>>
  /** Route options (schema, config, hooks) for a route whose body is one record. */
  singleRouteOptions: <T extends TSchema>(item: T, options: BodyOptions) => ReturnType<typeof singleOptions<T>>
  /**
   * Route options for the contract preview (spec endpoint 3, D3), plus `record(request)`: the
   * employee of the body, or of the upload session it names, checked by every `contract` rule.
   */
  contractPreviewRouteOptions: () => ReturnType<typeof contractPreviewOptions>
  /**
   * Route options for `POST /api/addendum/from-contract` (docs/registry.md), plus `addendum(request)`:
   * the adenda built from the recorded contract the body names (src/registry/from-contract.ts),
   * checked by the adenda schema and every `addendumDocument` rule, history included.
   */
  fromContractRouteOptions: () => ReturnType<typeof fromContractOptions>
  /** The issues of the records seen today, by content (src/employees/issue-cache.ts). */
  issueCache: RecordIssueCache
}

declare module 'fastify' {
  interface FastifyInstance {
    employeeBodies: EmployeeBodies
  }
  interface FastifyRequest {
    /**
     * What the registry held for a batch body's records when its history rules ran (Registry.issueState);
     * undefined before, for other bodies, and when the registry did not answer.
     */
    issueState?: IssueState
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

/**
 * Every rule of `kind` over `records` (`body.<index>` paths, or `prefix` for one record), each
 * record's issues from `cache` when it was seen today: the rules are built and run only for the others.
 */
function kindIssues (
  cache: RecordIssueCache, kind: RecordKind, profile: ProfileSource, records: readonly unknown[], prefix?: string
): ValidationIssue[] {
  let rules: RecordRules | undefined
  cache.holdFor(profile().profile) // the causes in force may have changed since the cache's answers
  const build = (): RecordRules => {
    if (rules === undefined) {
      const { profile: employer, printable } = profile()
      rules = recordValidation(kind, employer, printable).all
    }
    return rules
  }
  return records.flatMap((record, index) => cache.issues(kind, record, prefix ?? `body.${index}`, build))
}

/**
 * The history rules of the registry (plugins/registry.ts `checkHistory`) for records of `kind` that
 * passed every other rule: their refusals at `body.<index>` (or `prefix`). A contract whose default
 * probation was already served in the same position prints "sin periodo de prueba" (Reglamento art. 16):
 * the record is changed so. With `request`, what the registry read is kept as `request.issueState`
 * (the ZIP's overlap check reads it: one read before its first byte, plugins/document-zips.ts).
 */
type HistoryRules = (
  records: readonly unknown[], kind: RecordKind, prefix?: string, request?: FastifyRequest
) => Promise<ValidationIssue[]>

function batchOptions<T extends TSchema> (
  item: T, maxItems: number, options: BatchBodyOptions, profile: ProfileSource, cache: RecordIssueCache,
  history: HistoryRules
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
      const records = Array.isArray(request.body) ? request.body as unknown[] : []
      const issues = mergeIssues(schemaIssues(request), kindIssues(cache, options.kind, profile, records))
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
      const duplicates = options.kind === 'contract' || options.kind === 'addendumDocument' ? overlappingDuplicates(records, options.kind) : []
      if (duplicates.length > 0) throw new RequestValidationError(options.validationMessage, duplicates)
      const fromHistory = await history(records, options.kind, undefined, request)
      if (fromHistory.length > 0) throw new RequestValidationError(options.validationMessage, fromHistory)
    }
  }
}

function singleOptions<T extends TSchema> (
  item: T, options: BodyOptions, profile: ProfileSource, cache: RecordIssueCache, history: HistoryRules
) {
  return {
    schema: { body: item },
    config: { validationMessage: options.validationMessage },
    preValidation: async (request: FastifyRequest) => {
      refuseMultipart(request)
      request.body = normalizeRecord(request.body)
    },
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => {
      const issues = mergeIssues(schemaIssues(request), kindIssues(cache, options.kind, profile, [request.body], 'body'))
      if (issues.length > 0) throw new RequestValidationError(options.validationMessage, issues)
      // a session reference (D3) is checked when its record is read (contractPreviewOptions)
      const body = request.body as Record<string, unknown> | undefined
      if (body === undefined || 'sessionId' in body) return
      const fromHistory = await history([body], options.kind, 'body')
      if (fromHistory.length > 0) throw new RequestValidationError(options.validationMessage, fromHistory)
    }
  }
}

/**
 * D3: the preview body is a record or a session reference. The mode is chosen by the presence of
 * `sessionId`, then validated by that mode's schema alone, so errors name that mode's fields.
 */
const validateRecord = compileAjvValidator(PreviewEmployeeSchema)
const validateSession = compileAjvValidator(PreviewSessionSchema)
const previewValidator: FastifySchemaCompiler<unknown> = ({ httpPart, schema }) => {
  // the query (`?document=`) by its own schema; the body by the mode it is in
  if (httpPart !== 'body') return compileAjvValidator(schema as TSchema)
  const validate = (data: unknown): boolean => {
    const inner = data !== null && typeof data === 'object' && 'sessionId' in data ? validateSession : validateRecord
    const valid = inner(data)
    validate.errors = inner.errors
    return valid
  }
  validate.errors = null as typeof validateRecord.errors
  return validate
}

/** The keys of the session mode (D3). */
const SESSION_KEYS = new Set(Object.keys(PreviewSessionSchema.properties))

/**
 * D3: one mode or the other. A body with a `sessionId` and any employee field would otherwise
 * print the stored record and silently drop the one sent (an edit made in the dashboard).
 * @throws RequestValidationError naming the extra fields
 */
function refuseMixedModes (body: unknown): void {
  if (body === null || typeof body !== 'object' || !('sessionId' in body)) return
  const extra = Object.keys(body).filter((key) => !SESSION_KEYS.has(key))
  if (extra.length === 0) return
  const message = PREVIEW_MODE_MESSAGES.conflict(extra.join(', '))
  throw new RequestValidationError(VALIDATION_MESSAGE.default, [{ field: 'body.sessionId', message }])
}

/**
 * A session's employee passed the import's rules; a preview also needs the Subsidio fields an
 * upload may leave out (spec rule 3, D11), and a contract that can be signed (its contractIssues).
 */
const validateSessionEmployee = compileValidator(PreviewImportedEmployeeSchema)

/** Sessions as the preview reads them (plugins/sessions.ts decorates `app.sessions`). */
interface SessionReader { get: (id: string, owner?: string) => Promise<ImportedEmployee[] | undefined> }

function contractPreviewOptions (
  profile: ProfileSource, sessions: () => SessionReader, cache: RecordIssueCache, history: HistoryRules
) {
  const options: BodyOptions = { validationMessage: VALIDATION_MESSAGE.default, kind: 'contract' }
  const single = singleOptions(PreviewEmployeeSchema, options, profile, cache, history)
  /**
   * @throws SessionNotFoundError, EmployeeNotInSessionError (404, D3); RequestValidationError when
   *   the stored record cannot make a contract that can be signed
   */
  async function fromSession (body: PreviewSession, owner: string | undefined): Promise<ImportedEmployee> {
    const employees = await sessions().get(body.sessionId, owner)
    if (employees === undefined) throw new SessionNotFoundError(body.sessionId)
    const found = employees.find((candidate) => candidate.dni === body.dni)
    if (found === undefined) throw new EmployeeNotInSessionError(body.dni)
    const checked = validateSessionEmployee(found)
    const { profile: employer, printable } = profile()
    const lawful = recordValidation('contract', employer, printable).print(found, '')
    const issues = mergeIssues(checked.ok ? [] : checked.issues, lawful)
    if (!checked.ok || issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
    const fromHistory = await history([checked.value], 'contract', 'body')
    if (fromHistory.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, fromHistory)
    return checked.value
  }
  return {
    ...single,
    preValidation: async (request: FastifyRequest) => {
      refuseMixedModes(request.body)
      await single.preValidation(request)
    },
    validatorCompiler: previewValidator,
    /** The record to render and the answer's format (a record body always answers the PDF). */
    record: async (request: FastifyRequest): Promise<ContractPreviewRecord> => {
      const body = request.body as ImportedEmployee | PreviewSession
      if (!('sessionId' in body)) return { employee: body, format: 'file' }
      return { employee: await fromSession(body, ownerOf(request.identity)), format: body.format ?? 'file' }
    }
  }
}

/** The recorded contract an adenda is built from (Registry.contractForAddendum), or undefined for an unknown id. */
type RecordedContractReader = (id: string) => Promise<RecordedForAddendum | undefined>

const validateAddendum = compileValidator(AddendumRequestSchema)

function fromContractOptions (
  profile: ProfileSource, cache: RecordIssueCache, history: HistoryRules, recorded: RecordedContractReader
) {
  return {
    schema: { body: AddendumFromContractSchema },
    config: { validationMessage: VALIDATION_MESSAGE.default },
    preValidation: async (request: FastifyRequest) => { refuseMultipart(request) },
    /**
     * @throws AppError 404 for a contract the registry does not hold (or a reprint superseded);
     *   RequestValidationError when the adenda it makes breaks a rule; RegistryUnavailableError (503)
     */
    addendum: async (request: FastifyRequest): Promise<Record<string, unknown>> => {
      const { contractId, ...choice } = request.body as AddendumFromContract
      const contract = await recorded(contractId)
      if (contract === undefined) throw new AppError(404, REGISTRY_MESSAGES.notFound, { code: 'CONTRATOS_REGISTRY_NOT_FOUND' })
      const addendum = addendumFromContract(contract, contractId, choice)
      request.auditRead([String(addendum.documentNumber)])
      const schema = validateAddendum(structuredClone(addendum))
      const schemaIssues = schema.ok ? [] : schema.issues.map((issue) => ({ ...issue, field: `body.${issue.field}` }))
      const issues = mergeIssues(schemaIssues, kindIssues(cache, 'addendumDocument', profile, [addendum], 'body'))
      if (issues.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, issues)
      const fromHistory = await history([addendum], 'addendumDocument', 'body')
      if (fromHistory.length > 0) throw new RequestValidationError(VALIDATION_MESSAGE.default, fromHistory)
      return addendum
    },
    /**
     * What the adenda's rules note without refusing it, at `body.<field>`: made before its contract
     * starts or more than 30 days before it ends (DOCUMENT-REQUIREMENTS §38), a shift without refrigerio.
     */
    warnings: (addendum: Record<string, unknown>): ValidationIssue[] =>
      recordValidation('addendumDocument', profile().profile).warnings(addendum, 'body')
  }
}

export default fp(async (app) => {
  const source: ProfileSource = () => ({ profile: app.employerProfile, printable: app.printableRules })
  const cache = new RecordIssueCache() // one per app: its profile and text rules are the app's
  const history: HistoryRules = async (records, kind, prefix, request) => {
    if (kind !== 'contract' && kind !== 'addendumDocument') return []
    const { outcomes, issueState } = await app.registry.checkHistory(records as object[], kind === 'contract' ? 'contract' : 'addendum')
    if (request !== undefined) request.issueState = issueState
    return outcomes.flatMap((outcome, index) => {
      if (outcome.probationServed !== undefined && kind === 'contract') {
        (records[index] as Record<string, unknown>).probationaryPeriod = 'sin periodo de prueba'
      }
      const at = prefix ?? `body.${index}`
      return outcome.issues.map(({ field, message }) => ({ field: `${at}.${field}`, message }))
    })
  }
  app.decorateRequest('issueState', undefined)
  app.decorate('employeeBodies', {
    batchRouteOptions: (item, options) =>
      batchOptions(item, options.maxItems ?? app.config.BATCH_MAX, options, source, cache, history),
    singleRouteOptions: (item, options) => singleOptions(item, options, source, cache, history),
    contractPreviewRouteOptions: () => contractPreviewOptions(source, () => app.sessions, cache, history),
    fromContractRouteOptions: () => fromContractOptions(source, cache, history, async (id) =>
      await app.registry.run(async (registry) => await registry.contractForAddendum(id))),
    issueCache: cache
  } satisfies EmployeeBodies)
}, { name: 'employee-bodies', dependencies: ['config', 'employer-profile', 'registry'] })
