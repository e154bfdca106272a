import { test } from 'tap'
import { decideAccess, isRole, ownerOf, type Identity } from '../../../src/auth/roles.js'

const exportsJob: Identity = { kind: 'key', subject: 'nocturno', roles: ['exports'] }

test('access: public for anyone, signed-in for any identity, a role list for one of its roles', async (t) => {
  t.equal(decideAccess('public', undefined), 'allow')
  t.equal(decideAccess('signed-in', undefined), 'unauthenticated')
  t.equal(decideAccess('signed-in', { ...exportsJob, roles: [] }), 'allow')
  t.equal(decideAccess(['hr'], undefined), 'unauthenticated')
  t.equal(decideAccess(['hr'], exportsJob), 'forbidden')
  t.equal(decideAccess(['hr', 'exports'], exportsJob), 'allow')
})

test('owners and role names', async (t) => {
  t.equal(ownerOf(exportsJob), 'key:nocturno')
  t.equal(ownerOf({ kind: 'user', subject: 'nocturno', roles: [] }), 'user:nocturno', 'a user never shares a key\'s sessions')
  t.equal(ownerOf(undefined), undefined)
  t.same([isRole('hr'), isRole('admin'), isRole(7)], [true, false, false])
})
