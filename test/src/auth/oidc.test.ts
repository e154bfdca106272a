/**
 * src/auth/oidc.ts against a real OpenID provider (test/support/oidc.ts): the claims checked as
 * docs/security.md says (exp and iat required, iat and nbf not in the future beyond the skew,
 * audience, issuer, key), access tokens only (an ID token whose audience matches is refused), a
 * rotated key accepted after the key set is fetched again, a withdrawn key refused once the cache
 * ages out, and a provider that is down: 503 errors, negative caching, one report a minute.
 */
import { test } from 'tap'
import { createServer } from 'node:http'
import { once } from 'node:events'
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from 'jose'
import {
  CLOCK_SKEW_SECONDS, FAILURE_REPORT_INTERVAL_MS, JWKS_COOLDOWN_MS, JWKS_MAX_AGE_MS, MAX_TOKEN_AGE_SECONDS,
  OidcDiscoveryError, OidcVerifier, PROVIDER_RETRY_MS, isAccessToken, rolesFrom
} from '../../../src/auth/oidc.js'
import { IdentityProviderUnavailableError } from '../../../src/errors.js'
import { AUDIENCE, signingKey, startIssuer } from '../../support/oidc.js'

/** A token signed with `key` as the provider would, with `claims` over sensible defaults; `null` drops a claim (or the header's typ). */
async function forge (key: JWK, issuer: string, claims: Record<string, unknown> = {}, typ: string | null = 'at+jwt'): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const payload: JWTPayload = { iss: issuer, aud: AUDIENCE, sub: 'rrhh-app', roles: ['hr'], iat: now, exp: now + 600 }
  for (const [name, value] of Object.entries(claims)) {
    if (value === null) delete payload[name]
    else payload[name] = value
  }
  return await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: key.kid, ...(typ === null ? {} : { typ }) })
    .sign(await importJWK(key, 'RS256'))
}

test('tokens of the issuer: valid ones give the subject and roles; expired, other audience, other issuer and unknown keys give none', async (t) => {
  const idp = await startIssuer(t)
  let now = new Date()
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', jwksCooldownMs: 0, now: () => now })
  t.equal(verifier.keysState, 'never-fetched')

  const valid = await idp.token('rrhh-app')
  t.same(await verifier.verify(valid), { kind: 'user', subject: 'rrhh-app', roles: ['hr'] }, 'valid: subject (a client\'s is its id) and roles')
  t.equal(verifier.keysState, 'ok')
  t.ok(verifier.hasKeys)
  t.same(await verifier.verify(await idp.token('varios-app')), { kind: 'user', subject: 'varios-app', roles: ['exports', 'operator'] }, 'unknown role names are dropped')

  const { exp } = decodeJwt(valid)
  now = new Date(((exp ?? 0) + CLOCK_SKEW_SECONDS - 1) * 1000)
  t.ok(await verifier.verify(valid), 'within the skew after exp: still valid')
  now = new Date(((exp ?? 0) + CLOCK_SKEW_SECONDS + 1) * 1000)
  t.equal(await verifier.verify(valid), undefined, 'expired: beyond the skew past exp')
  now = new Date()

  t.equal(await verifier.verify(await idp.token('rrhh-app', 'https://otra-api.example.pe')), undefined, 'another audience')

  idp.use(idp.provider(idp.keys, 'https://otro-emisor.example.pe')) // same keys, another issuer name
  const otherIssuer = await idp.token('rrhh-app')
  t.equal(decodeJwt(otherIssuer).iss, 'https://otro-emisor.example.pe')
  t.equal(await verifier.verify(otherIssuer), undefined, 'another issuer, even signed with the same key')

  const stranger = await signingKey('clave-ajena')
  idp.use(idp.provider([stranger])) // the issuer's name, but a key it never published
  const unknownKey = await idp.token('rrhh-app')
  idp.use(idp.provider(idp.keys))
  t.equal(decodeProtectedHeader(unknownKey).kid, 'clave-ajena')
  t.equal(await verifier.verify(unknownKey), undefined, 'a key the issuer does not publish, after fetching its keys again')

  t.equal(await verifier.verify('no.es.jwt'), undefined, 'not a JWT')
  t.equal(await verifier.verify(valid.slice(0, -4) + 'AAAA'), undefined, 'a broken signature')
  t.equal(verifier.keysState, 'ok', 'refused tokens say nothing against the provider')
})

