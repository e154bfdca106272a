/**
 * The naive baseline the PDF engine is measured against: a single-threaded loop that, for every
 * document, loads the same template with plain pdf-lib, fills every text field, flattens and saves. The templates are
 * the ones the service uses (assets/templates/*.pdf), cycled over the documents.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { PDFDocument, PDFTextField } from 'pdf-lib'
import { assetPath } from '../src/paths.js'

/** Fills `3 × employees.length` documents; returns PDFs per second and the mean bytes per PDF. */
export async function naiveBaseline (employees: readonly Record<string, unknown>[]): Promise<{ pdfsPerSec: number, meanBytes: number, documents: number }> {
  const dir = assetPath('templates')
  const templates = readdirSync(dir).filter((name) => name.endsWith('.pdf')).map((name) => readFileSync(`${dir}/${name}`))
  if (templates.length === 0) throw new Error(`no templates in ${dir}`)
  const documents = employees.length * 3
  let bytes = 0
  const started = performance.now()
  for (let i = 0; i < documents; i++) {
    const employee = employees[Math.floor(i / 3)]
    const doc = await PDFDocument.load(templates[i % templates.length])
    const form = doc.getForm()
    for (const field of form.getFields()) {
      if (field instanceof PDFTextField) field.setText(`${String(employee.name)} ${String(employee.lastNameFather)} ${String(employee.dni)}`)
    }
    form.flatten()
    bytes += (await doc.save()).length
  }
  const seconds = (performance.now() - started) / 1000
  return { pdfsPerSec: documents / seconds, meanBytes: bytes / documents, documents }
}
