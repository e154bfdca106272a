/**
 * A suplencia's supporting document (src/vocabulary/substitution.ts; DOCUMENT-REQUIREMENTS §37): its kind
 * from the closed list, its number read as a reference only, never text after it nor a diagnosis.
 */
import { test } from 'tap'
import { SUPPORT_DOCUMENT_KINDS, documentReference, supportDocumentKind } from '../../../src/vocabulary/substitution.js'

test('a reference reads as one: letters and digits joined by - / . with a digit; a leading N.º is read, not kept', async (t) => {
  for (const [given, reference] of [
    ['A-123456789', 'A-123456789'], ['045-2026-OPE', '045-2026-OPE'], ['N.º 045-2026-OPE', '045-2026-OPE'], ['Nº A-1234', 'A-1234'],
    ['N° 77', '77'], ['nro. 77', '77'], ['0012/2026', '0012/2026'], ['045-2026-GG/RRHH', '045-2026-GG/RRHH'], ['A12345', 'A12345']
  ]) t.equal(documentReference(given), reference, given)
})

test('free text after the number, a diagnosis or no digit at all is no reference', async (t) => {
  for (const given of [
    'A-123456789 por lumbalgia aguda', '123456 lumbalgia', '123456-lumbalgia', 'J45.9', 'M54', 'A-123456789-M54.5', 'CITT', '',
    'A-123456789, descanso', '1'.repeat(31), 'Certificado 123'
  ]) t.equal(documentReference(given), undefined, given)
})

test('the kinds: by code or name, case and accents aside; another text is none', async (t) => {
  t.equal(supportDocumentKind('citt')?.name, 'CITT de EsSalud')
  t.equal(supportDocumentKind('CERTIFICADO MEDICO')?.code, 'certificado-medico')
  t.equal(supportDocumentKind('Resolución de licencia')?.code, 'resolucion-licencia')
  t.equal(supportDocumentKind('Informe de la clínica'), undefined)
  t.notOk(SUPPORT_DOCUMENT_KINDS.some((kind) => /diagn|enfermedad|salud mental/i.test(kind.printed)), 'no printed kind names a health condition')
})
