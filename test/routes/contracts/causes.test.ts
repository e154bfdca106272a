/**
 * A contract prints only a cause counsel reviewed (DOCUMENT-REQUIREMENTS §21): each refusal of a cause,
 * a site or a modality is a 400 on its field on the preview and the ZIP, and the same issue in the
 * employee upload's `data.contractIssues`; its lawful neighbour's PDF, read with pdfjs, prints the
 * reviewed cause's text. Also §30: no contract promises an art. 73 filing; Part Time its registration
 * under Reglamento art. 13.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleEmployee, samplePartTime } from '../../support/helper.js'
import { previewAndZipRefusals } from '../../support/refusals.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../../support/spreadsheets.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { addDays, dayMonthYearKey, todayInLima } from '../../../src/vocabulary/dates.js'

const app = await build(t)

const flat = (text: string) => text.replace(/\s+/g, ' ')
type Issue = { field: string, message: string }

/**
 * The refusals of `record` on the preview, on a ZIP holding it second and in the upload's
 * contractIssues (the row kept, as the exports take it), as `[field, message]`; all three the same.
 */
async function refusals (record: Record<string, unknown>): Promise<string[][]> {
  // the preview and the ZIP refuse it alike (test/support/refusals.ts)
  const previewErrors: string[][] = await previewAndZipRefusals(t, app, record)
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[EMPLOYEE_HEADERS, employeeCells(record)]]) }])
  const upload = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(upload.statusCode, 200, 'the upload keeps the row')
  t.same((upload.json().data.contractIssues as Array<Issue & { row: number }>).map((issue) => [issue.field, issue.message]), previewErrors,
    'the same in the upload\'s contractIssues')
  return previewErrors
}

async function contractText (record: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: printed' : res.body)
  return flat(await pdfText(res.rawPayload))
}

const LARCOMAR_58 = 'Incremento temporal e imprevisible de vehículos atendidos en la sede por las obras de remodelación del centro comercial vecino'
const NIGHT = 'Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos los días de la semana'
const LAW = 'un contrato sujeto a modalidad solo es válido por una causa objetiva real y concreta que conste por escrito (arts. 53 y 72 ' +
  'de la LPCL); sin ella, o con una simulada, es de duración indeterminada (art. 77 d)'

t.test('an unknown causeId is refused naming the causes that fit; the one named by id is printed', async (t) => {
  t.same(await refusals(sampleEmployee({ causeId: 'obras-vecinas' })), [[
    'causeId', `La causa «obras-vecinas» no es una de las causas objetivas revisadas del empleador: ${LAW}. ` +
      'Se ajusta a este contrato la causa revisada «Incremento temporal e imprevisible de vehículos atendidos en la sede…»'
  ]])
  const text = await contractText(sampleEmployee({ causeId: 'larcomar-remodelacion-vecino' }))
  t.match(text, `${LARCOMAR_58}, que han trasladado su estacionamiento a esta sede mientras duren. Esta necesidad se presenta en la sede Playa Larcomar`)
  t.match(text, 'EL EMPLEADOR declara que el incremento de la demanda es coyuntural e imprevisible', "art. 58's declaration with an art. 58 cause")
})

t.test('a term beyond its cause\'s period is refused on causeId; the term that ends on its last day passes', async (t) => {
  const entryDate = '01/06/2032'
  t.same(await refusals(sampleEmployee({ entryDate, endDate: '31/01/2033' })), [[
    'causeId',
    'Ninguna causa objetiva revisada para la sede Playa Larcomar y la modalidad «necesidades del mercado» se ajusta al plazo y la ' +
      'jornada de este contrato («Incremento temporal e imprevisible de vehículos atendidos en la sede…»: del 01/01/2026 al 31/12/2032): un contrato sujeto a modalidad dura lo ' +
      'que dura su causa y solo para el trabajo que ella justifica (arts. 53 y 72 de la LPCL)'
  ]])
  t.same(await refusals(sampleEmployee({ entryDate, endDate: '31/01/2033', causeId: 'larcomar-remodelacion-vecino' })), [[
    'causeId',
    'La causa «Incremento temporal e imprevisible de vehículos atendidos en la sede…» cubre del 01/01/2026 al 31/12/2032: el plazo del contrato debe quedar dentro de ese ' +
      'periodo, pues un contrato sujeto a modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL). Ninguna causa objetiva ' +
      'revisada del empleador se ajusta a esta sede, modalidad, plazo y jornada'
  ]], 'named by id, the same period')
  t.match(await contractText(sampleEmployee({ entryDate, endDate: '31/12/2032' })), `del ${dateInWords(entryDate)} al 31 de diciembre de 2032`)
})

