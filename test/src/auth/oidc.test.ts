/**
 * src/auth/oidc.ts against a real OpenID provider (test/support/oidc.ts): valid, expired, wrong
 * audience, wrong issuer, unknown key, and a rotated key accepted after the key set is fetched again.
 */
import { test } from 'tap'
import { createServer } from 'node:http'
import { once } from 'node:events'
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK } from 'jose'
import { OidcDiscoveryError, OidcVerifier, rolesFrom } from '../../../src/auth/oidc.js'
import { AUDIENCE, signingKey, startIssuer } from '../../support/oidc.js'

test('tokens of the issuer: valid ones give the subject and roles; expired, other audience, other issuer and unknown keys give none', async (t) => {
  const idp = await startIssuer(t)
  let now = new Date()
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', jwksCooldownMs: 0, now: () => now })

  const valid = await idp.token('rrhh-app')
  t.same(await verifier.verify(valid), { kind: 'user', subject: 'rrhh-app', roles: ['hr'] }, 'valid: subject (a client\'s is its id) and roles')
  t.same(await verifier.verify(await idp.token('varios-app')), { kind: 'user', subject: 'varios-app', roles: ['exports', 'operator'] }, 'unknown role names are dropped')

  const { exp } = decodeJwt(valid)
  now = new Date((exp ?? 0) * 1000 + 1000)
  t.equal(await verifier.verify(valid), undefined, 'expired: one second past exp')
  now = new Date()
  // the provider sets no nbf: a token signed with its own key that is valid only from an hour on
  const early = await new SignJWT({ roles: ['hr'] }).setProtectedHeader({ alg: 'RS256', kid: idp.keys[0].kid })
    .setIssuer(idp.issuer).setAudience(AUDIENCE).setSubject('rrhh-app').setNotBefore('1h').setExpirationTime('2h')
    .sign(await importJWK(idp.keys[0], 'RS256'))
  t.equal(await verifier.verify(early), undefined, 'not yet valid: before nbf')
  now = new Date(Date.now() + 90 * 60_000)
  t.same(await verifier.verify(early), { kind: 'user', subject: 'rrhh-app', roles: ['hr'] }, 'and valid once nbf has passed')
  now = new Date()

  t.equal(await verifier.verify(await idp.token('rrhh-app', 'https://otra-api.example.pe')), undefined, 'another audience')

  idp.use(idp.provider(idp.keys, 'https://otro-emisor.example.pe')) // same keys, another issuer name
  const otherIssuer = await idp.token('rrhh-app')
  t.equal(decodeJwt(otherIssuer).iss, 'https://otro-emisor.example.pe')
  t.equal(await verifier.verify(otherIssuer), undefined, 'another issuer, even signed with the same key')

  const stranger = await signingKey('clave-ajena')
  idp.use(idp.provider([stranger])) // the issuer's name, but a key it never published
  const unknownKey = await idp.token('rrhh-app')
  const original = idp.provider(idp.keys)
  idp.use(original)
  t.equal(decodeProtectedHeader(unknownKey).kid, 'clave-ajena')
  t.equal(await verifier.verify(unknownKey), undefined, 'a key the issuer does not publish, after fetching its keys again')

  t.equal(await verifier.verify('no.es.jwt'), undefined, 'not a JWT')
  t.equal(await verifier.verify(valid.slice(0, -4) + 'AAAA'), undefined, 'a broken signature')
})

test('a rotated key: the issuer publishes a new key and signs with it; the verifier fetches the keys again and accepts it', async (t) => {
  const idp = await startIssuer(t)
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', jwksCooldownMs: 0 })
  t.ok(await verifier.verify(await idp.token('rrhh-app')), 'the first key, now cached')
  const rotated = await signingKey('clave-2')
  idp.use(idp.provider([rotated, ...idp.keys]))
  const token = await idp.token('operador-app')
  t.equal(decodeProtectedHeader(token).kid, 'clave-2')
  t.same(await verifier.verify(token), { kind: 'user', subject: 'operador-app', roles: ['operator'] })
})

test('an issuer that cannot be reached or whose discovery names another issuer throws, and is tried again later', async (t) => {
  const idp = await startIssuer(t)
  const wrong = new OidcVerifier({ issuer: `${idp.issuer}/`, audience: AUDIENCE, rolesClaim: 'roles' })
  await t.rejects(wrong.verify(await idp.token('rrhh-app')), OidcDiscoveryError)
  const missing = new OidcVerifier({ issuer: `${idp.issuer}/no-existe`, audience: AUDIENCE, rolesClaim: 'roles' })
  await t.rejects(missing.verify('x.y.z'), { name: 'OidcDiscoveryError', message: /respondió 404/ })
})

test('roles from a claim: an array, a space-separated string, or nested with dots; anything else none', async (t) => {
  t.same(rolesFrom({ roles: ['hr', 'hr', 'otro'] }, 'roles'), ['hr'])
  t.same(rolesFrom({ scope: 'exports operator' }, 'scope'), ['exports', 'operator'])
  t.same(rolesFrom({ realm_access: { roles: ['operator'] } }, 'realm_access.roles'), ['operator'])
  t.same(rolesFrom({ roles: 7 }, 'roles'), [])
  t.same(rolesFrom({}, 'a.b.c'), [])
})

test('a discovery document without jwks_uri is refused', async (t) => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.close() })
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const verifier = new OidcVerifier({ issuer, audience: AUDIENCE, rolesClaim: 'roles' })
  await t.rejects(verifier.verify('x.y.z'), { message: `OIDC_ISSUER=${issuer}: el documento de descubrimiento no tiene jwks_uri` })
})
