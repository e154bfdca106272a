/**
 * fast-check arbitraries for employee records, derived from the rules of schemas/employee.ts
 * (spec Employee record, D7-D11): `validEmployee` produces records the service must accept (with
 * hostile but valid text: quotes, path separators, CR/LF, non-Latin-1, lone surrogates);
 * `invalidEmployee` breaks exactly one rule of a valid record, which must give a 400.
 * `validAddendum` / `invalidAddendum` do the same for addendum records (schemas/addendum.ts,
 * AddendumRequestSchema, and the adenda rules of src/employees/cross-field-rules.ts).
 */
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import fontkit from '@pdf-lib/fontkit'
import { amountInWords } from '../../src/vocabulary/salary-words.js'
import { unprintableScripts } from '../../src/documents/printable.js'
import { assetPath } from '../../src/paths.js'
import { addDays, dayMonthYearKey, termEnd, todayInLima } from '../../src/vocabulary/dates.js'

/** The documents' Unicode font: text with a script it cannot draw is refused (docs/documents.md). */
const UNICODE_FONT = fontkit.create(readFileSync(assetPath('fonts', 'DejaVuSans.ttf')))
const hasGlyph = (codePoint: number) => UNICODE_FONT.hasGlyphForCodePoint(codePoint)
/** `text` with each character the documents cannot draw replaced by `x` (a filter would reject nearly every grapheme string). */
const printable = (text: string) => Array.from(text, (char) => (unprintableScripts(char, hasGlyph).length === 0 ? char : 'x')).join('')

const LATIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúüñÁÉÍÓÚÜÑőŐçàèøåÿ']

const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LATIN), minLength: min, maxLength: max })

/** 2..50 Latin letters and single spaces, no surrounding space. */
const personName = fc.array(word(1, 12), { minLength: 1, maxLength: 4 })
  .map((words) => words.join(' ').slice(0, 50))
  .filter((text) => text.trim().length >= 2 && text === text.trim())

/** Any text, hostile on purpose, trimmed by the service; `min..max` characters after trimming. */
const freeText = (min: number, max: number) => fc.oneof(
  fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
  fc.string({ unit: 'binary', minLength: min, maxLength: max }),
  fc.constantFrom('../../etc/passwd', 'a/b\\c', '"; rm -rf /', 'línea 1\r\nlínea 2', '✓ ábaco — 100°', 'Ñandú\u0000\u0007', '=HYPERLINK("x")', '\t+cmd')
).map(printable).filter((text) => {
  if (/\p{Cs}|(?![\t\n\r])\p{Cc}/u.test(text)) return false // refused on the field (docs/import.md)
  // invisible format characters are removed before trimming (docs/import.md)
  const trimmed = text.replace(/\p{Default_Ignorable_Code_Point}/gu, '').normalize('NFC').trim()
  return [...trimmed].length >= min && trimmed.length >= min && trimmed.length <= max
})

const pad = (n: number) => String(n).padStart(2, '0')
const dmy = ({ day, month, year }: { day: number, month: number, year: number }) => `${pad(day)}/${pad(month)}/${year}`

const contractType = fc.constantFrom('Planilla', 'Part Time', 'Subsidio', 'PLANILLA', 'part time', 'Part  Time', 'PARTTIME', 'subsidio')
const sex = fc.constantFrom('M', 'F', 'Masculino', 'Femenino', 'm', 'FEMENINO')

const TODAY = todayInLima()
/** Born by 2001: of age also on 01/01/2020, the start CONTRACT_BREAKS tries (the minimum age, art. 51 CNA, holds on every route). */
const adultBirthDate = fc.record({
  year: fc.integer({ min: 1950, max: 2001 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 })
}).map(dmy)

/**
 * A record the service must accept on every JSON route (preview needs all Subsidio fields: present
 * here), and a contract that can be signed (src/employees/lawful-contract.ts): an adult, a start from
 * today in Lima up to a year ahead, a term of four months to four years (within art. 74 and past the
 * probation), its own cause, a stable titular and a part-time week under four hours a day.
 */
