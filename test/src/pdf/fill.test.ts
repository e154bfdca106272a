import { test } from 'tap'
import { PDFDocument } from 'pdf-lib'
import type { Employee } from '../../../schemas/employee.js'
import { createRenderer } from '../../../src/documents/renderer.js'
import { fieldValues, SHARED_FIELDS, TEMPLATE_IDS } from '../../../src/documents/fields.js'
import type { AddendumRequest } from '../../../schemas/addendum.js'
import { fillTemplate, type DrawnField } from '../../../src/pdf/fill.js'
import { loadWinAnsiFont } from '../../../src/pdf/embedded-font.js'
import { loadUnicodeFont } from '../../../src/pdf/unicode-font.js'
import { pdfPages, pdfText, pdfUncompressed, pdfWidgetCount, qpdfCheck, sampleAddendum, sampleEmployee, samplePartTime, sampleSubsidio } from '../../support/helper.js'
import { ENGINE_SOURCES, engineData } from './engine-fixture.js'
import { sampleTerm } from '../../support/samples.js'
import { todayInLima } from '../../../src/vocabulary/dates.js'
import { dateInWords } from '../../../src/vocabulary/format.js'

const fonts = { text: loadWinAnsiFont('regular'), unicode: () => loadUnicodeFont(ENGINE_SOURCES.unicodeFontPath) }

test('each document of an employee carries the employee and employer data, flattened', async (t) => {
  const data = await engineData()
  const docs = await createRenderer(data).documents(sampleSubsidio() as Employee)
  for (const [kind, bytes] of Object.entries(docs)) {
    const text = await pdfText(bytes)
    t.match(text, 'Rosa María Quispe Mamani', `${kind}: full name`)
    t.match(text, '87654321', `${kind}: DNI`)
    t.match(text, 'Av. Los Álamos 123, Urb. San Ignacio', `${kind}: address`)
    t.match(text, 'Miraflores', `${kind}: district`)
    t.match(text, 'rosa.quispe@example.com', `${kind}: e-mail`)
    t.match(text, 'ESTACIONAMIENTOS DEMO S.A.C. (DATOS FICTICIOS)', `${kind}: employer`)
    t.match(text, '20999999990', `${kind}: RUC`)
    t.match(text, 'María Ejemplo Ficticio', `${kind}: representative`)
    t.match(text, dateInWords(todayInLima()), `${kind}: signing date in words: today in Lima`)
    t.equal(await pdfWidgetCount(bytes), 0, `${kind}: no form widgets left`)
    t.equal((await PDFDocument.load(bytes)).getForm().getFields().length, 0, `${kind}: no AcroForm fields (pdf-lib)`)
    t.ok(bytes.length <= 60 * 1024, `${kind}: ${bytes.length} bytes ≤ 60 KB`)
  }
  const contract = await pdfText(docs.contract)
  t.match(contract, 'CONTRATO DE TRABAJO SUJETO A MODALIDAD DE SUPLENCIA')
  const { entryDate, endDate } = sampleTerm()
  for (const value of ['Operario de playa', 'Playa Larcomar', dateInWords(entryDate), dateInWords(endDate), 'S/ 1,500.00',
    'MIL QUINIENTOS CON 00/100 SOLES', 'Juan Pérez Gómez', 'enfermedad o accidente comprobados', '44556677', 'Estable: contrato de trabajo a plazo indeterminado',
    'tres (3) meses']) {
    t.match(contract.replace(/\s+/g, ' '), value, `contract: ${value}`) // a cell's text may wrap
  }
  t.match(await pdfText(docs.consent), 'INFORMACIÓN SOBRE EL TRATAMIENTO DE DATOS PERSONALES')
  const annex = await pdfText(docs.annex)
  t.match(annex, 'ANEXO DEL CONTRATO DE TRABAJO')
  t.match(annex, 'modalidad de suplencia', 'annex: the modality by its legal name')
  t.match(annex, 'Operaria de playa', 'annex: the position in the catalogue\'s form for her (§26)')
})

test('the contract template follows the contract type', async (t) => {
  const renderer = createRenderer(await engineData())
  t.match(await pdfText(await renderer.contract(sampleEmployee() as Employee)), /por necesidades del\s+mercado/)
  t.match(await pdfText(await renderer.contract(samplePartTime({ contractType: 'Part Time' }) as Employee)), 'CONTRATO DE TRABAJO A TIEMPO PARCIAL')
  t.match(await pdfText(await renderer.contract(sampleSubsidio() as Employee)), 'MODALIDAD DE SUPLENCIA')
})

test('a document is the template bytes unchanged plus an incremental update', async (t) => {
  const data = await engineData()
  const template = data.templates['contrato-planilla']
  const bytes = await fillTemplate(template, fieldValues(sampleEmployee() as Employee, data.employer), fonts)
  t.equal(Buffer.compare(bytes.subarray(0, template.base.length), template.base), 0)
  const update = Buffer.from(bytes.subarray(template.base.length)).toString('latin1')
  t.match(update, new RegExp(`/Type /XRef /Size \\d+ /Prev ${template.prevXref} `), 'a cross-reference stream chained to the template\'s')
  t.match(update, /\/Type \/ObjStm /, 'the rewritten dictionaries packed in an object stream')
  t.match(update, /%%EOF\n$/)
  t.match(update, /\(12345678\) Tj/, 'a page of ordinary values is a short content stream, left uncompressed')
  const plain = await pdfUncompressed(bytes)
  t.notMatch(plain, /\/AcroForm/, 'the catalog is rewritten without its form')
  t.equal(bytes.buffer.byteLength, bytes.length, 'own ArrayBuffer, transferable')
  t.equal((await pdfPages(bytes)).length, 4, 'the Planilla contract has four pages')
  const objectStream = (pdf: Uint8Array) => /\/Type \/ObjStm [\s\S]*?endstream/.exec(Buffer.from(pdf).toString('latin1'))?.[0]
  const other = await fillTemplate(template, fieldValues(sampleEmployee({ dni: '87654321', name: 'José' }) as Employee, data.employer), fonts)
  t.equal(objectStream(other), objectStream(bytes), 'another employee: the same dictionaries, the same object stream')
  t.match(await pdfText(other), 'José Quispe Mamani')
})

