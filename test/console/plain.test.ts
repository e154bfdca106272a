/**
 * The console's words for the service's messages (console/js/plain.js), on the service's own messages
 * (schemas/messages.ts): a legal aside in brackets is not taken for a modality's name; the next step
 * never contradicts the refusal (none for a suplencia, none when the message lists what fits, only the
 * causes of the row's modality); a cause by its text in the console and with its id in the corrected
 * sheet; each field by the column of its kind of sheet, held to src/spreadsheets/columns.ts. Runs in
 * Node: the module touches no browser API when it is loaded.
 */
import t from 'tap'
import { FIELD_HEADERS } from '../../console/js/field-headers.js'
import { columnOf, nextStep, plain, plainIssues, usePlainWords } from '../../console/js/plain.js'
import { CAUSE_MESSAGES, CAUSE_REVIEW_MESSAGES } from '../../schemas/messages.js'
import { COLUMN_TABLES } from '../../src/spreadsheets/columns.js'
import { MODALITIES } from '../../src/vocabulary/modality.js'

const period = { from: '01/01/2026', to: '31/12/2026' }
const cause = (id: string, modality: string, site: string, text: string) => ({ id, modality, sites: [site], text, period })
const TWIN = 'Incremento temporal del servicio de valet por la apertura del nuevo frente de tiendas del centro comercial'
usePlainWords({
  positions: [],
  modalities: Object.values(MODALITIES).map(({ code, name, maxMonths }) => ({ code, name, maxMonths })),
  sites: [{ name: 'Playa Larcomar', address: 'Lima', modalities: ['57', '58', '61'] }, { name: 'Playa Lince', address: 'Lima', modalities: ['58'] }],
  causes: [
    cause('larcomar-servicio-nocturno', '57', 'Playa Larcomar', 'Inicio del servicio nocturno de la playa'),
    cause('larcomar-servicio', '58', 'Playa Larcomar', 'Mayor demanda del servicio por la temporada de conciertos'),
    cause('lince-feria', '58', 'Playa Lince', 'Feria comercial del distrito'),
    cause('larcomar-valet-a', '57', 'Playa Larcomar', `${TWIN}, primera etapa`),
    { ...cause('larcomar-valet-b', '57', 'Playa Larcomar', `${TWIN}, segunda etapa`), period: { from: '01/01/2027', to: '30/06/2027' } }
  ],
  substitutionGrounds: [],
  contractDefaults: {}
})

t.test('a legal aside in brackets stays as it is; a modality with its own name becomes the name', async (t) => {
  const text = plain(CAUSE_REVIEW_MESSAGES.notPrintedModality('«suplencia»'))
  t.match(text, /o temporada \(la suplencia, art\. 61 de la LPCL, tiene por causa el reemplazo mismo de la persona suplida\)/)
  t.notMatch(text, /«la suplencia/)
  t.match(plain(CAUSE_MESSAGES.otherModality('larcomar-servicio', '58 (necesidades del mercado)', '57 (inicio o incremento de actividad)', [])),
    /es de la modalidad «necesidades del mercado», no de la «inicio o incremento de actividad»/)
  t.equal(plain('57 (Necesidades del Mercado)'), '57 (Necesidades del Mercado)', 'another modality\'s name is not this code\'s')
})

t.test('the next step never contradicts the refusal', async (t) => {
  t.equal(nextStep('causeId', CAUSE_MESSAGES.suplenciaHasNoCause('larcomar-servicio')), undefined, 'a suplencia carries no reviewed cause')
  t.equal(nextStep('causeId', CAUSE_MESSAGES.unknownCause('x', ['larcomar-servicio'])), undefined, 'the message names the cause that fits')
  t.equal(nextStep('causeId', CAUSE_MESSAGES.severalCauses(['larcomar-servicio', 'lince-feria'])), undefined)
  t.equal(nextStep('modality', CAUSE_MESSAGES.modalityNotAtSite('Playa Lince', '60 (ocasional)', ['57 (inicio o incremento de actividad)', '61 (suplencia)'])),
    'Siguiente paso: elige en la columna Contrato una de esas modalidades.', 'the site\'s modalities, as the message lists them, not its causes')
  t.match(nextStep('causeId', CAUSE_MESSAGES.unknownCause('x', [])), /propón en la pestaña Causas/, 'none fits: a new cause, reviewed')
  t.match(nextStep('causeId', CAUSE_MESSAGES.otherModality('larcomar-servicio-nocturno', '57 (inicio o incremento de actividad)', '58 (necesidades del mercado)', [])) ?? '',
    /propón en la pestaña Causas/)
  // a message that names the row's modality but no cause that fits
  const step = nextStep('causeId', 'La causa larcomar-servicio-nocturno es de la modalidad 57, no de la 58') ?? ''
  t.match(step, /de la modalidad «necesidades del mercado»/)
  t.match(step, /Mayor demanda del servicio/)
  t.match(step, /Feria comercial/)
  t.notMatch(step, /servicio nocturno|valet/, 'only the causes of the row\'s modality')
  t.match(nextStep('causeId', CAUSE_MESSAGES.objectiveCauseNotReviewed), /«Corregir»/, 'without the modality: the CAUSA list of the form')
})