export const validEmployee = fc.record({
  name: personName,
  lastNameFather: personName,
  lastNameMother: personName,
  birthDate: adultBirthDate,
  sex,
  dni: fc.stringMatching(/^[0-9]{8}$/),
  email: fc.tuple(word(1, 10), word(1, 10)).map(([user, host]) => `${user.normalize('NFD').replace(/[^a-z]/gi, 'x')}@${host.normalize('NFD').replace(/[^a-z]/gi, 'x')}.pe`.toLowerCase()),
  address: freeText(1, 200),
  province: freeText(2, 100),
  district: freeText(2, 100),
  department: freeText(2, 100),
  // at least the RMV (S/ 1,130, enough for every contract type), words stating the amount or none (D22)
  salary: fc.integer({ min: 113_000, max: 99_999_999_999 }).map((cents) => cents / 100),
  words: fc.constantFrom('written', 'lower case', 'omitted'),
  position: freeText(1, 100),
  // any position text, given its annex by a catalogue key (§16)
  positionProfile: fc.constantFrom('operario-de-playa', 'cajero', 'supervisor', 'vigilante', 'asistente-administrativo'),
  entryInDays: fc.integer({ min: 0, max: 365 }),
  lengthDays: fc.integer({ min: 125, max: 1460 }),
  // a site of the demo profile, as HR may write it, with its one reviewed art. 58 cause for these terms (§21)
  subDivisionOrParking: fc.constantFrom('Playa Larcomar', 'PLAYA LINCE', 'playa  larcomar', 'Playa Lince'),
  contractType,
  replacementFor: freeText(1, 100),
  reasonForSubstitution: freeText(1, 200),
  timeForCompany: freeText(1, 100),
  replacedWorkerDni: fc.stringMatching(/^[0-9]{8}$/),
  replacedWorkerPosition: freeText(1, 100),
  workingCondition: fc.constantFrom('Plazo indeterminado', 'ESTABLE', 'permanente, jornada completa', 'A plazo indeterminado'),
  probationaryPeriod: fc.constantFrom('3', '3 meses', 'tres (3) meses', 'un mes', 'sin periodo de prueba'),
  // a suplencia's ground from the closed list (§25), by code or name
  substitutionGround: fc.constantFrom('maternidad', 'vacaciones', 'enfermedad-accidente', 'licencia-sindical', 'destaque')
}).map(({ entryInDays, lengthDays, words, substitutionGround, ...record }) => {
  const written = amountInWords(record.salary)
  // the spec caps salaryInWords at 100 characters: the words of a very large salary are left to the service
  const salaryInWords = words === 'omitted' || written.length > 100 ? undefined : words === 'written' ? written : written.toLowerCase()
  const entryDate = addDays(TODAY, entryInDays)
  const partTime = /^part\s*time$/i.test(record.contractType)
  const { replacedWorkerDni, replacedWorkerPosition, probationaryPeriod, ...rest } = record
  const subsidio = /^subsidio$/i.test(record.contractType)
  return {
    ...rest,
    // part time has no probation (§24): it has no protection against arbitrary dismissal to condition
    ...(partTime ? {} : { probationaryPeriod }),
    // the replaced person's DNI (another person's) and post (the same: §25) and the ground belong to a suplencia only
    ...(subsidio
      ? { replacedWorkerDni: replacedWorkerDni === record.dni ? String((Number(record.dni) + 1) % 1e8).padStart(8, '0') : replacedWorkerDni, replacedWorkerPosition: record.position, substitutionGround }
      : {}),
    ...(salaryInWords === undefined ? {} : { salaryInWords }),
    ...(partTime ? { workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas' } : {}),
    entryDate,
    endDate: addDays(entryDate, lengthDays),
    // a suplencia ends by the absence's expected end, which it must state (§37)
    ...(subsidio ? { absenceTo: addDays(entryDate, lengthDays) } : {})
  } as Record<string, unknown>
})

/** One broken rule per case: [field, bad value or undefined to delete]. */
const BREAKS: [string, unknown][] = [
  ['name', 'X'], ['name', 'Ana 2'], ['name', 'a'.repeat(51)], ['name', undefined], ['name', 42], ['lastNameMother', false], ['position', { a: 1 }],
  ['lastNameFather', ''], ['lastNameMother', 'Pérez-Gómez'],
  ['birthDate', '31/02/1990'], ['birthDate', '1990-01-01'],
  // a child of ten: no contract (§20), and no Vida Ley or SCTR row either (under 14 on the entry date)
  ['birthDate', addDays(TODAY, -365 * 10)],
  ['sex', 'X'], ['sex', undefined],
  ['dni', '1234567'], ['dni', '123456789'], ['dni', '1234-567'], ['dni', undefined],
  ['email', 'sin-arroba'], ['email', undefined],
  ['address', 'x'.repeat(201)],
  ['province', 'L'], ['district', undefined], ['department', 'x'.repeat(101)],
  ['salary', 0], ['salary', -5], ['salary', 'mil'], ['salary', 2e9], ['salary', 0.001], ['salary', 1500.555], ['salary', true],
  ['salaryInWords', 'uno'], ['position', ''], ['position', 'x'.repeat(101)],
  ['entryDate', '32/01/2026'], ['endDate', '2026/12/01'],
  ['subDivisionOrParking', undefined], ['contractType', 'Indefinido'], ['contractType', undefined]
]

/** Contract rules (src/employees/contract-rules.ts): broken only for the contract routes; the exports ignore them. */
const CONTRACT_BREAKS: [string, unknown][] = [
  // the signing date is after any start generated here; the start of 2020 is long past
  ['salaryInWords', 'MIL Y 00/100 SOLES'], ['weeklyHours', 0], ['signingDate', '31/12/2099'], ['objectiveCause', 'corta'],
  ['entryDate', '01/01/2020'], ['modality', '59'], ['probationaryPeriod', 'por definir'], ['workSchedule', 'por las noches'],
  ['positionProfile', 'gerente-general'], ['positionProfile', undefined],
  // §21: only a reviewed cause, at a site of the employer
  ['causeId', 'no-revisada'], ['objectiveCause', 'Campaña de verano con más usuarios que de costumbre'], ['subDivisionOrParking', 'Playa Inexistente']
]

/**
 * A valid record with exactly one rule broken; `contractsOnly` when only the contract routes check
 * it, `removed` when the break is a missing field.
 */
export const invalidEmployee = fc.tuple(validEmployee, fc.constantFrom(...BREAKS.map((entry) => [...entry, false] as const), ...CONTRACT_BREAKS.map((entry) => [...entry, true] as const)))
  .map(([record, [field, value, contractsOnly]]) => {
    const broken = { ...record }
    if (value === undefined) delete broken[field]
    else broken[field] = value
    return { record: broken, field, contractsOnly, removed: value === undefined }
  })

/**
 * An addendum record the adenda routes must accept (DOCUMENT-REQUIREMENTS §17): a contract from an entry up to ~4
 * years back that ends within two months, extended from the next day, within five years of the
 * entry (LPCL art. 74 and the 60 months of art. 58); at least the RMV and the original salary; the
 * contract it extends named (modality, position, its reviewed cause, whose period covers the extension,
 * and the update of the cause; DOCUMENT-REQUIREMENTS §21, §28).
 */
export const validAddendum = fc.record({
  division: freeText(1, 100),
  documentNumber: fc.stringMatching(/^[0-9]{8}$/),
  worker: personName, // the contract names' letter rule (docs/import.md)
  endInDays: fc.integer({ min: 0, max: 60 }),
  served: fc.integer({ min: 0, max: 1500 }),
  startShare: fc.integer({ min: 0, max: 100 }),
  extension: fc.integer({ min: 0, max: 1500 }),
  address: freeText(5, 200),
  province: freeText(2, 100),
  district: freeText(2, 100),
  department: freeText(2, 100),
  salary: fc.integer({ min: 113_000, max: 99_999_999_999 }).map((cents) => cents / 100),
  words: fc.boolean(),
  modality: fc.constantFrom('58', 'necesidades del mercado'),
  causeId: fc.constantFrom('larcomar-remodelacion-vecino', 'lince-feria-comercial'),
  position: fc.constantFrom('Operario de playa', 'CAJERA', 'supervisora de playa'),
  causeUpdate: freeText(30, 300),
  // who the worker is: both required to make an adenda (§26)
  sex: fc.constantFrom('M', 'F', 'femenino'),
  birthDate: adultBirthDate
}).map(({ endInDays, served, startShare, extension, words, salary, ...record }) => {
  const end = addDays(TODAY, endInDays)
  const entryDate = addDays(end, -served)
  const startAddendum = addDays(end, 1)
  // within five years of the entry and within the cause's period (the demo's end on 31/12/2032)
  const lastDay = [termEnd(entryDate, 60), '31/12/2032'].sort((a, b) => dayMonthYearKey(a) - dayMonthYearKey(b))[0]
  const endAddendum = dayMonthYearKey(addDays(startAddendum, extension)) > dayMonthYearKey(lastDay) ? lastDay : addDays(startAddendum, extension)
  return {
    ...record,
    salary,
    originalSalary: 1130,
    // the schema takes at most 100 characters of words (a few nine-digit amounts write more)
    ...(words && amountInWords(salary).length <= 100 ? { salaryInWords: amountInWords(salary) } : {}),
    entryDate,
    start: addDays(entryDate, Math.floor((served * startShare) / 100)),
    end,
    startAddendum,
    endAddendum
  } as Record<string, unknown>
})

/** One broken rule of an addendum record per case (as BREAKS); `startAddendum`/`endAddendum` 1900 breaks the date order. */
const ADDENDUM_BREAKS: [string, unknown][] = [
  ['division', undefined], ['division', 'x'.repeat(101)], ['documentNumber', '1234567'], ['documentNumber', 'abcdefgh'], ['worker', 'x'],
  ['worker', undefined], ['entryDate', '31/04/2024'], ['start', '2025-06-01'], ['end', undefined], ['startAddendum', '01/01/1900'],
  ['endAddendum', '01/01/1900'], ['endAddendum', '01/01/2100'], ['address', 'Lima'], ['province', 'L'], ['district', undefined],
  ['department', 'x'.repeat(101)], ['salary', 0], ['salary', -1], ['salary', '1.000,00'], ['salary', 1500.555],
  ['salaryInWords', 'CERO Y 00/100 SOLES'], ['salaryInWords', 'uno'],
  // DOCUMENT-REQUIREMENTS §17: what the adenda names, and an adenda that cannot be signed
  ['modality', undefined], ['modality', '59'], ['position', undefined], ['causeUpdate', 'corta'], ['salary', 1000],
  ['startAddendum', addDays(TODAY, 90)], ['end', addDays(TODAY, -1)], ['originalSigningDate', addDays(TODAY, 100)],
  // §21, §28: the contract's reviewed cause and salary, the adenda's own signing date, a catalogue position
  ['causeId', undefined], ['causeId', 'no-revisada'], ['objectiveCause', 'Campaña de verano con más usuarios que de costumbre'],
  ['originalSalary', undefined], ['originalSalary', 1e9], ['signingDate', addDays(TODAY, -1)], ['position', 'Gerente general'],
  // §26: who the worker is
  ['sex', undefined], ['birthDate', undefined], ['birthDate', addDays(TODAY, -365 * 10)]
]

/** A valid addendum record with exactly one rule broken. */
export const invalidAddendum = fc.tuple(validAddendum, fc.constantFrom(...ADDENDUM_BREAKS)).map(([record, [field, value]]) => {
  const broken = { ...record }
  if (value === undefined) delete broken[field]
  else broken[field] = value
  return { record: broken, field, contractsOnly: false, removed: value === undefined }
})
