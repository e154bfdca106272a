import { test } from 'tap'
import { build } from '../support/helper.js'

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/api/health',
  headers: { origin, 'access-control-request-method': 'POST' }
})

test('a preflight from an allowed origin is granted with the spec methods', async (t) => {
  const app = await build(t, { CORS_ORIGINS: 'http://localhost:5173, https://rrhh.example.pe' })
  for (const origin of ['http://localhost:5173', 'https://rrhh.example.pe']) {
    const res = await app.inject(preflight(origin))
    t.equal(res.statusCode, 204)
    t.equal(res.headers['access-control-allow-origin'], origin)
    t.equal(res.headers['access-control-allow-methods'], 'GET, POST, PUT, DELETE, PATCH')
  }
})

test('a preflight or request from another origin gets no CORS grant', async (t) => {
  const app = await build(t)
  const res = await app.inject(preflight('https://evil.example.com'))
  t.equal(res.statusCode, 403)
  t.same(res.json(), { success: false, message: 'Origen no permitido por CORS: https://evil.example.com', data: null })
  t.notOk(res.headers['access-control-allow-origin'])
  const get = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example.com' } })
  t.notOk(get.headers['access-control-allow-origin'])
})

test('a page on an allowed origin can read the download name, size, request id and Retry-After', async (t) => {
  const app = await build(t, { CORS_ORIGINS: 'http://localhost:5173' })
  const res = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:5173', 'x-request-id': 'soporte-123' } })
  t.equal(res.statusCode, 200)
  t.match(res.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'the service\'s own request id, the one its logs know')
  t.same(String(res.headers['access-control-expose-headers']).split(/,\s*/), ['Content-Disposition', 'Content-Length', 'X-Request-Id', 'Retry-After'])
})
