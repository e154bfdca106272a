import { test } from 'tap'
import { SUBSTITUTION_GROUNDS } from '../../../src/vocabulary/substitution.js'
import type { Employee } from '../../../schemas/employee.js'
import { breakLines, layoutText, MIN_FONT_SIZE, type Rect } from '../../../src/pdf/layout.js'
import type { AddendumRequest } from '../../../schemas/addendum.js'
import { addendumFieldValues, fieldValues, PREVIEW_FOOTER, TEMPLATE_IDS } from '../../../src/documents/fields.js'
import { fillTemplate, type DrawnField } from '../../../src/pdf/fill.js'
import { loadWinAnsiFont } from '../../../src/pdf/embedded-font.js'
import { loadUnicodeFont } from '../../../src/pdf/unicode-font.js'
import { pdfText } from '../../support/helper.js'
import { ENGINE_SOURCES, engineData } from './engine-fixture.js'
import { LONGEST_SITE, longestProfile } from '../../support/samples.js'
import type { EmployerProfile } from '../../../schemas/employer-profile.js'

const helvetica = loadWinAnsiFont('regular')
const fonts = { text: helvetica, unicode: () => loadUnicodeFont(ENGINE_SOURCES.unicodeFontPath) }
const codes = (text: string) => Array.from(text, (c) => c.codePointAt(0) as number)
const advances = (text: string) => codes(text).map((cp) => helvetica.widths[cp])
const options = { fontSize: 9, align: 0 as const, ascent: 718, descent: -207 }

/** Every line of a layout lies inside its rectangle, glyph extents included. */
function inside (field: DrawnField, ascent: number, descent: number): boolean {
  const { rect } = field.widget
  const { size, lines } = field.layout
  return lines.every((line) => line.x >= rect.x - 0.01 && line.x + line.width <= rect.x + rect.width + 0.01 &&
    line.y + (descent * size) / 1000 >= rect.y - 0.01 && line.y + (ascent * size) / 1000 <= rect.y + rect.height + 0.01)
}

test('breakLines breaks at spaces, drops the spaces at breaks, and splits a word longer than a line', async (t) => {
  const text = 'uno dos  tres'
  t.same(breakLines(codes(text), advances(text), 1000000), [[0, 13]])
  const lines = breakLines(codes(text), advances(text), 4000)
  t.same(lines.map(([s, e]) => text.slice(s, e)), ['uno dos', 'tres'])
  const long = 'W'.repeat(10)
  t.same(breakLines(codes(long), advances(long), 944 * 4).map(([s, e]) => e - s), [4, 4, 2])
  t.same(breakLines(codes('   '), advances('   '), 1000), [])
})

test('a short value stays on one line at the field size; alignment moves it', async (t) => {
  const rect: Rect = { x: 100, y: 100, width: 200, height: 14 }
  const left = layoutText(codes('Lima'), advances('Lima'), rect, options)
  t.equal(left.size, 9)
  t.equal(left.lines.length, 1)
  t.equal(left.lines[0].x, 102)
  const center = layoutText(codes('Lima'), advances('Lima'), rect, { ...options, align: 1 })
  t.ok(Math.abs(center.lines[0].x + center.lines[0].width / 2 - 200) < 0.001, 'centred')
  const right = layoutText(codes('Lima'), advances('Lima'), rect, { ...options, align: 2 })
  t.ok(Math.abs(right.lines[0].x + right.lines[0].width - 298) < 0.001, 'right-aligned')
  t.same(layoutText([], [], rect, options).lines, [])
})

test('a long value wraps in a tall field and shrinks in a short one, never past the rectangle', async (t) => {
  const text = 'Avenida de los Próceres de la Independencia 1234, Urbanización Los Jardines de San Juan'
  const tall = layoutText(codes(text), advances(text), { x: 0, y: 0, width: 200, height: 26 }, options)
  t.equal(tall.size, 9, 'two lines at full size')
  t.equal(tall.lines.length, 2)
  const short = layoutText(codes(text), advances(text), { x: 0, y: 0, width: 200, height: 12 }, options)
  t.ok(short.size < 9 && short.size >= MIN_FONT_SIZE)
  t.equal(short.lines.length, 1)
  t.ok(short.lines[0].width <= 196)
  const auto = layoutText(codes('Lima'), advances('Lima'), { x: 0, y: 0, width: 200, height: 30 }, { ...options, fontSize: 0 })
  t.equal(auto.size, 10, 'auto size starts at 10 pt')
})