t.test('a cause by its text in the console, with its id in the corrected sheet; twins by their period', async (t) => {
  const [issue] = plainIssues([{ row: 2, field: 'causeId', message: CAUSE_MESSAGES.unknownCause('otra', ['larcomar-servicio-nocturno', 'larcomar-servicio']) }])
  t.match(issue.message, /causas revisadas «Inicio del servicio nocturno de la playa»; «Mayor demanda del servicio/)
  t.notMatch(issue.message, /larcomar-/)
  t.match(issue.sheetMessage, /«Inicio del servicio nocturno de la playa» \(larcomar-servicio-nocturno\); «Mayor demanda[^»]*» \(larcomar-servicio\)/,
    'one pass: the longer id is not read as the shorter one, and no id inside a text put in')
  const twins = plain(CAUSE_MESSAGES.severalCauses(['larcomar-valet-a', 'larcomar-valet-b']))
  t.match(twins, /» \(del 01\/01\/2026 al 31\/12\/2026\); «.*» \(del 01\/01\/2027 al 30\/06\/2027\)/, 'two causes that start alike, told apart as the CAUSA list does')
})

t.test('a field by the column of its kind of sheet, as the service\'s table heads it', async (t) => {
  t.equal(columnOf('signingDate', 'addendum'), 'FECHA DE FIRMA DE LA ADENDA')
  t.equal(columnOf('body.0.end', 'addendum'), 'FECHA FIN')
  t.equal(columnOf('documentNumber', 'addendum'), 'Numero Documento')
  t.equal(columnOf('signingDate'), 'FECHA DE SUSCRIPCIÓN')
  t.equal(columnOf('subDivisionOrParking'), 'PLAYA')
  t.equal(plainIssues([{ field: 'entryDate', message: 'x' }], false, 'addendum')[0].column, 'fecha de ingreso')
  for (const kind of ['employee', 'addendum'] as const) {
    for (const [key, headers] of Object.entries(FIELD_HEADERS[kind])) {
      const field = key === 'site' ? 'subDivisionOrParking' : key
      const spec = COLUMN_TABLES[kind].find((column) => column.field === field)
      t.equal(headers[0], spec?.headers[0], `${kind} ${field}: named as the template heads it`)
      t.ok(headers.every((header) => spec?.headers.includes(header)), `${kind} ${field}: only headers the service reads for it`)
    }
  }
})

t.test('the service\'s own words: a cause by its text gets its id in the corrected sheet; a modality by its name gives the next step', async (t) => {
  const words = '«Mayor demanda del servicio por la temporada de conciertos»'
  const message = CAUSE_MESSAGES.unknownCause('«otra»', ['«Inicio del servicio nocturno de la playa»', words])
  const [issue] = plainIssues([{ row: 2, field: 'causeId', message }])
  t.equal(issue.message, message, 'already in HR\'s words: unchanged')
  t.match(issue.sheetMessage, /«Inicio del servicio nocturno de la playa» \(larcomar-servicio-nocturno\); «Mayor demanda[^»]*» \(larcomar-servicio\)/,
    'the corrected sheet adds each id once')
  const twins = `«${TWIN.slice(0, 69).replace(/ [^ ]*$/, '')}…»`
  t.match(plain(CAUSE_MESSAGES.severalCauses([`${twins} (del 01/01/2027 al 30/06/2027)`]), { ids: true }), /» \(larcomar-valet-b\)/,
    'a twin, told by its period, gets its own id')
  const step = nextStep('causeId', 'La causa «Inicio del servicio nocturno de la playa» es de la modalidad «inicio o incremento de actividad», ' +
    'no de la «necesidades del mercado»') ?? ''
  t.match(step, /de la modalidad «necesidades del mercado»: «Mayor demanda del servicio/, 'the row\'s modality read from its name')
  t.notMatch(step, /servicio nocturno/, 'not the modality of the cause it named')
})
