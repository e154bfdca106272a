/**
 * What the documents say (DOCUMENT-REQUIREMENTS.md), read back with pdfjs from the real routes:
 * signing dates, part-time hours, the replaced worker, gender, amounts and their words, the data
 * notice and the annex; and the new fields' validation on the contract routes.
 */
import tap, { test, type Test } from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { assetPath } from '../../../src/paths.js'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, pdfText, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries } from '../../support/helper.js'
import { longestEmployee, longestProfile, sampleTerm } from '../../support/samples.js'
import type { ImportedEmployee } from '../../../schemas/employee.js'
import { dateInWords } from '../../../src/vocabulary/format.js'
import { addDays, todayInLima } from '../../../src/vocabulary/dates.js'
import { employeeDocuments, wholeDocument } from '../../support/documents.js'

const INVALID = 'La solicitud no se pudo procesar'
/** pdfjs joins lines with spaces and keeps the no-break space of `N.º 728`: compare on single spaces. */
const flat = (text: string) => text.replace(/[\s\u00a0]+/g, ' ')

/** One app (and PDF pool) for the whole file: starting one per test costs a worker thread each. */
const app = await build(tap)

async function previewText (t: Test, employee: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: employee })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'rendered' : res.body)
  return flat(await pdfText(res.rawPayload))
}

/** The three documents of one employee from a ZIP, as text. */
async function documentsText (t: Test, employee: Record<string, unknown>): Promise<{ contract: string, consent: string, annex: string, sizes: number[] }> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'ZIP' : res.body)
  const entries = await zipEntries(res.rawPayload)
  const find = (pattern: RegExp) => entries.find((entry) => pattern.test(entry.name))?.bytes ?? Buffer.alloc(0)
  const contract = find(/^[a-z]+\/\d{8}-/)
  const consent = find(/Tratamiento de datos/)
  const annex = find(/Anexos/)
  return {
    contract: flat(await pdfText(contract)),
    consent: flat(await pdfText(consent)),
    annex: flat(await pdfText(annex)),
    sizes: [contract.length, consent.length, annex.length]
  }
}

test('signing date: none given prints the day of generation in Lima, even for a start weeks ahead', async (t) => {
  const text = await previewText(t, sampleEmployee(sampleTerm(6, 30)))
  t.match(text, `Lima ${dateInWords(todayInLima())}`)
})

test('signing date: signingDate is printed as given, from today to the start; before today or after the start refused', async (t) => {
  const { entryDate } = sampleTerm()
  t.match(await previewText(t, sampleEmployee({ signingDate: entryDate })), `Lima ${dateInWords(entryDate)}`)
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ signingDate: addDays(entryDate, 1) }) })
  t.equal(res.statusCode, 400)
  t.match(res.json().errors, [{ field: 'body.signingDate', message: /posterior a la fecha de ingreso/ }])
  const bad = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ signingDate: '31/02/2026' }) })
  t.same(bad.json().errors, [{ field: 'body.signingDate', message: 'Fecha debe estar en formato DD/MM/YYYY' }])
})

test('Planilla states its modality, the objective cause naming site, position and dates, and three months of probation', async (t) => {
  const text = await previewText(t, sampleEmployee({ sex: 'M' }))
  t.match(text, 'CONTRATO DE TRABAJO SUJETO A MODALIDAD')
  t.match(text, 'Contrato de trabajo sujeto a modalidad por necesidades del mercado (artículo 58 de la LPCL)')
  t.match(text, 'por las obras de remodelación del centro comercial vecino', "the profile's cause for Playa Larcomar")
  const { entryDate, endDate } = sampleTerm()
  t.match(text, 'Esta necesidad se presenta en la sede Playa Larcomar y se atiende con el cargo de Operario de playa, para el que se ' +
    `contrata del ${dateInWords(entryDate)} al ${dateInWords(endDate)}.`)
  t.match(text, 'tres (3) meses')
  t.match(text, 'EL TRABAJADOR')
  t.notMatch(text, 'LA TRABAJADORA')
  t.notMatch(text, /Planilla|Part Time|Subsidio/, 'no service type codes in the document')
  t.match(text, 'N.º 728')
  t.notMatch(text, 'N.°', 'the ordinal indicator, not the degree sign')
  const named = await previewText(t, sampleEmployee({ causeId: 'larcomar-remodelacion-vecino' }))
  t.match(named, 'mientras duren. Esta necesidad se presenta en la sede Playa Larcomar', 'the reviewed cause named by id (DOCUMENT-REQUIREMENTS §21)')
  const otherSite = await previewText(t, sampleEmployee({ subDivisionOrParking: 'Playa Lince' }))
  t.match(otherSite, 'por la feria comercial instalada frente a la sede', 'the cause reviewed for that site and modality')
})