test('the times of a token: exp and iat required; iat and nbf in the future refused beyond the skew; too old refused', async (t) => {
  const idp = await startIssuer(t)
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles' })
  const key = idp.keys[0]
  const now = Math.floor(Date.now() / 1000)
  const user = { kind: 'user', subject: 'rrhh-app', roles: ['hr'] }
  t.same(await verifier.verify(await forge(key, idp.issuer)), user, 'a forged token of the right shape passes: the refusals below are each for one claim')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { exp: null })), undefined, 'no exp: refused, though nothing says it expired')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { iat: null })), undefined, 'no iat')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { iat: now + CLOCK_SKEW_SECONDS + 30 })), undefined, 'iat in the future beyond the skew')
  t.same(await verifier.verify(await forge(key, idp.issuer, { iat: now + 5 })), user, 'iat a few seconds ahead: a clock difference, accepted')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { nbf: now + CLOCK_SKEW_SECONDS + 30 })), undefined, 'nbf in the future beyond the skew')
  t.same(await verifier.verify(await forge(key, idp.issuer, { nbf: now + 5 })), user, 'nbf a few seconds ahead: accepted')
  const old = now - MAX_TOKEN_AGE_SECONDS - CLOCK_SKEW_SECONDS - 60
  t.equal(await verifier.verify(await forge(key, idp.issuer, { iat: old, exp: now + 3600 })), undefined, 'issued more than a day ago, whatever its exp')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { sub: null })), undefined, 'no sub')

  let clock = new Date()
  const moved = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', now: () => clock })
  const early = await forge(key, idp.issuer, { nbf: now + 3600, exp: now + 7200 })
  t.equal(await moved.verify(early), undefined, 'valid only from an hour on: refused now')
  clock = new Date((now + 90 * 60) * 1000)
  t.same(await moved.verify(early), user, 'and accepted once nbf has passed')
})

test('access tokens only: an ID token whose audience matches is refused; RFC 9068, Keycloak and Entra ID shapes pass', async (t) => {
  const idp = await startIssuer(t)
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles' })
  const key = idp.keys[0]
  t.equal(decodeProtectedHeader(await idp.token('rrhh-app')).typ, 'at+jwt', 'the provider\'s own access tokens say at+jwt')
  const idToken = { nonce: 'n-0S6_WzA2Mj', auth_time: Math.floor(Date.now() / 1000), at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q' }
  t.equal(await verifier.verify(await forge(key, idp.issuer, idToken, 'JWT')), undefined, 'an ID token (typ JWT) for our audience')
  t.equal(await verifier.verify(await forge(key, idp.issuer, idToken, null)), undefined, 'an ID token without typ')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { typ: 'ID' }, 'JWT')), undefined, 'a Keycloak ID token')
  t.equal(await verifier.verify(await forge(key, idp.issuer, { ver: '2.0' }, 'JWT')), undefined, 'an Entra ID v2 ID token (no azp)')
  t.ok(await verifier.verify(await forge(key, idp.issuer, {}, 'application/at+jwt')), 'application/at+jwt')
  t.ok(await verifier.verify(await forge(key, idp.issuer, { typ: 'Bearer', azp: 'contratos-consola' }, 'JWT')), 'a Keycloak access token')
  t.ok(await verifier.verify(await forge(key, idp.issuer, { ver: '2.0', azp: 'contratos-consola', scp: 'acceso' }, 'JWT')), 'an Entra ID v2 access token')
  t.notOk(isAccessToken({ alg: 'RS256', typ: 'JWT' }, { typ: 'Refresh' }), 'a Keycloak refresh token')
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

test('a withdrawn key stops working once the cached key set has aged out (JWKS_MAX_AGE_MS, as docs/security.md states)', async (t) => {
  t.equal(JWKS_MAX_AGE_MS, 5 * 60_000, 'docs/security.md: five minutes')
  t.equal(JWKS_COOLDOWN_MS, 30_000, 'docs/security.md: an unknown kid refetches at most every 30 s')
  const idp = await startIssuer(t)
  const next = await signingKey('clave-2')
  idp.use(idp.provider([...idp.keys, next])) // signs with clave-1, publishes both
  const token = await idp.token('rrhh-app')
  t.equal(decodeProtectedHeader(token).kid, 'clave-1')
  // a cache that ages out at once stands for the five minutes having passed
  const verifier = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', jwksMaxAgeMs: 0 })
  t.ok(await verifier.verify(token), 'accepted while published')
  idp.use(idp.provider([next])) // clave-1 withdrawn (compromised)
  t.equal(await verifier.verify(token), undefined, 'refused once the key set is fetched again')
  t.equal(verifier.keysState, 'ok')
})

