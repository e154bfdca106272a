import { test } from 'tap'
import { RecordIssueCache } from '../../../src/employees/issue-cache.js'
import type { RecordRules } from '../../../src/employees/cross-field-rules.js'
import { build, sampleEmployee } from '../../support/helper.js'
import { CONTRACT_RULE_MESSAGES } from '../../../schemas/messages.js'
import { contractCauseOf } from '../../../src/employees/lawful-contract.js'
import { recordModality } from '../../../src/documents/contract-terms.js'
import type { ImportedEmployee } from '../../../schemas/employee.js'

/** Rules that count their runs: one issue on `salary` when it is below 1000. */
function countingRules (): { rules: () => RecordRules, runs: () => number } {
  let runs = 0
  const rules: RecordRules = (record, prefix) => {
    runs++
    const salary = (record as { salary?: number }).salary ?? 0
    return salary < 1000 ? [{ field: prefix === '' ? 'salary' : `${prefix}.salary`, message: 'bajo' }] : []
  }
  return { rules: () => rules, runs: () => runs }
}

test('a record seen before is answered from memory, its issues on the path asked for', async (t) => {
  const cache = new RecordIssueCache()
  const { rules, runs } = countingRules()
  t.same(cache.issues('contract', { salary: 900 }, 'body.0', rules), [{ field: 'body.0.salary', message: 'bajo' }])
  t.same(cache.issues('contract', { salary: 900 }, 'body', rules), [{ field: 'body.salary', message: 'bajo' }])
  t.same(cache.issues('contract', { salary: 900 }, '', rules), [{ field: 'salary', message: 'bajo' }])
  t.equal(runs(), 1, 'the rules ran once')
  t.same(cache.issues('addendumDocument', { salary: 900 }, '', rules), [{ field: 'salary', message: 'bajo' }])
  t.equal(runs(), 2, 'another kind is another question')
  t.same(cache.issues('contract', { salary: 1200 }, 'body.1', rules), [])
  t.equal(runs(), 3, 'another record too')
  t.same(cache.stats, { hits: 2, misses: 3, entries: 3 })
})

test('past its size the least recently used record is forgotten', async (t) => {
  const cache = new RecordIssueCache(2)
  const { rules, runs } = countingRules()
  cache.issues('contract', { salary: 1 }, '', rules)
  cache.issues('contract', { salary: 2 }, '', rules)
  cache.issues('contract', { salary: 1 }, '', rules) // used again: now the newest
  cache.issues('contract', { salary: 3 }, '', rules) // forgets salary 2
  t.equal(runs(), 3)
  cache.issues('contract', { salary: 1 }, '', rules)
  t.equal(runs(), 3, 'salary 1 was kept')
  cache.issues('contract', { salary: 2 }, '', rules)
  t.equal(runs(), 4, 'salary 2 was forgotten')
  t.equal(cache.stats.entries, 2)
})

test('through the app: the ZIP after the preview runs no rule again, and a refused record is refused again', async (t) => {
  const app = await build(t)
  const record = sampleEmployee()
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
  t.equal(preview.statusCode, 200)
  const before = app.employeeBodies.issueCache.stats
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record] })
  t.equal(zip.statusCode, 200)
  t.equal(app.employeeBodies.issueCache.stats.hits, before.hits + 1, 'the ZIP found the preview\'s answer')
  t.equal(app.employeeBodies.issueCache.stats.misses, before.misses)

  const low = sampleEmployee({ salary: 1000, salaryInWords: undefined })
  for (const attempt of ['first', 'second']) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record, low] })
    t.equal(res.statusCode, 400, attempt)
    t.same(res.json().errors, [{ field: 'body.1.salary', message: CONTRACT_RULE_MESSAGES.belowMinimumWage('S/ 1,130.00') }], attempt)
  }
})

test('a body nested past the stack is checked by the rules, never remembered', async (t) => {
  const cache = new RecordIssueCache()
  const { rules, runs } = countingRules()
  let deep: unknown = { salary: 900 }
  for (let level = 0; level < 100_000; level++) deep = [deep]
  t.same(cache.issues('contract', deep, 'body.0', rules), [{ field: 'body.0.salary', message: 'bajo' }])
  t.equal(runs(), 1)
  t.equal(cache.stats.entries, 0)
})

test('what is derived from a checked record is computed once per record, and again under another profile', async (t) => {
  const cache = new RecordIssueCache()
  const { rules } = countingRules()
  let computed = 0
  const facts = (record: { salary: number }) => cache.derived(record, 'facts', () => { computed++; return { doubled: record.salary * 2 } })
  const profile = {}
  cache.holdFor(profile)
  const first = { salary: 1500 }
  cache.issues('contract', first, 'body.0', rules)
  t.same(facts(first), { doubled: 3000 })
  const again = { salary: 1500 } // the same record in a later request: another object, the same content
  cache.issues('contract', again, 'body.0', rules)
  t.same(facts(again), { doubled: 3000 })
  t.equal(computed, 1, 'derived once for the content')
  const unchecked = { salary: 1500 }
  t.same(facts(unchecked), { doubled: 3000 })
  t.same(facts(unchecked), { doubled: 3000 })
  t.equal(computed, 3, 'a record the cache never checked is computed each time')
  cache.holdFor({}) // the causes in force changed
  cache.issues('contract', again, 'body.0', rules)
  t.same(facts(again), { doubled: 3000 })
  t.equal(computed, 4, 'nothing derived under the old profile holds')
})

test('through the app: a ZIP sent again records the modality and reviewed cause the rules resolved', async (t) => {
  const app = await build(t)
  const record = sampleEmployee() as ImportedEmployee & { dni: string }
  for (const attempt of ['first', 'second']) {
    const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [record] })
    t.equal(zip.statusCode, 200, attempt)
  }
  t.ok(app.employeeBodies.issueCache.stats.hits >= 1, 'the second ZIP was answered from memory')
  const recorded = await app.registry.run(async (registry) => await registry.workerContracts(record.dni))
  t.same(recorded.map(({ status }) => status).sort(), ['issued', 'superseded'], 'the second is a corrected reprint of the first')
  const issued = recorded.find(({ status }) => status === 'issued')
  const stored = await app.registry.run(async (registry) => await registry.contractForAddendum(issued?.id ?? ''))
  const cause = contractCauseOf(record, app.employerProfile)
  t.ok(cause, 'the sample has a reviewed cause')
  t.equal(stored?.record.causeId, cause?.id)
  t.equal(stored?.record.modality, recordModality(record, app.employerProfile))
})
