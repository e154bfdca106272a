import { test } from 'tap'
import { readFile } from 'node:fs/promises'
import { buildTemplate, readSource, sourceFiles, variantText } from '../../scripts/build-templates.js'
import { assetPath } from '../../src/paths.js'
import { TEMPLATE_IDS } from '../../src/documents/fields.js'
import { pdfText } from '../support/helper.js'
import { OPTIONAL_PURPOSES, printedPurpose } from '../../src/documents/optional-purposes.js'

test('every committed template is exactly what its source builds (run `npm run make:templates` after editing a source)', async (t) => {
  const outputs = sourceFiles().flatMap((file) => readSource(file).genders.map((gender) => readSource(file, gender).output)).sort()
  t.same(outputs, TEMPLATE_IDS.map((id) => `${id}.pdf`).sort(), 'one source per document, in both genders (the adenda in one)')
  for (const file of sourceFiles()) {
    for (const gender of readSource(file).genders) {
      const source = readSource(file, gender)
      const built = await buildTemplate(source)
      const committed = await readFile(assetPath('templates', source.output))
      t.ok(Buffer.compare(Buffer.from(built), committed) === 0, `${source.output} is up to date`)
    }
  }
})

test('clauses are numbered and partials included', async (t) => {
  const text = await pdfText(await readFile(assetPath('templates', 'contrato-planilla.pdf')))
  t.match(text, 'PRIMERA. – ANTECEDENTES.')
  t.match(text, 'DÉCIMA CUARTA. – LEGISLACIÓN Y JURISDICCIÓN.')
  t.match(text, 'II. DATOS DEL TRABAJADOR')
  t.match(text, 'LUGAR Y FECHA DE SUSCRIPCIÓN')
})

test('the feminine variant: LA TRABAJADORA, [[masculine|feminine]] words, and N.º bound to its number', async (t) => {
  t.equal(variantText('a EL TRABAJADOR [[informado|informada]], Ley N.º 29733', 'f'), 'a LA TRABAJADORA informada, Ley N.º\u00a029733')
  t.equal(variantText('a EL TRABAJADOR [[informado|informada]], Ley N.° 29733', 'm'), 'a EL TRABAJADOR informado, Ley N.º\u00a029733')
  const text = await pdfText(await readFile(assetPath('templates', 'contrato-planilla-f.pdf')))
  t.match(text, 'II. DATOS DE LA TRABAJADORA')
  t.match(text, 'LA TRABAJADORA')
  t.notMatch(text, 'EL TRABAJADOR')
})

test('the data notice prints the optional purposes of src/documents/optional-purposes.ts, each with SÍ and NO', async (t) => {
  for (const output of ['tratamiento-datos.pdf', 'tratamiento-datos-f.pdf']) {
    const text = (await pdfText(await readFile(assetPath('templates', output)))).replace(/\s+/g, ' ')
    const numeral = text.slice(text.indexOf('7. Finalidades opcionales.'), text.indexOf('8. Constancia.'))
    for (const purpose of OPTIONAL_PURPOSES) t.ok(numeral.includes(printedPurpose(purpose)), `${output}: ${purpose.letter}) in numeral 7`)
    t.equal(numeral.match(/SÍ NO/g)?.length, OPTIONAL_PURPOSES.length, `${output}: one SÍ / NO per purpose`)
  }
  const source = readSource('tratamiento-datos.md')
  t.same(source.blocks.filter((block) => block.kind === 'choice').map((block) => 'text' in block ? block.text : ''),
    OPTIONAL_PURPOSES.map(printedPurpose), 'the source takes them from the list, in its order')
})
