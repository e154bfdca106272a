/**
 * docs/spec/ holds a copy of the interface contract (service-spec.md) and of the decisions that
 * settle its contradictions (DECISIONS.md), so that the D-numbers cited in code resolve inside a
 * clone. Where the shared originals sit beside the repository (../shared/spec/, or the folder named
 * by SHARED_SPEC_DIR), the copies must be identical to them; elsewhere the check is skipped and says why.
 */
import { test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'

const root = fileURLToPath(new URL('../..', import.meta.url))
const shared = resolve(process.env.SHARED_SPEC_DIR ?? join(root, '..', 'shared', 'spec'))
const files = ['service-spec.md', 'DECISIONS.md']

for (const file of files) {
  const original = join(shared, file)
  const skip = existsSync(original) ? false : `no shared original at ${original}: nothing to compare the copy with here`
  test(`docs/spec/${file} is a copy of the shared original`, { skip }, async (t) => {
    const copy = readFileSync(join(root, 'docs', 'spec', file), 'utf8')
    t.match(copy, /\S/, 'the copy is not empty')
    t.equal(copy, readFileSync(original, 'utf8'), `docs/spec/${file} differs from ${original}: copy the original over it`)
  })
}
