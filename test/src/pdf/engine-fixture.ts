/** Engine data over the real templates in assets/, loaded once per test file; template fixtures. */
import { readFile } from 'node:fs/promises'
import { PDFDocument } from 'pdf-lib'
import { assetPath } from '../../../src/paths.js'
import { loadEngineData, type EngineData } from '../../../src/documents/engine-data.js'

let data: Promise<EngineData> | undefined

export const ENGINE_SOURCES = {
  templatesDir: assetPath('templates'),
  employerProfilePath: assetPath('employer-profile.json'),
  unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf')
}

export async function engineData (): Promise<EngineData> {
  data ??= loadEngineData(ENGINE_SOURCES).then((loaded) => loaded.data)
  return await data
}

/** The real Planilla template with some fields renamed (so missing), as an HR editor could leave it. */
export async function planillaWithout (...fields: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await readFile(assetPath('templates', 'contrato-planilla.pdf')))
  const form = doc.getForm()
  for (const field of fields) form.getField(field).acroField.setPartialName(`${field}Renombrado`)
  return await doc.save()
}