t.test('a day shift on the night-and-weekend cause is refused on causeId; a night shift prints it', async (t) => {
  t.same(await refusals(sampleEmployee({ modality: '57', causeId: 'larcomar-servicio-nocturno' })), [[
    'causeId',
    'La causa «Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos…» justifica solo trabajo lunes a domingo de 18:00 a 06:00: la jornada del contrato debe quedar ' +
      'dentro de esos días y horas, pues la causa objetiva justifica solo el trabajo que la origina (art. 53 de la LPCL). Ninguna ' +
      'causa objetiva revisada del empleador se ajusta a esta sede, modalidad, plazo y jornada'
  ]])
  const night = await contractText(sampleEmployee({
    modality: '57', workDays: 'viernes a domingo', workSchedule: 'de 22:00 a 06:00 horas, con 45 minutos de refrigerio', salary: 1600, salaryInWords: undefined
  }))
  t.match(night, NIGHT, 'the one cause that fits, without naming it')
  t.match(night, 'EL EMPLEADOR declara que esta necesidad nace del inicio de una nueva actividad')
  t.notMatch(night, 'coyuntural e imprevisible', 'no art. 58 declaration with an art. 57 cause')
  t.match(await contractText(samplePartTime({ modality: '57', causeId: 'larcomar-servicio-nocturno' })), NIGHT, 'part time 18:00-21:45 fits it too')
})

t.test('a cause typed in objectiveCause is refused: counsel reviews a cause before it is printed; a reviewed text passes', async (t) => {
  t.same(await refusals(sampleEmployee({ objectiveCause: 'Campaña de verano de la sede, con un aumento de usuarios que no se repite en otros meses.' })), [[
    'objectiveCause',
    'La causa objetiva escrita en el registro no se imprime: una causa debe ser revisada por el asesor legal del empleador antes de ' +
      `poder imprimirse en un contrato, pues ${LAW}. El contrato lleva una de las causas revisadas del empleador, indicada en CAUSA`
  ]])
  t.match(await refusals(sampleEmployee({ causeId: 'larcomar-remodelacion-vecino', objectiveCause: `${NIGHT}, incluidos los fines de semana: una actividad nueva cuya demanda aún no es posible prever de manera estable.` })),
    [['objectiveCause', /^La causa objetiva escrita es el texto de la causa revisada «Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos…», no de la «Incremento temporal e imprevisible de vehículos atendidos en la sede…» indicada/]])
  const text = await contractText(sampleEmployee({ objectiveCause: `${LARCOMAR_58}, que han trasladado su estacionamiento a esta sede mientras duren.` }))
  t.match(text, LARCOMAR_58, "a reviewed cause's own text is that cause")
  t.notMatch(text, 'Campaña de verano')
})

t.test('no causeId and two causes that fit: 400 on causeId listing both; naming one prints it', async (t) => {
  const mall = { subDivisionOrParking: 'Playa Mall Aventura', modality: '57' }
  t.same(await refusals(sampleEmployee(mall)), [[
    'causeId',
    'Varias causas objetivas revisadas se ajustan a este contrato: «Apertura de la nueva sede en el centro comercial Mall Aventura, cuya…»; «Incremento de la actividad de la sede por la habilitación de su…». El contrato ' +
      'consigna la causa concreta que lo motiva (art. 72 de la LPCL): indique en CAUSA cuál es'
  ]])
  const text = await contractText(sampleEmployee({ ...mall, causeId: 'mall-aventura-segundo-nivel' }))
  t.match(text, 'Incremento de la actividad de la sede por la habilitación de su segundo nivel de estacionamiento')
  t.notMatch(text, 'Apertura de la nueva sede')
  // a Sunday shift is outside the second level's hours (lunes a sábado): the opening is the one cause left
  t.match(await contractText(sampleEmployee({ ...mall, workDays: 'martes a domingo' })), 'Apertura de la nueva sede en el centro comercial Mall Aventura')
})

