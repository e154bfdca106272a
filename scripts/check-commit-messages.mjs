#!/usr/bin/env node
/**
 * Commit messages as docs/style.md ("Commit messages") asks: a subject of at most 72 characters, a
 * blank line, and a body that says why.
 *
 *   node scripts/check-commit-messages.mjs                 every commit after BASE up to HEAD (CI)
 *   node scripts/check-commit-messages.mjs --base=<rev>    every commit after <rev> up to HEAD
 *   node scripts/check-commit-messages.mjs --message-file=<path>   one message (.githooks/commit-msg)
 *
 * Exit 1 listing each offending commit, 0 when all pass. Merge commits are not checked (git writes
 * their message). Without git, or without BASE in the history (a shallow clone), it says so and
 * passes: it cannot tell which commits are new.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * The last commit before the rule: the commits up to it are grandfathered (many have long subjects
 * and no body), every later one is held to it.
 */
const BASE = '47248a2'

const MAX_SUBJECT = 72

/** The problems of one message (`subject` as git's %s, `body` as %b): none when it keeps the rule. */
function problemsOf (subject, body) {
  const problems = []
  const length = [...subject].length
  if (subject.trim() === '') problems.push('empty subject')
  if (length > MAX_SUBJECT) problems.push(`subject is ${length} characters (at most ${MAX_SUBJECT})`)
  if (body.trim() === '') problems.push('no body saying why (a blank line after the subject, then the reason)')
  return problems
}

/**
 * A message file as `git commit` hands it to the commit-msg hook: comment lines and everything under
 * the scissors line dropped; the subject is the first paragraph (git's %s joins its lines), the body
 * the rest.
 */
function parseMessage (text) {
  const scissors = text.indexOf('# ------------------------ >8 ------------------------')
  const lines = (scissors === -1 ? text : text.slice(0, scissors)).split('\n').filter((line) => !line.startsWith('#'))
  while (lines.length > 0 && lines[0].trim() === '') lines.shift()
  const blank = lines.findIndex((line) => line.trim() === '')
  const subjectLines = blank === -1 ? lines : lines.slice(0, blank)
  return {
    subject: subjectLines.map((line) => line.trim()).join(' '),
    body: blank === -1 ? '' : lines.slice(blank + 1).join('\n')
  }
}

function git (...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Commits after `base` up to HEAD, as [hash, subject, body], merges left out. */
function commitsAfter (base) {
  const log = git('log', '--no-merges', '--format=%H%x00%s%x00%b%x1e', `${base}..HEAD`)
  return log.split('\x1e').map((record) => record.replace(/^\n/, '')).filter((record) => record !== '')
    .map((record) => record.split('\x00'))
}

function checkMessageFile (path) {
  const { subject, body } = parseMessage(readFileSync(path, 'utf8'))
  // what git writes itself, or what a rebase squashes away
  if (/^(Merge (branch|remote-tracking branch|tag|commit|pull request) |(fixup|squash|amend)! )/.test(subject)) return 0
  const problems = problemsOf(subject, body)
  if (problems.length === 0) return 0
  console.error(`Commit message refused (docs/style.md, "Commit messages"): ${problems.join('; ')}.`)
  console.error(`  ${subject}`)
  return 1
}

function checkHistory (base) {
  try {
    git('rev-parse', '--verify', '--quiet', `${base}^{commit}`)
  } catch {
    console.log(`check-commit-messages: ${base} is not in this history (not a git clone, or a shallow one): nothing checked.`)
    return 0
  }
  const offending = commitsAfter(base)
    .map(([hash, subject, body]) => ({ hash, subject, problems: problemsOf(subject, body) }))
    .filter((commit) => commit.problems.length > 0)
  if (offending.length === 0) return 0
  console.error(`${offending.length} commit message(s) after ${base} break docs/style.md, "Commit messages":`)
  for (const commit of offending) {
    console.error(`  ${commit.hash.slice(0, 10)} ${commit.subject}`)
    console.error(`    ${commit.problems.join('; ')}`)
  }
  return 1
}

const option = (name) => process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const messageFile = option('message-file')
process.exitCode = messageFile === undefined ? checkHistory(option('base') ?? BASE) : checkMessageFile(messageFile)
