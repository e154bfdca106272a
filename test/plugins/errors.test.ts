import { test } from 'tap'
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import { AppError } from '../../src/errors.js'
import { frameworkErrorReply } from '../../plugins/errors.js'
import { build } from '../helper.js'

const faulty: FastifyPluginAsync = async (app) => {
  app.get('/test/boom', async () => { throw new Error('secret path /srv/x exploded') })
  app.get('/test/app-error', async () => { throw new AppError(409, 'Conflicto de prueba', { data: { id: 1 } }) })
  app.post('/test/echo', async (request) => request.body)
  app.get('/test/client-error', async () => { throw Object.assign(new Error('odd'), { statusCode: 418 }) })
  app.get('/test/framework-error', async (request, reply) => frameworkErrorReply(Object.assign(new Error('x'), { code: 'FST_ERR_OTHER' }) as FastifyError, request, reply))
}

test('an unknown route answers the D16 404 envelope', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'DELETE', url: '/api/nada?x=1' })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { success: false, message: 'Ruta no encontrada: DELETE /api/nada', data: null })
})

test('malformed JSON, an empty JSON body, an unsupported content type and a too-large body are 400s', async (t) => {
  const app = await build(t, {}, faulty)
  const cases = [
    { headers: { 'content-type': 'application/json' }, payload: '{"name": ', message: 'El cuerpo JSON no es válido' },
    { headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}}', message: 'El cuerpo JSON no es válido' },
    { headers: { 'content-type': 'application/json' }, payload: '', message: 'El cuerpo de la solicitud está vacío' },
    { headers: { 'content-type': 'application/x-unknown' }, payload: 'x', message: 'Tipo de contenido no soportado' },
    { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }), message: 'El cuerpo de la solicitud supera el tamaño máximo permitido' }
  ]
  for (const { headers, payload, message } of cases) {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers, payload })
    t.equal(res.statusCode, 400, message)
    t.same(res.json(), { success: false, message, data: null })
  }
})

test('an unexpected failure is a 500 with the error text in development', async (t) => {
  const app = await build(t, {}, faulty)
  const res = await app.inject({ method: 'GET', url: '/test/boom' })
  t.equal(res.statusCode, 500)
  t.same(res.json(), { success: false, message: 'Internal Server Error', data: null, errors: 'secret path /srv/x exploded' })
})

test('an unexpected failure in production leaks no internal text (D17)', async (t) => {
  const app = await build(t, { NODE_ENV: 'production' }, faulty)
  const res = await app.inject({ method: 'GET', url: '/test/boom' })
  t.equal(res.statusCode, 500)
  t.same(res.json(), { success: false, message: 'Internal Server Error', data: null, errors: 'Error interno del servidor' })
  t.notMatch(res.body, /srv|stack|exploded/)
})

test('an AppError keeps its status, message and data; other 4xx keep their status', async (t) => {
  const app = await build(t, {}, faulty)
  const res = await app.inject({ method: 'GET', url: '/test/app-error' })
  t.equal(res.statusCode, 409)
  t.same(res.json(), { success: false, message: 'Conflicto de prueba', data: { id: 1 } })
  const teapot = await app.inject({ method: 'GET', url: '/test/client-error' })
  t.equal(teapot.statusCode, 418)
  t.same(teapot.json(), { success: false, message: 'La solicitud no se pudo procesar', data: null })
})

test('a URL that cannot be decoded is a 400 in the envelope, not Fastify\'s own body', async (t) => {
  const app = await build(t, {}, faulty)
  for (const url of ['/api/%', '/api/%zz/x', '/api/contracts/preview%E0%A4%A']) {
    const res = await app.inject({ method: 'POST', url })
    t.equal(res.statusCode, 400, url)
    t.same(res.json(), { success: false, message: 'La URL de la solicitud no es válida', data: null }, url)
  }
  const other = await app.inject({ method: 'GET', url: '/test/framework-error' })
  t.same([other.statusCode, other.json()], [400, { success: false, message: 'La solicitud no se pudo procesar', data: null }], 'another framework error: the generic text')
})
