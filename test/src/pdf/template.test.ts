import { test } from 'tap'
import { readFile } from 'node:fs/promises'
import { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts } from 'pdf-lib'
import { compileTemplate } from '../../../src/pdf/template.js'
import { fillTemplate } from '../../../src/pdf/fill.js'
import { loadWinAnsiFont } from '../../../src/pdf/embedded-font.js'
import { loadUnicodeFont } from '../../../src/pdf/unicode-font.js'
import { FIELD_NAMES, REQUIRED_FIELDS } from '../../../src/documents/fields.js'
import { assetPath } from '../../../src/paths.js'
import { pdfText, pdfUncompressed, pdfWidgetCount, qpdfCheck } from '../../support/helper.js'
import { ENGINE_SOURCES, planillaWithout } from './engine-fixture.js'

const fonts = { text: loadWinAnsiFont('regular'), unicode: () => loadUnicodeFont(ENGINE_SOURCES.unicodeFontPath) }

test('a template missing a required field is refused, naming the template and the field', async (t) => {
  await t.rejects(compileTemplate('contrato-planilla.pdf', await planillaWithout('dni'), REQUIRED_FIELDS['contrato-planilla'], FIELD_NAMES, loadWinAnsiFont('regular')),
    { name: 'TemplateError', message: 'Plantilla contrato-planilla.pdf: falta el campo "dni"' })
  await t.rejects(compileTemplate('contrato-planilla.pdf', await planillaWithout('dni', 'email'), REQUIRED_FIELDS['contrato-planilla'], FIELD_NAMES, loadWinAnsiFont('regular')),
    { message: 'Plantilla contrato-planilla.pdf: faltan los campos "dni", "email"' })
})

test('a file that is not a PDF, or is encrypted, is refused with a clear message', async (t) => {
  await t.rejects(compileTemplate('anexo.pdf', new TextEncoder().encode('hola'), [], FIELD_NAMES, loadWinAnsiFont('regular')), { message: /^Plantilla anexo\.pdf: no es un PDF válido/ })
  const plain = Buffer.from(await (await PDFDocument.create()).save({ useObjectStreams: false }))
  const encrypted = Buffer.from(plain.toString('latin1').replace('/Root', '/Encrypt << /Filter /Standard >>\n/Root'), 'latin1')
  await t.rejects(compileTemplate('anexo.pdf', encrypted, [], FIELD_NAMES, loadWinAnsiFont('regular')), { message: 'Plantilla anexo.pdf: está cifrada; guárdela sin contraseña' })
})

test('a form made by another tool (object streams, auto size, right alignment, colour, a checkbox) fills and flattens', async (t) => {
  const doc = await PDFDocument.create()
  const page = doc.addPage([400, 300])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  page.drawText('Plantilla de RR. HH.', { x: 20, y: 270, size: 12, font })
  const form = doc.getForm()
  const name = form.createTextField('fullName')
  name.addToPage(page, { x: 20, y: 200, width: 300, height: 20, font })
  name.acroField.dict.set(PDFName.of('DA'), PDFString.of('/Helv 0 Tf 0 0 1 rg'))
  name.acroField.dict.set(PDFName.of('Q'), PDFNumber.of(2))
  form.createTextField('dni').addToPage(page, { x: 20, y: 160, width: 100, height: 20, font })
  form.createTextField('notas').addToPage(page, { x: 20, y: 120, width: 100, height: 20, font })
  form.createCheckBox('acepta').addToPage(page, { x: 20, y: 80, width: 12, height: 12 })
  const bytes = await doc.save({ useObjectStreams: true }) // cross-reference stream, objects in object streams

  const { template, warnings } = await compileTemplate('propia.pdf', bytes, ['fullName', 'dni'], FIELD_NAMES, loadWinAnsiFont('regular'))
  t.same(warnings.sort(), [
    'el campo "acepta" no es de texto: se elimina sin rellenar',
    'el campo "notas" no es un campo conocido: se elimina sin rellenar'
  ])
  const fullName = template.widgets.find((widget) => widget.field === 'fullName')
  t.match(fullName, { fontSize: 0, align: 2, color: '0 0 1 rg' })
  t.match(Buffer.from(template.base.subarray(0, 1024)).toString('latin1'), /%PDF-/)
  const filled = await fillTemplate(template, { fullName: 'Rosa María Quispe Mamani', dni: '12345678' }, fonts)
  const text = await pdfText(filled)
  t.match(text, 'Plantilla de RR. HH.')
  t.match(text, 'Rosa María Quispe Mamani')
  t.match(text, '12345678')
  t.equal(await pdfWidgetCount(filled), 0, 'checkbox and unknown field removed too')
  t.match(await pdfUncompressed(filled), /0 0 1 rg/, 'the field colour is kept')
  await qpdfCheck(filled)
})

test('our own templates compile without warnings and keep their widgets on the right pages', async (t) => {
  for (const [id, required] of Object.entries(REQUIRED_FIELDS)) {
    const { template, warnings } = await compileTemplate(`${id}.pdf`, await readFile(assetPath('templates', `${id}.pdf`)), required, FIELD_NAMES, loadWinAnsiFont('regular'))
    t.same(warnings, [], id)
    t.ok(template.widgets.every((widget) => widget.page >= 0 && widget.page < template.pages.length), `${id}: widget pages`)
    t.ok(required.every((field) => template.fields.includes(field)), `${id}: required fields present`)
  }
})
