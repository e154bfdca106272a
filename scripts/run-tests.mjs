#!/usr/bin/env node
// Runs tap with the given arguments, then prints the plain closing line CI reads
// ("N passed, N failed, N skipped"), counting the top-level tests of each file from the
// TAP that tap saves under .tap/test-results. Exits with tap's own exit code.
// Test files run as many at a time as the machine has CPUs (os.availableParallelism()), unless the
// arguments say --jobs. A run without coverage (--disable-coverage) has tsx compile the TypeScript
// (esbuild, cached: from about 0.5 s less CPU for a file that loads little to about 4 s less for
// one that loads the app, than tap's ts-node plugin, which the coverage run keeps: tap's coverage
// reads every line of code that tsx compiled as covered, a known tsx + c8 problem); TAP_TYPE_STRIP_ONLY=1
// only makes the plugin's ts-node loader stand aside in the test processes.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'

const args = process.argv.slice(2)
const jobs = args.some((arg) => /^(--jobs\b|-j)/.test(arg)) ? [] : [`--jobs=${availableParallelism()}`]
const loader = args.includes('--disable-coverage') ? ['--node-arg=--import=tsx', '--test-env=TAP_TYPE_STRIP_ONLY=1'] : []
const resultsDir = '.tap/test-results'
rmSync(resultsDir, { recursive: true, force: true })
const tap = spawnSync('npx', ['tap', ...jobs, ...loader, ...args], { stdio: 'inherit' })

const counts = { passed: 0, failed: 0, skipped: 0 }
const files = readdirSync(resultsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.tap'))
for (const entry of files) {
  for (const line of readFileSync(join(entry.parentPath, entry.name), 'utf8').split('\n')) {
    const point = /^(not ok|ok) \d+/.exec(line)
    if (point === null) continue
    if (/# (SKIP|TODO)/i.test(line)) counts.skipped++
    else if (point[1] === 'ok') counts.passed++
    else counts.failed++
  }
}
const status = tap.status ?? 1
if (status !== 0 && counts.failed === 0) counts.failed = 1 // a crash, a timeout or missing coverage still fails the run
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(status)
