/**
 * The data notice and the annex, precise (DOCUMENT-REQUIREMENTS §38): the notice names the public
 * check of a document's code and what it shows, and that HR receives the medical certificates of
 * leave and subsidies; the annex lists sun exposure and sunscreen only for a shift with daylight
 * hours on an open-air site (`sites[].openAir` of the profile), and a pregnant worker "puede
 * comunicarlo". Each document is read with pdfjs from the ZIP of a lawful record.
 */
import t from 'tap'
import { build, pdfText, sampleEmployee, zipEntries } from '../../support/helper.js'
import { sampleTerm } from '../../support/samples.js'

const app = await build(t)
const flat = (text: string) => text.replace(/\s+/g, ' ')

/** The annex or the data notice of a lawful record, from its ZIP. */
async function documentText (record: Record<string, unknown>, document: 'annex' | 'notice'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record] })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: zipped' : res.body)
  const folder = document === 'annex' ? '/Anexos/' : '/Tratamiento de datos/'
  const entry = (await zipEntries(res.rawPayload)).find(({ name }) => name.includes(folder))
  if (entry === undefined) throw new Error(`the ZIP holds no ${document}`)
  return flat(await pdfText(entry.bytes))
}

/** A guard (vigilante) at `site` working `schedule` Monday to Saturday, under `modality`. */
const guard = (site: string, schedule: string, overrides: Record<string, unknown> = {}) => sampleEmployee({
  position: 'Vigilante', sex: 'M', subDivisionOrParking: site, workDays: 'lunes a sábado', workSchedule: schedule, ...sampleTerm(6), ...overrides
})
const NIGHT = 'de 22:00 a 06:45 horas, con 45 minutos de refrigerio'
const DAY = 'de 07:00 a 15:45 horas, con 45 minutos de refrigerio'
const SUN = /protector solar|radiación solar/

t.test('the data notice names the public check of the code, what it shows, and the certificates HR receives', async (t) => {
  const notice = await documentText(sampleEmployee(), 'notice')
  t.match(notice, 'Cada documento que EL EMPLEADOR emite lleva un código de verificación')
  t.match(notice, 'muestra solo la clase de documento, su fecha de emisión, su estado (emitido, firmado o reemplazado)')
  t.match(notice, 'los cuatro últimos dígitos del DNI y las iniciales de LA TRABAJADORA, nunca su nombre')
  t.match(notice, 'el área de recursos humanos recibe los certificados médicos (certificado de incapacidad temporal o de ' +
    'descanso médico) necesarios para justificar las licencias y tramitar los subsidios ante EsSalud')
  t.notMatch(notice, 'EL EMPLEADOR recibe únicamente la aptitud para el puesto.', 'no longer says HR receives nothing else')
})

t.test('the annex: a pregnant worker may tell, with no duty to (§38)', async (t) => {
  const annex = await documentText(sampleEmployee(), 'annex')
  t.match(annex, 'no está obligada a informarlo; puede comunicarlo a EL EMPLEADOR, con el certificado médico correspondiente, ' +
    'para que se aplique esta protección')
  t.notMatch(annex, 'debe comunicarlo')
})

t.test('the annex: sun and sunscreen only by day on an open-air site', async (t) => {
  const basementNight = await documentText(guard('Playa Larcomar', NIGHT, { salary: 1600, salaryInWords: undefined }), 'annex')
  t.notMatch(basementNight, SUN, 'a night guard in a basement: no sunscreen, no sun risk')
  t.match(basementNight, 'linterna', 'the rest of the equipment stays')
  t.match(basementNight, 'fatiga, somnolencia', 'night work\'s risks instead')
  t.notMatch(await documentText(guard('Playa Larcomar', DAY), 'annex'), SUN, 'a basement by day: no sun either')

  const openDay = await documentText(guard('Playa Mall Aventura', DAY, { causeId: 'mall-aventura-apertura' }), 'annex')
  t.match(openDay, 'exposición a la radiación solar en turnos diurnos', 'an open-air site by day: the sun risk')
  t.match(openDay, 'protector solar, por la exposición a la radiación solar (Ley N.º 30102)', 'and the sunscreen')
  const openNight = await documentText(guard('Playa Mall Aventura', NIGHT, { causeId: 'mall-aventura-apertura', salary: 1600, salaryInWords: undefined }), 'annex')
  t.notMatch(openNight, SUN, 'an open-air site by night (45 minutes after 06:00 are no daylight hours)')

  const cashier = await documentText(sampleEmployee({ position: 'Cajera', subDivisionOrParking: 'Playa Lince' }), 'annex')
  t.notMatch(cashier, SUN, 'a position without sun exposure, open-air site or not')
})

t.test('GET /api/profile says which sites are open air', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/profile' })
  const sites = res.json().data.sites as Array<{ name: string, openAir: boolean }>
  t.same(sites.map(({ name, openAir }) => [name, openAir]), [['Playa Larcomar', false], ['Playa Lince', true], ['Playa Mall Aventura', true]])
})
