#!/usr/bin/env node
// Runs tap with the given arguments, then prints the plain closing line CI reads
// ("N passed, N failed, N skipped"), counting the top-level tests of each file from the
// TAP that tap saves under .tap/test-results, after the list of the failed ones, each with its first
// failed assertions or errors and the test file's line they came from. Exits with tap's own exit code.
// Test files run as many at a time as the machine has CPUs (os.availableParallelism()), unless the
// arguments say --jobs. How the TypeScript is compiled in the test processes:
// - without coverage (--disable-coverage): tsx (esbuild, cached: from about 0.5 s less CPU for a file
//   that loads little to about 4 s less for one that loads the app, than tap's ts-node plugin);
// - with coverage on a Node that strips types itself (22.18+, 24: `process.features.typescript`):
//   Node, with scripts/ts-resolve.mjs mapping our `./x.js` imports to `./x.ts` (about 40 % less CPU
//   per file than ts-node, and the coverage is read from the source as it is);
// - with coverage on Node 20: tap's ts-node plugin. Never tsx: tap's coverage reads every line of
//   code that tsx compiled as covered (a known tsx + c8 problem).
// TAP_TYPE_STRIP_ONLY=1 makes the plugin's ts-node loader stand aside in the test processes.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import module from 'node:module'

const args = process.argv.slice(2)
const jobs = args.some((arg) => /^(--jobs\b|-j)/.test(arg)) ? [] : [`--jobs=${availableParallelism()}`]
const nodeStripsTypes = Boolean(process.features.typescript) && typeof module.registerHooks === 'function'
const resolveHook = fileURLToPath(new URL('./ts-resolve.mjs', import.meta.url))
const loader = args.includes('--disable-coverage')
  ? ['--node-arg=--import=tsx', '--test-env=TAP_TYPE_STRIP_ONLY=1']
  : nodeStripsTypes ? [`--node-arg=--import=${resolveHook}`, '--test-env=TAP_TYPE_STRIP_ONLY=1'] : []
const resultsDir = '.tap/test-results'
rmSync(resultsDir, { recursive: true, force: true })
const tap = spawnSync('npx', ['tap', ...jobs, ...loader, ...args], { stdio: 'inherit' })

const counts = { passed: 0, failed: 0, skipped: 0 }
const failures = []
const files = readdirSync(resultsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.tap'))
for (const entry of files) {
  const lines = readFileSync(join(entry.parentPath, entry.name), 'utf8').split('\n')
  let start = 0 // where the current top-level test's lines begin
  for (const [index, line] of lines.entries()) {
    const point = /^(not ok|ok) \d+/.exec(line)
    if (point === null) continue
    if (/# (SKIP|TODO)/i.test(line)) counts.skipped++
    else if (point[1] === 'ok') counts.passed++
    else {
      counts.failed++
      const why = innermostFailures(lines.slice(start, index)).map((cause) => `\n      ${cause}`).join('')
      failures.push(`${join(entry.parentPath, entry.name).slice(resultsDir.length + 1).replace(/\.tap$/, '')}: ${line.replace(/^not ok \d+ - /, '')}${why}`)
    }
    start = index + 1
  }
}
/**
 * The first three failed assertions or thrown errors inside one failed top-level test (not the
 * subtests that failed because of them), each with the line of the test file it came from: the
 * reason a CI log shows beside the closing line, where a log cut from its end still has it.
 * @param {string[]} lines the TAP lines of that test
 * @returns {string[]}
 */
function innermostFailures (lines) {
  const subtests = new Set(lines.map((line) => /^\s*# Subtest: (.*)$/.exec(line)?.[1]).filter(Boolean))
  const causes = []
  for (const [index, line] of lines.entries()) {
    const point = /^(\s+)not ok \d+ - (.*?)(?: # time=[\d.]+ms)?$/.exec(line)
    if (point === null || subtests.has(point[2])) continue
    const end = lines.findIndex((entry, at) => at > index && /^\s+\.\.\.$/.test(entry))
    const yaml = lines.slice(index + 1, end === -1 ? index + 60 : end)
    // the test file's own line: in the stack (a library's error starts in the library), else tap's `at`
    const frames = yaml.map((entry) => /\b(test\/[\w./-]+\.ts:\d+)/.exec(entry)?.[1]).filter(Boolean)
    const inStack = frames.find((frame) => !frame.startsWith('test/support/')) ?? frames[0]
    const file = yaml.find((entry) => /^\s+fileName: /.test(entry))?.trim().slice('fileName: '.length)
    const at = yaml.find((entry) => /^\s+lineNumber: /.test(entry))?.trim().slice('lineNumber: '.length)
    const where = inStack ?? (file === undefined ? undefined : `${file}:${at ?? '?'}`)
    causes.push(`${point[2].replace(/\\#/g, '#')}${where === undefined ? '' : ` (${where})`}`)
    if (causes.length === 3) break
  }
  return causes
}

const status = tap.status ?? 1
if (status !== 0 && counts.failed === 0) counts.failed = 1 // a crash, a timeout or missing coverage still fails the run
// the failed tests again, by file, beside the closing line: a CI log is often read from its end
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`)
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(status)