test('a female worker reads LA TRABAJADORA in every document; a record without sex reads EL TRABAJADOR', async (t) => {
  const female = await documentsText(t, sampleEmployee({ sex: 'Femenino' }))
  for (const text of [female.contract, female.consent, female.annex]) {
    t.match(text, 'LA TRABAJADORA')
    t.notMatch(text, 'EL TRABAJADOR')
  }
  t.match(female.consent, 'declara haber sido informada')
  // a record without sex (a spreadsheet row, D21), rendered by the pool as the routes do
  const unknown = await employeeDocuments(app.pdfPool, sampleEmployee({ sex: undefined, birthDate: undefined }) as unknown as ImportedEmployee)
  const unknownContract = flat(await pdfText(wholeDocument(unknown.contract)))
  t.match(unknownContract, 'EL TRABAJADOR')
  t.notMatch(unknownContract, 'LA TRABAJADORA')
  t.match(flat(await pdfText(wholeDocument(unknown.consent))), 'declara haber sido informado')
})

test('Part Time prints its weekly hours, days and schedule from the record, and excludes overtime', async (t) => {
  const given = await previewText(t, samplePartTime({ weeklyHours: 18, workDays: 'martes a sábado', workSchedule: 'de 18:00 a 21:36 horas', salary: 500 }))
  t.match(given, 'CONTRATO DE TRABAJO A TIEMPO PARCIAL SUJETO A MODALIDAD')
  for (const value of ['18 horas semanales', 'martes a sábado', 'de 18:00 a 21:36 horas']) t.match(given, value)
  t.match(given, 'no realizará trabajo en sobretiempo')
  t.match(given, 'PERIODO DE PRUEBA. No se pacta periodo de prueba.', '§36: said plainly')
  t.match(given, 'artículo 11 del Decreto Supremo N.º 012-92-TR', 'the vacation exclusion cites its basis, as clause text (§31)')
  t.match(given, 'A tiempo parcial (artículo 4 de la LPCL y artículos 11 a 13 del D.S. 001-96-TR) y contrato de trabajo sujeto a modalidad por necesidades del mercado')
  t.match(given, 'QUINIENTOS Y 00/100 SOLES', 'words written from the salary')
  const computed = await previewText(t, samplePartTime())
  for (const value of ['18 horas y 45 minutos semanales', 'lunes a viernes', 'de 18:00 a 21:45 horas']) t.match(computed, value, 'hours from days and schedule')
})

test('Part Time: a salary under the proportional minimum is refused; hours over 48 too', async (t) => {
  const low = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee(), samplePartTime({ salary: 441.40 })] })
  t.equal(low.statusCode, 400)
  t.same(low.json().errors, [{ field: 'body.1.salary', message: 'El sueldo no puede ser menor a S/ 441.41, la parte proporcional de la remuneración mínima vital para 18 horas y 45 minutos semanales' }])
  const enough = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: samplePartTime({ salary: 441.41 }) })
  t.equal(enough.statusCode, 200, '1130 × 18.75 / 48 = 441.40…, rounded up to the céntimo')
  const tooMany = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ weeklyHours: 49 }) })
  t.same(tooMany.json().errors, [{ field: 'body.weeklyHours', message: 'Las horas semanales deben ser un número mayor a 0 y no mayor a 48' }])
})

test('a salary under the RMV is refused naming the minimum; zero keeps the spec message', async (t) => {
  const low = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ salary: 1129.99, salaryInWords: undefined }) })
  t.equal(low.statusCode, 400)
  t.equal(low.json().message, INVALID)
  t.same(low.json().errors, [{ field: 'body.salary', message: 'El sueldo no puede ser menor a la remuneración mínima vital (S/ 1,130.00)' }])
  const subsidio = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleSubsidio({ salary: 1000, salaryInWords: 'MIL Y 00/100 SOLES' })] })
  t.same(subsidio.json().errors, [{ field: 'body.0.salary', message: 'El sueldo no puede ser menor a la remuneración mínima vital (S/ 1,130.00)' }])
  const zero = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ salary: 0 }) })
  t.same(zero.json().errors, [{ field: 'body.salary', message: 'El sueldo debe ser mayor a 0' }])
})

