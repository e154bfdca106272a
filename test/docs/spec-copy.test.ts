/**
 * docs/spec/ holds a copy of the interface contract (service-spec.md) and of the decisions that
 * settle its contradictions (DECISIONS.md), and docs/legal/ one of the legal requirements the
 * clauses implement (DOCUMENT-REQUIREMENTS.md), so that the D-numbers and §-numbers cited in code
 * resolve inside a clone. Where the shared originals sit beside the repository (../shared/, or the
 * folder named by SHARED_DIR), the copies must be identical to them; elsewhere the check is skipped
 * and says why.
 */
import { test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'

const root = fileURLToPath(new URL('../..', import.meta.url))
const shared = resolve(process.env.SHARED_DIR ?? join(root, '..', 'shared'))
const files = ['spec/service-spec.md', 'spec/DECISIONS.md', 'legal/DOCUMENT-REQUIREMENTS.md']

for (const file of files) {
  const original = join(shared, file)
  const skip = existsSync(original) ? false : `no shared original at ${original}: nothing to compare the copy with here`
  test(`docs/${file} is a copy of the shared original`, { skip }, async (t) => {
    const copy = readFileSync(join(root, 'docs', file), 'utf8')
    t.match(copy, /\S/, 'the copy is not empty')
    t.equal(copy, readFileSync(original, 'utf8'), `docs/${file} differs from ${original}: copy the original over it`)
  })
}
