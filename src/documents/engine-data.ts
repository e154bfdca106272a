/**
 * Loads the contract engine's data once, in the main thread: compiled templates, font metrics
 * and employer profile, as plain data cloned into each worker (src/documents/renderer.ts uses it).
 */
import { readFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { FIELD_NAMES, REQUIRED_FIELDS, TEMPLATE_IDS, type TemplateId } from './fields.js'
import { loadWinAnsiFont, type WinAnsiFont } from '../pdf/embedded-font.js'
import { TemplateError, compileTemplate } from '../pdf/template.js'
import type { CompiledTemplate } from '../pdf/compiled.js'
import { loadEmployerProfile } from '../employer/profile.js'
import { profileWorkingTimeProblems } from '../employees/working-time-rules.js'

/** Everything a worker needs; structured-cloneable. */
export interface EngineData {
  templates: Record<TemplateId, CompiledTemplate>
  /** The embedded font values are drawn with (metrics and file). */
  textFont: WinAnsiFont
  unicodeFontPath: string
  employer: EmployerProfile
}

export interface EngineSources {
  /** Folder with a `<id>.pdf` template per id of TEMPLATE_IDS (TEMPLATES_DIR). */
  templatesDir: string
  /** Employer profile JSON (EMPLOYER_PROFILE). */
  employerProfilePath: string
  /** TTF used for values outside WinAnsi. */
  unicodeFontPath: string
  /** Refuse the fictitious demo profile (NODE_ENV=production). */
  production?: boolean
}

/**
 * Compiled templates by file name and content: an app built again in the same process (tests,
 * several apps) does not compile the templates again. A failed compile is not kept.
 */
const compiledCache = new Map<string, Promise<Awaited<ReturnType<typeof compileTemplate>>>>()

function compileOnce (
  name: string, bytes: Uint8Array, id: TemplateId, textFont: WinAnsiFont
): ReturnType<typeof compileTemplate> {
  const key = `${name}:${textFont.baseFont}:${createHash('sha1').update(bytes).digest('hex')}`
  let compiled = compiledCache.get(key)
  if (compiled === undefined) {
    compiled = compileTemplate(name, bytes, REQUIRED_FIELDS[id], FIELD_NAMES, textFont)
    compiledCache.set(key, compiled)
    compiled.catch(() => compiledCache.delete(key))
  }
  return compiled
}

/**
 * Reads and checks every template and the employer profile, once at start-up.
 * @returns the engine data and non-fatal findings (e.g. unknown fields) to log
 * @throws TemplateError naming the template (and field); EmployerProfileError
 */
export async function loadEngineData (sources: EngineSources): Promise<{ data: EngineData, warnings: string[] }> {
  const employer = await loadEmployerProfile(sources.employerProfilePath, {
    production: sources.production, checks: [profileWorkingTimeProblems]
  })
  const warnings: string[] = []
  const textFont = loadWinAnsiFont('regular')
  const templates = {} as Record<TemplateId, CompiledTemplate>
  for (const id of TEMPLATE_IDS) {
    const name = `${id}.pdf`
    const path = join(sources.templatesDir, name)
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      throw new TemplateError(name, error.code === 'ENOENT' ? `no existe el archivo ${path}` : `no se puede leer ${path} (${error.code ?? error.message})`)
    })
    const compiled = await compileOnce(name, bytes, id, textFont)
    templates[id] = compiled.template
    warnings.push(...compiled.warnings.map((warning) => `Plantilla ${name}: ${warning}`))
  }
  await readFile(sources.unicodeFontPath).catch(() => { throw new Error(`Fuente Unicode no encontrada: ${sources.unicodeFontPath}`) })
  return { data: { templates, textFont, unicodeFontPath: sources.unicodeFontPath, employer }, warnings }
}