test('qpdf finds no error or warning in any document, with and without the Unicode font', async (t) => {
  const data = await engineData()
  const renderer = createRenderer(data)
  for (const employee of [sampleSubsidio(), samplePartTime({ contractType: 'Part Time', name: 'Zoltán Erdős', position: 'Supervisor ✓', positionProfile: 'supervisor' })]) {
    for (const [kind, bytes] of Object.entries(await renderer.documents(employee as Employee))) {
      t.match(await qpdfCheck(bytes), /No syntax or stream encoding errors found/, `${employee.contractType as string} ${kind}`)
    }
  }
  const addendum = await renderer.addendum(sampleAddendum({ worker: 'Zoltán Erdős' }) as unknown as AddendumRequest, '30/09/2026')
  t.match(await qpdfCheck(addendum), /No syntax or stream encoding errors found/, 'adenda')
  t.match(await pdfText(addendum), 'Zoltán Erdős')
})

test('Subsidio optional fields left blank print nothing in their boxes (D11); probation defaults to three months', async (t) => {
  const data = await engineData()
  const drawn: DrawnField[] = []
  const employee = sampleSubsidio({ timeForCompany: undefined, workingCondition: undefined, probationaryPeriod: undefined }) as Employee
  const bytes = await fillTemplate(data.templates['contrato-subsidio'], fieldValues(employee, data.employer), fonts, { drawn })
  const text = await pdfText(bytes)
  t.match(text, 'tres (3) meses', 'probation is never a blank cell (DOCUMENT-REQUIREMENTS §5)')
  t.notMatch(text, /undefined/)
  t.notOk(drawn.some(({ widget }) => ['timeForCompany', 'workingCondition'].includes(widget.field)))
})

test('WinAnsi punctuation, parentheses and backslashes survive the round trip', async (t) => {
  const data = await engineData()
  const position = 'Jefe — turno N.° 2 (noche) \\ «playa» ¿sí? 100% €'
  const bytes = await createRenderer(data).contract(sampleEmployee({ position, positionProfile: 'supervisor' }) as Employee)
  t.match(await pdfText(bytes), position)
})

test('characters outside WinAnsi render with the embedded Unicode font and read back', async (t) => {
  const data = await engineData()
  // a site named with a character no font has, with its reviewed cause (DOCUMENT-REQUIREMENTS §21)
  const employer = {
    ...data.employer,
    sites: [...data.employer.sites, { name: 'Playa 漢', address: 'Av. Ejemplo 1, Lima', modalities: ['58'] }],
    causes: [{ id: 'verano', modality: '58', sites: ['Playa 漢'], text: 'Campaña de verano con más usuarios de lo habitual', period: { from: '01/01/2026', to: '31/12/2032' } }]
  }
  const renderer = createRenderer({ ...data, employer })
  const employee = sampleEmployee({
    name: 'Zoltán Erdős', position: 'Supervisor ✓ Δ zona 3', positionProfile: 'supervisor', subDivisionOrParking: 'Playa 漢'
  }) as Employee
  const docs = await renderer.documents(employee)
  const text = await pdfText(docs.contract)
  t.match(text, 'Zoltán Erdős Quispe Mamani', 'name with ő')
  t.match(text, 'Supervisor ✓ Δ zona 3')
  t.match(text, 'Playa \uFFFD', 'a character DejaVu Sans lacks prints as the replacement character')
  t.match(text, '12345678', 'WinAnsi values on the same page still drawn with Helvetica')
  t.match(Buffer.from(docs.contract).toString('latin1'), /\/BaseFont \/[A-Z]{6}\+DejaVuSans/, 'a subset, tagged')
  t.ok(docs.contract.length <= 60 * 1024, `${docs.contract.length} bytes`)
  t.match(await pdfText(docs.annex), 'Supervisor ✓ Δ zona 3')
})

test('every template fills on its own (all five)', async (t) => {
  const data = await engineData()
  for (const id of TEMPLATE_IDS) {
    const bytes = await fillTemplate(data.templates[id], fieldValues(sampleSubsidio() as Employee, data.employer), fonts)
    t.match(await pdfText(bytes), '87654321', id)
  }
})

test('kept drawings of shared fields give the same bytes as drawing every value afresh', async (t) => {
  const data = await engineData()
  const template = data.templates['contrato-planilla']
  const people = [sampleEmployee(), sampleEmployee({ dni: '87654321', name: 'José', position: 'Supervisor' }), sampleEmployee({ dni: '11223344' })]
  for (const person of people) {
    const values = fieldValues(person as Employee, data.employer)
    const afresh = await fillTemplate(template, values, fonts)
    const shared = await fillTemplate(template, values, fonts, { shared: SHARED_FIELDS })
    t.ok(Buffer.from(shared).equals(Buffer.from(afresh)), `${person.dni as string}: identical`)
  }
  const drawn: DrawnField[] = []
  await fillTemplate(template, fieldValues(people[0] as Employee, data.employer), fonts, { shared: SHARED_FIELDS, drawn })
  t.ok(drawn.some(({ widget }) => widget.field === 'employerName'), 'a kept drawing still reports its layout')
})
