/** Engine data over the real templates in assets/, loaded once per test file. */
import { assetPath } from '../../../src/paths.js'
import { loadEngineData, type EngineData } from '../../../src/pdf/engine.js'

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
