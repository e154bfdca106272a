import { test } from 'tap'
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import { AppError } from '../../src/errors.js'
import { clientErrorReply, frameworkErrorReply } from '../../plugins/errors.js'
import { connect } from 'node:net'
import { PassThrough } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { build } from '../support/helper.js'

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

test('malformed JSON, text/plain, an unsupported content type and a too-large body are 400s', async (t) => {
  const app = await build(t, {}, faulty)
  const cases = [
    { headers: { 'content-type': 'application/json' }, payload: '{"name": ', message: 'El cuerpo JSON no es válido' },
    { headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}}', message: 'El cuerpo JSON contiene una clave prohibida: body.__proto__' },
    { headers: { 'content-type': 'text/plain' }, payload: '[]', message: 'Tipo de contenido no soportado' },
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

/** Sends raw bytes to the listening app and returns all it answers before closing. */
function rawExchange (port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.end(bytes)
  })
}

test('requests that are not valid HTTP get the envelope on the raw socket (clientErrorHandler)', async (t) => {
  const app = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const cases: [string, string, RegExp, string][] = [
    ['bytes that are not HTTP', 'HOLA\u0000\r\n\r\n', /^HTTP\/1\.1 400 Bad Request\r\n/, 'La solicitud HTTP no es válida'],
    ['a bad Content-Length', 'POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', /^HTTP\/1\.1 400 /, 'La solicitud HTTP no es válida'],
    ['headers over 16 KB', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431 /, 'Los encabezados de la solicitud son demasiado grandes']
  ]
  for (const [what, bytes, statusLine, message] of cases) {
    const answer = await rawExchange(port, bytes)
    t.match(answer, statusLine, what)
    const [head, body] = answer.split('\r\n\r\n')
    t.equal(Number(/content-length: (\d+)/i.exec(head)?.[1]), Buffer.byteLength(body), `${what}: Content-Length in bytes`)
    t.same(JSON.parse(body), { success: false, message, data: null }, what)
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200)
})

test('a request too slow to arrive gets a 408 envelope; a reset socket gets nothing', async (t) => {
  const socket = new PassThrough()
  const written: Buffer[] = []
  socket.on('data', (chunk: Buffer) => written.push(chunk))
  socket.on('error', () => {})
  clientErrorReply(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket)
  await new Promise((resolve) => setImmediate(resolve))
  const answer = Buffer.concat(written).toString('utf8')
  t.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
  t.same(JSON.parse(answer.split('\r\n\r\n')[1]), { success: false, message: 'La solicitud no llegó completa a tiempo', data: null })
  t.ok(socket.destroyed, 'closed afterwards')
  const reset = new PassThrough()
  clientErrorReply(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset)
  t.equal(reset.readableLength, 0, 'nothing written to a reset socket')
})