test('a provider that is down before its keys were fetched: 503 errors, one fetch per PROVIDER_RETRY_MS, one report a minute, back by itself', async (t) => {
  const idp = await startIssuer(t)
  const token = await idp.token('rrhh-app')
  idp.down = true
  let now = new Date()
  const reports: Array<[string, number]> = []
  let recovered = 0
  const verifier = new OidcVerifier({
    issuer: idp.issuer,
    audience: AUDIENCE,
    rolesClaim: 'roles',
    now: () => now,
    onUnavailable: (cause, suppressed) => { reports.push([cause, suppressed]) },
    onRecovered: () => { recovered++ }
  })
  const before = idp.requests
  const error = await verifier.verify(token).catch((caught: unknown) => caught)
  t.type(error, IdentityProviderUnavailableError)
  t.match(error, { statusCode: 503, code: 'CONTRATOS_IDP_UNAVAILABLE', retryAfterSeconds: PROVIDER_RETRY_MS / 1000 })
  t.type((error as Error).cause, OidcDiscoveryError)
  t.equal(verifier.keysState, 'failing')
  t.notOk(verifier.hasKeys, 'failing with no key set ever fetched')
  t.equal(idp.requests, before + 1, 'one discovery request')

  for (let i = 0; i < 20; i++) await t.rejects(verifier.verify(token), IdentityProviderUnavailableError)
  t.equal(idp.requests, before + 1, 'negative caching: twenty tokens more, no request to the provider')
  now = new Date(now.getTime() + PROVIDER_RETRY_MS - 1000)
  t.match(await verifier.verify(token).catch((caught: unknown) => caught), { retryAfterSeconds: 1 }, 'Retry-After: what is left of the wait')

  now = new Date(now.getTime() + 1000)
  await t.rejects(verifier.verify(token), IdentityProviderUnavailableError)
  t.equal(idp.requests, before + 2, 'tried again once the wait is over')
  t.equal(reports.length, 1, 'reported once within the minute')
  t.match(reports[0], [/respondió 503$/, 0])
  t.notMatch(reports[0][0], /\n/, 'one line, no stack')

  now = new Date(now.getTime() + FAILURE_REPORT_INTERVAL_MS)
  await t.rejects(verifier.verify(token), IdentityProviderUnavailableError)
  t.same(reports.map(([, suppressed]) => suppressed), [0, 1], 'a minute later: reported again, with the failures not reported (the 20 refusals were no attempts)')

  idp.down = false
  now = new Date(now.getTime() + PROVIDER_RETRY_MS)
  t.same(await verifier.verify(token), { kind: 'user', subject: 'rrhh-app', roles: ['hr'] }, 'the provider answers: back without a restart')
  t.equal(verifier.keysState, 'ok')
  t.equal(recovered, 1)

  const keysDown = new OidcVerifier({ issuer: idp.issuer, audience: AUDIENCE, rolesClaim: 'roles', jwksCooldownMs: 0, now: () => now })
  t.ok(await keysDown.verify(token), 'keys fetched')
  idp.down = true
  const unknownKid = await forge(await signingKey('clave-nueva'), idp.issuer)
  t.ok(await keysDown.verify(token), 'cached keys still check tokens while the provider is down')
  await t.rejects(keysDown.verify(unknownKid), IdentityProviderUnavailableError, 'an unknown kid needs the provider: 503, not 401')
  t.equal(keysDown.keysState, 'failing')
  t.ok(keysDown.hasKeys, 'failing, with a key set fetched before')
})

test('an issuer whose discovery fails or names another issuer: 503 errors with the cause', async (t) => {
  const idp = await startIssuer(t)
  const token = await idp.token('rrhh-app')
  const wrong = new OidcVerifier({ issuer: `${idp.issuer}/`, audience: AUDIENCE, rolesClaim: 'roles' })
  await t.rejects(wrong.verify(token), { name: 'IdentityProviderUnavailableError', cause: { name: 'OidcDiscoveryError', message: /dice issuer=/ } })
  const missing = new OidcVerifier({ issuer: `${idp.issuer}/no-existe`, audience: AUDIENCE, rolesClaim: 'roles' })
  await t.rejects(missing.verify(token), { cause: { name: 'OidcDiscoveryError', message: /respondió 404/ } })
  t.equal(await missing.verify('x.y.z'), undefined, 'what is not a JWT is refused without asking the provider')
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
  const token = new UnsecuredJWT({ sub: 'x' }).setIssuer(issuer).setAudience(AUDIENCE).encode()
  await t.rejects(verifier.verify(token), { cause: { message: `OIDC_ISSUER=${issuer}: el documento de descubrimiento no tiene jwks_uri` } })
})
