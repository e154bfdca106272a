/**
 * The contract engine: compiled templates, fonts and employer profile (plain data, built once
 * in the main thread and cloned into each worker), and the three documents of one employee.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Employee } from '../../schemas/employee.js'
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { CONTRACT_TEMPLATE, FIELD_NAMES, REQUIRED_FIELDS, TEMPLATE_IDS, fieldValues, type TemplateId } from './fields.js'
import { fillTemplate, type EngineFonts } from './fill.js'
import { helveticaMetrics, type FontMetrics } from './metrics.js'
import { TemplateError, compileTemplate, type CompiledTemplate } from './template.js'
import { loadUnicodeFont, type UnicodeFont } from './unicode-font.js'
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
 * Reads and checks every template and the employer profile (issue 3: at start-up).
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

/** The three documents of one employee (spec endpoint 4). */
export interface EmployeeDocuments {
  contract: Uint8Array
  consent: Uint8Array
  annex: Uint8Array
}

export interface ContractRenderer {
  /** The contract alone (preview, spec endpoint 3). */
  contract: (employee: Employee) => Promise<Uint8Array>
  /** Contract, consent and annex. */
  documents: (employee: Employee) => Promise<EmployeeDocuments>
}

/** A renderer over engine data; the Unicode font is parsed on first need and kept. */
export function createRenderer (data: EngineData): ContractRenderer {
  let unicode: Promise<UnicodeFont> | undefined
  const fonts: EngineFonts = {
    helvetica: data.helvetica,
    unicode: () => (unicode ??= loadUnicodeFont(data.unicodeFontPath))
  }
  const fill = (id: TemplateId, values: Record<string, string>) => fillTemplate(data.templates[id], values, fonts)
  return {
    contract: async (employee) => await fill(CONTRACT_TEMPLATE[employee.contractType], fieldValues(employee, data.employer)),
    documents: async (employee) => {
      const values = fieldValues(employee, data.employer)
      const [contract, consent, annex] = await Promise.all([
        fill(CONTRACT_TEMPLATE[employee.contractType], values),
        fill('tratamiento-datos', values),
        fill('anexo', values)
      ])
      return { contract, consent, annex }
    }
  }
}
