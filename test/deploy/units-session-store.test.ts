/**
 * The session store of the shipped systemd units (deploy/): Redis over TLS as the ACL user of
 * docs/security.md, with a password placeholder that the environment file overrides.
 */
import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/paths.js'
import { parseSessionStore } from '../../plugins/config.js'

for (const unit of ['contratos.service', 'contratos@.service']) {
  test(`${unit}: SESSION_STORE is rediss:// as the documented ACL user with a placeholder password, overridden by the environment file`, async (t) => {
    const text = readFileSync(join(PROJECT_ROOT, 'deploy', unit), 'utf8')
    const lines = text.split('\n')
    const settings = lines.filter((line) => line.startsWith('Environment=SESSION_STORE='))
    t.equal(settings.length, 1, 'one SESSION_STORE line')
    const value = settings[0].slice('Environment=SESSION_STORE='.length)
    const url = new URL(value)
    t.equal(url.protocol, 'rediss:', 'TLS')
    t.equal(url.username, 'contratos', 'the ACL user of docs/security.md')
    t.equal(url.password, 'CHANGE-ME', 'a placeholder, never a real password')
    t.same(parseSessionStore(value), { kind: 'redis', url: value }, 'a value the service accepts')
    const environmentFile = lines.findIndex((line) => line === 'EnvironmentFile=-/etc/contratos/contratos.env')
    t.ok(environmentFile >= 0, 'the environment file where the real URL goes (it overrides Environment=)')
    t.match(text, /the real URL \(its password\)[^]*\/etc\/contratos\/contratos\.env/, 'the unit says where the real URL goes')
    const security = readFileSync(join(PROJECT_ROOT, 'docs', 'security.md'), 'utf8')
    t.match(security, 'rediss://contratos:CHANGE-ME@127.0.0.1:6380/0', 'docs/security.md names the placeholder')
  })
}
