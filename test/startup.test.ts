/**
 * Start-up failures outside the config schema (docs/configuration.md: a port in use, a HOST that is not
 * this machine's, TEMP_DIR naming a file, a truncated template, CORS_ORIGINS=*) end the real process
 * (app/server.ts) with exit 1 and one Spanish line naming the variable and the fix: no stack, no
 * JSON error log, no library message before it.
 */
import t, { test } from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT, assetPath } from '../src/paths.js'
import { STARTUP_MESSAGES } from '../schemas/messages.js'
import { PRODUCTION_PROFILE } from './support/helper.js'

// five instances start (under the TypeScript loader, seconds each on a busy machine): more than the
// 120 s .taprc gives every file when the rest of the suite runs beside it
t.setTimeout(300_000)

/** As test/server.test.ts: tap's own TypeScript loader under tap, else tsx. */
const LOADER = process.execArgv.some((arg) => arg.includes('@tapjs/typescript')) ? process.execArgv : ['--import', 'tsx']

/** Runs app/server.ts to its exit: the code, what it wrote to stderr, and stdout's error-level log lines. */
async function run (env: Record<string, string>): Promise<{ code: number | null, stderr: string, errorLogs: string[] }> {
  const child = spawn(process.execPath, [...LOADER, 'app/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production', AUTH_MODE: 'none', EMPLOYER_PROFILE: PRODUCTION_PROFILE, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', PDF_THREADS: '1', DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000) // a server that started: the test fails on its code
  const [code] = await once(child, 'exit') as [number | null]
  clearTimeout(timer)
  return { code, stderr, errorLogs: stdout.split('\n').filter((line) => /"level":(40|50|60)/.test(line)) }
}

test('each start-up failure is exit 1 and one line naming the variable and the fix', async (t) => {
  const temp = t.testdir({ 'un-archivo': 'no soy una carpeta', temp: {}, templates: {} })
  const templates = join(temp, 'templates')
  for (const name of readdirSync(assetPath('templates')).filter((file) => file.endsWith('.pdf'))) {
    const bytes = readFileSync(assetPath('templates', name))
    writeFileSync(join(templates, name), name === 'anexo.pdf' ? bytes.subarray(0, 5000) : bytes)
  }
  const busy = createServer()
  busy.listen(0, '127.0.0.1')
  await once(busy, 'listening')
  t.teardown(() => busy.close())
  const busyPort = (busy.address() as { port: number }).port
  const cases: [string, Record<string, string>, string | RegExp][] = [
    ['a PORT in use', { PORT: String(busyPort) }, STARTUP_MESSAGES.portInUse(busyPort, '127.0.0.1')],
    ['a HOST that is no address', { HOST: '999.1.1.1' }, STARTUP_MESSAGES.badHost('999.1.1.1', 'ENOTFOUND')],
    ['TEMP_DIR naming a file', { TEMP_DIR: join(temp, 'un-archivo') }, `Configuración inválida: ${STARTUP_MESSAGES.tempDirNotFolder(join(temp, 'un-archivo'))}`],
    ['CORS_ORIGINS=*', { CORS_ORIGINS: '*' }, `Configuración inválida: ${STARTUP_MESSAGES.corsWildcard}`],
    ['a truncated template', { TEMPLATES_DIR: templates },
      /^Plantilla anexo\.pdf: no es un PDF válido o está incompleta \(.*\); cópiela de nuevo en TEMPLATES_DIR$/]
  ]
  // side by side: each waits mostly on its own start-up
  const outcomes = await Promise.all(cases.map(async ([, env]) => await run({ TEMP_DIR: join(temp, 'temp'), ...env })))
  for (const [index, [what, , message]] of cases.entries()) {
    const { code, stderr, errorLogs } = outcomes[index]
    t.equal(code, 1, `${what}: exit 1`)
    const lines = stderr.split('\n').filter((line) => line !== '')
    t.equal(lines.length, 1, `${what}: one line on stderr`)
    if (typeof message === 'string') t.equal(lines[0], message, what)
    else t.match(lines[0], message, what)
    t.same(errorLogs, [], `${what}: no error log or stack on stdout`)
  }
})

test('CORS_ORIGINS: each entry must be an origin; a list of origins starts', async (t) => {
  const { parseCorsOrigins } = await import('../plugins/config.js')
  t.same(parseCorsOrigins('http://localhost:5173, https://RRHH.example.pe/'), ['http://localhost:5173', 'https://rrhh.example.pe'], 'as a browser sends them')
  t.same(parseCorsOrigins(''), [], 'none: no browser origin is allowed (the documented default is one)')
  t.throws(() => parseCorsOrigins('https://*.example.pe'), { message: `Configuración inválida: ${STARTUP_MESSAGES.corsWildcard}` })
  t.throws(() => parseCorsOrigins('rrhh.example.pe'), { message: `Configuración inválida: ${STARTUP_MESSAGES.corsOrigin('rrhh.example.pe')}` })
  t.throws(() => parseCorsOrigins('https://rrhh.example.pe/app'), { message: /CORS_ORIGINS contiene "https:\/\/rrhh\.example\.pe\/app"/ })
})
