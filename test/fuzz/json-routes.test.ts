/**
 * Property-based fuzzing of every JSON endpoint from the schemas' rules: valid records
 * must succeed, records with one rule broken must get a 400 in the envelope, and nothing may ever
 * be a 500. FUZZ_RUNS sets the cases per property (default small for `npm test`;
 * `npm run test:fuzz` runs 10 000+).
 */
import { test } from 'tap'
import fc from 'fast-check'
import type { TObject } from '@sinclair/typebox'
import { build, sharedApp } from '../support/helper.js'
import { invalidAddendum, invalidEmployee, validAddendum, validEmployee } from './arbitraries.js'
import { LawLifeEmployeeSchema, PhotocheckEmployeeSchema, SctrEmployeeSchema } from '../../schemas/reports.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

interface Route {
  url: string
  batch: boolean
  schema?: TObject
  contentType: RegExp
  check?: (payload: Buffer) => string | undefined
  /** Records of the route (default: employees). */
  records?: { valid: fc.Arbitrary<Record<string, unknown>>, invalid: fc.Arbitrary<{ record: Record<string, unknown>, field: string, contractsOnly: boolean, removed: boolean }> }
}

const isPdf = (payload: Buffer) => (payload.subarray(0, 5).toString('latin1') === '%PDF-' ? undefined : 'not a PDF')
// entry names are stored uncompressed: a valid batch renders every record, so no D19 error list
const noErrorList = (payload: Buffer) => (payload.includes('errores.txt') ? 'a record failed (errores.txt)' : undefined)
const addenda = { valid: validAddendum, invalid: invalidAddendum }

export const ROUTES: Route[] = [
  { url: '/api/contracts/preview', batch: false, contentType: /^application\/pdf/, check: isPdf },
  { url: '/api/contracts/download-zip', batch: true, contentType: /^application\/zip/, check: noErrorList },
  { url: '/api/addendum/preview', batch: false, contentType: /^application\/pdf/, check: isPdf, records: addenda },
  { url: '/api/addendum/download-zip', batch: true, contentType: /^application\/zip/, check: noErrorList, records: addenda },
  { url: '/api/excel/download-lawlife', batch: true, schema: LawLifeEmployeeSchema, contentType: /spreadsheetml/ },
  { url: '/api/excel/download-sctr', batch: true, schema: SctrEmployeeSchema, contentType: /spreadsheetml/ },
  { url: '/api/excel/download-photocheck', batch: true, schema: PhotocheckEmployeeSchema, contentType: /^text\/csv/ }
]

/**
 * Does breaking `field` concern this route? Exports validate only the fields they print (and not
 * the contract rules); the contract and adenda routes concern every field (DOCUMENT-REQUIREMENTS §26
 * requires sex and birthDate there, over D21).
 */
const concerns = (route: Route, field: string, contractsOnly: boolean, _removed: boolean) => route.schema === undefined
  ? true
  : !contractsOnly && field in route.schema.properties

for (const route of ROUTES) {
  test(`fuzz ${route.url}: valid bodies succeed, one broken rule is a 400, never a 500`, async (t) => {
    // a ZIP records what it issues in the registry: each ZIP route fuzzes an app of its own; the
    // previews and exports keep nothing, and share the file's app
    const app = route.url.endsWith('/download-zip') ? await build(t) : await sharedApp()
    const wrap = (records: unknown[]) => (route.batch ? records : records[0])
    const { valid: validRecord, invalid: invalidRecord } = route.records ?? { valid: validEmployee, invalid: invalidEmployee }
    let valid = 0
    let invalid = 0
    await fc.assert(fc.asyncProperty(fc.array(validRecord, { minLength: 1, maxLength: route.batch ? 3 : 1 }), async (records) => {
      const res = await app.inject({ method: 'POST', url: route.url, payload: wrap(records) as object })
      if (res.statusCode !== 200) throw new Error(`valid body answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
      if (!route.contentType.test(String(res.headers['content-type']))) throw new Error(`content-type ${res.headers['content-type']}`)
      const problem = route.check?.(res.rawPayload)
      if (problem !== undefined) throw new Error(`${problem}: ${JSON.stringify(records).slice(0, 500)}`)
      valid++
    }), { numRuns: RUNS })
    await fc.assert(fc.asyncProperty(fc.array(validRecord, { maxLength: 2 }), invalidRecord, async (others, { record, field, contractsOnly, removed }) => {
      const res = await app.inject({ method: 'POST', url: route.url, payload: wrap([record, ...others]) as object })
      const expected = concerns(route, field, contractsOnly, removed) ? 400 : 200
      if (res.statusCode !== expected) throw new Error(`breaking ${field} answered ${res.statusCode}, expected ${expected}: ${res.body.slice(0, 300)}`)
      if (expected === 400) {
        const body = res.json()
        if (body.success !== false || !Array.isArray(body.errors) || body.errors.length === 0) throw new Error(`not the envelope: ${res.body.slice(0, 300)}`)
      }
      invalid++
    }), { numRuns: RUNS })
    t.equal(valid, RUNS, 'every valid case ran')
    t.equal(invalid, RUNS, 'every invalid case ran')
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    t.equal(health.statusCode, 200, 'healthy afterwards')
  })
}
