/**
 * Rules of every record, of any kind (D10): what one field says about another, which a JSON Schema
 * cannot state, and well-formed text. The first of the three rule files: contract-rules.ts decides
 * whether a contract record is taken, lawful-contract.ts whether its contract can be signed (the
 * kinds that run each: record-kinds.ts).
 */
import type { ValidationIssue } from '../errors.js'
import { ADDENDUM_DOCUMENT_MESSAGES, MESSAGES, RULE_MESSAGES } from '../../schemas/messages.js'
import { ageOn, dayMonthYearKey, isDayMonthYear, lastsAtMost, termEndWithin } from '../vocabulary/dates.js'
import { MAX_TOTAL_MONTHS } from '../vocabulary/modality.js'
import { AMOUNT_IN_WORDS_RANGE, readAmountInWords } from '../vocabulary/salary-words.js'

/** A UTF-16 surrogate not in a pair (with the `u` flag a pair is one code point, never matched). */
const LONE_SURROGATE = /\p{Cs}/u
/** C0 and C1 control characters (and DEL) but tab, line feed and carriage return. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u

/**
 * Every text of a record is well-formed Unicode and holds no control character
 * (each output would end them differently: U+FFFD in a PDF or CSV, removed in the Vida Ley workbook,
 * raw bytes in a CSV; docs/import.md). One issue per field.
 */
function textIssues (record: Record<string, unknown>, at: (field: string) => string): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  for (const [field, value] of Object.entries(record)) {
    const message = typeof value === 'string' ? malformedText(value) : undefined
    if (message !== undefined) issues.push({ field: at(field), message })
  }
  return issues
}

/**
 * Why a text is not well-formed Unicode free of control characters (textIssues: every text of a
 * record, and a history entry's, src/employees/history-entry.ts): the Spanish message, or undefined.
 */
export function malformedText (value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return RULE_MESSAGES.invalidUnicode
  if (CONTROL.test(value)) return RULE_MESSAGES.controlCharacter
  return undefined
}

/**
 * Any text with a lone surrogate or a control character (textIssues). D10: an end date before its
 * start date; for addendum records also an extension starting before the contract it extends.
 * Each date issue is on the later field. An entry date whose five years (art. 74, the longest term
 * any rule counts from it) would end past 31/12/9999 (dates.ts CALENDAR), so that no rule or
 * document computes a date the calendar lacks. Runs beside the schema (a date that is not one compares
 * as NaN, never an issue).
 * @param prefix the field path prefix, e.g. `body.3` (batch), `body` (preview) or '' (spreadsheet row)
 */
export function crossFieldIssues (record: unknown, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  if (record === null || typeof record !== 'object') return issues
  const { entryDate, endDate, start, startAddendum, endAddendum } = record as Record<string, unknown>
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  issues.push(...textIssues(record as Record<string, unknown>, at))
  const { weeklyHours } = record as Record<string, unknown>
  // at most two decimals (docs/import.md): ajv's multipleOf (precision 4) lets 23.9999999 and 1e-9 through
  if (typeof weeklyHours === 'number' && Math.abs(weeklyHours * 100 - Math.round(weeklyHours * 100)) > 1e-6) {
    issues.push({ field: at('weeklyHours'), message: MESSAGES.weeklyHours.multipleOf })
  }
  if (typeof entryDate === 'string' && isDayMonthYear(entryDate) && termEndWithin(entryDate, MAX_TOTAL_MONTHS) === undefined) {
    issues.push({ field: at('entryDate'), message: RULE_MESSAGES.beyondCalendar })
  }
  if (typeof entryDate === 'string' && typeof endDate === 'string' && dayMonthYearKey(endDate) < dayMonthYearKey(entryDate)) {
    issues.push({ field: at('endDate'), message: RULE_MESSAGES.endBeforeEntry })
  }
  if (typeof startAddendum === 'string' && typeof endAddendum === 'string' && dayMonthYearKey(endAddendum) < dayMonthYearKey(startAddendum)) {
    issues.push({ field: at('endAddendum'), message: RULE_MESSAGES.endAddendumBeforeStart })
  }
  if (typeof start === 'string' && typeof startAddendum === 'string' && dayMonthYearKey(startAddendum) < dayMonthYearKey(start)) {
    issues.push({ field: at('startAddendum'), message: RULE_MESSAGES.startAddendumBeforeStart })
  }
  return issues
}

/**
 * The rules an adenda adds to crossFieldIssues (D22): `salaryInWords`, when present, must state
 * the salary's amount (legal requirements, section 9); and the extension must end within five
 * years of the entry date, the ceiling of successive fixed-term contracts (LPCL art. 74), counted
 * by termEnd: from 01/03/2024 the last allowed day is 28/02/2029, from 29/02/2028 it is 28/02/2033.
 */
