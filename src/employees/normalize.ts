/**
 * Normalises employee input before schema validation: strings without their invisible format
 * characters, trimmed and NFC-composed (names also with compatibility letters decomposed), empty
 * strings and strings of only blank-looking characters (U+2800, U+0085: vocabulary/blank.ts) dropped
 * (so a blank field reads as missing), contractType and sex canonicalised.
 */
import { CONTRACT_TYPES, SEX_VALUES, type ContractType } from '../../schemas/employee.js'
import { AppError } from '../errors.js'
import { batchLimitMessage } from '../../schemas/messages.js'
import { trimBlank } from '../vocabulary/blank.js'

/** Lower case, whitespace runs as one space, trimmed: `  Part  TIME ` → `part time`. */
const contractTypeKey = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * Keys of the canonical types, and of each without the space between its words (`parttime`, D7);
 * never a word split by a space (`plan illa`: docs/import.md, "Names and contract types").
 */
const CONTRACT_TYPE_BY_KEY = new Map<string, ContractType>(CONTRACT_TYPES.flatMap((type) => [
  [contractTypeKey(type), type], [contractTypeKey(type).replace(/ /g, ''), type]
] as [string, ContractType][]))
const SEX_BY_KEY = new Map<string, string>(SEX_VALUES.map((value) => [value.toLowerCase(), value]))

/** D7: `PLANILLA`, `part time`, `Part  Time`, `PARTTIME` → the canonical form; undefined when unknown. */
export function canonicalContractType (value: string): ContractType | undefined {
  return CONTRACT_TYPE_BY_KEY.get(contractTypeKey(value))
}

/** D8: `m`, `MASCULINO`, … → `M` / `Masculino` …; other text is returned unchanged (the schema rejects it). */
export function canonicalSex (value: string): string {
  return SEX_BY_KEY.get(value.trim().toLowerCase()) ?? value
}

/** D8: the M/F letter the insurance exports print; undefined for anything else. */
export function sexLetter (value: string | undefined): 'M' | 'F' | undefined {
  const canonical = value === undefined ? undefined : canonicalSex(value)
  if (canonical === 'M' || canonical === 'Masculino') return 'M'
  if (canonical === 'F' || canonical === 'Femenino') return 'F'
  return undefined
}

/** `SÍ`, `si`, `Sí.`, `NO`, `true`, `VERDADERO`… as a yes/no answer (accents, case and a closing dot ignored). */
const foldYesNo = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '').trim()
const YES_NO = new Map<string, boolean>([
  ['si', true], ['s', true], ['true', true], ['verdadero', true], ['no', false], ['n', false], ['false', false], ['falso', false]
])

const PERSON_NAME_FIELDS = new Set(['name', 'lastNameFather', 'lastNameMother', 'worker'])

/**
 * Characters that draw nothing (Unicode Default_Ignorable_Code_Point: U+00AD soft hyphen, U+034F,
 * U+200B-U+200F, U+202A-U+202E, U+2060-U+206F, U+FEFF, variation selectors, U+3164…). Removed from
 * every text at input, so a value made only of them is missing (a required field's message), a
 * minimum length counts what a reader sees, and every output (PDF, CSV, workbooks, file names)
 * gets the same text (docs/import.md, "Invisible characters").
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

/** `text` without INVISIBLE characters. */
export function withoutInvisible (text: string): string {
  return text.replace(INVISIBLE, '')
}

/**
 * Names: NFC, then each compatibility letter becomes the letters it stands for (NFKC of letters
 * only: `Ǆ` → `DŽ`, `ĳ` → `ij`, `ﬁ` → `fi`, fullwidth `Ａ` → `A`), so a name is validated, measured
 * and printed as the letters a reader sees (schemas/employee.ts PERSON_NAME). Other characters are
 * left for the schema to refuse (a Roman numeral `Ⅷ` does not become `VIII`).
 */
function decomposeLetters (text: string): string {
  return text.normalize('NFC').replace(/\p{L}/gu, (letter) => letter.normalize('NFKC')).normalize('NFC')
}

/**
 * A number that differs from its two-decimal value by binary floating-point noise only (a computed
 * spreadsheet cell: `0.30000000000000004`, `19.200000000000003`) becomes that value; any other
 * number is returned as it is, for the rules to refuse more than two decimals (docs/import.md).
 */
export function withoutFloatNoise (value: number): number {
  const hundredths = value * 100
  const noise = Number.isFinite(value) && Math.abs(hundredths - Math.round(hundredths)) <= 1e-6
  return noise ? Math.round(hundredths) / 100 : value
}

/**
 * Returns a normalised copy of one record. Non-objects are returned as they are, for the schema
 * to reject. Keys are copied onto a null-prototype-free plain object, never onto `__proto__`.
 */
