import { test, type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { formatByteSize } from '../../src/units.js'
import { build, formPayload } from '../support/helper.js'

async function uploadApp (t: Test, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return build(t, env, async (instance) => {
    instance.post('/test/upload', async (request) => {
      const upload = await request.excelUpload()
      return { filename: upload.filename, mimetype: upload.mimetype, size: upload.bytes.length }
    })
    instance.post('/test/upload-custom', async (request) => {
      await request.excelUpload({ noFile: 'Sin archivo', tooLarge: 'Muy grande' })
      return {}
    })
  })
}

test('the single excel file is buffered whole', async (t) => {
  const app = await uploadApp(t)
  const form = await formPayload([{ name: 'empleados.csv', type: 'text/csv', bytes: 'DNI\n12345678\n' }], { note: 'x' })
  const res = await app.inject({ method: 'POST', url: '/test/upload', ...form })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { filename: 'empleados.csv', mimetype: 'text/csv', size: 13 })
})

test('upload-layer rejections are 400s with the spec texts (Errors rule 3, D6)', async (t) => {
  const app = await uploadApp(t, { MAX_FILE_SIZE: '1024' })
  const cases: [string, () => Promise<{ payload: unknown, headers: Record<string, string> }>, string][] = [
    ['no multipart at all', async () => ({ payload: { a: 1 }, headers: {} }), 'No se recibió ningún archivo Excel.'],
    ['a form with no file', () => formPayload([], { excel: 'texto' }), 'No se recibió ningún archivo Excel.'],
    ['a file in another field', () => formPayload([{ field: 'file', name: 'a.xlsx', bytes: 'x' }]), "Campo de archivo inesperado. Usa el campo 'excel'"],
    ['two files', () => formPayload([{ name: 'a.xlsx', bytes: 'x' }, { name: 'b.xlsx', bytes: 'y' }]), 'Solo puedes subir 1 archivo a la vez'],
    ['a file over MAX_FILE_SIZE', () => formPayload([{ name: 'a.xlsx', bytes: 'x'.repeat(1025) }]), 'El archivo es demasiado grande. Tamaño máximo: 1 KB']
  ]
  for (const [what, make, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/test/upload', ...(await make()) as object })
    t.equal(res.statusCode, 400, what)
    t.match(res.json(), { success: false, message }, what)
  }
  const broken = await app.inject({ method: 'POST', url: '/test/upload', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="excel"; filename="a.xlsx"\r\n\r\nabc' })
  t.equal(broken.statusCode, 400, 'a truncated multipart body')
  t.equal(broken.json().success, false)
})

test('routes can override the upload texts', async (t) => {
  const app = await uploadApp(t, { MAX_FILE_SIZE: '4' })
  const none = await app.inject({ method: 'POST', url: '/test/upload-custom', payload: {} })
  t.equal(none.json().message, 'Sin archivo')
  const big = await app.inject({ method: 'POST', url: '/test/upload-custom', ...(await formPayload([{ name: 'a.csv', bytes: '123456' }])) })
  t.equal(big.json().message, 'Muy grande')
})

test('a byte limit is printed in the unit that reads right', async (t) => {
  t.equal(formatByteSize(10485760), '10 MB')
  t.equal(formatByteSize(1572864), '1.5 MB')
  t.equal(formatByteSize(40000), '39 KB')
  t.equal(formatByteSize(1536), '1.5 KB')
  t.equal(formatByteSize(100), '100 bytes')
})
