import { test } from 'tap'
import { spawnSync } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/paths.js'

test('the template unit contratos@.service is valid and scores below 5 in systemd-analyze security', async (t) => {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) { t.plan(0, 'skip: no systemd-analyze here'); return }
  const unit = join(t.testdir({}), 'contratos@3001.service')
  copyFileSync(join(PROJECT_ROOT, 'deploy', 'contratos@.service'), unit)
  const analysis = spawnSync('systemd-analyze', ['security', '--offline=true', unit], { encoding: 'utf8' })
  const score = Number(/Overall exposure level for contratos@3001\.service: ([\d.]+)/.exec(analysis.stdout)?.[1])
  t.ok(score < 5, `exposure ${score}`)
  for (const setting of ['UMask=', 'CapabilityBoundingSet=', 'SystemCallFilter=']) t.match(analysis.stdout, `✓ ${setting}`, `${setting} passes`)
})