export function addendumIssues (record: unknown, prefix: string): ValidationIssue[] {
  const issues = crossFieldIssues(record, prefix)
  if (record === null || typeof record !== 'object') return issues
  const { salary, salaryInWords, entryDate, startAddendum, endAddendum } = record as Record<string, unknown>
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  if (typeof entryDate === 'string' && typeof endAddendum === 'string' && isDayMonthYear(entryDate) && isDayMonthYear(endAddendum) &&
    !lastsAtMost(entryDate, endAddendum, MAX_TOTAL_MONTHS)) {
    // the five years already over before the extension starts: no extension at all (DOCUMENT-REQUIREMENTS §28)
    const lastDay = termEndWithin(entryDate, MAX_TOTAL_MONTHS)
    const none = lastDay !== undefined && typeof startAddendum === 'string' && dayMonthYearKey(startAddendum) > dayMonthYearKey(lastDay)
    issues.push({ field: at('endAddendum'), message: none ? ADDENDUM_DOCUMENT_MESSAGES.noExtensionFiveYears(lastDay) : ADDENDUM_DOCUMENT_MESSAGES.beyondFiveYears })
  }
  const cents = (amount: number | undefined) => (amount === undefined ? Number.NaN : Math.round(amount * 100))
  // only against a salary the schema accepts (a salary of 0 is reported once, on salary)
  const validSalary = typeof salary === 'number' && salary > 0 && Math.round(salary * 100) >= 1
  // a salary under half a céntimo would print as S/ 0.00: refused with the spec's message for 0
  if (typeof salary === 'number' && salary > 0 && !validSalary) issues.push({ field: at('salary'), message: MESSAGES.salary.invalid })
  if (validSalary && typeof salaryInWords === 'string' && cents(readAmountInWords(salaryInWords)) !== cents(salary)) {
    issues.push({ field: at('salaryInWords'), message: ADDENDUM_DOCUMENT_MESSAGES.salaryInWordsMismatch })
  }
  // the schema allows 1e9 soles, one céntimo more than amountInWords writes: then the words are needed
  if (validSalary && salaryInWords === undefined && salary > AMOUNT_IN_WORDS_RANGE.max) {
    issues.push({ field: at('salaryInWords'), message: MESSAGES.salaryInWords.required })
  }
  return issues
}

/** Código de los Niños y Adolescentes, art. 51: the minimum age of work. */
export const MIN_WORKING_AGE = 14

/**
 * The rules of the insurance exports (Vida Ley and SCTR, spec endpoints 6-7) beyond crossFieldIssues:
 * the insured worker was born before the entry date, and was at least 14 on it, the minimum age of
 * work (Código de los Niños y Adolescentes, art. 51). Both on `birthDate`.
 */
export function insuredWorkerIssues (record: unknown, prefix: string): ValidationIssue[] {
  const issues = crossFieldIssues(record, prefix)
  if (record === null || typeof record !== 'object') return issues
  const { birthDate, entryDate } = record as Record<string, unknown>
  if (typeof birthDate !== 'string' || typeof entryDate !== 'string' || !isDayMonthYear(birthDate) || !isDayMonthYear(entryDate)) {
    return issues
  }
  const field = prefix === '' ? 'birthDate' : `${prefix}.birthDate`
  if (dayMonthYearKey(birthDate) > dayMonthYearKey(entryDate)) {
    issues.push({ field, message: RULE_MESSAGES.birthAfterEntry })
  } else if (ageOn(birthDate, entryDate) < MIN_WORKING_AGE) {
    issues.push({ field, message: RULE_MESSAGES.underWorkingAge(entryDate) })
  }
  return issues
}

/** A record's cross-field rules: crossFieldIssues, or a stricter set such as addendumIssues. */
export type RecordRules = (record: unknown, prefix: string) => ValidationIssue[]

const elementIndex = (field: string) => Number(/^body\.(\d+)(\.|$)/.exec(field)?.[1] ?? -1)

/**
 * Schema issues and cross-field issues in one list, so a user sees every problem at once: one
 * item per field (the schema's wins), batch elements in order (`body.<index>` paths).
 */
export function mergeIssues (
  schemaIssues: readonly ValidationIssue[], ruleIssues: readonly ValidationIssue[]
): ValidationIssue[] {
  const taken = new Set(schemaIssues.map((issue) => issue.field))
  // the first rule to speak of a field wins too: one item per field
  const rules = ruleIssues.filter((issue) => !taken.has(issue.field) && (taken.add(issue.field), true))
  const merged = [...schemaIssues, ...rules]
  return merged
    .map((issue, position) => ({ issue, position }))
    .sort((a, b) => elementIndex(a.issue.field) - elementIndex(b.issue.field) || a.position - b.position)
    .map(({ issue }) => issue)
}
