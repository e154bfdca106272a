import { test } from 'tap'
import { spawnSync } from 'node:child_process'
import { copyFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/paths.js'
import { READER_MEMORY_PLAN_MB, readerHeapCapMb } from '../../src/spreadsheets/reader.js'
import { buildApp } from '../../app/app.js'
import { PRODUCTION_PROFILE } from '../support/helper.js'
import { KEYS, scratchDir } from '../support/auth.js'
import { hashApiKey } from '../../src/auth/api-keys.js'

const UNITS = ['contratos.service', 'contratos@.service'] as const

/** The values of one setting of a unit file (`Restart=`, `Environment=`…), in order, `%i` read as `instance`. */
function unitSetting (unit: string, name: string, instance = '3001'): string[] {
  const text = readFileSync(join(PROJECT_ROOT, 'deploy', unit), 'utf8')
  return text.split('\n').filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1).replaceAll('%i', instance))
}

/** The variables a unit's `Environment=` lines set, as systemd gives them to the service. */
function unitEnvironment (unit: string): Record<string, string> {
  return Object.fromEntries(unitSetting(unit, 'Environment').map((entry) => {
    const at = entry.indexOf('=')
    return [entry.slice(0, at), entry.slice(at + 1)]
  }))
}

test('the template unit contratos@.service is valid and scores below 5 in systemd-analyze security', async (t) => {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) { t.plan(0, 'skip: no systemd-analyze here'); return }
  const unit = join(t.testdir({}), 'contratos@3001.service')
  copyFileSync(join(PROJECT_ROOT, 'deploy', 'contratos@.service'), unit)
  const analysis = spawnSync('systemd-analyze', ['security', '--offline=true', unit], { encoding: 'utf8' })
  const score = Number(/Overall exposure level for contratos@3001\.service: ([\d.]+)/.exec(analysis.stdout)?.[1])
  t.ok(score < 5, `exposure ${score}`)
  for (const setting of ['UMask=', 'CapabilityBoundingSet=', 'SystemCallFilter=']) t.match(analysis.stdout, `✓ ${setting}`, `${setting} passes`)
})

test('each unit\'s MemoryMax holds the service and the reader children at their heap cap on up to 3 CPUs, the cap room for a 10 MB workbook', async (t) => {
  const units = readdirSync(join(PROJECT_ROOT, 'deploy')).filter((name) => name.endsWith('.service'))
  const limits = units.flatMap((name) => {
    const match = /^MemoryMax=(\d+)([KMG]?)$/m.exec(readFileSync(join(PROJECT_ROOT, 'deploy', name), 'utf8'))
    return match === null ? [] : [{ name, bytes: Number(match[1]) * 1024 ** ' KMG'.indexOf(match[2] === '' ? ' ' : match[2]) }]
  })
  t.ok(limits.some(({ name }) => name === 'contratos@.service'), 'the template unit sets MemoryMax')
  const { service, perCpu, childBase } = READER_MEMORY_PLAN_MB
  for (const { name, bytes } of limits) {
    for (const cpus of [1, 2, 3]) {
      const processes = Math.min(4, Math.max(1, Math.floor(cpus / 2))) // the reader's default (src/spreadsheets/reader.ts)
      const cap = readerHeapCapMb(bytes, processes, cpus)
      const plannedMb = service + perCpu * cpus + processes * (cap + childBase)
      t.ok(plannedMb <= bytes / 1024 ** 2, `${name}, ${cpus} CPU(s): ${plannedMb} MiB planned within MemoryMax`)
      t.ok(cap >= 256, `${name}, ${cpus} CPU(s): heap cap ${cap} MiB (a 10 MB .xlsx needs about 130, docs/import.md)`)
    }
  }
})

test('the units choose no AUTH_MODE: an env file with OIDC settings, keys and an audit log but no AUTH_MODE does not start open', async (t) => {
  const dir = scratchDir(t, { 'api-keys': `${hashApiKey(KEYS.operator)} operator prometheus\n` })
  // what an operator puts in /etc/contratos/contratos.env, forgetting AUTH_MODE
  const envFile = {
    OIDC_ISSUER: 'https://sso.example.pe/realms/rrhh',
    OIDC_AUDIENCE: 'contratos',
    OIDC_CLIENT_ID: 'contratos-consola',
    API_KEYS_FILE: join(dir, 'api-keys'),
    AUDIT_LOG: join(dir, 'audit.log')
  }
  for (const unit of UNITS) {
    const environment = unitEnvironment(unit)
    t.equal(environment.NODE_ENV, 'production', `${unit} runs production`)
    t.notOk('AUTH_MODE' in environment, `${unit} sets no AUTH_MODE`)
    // the unit's variables, then the env file's (EnvironmentFile= comes last); only what this machine lacks is replaced
    const env = { ...environment, ...envFile, TEMP_DIR: t.testdir({}), EMPLOYER_PROFILE: PRODUCTION_PROFILE, SESSION_STORE: 'file', PDF_THREADS: '1' }
    let started
    try {
      started = await buildApp({ env })
    } catch (error) {
      t.match(error, { name: 'ConfigError', message: /^Configuración inválida: con NODE_ENV=production AUTH_MODE es obligatorio/ }, `${unit}: refused, AUTH_MODE missing`)
    }
    if (started !== undefined) {
      t.fail(`${unit} started with AUTH_MODE=${String(started.config.authMode)}`)
      await started.close()
    }
    // the same file stating AUTH_MODE=none: the OIDC settings, keys and audit log say otherwise
    await t.rejects(buildApp({ env: { ...env, AUTH_MODE: 'none' } }), {
      name: 'ConfigError',
      message: /^Configuración inválida: AUTH_MODE=none \(sin autenticación\) no se combina con API_KEYS_FILE, OIDC_ISSUER, OIDC_AUDIENCE, OIDC_CLIENT_ID, AUDIT_LOG[^\n]*$/
    }, `${unit}: AUTH_MODE=none with authentication settings is refused in one line`)
  }
})

test('the units restart the service on any exit, so no signal or clean exit leaves it down', async (t) => {
  for (const unit of UNITS) t.same(unitSetting(unit, 'Restart'), ['always'], `${unit}: Restart=always`)
})
