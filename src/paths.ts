/**
 * Resolves paths inside the project, from source (`src/`) and from the build (`dist/src/`) alike.
 * Compiled files sit one level deeper under `dist/`, so a hand-written `../assets` would break after `tsc`.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

function findProjectRoot (start: string): string {
  let dir = start
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    /* c8 ignore next */
    if (parent === dir) throw new Error(`package.json not found above ${start}`)
    dir = parent
  }
  return dir
}

/** Absolute path of the project root (the folder holding package.json). */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))

/** Absolute path of a file or folder under `assets/`. */
export function assetPath (...segments: string[]): string {
  return join(PROJECT_ROOT, 'assets', ...segments)
}

/** Resolves a configured path (TEMP_DIR, TEMPLATES_DIR, …) against the project root when relative. */
export function projectPath (path: string): string {
  return resolve(PROJECT_ROOT, path)
}
