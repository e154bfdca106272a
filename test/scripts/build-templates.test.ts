import { test } from 'tap'
import { readFile } from 'node:fs/promises'
import { buildTemplate, readSource, sourceFiles } from '../../scripts/build-templates.js'
import { assetPath } from '../../src/paths.js'
import { TEMPLATE_IDS } from '../../src/pdf/fields.js'
import { pdfText } from '../helper.js'

test('every committed template is exactly what its source builds (run `npm run templates` after editing a source)', async (t) => {
  const outputs = sourceFiles().map((file) => readSource(file).output).sort()
  t.same(outputs, TEMPLATE_IDS.map((id) => `${id}.pdf`).sort(), 'one source per template')
  for (const file of sourceFiles()) {
    const source = readSource(file)
    const built = await buildTemplate(source)
    const committed = await readFile(assetPath('templates', source.output))
    t.ok(Buffer.compare(Buffer.from(built), committed) === 0, `${source.output} is up to date`)
  }
})

test('clauses are numbered and partials included', async (t) => {
  const text = await pdfText(await readFile(assetPath('templates', 'contrato-planilla.pdf')))
  t.match(text, 'PRIMERA. – ANTECEDENTES.')
  t.match(text, 'DÉCIMA CUARTA. – LEGISLACIÓN Y JURISDICCIÓN.')
  t.match(text, 'II. DATOS DEL TRABAJADOR')
  t.match(text, 'LUGAR Y FECHA DE SUSCRIPCIÓN')
})
