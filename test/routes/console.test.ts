import { test } from 'tap'
import { build } from '../support/helper.js'

test('GET / lists the console; /app redirects to /app/', async (t) => {
  const app = await build(t)
  const root = (await app.inject({ method: 'GET', url: '/' })).json()
  t.equal(root.endpoints.app, '/app/')
  t.equal(root.endpoints.limits, '/api/limits')
  const redirect = await app.inject({ method: 'GET', url: '/app' })
  t.equal(redirect.statusCode, 301)
  t.equal(redirect.headers.location, '/app/')
})

test('the console files carry a strict CSP; the Swagger UI at /docs gets only its frame policy', async (t) => {
  const app = await build(t)
  for (const url of ['/app/', '/app/console.css', '/app/js/main.js', '/app/vendor/fflate.js', '/app/vendor/xlsx.mjs']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200, url)
    const csp = String(res.headers['content-security-policy'])
    t.match(csp, /default-src 'none'/, url)
    t.match(csp, /script-src 'self'(;|$)/, `${url}: no inline script, no eval`)
    t.match(csp, /connect-src 'self'(;|$)/, `${url}: the API on this origin only`)
    t.notMatch(csp, /unsafe|https?:|\*/, `${url}: nothing from another origin`)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
  }
  t.match((await app.inject({ method: 'GET', url: '/app/' })).headers['content-type'], /^text\/html/)
  t.match((await app.inject({ method: 'GET', url: '/app/js/main.js' })).headers['content-type'], /javascript/)
  t.match((await app.inject({ method: 'GET', url: '/app/vendor/xlsx.mjs' })).headers['content-type'], /^text\/javascript/)
  for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-ui.css', '/docs/json']) {
    const docs = await app.inject({ method: 'GET', url })
    t.ok(docs.statusCode < 400, `${url}: ${docs.statusCode}`)
    // the console's frame policy, and nothing else (the Swagger UI keeps its inline scripts)
    t.equal(docs.headers['content-security-policy'], "frame-ancestors 'none'", `${url}: not framed by another site`)
    t.equal(docs.headers['x-frame-options'], 'DENY', url)
  }
})

test('unknown console files are the D16 404; only the two vendor files are served', async (t) => {
  const app = await build(t)
  for (const url of ['/app/nope.js', '/app/vendor/lodash.js', '/app/vendor/..%2f..%2fpackage.json', '/app/../package.json']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, url)
    t.match(res.json(), { success: false, message: /^Ruta no encontrada: GET / }, url)
  }
})

test('GET /api/limits answers the configured limits', async (t) => {
  const app = await build(t, { BATCH_MAX: 12, ADDENDUM_BATCH_MAX: 34, MAX_FILE_SIZE: 5678 })
  const res = await app.inject({ method: 'GET', url: '/api/limits' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { success: true, data: { batchMax: 12, addendumBatchMax: 34, maxFileSize: 5678 } })
})

test('GET /api/profile answers what a client needs to fill a lawful record, and no more', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/profile' })
  t.equal(res.statusCode, 200)
  const { data } = res.json()
  t.same(data.modalities.map((modality: { code: string }) => modality.code), ['57', '58', '60', '61', '63', '67'])
  t.match(data.modalities[1], { code: '58', name: 'necesidades del mercado', maxMonths: 60 })
  t.match(data.modalities[5], { code: '67', name: 'temporada', maxMonths: 12 })
  t.same(data.sites.map(({ name, modalities }: { name: string, modalities: string[] }) => ({ name, modalities })), [
    { name: 'Playa Larcomar', modalities: ['57', '58', '61'] }, { name: 'Playa Lince', modalities: ['58', '61'] },
    { name: 'Playa Mall Aventura', modalities: ['57', '61', '67'] }
  ], 'every site of the profile, with the modalities its contracts may use (§21, §26)')
  t.match(data.sites[0], { address: /^Malecón de la Reserva 610/ }, 'the place of work the contract prints')
  t.same(data.causes.map((cause: { id: string }) => cause.id), [
    'larcomar-remodelacion-vecino', 'larcomar-servicio-nocturno', 'lince-feria-comercial', 'mall-aventura-apertura',
    'mall-aventura-segundo-nivel', 'mall-aventura-campana-navidena'
  ], 'the reviewed causes (DOCUMENT-REQUIREMENTS §21), by id')
  t.same(data.causes[1], {
    id: 'larcomar-servicio-nocturno',
    modality: '57',
    sites: ['Playa Larcomar'],
    text: 'Inicio del servicio nocturno de la sede, de 18:00 a 06:00 horas todos los días de la semana, incluidos los fines de semana: una actividad nueva cuya demanda aún no es posible prever de manera estable',
    period: { from: '01/01/2026', to: '31/12/2028' },
    activityStart: '01/01/2026',
    justifies: { days: 'lunes a domingo', from: '18:00', to: '06:00' }
  }, 'each with its modality, sites, the text printed, its period and the hours it justifies')
  t.notOk('justifies' in data.causes[0], 'a cause for any hours has no justifies')
  t.equal(data.workWeekDays, 6)
  t.same(data.ordinaryWeek, { days: 6, hours: 48 })
  t.equal(data.minimumWage, 1130)
  t.match(data.contractDefaults, { Planilla: { modality: '58', weeklyHours: 48, workDays: 'lunes a sábado' }, Subsidio: { modality: '61' } })
  t.same(data.contractDefaults['Part Time'], { modality: '58' }, 'part time has no default working time')
  t.same(data.positions.map((position: { key: string }) => position.key),
    ['operario-de-playa', 'cajero', 'supervisor', 'vigilante', 'asistente-administrativo', 'administrador-de-sede'], 'the catalogue, by key')
  t.same(data.positions[0], {
    key: 'operario-de-playa',
    name: 'Operario de playa',
    feminineName: 'Operaria de playa',
    aliases: ['Operador de playa', 'Operaria de playa', 'Operadora de playa'],
    probationReasons: []
  })
  t.match(data.positions[1], { key: 'cajero', name: 'Cajero', aliases: ['Cajera'] })
  t.notMatch(res.body, 'IPERC', 'not the risk assessments')
  const text = res.body
  for (const privateValue of ['20999999990', 'María Ejemplo Ficticio', 'datospersonales@example.com']) {
    t.notMatch(text, privateValue, `not the employer's data: ${privateValue}`)
  }
  t.equal((await app.inject({ method: 'GET', url: '/' })).json().endpoints.profile, '/api/profile')
})
