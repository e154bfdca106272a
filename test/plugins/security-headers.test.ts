import { test } from 'tap'
import { build, sampleEmployee } from '../support/helper.js'

test('every /api/ reply says no-store and nosniff: successes, PDFs, 400s and 404s; the console keeps its caching', async (t) => {
  const app = await build(t)
  const replies = {
    health: await app.inject({ method: 'GET', url: '/api/health' }),
    preview: await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() }),
    badBody: await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { dni: 'x' } }),
    unknown: await app.inject({ method: 'GET', url: '/api/no-existe' })
  }
  t.equal(replies.preview.statusCode, 200)
  t.equal(replies.badBody.statusCode, 400)
  t.equal(replies.unknown.statusCode, 404)
  for (const [name, res] of Object.entries(replies)) {
    t.equal(res.headers['cache-control'], 'no-store', `${name}: Cache-Control`)
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${name}: X-Content-Type-Options`)
  }
  const root = await app.inject({ method: 'GET', url: '/' })
  t.not(root.headers['cache-control'], 'no-store', 'outside /api/ the hook does nothing')
})