test('text that cannot fit even at the minimum size is marked incomplete (and clipped when drawn)', async (t) => {
  const text = 'W'.repeat(300)
  const layout = layoutText(codes(text), advances(text), { x: 0, y: 0, width: 40, height: 8 }, options)
  t.equal(layout.size, MIN_FONT_SIZE)
  t.equal(layout.complete, false)
})

// The longest values validation allows (schemas/employee.ts), in the widest Helvetica letter.
const W = (n: number) => 'W'.repeat(n)
const longest = {
  name: W(50),
  lastNameFather: W(50),
  lastNameMother: W(50),
  birthDate: '28/02/1990',
  sex: 'Femenino',
  dni: '88888888',
  email: `${'w'.repeat(64)}@${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(57)}.pe`,
  address: W(200),
  province: W(100),
  district: W(100),
  department: W(100),
  salary: 999999999.99,
  salaryInWords: W(100),
  position: W(100),
  positionProfile: 'supervisor',
  entryDate: '30/09/2026',
  endDate: '30/09/2027',
  subDivisionOrParking: W(100),
  contractType: 'Subsidio',
  replacementFor: W(100),
  reasonForSubstitution: W(200),
  // the ground with the longest printed sentence, its document, the absence's dates (§25, §37)
  substitutionGround: [...SUBSTITUTION_GROUNDS].sort((a, b) => b.printed.length - a.printed.length)[0].code,
  // the longest printed kind and the longest reference the rules read (§37)
  supportDocument: { kind: 'constancia-cargo', number: 'A-1234567890123456789-2026-OPE', date: '30/09/2026' },
  absenceFrom: '30/09/2026',
  absenceTo: '30/09/2027',
  timeForCompany: W(100),
  workingCondition: W(100),
  probationaryPeriod: W(100)
}
// The longest addendum record (schemas/addendum.ts AddendumRequestSchema), likewise.
const longestAddendum = {
  division: W(100),
  documentNumber: '88888888',
  worker: W(150),
  entryDate: '30/09/2024',
  start: '30/09/2025',
  end: '30/11/2025',
  startAddendum: '30/11/2025',
  endAddendum: '29/09/2029',
  address: W(200),
  province: W(100),
  district: W(100),
  department: W(100),
  salary: 999999999.99,
  salaryInWords: W(100),
  // DOCUMENT-REQUIREMENTS §17: the contract it extends, at their longest; part time restates its working time
  sex: 'F',
  contractType: 'Part Time',
  weeklyHours: 19.5,
  workDays: 'lunes, martes, miércoles, jueves y viernes',
  workSchedule: 'de 18:00 a 21:54 horas, sin refrigerio',
  modality: '58',
  position: W(100),
  originalSigningDate: '28/09/2025',
  // §21, §28: the longest reviewed cause (longestProfile), its update, a reduction agreed from the largest salary
  causeId: 'la-mas-larga',
  causeUpdate: W(1000),
  originalSalary: 1e9,
  salaryReductionAgreed: true,
  signingDate: '30/11/2025'
}
/** The demo profile with the longest site and reviewed cause (DOCUMENT-REQUIREMENTS §21). */
const longestEmployer = (employer: EmployerProfile) => longestProfile(employer as unknown as Record<string, unknown>) as unknown as EmployerProfile