test('salary in words: omitted is written, lower case accepted, a different amount refused with the expected words', async (t) => {
  t.match(await previewText(t, sampleEmployee({ salary: 2121.5, salaryInWords: undefined })), 'DOS MIL CIENTO VEINTIÚN Y 50/100 SOLES')
  t.match(await previewText(t, sampleEmployee({ salaryInWords: 'mil quinientos con 00/100 nuevos soles' })), 'mil quinientos con 00/100 nuevos soles', 'printed as given')
  const wrong = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ salaryInWords: 'MIL CUATROCIENTOS Y 00/100 SOLES' }) })
  t.equal(wrong.statusCode, 400)
  t.same(wrong.json().errors, [{ field: 'body.salaryInWords', message: 'El sueldo en letras no coincide con el sueldo; debe decir: MIL QUINIENTOS Y 00/100 SOLES' }])
  const unreadable = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ salaryInWords: 'S/ 1,500.00 soles' })] })
  t.same(unreadable.json().errors, [{ field: 'body.0.salaryInWords', message: 'El sueldo en letras no coincide con el sueldo; debe decir: MIL QUINIENTOS Y 00/100 SOLES' }])
})

test('Subsidio identifies the replaced person (name, DNI, position, ground, condition) and what happens on return', async (t) => {
  const text = await previewText(t, sampleSubsidio({
    sex: 'M', position: 'Supervisor', replacedWorkerDni: '44556677', replacedWorkerPosition: 'Supervisora de playa'
  }))
  t.match(text, 'CONTRATO DE TRABAJO SUJETO A MODALIDAD DE SUPLENCIA')
  for (const label of ['Persona suplida', 'DNI N.º de la persona suplida', 'Cargo de la persona suplida', 'Causa de la suplencia',
    'Condición laboral de la persona suplida']) t.match(text, label)
  for (const value of ['Juan Pérez Gómez', '44556677', 'Supervisora de playa', 'accidente', 'Estable: contrato de trabajo a plazo indeterminado']) t.match(text, value)
  t.notMatch(text, '2 años', 'the seniority is accepted (spec rule 3) but not printed')
  t.notMatch(text, 'el suplido', 'neutral wording: la persona suplida')
  t.match(text, 'el contrato se extingue el día de su reincorporación')
  t.match(text, 'artículo 77, literal c')
  t.match(text, 'artículo 77, literal a')
  t.notMatch(text, 'destaque temporal', 'only the ground that applies (§25)')
  const missing = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleSubsidio({ probationaryPeriod: undefined })] })
  t.same(missing.json().errors, [{ field: 'body.0.probationaryPeriod', message: 'El periodo de prueba es obligatorio para contratos de Subsidio' }],
    'the ZIP refuses what the preview refuses: no blank cells')
  const notSubsidio = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ replacedWorkerDni: '44556677' }) })
  t.same(notSubsidio.json().errors, [{ field: 'body.replacedWorkerDni', message: 'El DNI del suplido solo corresponde a contratos de Subsidio' }])
  const badDni = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleSubsidio({ replacedWorkerDni: '4455' })] })
  t.same(badDni.json().errors, [{ field: 'body.0.replacedWorkerDni', message: 'El DNI del suplido debe tener exactamente 8 dígitos numéricos.' }])
})

test('the new text fields are checked with the field paths and Spanish messages of the others', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contracts/download-zip',
    payload: [sampleEmployee({ objectiveCause: 'muy corta', workDays: 'x'.repeat(101), workSchedule: 'y'.repeat(201), weeklyHours: 'veinte' })]
  })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'body.0.weeklyHours', message: 'Las horas semanales deben ser un número' },
    { field: 'body.0.workDays', message: 'Los días de trabajo deben tener entre 1 y 100 caracteres' },
    { field: 'body.0.workSchedule', message: 'El horario debe tener entre 1 y 200 caracteres' },
    { field: 'body.0.objectiveCause', message: 'La causa objetiva debe tener entre 30 y 1000 caracteres' }
  ])
})

