/**
 * docs/documents.md, "Text the documents can print": a text the documents cannot draw whole (the widest glyphs at the maximum
 * length) or right (right-to-left scripts, scripts the fonts lack) is a 400 naming the field on
 * every route that makes a document, and an import's contract issue; a soft hyphen never prints.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { PRINTABLE_MESSAGES } from '../../schemas/messages.js'
import { build, formPayload, pdfText, sampleAddendum, sampleEmployee } from '../support/helper.js'
import { EMPLOYEE_HEADERS, csvText, employeeCells } from '../support/spreadsheets.js'

const app: FastifyInstance = await build(t)

const preview = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/contracts/preview', payload })

t.test('a value that cannot be drawn whole in its field is refused on the field, never cut (item 9)', async (t) => {
  for (const char of ['‰', '‱']) {
    const employee = sampleEmployee({ district: char.repeat(100) })
    const res = await preview(employee)
    t.equal(res.statusCode, 400, `100 × ${char}: refused`)
    t.same(res.json().errors, [{ field: 'body.district', message: PRINTABLE_MESSAGES.doesNotFit('contrato') }], `100 × ${char}: the field`)
    const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee(), employee] })
    t.equal(zip.statusCode, 400, `100 × ${char}: no ZIP`)
    t.match(zip.json().errors, [{ field: 'body.1.district', message: PRINTABLE_MESSAGES.doesNotFit('contrato') }])
    const addendum = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ province: char.repeat(100) }) })
    t.equal(addendum.statusCode, 400, `100 × ${char}: no adenda`)
    t.same(addendum.json().errors, [{ field: 'body.province', message: PRINTABLE_MESSAGES.doesNotFit('adenda') }])
  }
  const fits = await preview(sampleEmployee({ district: '‰'.repeat(40) }))
  t.equal(fits.statusCode, 200, 'fewer of them fit and print')
  t.match((await pdfText(fits.rawPayload)).replace(/\s/g, ''), '‰'.repeat(40), 'whole (wrapped over lines)')
})

t.test('an uploaded row whose contract cannot be drawn is imported and listed in contractIssues', async (t) => {
  const row = employeeCells(sampleEmployee({ province: '‱'.repeat(100), address: 'Calle שלום 5' }))
  const form = await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: csvText([EMPLOYEE_HEADERS, row]) }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 200)
  t.match(res.json().data.contractIssues, [
    { row: 2, field: 'address', message: PRINTABLE_MESSAGES.unsupportedScript('hebreo (de derecha a izquierda)') },
    { row: 2, field: 'province', message: PRINTABLE_MESSAGES.doesNotFit('contrato') }
  ])
})

t.test('scripts the documents cannot draw are refused, named; the ones they draw print (item 17)', async (t) => {
  const refused: [string, string][] = [
    ['רחוב הרצל 12', 'hebreo (de derecha a izquierda)'],
    ['شارع النيل 5', 'árabe (de derecha a izquierda)'],
    ['ﻼ ﺑ', 'árabe (de derecha a izquierda)'], // presentation forms
    ['ܫܠܡ 3', 'siríaco (de derecha a izquierda)'],
    ['ދިވެހި 3', 'thaana (de derecha a izquierda)'],
    ['東京都千代田区 1', 'chino (han)'],
    ['ひらがな 1', 'japonés (kana)'],
    ['서울 1', 'coreano (hangul)'],
    ['नई दिल्ली 1', 'devanagari'],
    ['กรุงเทพ 1', 'tailandés'],
    ['ວຽງຈັນ 1', 'lao'],
    ['Av. Lima 漢 y ש', 'chino (han), hebreo (de derecha a izquierda)']
  ]
  for (const [address, scripts] of refused) {
    const res = await preview(sampleEmployee({ address }))
    t.equal(res.statusCode, 400, scripts)
    t.same(res.json().errors, [{ field: 'body.address', message: PRINTABLE_MESSAGES.unsupportedScript(scripts) }], scripts)
  }
  const addendum = await app.inject({ method: 'POST', url: '/api/addendum/preview', payload: sampleAddendum({ division: 'סניף לימה' }) })
  t.same(addendum.json().errors, [{ field: 'body.division', message: PRINTABLE_MESSAGES.unsupportedScript('hebreo (de derecha a izquierda)') }])
  for (const address of ['Улица Ленина 5', 'Οδός Αθηνών 5', 'Ֆիլիպ 5, ქუჩა 7', 'Ulica Łódzka 5 ✓']) {
    const res = await preview(sampleEmployee({ address }))
    t.equal(res.statusCode, 200, `${address}: printed`)
    t.match(await pdfText(res.rawPayload), address)
  }
})

t.test('a soft hyphen (U+00AD) never reaches a document as a visible hyphen (item 17)', async (t) => {
  const res = await preview(sampleEmployee({ address: 'Av. Los Ála\u00admos 123, Urb. San\u00ad Ignacio' }))
  t.equal(res.statusCode, 200)
  const text = await pdfText(res.rawPayload)
  t.match(text, 'Av. Los Álamos 123, Urb. San Ignacio', 'printed without it')
  t.notMatch(text, /Ála-mos|\u00ad|San- Ignacio/, 'no hyphen, no soft hyphen')
})
