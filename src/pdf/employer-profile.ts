/** The employer profile printed in every document: read and checked once at start-up. */
import { readFile } from 'node:fs/promises'
import { EmployerProfileSchema, type EmployerProfile } from '../../schemas/employer-profile.js'
import { compileValidator } from '../validation.js'

/** A profile that cannot be used; its message names the file and the problem. Stops start-up. */
export class EmployerProfileError extends Error {
  constructor (path: string, detail: string) {
    super(`Perfil del empleador ${path}: ${detail}`)
    this.name = 'EmployerProfileError'
  }
}

const validate = compileValidator(EmployerProfileSchema)

/**
 * Reads the employer profile JSON.
 * @throws EmployerProfileError when the file is missing, not JSON, or fails schemas/employer-profile.ts
 */
export async function loadEmployerProfile (path: string): Promise<EmployerProfile> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new EmployerProfileError(path, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no existe' : `no es JSON válido (${(error as Error).message})`)
  }
  const result = validate(data)
  if (!result.ok) throw new EmployerProfileError(path, result.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '))
  return result.value
}
