/**
 * Loads the contract engine's data once, in the main thread: compiled templates, font metrics
 * and employer profile, as plain data cloned into each worker (src/pdf/renderer.ts uses it).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { FIELD_NAMES, REQUIRED_FIELDS, TEMPLATE_IDS, type TemplateId } from './fields.js'
import { helveticaMetrics, type FontMetrics } from './metrics.js'
import { TemplateError, compileTemplate } from './template.js'
import type { CompiledTemplate } from './compiled.js'
import { loadEmployerProfile } from './employer-profile.js'

/** Everything a worker needs; structured-cloneable. */
export interface EngineData {
  templates: Record<TemplateId, CompiledTemplate>
  helvetica: FontMetrics
  unicodeFontPath: string
  employer: EmployerProfile
}

export interface EngineSources {
  /** Folder with the five `<id>.pdf` templates (TEMPLATES_DIR). */
  templatesDir: string
  /** Employer profile JSON (EMPLOYER_PROFILE). */
  employerProfilePath: string
  /** TTF used for values outside WinAnsi. */
  unicodeFontPath: string
}

/**
 * Reads and checks every template and the employer profile, once at start-up.
 * @returns the engine data and non-fatal findings (e.g. unknown fields) to log
 * @throws TemplateError naming the template (and field); EmployerProfileError
 */
export async function loadEngineData (sources: EngineSources): Promise<{ data: EngineData, warnings: string[] }> {
  const employer = await loadEmployerProfile(sources.employerProfilePath)
  const warnings: string[] = []
  const templates = {} as Record<TemplateId, CompiledTemplate>
  for (const id of TEMPLATE_IDS) {
    const name = `${id}.pdf`
    const path = join(sources.templatesDir, name)
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      throw new TemplateError(name, error.code === 'ENOENT' ? `no existe el archivo ${path}` : `no se puede leer ${path} (${error.code ?? error.message})`)
    })
    const compiled = await compileTemplate(name, bytes, REQUIRED_FIELDS[id], FIELD_NAMES)
    templates[id] = compiled.template
    warnings.push(...compiled.warnings.map((warning) => `Plantilla ${name}: ${warning}`))
  }
  await readFile(sources.unicodeFontPath).catch(() => { throw new Error(`Fuente Unicode no encontrada: ${sources.unicodeFontPath}`) })
  return { data: { templates, helvetica: helveticaMetrics(), unicodeFontPath: sources.unicodeFontPath, employer }, warnings }
}