test('the longest values the validation allows fit every field of every template', async (t) => {
  const data = await engineData()
  for (const id of TEMPLATE_IDS) {
    const drawn: DrawnField[] = []
    const values = {
      ...(id === 'adenda' || id === 'adenda-f'
        ? addendumFieldValues(longestAddendum as unknown as AddendumRequest, longestEmployer(data.employer), '30/09/2026')
        : fieldValues(longest as unknown as Employee, data.employer)),
      verificationCode: PREVIEW_FOOTER // the footer's longest text (an issued document's is shorter)
    }
    const bytes = await fillTemplate(data.templates[id], values, fonts, { drawn })
    t.equal(drawn.length, data.templates[id].widgets.filter((widget) => (values as Record<string, string>)[widget.field] !== '').length, `${id}: every value drawn`)
    const problems = drawn.filter((field) => !field.layout.complete || !inside(field, 718, -207)).map((field) => field.widget.field)
    t.same(problems, [], `${id}: every value complete and inside its field`)
    t.ok(drawn.every((field) => field.layout.size >= MIN_FONT_SIZE))
    t.match((await pdfText(bytes)).replace(/\s+/g, ''), W(100), `${id}: long text readable`)
  }
})

test('Unicode values are laid out with the Unicode font metrics and stay inside their fields', async (t) => {
  const data = await engineData()
  const drawn: DrawnField[] = []
  // a Planilla with the longest reviewed cause, which names the position: the cause cell draws Unicode text too
  const employee = {
    ...longest,
    contractType: 'Planilla',
    subDivisionOrParking: LONGEST_SITE,
    causeId: 'la-mas-larga',
    position: '✓'.repeat(100),
    positionProfile: 'supervisor',
    address: 'ő'.repeat(200)
  } as unknown as Employee
  await fillTemplate(data.templates['contrato-planilla'], fieldValues(employee, longestEmployer(data.employer)), fonts, { drawn })
  const unicode = drawn.filter((field) => field.unicode)
  t.same(unicode.map((field) => field.widget.field).sort(), ['address', 'objectiveCause', 'position'], 'the cause names the position')
  const font = await fonts.unicode()
  t.ok(unicode.every((field) => field.layout.complete && inside(field, font.ascent, font.descent)))
})

test('every letter a name may hold has a glyph, and 50 of the widest fit every name field', async (t) => {
  const { EmployeeSchema } = await import('../../../schemas/employee.js')
  const { normalizeRecord } = await import('../../../src/employees/normalize.js')
  const { winAnsiCode } = await import('../../../src/pdf/winansi.js')
  const pattern = new RegExp((EmployeeSchema.properties.name as { pattern: string }).pattern, 'u')
  const font = await fonts.unicode()
  const letters: string[] = []
  for (let cp = 0x20; cp <= 0x2ffff; cp++) {
    const text = String.fromCodePoint(cp).repeat(2)
    const normalized = (normalizeRecord({ name: text }) as { name?: string }).name
    if (normalized !== undefined && normalized === text && pattern.test(normalized)) letters.push(String.fromCodePoint(cp))
  }
  t.ok(letters.includes('ñ') && letters.includes('É') && letters.includes('ễ'), `${letters.length} letters accepted`)
  t.notOk(letters.includes('Ⅷ') || letters.includes('Ǆ') || letters.includes('µ'), 'no Roman numeral, compatibility digraph or Greek letter')
  const width = (letter: string): number => {
    const cp = letter.codePointAt(0) as number
    const code = winAnsiCode(cp)
    if (code > 0) return helvetica.widths[code]
    const glyph = font.font.glyphForCodePoint(cp)
    t.not(glyph.id, 0, `${letter} U+${cp.toString(16)} is in the Unicode font`)
    return glyph.advanceWidth * font.scale
  }
  const widest = letters.reduce((best, letter) => (width(letter) > width(best) ? letter : best))
  t.ok(width(widest) >= width('W'), `the widest name letter is ${widest}`)
  const data = await engineData()
  const employee = { ...longest, name: widest.repeat(50), lastNameFather: widest.repeat(50), lastNameMother: widest.repeat(50) } as unknown as Employee
  for (const id of TEMPLATE_IDS) {
    const drawn: DrawnField[] = []
    await fillTemplate(data.templates[id], fieldValues(employee, data.employer), fonts, { drawn })
    const names = drawn.filter((field) => ['fullName', 'name', 'lastNameFather', 'lastNameMother'].includes(field.widget.field))
    const problems = names.filter((field) => !field.layout.complete || !inside(field, field.unicode ? font.ascent : 718, field.unicode ? font.descent : -207))
    t.same(problems.map((field) => field.widget.field), [], `${id}: the longest names in ${widest} fit`)
  }
})
