/**
 * The constancia de firma electrónica as drawn (src/signing/receipt.ts), before its seal: read back
 * with pdfjs-dist and qpdf. A signature with many failed steps flows onto a second page and keeps
 * the seal's area of the last one free; text outside WinAnsi is drawn with the Unicode font (as the
 * stamp draws it), or without that font loses its accents and prints `?`.
 */
import { test } from 'tap'
import { drawReceipt, type SigningReceipt } from '../../../src/signing/receipt.js'
import { PdfObjects } from '../../../src/signing/pdf-objects.js'
import { pdfPages, pdfUncompressed, qpdfCheck } from '../../support/helper.js'
import { assetPath } from '../../../src/paths.js'

const at = new Date('2026-03-02T15:04:05Z')

function receipt (overrides: Partial<SigningReceipt> = {}): SigningReceipt {
  return {
    employer: { legalName: 'ESTACIONAMIENTOS DEMO S.A.C. (DATOS FICTICIOS)', ruc: '20999999990' },
    worker: { name: 'Rosa María Quispe Mamani', dni: '12345678' },
    contract: { id: '6f1c2a8e-0000-4000-8000-000000000001', kind: 'contract' },
    evidenceNumber: 'EV-000042',
    signedAt: at,
    ip: '2001:db8::7',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
    codeTo: 'r***@c*****.pe',
    steps: [{ what: 'identity-confirmed', at, details: { ip: '2001:db8::7' } }, { what: 'signed', at, details: {} }],
    documents: [{ kind: 'adenda', code: 'ABCD-1234', before: 'a'.repeat(64), after: 'b'.repeat(64), level: 'PAdES-B-T' }],
    consents: [],
    chainHead: 'c'.repeat(64),
    demo: false,
    ...overrides
  }
}

const flat = (pages: string[]) => pages.map((page) => page.replace(/\s+/g, ' '))

test('one page in Lima time; an adenda named as such; no demonstration notice outside a demo', async (t) => {
  const pdf = await drawReceipt(receipt({ contract: { id: '6f1c2a8e-0000-4000-8000-000000000001', kind: 'addendum' } }))
  t.match(await qpdfCheck(pdf), 'No syntax or stream encoding errors found')
  const pages = flat(await pdfPages(pdf))
  t.equal(pages.length, 1)
  t.match(pages[0], 'Fecha y hora 02/03/2026 10:04, hora de Lima', 'UTC 15:04 is 10:04 in Lima')
  t.match(pages[0], '02/03/2026 10:04:05 Identidad confirmada: DNI y fecha de nacimiento coinciden con el registro; IP 2001:db8::7')
  t.match(pages[0], 'Adenda 6f1c2a8e-0000-4000-8000-000000000001')
  t.match(pages[0], 'Adenda, código de verificación ABCD-1234')
  t.notMatch(pages[0], 'DEMOSTRACIÓN')
  const objects = new PdfObjects(pdf)
  t.match(objects.object(objects.trailer.root), '/Lang', 'the language is declared')
})

test('many failed steps flow onto a second page; the seal\'s caption and the chain\'s head on the last', async (t) => {
  const failures = Array.from({ length: 40 }, (_, index) => ({ what: 'code-failed', at, details: { failures: index + 1, ip: '203.0.113.7' } }))
  const pdf = await drawReceipt(receipt({ steps: [...failures, { what: 'signed', at, details: {} }], demo: true }))
  t.match(await qpdfCheck(pdf), 'No syntax or stream encoding errors found')
  const pages = flat(await pdfPages(pdf))
  t.equal(pages.length, 2)
  t.match(pages[0], 'DEMOSTRACIÓN - SIN VALOR LEGAL')
  t.match(pages[0], 'Código incorrecto o vencido (intento 1); IP 203.0.113.7')
  t.match(pages.join(' '), 'Código incorrecto o vencido (intento 40)')
  t.match(pages[1], `SHA-256 del último evento ${'c'.repeat(64)}`)
  t.match(pages[1], 'Firma de certificación del empleador')
  t.notMatch(pages[0], 'Firma de certificación del empleador', 'the caption only where the seal goes')
})

test('text outside WinAnsi: drawn with the Unicode font, as written; without that font, accents stripped and the rest as ?', async (t) => {
  const outside = receipt({ worker: { name: 'Łucja Nguyễn Pérez', dni: '12345678' }, userAgent: 'Navegador ✓ 1.0' })
  const pdf = await drawReceipt(outside, { unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf') })
  t.match(await qpdfCheck(pdf), 'No syntax or stream encoding errors found')
  const text = flat(await pdfPages(pdf)).join(' ')
  t.match(text, 'Trabajador Łucja Nguyễn Pérez', 'the name as the worker wrote it')
  t.match(text, 'Navegador Navegador ✓ 1.0')
  t.match(await pdfUncompressed(pdf), /\/BaseFont \/\S*DejaVuSans(?!Condensed)/, 'DejaVu Sans embedded beside the condensed WinAnsi fonts (qpdf)')

  const plain = await drawReceipt(receipt(), { unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf') })
  t.notMatch(await pdfUncompressed(plain), /\/BaseFont \/\S*DejaVuSans(?!Condensed)/, 'no Unicode font when every value is WinAnsi')

  const fallback = flat(await pdfPages(await drawReceipt(outside))).join(' ')
  t.match(fallback, 'Trabajador ?ucja Nguyen Pérez', 'ễ without its marks, Ł (no decomposition) as ?')
  t.match(fallback, 'Navegador Navegador ? 1.0')
})
