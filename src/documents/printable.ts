/**
 * Whether a record's texts can be drawn whole and right in its documents (docs/documents.md),
 * checked when the record is validated, before any document is made:
 * - scripts the engine cannot draw correctly are refused, naming them: right-to-left ones (it draws
 *   text in logical order, so Hebrew would read reversed and Arabic unshaped), ones that need
 *   contextual shaping or mark stacking (Lao), and any character neither embedded font has (it
 *   would print as `�`: CJK, Devanagari, Thai…);
 * - a value that would not fit whole in its field even at the smallest size (src/pdf/layout.ts
 *   `complete: false`: 100 × `‰` in a 100-character position) is refused, never cut. It is measured
 *   with the fonts and field boxes the renderer uses (src/pdf/fill.ts measureValue).
 * Only the record's own fields are checked: the employer profile's texts are the employer's.
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import type { ImportedEmployee } from '../../schemas/employee.js'
import type { AddendumRequest } from '../../schemas/addendum.js'
import { PRINTABLE_MESSAGES } from '../../schemas/messages.js'
import type { ValidationIssue } from '../errors.js'
import type { CompiledTemplate } from '../pdf/compiled.js'
import { measureValue, type MeasureFonts } from '../pdf/fill.js'
import { winAnsiCode } from '../pdf/winansi.js'
import { todayInLima } from '../vocabulary/dates.js'
import type { PrintableRules } from '../employees/record-kinds.js'
import {
  CONTRACT_DOCUMENT, addendumFieldValues, addendumTemplateFor, contractDocument, fieldValues, templateFor,
  type TemplateId
} from './fields.js'

/** What the check needs: the compiled templates and the fonts values are drawn with. */
export interface PrintableData extends MeasureFonts {
  templates: Record<TemplateId, CompiledTemplate>
}

/**
 * Scripts refused even though the Unicode font has glyphs for them, with their Spanish names: the
 * right-to-left ones (Unicode bidi classes R and AL) and Lao, whose marks need positioning.
 */
const REFUSED_SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hebrew}/u, 'hebreo (de derecha a izquierda)'],
  [/\p{Script=Arabic}/u, 'árabe (de derecha a izquierda)'],
  [/\p{Script=Syriac}/u, 'siríaco (de derecha a izquierda)'],
  [/\p{Script=Thaana}/u, 'thaana (de derecha a izquierda)'],
  [/\p{Script=Nko}/u, "n'ko (de derecha a izquierda)"],
  [/\p{Script=Samaritan}/u, 'samaritano (de derecha a izquierda)'],
  [/\p{Script=Mandaic}/u, 'mandeo (de derecha a izquierda)'],
  [/\p{Script=Adlam}/u, 'adlam (de derecha a izquierda)'],
  [/\p{Script=Hanifi_Rohingya}/u, 'rohinyá (de derecha a izquierda)'],
  [/[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u, 'de derecha a izquierda'],
  [/\p{Script=Lao}/u, 'lao']
]
/** Names of scripts the fonts lack, for the message; other characters are named by code point. */
const MISSING_SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Han}/u, 'chino (han)'], [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'japonés (kana)'],
  [/\p{Script=Hangul}/u, 'coreano (hangul)'], [/\p{Script=Devanagari}/u, 'devanagari'], [/\p{Script=Bengali}/u, 'bengalí'],
  [/\p{Script=Tamil}/u, 'tamil'], [/\p{Script=Telugu}/u, 'telugu'], [/\p{Script=Gujarati}/u, 'guyaratí'],
  [/\p{Script=Gurmukhi}/u, 'gurmukhi'], [/\p{Script=Kannada}/u, 'canarés'], [/\p{Script=Malayalam}/u, 'malayalam'],
  [/\p{Script=Sinhala}/u, 'cingalés'], [/\p{Script=Thai}/u, 'tailandés'], [/\p{Script=Khmer}/u, 'jemer'],
  [/\p{Script=Myanmar}/u, 'birmano'], [/\p{Script=Tibetan}/u, 'tibetano'], [/\p{Script=Ethiopic}/u, 'etíope'],
  [/\p{Script=Cherokee}/u, 'cheroqui'], [/\p{Script=Mongolian}/u, 'mongol']
]

/**
 * The scripts of `text` the documents cannot draw, named in Spanish (in order of appearance, each
 * once); none when the text prints as written.
 * @param hasGlyph whether the Unicode font has a glyph for a code point outside WinAnsi
 */
export function unprintableScripts (text: string, hasGlyph: (codePoint: number) => boolean): string[] {
  const names = new Set<string>()
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number
    if (codePoint < 0x80) continue
    const refused = REFUSED_SCRIPTS.find(([pattern]) => pattern.test(char))
    if (refused !== undefined) names.add(refused[1])
    else if (winAnsiCode(codePoint) < 0 && !hasGlyph(codePoint)) {
      const named = MISSING_SCRIPTS.find(([pattern]) => pattern.test(char))
      names.add(named?.[1] ?? `«${char}» (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`)
    }
  }
  return [...names]
}

