/**
 * scripts/check-commit-messages.mjs on a git repository of its own (docs/style.md, "Commit messages"):
 * the history mode CI runs and the message-file mode of .githooks/commit-msg.
 */
import { test } from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = fileURLToPath(new URL('../../scripts/check-commit-messages.mjs', import.meta.url))
const GOOD_BODY = 'The reason for the change, in a sentence.'

/** A repository in `dir` with one commit made before the rule, whose hash it returns. */
function repository (dir: string): string {
  git(dir, 'init', '--quiet')
  commit(dir, 'Before the rule: an old commit whose subject runs well past the seventy-two characters')
  return git(dir, 'rev-parse', 'HEAD').trim()
}

function git (dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=Test', '-c', 'user.email=test@example.pe', '-c', 'core.hooksPath=/dev/null', ...args], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' }
  })
}

function commit (dir: string, message: string): void {
  git(dir, 'commit', '--quiet', '--allow-empty', '--cleanup=verbatim', '-m', message)
}

function check (dir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' })
  return { status: run.status, output: run.stdout + run.stderr }
}

test('the history passes when every commit after the base keeps the rule, and the base itself is not checked', async (t) => {
  const dir = t.testdir()
  const base = repository(dir)
  commit(dir, `Add the check of commit messages\n\n${GOOD_BODY}`)
  commit(dir, `${'x'.repeat(72)}\n\n${GOOD_BODY}`)
  t.same(check(dir, `--base=${base}`), { status: 0, output: '' })
})

test('the history fails on a subject over 72 characters and on an empty body, listing each commit', async (t) => {
  const dir = t.testdir()
  const base = repository(dir)
  commit(dir, `Add the check of commit messages\n\n${GOOD_BODY}`)
  commit(dir, `${'y'.repeat(73)}\n\n${GOOD_BODY}`)
  const long = git(dir, 'rev-parse', 'HEAD').trim()
  commit(dir, 'A subject and no body')
  const bodiless = git(dir, 'rev-parse', 'HEAD').trim()
  const { status, output } = check(dir, `--base=${base}`)
  t.equal(status, 1)
  t.match(output, '2 commit message(s) after')
  t.match(output, `${long.slice(0, 10)} ${'y'.repeat(73)}\n    subject is 73 characters (at most 72)`)
  t.match(output, `${bodiless.slice(0, 10)} A subject and no body\n    no body saying why`)
  t.notMatch(output, 'Add the check of commit messages')
})

test('merge commits are left out of the history', async (t) => {
  const dir = t.testdir()
  const base = repository(dir)
  const main = git(dir, 'branch', '--show-current').trim()
  git(dir, 'checkout', '--quiet', '-b', 'side')
  commit(dir, `Work on a side branch\n\n${GOOD_BODY}`)
  git(dir, 'checkout', '--quiet', main)
  commit(dir, `Work on the main branch\n\n${GOOD_BODY}`)
  git(dir, 'merge', '--quiet', '--no-edit', 'side')
  t.equal(git(dir, 'log', '-1', '--format=%b').trim(), '', 'the merge has no body')
  t.equal(check(dir, `--base=${base}`).status, 0)
})

test('a base the history does not hold (a shallow clone) is said and passes', async (t) => {
  const dir = t.testdir()
  repository(dir)
  commit(dir, 'No body')
  const { status, output } = check(dir, '--base=0123456789abcdef0123456789abcdef01234567')
  t.equal(status, 0)
  t.match(output, 'is not in this history')
  t.match(check(dir), { status: 0, output: /47248a2 is not in this history/ }, 'the default base, absent here')
})

test('a message file (the commit-msg hook) passes or fails by the same rule', async (t) => {
  const dir = t.testdir({
    good: `Add the check of commit messages\n\n${GOOD_BODY}\n# Please enter the commit message for your changes.\n`,
    long: `${'z'.repeat(80)}\n\n${GOOD_BODY}\n`,
    bodiless: 'A subject only\n\n# Please enter the commit message for your changes.\n',
    wrapped: `A subject that git joins\nwith its second line\n\n${GOOD_BODY}\n`,
    verbose: 'A subject only\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n+the diff is not a body\n',
    merge: "Merge branch 'side'\n",
    fixup: 'fixup! Add the check of commit messages\n',
    empty: '\n# nothing\n'
  })
  const file = (name: string) => `--message-file=${join(dir, name)}`
  t.same(check(dir, file('good')), { status: 0, output: '' })
  t.match(check(dir, file('long')), { status: 1, output: /subject is 80 characters \(at most 72\)/ })
  t.match(check(dir, file('bodiless')), { status: 1, output: /no body saying why/ })
  t.equal(check(dir, file('wrapped')).status, 0, 'a subject on two lines is one subject, as git reads it')
  t.match(check(dir, file('verbose')), { status: 1, output: /no body saying why/ }, 'nothing under the scissors counts')
  t.equal(check(dir, file('merge')).status, 0, 'git writes a merge message itself')
  t.equal(check(dir, file('fixup')).status, 0, 'a fixup! commit is squashed away before it lands')
  t.match(check(dir, file('empty')), { status: 1, output: /empty subject/ })
  writeFileSync(join(dir, 'long-wrapped'), `${'w '.repeat(30)}\n${'w '.repeat(30)}\n\n${GOOD_BODY}\n`)
  t.match(check(dir, file('long-wrapped')), { status: 1, output: /subject is \d+ characters/ }, 'a wrapped subject is measured whole')
})

test('the hook runs the check on the message git hands it', async (t) => {
  const dir = t.testdir()
  const hook = fileURLToPath(new URL('../../.githooks/commit-msg', import.meta.url))
  const root = fileURLToPath(new URL('../..', import.meta.url))
  writeFileSync(join(dir, 'message'), 'No body here\n')
  const refused = spawnSync(hook, [join(dir, 'message')], { cwd: root, encoding: 'utf8' })
  t.equal(refused.status, 1)
  t.match(refused.stderr, 'Commit message refused')
  writeFileSync(join(dir, 'message'), `A subject\n\n${GOOD_BODY}\n`)
  t.equal(spawnSync(hook, [join(dir, 'message')], { cwd: root }).status, 0)
})
