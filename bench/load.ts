/**
 * `npm run bench:load`: two scenarios against the built server on loopback, LOAD_SCENARIOS
 * (comma-separated, default both) picks them:
 *
 * - `mixed`: a mixed load at saturation for LOAD_SECONDS (default 60): preview, download-zip (50
 *   employees), the three exports and spreadsheet uploads at once, with GET /api/health probed
 *   throughout and the server's RSS sampled. Prints per-endpoint counts, status codes and p99,
 *   health latency and memory; exits 1 when any response is a 5xx other than a deliberate 503
 *   (load shed) or health ever fails.
 * - `overload`: previews and ZIPs offered at 1x, 2x and 3x the measured capacity, straight and
 *   through deploy/haproxy.cfg, LOAD_SECONDS each (bench/overload.ts): goodput and admitted p99.
 *
 * The load generator runs on the same machine (2 cores shared with the server), so this measures
 * behaviour at saturation, not the capacity of a server on its own machine.
 */
import autocannon from 'autocannon'
import { median, mixedEmployees, quantile, startServer, timedRequest } from './lib.js'
import { overloadScenarios } from './overload.js'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const SCENARIOS = (process.env.LOAD_SCENARIOS ?? 'mixed,overload').split(',')
const MB = 1024 * 1024

/** A CSV as a spreadsheet program exports it, with the spec's employee headers and the lawful-contract ones. */
function employeesCsv (count: number): string {
  const headers = ['NOMBRE', 'APELLIDO PATERNO', 'APELLIDO MATERNO', 'DNI', 'EMAIL', 'DIRECCIÓN', 'PROVINCIA', 'DISTRITO', 'DEPARTAMENTO', 'CARGO', 'PLAYA', 'SUELDO', 'SUELDO EN LETRAS', 'INICIO', 'FIN', 'TIPO DE CONTRATO', 'SEXO', 'FECHA DE NACIMIENTO', 'SUPLENCIA DE', 'MOTIVO DE SUPLENCIA',
    'DÍAS DE TRABAJO', 'HORARIO', 'DNI DEL SUPLIDO', 'CARGO DEL SUPLIDO', 'CONDICION LABORAL', 'TIEMPO EN EMPRESA', 'PERIODO DE PRUEBA']
  const keys = ['name', 'lastNameFather', 'lastNameMother', 'dni', 'email', 'address', 'province', 'district', 'department', 'position', 'subDivisionOrParking', 'salary', 'salaryInWords', 'entryDate', 'endDate', 'contractType', 'sex', 'birthDate', 'replacementFor', 'reasonForSubstitution',
    'workDays', 'workSchedule', 'replacedWorkerDni', 'replacedWorkerPosition', 'workingCondition', 'timeForCompany', 'probationaryPeriod']
  const quote = (value: unknown) => `"${String(value ?? '').replace(/"/g, '""')}"`
  const rows = mixedEmployees(count).map((employee) => keys.map((key) => quote(employee[key])).join(','))
  return [headers.map(quote).join(','), ...rows].join('\r\n') + '\r\n'
}

async function multipart (csv: string): Promise<{ body: Buffer, contentType: string }> {
  const form = new FormData()
  form.append('excel', new Blob([csv], { type: 'text/csv' }), 'empleados.csv')
  const response = new Response(form)
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' }
}

interface Target { name: string, path: string, connections: number, body: Buffer | string, contentType: string }

async function mixed (): Promise<boolean> {
  const server = await startServer()
  const employees = mixedEmployees(50)
  const json = JSON.stringify(employees)
  const upload = await multipart(employeesCsv(50))
  const targets: Target[] = [
    { name: 'preview', path: '/api/contracts/preview', connections: 4, body: JSON.stringify(mixedEmployees(3)[2]), contentType: 'application/json' },
    { name: 'download-zip', path: '/api/contracts/download-zip', connections: 4, body: json, contentType: 'application/json' },
    { name: 'sctr', path: '/api/excel/download-sctr', connections: 2, body: json, contentType: 'application/json' },
    { name: 'lawlife', path: '/api/excel/download-lawlife', connections: 2, body: json, contentType: 'application/json' },
    { name: 'photocheck', path: '/api/excel/download-photocheck', connections: 2, body: json, contentType: 'application/json' },
    { name: 'excel-upload', path: '/api/excel/upload', connections: 2, body: upload.body, contentType: upload.contentType }
  ]
  const rssSeries: number[] = [server.rssBytes()]
  const rssTimer = setInterval(() => rssSeries.push(server.rssBytes()), 500)
  const health: number[] = []
  let healthFailures = 0
  const state = { done: false }
  const probing = (async () => {
    while (!state.done) {
      const timing = await timedRequest(server.url, '/api/health', undefined, 'GET').catch(() => undefined)
      if (timing?.status === 200) health.push(timing.totalMs)
      else healthFailures++
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()

  console.log(`mixed load for ${SECONDS} s against ${server.url} ...`)
  const results = await Promise.all(targets.map((target) => autocannon({
    url: `${server.url}${target.path}`,
    method: 'POST',
    headers: { 'content-type': target.contentType },
    body: target.body,
    connections: target.connections,
    duration: SECONDS,
    timeout: 30 // s: a ZIP queued behind saturated exports is slow, not lost; count it as latency
  })))
  state.done = true
  await probing
  clearInterval(rssTimer)
  rssSeries.push(server.rssBytes())
  const exitCode = await server.stop()

  let unexpected5xx = 0
  console.log('\nendpoint        requests  req/s   p99 ms  status codes')
  results.forEach((result, index) => {
    const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code}:${(stat as { count: number }).count}`).join(' ')
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      if (Number(code) >= 500 && Number(code) !== 503) unexpected5xx += (stat as { count: number }).count
    }
    console.log(`${targets[index].name.padEnd(15)} ${String(result.requests.total).padStart(8)}  ${result.requests.average.toFixed(0).padStart(5)}  ${String(result.latency.p99).padStart(7)}  ${codes}${result.errors > 0 ? ` errors:${result.errors}` : ''}`)
  })
  const third = Math.floor(rssSeries.length / 3)
  console.log(`\nhealth: ${health.length} answered, ${healthFailures} failed, p50 ${median(health).toFixed(1)} ms, p99 ${quantile(health, 0.99).toFixed(1)} ms`)
  console.log(`RSS MB: start ${(rssSeries[0] / MB).toFixed(0)}, peak ${(Math.max(...rssSeries) / MB).toFixed(0)}, ` +
    `median of first third ${(median(rssSeries.slice(1, third)) / MB).toFixed(0)}, of last third ${(median(rssSeries.slice(-third)) / MB).toFixed(0)}, end ${(rssSeries.at(-1)! / MB).toFixed(0)}`)
  console.log(`server exit code after SIGTERM: ${exitCode}`)
  console.log(`unexpected 5xx: ${unexpected5xx}`)
  return unexpected5xx === 0 && healthFailures === 0 && exitCode === 0
}

async function overload (): Promise<boolean> {
  const server = await startServer()
  console.log(`overload: ${SECONDS} s a run against ${server.url} ...`)
  try {
    await overloadScenarios(server.port, SECONDS)
  } finally {
    console.log(`server exit code after SIGTERM: ${await server.stop()}`)
  }
  return true
}

let passed = true
if (SCENARIOS.includes('mixed')) passed = await mixed() && passed
if (SCENARIOS.includes('overload')) passed = await overload() && passed
process.exit(passed ? 0 : 1)
