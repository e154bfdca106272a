/**
 * Refusals in HR's words: no message of a refused contract or adenda shows a modality by its article
 * number (`57`, `"61"`), a reviewed cause by its id, or a suplencia's ground by its code; a modality is
 * named by its legal name, a cause by its text, a ground by its name. Legal citations ("art. 61 de la
 * LPCL") and durations ("60 meses") are not codes. A suplencia refused as a resignation, a dismissal
 * or a vacancy lists the grounds that are lawful.
 */
import t from 'tap'
import { build, sampleAddendum, sampleEmployee, sampleSubsidio } from '../support/helper.js'
import { sampleAddendumTerm, sampleTerm } from '../support/samples.js'
import { addDays, todayInLima } from '../../src/vocabulary/dates.js'
import { SUBSTITUTION_GROUNDS } from '../../src/vocabulary/substitution.js'
import { reviewedCauses } from '../../src/employer/reviewed-causes.js'

const app = await build(t)

/** A law's citation ("art. 61", "arts. 53 y 72", "artículo 12") and a duration ("60 meses"): not codes. */
const NOT_CODES = /\b(?:arts?\.|artículos?)\s+\d+(?:\s*(?:,|y)\s*\d+)*|\b\d+ (?:meses|días|horas|años|minutos)\b/g
const MODALITY_CODE = /\b(?:57|58|59|60|61|62|63|67)\b/

/** What a message shows HR that it should not: a modality code, a cause id, a ground code. */
function codesIn (message: string): string[] {
  const found: string[] = []
  const code = MODALITY_CODE.exec(message.replace(NOT_CODES, ''))
  if (code !== null) found.push(`modality ${code[0]}`)
  for (const { id } of reviewedCauses(app.employerProfile)) if (message.includes(id)) found.push(`cause ${id}`)
  // a code that is also a word of the names (maternidad) is no tell: the hyphenated ones are
  for (const { code: ground } of SUBSTITUTION_GROUNDS) if (ground.includes('-') && message.includes(ground)) found.push(`ground ${ground}`)
  return found
}

/** The refusal messages of a record on `url` (the preview of a contract or an adenda). */
async function refusal (url: string, record: Record<string, unknown>): Promise<string[]> {
  const res = await app.inject({ method: 'POST', url, payload: record })
  t.equal(res.statusCode, 400, `${url} refuses it`)
  return (res.json().errors as Array<{ message: string }>).map(({ message }) => message)
}
const contract = async (record: Record<string, unknown>) => await refusal('/api/contracts/preview', record)
const adenda = async (record: Record<string, unknown>) => await refusal('/api/addendum/preview', record)

t.test('the scanner finds what it looks for', async (t) => {
  t.same(codesIn('La sede no contrata en la modalidad 60'), ['modality 60'])
  t.same(codesIn('es de la modalidad 57 (inicio o incremento de actividad)'), ['modality 57'])
  t.same(codesIn('La causa larcomar-servicio-nocturno cubre'), ['cause larcomar-servicio-nocturno'])
  t.same(codesIn('debe ser enfermedad-accidente'), ['ground enfermedad-accidente'])
  t.same(codesIn('supera el máximo de 60 meses (arts. 53 y 72 de la LPCL; art. 61 de la LPCL)'), [])
})

t.test('contracts: modality, cause and term refusals name the modality and the cause in words', async (t) => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a modality the site does not contract', sampleEmployee({ modality: '60' }), /modalidad «ocasional»: las modalidades de esa sede son «inicio o incremento de actividad»/],
    ['a cause of another modality', sampleEmployee({ causeId: 'larcomar-servicio-nocturno', modality: '58' }),
      /^La causa «Inicio del servicio nocturno de la sede.*» es de la modalidad «inicio o incremento de actividad», no de la «necesidades del mercado»/],
    ['no cause fits', sampleEmployee({ modality: '57' }), /modalidad «inicio o incremento de actividad» se ajusta .*«Inicio del servicio nocturno/],
    ['several causes fit', sampleEmployee({ subDivisionOrParking: 'Playa Mall Aventura', modality: '57' }),
      /^Varias causas objetivas revisadas se ajustan a este contrato: «Apertura de la nueva sede.*»; «Incremento de la actividad/],
    ['a term over the modality\'s maximum', sampleEmployee({ ...sampleTerm(61) }), /máximo de 60 meses de la modalidad «necesidades del mercado»/],
    ['an unknown modality', sampleEmployee({ modality: '59' }), /^La modalidad debe ser una de estas: inicio o incremento de actividad/],
    ['an unknown cause', sampleEmployee({ causeId: 'feria' }), /^La causa «feria» no es .*Se ajusta a este contrato la causa revisada «Incremento temporal/]
  ]
  for (const [name, record, says] of cases) {
    const messages = await contract(record)
    t.ok(messages.some((message) => says.test(message)), `${name}: ${messages.join(' | ')}`)
    for (const message of messages) t.same(codesIn(message), [], `${name}: no code in "${message}"`)
  }
})

t.test('suplencia: a resignation lists the lawful grounds by name; an unknown ground too; no ground code', async (t) => {
  for (const record of [sampleSubsidio({ substitutionGround: 'renuncia' }), sampleSubsidio({ reasonForSubstitution: 'Renuncia del titular, plaza vacante' })]) {
    const [message] = await contract(record)
    t.match(message, /^Una renuncia, un despido, .* no son suplencia: .* Las causales de suplencia son: /)
    for (const { name } of SUBSTITUTION_GROUNDS) t.ok(message.includes(name), `lists ${name}`)
    t.same(codesIn(message), [])
  }
  const [unknown] = await contract(sampleSubsidio({ substitutionGround: 'huelga' }))
  t.match(unknown, 'indicada por su nombre: Invalidez temporal; Enfermedad o accidente comprobados (descanso médico)')
  t.same(codesIn(unknown), [])
})

t.test('adendas: the maximum, the cause of another modality, the period, in words', async (t) => {
  const today = todayInLima()
  const longAgo = addDays(today, -1200)
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no extension left', sampleAddendum({ modality: '57', causeId: 'mall-aventura-apertura', entryDate: longAgo }),
      /^No cabe prórroga: .*de la modalidad «inicio o incremento de actividad»/],
    ['a cause of another modality', sampleAddendum({ causeId: 'larcomar-servicio-nocturno' }),
      /^La causa «Inicio del servicio nocturno.*» es de la modalidad «inicio o incremento de actividad», no de la «necesidades del mercado»/],
    ['outside the season', sampleAddendum({ modality: '67', causeId: 'mall-aventura-campana-navidena', entryDate: sampleAddendumTerm().start }),
      /^La causa «Campaña navideña y de fin de año del centro comercial Mall Aventura…» cubre del/]
  ]
  for (const [name, record, says] of cases) {
    const messages = await adenda(record)
    t.ok(messages.some((message) => says.test(message)), `${name}: ${messages.join(' | ')}`)
    for (const message of messages) t.same(codesIn(message), [], `${name}: no code in "${message}"`)
  }
})
