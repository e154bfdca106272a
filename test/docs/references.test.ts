/**
 * Product code cites what a clone can resolve: a decision (D23), a section of the legal
 * requirements (DOCUMENT-REQUIREMENTS §17), a spec section (spec endpoint 5), a law article or a
 * page of docs/ (docs/security.md, "Roles"). An issue number ("issue 24 item 2") points outside
 * the repository, so no file of the product code may cite one: the history stays in the commit
 * messages and in docs/spec/DECISIONS-ADDED.md.
 */
import { test } from 'tap'
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, relative } from 'node:path'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The product code: what runs in production, the HR console included. */
const FOLDERS = ['app', 'src', 'plugins', 'routes', 'schemas', 'console']
const ISSUE_REFERENCE = /\bissues? #?\d+/i

/** Every file under `dir`, as paths relative to the repository. */
function filesUnder (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return entry.isFile() ? [relative(root, path)] : []
  })
}

test('the pattern finds issue numbers, not identifiers that end in "Issues"', async (t) => {
  for (const text of ['(issue 24 item 2)', 'Issue 26: the rows', 'issues 21 and 22', 'issue #7']) {
    t.match(text, ISSUE_REFERENCE, text)
  }
  for (const text of ['data.contractIssues', '`documentIssues` 4', 'D23', 'DOCUMENT-REQUIREMENTS §17', 'mergeIssues(2)']) {
    t.notMatch(text, ISSUE_REFERENCE, text)
  }
})

for (const folder of FOLDERS) {
  test(`${folder}/ cites no issue numbers`, async (t) => {
    const files = filesUnder(join(root, folder))
    t.ok(files.length > 0, `${folder}/ has files`)
    const found = files.flatMap((file) => readFileSync(join(root, file), 'utf8').split('\n')
      .flatMap((line, index) => ISSUE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []))
    t.same(found, [], found.length === 0
      ? 'no issue numbers'
      : `cite a D-number, a DOCUMENT-REQUIREMENTS §, a spec section, a law article or a docs/ page instead:\n${found.join('\n')}`)
  })
}
