/**
 * Every Spanish text the service answers to clients, each written once, grouped by area: word for
 * word from docs/spec/service-spec.md where the spec gives one (the others follow the same voice).
 * Field messages are attached to schemas through the `x-messages` annotation, which
 * src/validation.ts reads when it turns Ajv errors into {field, message} items; the other groups
 * are used by the plugin or route named in their docstring. Start-up messages for operators
 * (templates, employer profile) stay beside the code that checks those files.
 *
 * This module is the one every caller imports; each area is a file of schemas/messages/:
 * - contracts.ts: FieldMessages, MESSAGES (the record's fields), RULE_MESSAGES, CONTRACT_RULE_MESSAGES,
 *   LAWFUL_CONTRACT_MESSAGES, WORKER_MESSAGES, ANNEX_MESSAGES
 * - working-time.ts: WORKING_TIME_MESSAGES
 * - probation-suplencia.ts: PROBATION_MESSAGES, SUPLENCIA_MESSAGES
 * - cause-refusals.ts: CAUSE_MESSAGES (a contract's or adenda's cause and site)
 * - cause-review.ts: CAUSE_REVIEW_MESSAGES (the causes counsel reviews)
 * - documents.ts: PRINTABLE_MESSAGES, CONTRACT_MESSAGES, BATCH_MESSAGES, ADDENDUM_DOCUMENT_MESSAGES,
 *   REPORT_MESSAGES, PREVIEW_MODE_MESSAGES
 * - import.ts: IMPORT_MESSAGES, batchLimitMessage, batchSplitHint, CELL_MESSAGES, HISTORY_IMPORT_MESSAGES
 * - templates.ts: TEMPLATE_MESSAGES
 * - registry.ts: REGISTRY_MESSAGES, VERIFICATION_MESSAGES, HISTORY_MESSAGES, LINKED_CONTRACT_MESSAGES
 * - http.ts: VALIDATION_MESSAGE, SERVICE_MESSAGES, HTTP_MESSAGES, BODY_MESSAGES, OPENAPI_TEXTS
 * - security.ts: AUTH_MESSAGES, AUDIT_MESSAGES
 * - startup.ts: STARTUP_MESSAGES (the operator's start-up refusals)
 * - sealing.ts: SEALING_MESSAGES, RECEIPT_MESSAGES, SEALING_STARTUP_MESSAGES (the signed documents' stamp and
 *   seal, the constancia de firma electrónica)
 * - signing.ts: SIGNING_MESSAGES, SIGNING_PAGE_MESSAGES, SIGNING_PAGE_TEXTS, SIGNING_MAIL, SIGNING_FIELD_MESSAGES
 *   (the worker's electronic signature)
 */
export * from './messages/contracts.js'
export * from './messages/working-time.js'
export * from './messages/probation-suplencia.js'
export * from './messages/cause-refusals.js'
export * from './messages/cause-review.js'
export * from './messages/documents.js'
export * from './messages/import.js'
export * from './messages/templates.js'
export * from './messages/registry.js'
export * from './messages/http.js'
export * from './messages/security.js'
export * from './messages/startup.js'
export * from './messages/sealing.js'
export * from './messages/signing.js'
