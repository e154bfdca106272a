/**
 * The README is an index of docs/: every relative link in README.md and in the topic pages of
 * docs/ must resolve inside a clone (no link into ../shared or elsewhere outside the repository),
 * a link to a heading must find that heading, and every repository path the pages name in code
 * spans (`src/zip/names.ts`) must exist, so that the code map cannot drift from the tree.
 */
import { test } from 'tap'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join, relative, resolve, sep } from 'node:path'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
/** Folders the scripts create when they run, named in the pages as where their output goes. */
const GENERATED = ['bench/profiles/']
const TOP_FOLDERS = ['app', 'src', 'plugins', 'routes', 'schemas', 'test', 'console', 'assets', 'scripts', 'bench', 'deploy', 'docs']

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug (heading: string): string {
  return heading.trim().toLowerCase().replace(/[`*_]/g, '').replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-')
}

function anchors (file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)))
}

for (const page of pages) {
  test(`${page}: links resolve inside the repository`, async (t) => {
    const text = readFileSync(join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '')
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l))
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined]
      const target = path === '' ? join(root, page) : resolve(dirname(join(root, page)), decodeURI(path))
      const inside = !relative(root, target).startsWith('..' + sep) && relative(root, target) !== '..'
      t.ok(inside, `${link} stays inside the repository`)
      t.ok(existsSync(target), `${link} exists`)
      if (anchor !== undefined && inside && existsSync(target)) {
        t.ok(anchors(target).has(anchor), `${link}: the heading #${anchor} exists`)
      }
    }
  })

  test(`${page}: the repository paths it names exist`, async (t) => {
    const spans = [...readFileSync(join(root, page), 'utf8').matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!)
    const paths = spans.filter((s) => TOP_FOLDERS.some((f) => s.startsWith(f + '/')) && !/[*<>…|]/.test(s) && !GENERATED.includes(s))
    for (const path of paths) t.ok(existsSync(join(root, path.replace(/[:#].*$/, ''))), `${path} exists`)
  })
}