test('the data notice names the bank, its code, the ARCO e-mail, recipients and retention, with SÍ/NO boxes', async (t) => {
  // at an open-air site, by day: the annex lists the sunscreen (§38)
  const { consent, annex, sizes } = await documentsText(t, sampleEmployee({ subDivisionOrParking: 'Playa Lince' }))
  t.match(consent, 'INFORMACIÓN SOBRE EL TRATAMIENTO DE DATOS PERSONALES')
  for (const value of ['Banco de datos', 'Trabajadores', 'Código de inscripción', 'RNPDP-PJP N.º 00000', 'datospersonales@example.com']) t.match(consent, value)
  t.match(consent, 'Banco Ejemplo S.A., para el pago de remuneraciones')
  t.match(consent, 'D.S. 005-2012-TR, art. 35')
  t.match(consent, 'derechohabientes')
  t.equal(consent.match(/SÍ NO/g)?.length, 3, 'one SÍ / NO pair per optional purpose')
  t.notMatch(consent, 'inscrito o por inscribir')
  t.match(annex, 'a) recibir y orientar a los usuarios')
  t.match(annex, 'protector solar, por la exposición a la radiación solar (Ley N.º 30102)')
  t.match(annex, 'Reglamento Interno de Trabajo')
  t.notMatch(annex, 'de inmediato a su jefe inmediato')
  for (const size of sizes) t.ok(size <= 60 * 1024, `${size} bytes ≤ 60 KB`)
  const cashier = await documentsText(t, sampleEmployee({ position: 'cajero' }))
  t.match(cashier.annex, 'a) realizar los cobros y emitir los comprobantes de pago', "the catalogue's entry for the position")
  t.notMatch(cashier.annex, 'protector solar')
})

test('the data notice: art. 14.5 and the statutory duties, sensitive data and safeguards, processors, cameras, ARCO times', async (t) => {
  const { consent } = await documentsText(t, sampleEmployee())
  t.match(consent, 'artículo 14, numeral 5, de la LPDP')
  t.notMatch(consent, 'numerales 1 y 5', 'not numeral 1 (public entities)')
  t.match(consent, 'planilla electrónica, D.S. N.º 018-2007-TR', 'the laws imposing statutory duties')
  t.match(consent, /los de salud, los biométricos y los de ingresos económicos .*cifrado en su transmisión y almacenamiento/)
  t.match(consent, 'a) Proveedor Nube Ejemplo Inc. (dato ficticio), con domicilio en 100 Example Street, Seattle, Estados Unidos de América: alojamiento en la nube')
  t.match(consent, 'Seguridad Ejemplo S.A.C. (dato ficticio), con domicilio en Jr. Vigía 789')
  t.match(consent, /cámaras de videovigilancia en los accesos, las zonas de cobro .* se conservan treinta \(30\) días/)
  t.match(consent, 'veinte (20) días hábiles para el de acceso')
  t.match(consent, 'previo, informado, expreso e inequívoco')
  // a profile without cameras nor processors says so
  const dir = mkdtempSync(join(tmpdir(), 'contratos-perfil-'))
  const profile = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8'))
  profile.dataProtection.videoSurveillance = { cameras: false }
  profile.dataProtection.processors = []
  writeFileSync(join(dir, 'perfil.json'), JSON.stringify(profile))
  const plain = await build(t, { EMPLOYER_PROFILE: join(dir, 'perfil.json') })
  const res = await plain.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee()] })
  const notice = flat(await pdfText((await zipEntries(res.rawPayload)).find((entry) => entry.name.includes('Tratamiento'))?.bytes ?? Buffer.alloc(0)))
  t.match(notice, 'EL EMPLEADOR no realiza videovigilancia en el centro de trabajo.')
  t.match(notice, 'EL EMPLEADOR no encarga a terceros el tratamiento de estos datos.')
  t.notMatch(notice, 'treinta (30) días')
})

test('at the longest allowed values every document renders, keeps its fonts embedded and stays under 60 KB', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-longest-'))
  // the longest site and reviewed cause are the profile's (DOCUMENT-REQUIREMENTS §21): a profile that has them
  writeFileSync(join(dir, 'perfil.json'), JSON.stringify(longestProfile(JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')))))
  const longest = await build(t, { EMPLOYER_PROFILE: join(dir, 'perfil.json') })
  for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
    const res = await longest.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [longestEmployee(type)] })
    t.equal(res.statusCode, 200)
    const entries = await zipEntries(res.rawPayload)
    t.equal(entries.length, 3, `${type}: three documents, no errores.txt`)
    for (const entry of entries) {
      t.ok(entry.bytes.length <= 60 * 1024, `${entry.name}: ${entry.bytes.length} bytes`)
      const path = join(dir, 'doc.pdf')
      writeFileSync(path, entry.bytes)
      const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2).filter((line) => line.trim() !== '')
      t.ok(fonts.length >= 2, `${entry.name}: fonts listed`)
      for (const line of fonts) t.match(line, /\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/, `${entry.name}: embedded: ${line}`)
    }
  }
})
