/** API keys and scratch files for the tests of AUTH_MODE=oidc. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { hashApiKey } from '../../src/auth/api-keys.js'

/** One key per role, each at least API_KEY_MIN_LENGTH (32) characters: shorter keys are refused where they are presented. */
export const KEYS = {
  hr: 'clave-rrhh-0123456789abcdef0123456789',
  exports: 'clave-exportes-0123456789abcdef0123456789',
  operator: 'clave-operador-0123456789abcdef0123456789',
  legal: 'clave-asesoria-legal-0123456789abcdef0123456789'
} as const
/** A second `hr` identity (label `hr-otra-sede`), for owned sessions. */
export const OTHER_HR_KEY = 'clave-rrhh-otra-sede-0123456789abcdef'

/**
 * A folder of files for the test, outside its testdir (build() makes that one anew), removed at
 * teardown. The files are 0600, as an API_KEYS_FILE must be (start-up refuses one others can read).
 */
export function scratchDir (t: Test, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'contratos-auth-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 })
  return dir
}

/** An API_KEYS_FILE (0600) with one key per role, labelled `<role>-job`. */
export function writeKeysFile (t: Test): string {
  const path = join(scratchDir(t), 'api-keys')
  writeFileSync(path, '# contratos API keys\n\n' + Object.entries(KEYS).map(([role, key]) => `${hashApiKey(key)} ${role} ${role}-job`).join('\n') +
    `\n${hashApiKey(OTHER_HR_KEY)} hr hr-otra-sede\n`, { mode: 0o600 })
  return path
}