export function normalizeRecord (input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input
  const record: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(input)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    const text = typeof raw === 'string' ? withoutInvisible(raw) : undefined
    // one made only of blank-looking characters (vocabulary/blank.ts) is empty
    const value = text === undefined ? raw : trimBlank(PERSON_NAME_FIELDS.has(key) ? decomposeLetters(text) : text.normalize('NFC'))
    if (value === '' || value === null || value === undefined) continue
    record[key] = value
  }
  // JSON clients send a DNI as a number, a salary as a numeric string; booleans and others stay for the
  // schema to refuse
  if (typeof record.dni === 'number' && Number.isInteger(record.dni)) record.dni = String(record.dni)
  if (typeof record.documentNumber === 'number' && Number.isInteger(record.documentNumber)) record.documentNumber = String(record.documentNumber)
  // ...except `1.500`: a lone dot then three digits may be 1.5 or 1500, so it stays a string and the schema refuses it
  if (typeof record.salary === 'string' && /^\d+(\.\d+)?$/.test(record.salary) && !/^\d{1,3}\.\d{3}$/.test(record.salary)) {
    record.salary = Number(record.salary)
  }
  if (typeof record.originalSalary === 'string' && /^\d+(\.\d+)?$/.test(record.originalSalary) && !/^\d{1,3}\.\d{3}$/.test(record.originalSalary)) {
    record.originalSalary = Number(record.originalSalary)
  }
  // an adenda's REDUCCIÓN ACORDADA cell: SÍ / NO (DOCUMENT-REQUIREMENTS §28); other text stays for the schema to refuse
  if (typeof record.salaryReductionAgreed === 'string') {
    record.salaryReductionAgreed = YES_NO.get(foldYesNo(record.salaryReductionAgreed)) ?? record.salaryReductionAgreed
  }
  if (typeof record.weeklyHours === 'string' && /^\d+(\.\d+)?$/.test(record.weeklyHours)) record.weeklyHours = Number(record.weeklyHours)
  if (typeof record.weeklyHours === 'number') record.weeklyHours = withoutFloatNoise(record.weeklyHours)
  if (typeof record.contractType === 'string') record.contractType = canonicalContractType(record.contractType) ?? record.contractType
  if (typeof record.sex === 'string') record.sex = canonicalSex(record.sex)
  nestSupportDocument(record)
  return record
}

/** D2: `{employees: [...]}` or `{body: [...]}` as its bare array; any other body as it is. */
export function unwrapBatch (body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const wrapped = body as Record<string, unknown>
  if (Array.isArray(wrapped.employees)) return wrapped.employees
  if (Array.isArray(wrapped.body)) return wrapped.body
  return body
}

/** Records a batch body asks for, by its D2 shapes; anything else counts as one (validation refuses it later). */
export function recordsInBody (body: unknown): number {
  const list = unwrapBatch(body)
  return Array.isArray(list) ? list.length : 1
}

/**
 * D2 + D5: unwraps `{employees: [...]}` / `{body: [...]}` to the bare array, refuses more than
 * `maxItems` before any per-element work, and normalises each element.
 * @throws AppError 400 `Máximo <maxItems> empleados por lote`
 */
export function prepareBatchBody (body: unknown, maxItems: number): unknown {
  const list = unwrapBatch(body)
  if (!Array.isArray(list)) return list
  if (list.length > maxItems) {
    throw new AppError(400, batchLimitMessage(maxItems), {
      errors: [{ field: 'body', message: batchLimitMessage(maxItems) }],
      code: 'CONTRATOS_BATCH_LIMIT'
    })
  }
  return list.map(normalizeRecord)
}

/**
 * A suplencia's `supportDocument` (DOCUMENT-REQUIREMENTS §37) as one object: a spreadsheet row's
 * columns `supportDocument.kind`, `.number` and `.date` (src/spreadsheets/columns.ts) nested into it,
 * and its text members cleaned as the record's (the schema refuses what is not text).
 */
function nestSupportDocument (record: Record<string, unknown>): void {
  const prefix = 'supportDocument.'
  const flat = Object.keys(record).filter((key) => key.startsWith(prefix))
  if (flat.length > 0 && record.supportDocument === undefined) {
    record.supportDocument = Object.fromEntries(flat.map((key) => [key.slice(prefix.length), record[key]]))
  }
  for (const key of flat) Reflect.deleteProperty(record, key)
  const document = record.supportDocument
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return
  const cleaned: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(document)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    const value = typeof raw === 'string' ? trimBlank(withoutInvisible(raw).normalize('NFC')) : raw
    if (value !== '' && value !== undefined && value !== null) cleaned[key] = value
  }
  record.supportDocument = cleaned
}
