import { test } from 'tap'
import { build } from '../support/helper.js'

test('GET / answers the service info of endpoint 1', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/' })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.match(body, { success: true, message: 'Servicio de Generación de Contratos Laborales', version: '1.0.0', status: 'running' })
  t.ok(Number.isFinite(Date.parse(body.timestamp)), 'timestamp is ISO 8601')
  t.equal(body.endpoints.health, '/api/health')
  t.notOk(Object.values(body.endpoints).some((path) => String(path).startsWith('/api/contract/')), 'the D1 alias is not listed twice')
})

test('GET /api/health answers endpoint 2', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.match(body, { success: true, message: 'Server is running', path: '/api/health' })
  t.ok(Number.isFinite(Date.parse(body.timestamp)))
})

test('OpenAPI document lists the routes and Swagger UI is served', async (t) => {
  const app = await build(t)
  const spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  t.equal(spec.openapi, '3.1.0')
  t.ok(spec.paths['/api/health'])
  const ui = await app.inject({ method: 'GET', url: '/docs/' })
  t.equal(ui.statusCode, 200)
  t.match(ui.body, /swagger-ui/i)
})