t.test('§34: a record that names a cause and no modality takes the cause\'s; past the cause\'s 36 months it is refused', async (t) => {
  const today = todayInLima()
  const opening = { subDivisionOrParking: 'Playa Mall Aventura', causeId: 'mall-aventura-apertura', entryDate: today }
  const text = await contractText(sampleEmployee({ ...opening, endDate: addDays(today, 90) }))
  t.match(text, /inicio o incremento de actividad/, 'the modality of its cause, not the profile\'s 58')
  const refused = await refusals(sampleEmployee({ ...opening, endDate: addDays('31/12/2028', 1) }))
  t.match(refused, [['causeId', /^La causa «Apertura de la nueva sede en el centro comercial Mall Aventura, cuya…» cubre del 01\/01\/2026 al 31\/12\/2028: el plazo del contrato/]],
    'the activity began on 01/01/2026: no contract under it runs past 31/12/2028')
})

t.test('a season (art. 67): its term within the reviewed season, which the contract states; beyond it refused', async (t) => {
  const season = { subDivisionOrParking: 'Playa Mall Aventura', modality: '67' }
  // the demo's Christmas 2026 season (§34: real dates): from today while it lasts, else refused as over
  const today = todayInLima()
  const seasonOpen = dayMonthYearKey(today) <= dayMonthYearKey('15/01/2027')
  const entryDate = dayMonthYearKey(today) < dayMonthYearKey('15/11/2026') ? '15/11/2026' : today
  t.same(await refusals(sampleEmployee({ ...season, entryDate, endDate: '16/01/2027' })), [[
    'causeId',
    'Ninguna causa objetiva revisada para la sede Playa Mall Aventura y la modalidad «temporada» se ajusta al plazo y la jornada ' +
      'de este contrato («Campaña navideña y de fin de año del centro comercial Mall Aventura…»: del 15/11/2026 al 15/01/2027): un contrato sujeto a modalidad dura lo que ' +
      'dura su causa y solo para el trabajo que ella justifica (arts. 53 y 72 de la LPCL)'
  ]])
  if (seasonOpen) {
    const text = await contractText(sampleEmployee({ ...season, entryDate, endDate: '15/01/2027' }))
    t.match(text, 'Contrato de trabajo sujeto a modalidad de temporada (artículo 67 de la LPCL)')
    t.match(text, 'Campaña navideña y de fin de año del centro comercial Mall Aventura')
    t.match(text, 'La temporada va del 15 de noviembre de 2026 al 15 de enero de 2027.', 'the season\'s duration (art. 68 a)')
    t.match(text, 'se repite en periodos equivalentes cada año por la naturaleza de su actividad (artículos 67 y 68 de la LPCL)')
    t.notMatch(text, 'coyuntural e imprevisible', 'a seasonal need is no art. 58 need')
  }
  t.match(await refusals(sampleEmployee({ modality: '67' })), [['modality', /^La sede Playa Larcomar no contrata en la modalidad «temporada»/]])
})

t.test('a site that is not the employer\'s is refused on subDivisionOrParking naming its sites', async (t) => {
  t.same(await refusals(sampleEmployee({ subDivisionOrParking: 'Estacionamiento Centro' })), [[
    'subDivisionOrParking',
    'La sede Estacionamiento Centro no es un centro de trabajo del empleador: el contrato indica el lugar donde se presta el servicio, ' +
      'y la causa objetiva se da en él. Las sedes del empleador son: Playa Larcomar, Playa Lince, Playa Mall Aventura'
  ]])
  t.match(await contractText(sampleEmployee({ subDivisionOrParking: 'Playa Lince' })), 'por la feria comercial instalada frente a la sede')
})

t.test('registration (§30): no contract promises an art. 73 filing; Part Time states Reglamento art. 13\'s; each says the copy is delivered', async (t) => {
  const planilla = await contractText(sampleEmployee())
  const partTime = await contractText(samplePartTime())
  for (const text of [planilla, partTime]) {
    t.notMatch(text, 'artículo 73')
    t.match(text, 'un ejemplar de este contrato y de su Anexo al momento de su suscripción')
  }
  t.notMatch(planilla, 'quince (15) días')
  t.match(partTime, 'para su registro, dentro de los quince (15) días naturales siguientes a su suscripción, conforme al artículo 13 del Decreto Supremo N.º 001-96-TR')
})