/** Document fields drawn from a record field (the field an issue names), by document kind. */
const CONTRACT_SOURCES: Record<string, string> = {
  fullName: 'name',
  address: 'address',
  district: 'district',
  province: 'province',
  department: 'department',
  email: 'email',
  position: 'position',
  subDivisionOrParking: 'subDivisionOrParking',
  objectiveCause: 'objectiveCause',
  workDays: 'workDays',
  workSchedule: 'workSchedule',
  probationaryPeriod: 'probationaryPeriod',
  salaryInWords: 'salaryInWords',
  replacementFor: 'replacementFor',
  replacedWorkerDni: 'replacedWorkerDni',
  replacedWorkerPosition: 'replacedWorkerPosition',
  reasonForSubstitution: 'reasonForSubstitution',
  timeForCompany: 'timeForCompany',
  workingCondition: 'workingCondition'
}
const ADDENDUM_SOURCES: Record<string, string> = {
  fullName: 'worker',
  address: 'address',
  district: 'district',
  province: 'province',
  department: 'department',
  division: 'division',
  position: 'position',
  causeUpdate: 'causeUpdate',
  salaryInWords: 'salaryInWords',
  workingTime: 'workSchedule'
}
/** The sources of printed working time: a record that sends `workingTime` has the issue there. */
const WORKING_TIME_FIELDS = new Set(['workDays', 'workSchedule'])
/** Record fields printed in the documents, besides the sources: their scripts are checked too. */
const ALSO_PRINTED = ['lastNameFather', 'lastNameMother', 'modality', 'positionProfile']

/** Spanish names of the documents, for the message. */
const DOCUMENT_NAMES: Record<string, string> = {
  'contrato-planilla': 'contrato',
  'contrato-part-time': 'contrato',
  'contrato-subsidio': 'contrato',
  'tratamiento-datos': 'tratamiento de datos personales',
  anexo: 'anexo',
  adenda: 'adenda'
}

/**
 * The rules of the documents' text under one employer profile.
 * @returns `contract` for the three documents of an employee record, `addendum` for the adenda of
 *   an addendum record: issues `{field: prefix.field, message}` (PRINTABLE_MESSAGES), one per field
 */
export function printableRules (data: PrintableData, profile: EmployerProfile): PrintableRules {
  const hasGlyph = (codePoint: number) => data.unicode.font.hasGlyphForCodePoint(codePoint)
  const check = (
    record: unknown, prefix: string, sources: Record<string, string>,
    layout: (fields: Record<string, unknown>) => { templates: TemplateId[], values: Record<string, string> }
  ): ValidationIssue[] => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return []
    const fields = record as Record<string, unknown>
    const path = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
    const issues = new Map<string, ValidationIssue>()
    for (const field of new Set([...Object.values(sources), ...ALSO_PRINTED])) {
      const value = fields[field]
      if (typeof value !== 'string') continue
      const scripts = unprintableScripts(value, hasGlyph)
      if (scripts.length > 0) issues.set(field, { field: path(field), message: PRINTABLE_MESSAGES.unsupportedScript(scripts.join(', ')) })
    }
    let drawn: ReturnType<typeof layout>
    try {
      drawn = layout(fields)
    } catch {
      return [...issues.values()] // a record the schema refuses: its values cannot be laid out
    }
    for (const id of drawn.templates) {
      for (const widget of data.templates[id].widgets) {
        // the printed working time is generated from the structure when the record sent one (§22)
        const source = sources[widget.field]
        const field = source !== undefined && WORKING_TIME_FIELDS.has(source) && typeof fields.workingTime === 'object' ? 'workingTime' : source
        const value = drawn.values[widget.field]
        if (field === undefined || fields[field] === undefined || typeof fields[field] === 'number' || issues.has(field) ||
          value === undefined || value === '') continue
        if (!measureValue(widget, value, data).complete) {
          issues.set(field, { field: path(field), message: PRINTABLE_MESSAGES.doesNotFit(DOCUMENT_NAMES[id.replace(/-f$/, '')] ?? id) })
        }
      }
    }
    return [...issues.values()]
  }
  return {
    unprintableScripts: (text) => unprintableScripts(text, hasGlyph),
    contract: (record, prefix) => check(record, prefix, CONTRACT_SOURCES, (fields) => {
      const employee = fields as unknown as ImportedEmployee
      if (CONTRACT_DOCUMENT[employee.contractType] === undefined) throw new Error('no contract type')
      const document = contractDocument(employee, profile)
      return {
        templates: [templateFor(document, employee), templateFor('tratamiento-datos', employee), templateFor('anexo', employee)],
        values: fieldValues(employee, profile)
      }
    }),
    addendum: (record, prefix) => check(record, prefix, ADDENDUM_SOURCES, (fields) => {
      const addendum = fields as unknown as AddendumRequest
      return {
        templates: [addendumTemplateFor(addendum)],
        values: addendumFieldValues(addendum, profile, todayInLima())
      }
    })
  }
}
