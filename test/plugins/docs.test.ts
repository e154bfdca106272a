/** The OpenAPI document says how to call the API as configured (plugins/docs.ts, docs/security.md). */
import { test } from 'tap'
import { build } from '../support/helper.js'
import { KEYS, writeKeysFile } from '../support/auth.js'
import { OPENAPI_TEXTS } from '../../schemas/messages.js'

test('AUTH_MODE=none: the document says no authentication is asked and declares no scheme', async (t) => {
  const app = await build(t)
  const spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  t.match(spec.info.description, OPENAPI_TEXTS.noAuth)
  t.equal(spec.components?.securitySchemes, undefined)
  t.equal(spec.paths['/api/contracts/preview'].post.security, undefined)
})

test('AUTH_MODE=oidc: the bearer scheme is declared and every route but the public ones asks for it, with its roles', async (t) => {
  const app = await build(t, { AUTH_MODE: 'oidc', API_KEYS_FILE: writeKeysFile(t) })
  const res = await app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: `Bearer ${KEYS.hr}` } })
  t.equal(res.statusCode, 200)
  const spec = res.json()
  t.notMatch(spec.info.description, 'Sin autenticación')
  t.match(spec.info.description, OPENAPI_TEXTS.bearer)
  t.same(spec.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer', description: OPENAPI_TEXTS.bearerScheme })
  const preview = spec.paths['/api/contracts/preview'].post
  t.same(preview.security, [{ bearer: [] }])
  t.match(preview.description, OPENAPI_TEXTS.roles('hr'))
  t.match(spec.paths['/api/excel/download-sctr'].post.description, OPENAPI_TEXTS.roles('hr, exports'))
  t.match(spec.paths['/api/limits'].get.description, OPENAPI_TEXTS.signedIn)
  t.equal(spec.paths['/api/health'].get.security, undefined, 'liveness is public')
  t.equal(spec.paths['/api/auth/config'].get.security, undefined, 'the console reads how to sign in before it can')
})
