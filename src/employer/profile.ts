/**
 * The employer profile: read and checked once at start-up (DOCUMENT-REQUIREMENTS §8). Besides the
 * schema (schemas/employer-profile.ts) it verifies the RUC's check digit and refuses, in
 * production, the fictitious demo profile that ships in assets/.
 */
import { readFile } from 'node:fs/promises'
import { EmployerProfileSchema, type EmployerProfile } from '../../schemas/employer-profile.js'
import { compileValidator } from '../validation.js'
import { parseModality } from '../vocabulary/modality.js'
import { catalogueProblems } from './catalogue.js'
import { causeProblems } from './reviewed-causes.js'
import { siteProblems } from './sites.js'
import type { ErrorCode } from '../errors.js'

/** A profile that cannot be used; its message names the file, then one line per problem. Stops start-up. */
export class EmployerProfileError extends Error {
  readonly problems: string[]
  readonly code = 'CONTRATOS_EMPLOYER_PROFILE' satisfies ErrorCode
  constructor (path: string, problems: string[]) {
    super(`Perfil del empleador ${path}: ${problems.length === 1 ? problems[0] : `${problems.length} problemas\n${problems.map((problem) => `  - ${problem}`).join('\n')}`}`)
    this.name = 'EmployerProfileError'
    this.problems = problems
  }
}

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]

/**
 * SUNAT's RUC check: 11 digits, a known prefix (10 persons, 15/16/17 other, 20 companies) and the
 * modulo-11 check digit over the first ten.
 */
export function isValidRuc (ruc: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false
  const sum = RUC_WEIGHTS.reduce((total, weight, index) => total + weight * Number(ruc[index]), 0)
  const digit = (11 - (sum % 11)) % 10 // 11 - r, where 10 → 0 and 11 → 1
  return digit === Number(ruc[10])
}

const validate = compileValidator(EmployerProfileSchema)

/**
 * Reads and checks the employer profile JSON.
 * @param options.production refuse a profile marked `"fictitious": true` (the demo one in assets/)
 * @param options.checks further checks of a profile the schema accepted, from the layers above
 *   (the working-time rules of src/employees, DOCUMENT-REQUIREMENTS §22, §23): one line per problem
 * @throws EmployerProfileError when the file is missing, not JSON, fails the schema, has a wrong
 *   RUC check digit or is the demo profile in production; every problem on its own line
 */
export async function loadEmployerProfile (
  path: string, options: { production?: boolean, checks?: Array<(profile: EmployerProfile) => string[]> } = {}
): Promise<EmployerProfile> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new EmployerProfileError(path, [(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no existe' : `no es JSON válido (${(error as Error).message})`])
  }
  const result = validate(data)
  const problems = result.ok ? [] : result.issues.map((issue) => `${issue.field === '' ? 'perfil' : issue.field}: ${issue.message}`)
  const record = data as Partial<EmployerProfile> | null
  if (typeof record?.ruc === 'string' && /^\d{11}$/.test(record.ruc) && !isValidRuc(record.ruc)) {
    problems.push(`ruc: el RUC ${record.ruc} no es válido (prefijo o dígito verificador)`)
  }
  if (result.ok) {
    const profile = result.value
    problems.push(
      ...contractDefaultProblems(profile), ...catalogueProblems(profile),
      ...siteProblems(profile), ...causeProblems(profile), ...videoProblems(profile)
    )
    for (const check of options.checks ?? []) problems.push(...check(profile))
  }
  if (options.production === true && record?.fictitious === true) {
    problems.push('es el perfil ficticio de demostración: en producción indique su propio perfil con EMPLOYER_PROFILE')
  }
  if (problems.length > 0 || !result.ok) throw new EmployerProfileError(path, problems)
  return result.value
}

/**
 * The profile's defaults name what the service prints (DOCUMENT-REQUIREMENTS §13): each modality is
 * one of them (a Subsidio's is the suplencia, 61, which no other type takes). The defaults' working
 * time is checked by the working-time rules (src/employees/working-time-rules.ts
 * profileWorkingTimeProblems, given to loadEmployerProfile); the causes by causeProblems (§21).
 * @returns one line per problem, naming the key
 */
export function contractDefaultProblems (profile: EmployerProfile): string[] {
  const problems: string[] = []
  for (const type of ['Planilla', 'Part Time', 'Subsidio'] as const) {
    const defaults = profile.contractDefaults[type]
    const key = `contractDefaults.${type}`
    if (defaults.modality !== undefined) {
      const code = parseModality(defaults.modality)
      if (code === undefined) problems.push(`${key}.modality: "${defaults.modality}" no es 57, 58, 60, 61, 63 ni 67`)
      else if ((type === 'Subsidio') !== (code === '61')) problems.push(`${key}.modality: la suplencia (61) es solo del Subsidio`)
    }
  }
  return problems
}

/** Cameras are disclosed with their areas, purpose and retention (DOCUMENT-REQUIREMENTS §18). */
function videoProblems (profile: EmployerProfile): string[] {
  const video = profile.dataProtection.videoSurveillance
  if (!video.cameras) return []
  return (['areas', 'purpose', 'retention'] as const)
    .filter((key) => video[key] === undefined)
    .map((key) => `dataProtection.videoSurveillance.${key}: falta (hay cámaras: el aviso de datos debe decir dónde, para qué y por cuánto tiempo)`)
}
